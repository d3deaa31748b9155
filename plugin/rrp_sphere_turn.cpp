/* ----------------------------------------------------------------------
   rrp-lammps: what the fixes that turn spheres by the RRP map share (rrp_sphere_turn.h).
------------------------------------------------------------------------- */

#include "rrp_sphere_turn.h"

#include "fix_rrp_orientation.h"
#include "rrp_integrator.h"
#include "rrp_orientation.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "modify.h"
#include "update.h"

#include "rrp/integrator.h"
#include "rrp/rotation.h"

#include <string>

using namespace LAMMPS_NS;
using namespace RRPOrientation;

RRPSphereTurn::RRPSphereTurn(LAMMPS *l, Fix *f) :
    lmp(l), fix(f), layout_(NONE), store_(nullptr), comm_ghosts(false), fallbacks(0),
    fallbacks_run(0), fallback_warned(false), rule(nullptr), inertia_name(nullptr),
    own_inertia{RRP_INERTIA_RATIO, 0.4, nullptr}
{
  layout_ = layout_of_atom_style(lmp);
  rule = &own_inertia;
  fix->wd_header = fix->wd_section = 1;    // write_data: decided at init (data_writer)
}

void RRPSphereTurn::require(bool radius, bool torque)
{
  Atom *atom = lmp->atom;
  std::string missing;
  if (!atom->rmass_flag) missing += " rmass";
  if (!atom->omega_flag) missing += " omega";
  if (torque && !atom->torque_flag) missing += " torque";
  if (radius && !atom->radius_flag) missing += " radius";
  if (!missing.empty())
    lmp->error->all(FLERR,
                    "Fix {} requires per-atom{} (use atom_style sphere or bpm/sphere, or hybrid "
                    "with one of them)",
                    fix->style, missing);
}

void RRPSphereTurn::inertia_is(const rrp_inertia *in, const char *name)
{
  rule = in;
  inertia_name = name;
}

void RRPSphereTurn::inertia_ratio(double c)
{
  own_inertia = {RRP_INERTIA_RATIO, c, nullptr};
  rule = &own_inertia;
  inertia_name = nullptr;
}

void RRPSphereTurn::post_constructor()
{
  if (layout_ != STORE) return;
  store_array(lmp);
  store_ = dynamic_cast<FixRRPOrientation *>(lmp->modify->get_fix_by_id(STORE_FIX_ID));
}

void RRPSphereTurn::init()
{
  if (layout_ == STORE && lmp->modify->get_fix_by_id(STORE_FIX_ID) != store_)
    lmp->error->all(FLERR, "Fix {} {}: fix {}, which holds the orientations, was deleted",
                    fix->style, fix->id, STORE_FIX_ID);
  RRPIntegrator::check_one_integrator(lmp, fix);
  fix->wd_header = fix->wd_section = (data_writer(lmp) == fix) ? 1 : 0;
  // the binder reads the orientations of ghost atoms: layout STORE sends them from the store
  // after each turn; layout ATOM_QUAT needs comm_modify vel yes (the binder checks it), with
  // which LAMMPS sends them with the velocities
  send_ghosts(RRPOrientation::binder(lmp) != nullptr);
}

void RRPSphereTurn::send_ghosts(bool yes)
{
  comm_ghosts = yes && layout_ == STORE;
}

void RRPSphereTurn::setup()
{
  fallbacks_run = fallbacks;
  fallback_warned = false;
}

rrp_spheres RRPSphereTurn::views(int igroup)
{
  Atom *atom = lmp->atom;
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  // group all: every atom, no mask (the core's flat loops)
  return sphere_views(lmp, nlocal, fix->igroup == 0 ? nullptr : atom->mask, fix->groupbit);
}

void RRPSphereTurn::advance_drift(double h, bool dipole)
{
  pass(views(fix->igroup), DRIFT, 0.0, 1.0, 0.0, h, dipole);
}

void RRPSphereTurn::advance_joined(const rrp_spheres &p, double c, double scale, double dtf,
                                   double h, bool dipole)
{
  pass(p, JOINED, c, scale, dtf, h, dipole);
}

void RRPSphereTurn::pass(const rrp_spheres &p, Pass what, double c, double scale, double dtf,
                         double h, bool dipole)
{
  if (dipole) save_dipoles(p);
  const long before = fallbacks;
  rrp_step_report bad = {-1, 0.0};
  const int status = what == DRIFT ? rrp_spheres_drift_turn(&p, h, &fallbacks, &bad)
                                   : rrp_spheres_nh_first(&p, c, scale, dtf, h, &fallbacks, &bad);
  if (status != RRP_OK) step_error(status, bad.index, bad.hw, h);
  warn_since(before);
  if (dipole) turn_dipoles(p);
  forward();
}

/* the first fallback of the run on this rank: said once, the run's count at its end */

void RRPSphereTurn::warn_since(long before)
{
  if (fallbacks > before && !fallback_warned) {
    fallback_warned = true;
    lmp->error->warning(FLERR,
                        "Fix {} {}: on step {} the exact map had no increment for {} atom(s) "
                        "(h |omega| >= 1): they take map (25)'s increment on such steps; the "
                        "run's count follows at its end",
                        fix->style, fix->id, lmp->update->ntimestep, fallbacks - before);
  }
}

void RRPSphereTurn::add(long n)
{
  const long before = fallbacks;
  fallbacks += n;
  warn_since(before);
}

void RRPSphereTurn::post_run()
{
  long mine = fallbacks - fallbacks_run, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, lmp->world);
  if (all > 0 && lmp->comm->me == 0)
    lmp->error->warning(FLERR,
                        "Fix {} {}: in {} atom-steps of this run the exact map had no increment "
                        "(h |omega| >= 1) and took map (25)'s there (x, v and omega are those of "
                        "either map)",
                        fix->style, fix->id, all);
}

/* update dipole: each dipole of the group turns by its sphere's increment q_new q_old* */

void RRPSphereTurn::save_dipoles(const rrp_spheres &p)
{
  qold.resize(4 * (size_t) p.n);
  for (int i = 0; i < p.n; i++)
    for (int k = 0; k < 4; k++) qold[4 * i + k] = p.quat[i][k];
}

void RRPSphereTurn::turn_dipoles(const rrp_spheres &p)
{
  double **mu = lmp->atom->mu;
  const int *mask = lmp->atom->mask;
  for (int i = 0; i < p.n; i++)
    if ((mask[i] & fix->groupbit) && mu[i][3] != 0.0) rrp_quat_turn(&qold[4 * i], p.quat[i], mu[i]);
}

void RRPSphereTurn::forward()
{
  if (comm_ghosts) store_->forward();
}

/* the error names the atom, what is wrong with it and what to do */

void RRPSphereTurn::step_error(int status, int i, double hw, double h)
{
  Atom *atom = lmp->atom;
  const bigint step = lmp->update->ntimestep;
  if (status == RRP_EDOMAIN) {
    const int kind = rule->kind;
    lmp->error->one(
        FLERR,
        "Fix {} {}: atom {} on step {} has mass {}{}: {} must be positive and finite (an atom "
        "created or changed during the run, e.g. by fix pour, fix deposit, fix adapt or set, is "
        "checked when it is first integrated)",
        fix->style, fix->id, atom->tag[i], step, atom->rmass[i],
        kind == RRP_INERTIA_RATIO ? fmt::format(" and radius {}", atom->radius[i])
            : kind == RRP_INERTIA_ATOM
            ? fmt::format(" and rotational inertia d_{} = {}", inertia_name, rule->per_atom[i])
            : std::string(),
        kind == RRP_INERTIA_RATIO  ? "mass and radius"
            : kind == RRP_INERTIA_ATOM ? "mass and inertia"
                                       : "the mass");
  }
  if (status == RRP_ESTEP)
    lmp->error->one(FLERR,
                    "Fix {} {}: step too large for the exact map at atom {} on step {}: "
                    "h |Omega + h/(2J) T| = {:.8g} >= 1 with h = {} and |Omega + h/(2J) T| = "
                    "{:.8g}; reduce the timestep (or use scheme newmark, or limit newmark)",
                    fix->style, fix->id, atom->tag[i], step, hw, h, hw / h);
  lmp->error->one(FLERR,
                  "Fix {} {}: non-finite force, velocity, torque or angular velocity at atom {} on "
                  "step {}: f ({}, {}, {}), v ({}, {}, {}), torque ({}, {}, {}), omega ({}, {}, {})",
                  fix->style, fix->id, atom->tag[i], step, atom->f[i][0], atom->f[i][1],
                  atom->f[i][2], atom->v[i][0], atom->v[i][1], atom->v[i][2], atom->torque[i][0],
                  atom->torque[i][1], atom->torque[i][2], atom->omega[i][0], atom->omega[i][1],
                  atom->omega[i][2]);
}

void RRPSphereTurn::write_data_header(FILE *fp)
{
  RRPOrientation::write_data_note(fp);
}

void RRPSphereTurn::write_data_section_size(int &nx, int &ny)
{
  RRPOrientation::write_data_size(lmp, nx, ny);
}

void RRPSphereTurn::write_data_section_pack(double **buf)
{
  RRPOrientation::write_data_pack(lmp, buf);
}

void RRPSphereTurn::write_data_section_keyword(FILE *fp)
{
  RRPOrientation::write_data_keyword(fp);
}

void RRPSphereTurn::write_data_section(FILE *fp, int n, double **buf)
{
  RRPOrientation::write_data_rows(fp, n, buf);
}
