/* ----------------------------------------------------------------------
   rrp-lammps: checks every time-integrating fix of the plugin makes (rrp_integrator.h).
------------------------------------------------------------------------- */

#include "rrp_integrator.h"

#include "atom.h"
#include "error.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"

#include <cmath>

using namespace LAMMPS_NS;

void RRPIntegrator::check_timestep(LAMMPS *lmp, Fix *self)
{
  const double dt = lmp->update->dt;
  if (dt == 0.0 || !std::isfinite(dt))
    lmp->error->all(FLERR,
                    "Fix {}: the time step is {}; it must be a nonzero finite number (a negative "
                    "one integrates backwards)",
                    self->style, dt);
}

void RRPIntegrator::check_one_integrator(LAMMPS *lmp, Fix *self)
{
  for (const auto &other : lmp->modify->get_fix_list()) {
    if (other == self || !other->time_integrate) continue;
    const int *mask = lmp->atom->mask;
    int both = 0, all = 0;
    tagint first = 0, some = 0;
    for (int i = 0; i < lmp->atom->nlocal; i++)
      if ((mask[i] & self->groupbit) && (mask[i] & other->groupbit)) {
        if (!both) first = lmp->atom->tag[i];
        both++;
      }
    MPI_Allreduce(&both, &all, 1, MPI_INT, MPI_SUM, lmp->world);
    MPI_Allreduce(&first, &some, 1, MPI_LMP_TAGINT, MPI_MAX, lmp->world);
    if (all > 0)
      lmp->error->all(FLERR,
                      "Fix {} {}: {} atoms are also integrated by fix {} (style {}), atom {} "
                      "among them; give each atom one time integrator",
                      self->style, self->id, all, other->id, other->style, some);
  }
}
