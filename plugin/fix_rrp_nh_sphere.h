/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nvt/sphere, rrp/npt/sphere, rrp/nph/sphere (also spelled nvt/sphere/rrp,
   npt/sphere/rrp, nph/sphere/rrp, which `-sf rrp` selects). LAMMPS's fix nvt/sphere,
   npt/sphere and nph/sphere, every keyword and every number of them (x, v, omega, the
   thermostat and barostat, ecouple), plus each sphere's orientation, turned after the drift by
   the RRP increment of its thermostatted spin (rrp_sphere_turn.h): the orientation that
   bond_style rrp/binder, bpm/rotational and every rrp style read. See doc/fix_rrp_nh_sphere.rst.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/nvt/sphere,FixRRPNVTSphere);
FixStyle(nvt/sphere/rrp,FixRRPNVTSphere);
FixStyle(rrp/npt/sphere,FixRRPNPTSphere);
FixStyle(npt/sphere/rrp,FixRRPNPTSphere);
FixStyle(rrp/nph/sphere,FixRRPNPHSphere);
FixStyle(nph/sphere/rrp,FixRRPNPHSphere);
// clang-format on
#else

#ifndef LMP_FIX_RRP_NH_SPHERE_H
#define LMP_FIX_RRP_NH_SPHERE_H

#include "fix_nph_sphere.h"
#include "fix_npt_sphere.h"
#include "fix_nvt_sphere.h"

#include "rrp_sphere_turn.h"

#include "compute.h"

#include "rrp/integrator.h"

namespace LAMMPS_NS {

// Base: LAMMPS's FixNVTSphere, FixNPTSphere or FixNPHSphere
template <class Base> class FixRRPNHSphere : public Base {
 public:
  FixRRPNHSphere(class LAMMPS *lmp, int narg, char **arg) : Base(lmp, narg, arg), turn(lmp, this)
  {
    turn.require(true, false);
    turn.inertia_ratio(this->inertia);
  }
  void post_constructor() override { turn.post_constructor(); }
  void init() override
  {
    Base::init();
    turn.init();
  }
  void setup(int vflag) override
  {
    turn.setup();
    Base::setup(vflag);
  }
  void post_run() override { turn.post_run(); }
  // LAMMPS's FixNH::initial_integrate, its passes over the atoms joined (thermostat scaling,
  // kicks, drift, turn: one pass) where nothing runs between them (no barostat, no bias)
  void initial_integrate(int vflag) override
  {
    joining = !this->pstat_flag && !this->temperature->tempbias;
    scale = 1.0;
    joined = false;
    Base::initial_integrate(vflag);
    joining = joined = false;
  }
  void write_data_header(FILE *fp, int) override { turn.write_data_header(fp); }
  void write_data_section_size(int, int &nx, int &ny) override
  {
    turn.write_data_section_size(nx, ny);
  }
  void write_data_section_pack(int, double **buf) override { turn.write_data_section_pack(buf); }
  void write_data_section_keyword(int, FILE *fp) override { turn.write_data_section_keyword(fp); }
  void write_data_section(int, FILE *fp, int n, double **buf, int) override
  {
    turn.write_data_section(fp, n, buf);
  }

 protected:
  // the thermostat's scaling of v and omega: deferred to the joined pass (initial_integrate),
  // else LAMMPS's two loops in one (no bias) or LAMMPS's (bias)
  void nh_v_temp() override
  {
    if (joining) {
      scale = this->factor_eta;
      return;
    }
    if (this->temperature->tempbias) {
      Base::nh_v_temp();
      return;
    }
    const rrp_spheres p = turn.views(this->igroup);
    rrp_spheres_scale(&p, this->factor_eta);
  }
  // the half kicks of v and omega: with the scaling, drift and turn in the joined pass, else
  // LAMMPS's two loops in one
  void nve_v() override
  {
    const rrp_spheres p = turn.views(this->igroup);
    if (joining) {
      turn.advance_joined(p, this->inertia, scale, this->dtf, this->dtv, this->dipole_flag != 0);
      joined = true;
      return;
    }
    rrp_spheres_nh_kick(&p, this->inertia, this->dtf);
  }
  // FixNH's drift of the positions and the turn, in one pass (in place of FixNHSphere's, which
  // turns only the dipoles: with update dipole they turn here with their spheres)
  void nve_x() override
  {
    if (joined) return;
    turn.advance_drift(this->dtv, this->dipole_flag != 0);
  }
  RRPSphereTurn turn;
  bool joining = false, joined = false;
  double scale = 1.0;
};

class FixRRPNVTSphere : public FixRRPNHSphere<FixNVTSphere> {
 public:
  using FixRRPNHSphere<FixNVTSphere>::FixRRPNHSphere;
};
class FixRRPNPTSphere : public FixRRPNHSphere<FixNPTSphere> {
 public:
  using FixRRPNHSphere<FixNPTSphere>::FixRRPNHSphere;
};
class FixRRPNPHSphere : public FixRRPNHSphere<FixNPHSphere> {
 public:
  using FixRRPNHSphere<FixNPHSphere>::FixRRPNHSphere;
};

}    // namespace LAMMPS_NS

#endif
#endif
