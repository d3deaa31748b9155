/* ----------------------------------------------------------------------
   rrp-lammps: the RRP turn of spheres whose kicks another scheme makes (rrp_sphere_turn.h).
------------------------------------------------------------------------- */

#include "rrp_sphere_turn.h"

#include "fix_rrp_orientation.h"
#include "rrp_integrator.h"
#include "rrp_orientation.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "modify.h"
#include "update.h"

#include "rrp/integrator.h"
#include "rrp/rotation.h"

#include <cstring>

using namespace LAMMPS_NS;
using namespace RRPOrientation;

RRPSphereTurn::RRPSphereTurn(LAMMPS *l, Fix *f) :
    lmp(l), fix(f), layout(NONE), store(nullptr), comm_ghosts(false), fallbacks(0), fallbacks_run(0),
    fallback_warned(false)
{
  if (!lmp->atom->radius_flag || !lmp->atom->rmass_flag || !lmp->atom->omega_flag)
    lmp->error->all(FLERR,
                    "Fix {} requires per-atom radius, rmass and omega (atom_style sphere or "
                    "bpm/sphere, or hybrid with one of them)",
                    fix->style);
  layout = layout_of_atom_style(lmp);
  fix->wd_header = fix->wd_section = 1;    // write_data: decided at init (data_writer)
}

void RRPSphereTurn::post_constructor()
{
  if (layout != STORE) return;
  store_array(lmp);
  store = dynamic_cast<FixRRPOrientation *>(lmp->modify->get_fix_by_id(STORE_FIX_ID));
}

void RRPSphereTurn::init()
{
  if (layout == STORE && lmp->modify->get_fix_by_id(STORE_FIX_ID) != store)
    lmp->error->all(FLERR, "Fix {} {}: fix {}, which holds the orientations, was deleted",
                    fix->style, fix->id, STORE_FIX_ID);
  RRPIntegrator::check_one_integrator(lmp, fix);
  fix->wd_header = fix->wd_section = (data_writer(lmp) == fix) ? 1 : 0;
  // the binder reads the orientations of ghost atoms: layout STORE sends them from the store
  // after each turn; layout ATOM_QUAT needs comm_modify vel yes (the binder checks it), with
  // which LAMMPS sends them with the velocities
  comm_ghosts = layout == STORE && RRPOrientation::binder(lmp);
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
  Atom *atom = lmp->atom;
  const int nlocal = p.n;
  if (dipole) {
    qold.resize(4 * (size_t) nlocal);
    for (int i = 0; i < nlocal; i++)
      for (int k = 0; k < 4; k++) qold[4 * i + k] = p.quat[i][k];
  }
  const long before = fallbacks;
  rrp_step_report bad = {-1, 0.0};
  const int status = what == DRIFT ? rrp_spheres_drift_turn(&p, h, &fallbacks, &bad)
                                   : rrp_spheres_nh_first(&p, c, scale, dtf, h, &fallbacks, &bad);
  if (status == RRP_EDOMAIN) {
    const int i = bad.index;
    lmp->error->one(FLERR,
                    "Fix {} {}: atom {} on step {} has mass {} and radius {}: both must be "
                    "positive and finite",
                    fix->style, fix->id, atom->tag[i], lmp->update->ntimestep, atom->rmass[i],
                    atom->radius[i]);
  }
  if (status != RRP_OK) {
    const int i = bad.index;
    lmp->error->one(FLERR,
                    "Fix {} {}: non-finite velocity or angular velocity at atom {} on step {}: v "
                    "({}, {}, {}), omega ({}, {}, {})",
                    fix->style, fix->id, atom->tag[i], lmp->update->ntimestep, atom->v[i][0],
                    atom->v[i][1], atom->v[i][2], atom->omega[i][0], atom->omega[i][1],
                    atom->omega[i][2]);
  }
  if (fallbacks > before && !fallback_warned) {
    fallback_warned = true;
    lmp->error->warning(FLERR,
                        "Fix {} {}: on step {} the exact map had no increment for {} atom(s) "
                        "(h |omega| >= 1): they take map (25)'s increment h omega on such steps; "
                        "the run's count follows at its end",
                        fix->style, fix->id, lmp->update->ntimestep, fallbacks - before);
  }
  if (dipole) {
    double **mu = atom->mu;
    const int *mask = atom->mask;
    for (int i = 0; i < nlocal; i++)
      if ((mask[i] & fix->groupbit) && mu[i][3] != 0.0) rrp_quat_turn(&qold[4 * i], p.quat[i], mu[i]);
  }
  if (comm_ghosts) store->forward();
}

void RRPSphereTurn::post_run()
{
  long mine = fallbacks - fallbacks_run, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, lmp->world);
  if (all > 0 && lmp->comm->me == 0)
    lmp->error->warning(FLERR,
                        "Fix {} {}: in {} atom-steps of this run the exact map had no increment "
                        "(h |omega| >= 1) and took map (25)'s there (x, v and omega are LAMMPS's "
                        "in either case)",
                        fix->style, fix->id, all);
}

void RRPSphereTurn::write_data_header(FILE *fp)
{
  RRPOrientation::write_data_header(fp);
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
