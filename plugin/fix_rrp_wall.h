/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/wall, a rigid plane wall with the Hertzian particle-wall contact
   U = 2/5 K [1 - s/R]_+^{5/2} (Baker & Gonzalez 2021, sec. 4; doc/theory.md section 3).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/wall,FixRRPWall);
// clang-format on
#else

#ifndef LMP_FIX_RRP_WALL_H
#define LMP_FIX_RRP_WALL_H

#include "fix.h"

#include "rrp/contact.h"

namespace LAMMPS_NS {

class FixRRPWall : public Fix {
 public:
  FixRRPWall(class LAMMPS *, int, char **);
  ~FixRRPWall() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void min_setup(int) override;
  void post_force(int) override;
  void post_force_respa(int, int, int) override;
  void min_post_force(int) override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  void *extract(const char *, int &) override;

 protected:    // (and the KOKKOS twin's)
  int ilevel_respa = 0;    // run_style respa: the level of its force
  int dim, side;    // axis 0,1,2; +1 for a lo wall (atoms above it), -1 for a hi wall
  double coord, kpw;
  char *coord_var;    // v_name: the wall moves with an equal-style variable, or nullptr
  int coord_index;
  double local[2], total[2];    // energy, force on the atoms along the normal
  int reduced;
  // a moving wall's work on the atoms: sum over steps of dU/dcoord (trapezoid) times the step
  // of coord, with dU/dcoord = side * force
  rrp_wall_work wall_work;
  bigint last_step;

  void update_coord();
  void reduce();
};

}    // namespace LAMMPS_NS

#endif
#endif
