/* ----------------------------------------------------------------------
   rrp-lammps: when a step's second half kick may join the next step's first half
------------------------------------------------------------------------- */

#include "rrp_join.h"

#include "comm.h"
#include "error.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "output.h"
#include "timer.h"
#include "update.h"

#include "rrp_register.h"

#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

/* the integrators known to read and write only their own atoms in the initial and final halves
   (LAMMPS's utils::strmatch has no alternation: a list). A thermostat or barostat (fix nvt, npt,
   rigid/nvt, ...) measures its temperature and pressure on any group there; fix tmd changes v. */

static bool own_atoms_only(const char *style)
{
  static const char *const STYLES[] = {"rrp/nve", "rrp/nve/asphere", "rrp/rigid", "rrp/rigid/small",
                                       "nve", "nve/sphere", "nve/asphere", "nve/bpm/sphere",
                                       "rigid", "rigid/small"};
  for (const char *s : STYLES)
    if (RRPRegister::is_style(style, s)) return true;
  return false;
}

void RRPJoin::scan_fixes(LAMMPS *lmp, const Fix *self)
{
  Modify *modify = lmp->modify;
  others = false;
  end_every.clear();
  const auto &fixes = modify->get_fix_list();
  for (int i = 0; i < modify->nfix; i++) {
    if (fixes[i] != self && (modify->fmask[i] & (INITIAL_INTEGRATE | FINAL_INTEGRATE)) &&
        !own_atoms_only(fixes[i]->style))
      others = true;
    // the fixes of the end of the step read the velocities on the steps they act (every nevery)
    if (modify->fmask[i] & END_OF_STEP) end_every.push_back(fixes[i]->nevery);
  }
}

bool RRPJoin::may_join(LAMMPS *lmp) const
{
  const bigint step = lmp->update->ntimestep;
  bool ok = !others && step != lmp->update->laststep && step != lmp->output->next &&
      !lmp->timer->has_timeout();
  for (const int every : end_every) ok = ok && step % every != 0;
  return ok;
}

void RRPJoin::drop_owed(LAMMPS *lmp, const char *style, const char *id)
{
  if (take_owed() && lmp->comm->me == 0)
    lmp->error->warning(FLERR,
                        "Fix {} {}: the last run stopped on an error inside a step: the velocities "
                        "of its atoms lack the second half kick of the step before (join no "
                        "avoids this)",
                        style, id);
}
