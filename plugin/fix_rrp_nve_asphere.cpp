/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve/asphere. See doc/fix_rrp_nve_asphere.rst.
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

#include "rrp_ellipsoids.h"
#include "rrp_integrator.h"
#include "rrp_register.h"
#include "rrp_respa.h"

#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

FixRRPNVEAsphere::FixRRPNVEAsphere(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), avec(nullptr)
{
  // -sf rrp spells it nve/asphere/rrp: one style inside LAMMPS
  RRPRegister::own_name(style, "rrp/nve/asphere");
  for (int iarg = 3; iarg < narg; iarg += 2) {
    if (strcmp(arg[iarg], "join") != 0)
      error->all(FLERR, "Illegal fix rrp/nve/asphere command: unexpected argument {} (expected fix "
                        "ID group rrp/nve/asphere [join yes|no])", arg[iarg]);
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve/asphere join", error);
    join = utils::logical(FLERR, arg[iarg + 1], false, lmp) == 1;
  }
  avec = RRPEllipsoids::avec_of(lmp, this);
  time_integrate = 1;
}

/* LAMMPS names a style found by its suffix (-sf rrp: nve/asphere/rrp) after the constructor: one
   name inside LAMMPS again */

void FixRRPNVEAsphere::post_constructor()
{
  RRPRegister::own_name(style, "rrp/nve/asphere");
}

int FixRRPNVEAsphere::setmask()
{
  return INITIAL_INTEGRATE | FINAL_INTEGRATE | INITIAL_INTEGRATE_RESPA | FINAL_INTEGRATE_RESPA;
}

void FixRRPNVEAsphere::init()
{
  step_respa = RRPRespa::level_steps(lmp);
  RRPIntegrator::check_timestep(lmp, this);

  // every atom of the group is an ellipsoid with a positive mass and positive moments
  RRPEllipsoids::check_bodies(lmp, this, avec);
  RRPIntegrator::check_one_integrator(lmp, this);
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

rrp_bodies FixRRPNVEAsphere::views(int nlocal)
{
  return RRPEllipsoids::views(lmp, this, avec, nlocal);
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

void FixRRPNVEAsphere::report(int status, const rrp_step_report &bad)
{
  RRPEllipsoids::report(lmp, this, avec, status, bad, update->dt);
}
