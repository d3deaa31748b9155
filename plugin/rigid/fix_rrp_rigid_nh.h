/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/rigid/nvt/small, rrp/rigid/npt/small, rrp/rigid/nph/small, rrp/rigid/nvt,
   rrp/rigid/npt, rrp/rigid/nph (also spelled rigid/nvt/small/rrp, ..., rigid/nph/rrp: `-sf rrp`
   selects them, and the spelling is their style inside LAMMPS, which the rigid fixes' keyword
   parsing and computes read). LAMMPS's FixRigidNHSmall and FixRigidNH fixes (every keyword, the
   Kamberaj-Lovett-Wheatley thermostat and barostat chains, their scalings of the bodies' momenta)
   with each body's free turn of the step made by the variational map (core rrp_body_turn) in
   place of the NO_SQUISH splitting; and their scalar (ecouple) is the thermostat and barostat
   energy alone: LAMMPS's also counts the bodies' kinetic energy, which thermo's ke already holds,
   so that its econserve is no conserved quantity. See doc/fix_rrp_rigid_nh.rst.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/rigid/nvt/small,FixRRPRigidNVTSmall);
FixStyle(rigid/nvt/small/rrp,FixRRPRigidNVTSmall);
FixStyle(rrp/rigid/npt/small,FixRRPRigidNPTSmall);
FixStyle(rigid/npt/small/rrp,FixRRPRigidNPTSmall);
FixStyle(rrp/rigid/nph/small,FixRRPRigidNPHSmall);
FixStyle(rigid/nph/small/rrp,FixRRPRigidNPHSmall);
FixStyle(rrp/rigid/nvt,FixRRPRigidNVT);
FixStyle(rigid/nvt/rrp,FixRRPRigidNVT);
FixStyle(rrp/rigid/npt,FixRRPRigidNPT);
FixStyle(rigid/npt/rrp,FixRRPRigidNPT);
FixStyle(rrp/rigid/nph,FixRRPRigidNPH);
FixStyle(rigid/nph/rrp,FixRRPRigidNPH);
// clang-format on
#else

#ifndef LMP_FIX_RRP_RIGID_NH_H
#define LMP_FIX_RRP_RIGID_NH_H

#include "fix_rigid_nph.h"
#include "fix_rigid_nph_small.h"
#include "fix_rigid_npt.h"
#include "fix_rigid_npt_small.h"
#include "fix_rigid_nvt.h"
#include "fix_rigid_nvt_small.h"

#include "rrp_integrator.h"
#include "rrp_rigid_step.h"

namespace LAMMPS_NS {

// The thermostat and barostat energy of LAMMPS's rigid Nose-Hoover fixes (eqs. 12 and 22 of
// Kamberaj, Low, Neal, J. Chem. Phys. 122, 224114 (2005)), the terms of their compute_scalar
// without the bodies' kinetic energy. Base: a FixRigidNHSmall or a FixRigidNH.
template <class Base> class RRPRigidNHEnergy : public Base {
 public:
  RRPRigidNHEnergy(class LAMMPS *lmp, int narg, char **arg, const char *style) :
      Base(lmp, narg, RRPRigid::respell(narg, arg, style))
  {
  }
  double compute_scalar() override;
  void init() override
  {
    Base::init();
    RRPIntegrator::check_one_integrator(this->lmp, this);
  }

 protected:
  // the factors of LAMMPS's initial_integrate: translational and rotational thermostat and
  // barostat scalings, and the barostat's drift factors
  struct Scales {
    double t[3], v[3], r;
  };
  Scales scales() const;
  // a body's angular momentum after its force's kick: the torque's half kick, the scaling,
  // the variational turn over dtv; then its axes, conjqm (as LAMMPS's final_integrate reads it)
  // and omega. Returns the core's status (the body untouched but for angmom unless RRP_OK).
  int turn_body(const double torque[3], double angmom[3], double quat[4], const double inertia[3],
                double ex[3], double ey[3], double ez[3], double conjqm[4], double omega[3],
                double scale_r, double *hw);
  // the end of the first half: virial set-up, box remaps, atoms from their bodies
  void place_atoms(int vflag);
};

// Base: LAMMPS's FixRigidNVTSmall, FixRigidNPTSmall or FixRigidNPHSmall
template <class Base> class FixRRPRigidNHSmall : public RRPRigidNHEnergy<Base> {
 public:
  using RRPRigidNHEnergy<Base>::RRPRigidNHEnergy;
  void initial_integrate(int) override;
};

// Base: LAMMPS's FixRigidNVT, FixRigidNPT or FixRigidNPH
template <class Base> class FixRRPRigidNH : public RRPRigidNHEnergy<Base> {
 public:
  using RRPRigidNHEnergy<Base>::RRPRigidNHEnergy;
  void initial_integrate(int) override;
};

#define RRP_RIGID_TWIN(Name, Template, Base, spelling)                       \
  class Name : public Template<Base> {                                       \
   public:                                                                   \
    Name(class LAMMPS *lmp, int narg, char **arg) :                          \
        Template<Base>(lmp, narg, arg, spelling)                             \
    {                                                                        \
    }                                                                        \
  }
RRP_RIGID_TWIN(FixRRPRigidNVTSmall, FixRRPRigidNHSmall, FixRigidNVTSmall, "rigid/nvt/small/rrp");
RRP_RIGID_TWIN(FixRRPRigidNPTSmall, FixRRPRigidNHSmall, FixRigidNPTSmall, "rigid/npt/small/rrp");
RRP_RIGID_TWIN(FixRRPRigidNPHSmall, FixRRPRigidNHSmall, FixRigidNPHSmall, "rigid/nph/small/rrp");
RRP_RIGID_TWIN(FixRRPRigidNVT, FixRRPRigidNH, FixRigidNVT, "rigid/nvt/rrp");
RRP_RIGID_TWIN(FixRRPRigidNPT, FixRRPRigidNH, FixRigidNPT, "rigid/npt/rrp");
RRP_RIGID_TWIN(FixRRPRigidNPH, FixRRPRigidNH, FixRigidNPH, "rigid/nph/rrp");
#undef RRP_RIGID_TWIN

}    // namespace LAMMPS_NS

#endif
#endif
