/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve/asphere. See doc/fix_rrp_nve_asphere.md.
------------------------------------------------------------------------- */

#include "fix_rrp_nve_asphere.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "respa.h"
#include "update.h"

#include "rrp_orientation.h"

#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

using Bonus = AtomVecEllipsoid::Bonus;
static_assert(sizeof(Bonus) % sizeof(double) == 0, "the ellipsoid bonus is a whole number of doubles");
static_assert(offsetof(Bonus, shape) % sizeof(double) == 0 && offsetof(Bonus, quat) % sizeof(double) == 0,
              "the ellipsoid bonus's shape and quaternion are aligned to doubles");

FixRRPNVEAsphere::FixRRPNVEAsphere(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), avec(nullptr)
{
  for (int iarg = 3; iarg < narg; iarg += 2) {
    if (strcmp(arg[iarg], "join") != 0)
      error->all(FLERR, "Illegal fix rrp/nve/asphere command: unexpected argument {} (expected fix "
                        "ID group rrp/nve/asphere [join yes|no])", arg[iarg]);
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve/asphere join", error);
    join = utils::logical(FLERR, arg[iarg + 1], false, lmp) == 1;
  }
  avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  if (!avec)
    error->all(FLERR, "Fix rrp/nve/asphere requires atom_style ellipsoid (or hybrid with it); "
                      "atom_style {} has no ellipsoid shape and quaternion", atom->atom_style);
  if (!atom->angmom_flag || !atom->torque_flag || !atom->rmass_flag)
    error->all(FLERR, "Fix rrp/nve/asphere requires per-atom angmom, torque and rmass");
  time_integrate = 1;
}

int FixRRPNVEAsphere::setmask()
{
  return INITIAL_INTEGRATE | FINAL_INTEGRATE | INITIAL_INTEGRATE_RESPA | FINAL_INTEGRATE_RESPA;
}

void FixRRPNVEAsphere::init()
{
  step_respa = nullptr;
  if (utils::strmatch(update->integrate_style, "^respa"))
    step_respa = dynamic_cast<Respa *>(update->integrate)->step;
  if (update->dt == 0.0 || !std::isfinite(update->dt))
    error->all(FLERR, "Fix rrp/nve/asphere: the time step is {}; it must be a nonzero finite "
                      "number", update->dt);

  // every atom of the group is an ellipsoid with a positive mass and positive moments
  const rrp_bodies p = views(atom->nlocal);
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(atom->mask[i] & groupbit)) continue;
    double I[3], *q;
    if (rrp_body_of(&p, i, I, &q) == RRP_OK) continue;
    report(RRP_EDOMAIN, {i, 0.0});
  }

  // one integrator per atom
  for (const auto &other : modify->get_fix_list()) {
    if (other == this || !other->time_integrate) continue;
    const int all = RRPOrientation::count_in_both(lmp, groupbit, other->groupbit);
    if (all > 0)
      error->all(FLERR,
                 "Fix rrp/nve/asphere {}: {} atoms are also integrated by fix {} (style {}); give "
                 "each atom one time integrator",
                 id, all, other->id, other->style);
  }
  join_rule.scan_fixes(lmp, this);
}

void FixRRPNVEAsphere::setup(int /*vflag*/)
{
  join_rule.drop_owed(lmp, style, id);
}

/* the run ends with every kick made */

void FixRRPNVEAsphere::post_run()
{
  if (join_rule.take_owed()) advance_end(update->dt);
}

/* the views of the owned atoms' arrays and the ellipsoid bonus records */

rrp_bodies FixRRPNVEAsphere::views(int nlocal)
{
  rrp_bodies p;
  const bool any = nlocal > 0;
  Bonus *bonus = avec->bonus;
  p.n = nlocal;
  p.mask = atom->mask;
  p.groupbit = groupbit;
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

void FixRRPNVEAsphere::initial_integrate(int /*vflag*/)
{
  advance_start(update->dt);
}

/* the second half kick, or (join yes) nothing: the next step's first half makes it body by body
   as it gathers them, when nothing reads the velocities between the two (RRPJoin) */

void FixRRPNVEAsphere::final_integrate()
{
  if (join && join_rule.defer(lmp)) return;
  advance_end(update->dt);
}

/* run_style respa, as fix nve/asphere: the innermost level kicks, moves and turns the
   ellipsoids with its step, the outer levels give their half kicks */

void FixRRPNVEAsphere::initial_integrate_respa(int /*vflag*/, int ilevel, int /*iloop*/)
{
  if (ilevel == 0)
    advance_start(step_respa[ilevel]);
  else
    advance_end(step_respa[ilevel]);
}

void FixRRPNVEAsphere::final_integrate_respa(int ilevel, int /*iloop*/)
{
  advance_end(step_respa[ilevel]);
}

void FixRRPNVEAsphere::advance_start(double h)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_bodies p = views(nlocal);
  rrp_step_report bad = {-1, 0.0};
  const int status = join_rule.take_owed() ? rrp_bodies_first_joined(&p, h, force->ftm2v, &bad)
                                            : rrp_bodies_first(&p, h, force->ftm2v, &bad);
  if (status != RRP_OK) report(status, bad);
}

void FixRRPNVEAsphere::advance_end(double h)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_bodies p = views(nlocal);
  rrp_bodies_second(&p, h, force->ftm2v);
}

/* an atom the map cannot step: stop with what is wrong with it */

void FixRRPNVEAsphere::report(int status, const rrp_step_report &bad)
{
  const int i = bad.index;
  const tagint tag = atom->tag[i];
  const bigint step = update->ntimestep;
  if (status == RRP_EDOMAIN) {
    const int k = atom->ellipsoid[i];
    if (k < 0)
      error->one(FLERR,
                 "Fix rrp/nve/asphere: atom {} has no ellipsoid shape (a point particle of "
                 "atom_style ellipsoid): give it a shape (set shape, or the Ellipsoids section of "
                 "the data file) or leave it out of group {}",
                 tag, group->names[igroup]);
    const double *s = avec->bonus[k].shape;
    double I[3];
    rrp_ellipsoid_inertia(atom->rmass[i], s, I);
    error->one(FLERR,
               "Fix rrp/nve/asphere: atom {} on step {} has mass {} and shape radii ({}, {}, {}), "
               "so principal moments ({}, {}, {}); the mass and all three moments must be "
               "positive and finite (at most one radius may be zero)",
               tag, step, atom->rmass[i], s[0], s[1], s[2], I[0], I[1], I[2]);
  }
  if (status == RRP_ENOCONV)
    error->one(FLERR,
               "Fix rrp/nve/asphere: the step of atom {} on step {} cannot be solved: it would "
               "turn by h |omega| = {:.6g} rad (h = {}), beyond the reach of the map (of order "
               "1 rad); reduce the timestep",
               tag, step, bad.hw, update->dt);
  error->one(FLERR,
             "Fix rrp/nve/asphere: non-finite force, velocity, torque, angular momentum or "
             "quaternion at atom {} on step {}: f ({}, {}, {}), v ({}, {}, {}), torque ({}, {}, "
             "{}), angmom ({}, {}, {})",
             tag, step, atom->f[i][0], atom->f[i][1], atom->f[i][2], atom->v[i][0], atom->v[i][1],
             atom->v[i][2], atom->torque[i][0], atom->torque[i][1], atom->torque[i][2],
             atom->angmom[i][0], atom->angmom[i][1], atom->angmom[i][2]);
}
