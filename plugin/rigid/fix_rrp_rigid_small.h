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

#include "fix_rigid_small.h"

namespace LAMMPS_NS {

class FixRRPRigidSmall : public FixRigidSmall {
 public:
  FixRRPRigidSmall(class LAMMPS *, int, char **);
  void init() override;
  void setup_pre_neighbor() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void pre_neighbor() override;
  void final_integrate() override;
  void post_run() override;
  int modify_param(int, char **) override;

 protected:
  void compute_forces_and_torques() override;

 private:
  // whether the ghost copies of bodies are kept current every step, as fix rigid/small keeps
  // them: ALWAYS (fix_modify bodycomm always), or when READ, that is when an atom of some rank
  // is in a body that rank does not own (decided at each reneighboring); otherwise no atom reads
  // a ghost body between reneighborings, and their communication and upkeep are skipped
  enum { BODYCOMM_ALWAYS, BODYCOMM_NEEDED } bodycomm = BODYCOMM_NEEDED;
  int ghosts_read = 1;
  // fix_modify ID copies on|off (a diagnostic, on by default): off makes every function copied
  // from fix rigid/small (rrp_rigid_small_copies.cpp) call fix rigid/small's own instead, and
  // keeps the ghost bodies current as fix rigid/small does; tests/lammps/test_rigid_copies.py
  // runs both and compares them bitwise. Once the keyword is given, each run ends with a line
  // saying on how many of its steps the copies ran (no ghost body read)
  bool copies = true, copies_asked = false;
  bigint steps_run = 0, steps_copied = 0;
  bool ghosts_current() const
  {
    return !copies || bodycomm == BODYCOMM_ALWAYS || ghosts_read;
  }
  void find_ghost_readers();

  // the copies of fix rigid/small's functions, and what only they use (rrp_rigid_small_copies.cpp)
  void bodies_to_atoms(bool positions);
  bool plain_step() const;
  void geometric_centers(int ibody, int n);
  void prefetch_body_of(int i, int nlocal) const;
  void set_xv_plain();
  void set_v_plain();
};

}    // namespace LAMMPS_NS

#endif
#endif
