/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rigid/small with the plugin's copies of its code (rrp_rigid_small_copies.cpp,
   where each copy is listed with what it changes and why): the layer fix rrp/rigid/small stands
   on. The copies run while no atom reads a ghost body and fix_modify copies is on; otherwise
   fix rigid/small's own code runs. Not a style: fix rrp/rigid/small (fix_rrp_rigid_small.h).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_RIGID_SMALL_COPIES_H
#define LMP_RRP_RIGID_SMALL_COPIES_H

#include "fix_rigid_small.h"

namespace LAMMPS_NS {

class RRPRigidSmallCopies : public FixRigidSmall {
 public:
  RRPRigidSmallCopies(class LAMMPS *lmp, int narg, char **arg) : FixRigidSmall(lmp, narg, arg) {}
  void final_integrate() override;

 protected:
  void compute_forces_and_torques() override;

  // whether the ghost copies of bodies are kept current every step, as fix rigid/small keeps
  // them: ALWAYS (fix_modify bodycomm always), or when READ, that is when an atom of some rank
  // is in a body that rank does not own (decided at each reneighboring); otherwise no atom reads
  // a ghost body between reneighborings, and their communication and upkeep are skipped
  enum { BODYCOMM_ALWAYS, BODYCOMM_NEEDED } bodycomm = BODYCOMM_NEEDED;
  int ghosts_read = 1;
  // fix_modify ID copies on|off (a diagnostic, on by default): off makes every copy call fix
  // rigid/small's own function instead, and keeps the ghost bodies current as fix rigid/small
  // does; tests/lammps/test_rigid_copies.py runs both and compares them bitwise
  bool copies = true;
  bool ghosts_current() const { return !copies || bodycomm == BODYCOMM_ALWAYS || ghosts_read; }
  // after fix rigid/small has found each atom's body (setup, reneighboring): ghosts_read
  void find_ghost_readers();

  // a step where set_xv_plain and set_v_plain hold
  bool plain_step() const;
  // the bodies to their ghosts (when read) and the atoms' x and v (v only) from the bodies
  void bodies_to_atoms(bool positions);
  // the geometric centers of owned bodies ibody .. ibody+n-1, as set_xv's last loop
  void geometric_centers(int ibody, int n);
  void prefetch_body_of(int i, int nlocal) const;
  void set_xv_plain();
  void set_v_plain();
};

}    // namespace LAMMPS_NS

#endif
