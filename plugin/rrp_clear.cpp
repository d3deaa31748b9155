/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve clears the forces and torques in place of the Verlet run
------------------------------------------------------------------------- */

#include "rrp_clear.h"

#include "atom.h"
#include "atom_vec.h"
#include "fix.h"
#include "force.h"
#include "group.h"
#include "integrate.h"
#include "lammps.h"
#include "modify.h"
#include "neighbor.h"
#include "update.h"

#include <cstring>
#include <string>

using namespace LAMMPS_NS;
using namespace FixConst;

namespace {
// Verlet skips its own clearing when Integrate::external_force_clear is set (as for fix omp,
// which clears in its pre_force). The member is protected: its address, taken through a class
// derived from Integrate (never made)
struct ExternalClear : Integrate {
  static int Integrate::*member() { return &ExternalClear::external_force_clear; }
};
}    // namespace

/* The fix clears the forces when, besides wanted (keyword clear):
   - the run is a Verlet run (run_style verlet; not respa, whose levels clear their own forces,
     nor a package's Verlet) without fix omp, which clears them itself;
   - the fix integrates group all and the neighbor lists are not built for a group only
     (neigh_modify include), so that its first half reads every row Verlet clears;
   - no fix acts after its first half and before pre_force on steps without reneighboring: it
     is the last fix of initial_integrate, and no fix acts in post_integrate (not even
     wall/reflect, whose variable walls may invoke computes that read the forces); fixes of
     pre_exchange, pre_neighbor and post_neighbor act on reneighboring steps, where LAMMPS's
     arrays of forces are not the last step's either (atoms have moved between ranks and been
     sorted), and none of LAMMPS's reads them there;
   - it is the first fix to act in pre_force, so that none sees rows left uncleared.
   Verlet's clearing is skipped from the first half to pre_force of the same step only: setup,
   setup_minimal (rerun, MDI, PRD) and any other code calling Integrate::force_clear clear as
   always. */

std::string RRPClear::init(LAMMPS *lmp, const Fix *self, bool wanted)
{
  Modify *modify = lmp->modify;
  Update *update = lmp->update;
  std::string why;
  if (!wanted)
    why = "clear no";
  else if (strcmp(update->integrate_style, "verlet") != 0)
    why = fmt::format("run_style {}", update->integrate_style);
  else if (modify->get_fix_by_id("package_omp"))
    why = "fix omp clears them";
  else if (self->igroup != 0)
    why = fmt::format("the fix's group is {}, not all", lmp->group->names[self->igroup]);
  else if (lmp->neighbor->includegroup != 0)
    why = "neigh_modify include";
  const auto &fixes = modify->get_fix_list();
  bool after = false;
  for (int i = 0; why.empty() && i < modify->nfix; i++) {
    const int mask = modify->fmask[i];
    const Fix *fix = fixes[i];
    if (fix == self) {
      after = true;
      continue;
    }
    if (after && (mask & INITIAL_INTEGRATE))
      why = fmt::format("fix {} (style {}) acts after it in initial_integrate", fix->id, fix->style);
    else if (mask & POST_INTEGRATE)
      why = fmt::format("fix {} (style {}) acts in post_integrate", fix->id, fix->style);
    else if (!after && (mask & PRE_FORCE))
      why = fmt::format("fix {} (style {}) acts before it in pre_force", fix->id, fix->style);
  }

  release(lmp);
  on = why.empty();
  return why;
}

void RRPClear::cleared(LAMMPS *lmp, int nrows)
{
  owner = lmp->update->integrate;
  owner->*ExternalClear::member() = 1;
  n = nrows;
}

void RRPClear::release(LAMMPS *lmp)
{
  if (owner && lmp->update && owner == lmp->update->integrate) owner->*ExternalClear::member() = 0;
  owner = nullptr;
}

/* the rows Verlet::force_clear would have cleared (the owned atoms, and the ghost atoms with
   newton on) that the first half did not: the ghost atoms'; all of them when the atoms are not
   the n the first half cleared, or after reneighboring (neighbor->ago is 0 after a build). The
   second is for safety: LAMMPS's exchange and sort move atoms between rows but leave each row's
   force where it is, so the first n rows stay cleared when the count is unchanged (removing the
   check changes no bit of tests/lammps/test_clear.py). The atom style's extra arrays, as Verlet
   would */

void RRPClear::clear(LAMMPS *lmp)
{
  if (!owner) return;
  release(lmp);
  Atom *atom = lmp->atom;
  const int nlocal = atom->nlocal;
  const int first = (lmp->neighbor->ago > 0 && n == nlocal) ? nlocal : 0;
  const int last = nlocal + (lmp->force->newton ? atom->nghost : 0);
  if (last > first) {
    memset(&atom->f[first][0], 0, 3 * sizeof(double) * (last - first));
    if (atom->torque_flag) memset(&atom->torque[first][0], 0, 3 * sizeof(double) * (last - first));
  }
  if (atom->avec->forceclearflag && last > 0) atom->avec->force_clear(0, sizeof(double) * last);
}
