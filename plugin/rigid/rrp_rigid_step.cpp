/* ----------------------------------------------------------------------
   rrp-lammps: one rigid body's first half step (see rrp_rigid_step.h); the numbers are
   rrp_bodies_first() of core/.
------------------------------------------------------------------------- */

#include "rrp_rigid_step.h"

#include "atom.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "modify.h"
#include "update.h"

#include "rrp/bodies.h"

#include <cmath>

using namespace LAMMPS_NS;

void RRPRigid::body_first_half(LAMMPS *lmp, const char *style, const std::string &who, double mass,
                          const double I[3], double x[3], double v[3], const double f[3],
                          double L[3], const double t[3], double q[4])
{
  double moments[3];
  rrp_body_map_moments(I, moments);    // a linear body's zero moment (rrp/bodies.h)
  const rrp_bodies view = {1,       nullptr, 0, &mass, (const double(*)[3]) moments,
                           (double(*)[3]) x, (double(*)[3]) v, (const double(*)[3]) f,
                           (double(*)[3]) L, (const double(*)[3]) t, nullptr, q, nullptr, 4};
  rrp_step_report bad = {-1, 0.0};
  const int status = rrp_bodies_first(&view, lmp->update->dt, lmp->force->ftm2v, &bad);
  if (status == RRP_OK) return;
  if (status == RRP_EDOMAIN)
    lmp->error->one(FLERR,
                    "Fix {}: {} has mass {} and principal moments ({}, {}, {}): the mass must be "
                    "positive and finite",
                    style, who, mass, I[0], I[1], I[2]);
  lmp->error->one(FLERR,
                  "Fix {}: {} on step {}: {} (h |omega| = {:.6g}, angmom ({}, {}, {}), principal "
                  "moments ({}, {}, {})); reduce the timestep",
                  style, who, lmp->update->ntimestep,
                  status == RRP_ENOCONV ? "the variational map has no solution for this step"
                                        : "a non-finite force, torque or state",
                  bad.hw, L[0], L[1], L[2], I[0], I[1], I[2]);
}

void RRPRigid::check_one_integrator(LAMMPS *lmp, Fix *self)
{
  Atom *atom = lmp->atom;
  for (const auto &other : lmp->modify->get_fix_list()) {
    if (other == self || !other->time_integrate) continue;
    tagint first = 0;
    int count = 0;
    for (int i = 0; i < atom->nlocal; i++)
      if ((atom->mask[i] & self->groupbit) && (atom->mask[i] & other->groupbit)) {
        if (!count) first = atom->tag[i];
        count++;
      }
    int all = 0;
    tagint some = 0;
    MPI_Allreduce(&count, &all, 1, MPI_INT, MPI_SUM, lmp->world);
    MPI_Allreduce(&first, &some, 1, MPI_LMP_TAGINT, MPI_MAX, lmp->world);
    if (all > 0)
      lmp->error->all(FLERR,
                      "Fix {} {}: {} atoms of its bodies (atom {} among them) are also integrated "
                      "by fix {} (style {}); give each atom one time integrator",
                      self->style, self->id, all, some, other->id, other->style);
  }
}

void RRPRigid::check_mass(LAMMPS *lmp, const char *style, const std::string &who, double mass)
{
  if (!(mass > 0.0) || !std::isfinite(mass))
    lmp->error->one(FLERR, "Fix {}: {} has mass {}: it must be positive and finite", style, who,
                    mass);
}
