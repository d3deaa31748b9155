/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/gravity. See doc/fix_rrp_gravity.rst.
   Bookkeeping only; the torque and energy come from core/ (rrp/field.h).
------------------------------------------------------------------------- */

#include "fix_rrp_gravity.h"

#include "rrp_respa.h"

#include "atom.h"
#include "error.h"
#include "update.h"

#include "rrp_orientation.h"

#include "rrp/field.h"

#include <cmath>

using namespace LAMMPS_NS;
using namespace FixConst;

FixRRPGravity::FixRRPGravity(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), g{0.0, 0.0, 0.0}, lever{0.0, 0.0, 0.0}, energy(0.0), energy_all(0.0),
    energy_reduced(0)
{
  respa_level_support = 1;    // fix_modify respa N: the level of the force
  if (narg < 9) utils::missing_cmd_args(FLERR, "fix rrp/gravity", error);
  if (narg > 9)
    error->all(FLERR, "Illegal fix rrp/gravity command: unexpected argument {} (expected fix ID "
                      "group rrp/gravity gx gy gz lx ly lz)", arg[9]);
  for (int d = 0; d < 3; d++) {
    g[d] = utils::numeric(FLERR, arg[3 + d], false, lmp);
    lever[d] = utils::numeric(FLERR, arg[6 + d], false, lmp);
    if (!std::isfinite(g[d]) || !std::isfinite(lever[d]))
      error->all(FLERR, "Fix rrp/gravity: field and lever arm must be finite, not {} and {}",
                 arg[3 + d], arg[6 + d]);
  }
  if (!atom->rmass_flag || !atom->torque_flag)
    error->all(FLERR, "Fix rrp/gravity requires per-atom rmass and torque (atom_style sphere)");

  scalar_flag = 1;
  global_freq = 1;
  extscalar = 1;
  energy_global_flag = 1;
}

int FixRRPGravity::setmask()
{
  return POST_FORCE | POST_FORCE_RESPA | MIN_POST_FORCE;
}

void FixRRPGravity::init()
{
  ilevel_respa = RRPRespa::force_level(lmp, respa_level);
}

/* the orientations are checked at setup, when the fixes of the run are known */

void FixRRPGravity::post_force_respa(int vflag, int ilevel, int /*iloop*/)
{
  if (ilevel == ilevel_respa) post_force(vflag);
}

void FixRRPGravity::setup(int vflag)
{
  RRPOrientation::check_reader(lmp, "Fix rrp/gravity", groupbit, false);
  RRPRespa::setup_force(lmp, this, vflag, ilevel_respa);
}

void FixRRPGravity::min_setup(int vflag)
{
  RRPOrientation::check_reader(lmp, "Fix rrp/gravity", groupbit, false);
  post_force(vflag);
}

void FixRRPGravity::post_force(int /*vflag*/)
{
  double **torque = atom->torque;
  const double *rmass = atom->rmass;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  double **quat = RRPOrientation::array(lmp);
  energy = 0.0;
  energy_reduced = 0;
  for (int i = 0; i < nlocal; i++)
    if (mask[i] & groupbit) energy += rrp_lever_field(rmass[i], quat[i], lever, g, torque[i]);
}

void FixRRPGravity::min_post_force(int vflag)
{
  post_force(vflag);
}

double FixRRPGravity::compute_scalar()
{
  if (!energy_reduced) {
    MPI_Allreduce(&energy, &energy_all, 1, MPI_DOUBLE, MPI_SUM, world);
    energy_reduced = 1;
  }
  return energy_all;
}
