/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve/asphere, the variational RRP map for rigid bodies with a general
   inertia tensor (the discrete Legendre relation (14)-(17) of Baker & Gonzalez 2021 with
   principal moments) for the ellipsoids of atom_style ellipsoid: x, v, angmom and the
   ellipsoid's own quaternion, with the inertia of a solid ellipsoid of the atom's shape and mass,
   as fix nve/asphere. Bookkeeping only: the map is in core/ (rrp/bodies.h).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/nve/asphere,FixRRPNVEAsphere);
FixStyle(nve/asphere/rrp,FixRRPNVEAsphere);
// clang-format on
#else

#ifndef LMP_FIX_RRP_NVE_ASPHERE_H
#define LMP_FIX_RRP_NVE_ASPHERE_H

#include "fix.h"

#include "rrp/bodies.h"
#include "rrp_join.h"

namespace LAMMPS_NS {

class FixRRPNVEAsphere : public Fix {
 public:
  FixRRPNVEAsphere(class LAMMPS *, int, char **);
  int setmask() override;
  void post_constructor() override;
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void initial_integrate_respa(int, int, int) override;
  void final_integrate_respa(int, int) override;
  void setup(int) override;
  void post_run() override;

 private:
  double *step_respa = nullptr;    // run_style respa: the step of each level
  bool join = true;                // join a step's second half kick to the next step's first
  RRPJoin join_rule;               // when the second half may join the next step's first
  void advance_start(double h);    // kicks with this level's force and torque, move, turn
  void advance_end(double h);      // kicks only
  class AtomVecEllipsoid *avec;
  rrp_bodies views(int nlocal);
  void report(int status, const rrp_step_report &bad);
};

}    // namespace LAMMPS_NS

#endif
#endif
