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

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

FixRRPWall::FixRRPWall(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), dim(0), side(1), coord(0.0), kpw(0.0), coord_var(nullptr),
    coord_index(-1), driven(0), load(0.0), mass(0.0), velocity(0.0), net_force(0.0), dtv(0.0),
    dtf(0.0), alpha(0.0), vmax(0.0), stiffness(0.0), load_var(nullptr), load_index(-1),
    load_work{0.0, 0.0, 0.0, 0}, local{0.0, 0.0, 0.0}, total{0.0, 0.0, 0.0}, reduced(0), wall_work{0.0, 0.0, 0.0, 0}, last_step(-1)
{
  respa_level_support = 1;    // fix_modify respa N: the level of the force
  if (narg < 6) utils::missing_cmd_args(FLERR, "fix rrp/wall", error);
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

  // keywords: load F (a number or v_name), and mass M (a wall moved by its equation of motion)
  // or servo ALPHA vmax V (a wall that keeps its contact force at F)
  bool have_load = false, have_mass = false, have_servo = false, have_vmax = false;
  const char *usage = "fix ID group rrp/wall face coord Kpw [load F mass M | load F servo ALPHA "
                      "vmax V]";
  for (int iarg = 6; iarg < narg; iarg += 2) {
    const std::string key = arg[iarg];
    bool *have = key == "load" ? &have_load
        : key == "mass"        ? &have_mass
        : key == "servo"       ? &have_servo
        : key == "vmax"        ? &have_vmax
                               : nullptr;
    if (!have)
      error->all(FLERR, "Illegal fix rrp/wall command: unexpected argument {} (expected {})",
                 key, usage);
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/wall " + key, error);
    if (*have) error->all(FLERR, "Fix rrp/wall keyword {} is given twice", key);
    *have = true;
    const char *value = arg[iarg + 1];
    if (key == "load") {
      if (utils::strmatch(value, "^v_")) {
        load_var = utils::strdup(value + 2);
      } else {
        load = utils::numeric(FLERR, value, false, lmp);
        if (!std::isfinite(load))
          error->all(FLERR, "Fix rrp/wall load F = {} must be a finite force or v_name of an "
                            "equal-style variable", value);
      }
    } else if (key == "mass") {
      mass = utils::numeric(FLERR, value, false, lmp);
      if (!(mass > 0.0) || !std::isfinite(mass))
        error->all(FLERR, "Fix rrp/wall mass M = {} must be a finite number > 0", value);
    } else if (key == "servo") {
      alpha = utils::numeric(FLERR, value, false, lmp);
      if (!(alpha > 0.0 && alpha <= 1.0))
        error->all(FLERR, "Fix rrp/wall servo ALPHA = {} must be in (0, 1]: the fraction of the "
                          "force error the wall corrects per step", value);
    } else {
      vmax = utils::numeric(FLERR, value, false, lmp);
      if (!(vmax > 0.0) || !std::isfinite(vmax))
        error->all(FLERR, "Fix rrp/wall vmax V = {} must be a finite speed > 0", value);
    }
  }
  if (have_mass && have_servo)
    error->all(FLERR, "Fix rrp/wall takes mass M (a wall with inertia) or servo ALPHA (a wall "
                      "that holds its contact force at the load), not both");
  if (have_load && !have_mass && !have_servo)
    error->all(FLERR, "Fix rrp/wall load needs the wall's mass (mass M: the wall moves by M a = "
                      "F - the contact force) or a servo (servo ALPHA vmax V: it moves until the "
                      "contact force is F)");
  if (have_mass && !have_load)
    error->all(FLERR, "Fix rrp/wall mass M is given without a load: add load F (a force, or "
                      "v_name), or remove mass for a wall that does not respond to the contacts");
  if (have_servo && !have_load)
    error->all(FLERR, "Fix rrp/wall servo is given without a load: add load F, the contact force "
                      "the wall is to hold (a force, or v_name: e.g. a stress times an area)");
  if (have_servo != have_vmax)
    error->all(FLERR, "Fix rrp/wall {}: servo ALPHA and vmax V go together (vmax: the fastest "
                      "the servo may move the wall, speed units)", have_servo ? "servo" : "vmax");
  driven = have_mass ? DRIVEN_MASS : have_servo ? DRIVEN_SERVO : 0;
  if (driven && coord_var)
    error->all(FLERR, "Fix rrp/wall with load: coord v_{} is a variable, but a wall with a load "
                      "moves by {}: give its starting position (a number or EDGE)", coord_var,
               driven == DRIVEN_MASS ? "its equation of motion" : "its servo");
  if (!atom->radius_flag)
    error->all(FLERR, "Fix rrp/wall requires per-atom radius (atom_style sphere)");
  if (dim == 2 && domain->dimension == 2)
    error->all(FLERR, "Fix rrp/wall face {} is not allowed in a 2d simulation", arg[3]);

  scalar_flag = 1;
  vector_flag = 1;
  // force on the atoms, wall position, work done on the atoms; a driven wall's velocity,
  // kinetic energy and the work of its load
  size_vector = 6;
  global_freq = 1;
  extscalar = 1;
  extvector = -1;
  extlist = new int[6]{1, 0, 1, 0, 1, 1};
  restart_global = 1;
  energy_global_flag = 1;
  // the wall's virial (fix_modify virial yes; no by default, as for LAMMPS's fix wall styles)
  virial_global_flag = virial_peratom_flag = 1;
}

int FixRRPWall::setmask()
{
  int mask = POST_FORCE | POST_FORCE_RESPA | MIN_POST_FORCE;
  if (driven) mask |= INITIAL_INTEGRATE | FINAL_INTEGRATE;
  return mask;
}

FixRRPWall::~FixRRPWall()
{
  delete[] coord_var;
  delete[] load_var;
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
  if (load_var) {
    load_index = input->variable->find(load_var);
    if (load_index < 0)
      error->all(FLERR, "Variable {} for fix rrp/wall load does not exist", load_var);
    if (!input->variable->equalstyle(load_index))
      error->all(FLERR, "Variable {} for fix rrp/wall load is not equal-style", load_var);
  }
  if (driven) {
    if (utils::strmatch(update->integrate_style, "^respa"))
      error->all(FLERR, "Fix rrp/wall {} with load does not support run_style respa (its wall "
                        "moves once per outer step): use run_style verlet", id);
    // velocity Verlet for the wall, as fix nve for an atom
    dtv = update->dt;
    dtf = driven == DRIVEN_MASS ? 0.5 * update->dt / mass : 0.0;
  }
}

/* a driven wall, velocity Verlet: the first half-kick and the drift (initial_integrate), the
   second half-kick with the net force of this step's post_force (final_integrate); the net
   force is summed over the ranks, so every rank moves the wall alike */

void FixRRPWall::initial_integrate(int /*vflag*/)
{
  if (driven == DRIVEN_SERVO) {
    // the step toward the position where the contact force is the load, from the last step's
    // force and stiffness (the same numbers on every rank)
    const double d = rrp_servo_step(load, total[1], stiffness, alpha, vmax * dtv);
    coord += side * d;
    velocity = side * d / dtv;
    return;
  }
  velocity += dtf * net_force;
  coord += dtv * velocity;
}

void FixRRPWall::final_integrate()
{
  if (driven == DRIVEN_MASS) velocity += dtf * net_force;
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

/* the applied load now */

void FixRRPWall::update_load()
{
  if (!load_var) return;
  modify->clearstep_compute();
  load = input->variable->compute_equal(load_index);
  modify->addstep_compute(update->ntimestep + 1);
  if (!std::isfinite(load))
    error->all(FLERR, "Fix rrp/wall: variable {} gives the load {} on step {}", load_var, load,
               update->ntimestep);
}

void FixRRPWall::reduce()
{
  if (!reduced) {
    MPI_Allreduce(local, total, 3, MPI_DOUBLE, MPI_SUM, world);
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
  local[0] = local[1] = local[2] = 0.0;
  reduced = 0;
  const tagint *tag = atom->tag;
  touching.clear();
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double force;
    const double s = side * (x[i][dim] - coord);    // distance of the centre from the wall
    local[0] += rrp_hertz_wall(kpw, radius[i], s, &force);
    f[i][dim] += side * force;
    if (driven) {
      if (force != 0.0)
        touching.push_back({tag[i], force,
                            driven == DRIVEN_SERVO ? rrp_hertz_wall_stiffness(kpw, radius[i], s)
                                                   : 0.0});
    } else {
      local[1] += force;
    }
    if (evflag) v_tally(dim, i, force * s);    // (x_i - x_wall) f_i along the normal
  }
  if (driven) ordered_sum();
  step_done();
}

/* a driven wall's contact force on this rank, summed in the order of the atom IDs: the wall
   moves by it, and so does not depend on the order in which the atoms are stored (LAMMPS sorts
   them at each run's setup and every so many steps after it) */

void FixRRPWall::ordered_sum()
{
  std::sort(touching.begin(), touching.end());
  local[1] = local[2] = 0.0;
  for (const auto &c : touching) {
    local[1] += c.force;
    local[2] += c.stiffness;
  }
}

/* after the contact forces of a step (and of the KOKKOS twin's): a moving wall does work on the
   atoms, dU/dcoord = side * force, integrated over the wall's steps by the trapezoid rule (once
   per step: setup and minimization repeat a step); a driven wall's load, its work on the wall
   (the same rule) and the net force on the wall, side * (F - contact force), summed over ranks */

void FixRRPWall::step_done()
{
  if (driven) {
    reduce();
    update_load();
    net_force = side * (load - total[1]);
    stiffness = total[2];
  }
  if ((coord_var || driven) && update->ntimestep != last_step) {
    reduce();
    rrp_wall_work_step(&wall_work, coord, side * total[1]);
    if (driven) rrp_wall_work_step(&load_work, coord, side * load);
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
  switch (n) {
    case 0: return total[1];
    case 1: return coord;
    case 2: return wall_work.work;
    case 3: return velocity;
    case 4: return driven == DRIVEN_MASS ? 0.5 * mass * velocity * velocity : 0.0;
    default: return load_work.work;
  }
}

/* restart: the work done so far (a moving wall), in a record of version 2; a wall driven by a
   load, version 3 (with a mass) or 4 (a servo): that work, its position, velocity and the work
   of its load */

static constexpr int RECORD_WALL = 2, RECORD_MASS = 3, RECORD_SERVO = 4;

static int record_of(int driven)
{
  return driven == 1 ? RECORD_MASS : driven == 2 ? RECORD_SERVO : RECORD_WALL;
}

static const char *kind_of(int record)
{
  return record == RECORD_MASS  ? "driven by a load with a mass (keywords load, mass)"
      : record == RECORD_SERVO ? "held at a load by a servo (keywords load, servo, vmax)"
                               : "without a load";
}

void FixRRPWall::write_restart(FILE *fp)
{
  if (driven)
    RRPRestart::write_fix(lmp, fp, record_of(driven),
                          {wall_work.work, coord, velocity, load_work.work});
  else
    RRPRestart::write_fix(lmp, fp, RECORD_WALL, {wall_work.work});
}

void FixRRPWall::restart(char *buf)
{
  const std::string who = fmt::format("Fix {} {}", style, id);
  // a record of another kind of wall: say which (the head is {marker, version, count})
  double head[2];
  memcpy(head, buf, sizeof(head));
  const int mine = record_of(driven);
  for (int other : {RECORD_WALL, RECORD_MASS, RECORD_SERVO})
    if (other != mine && head[0] == RRPRestart::MAGIC && head[1] == other)
      error->all(FLERR, "{}: the restart file holds the state of a wall {}, and the fix is "
                        "defined as a wall {}: define it as in the input that wrote the file",
                 who, kind_of(other), kind_of(mine));
  if (driven) {
    const auto r = RRPRestart::read_fix(lmp, buf, who, mine, 4);
    if (!std::isfinite(r[1]) || !std::isfinite(r[2]))
      error->all(FLERR, "{}: the restart file's wall position {} or velocity {} is not finite",
                 who, r[1], r[2]);
    wall_work.work = r[0];
    coord = r[1];
    velocity = r[2];
    load_work.work = r[3];
  } else {
    wall_work.work = RRPRestart::read_fix(lmp, buf, who, RECORD_WALL, 1)[0];
  }
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
