/* ----------------------------------------------------------------------
   rrp-lammps: LAMMPS's ellipsoids as core bodies (rrp_ellipsoids.h).
------------------------------------------------------------------------- */

#include "rrp_ellipsoids.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "error.h"
#include "fix.h"
#include "group.h"
#include "lammps.h"
#include "update.h"

#include <cstddef>

using namespace LAMMPS_NS;

using Bonus = AtomVecEllipsoid::Bonus;
static_assert(sizeof(Bonus) % sizeof(double) == 0, "the ellipsoid bonus is a whole number of doubles");
static_assert(offsetof(Bonus, shape) % sizeof(double) == 0 && offsetof(Bonus, quat) % sizeof(double) == 0,
              "the ellipsoid bonus's shape and quaternion are aligned to doubles");

AtomVecEllipsoid *RRPEllipsoids::avec_of(LAMMPS *lmp, Fix *fix)
{
  Atom *atom = lmp->atom;
  auto avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  if (!avec)
    lmp->error->all(FLERR, "Fix {} requires atom_style ellipsoid (or hybrid with it); atom_style {} "
                           "has no ellipsoid shape and quaternion", fix->style, atom->atom_style);
  if (!atom->angmom_flag || !atom->torque_flag || !atom->rmass_flag)
    lmp->error->all(FLERR, "Fix {} requires per-atom angmom, torque and rmass", fix->style);
  return avec;
}

rrp_bodies RRPEllipsoids::views(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec, int nlocal)
{
  Atom *atom = lmp->atom;
  rrp_bodies p;
  const bool any = nlocal > 0;
  Bonus *bonus = avec->bonus;
  p.n = nlocal;
  p.mask = atom->mask;
  p.groupbit = fix->groupbit;
  p.mass = atom->rmass;
  p.inertia = nullptr;
  p.x = any ? reinterpret_cast<double(*)[3]>(&atom->x[0][0]) : nullptr;
  p.v = any ? reinterpret_cast<double(*)[3]>(&atom->v[0][0]) : nullptr;
  p.f = any ? reinterpret_cast<const double(*)[3]>(&atom->f[0][0]) : nullptr;
  p.angmom = any ? reinterpret_cast<double(*)[3]>(&atom->angmom[0][0]) : nullptr;
  p.torque = any ? reinterpret_cast<const double(*)[3]>(&atom->torque[0][0]) : nullptr;
  p.record = atom->ellipsoid;
  p.quat = bonus ? &bonus[0].quat[0] : nullptr;
  p.radii = bonus ? &bonus[0].shape[0] : nullptr;
  p.stride = sizeof(Bonus) / sizeof(double);
  return p;
}

void RRPEllipsoids::check_bodies(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec)
{
  Atom *atom = lmp->atom;
  const rrp_bodies p = views(lmp, fix, avec, atom->nlocal);
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(atom->mask[i] & fix->groupbit)) continue;
    double I[3], *q;
    if (rrp_body_of(&p, i, I, &q) != RRP_OK) report(lmp, fix, avec, RRP_EDOMAIN, {i, 0.0}, 0.0);
  }
}

void RRPEllipsoids::report(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec, int status,
                           const rrp_step_report &bad, double h)
{
  Atom *atom = lmp->atom;
  Error *error = lmp->error;
  const int i = bad.index;
  const tagint tag = atom->tag[i];
  const bigint step = lmp->update->ntimestep;
  if (status == RRP_EDOMAIN) {
    const int k = atom->ellipsoid[i];
    if (k < 0)
      error->one(FLERR,
                 "Fix {}: atom {} has no ellipsoid shape (a point particle of atom_style "
                 "ellipsoid): give it a shape (set shape, or the Ellipsoids section of the data "
                 "file) or leave it out of group {}",
                 fix->style, tag, lmp->group->names[fix->igroup]);
    const double *s = avec->bonus[k].shape;
    double I[3];
    rrp_ellipsoid_inertia(atom->rmass[i], s, I);
    error->one(FLERR,
               "Fix {}: atom {} on step {} has mass {} and shape radii ({}, {}, {}), so principal "
               "moments ({}, {}, {}); the mass and all three moments must be positive and finite "
               "(at most one radius may be zero)",
               fix->style, tag, step, atom->rmass[i], s[0], s[1], s[2], I[0], I[1], I[2]);
  }
  if (status == RRP_ENOCONV)
    error->one(FLERR,
               "Fix {}: the step of atom {} on step {} cannot be solved: it would turn by h "
               "|omega| = {:.6g} rad (h = {}), beyond the reach of the map (of order 1 rad); "
               "reduce the timestep",
               fix->style, tag, step, bad.hw, h);
  error->one(FLERR,
             "Fix {}: non-finite force, velocity, torque, angular momentum or quaternion at atom "
             "{} on step {}: f ({}, {}, {}), v ({}, {}, {}), torque ({}, {}, {}), angmom ({}, {}, "
             "{})",
             fix->style, tag, step, atom->f[i][0], atom->f[i][1], atom->f[i][2], atom->v[i][0],
             atom->v[i][1], atom->v[i][2], atom->torque[i][0], atom->torque[i][1],
             atom->torque[i][2], atom->angmom[i][0], atom->angmom[i][1], atom->angmom[i][2]);
}
