/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/wall. See doc/fix_rrp_wall.md.
   Bookkeeping only; the contact law is rrp_hertz_wall() in core/.
------------------------------------------------------------------------- */

#include "fix_rrp_wall.h"

#include "rrp_respa.h"
#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "input.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include "rrp/contact.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

FixRRPWall::FixRRPWall(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), dim(0), side(1), coord(0.0), kpw(0.0), coord_var(nullptr),
    coord_index(-1), local{0.0, 0.0}, total{0.0, 0.0}, reduced(0), wall_work{0.0, 0.0, 0.0, 0},
    last_step(-1)
{
  respa_level_support = 1;    // fix_modify respa N: the level of the force
  if (narg < 6) utils::missing_cmd_args(FLERR, "fix rrp/wall", error);
  if (narg > 6)
    error->all(FLERR, "Illegal fix rrp/wall command: unexpected argument {} (expected fix ID group "
                      "rrp/wall face coord Kpw)", arg[6]);
  const char *faces[6] = {"xlo", "xhi", "ylo", "yhi", "zlo", "zhi"};
  int iface = -1;
  for (int k = 0; k < 6; k++)
    if (strcmp(arg[3], faces[k]) == 0) iface = k;
  if (iface < 0)
    error->all(FLERR, "Fix rrp/wall face {} is unknown: use xlo, xhi, ylo, yhi, zlo or zhi", arg[3]);
  dim = iface / 2;
  side = (iface % 2 == 0) ? 1 : -1;
  if (utils::strmatch(arg[4], "^v_")) {
    coord_var = utils::strdup(arg[4] + 2);
  } else if (strcmp(arg[4], "EDGE") == 0) {
    // as LAMMPS's fix wall styles: the box boundary of that face when the fix is defined
    coord = side == 1 ? domain->boxlo[dim] : domain->boxhi[dim];
  } else {
    coord = utils::numeric(FLERR, arg[4], false, lmp);
    if (!std::isfinite(coord)) error->all(FLERR, "Fix rrp/wall coord {} must be finite", arg[4]);
  }
  kpw = utils::numeric(FLERR, arg[5], false, lmp);
  if (!(kpw >= 0.0) || !std::isfinite(kpw))
    error->all(FLERR, "Fix rrp/wall Kpw = {} must be a finite number >= 0", arg[5]);
  if (!atom->radius_flag)
    error->all(FLERR, "Fix rrp/wall requires per-atom radius (atom_style sphere)");
  if (dim == 2 && domain->dimension == 2)
    error->all(FLERR, "Fix rrp/wall face {} is not allowed in a 2d simulation", arg[3]);

  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 3;    // force on the atoms, wall position, work done on the atoms
  global_freq = 1;
  extscalar = 1;
  extvector = -1;
  extlist = new int[3]{1, 0, 1};
  restart_global = 1;
  energy_global_flag = 1;
  // the wall's virial (fix_modify virial yes; no by default, as for LAMMPS's fix wall styles)
  virial_global_flag = virial_peratom_flag = 1;
}

int FixRRPWall::setmask()
{
  return POST_FORCE | POST_FORCE_RESPA | MIN_POST_FORCE;
}

FixRRPWall::~FixRRPWall()
{
  delete[] coord_var;
  delete[] extlist;
}

void FixRRPWall::init()
{
  ilevel_respa = RRPRespa::force_level(lmp, respa_level);
  if (coord_var) {
    coord_index = input->variable->find(coord_var);
    if (coord_index < 0)
      error->all(FLERR, "Variable {} for fix rrp/wall does not exist", coord_var);
    if (!input->variable->equalstyle(coord_index))
      error->all(FLERR, "Variable {} for fix rrp/wall is not equal-style", coord_var);
  }
}

/* the position of a moving wall now */

void FixRRPWall::update_coord()
{
  if (!coord_var) return;
  modify->clearstep_compute();
  coord = input->variable->compute_equal(coord_index);
  modify->addstep_compute(update->ntimestep + 1);
  if (!std::isfinite(coord))
    error->all(FLERR, "Fix rrp/wall: variable {} gives the wall position {} on step {}", coord_var,
               coord, update->ntimestep);
}

void FixRRPWall::reduce()
{
  if (!reduced) {
    MPI_Allreduce(local, total, 2, MPI_DOUBLE, MPI_SUM, world);
    reduced = 1;
  }
}

void FixRRPWall::post_force_respa(int vflag, int ilevel, int /*iloop*/)
{
  if (ilevel == ilevel_respa) post_force(vflag);
}

void FixRRPWall::setup(int vflag)
{
  RRPRespa::setup_force(lmp, this, vflag, ilevel_respa);
}

void FixRRPWall::min_setup(int vflag)
{
  post_force(vflag);
}

void FixRRPWall::post_force(int vflag)
{
  v_init(vflag);
  update_coord();
  double **x = atom->x;
  double **f = atom->f;
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  local[0] = local[1] = 0.0;
  reduced = 0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double force;
    const double s = side * (x[i][dim] - coord);    // distance of the centre from the wall
    local[0] += rrp_hertz_wall(kpw, radius[i], s, &force);
    f[i][dim] += side * force;
    local[1] += force;
    if (evflag) v_tally(dim, i, force * s);    // (x_i - x_wall) f_i along the normal
  }
  // a moving wall does work on the atoms: dU/dcoord = side * force, integrated over the wall's
  // steps by the trapezoid rule (once per step: setup and minimization repeat a step)
  if (coord_var && update->ntimestep != last_step) {
    reduce();
    rrp_wall_work_step(&wall_work, coord, side * total[1]);
    last_step = update->ntimestep;
  }
}

void FixRRPWall::min_post_force(int vflag)
{
  post_force(vflag);
}

double FixRRPWall::compute_scalar()
{
  reduce();
  return total[0];
}

double FixRRPWall::compute_vector(int n)
{
  reduce();
  if (n == 0) return total[1];
  if (n == 1) return coord;
  return wall_work.work;
}

/* restart: the work done so far (a moving wall); the record's version (rrp_restart.h) is 2 */

void FixRRPWall::write_restart(FILE *fp)
{
  RRPRestart::write_fix(lmp, fp, 2, {wall_work.work});
}

void FixRRPWall::restart(char *buf)
{
  wall_work.work = RRPRestart::read_fix(lmp, buf, fmt::format("Fix {} {}", style, id), 2, 1)[0];
}

/* this rank's wall energy of the last force computation, for compute rrp/energy */

void *FixRRPWall::extract(const char *name, int &dim)
{
  if (strcmp(name, "energy_local") == 0) {
    dim = 0;
    return (void *) &local[0];
  }
  return nullptr;
}
