/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/gravity, a uniform field g acting at a body-fixed lever arm l:
   spatial torque m (R l) x g, energy -m g . (R l). The 3D pendulum of Baker & Gonzalez (2021)
   sec. 3 (eqs. 39-40, with the erratum of doc/theory.rst section 3).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/gravity,FixRRPGravity);
// clang-format on
#else

#ifndef LMP_FIX_RRP_GRAVITY_H
#define LMP_FIX_RRP_GRAVITY_H

#include "fix.h"

namespace LAMMPS_NS {

class FixRRPGravity : public Fix {
 public:
  FixRRPGravity(class LAMMPS *, int, char **);
  int setmask() override;
  void init() override;
  void setup(int) override;
  void min_setup(int) override;
  void post_force(int) override;
  void post_force_respa(int, int, int) override;
  void min_post_force(int) override;
  double compute_scalar() override;

 protected:    // (and the KOKKOS twin's)
  int ilevel_respa = 0;    // run_style respa: the level of its force
  double g[3], lever[3];
  double energy, energy_all;
  int energy_reduced;
};

}    // namespace LAMMPS_NS

#endif
#endif
