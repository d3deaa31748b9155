/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: run_style respa. For the integrators, the step of each level. For the force fixes
   (fix rrp/gravity, fix rrp/wall, fix rrp/damping), as LAMMPS's fix gravity and fix wall styles
   do it: the force is applied at one level, the outermost by default (fix_modify respa N chooses
   another), and at setup to that level's forces.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_RESPA_H
#define LMP_RRP_RESPA_H

#include "fix.h"
#include "respa.h"
#include "update.h"
#include "utils.h"

#include <algorithm>

namespace LAMMPS_NS {
namespace RRPRespa {

  // run_style respa: the step of each level, for the integrators (nullptr for a Verlet run)
  inline double *level_steps(LAMMPS *lmp)
  {
    if (!utils::strmatch(lmp->update->integrate_style, "^respa")) return nullptr;
    return dynamic_cast<Respa *>(lmp->update->integrate)->step;
  }

  // the level at which the fix applies its force (0 when the run is not respa)
  inline int force_level(LAMMPS *lmp, int respa_level)
  {
    if (!utils::strmatch(lmp->update->integrate_style, "^respa")) return 0;
    const int outer = dynamic_cast<Respa *>(lmp->update->integrate)->nlevels - 1;
    return respa_level >= 0 ? std::min(respa_level, outer) : outer;
  }

  // the setup force: post_force, or with respa post_force_respa on that level's forces
  inline void setup_force(LAMMPS *lmp, Fix *fix, int vflag, int level)
  {
    if (!utils::strmatch(lmp->update->integrate_style, "^respa")) {
      fix->post_force(vflag);
      return;
    }
    auto *respa = dynamic_cast<Respa *>(lmp->update->integrate);
    respa->copy_flevel_f(level);
    fix->post_force_respa(vflag, level, 0);
    respa->copy_f_flevel(level);
  }

}    // namespace RRPRespa
}    // namespace LAMMPS_NS

#endif
