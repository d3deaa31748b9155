/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small, LAMMPS's fix rigid/small (RIGID package) with each body's
   orientation and angular momentum advanced by the variational RRP map for a general inertia
   tensor (core rrp/bodies.h: the discrete Moser-Veselov map, which conserves a free body's
   angular momentum exactly and its energy to round-off) in place of Richardson iteration.
   Everything else stays LAMMPS's: the bodies (molecule, group, custom, infile, molecule
   templates of fix pour and fix deposit), the atoms' x and v from the bodies, the virial,
   restarts, bodies across MPI ranks, compute rigid/local, erotate/rigid and ke/rigid. Its
   style is spelled rigid/small/rrp too (also its style name inside LAMMPS, which those computes
   read), so `-sf rrp` switches an input's fix rigid/small to it.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/rigid/small,FixRRPRigidSmall);
FixStyle(rigid/small/rrp,FixRRPRigidSmall);
FixStyle(rigid/nve/small/rrp,FixRRPRigidSmall);
// clang-format on
#else

#ifndef LMP_FIX_RRP_RIGID_SMALL_H
#define LMP_FIX_RRP_RIGID_SMALL_H

#include "rrp_rigid_small_copies.h"

namespace LAMMPS_NS {

class FixRRPRigidSmall : public RRPRigidSmallCopies {
 public:
  FixRRPRigidSmall(class LAMMPS *, int, char **);
  void init() override;
  void setup_pre_neighbor() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void pre_neighbor() override;
  void post_run() override;
  int modify_param(int, char **) override;

 private:
  // once fix_modify copies is given, each run ends with a line saying on how many of its steps
  // the copies ran (no ghost body read)
  bool copies_asked = false;
  bigint steps_run = 0, steps_copied = 0;
};

}    // namespace LAMMPS_NS

#endif
#endif
