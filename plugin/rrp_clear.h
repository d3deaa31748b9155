/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve clears the forces and torques in place of the Verlet run (keyword
   clear): each atom's rows in its first half, in the same pass that reads them; the ghost atoms'
   rows, and every row on steps with reneighboring, in pre_force. Verlet's own clearing is
   switched off for that one step only, from the first half to pre_force
------------------------------------------------------------------------- */

#ifndef LMP_RRP_CLEAR_H
#define LMP_RRP_CLEAR_H

#include "lmptype.h"

#include <string>

namespace LAMMPS_NS {

class RRPClear {
 public:
  // at the fix's init() for a run (not a minimization): whether the first half may clear the
  // forces, when the fix is the one code that reads them between its first half and the force
  // computation (see rrp_clear.cpp), wanted (keyword clear) and first to act in pre_force:
  // "" if it may, else why not
  std::string init(class LAMMPS *lmp, const class Fix *self, bool wanted);
  // the first half may clear its atoms' rows
  bool active() const { return on; }
  // after a first half that cleared rows 0 .. n-1: Verlet's clearing of this step is skipped
  void cleared(class LAMMPS *lmp, int n);
  // pre_force: the rows not cleared yet, and Verlet's clearing back on
  void clear(class LAMMPS *lmp);
  // Verlet's clearing back on (setup, the fix deleted, a run stopped inside a step)
  void release(class LAMMPS *lmp);

 private:
  bool on = false;
  class Integrate *owner = nullptr;    // the Verlet run whose clearing of this step is skipped
  int n = 0;                           // the rows the first half cleared
};

}    // namespace LAMMPS_NS

#endif
