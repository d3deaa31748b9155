/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve clears the forces and torques in place of the Verlet run (keyword
   clear): each atom's rows in its first half, in the same pass that reads them; the ghost atoms'
   rows, and every row on steps with reneighboring, in pre_force, where Verlet would have
------------------------------------------------------------------------- */

#ifndef LMP_RRP_CLEAR_H
#define LMP_RRP_CLEAR_H

#include "lmptype.h"

#include <string>

namespace LAMMPS_NS {

class RRPClear {
 public:
  // at the fix's init() for a run (not a minimization, which clears its own): take the clearing over from the Verlet run when the fix is
  // the one code that reads the forces between its first half and the force computation (see
  // rrp_clear.cpp), wanted (keyword clear) and first to act in pre_force, and return ""; else
  // leave it to Verlet and return why
  std::string init(class LAMMPS *lmp, const class Fix *self, bool wanted);
  // at the fix's destruction: the clearing back to Verlet
  void release(class LAMMPS *lmp);
  // the first half clears the rows of its atoms (the views it passes to core/ say so)
  bool active() const { return on; }
  // after the first half: it cleared rows 0 .. n-1 on this step
  void cleared(class LAMMPS *lmp, int n);
  // setup_pre_force (setup true: every row) and pre_force (the rows not cleared yet)
  void clear(class LAMMPS *lmp, bool setup);
 private:
  bool on = false;
  class Integrate *owner = nullptr;    // the Verlet run whose clearing this fix took over
  bigint step = -1;                    // the step whose first half cleared rows 0 .. n-1
  int n = 0;
};

}    // namespace LAMMPS_NS

#endif
