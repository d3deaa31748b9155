/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/wall. See doc/fix_rrp_wall.rst.
   Bookkeeping only; the contact law is rrp_hertz_wall() in core/.
------------------------------------------------------------------------- */

#include "fix_rrp_wall.h"

#include "rrp_respa.h"
#include "fix_rrp_read_data.h"
#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "input.h"
#include "memory.h"
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
    load_work{0.0, 0.0, 0.0, 0}, local{0.0, 0.0, 0.0}, total{0.0, 0.0, 0.0}, reduced(0),
    wall_work{0.0, 0.0, 0.0, 0}, last_step(-1),
    friction(false), law(), contact_point(RRP_CONTACT_POINT_MIDDLE), history(nullptr),
    friction_work{0.0, 0.0, 0.0, 0.0}, nwrite(0)
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
  // or servo ALPHA vmax V (a wall that keeps its contact force at F); the friction of pair
  // rrp/hertz: friction linear|mindlin KT MU, rolling KR MUR, twisting marshall|sds KTW MUTW,
  // contact middle|lammps
  bool have_load = false, have_mass = false, have_servo = false, have_vmax = false;
  const char *usage = "fix ID group rrp/wall face coord Kpw [load F mass M | load F servo ALPHA "
                      "vmax V] [friction linear|mindlin KT MU] [rolling KR MUR] [twisting "
                      "marshall|sds KTW MUTW] [contact middle|lammps]";
  int tangential = RRP_TANGENTIAL_NONE, twisting = RRP_TWISTING_NONE;
  double kt = 0.0, mu = 0.0, kroll = 0.0, muroll = 0.0, ktwist = 0.0, mutwist = 0.0;
  bool have_friction_keyword = false;
  std::vector<std::string> given;
  // a friction keyword's number: finite and >= 0 (a stiffness of a spring also > 0)
  auto number = [&](int k, const std::string &what, bool positive) {
    if (k >= narg) utils::missing_cmd_args(FLERR, "fix rrp/wall " + what, error);
    const double value = utils::numeric(FLERR, arg[k], false, lmp);
    if (!std::isfinite(value) || !(positive ? value > 0.0 : value >= 0.0))
      error->all(FLERR, "Fix rrp/wall {} = {} must be a finite number {}", what, arg[k],
                 positive ? "> 0" : ">= 0");
    return value;
  };
  auto model = [&](int k, const std::string &key) -> std::string {
    if (k >= narg) utils::missing_cmd_args(FLERR, "fix rrp/wall " + key, error);
    return arg[k];
  };
  for (int iarg = 6; iarg < narg;) {
    const std::string key = arg[iarg];
    if (key == "friction" || key == "rolling" || key == "twisting" || key == "contact") {
      if (std::find(given.begin(), given.end(), key) != given.end())
        error->all(FLERR, "Fix rrp/wall keyword {} is given twice", key);
      given.push_back(key);
      have_friction_keyword = true;
      if (key == "friction") {
        const std::string m = model(iarg + 1, key);
        if (m == "linear") tangential = RRP_TANGENTIAL_LINEAR;
        else if (m == "mindlin") tangential = RRP_TANGENTIAL_MINDLIN;
        else
          error->all(FLERR, "Fix rrp/wall friction {} is unknown: use linear (LAMMPS's "
                            "linear_history) or mindlin", m);
        kt = number(iarg + 2, "friction " + m + " KT", true);
        mu = number(iarg + 3, "friction " + m + " MU", false);
        iarg += 4;
      } else if (key == "rolling") {
        kroll = number(iarg + 1, "rolling KR", true);
        muroll = number(iarg + 2, "rolling MUR", false);
        iarg += 3;
      } else if (key == "twisting") {
        const std::string m = model(iarg + 1, key);
        if (m == "marshall") {
          twisting = RRP_TWISTING_MARSHALL;
          iarg += 2;
        } else if (m == "sds") {
          twisting = RRP_TWISTING_SDS;
          ktwist = number(iarg + 2, "twisting sds KTW", true);
          mutwist = number(iarg + 3, "twisting sds MUTW", false);
          iarg += 4;
        } else
          error->all(FLERR, "Fix rrp/wall twisting {} is unknown: use marshall or sds", m);
      } else {
        const std::string where = model(iarg + 1, key);
        if (where == "middle") contact_point = RRP_CONTACT_POINT_MIDDLE;
        else if (where == "lammps") contact_point = RRP_CONTACT_POINT_LAMMPS;
        else
          error->all(FLERR, "Fix rrp/wall contact {} is unknown: use middle or lammps", where);
        iarg += 2;
      }
      continue;
    }
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
    iarg += 2;
  }
  if (have_friction_keyword && tangential == RRP_TANGENTIAL_NONE)
    error->all(FLERR, "Fix rrp/wall: rolling, twisting and contact need friction linear|mindlin "
                      "KT MU");
  // (the numbers are checked above: the law takes them)
  if (rrp_friction_set(static_cast<rrp_tangential_model>(tangential), kt, mu, kroll, muroll,
                       static_cast<rrp_twisting_model>(twisting), ktwist, mutwist, &law) != RRP_OK)
    error->all(FLERR, "Fix rrp/wall: the friction law KT {} MU {} KR {} MUR {} KTW {} MUTW {} is "
                      "out of range", kt, mu, kroll, muroll, ktwist, mutwist);
  friction = tangential != RRP_TANGENTIAL_NONE;
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
  if (friction && !(atom->omega_flag && atom->torque_flag))
    error->all(FLERR, "Fix rrp/wall friction requires per-atom angular velocity and torque "
                      "(atom_style sphere)");

  scalar_flag = 1;
  vector_flag = 1;
  // force on the atoms, wall position, work done on the atoms; a driven wall's velocity,
  // kinetic energy and the work of its load; the friction's works (slip, rolling, twisting,
  // exchange)
  size_vector = 10;
  global_freq = 1;
  extscalar = 1;
  extvector = -1;
  extlist = new int[10]{1, 0, 1, 0, 1, 1, 1, 1, 1, 1};
  restart_global = 1;
  energy_global_flag = 1;
  // the wall's virial (fix_modify virial yes; no by default, as for LAMMPS's fix wall styles)
  virial_global_flag = virial_peratom_flag = 1;

  // each atom's contact history, kept as fix wall/gran keeps its own: it moves with the atom
  // between ranks and is written to restart files (a frictionless wall keeps none)
  if (friction) {
    restart_peratom = 1;
    create_attribute = 1;
    FixRRPWall::grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) FixRRPWall::set_arrays(i);
    wd_header = 1;
    wd_section = 1;
  }
  take_data();
  if (friction) count_histories();
}

int FixRRPWall::setmask()
{
  int mask = POST_FORCE | POST_FORCE_RESPA | MIN_POST_FORCE;
  if (driven) mask |= INITIAL_INTEGRATE | FINAL_INTEGRATE;
  return mask;
}

FixRRPWall::~FixRRPWall()
{
  if (friction) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
    memory->destroy(history);
  }
  delete[] coord_var;
  delete[] load_var;
  delete[] extlist;
}

void FixRRPWall::init()
{
  // an atom that leaves through a periodic face comes back behind the wall, deep inside it (as
  // LAMMPS's wall fixes, checked here too for a box changed after the fix was defined)
  if (domain->periodicity[dim])
    error->all(FLERR, "Fix rrp/wall {}: the box is periodic along {}, so atoms cross the wall; "
                      "make that boundary non-periodic (boundary or change_box: f, s or m)",
               id, "xyz"[dim]);
  ilevel_respa = RRPRespa::force_level(lmp, respa_level);
  if (friction) count_histories();
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
  if (friction) {
    post_force_friction();
    if (driven) ordered_sum();
    step_done();
    return;
  }
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
    tally_normal(tag[i], radius[i], s, force);
    if (evflag) v_tally(dim, i, force * s);    // (x_i - x_wall) f_i along the normal
  }
  if (driven) ordered_sum();
  step_done();
}

/* the wall's velocity along its normal in this step: a driven wall's own; a wall moved by a
   variable, its last step over dt (the tangential loads do no work against it: they enter only
   the contact's relative velocity, whose normal part they do not meet) */

double FixRRPWall::wall_speed() const
{
  if (driven) return side * velocity;
  if (coord_var && wall_work.have_last && update->ntimestep != last_step && update->dt > 0.0)
    return side * (coord - wall_work.last_coord) / update->dt;
  return 0.0;
}

/* post_force with friction: each atom's Hertz force and its contact's friction
   (rrp_wall_contact_kinematics, rrp_friction_step) on its history; a contact that ends lets its
   springs go (rrp_friction_release); the springs' energies go with the Hertz energy, the works
   of the step are summed over the ranks into friction_work (the same on every rank: rank 0
   writes them to restart files) */

void FixRRPWall::post_force_friction()
{
  double **x = atom->x, **v = atom->v, **omega = atom->omega, **f = atom->f;
  double **torque = atom->torque;
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  const tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  local[0] = local[1] = local[2] = 0.0;
  reduced = 0;
  touching.clear();
  const int update_history = update->setupflag == 0;
  const double dt = update->dt, vwall = wall_speed();
  double n[3] = {0.0, 0.0, 0.0};
  n[dim] = side;
  const auto point = static_cast<rrp_contact_point>(contact_point);
  double step_work[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double *h = history[i];
    double force;
    const double s = side * (x[i][dim] - coord);    // distance of the centre from the wall
    const double e = rrp_hertz_wall(kpw, radius[i], s, &force);
    rrp_contact_kin kin;
    rrp_friction_out out;
    if (!(1.0 - s / radius[i] > 0.0)) {    // (rrp_hertz_wall's contact)
      if (h[RRP_FRICTION_HISTORY] != 0.0) {
        // the contact ends: its springs let go (their energy dissipated), the last loads' half of
        // the step's work (kinematics not finite: zeros, the springs let go all the same)
        rrp_wall_contact_kinematics(n, s, radius[i], v[i], vwall, omega[i], point, &kin);
        rrp_friction_release(&kin, dt, update_history, h, &out);
        for (int k = 0; k < 3; k++) step_work[k] += out.dissipated[k];
        step_work[3] += out.exchange;
        h[RRP_FRICTION_HISTORY] = 0.0;
      }
      continue;
    }
    if (rrp_wall_contact_kinematics(n, s, radius[i], v[i], vwall, omega[i], point, &kin) !=
        RRP_OK)
      error->one(FLERR, "Fix rrp/wall {}: atom {} on step {}: non-finite velocity or angular "
                        "velocity", id, tag[i], update->ntimestep);
    h[RRP_FRICTION_HISTORY] = 1.0;
    rrp_friction_step(&law, &kin, force, dt, update_history, h, &out);
    local[0] += e + ((out.u[0] + out.u[1]) + out.u[2]);
    double F[3] = {out.f[0], out.f[1], out.f[2]};
    F[dim] += side * force;
    for (int k = 0; k < 3; k++) {
      f[i][k] += F[k];
      torque[i][k] += out.ti[k];
      step_work[k] += out.dissipated[k];
    }
    step_work[3] += out.exchange;
    tally_normal(tag[i], radius[i], s, force);
    if (evflag) {
      // (x_i - x_wall) F_i, as ev_tally_xyz takes a pair's: x_i - x_wall along the normal only
      double d[3] = {0.0, 0.0, 0.0};
      d[dim] = side * s;
      double w[6] = {d[0] * F[0], d[1] * F[1], d[2] * F[2], d[0] * F[1], d[0] * F[2], d[1] * F[2]};
      v_tally(i, w);
    }
  }
  // one global reduction per step
  double all[4];
  MPI_Allreduce(step_work, all, 4, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < 4; k++) friction_work[k] += all[k];
}

/* an atom's normal contact force: a driven wall keeps it (and a servo its stiffness) to sum in
   the order of the IDs; another wall sums it at once */

void FixRRPWall::tally_normal(tagint tag, double radius, double s, double force)
{
  if (!driven) {
    local[1] += force;
  } else if (force != 0.0) {
    touching.push_back(
        {tag, force, driven == DRIVEN_SERVO ? rrp_hertz_wall_stiffness(kpw, radius, s) : 0.0});
  }
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
    case 5: return load_work.work;
    default: return friction_work[n - 6];
  }
}

/* restart: the work done so far (a moving wall), in a record of version 2; a wall driven by a
   load, version 3 (with a mass) or 4 (a servo): that work, its position, velocity and the work
   of its load. With friction the same values and then the friction's four works, in versions 5,
   6 and 7 (the contacts' histories are in the atoms' per-atom records) */

static constexpr int RECORD_WALL = 2, RECORD_MASS = 3, RECORD_SERVO = 4;
static constexpr int RECORD_FRICTION = 3;    // added to the version of a wall with friction

static int record_of(int driven, bool friction)
{
  return (driven == 1 ? RECORD_MASS : driven == 2 ? RECORD_SERVO : RECORD_WALL) +
      (friction ? RECORD_FRICTION : 0);
}

static std::string kind_of(int record)
{
  const int base = record > RECORD_SERVO ? record - RECORD_FRICTION : record;
  return std::string(base == RECORD_MASS ? "driven by a load with a mass (keywords load, mass)"
                         : base == RECORD_SERVO
                         ? "held at a load by a servo (keywords load, servo, vmax)"
                         : "without a load") +
      (record > RECORD_SERVO ? " with friction" : " without friction");
}

void FixRRPWall::write_restart(FILE *fp)
{
  std::vector<double> r = {wall_work.work};
  if (driven) r = {wall_work.work, coord, velocity, load_work.work};
  if (friction) r.insert(r.end(), friction_work, friction_work + 4);
  RRPRestart::write_fix(lmp, fp, record_of(driven, friction), r);
}

void FixRRPWall::restart(char *buf)
{
  const std::string who = fmt::format("Fix {} {}", style, id);
  // a record of another kind of wall: say which (the head is {marker, version, count})
  double head[2];
  memcpy(head, buf, sizeof(head));
  int mine = record_of(driven, friction);
  // a frictionless run continued with friction: the works from 0, the contacts without history
  if (friction && head[0] == RRPRestart::MAGIC && head[1] == record_of(driven, false))
    mine = record_of(driven, false);
  for (int other = RECORD_WALL; other <= RECORD_SERVO + RECORD_FRICTION; other++)
    if (other != mine && head[0] == RRPRestart::MAGIC && head[1] == other)
      error->all(FLERR, "{}: the restart file holds the state of a wall {} (record version {}), "
                        "and the fix is defined as a wall {}: define it as in the input that "
                        "wrote the file", who, kind_of(other), other, kind_of(mine));
  const bool works = mine > RECORD_SERVO;
  const auto r = RRPRestart::read_fix(lmp, buf, who, mine, (driven ? 4 : 1) + (works ? 4 : 0));
  if (driven) {
    if (!std::isfinite(r[1]) || !std::isfinite(r[2]))
      error->all(FLERR, "{}: the restart file's wall position {} or velocity {} is not finite",
                 who, r[1], r[2]);
    coord = r[1];
    velocity = r[2];
    load_work.work = r[3];
  }
  wall_work.work = r[0];
  if (works)
    for (int k = 0; k < 4; k++) friction_work[k] = r[(driven ? 4 : 1) + k];
}

/* this rank's wall energy of the last force computation, for compute rrp/energy */

void *FixRRPWall::extract(const char *name, int &dim)
{
  if (strcmp(name, "energy_local") == 0) {
    dim = 0;
    return (void *) &local[0];
  }
  // the friction's works so far over all ranks (0 without friction), for compute rrp/energy
  if (strcmp(name, "friction_work") == 0) {
    dim = 1;
    return (void *) friction_work;
  }
  return nullptr;
}

/* ----------------------------------------------------------------------
   data files (with friction): the atoms whose history is not zero (a contact, or one that has
   just ended), counted over the ranks where every rank takes part (construction, init, which
   write_data calls, a run's end) for the header line that rank 0 alone writes
------------------------------------------------------------------------- */

bool FixRRPWall::writes(int i) const
{
  for (int m = 0; m < NHISTORY; m++)
    if (history[i][m] != 0.0) return true;
  return false;
}

void FixRRPWall::count_histories()
{
  bigint n = 0;
  for (int i = 0; i < atom->nlocal; i++) n += writes(i) ? 1 : 0;
  MPI_Allreduce(&n, &nwrite, 1, MPI_LMP_BIGINT, MPI_SUM, world);
}

void FixRRPWall::post_run()
{
  if (friction) count_histories();
}

void FixRRPWall::write_data_header(FILE *fp, int /*mth*/)
{
  fmt::print(fp,
             "{} fix {}, {} atoms of {} values, works {:.17g} {:.17g} {:.17g} {:.17g}; read this "
             "data file with the command rrp/read_data of the rrp-lammps plugin\n",
             FixRRPReadData::WALL_HEADER, id, nwrite, NHISTORY, friction_work[0], friction_work[1],
             friction_work[2], friction_work[3]);
}

void FixRRPWall::write_data_section_size(int /*mth*/, int &nx, int &ny)
{
  bigint n = 0, all = 0;
  for (int i = 0; i < atom->nlocal; i++) n += writes(i) ? 1 : 0;
  MPI_Allreduce(&n, &all, 1, MPI_LMP_BIGINT, MPI_SUM, world);
  if (all != nwrite)
    error->all(FLERR, "write_data: fix rrp/wall {} counted {} atoms with a contact history for "
                      "the header line and has {} now", id, nwrite, all);
  nx = (int) n;
  ny = 1 + NHISTORY;
}

void FixRRPWall::write_data_section_pack(int /*mth*/, double **buf)
{
  int row = 0;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!writes(i)) continue;
    buf[row][0] = ubuf(atom->tag[i]).d;
    for (int m = 0; m < NHISTORY; m++) buf[row][1 + m] = history[i][m];
    row++;
  }
}

void FixRRPWall::write_data_section_keyword(int /*mth*/, FILE *fp)
{
  fmt::print(fp,
             "\n{} # fix rrp/wall {} friction: ID and the atom's {} history values ({} of the "
             "contact, then 1 while it touches), {} to a line\n\n",
             FixRRPReadData::WALL_SECTION, id, NHISTORY, RRP_FRICTION_HISTORY, FixRRPReadData::WALL_PER_LINE);
}

void FixRRPWall::write_data_section(int /*mth*/, FILE *fp, int n, double **buf, int /*index*/)
{
  for (int r = 0; r < n; r++) {
    const tagint a = ubuf(buf[r][0]).i;
    for (int first = 0; first < NHISTORY; first += FixRRPReadData::WALL_PER_LINE) {
      std::string line = fmt::format("{}", a);
      for (int k = first; k < std::min(NHISTORY, first + FixRRPReadData::WALL_PER_LINE); k++)
        line += fmt::format(" {}", buf[r][1 + k]);
      fmt::print(fp, "{}\n", line);
    }
  }
}

/* the histories of a data file's section for this ID (rrp/read_data keeps them on the ranks
   of their atoms at reading): taken once, by the first fix rrp/wall of the ID; dropped with a
   WARNING by a wall without friction; an ERROR if atoms have gone to other ranks since */

void FixRRPWall::take_data()
{
  auto *reader = dynamic_cast<FixRRPReadData *>(modify->get_fix_by_id("RRP_READ_DATA"));
  auto *data = reader ? reader->wall_data(id) : nullptr;
  if (!data || data->taken) return;
  data->taken = true;
  if (!friction) {
    if (comm->me == 0)
      error->warning(FLERR, "Fix rrp/wall {} without friction: the contact histories of {} atoms "
                            "of the data file's section {} (rrp/read_data) are dropped", id,
                     data->natoms, FixRRPReadData::WALL_SECTION);
    return;
  }
  const bool temporary_map = atom->map_style == Atom::MAP_NONE;    // an atomic system
  if (temporary_map) {
    atom->map_init();
    atom->map_set();
  }
  bigint mine = 0, all = 0;
  for (size_t r = 0; r < data->tags.size(); r++) {
    const int i = atom->map(data->tags[r]);
    if (i < 0 || i >= atom->nlocal) continue;
    for (int m = 0; m < NHISTORY; m++) history[i][m] = data->values[NHISTORY * r + m];
    mine++;
  }
  if (temporary_map) {
    atom->map_delete();
    atom->map_style = Atom::MAP_NONE;
  }
  MPI_Allreduce(&mine, &all, 1, MPI_LMP_BIGINT, MPI_SUM, world);
  if (all != data->natoms)
    error->all(FLERR, "Fix rrp/wall {}: {} of the {} atoms of the data file's section {} are "
                      "still on the ranks that read them: define the fix before commands that "
                      "move atoms between ranks", id, all, data->natoms, FixRRPReadData::WALL_SECTION);
  for (int k = 0; k < 4; k++) friction_work[k] = data->works[k];
  data->tags.clear();
  data->values.clear();
}

/* the contacts' histories (with friction only: a frictionless wall registers no callback) */

double FixRRPWall::memory_usage()
{
  return friction ? (double) atom->nmax * NHISTORY * sizeof(double) : 0.0;
}

void FixRRPWall::grow_arrays(int nmax)
{
  memory->grow(history, nmax, NHISTORY, "rrp/wall:history");
}

void FixRRPWall::copy_arrays(int i, int j, int /*delflag*/)
{
  memcpy(history[j], history[i], NHISTORY * sizeof(double));
}

void FixRRPWall::set_arrays(int i)
{
  for (int m = 0; m < NHISTORY; m++) history[i][m] = 0.0;
}

int FixRRPWall::pack_exchange(int i, double *buf)
{
  for (int m = 0; m < NHISTORY; m++) buf[m] = history[i][m];
  return NHISTORY;
}

int FixRRPWall::unpack_exchange(int nlocal, double *buf)
{
  for (int m = 0; m < NHISTORY; m++) history[nlocal][m] = buf[m];
  return NHISTORY;
}

int FixRRPWall::pack_restart(int i, double *buf)
{
  if (!friction) return 0;
  buf[0] = NHISTORY + 1;    // (LAMMPS's per-atom record: its length first)
  for (int m = 0; m < NHISTORY; m++) buf[1 + m] = history[i][m];
  return NHISTORY + 1;
}

void FixRRPWall::unpack_restart(int nlocal, int nth)
{
  if (!friction) return;
  const std::string who = fmt::format("Fix {} {}", style, id);
  int count = 0;
  const double *values = RRPRestart::atom_record(lmp, nlocal, nth, who, count);
  if (count != NHISTORY)
    error->one(FLERR, "{}: the restart file holds {} values of the contact history of atom {}, "
                      "where this plugin keeps {}: written by another version?", who, count,
               atom->tag[nlocal], NHISTORY);
  for (int m = 0; m < NHISTORY; m++) history[nlocal][m] = values[m];
}

int FixRRPWall::size_restart(int /*nlocal*/)
{
  return friction ? NHISTORY + 1 : 0;
}

int FixRRPWall::maxsize_restart()
{
  return friction ? NHISTORY + 1 : 0;
}
