/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: when a time integrator may leave a step's second half kick to the next step's
   first half (keyword join of fix rrp/nve and fix rrp/nve/asphere): only where nothing reads the
   velocities between the two, which stay those of the half step there
------------------------------------------------------------------------- */

#ifndef LMP_RRP_JOIN_H
#define LMP_RRP_JOIN_H

#include <vector>

namespace LAMMPS_NS {

class RRPJoin {
 public:
  // at the fix's init(): what the other fixes of the run read
  void scan_fixes(class LAMMPS *lmp, const class Fix *self);
  // at final_integrate(): nothing reads the velocities before the next step's first half: no
  // fix acts at the end of this step, no output on it, it is not the run's last step, no timeout
  // could end the run before the next step, and the other fixes of the two halves are
  // integrators of their own atoms
  bool may_join(class LAMMPS *lmp) const;
  // at final_integrate(): when the kick may join (may_join), owe it and say so; else false, and
  // the caller makes it now
  bool defer(class LAMMPS *lmp)
  {
    owed = may_join(lmp);
    return owed;
  }
  // at setup(): a kick still owed means the last run stopped on an error (caught by the library
  // interface) between a step's two halves. The forces of that step are gone: warn, do not guess
  void drop_owed(class LAMMPS *lmp, const char *style, const char *id);

  // the kick owed, to be made by the caller now: true once, then cleared
  bool take_owed()
  {
    const bool o = owed;
    owed = false;
    return o;
  }

 private:
  bool owed = false;           // the last step's second half kick is still to be made
  bool others = false;         // another fix that may read these atoms' v acts in the two halves
  std::vector<int> end_every;    // nevery of each fix acting at the end of the step
};

}    // namespace LAMMPS_NS

#endif
