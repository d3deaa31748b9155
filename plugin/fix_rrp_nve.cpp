/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve. See doc/fix_rrp_nve.rst.
   LAMMPS bookkeeping only (arguments, checks, restart, data files); every number is computed by
   core/ (rrp/integrator.h, rrp/rotation.h). The orientation it integrates is the atom style's
   quaternion where there is one, else the array of fix RRP/ORIENTATION (rrp_orientation.h).
------------------------------------------------------------------------- */

#include "fix_rrp_nve.h"

#include "rrp_integrator.h"
#include "rrp_orientation.h"
#include "rrp_register.h"
#include "rrp_respa.h"
#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "input.h"
#include "memory.h"
#include "modify.h"
#include "respa.h"
#include "update.h"
#include "variable.h"

#include "rrp/rotation.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;
using namespace RRPOrientation;

static constexpr int NQUAT = 4;
// the restart record's version (rrp_restart.h): the orientation layout, ATOM_QUAT or STORE
static constexpr int RESTART_VERSION = 3;
enum { GHOSTS_AUTO, GHOSTS_ALWAYS };

/* ---------------------------------------------------------------------- */

FixRRPNVE::FixRRPNVE(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), scheme(nullptr), inertia_name(nullptr), inertia_index(-1),
    inertia_warned(false), alpha_str{nullptr, nullptr, nullptr}, alpha_given(false),
    quat_str{nullptr, nullptr, nullptr, nullptr}, quat_given(false), orient_pending(false),
    ghost_mode(GHOSTS_AUTO), limit_stop(false), update_dipole(false), send_quat(false),
    forward_quat(false), join(true), clear(true), step_respa(nullptr), turn(lmp, this)
{
  if (narg < 3) utils::missing_cmd_args(FLERR, "fix rrp/nve", error);
  // -sf rrp spells it nve/sphere/rrp or nve/bpm/sphere/rrp: one style inside LAMMPS
  RRPRegister::own_name(style, "rrp/nve");

  time_integrate = 1;
  restart_global = 1;
  peratom_flag = 1;    // the quaternions as per-atom array f_ID[1..4], owned and ghost rows
  size_peratom_cols = NQUAT;
  peratom_freq = 1;
  scalar_flag = 1;    // atom-steps where the exact map took map (25)'s increment, so far
  global_freq = 1;
  extscalar = 0;

  scheme = rrp_scheme_find("exact");
  inertia_spec.kind = RRP_INERTIA_RATIO;
  inertia_spec.value = 0.4;
  inertia_spec.per_atom = nullptr;
  parse_keywords(narg, arg);
  turn.require(inertia_spec.kind == RRP_INERTIA_RATIO, true);
  turn.inertia_is(&inertia_spec, inertia_name);

  // layout ATOM_QUAT with comm_modify vel no: the atom style does not send its quaternion to
  // ghost atoms, this fix does (borders and forward_comm, decided at init)
  if (turn.layout() == ATOM_QUAT) {
    comm_forward = NQUAT;
    atom->add_callback(Atom::BORDER);
  }
}

/* the keywords of the fix command (doc/fix_rrp_nve.rst) */

void FixRRPNVE::parse_keywords(int narg, char **arg)
{
  int iarg = 3;
  while (iarg < narg) {
    const char *key = arg[iarg];
    if (strcmp(key, "scheme") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve scheme", error);
      scheme = rrp_scheme_find(arg[iarg + 1]);
      if (!scheme)
        error->all(FLERR, "Fix rrp/nve scheme {} is unknown: use exact, newmark or euler",
                   arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(key, "inertia") == 0) {
      iarg = parse_inertia(iarg, narg, arg);
    } else if (strcmp(key, "quat") == 0 || strcmp(key, "alpha") == 0) {
      // the initial orientations: 4 or 3 numbers or variables, taken at the first run
      const bool quat = key[0] == 'q';
      const int n = quat ? 4 : 3;
      if (iarg + n + 1 > narg) utils::missing_cmd_args(FLERR, std::string("fix rrp/nve ") + key, error);
      char **strs = quat ? quat_str : alpha_str;
      for (int d = 0; d < n; d++) {
        delete[] strs[d];
        strs[d] = utils::strdup(arg[iarg + 1 + d]);
      }
      (quat ? quat_given : alpha_given) = true;
      iarg += n + 1;
    } else if (strcmp(key, "update") == 0) {
      // fix nve/sphere's keyword: the dipole turns with the sphere (dipole/dlm: the same here,
      // the RRP increment is already the exact rotation of the step)
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve update", error);
      if (strcmp(arg[iarg + 1], "dipole") != 0 && strcmp(arg[iarg + 1], "dipole/dlm") != 0)
        error->all(FLERR, "Fix rrp/nve update {} is unknown: use dipole or dipole/dlm",
                   arg[iarg + 1]);
      if (!atom->mu_flag)
        error->all(FLERR, "Fix rrp/nve update {} requires atom attribute mu (atom_style dipole, "
                          "or hybrid with it)", arg[iarg + 1]);
      update_dipole = true;
      iarg += 2;
    } else if (strcmp(key, "disc") == 0) {
      // fix nve/sphere's keyword: J = m r^2 / 2, a disc in a 2d simulation
      if (domain->dimension != 2)
        error->all(FLERR, "Fix rrp/nve disc requires a 2d simulation (dimension 2)");
      inertia_spec.kind = RRP_INERTIA_RATIO;
      inertia_spec.value = 0.5;
      iarg += 1;
    } else if (strcmp(key, "limit") == 0 || strcmp(key, "ghosts") == 0) {
      // two words each: limit newmark|stop, ghosts auto|always
      const bool limit = key[0] == 'l';
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, std::string("fix rrp/nve ") + key, error);
      const char *first = limit ? "newmark" : "auto", *second = limit ? "stop" : "always";
      const bool is_second = strcmp(arg[iarg + 1], second) == 0;
      if (!is_second && strcmp(arg[iarg + 1], first) != 0)
        error->all(FLERR, "Fix rrp/nve {} {} is unknown: use {} or {}", key, arg[iarg + 1], first,
                   second);
      if (limit)
        limit_stop = is_second;
      else
        ghost_mode = is_second ? GHOSTS_ALWAYS : GHOSTS_AUTO;
      iarg += 2;
    } else if (strcmp(key, "join") == 0 || strcmp(key, "clear") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, std::string("fix rrp/nve ") + key, error);
      (key[0] == 'j' ? join : clear) = utils::logical(FLERR, arg[iarg + 1], false, lmp) == 1;
      iarg += 2;
    } else {
      error->all(FLERR, "Unknown fix rrp/nve keyword: {}", key);
    }
  }
  if (alpha_given && quat_given)
    error->all(FLERR, "Fix rrp/nve: give the initial orientation by alpha or by quat, not both");
  orient_pending = alpha_given || quat_given;
  if (alpha_given) check_columns(alpha_str, 3, "alpha");
  if (quat_given) check_columns(quat_str, 4, "quat");
}

/* inertia sphere | ratio c | value J | atom d_NAME: the index after it */

int FixRRPNVE::parse_inertia(int iarg, int narg, char **arg)
{
  if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve inertia", error);
  const char *kind = arg[iarg + 1];
  if (strcmp(kind, "sphere") == 0) {
    inertia_spec.kind = RRP_INERTIA_RATIO;
    inertia_spec.value = 0.4;
    return iarg + 2;
  }
  if (strcmp(kind, "atom") == 0) {
    if (iarg + 3 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve inertia atom", error);
    if (!utils::strmatch(arg[iarg + 2], "^d_"))
      error->all(FLERR, "Fix rrp/nve inertia atom {} must name a per-atom vector d_NAME of "
                        "fix property/atom", arg[iarg + 2]);
    delete[] inertia_name;
    inertia_name = utils::strdup(arg[iarg + 2] + 2);
    inertia_spec.kind = RRP_INERTIA_ATOM;
    inertia_spec.value = 0.0;
    return iarg + 3;
  }
  if (strcmp(kind, "ratio") == 0 || strcmp(kind, "value") == 0) {
    if (iarg + 3 > narg)
      utils::missing_cmd_args(FLERR, std::string("fix rrp/nve inertia ") + kind, error);
    inertia_spec.kind = (kind[0] == 'r') ? RRP_INERTIA_RATIO : RRP_INERTIA_VALUE;
    inertia_spec.value = utils::numeric(FLERR, arg[iarg + 2], false, lmp);
    if (!(inertia_spec.value > 0.0) || !std::isfinite(inertia_spec.value))
      error->all(FLERR, "Fix rrp/nve inertia {} {} must be a positive number", kind,
                 arg[iarg + 2]);
    return iarg + 3;
  }
  error->all(FLERR, "Fix rrp/nve inertia {} is unknown: use sphere, ratio c, value J or atom "
                    "d_NAME", kind);
  return narg;
}

/* the orientations of layout STORE: found by ID, created by the first fix rrp/nve. Runs before
   restart data, if any, reach this fix and the store (Modify::add_fix). */

void FixRRPNVE::post_constructor()
{
  RRPRegister::own_name(style, "rrp/nve");    // (whatever suffix found it)
  turn.post_constructor();
  array_atom = orientation();
}

FixRRPNVE::~FixRRPNVE()
{
  if (copymode) return;
  if (turn.layout() == ATOM_QUAT) atom->delete_callback(id, Atom::BORDER);
  clear_rule.release(lmp);
  for (auto &s : alpha_str) delete[] s;
  for (auto &s : quat_str) delete[] s;
  delete[] inertia_name;
}

int FixRRPNVE::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  mask |= INITIAL_INTEGRATE_RESPA;
  mask |= FINAL_INTEGRATE_RESPA;
  if (clear) mask |= PRE_FORCE;
  return mask;
}

double **FixRRPNVE::orientation() const
{
  return RRPOrientation::array(lmp);
}

/* the per-atom output array is the orientation array, which moves when the atoms' arrays grow:
   its address is taken anew at setup and at the end of each step, before any output */

void FixRRPNVE::setup(int /*vflag*/)
{
  join_rule.drop_owed(lmp, style, id);
  array_atom = orientation();
  turn.setup();
}

/* the atom-steps of this run where the exact map had no increment and took map (25)'s */

void FixRRPNVE::post_run()
{
  // the run ends (its last step, a timeout) with every kick made
  if (join_rule.take_owed()) advance_end(update->dt);
  turn.post_run();
}

double FixRRPNVE::compute_scalar()
{
  double mine = (double) turn.count(), all = 0.0;
  MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

/* clear: on a step whose first half cleared its atoms' forces and torques, those it has not
   (ghost atoms, or all after reneighboring), before any other fix of pre_force */

void FixRRPNVE::pre_force(int /*vflag*/)
{
  clear_rule.clear(lmp);
}

/* ----------------------------------------------------------------------
   initial orientations of the group's atoms: numbers or atom-style (or equal-style) variables
------------------------------------------------------------------------- */

/* at the fix command: each value is a number or an atom-style or equal-style variable (the
   values are taken at the first run, unless a restart file brings the orientations) */

void FixRRPNVE::check_columns(char **strs, int n, const char *keyword)
{
  for (int d = 0; d < n; d++) {
    const char *s = strs[d];
    if (!utils::strmatch(s, "^v_")) {
      utils::numeric(FLERR, s, false, lmp);
      continue;
    }
    const int ivar = input->variable->find(s + 2);
    if (ivar < 0)
      error->all(FLERR, "Variable {} for fix rrp/nve {} does not exist", s + 2, keyword);
    if (!input->variable->atomstyle(ivar) && !input->variable->equalstyle(ivar))
      error->all(FLERR, "Variable {} for fix rrp/nve {} is not atom-style or equal-style", s + 2,
                 keyword);
  }
}

double **FixRRPNVE::eval_columns(char **strs, int n, const char *keyword)
{
  const int nlocal = atom->nlocal;
  double **a = nullptr;
  memory->create(a, (nlocal > 0) ? nlocal : 1, n, "rrp/nve:columns");
  for (int d = 0; d < n; d++) {
    const char *s = strs[d];
    if (utils::strmatch(s, "^v_")) {
      const int ivar = input->variable->find(s + 2);
      if (ivar < 0)
        error->all(FLERR, "Variable {} for fix rrp/nve {} does not exist", s + 2, keyword);
      if (input->variable->atomstyle(ivar)) {
        if (nlocal > 0) input->variable->compute_atom(ivar, igroup, &a[0][d], n, 0);
      } else if (input->variable->equalstyle(ivar)) {
        const double value = input->variable->compute_equal(ivar);
        for (int i = 0; i < nlocal; i++) a[i][d] = value;
      } else {
        error->all(FLERR, "Variable {} for fix rrp/nve {} is not atom-style or equal-style", s + 2,
                   keyword);
      }
    } else {
      const double value = utils::numeric(FLERR, s, false, lmp);
      for (int i = 0; i < nlocal; i++) a[i][d] = value;
    }
  }
  return a;
}

/* from the alpha keyword (an RRP vector) */

void FixRRPNVE::set_alpha()
{
  double **a = eval_columns(alpha_str, 3, "alpha");
  double **quat = orientation();
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    if (!std::isfinite(a[i][0]) || !std::isfinite(a[i][1]) || !std::isfinite(a[i][2]))
      error->one(FLERR, "Fix rrp/nve alpha of atom {} is not finite: ({}, {}, {})",
                 atom->tag[i], a[i][0], a[i][1], a[i][2]);
    rrp_alpha_to_quat(a[i], quat[i]);
  }
  memory->destroy(a);
}

/* from the quat keyword (w, x, y, z; normalised) */

void FixRRPNVE::set_quat()
{
  double **a = eval_columns(quat_str, 4, "quat");
  double **quat = orientation();
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    if (rrp_quat_from_values(a[i], quat[i]) != RRP_OK)
      error->one(FLERR,
                 "Fix rrp/nve quat of atom {} is ({}, {}, {}, {}): it must be finite and nonzero",
                 atom->tag[i], a[i][0], a[i][1], a[i][2], a[i][3]);
  }
  memory->destroy(a);
}

/* ----------------------------------------------------------------------
   write_data: the Orientations section (rrp_orientation.h), by the first fix rrp/nve unless the
   binders write it with their references; read back by the command rrp/read_data
------------------------------------------------------------------------- */

void FixRRPNVE::write_data_header(FILE *fp, int /*mth*/)
{
  turn.write_data_header(fp);
}

void FixRRPNVE::write_data_section_size(int /*mth*/, int &nx, int &ny)
{
  turn.write_data_section_size(nx, ny);
}

void FixRRPNVE::write_data_section_pack(int /*mth*/, double **buf)
{
  turn.write_data_section_pack(buf);
}

void FixRRPNVE::write_data_section_keyword(int /*mth*/, FILE *fp)
{
  turn.write_data_section_keyword(fp);
}

void FixRRPNVE::write_data_section(int /*mth*/, FILE *fp, int n, double **buf, int /*index*/)
{
  turn.write_data_section(fp, n, buf);
}

/* ---------------------------------------------------------------------- */

void FixRRPNVE::init()
{
  step_respa = RRPRespa::level_steps(lmp);
  RRPIntegrator::check_timestep(lmp, this);
  turn.init();
  array_atom = orientation();
  find_inertia();
  warn_inertia_computes();
  // initial orientations: at the first run, unless a restart file brought them
  if (orient_pending) {
    orient_pending = false;
    if (restart_reset) {
      if (comm->me == 0)
        error->warning(FLERR,
                       "Fix rrp/nve {}: orientations were read from the restart file; the {} "
                       "keyword was ignored",
                       id, alpha_given ? "alpha" : "quat");
    } else if (alpha_given) {
      set_alpha();
    } else {
      set_quat();
    }
  }
  check_atoms();
  join_rule.scan_fixes(lmp, this);
  init_clear();
  init_ghosts();
}

/* LAMMPS's own rotational computes assume a solid sphere: with another inertia they disagree */

void FixRRPNVE::warn_inertia_computes()
{
  if (inertia_warned || (inertia_spec.kind == RRP_INERTIA_RATIO && inertia_spec.value == 0.4))
    return;
  for (const auto &c : modify->get_compute_list())
    if (utils::strmatch(c->style, "^erotate/sphere") || utils::strmatch(c->style, "^temp/sphere")) {
      inertia_warned = true;
      if (comm->me == 0)
        error->warning(FLERR,
                       "Fix rrp/nve {}: compute {} (style {}) takes J = 0.4 m r^2, not the "
                       "inertia of this fix; compute rrp/momentum gives the rotational energy "
                       "and angular momentum with it",
                       id, c->id, c->style);
    }
}

/* clear: who clears the forces of the run, said when it changes (not for clear no) */

void FixRRPNVE::init_clear()
{
  if (update->whichflag != 1) {
    clear_rule.release(lmp);
    return;
  }
  const std::string why = clear_rule.init(lmp, this, clear);
  const std::string said = !clear ? std::string()
      : why.empty() ? fmt::format("Fix rrp/nve {} clears the forces in its first half", id)
                    : fmt::format("Fix rrp/nve {}: LAMMPS clears the forces ({})", id, why);
  if (said != clear_said && !said.empty() && comm->me == 0) utils::logmesg(lmp, said + "\n");
  clear_said = said;
}

/* the last fix rrp/nve sends the orientations to the ghost atoms between reneighborings, when a
   style reads them there (the binder; at reneighborings they are sent in any case):
   - layout STORE: the store's own borders, and the store's forward_comm (RRPSphereTurn);
   - layout ATOM_QUAT with comm_modify vel yes: LAMMPS, with the velocities, at every step;
   - layout ATOM_QUAT with comm_modify vel no: this fix, borders and forward_comm. */

void FixRRPNVE::init_ghosts()
{
  const int layout = turn.layout();
  auto all = RRPRegister::fixes_of(modify, "rrp/nve");
  const bool last = all.back() == this;
  const bool reads = ghost_mode == GHOSTS_ALWAYS || binder(lmp);
  turn.send_ghosts(last && reads);
  send_quat = layout == ATOM_QUAT && !comm->ghost_velocity && last;
  comm_border = send_quat ? NQUAT : 0;    // read by Comm::init, which runs after this
  forward_quat = send_quat && reads;

  // this fix sends the quaternions after its own step; another fix advancing them would have
  // its atoms' ghosts lag a step behind
  if (forward_quat)
    for (const auto &other : modify->get_fix_list())
      if (!RRPRegister::is_style(other->style, "rrp/nve") && advances(other, layout))
        error->all(FLERR,
                   "Fix rrp/nve {}: with comm_modify vel no this fix sends the quaternions of "
                   "atom_style {} to the ghost atoms, which bond_style rrp/binder reads, but fix {} "
                   "(style {}) advances them too: set comm_modify vel yes, and LAMMPS sends them",
                   id, atom->atom_style, other->id, other->style);
}

/* every atom of the group has a positive mass and rotational inertia */

void FixRRPNVE::check_atoms()
{
  const int nlocal = atom->nlocal;
  const int *mask = atom->mask;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const double m = atom->rmass[i];
    const double j = inertia(i);
    if (!(m > 0.0) || !std::isfinite(m))
      error->one(FLERR, "Fix rrp/nve: atom {} has mass {}; it must be positive", atom->tag[i], m);
    if (!(j > 0.0) || !std::isfinite(j))
      error->one(FLERR,
                 "Fix rrp/nve: atom {} has rotational inertia {} (radius {}); it must be positive "
                 "and finite",
                 atom->tag[i], j, atom->radius ? atom->radius[i] : 0.0);
  }
}

double FixRRPNVE::inertia(int i) const
{
  return rrp_inertia_of_atom(&inertia_spec, i, atom->rmass[i], atom->radius ? atom->radius[i] : 0.0);
}

/* inertia atom d_NAME: the per-atom vector, found anew (it moves when the atom arrays grow) */

void FixRRPNVE::find_inertia()
{
  if (inertia_spec.kind != RRP_INERTIA_ATOM) return;
  int flag, cols;
  inertia_index = atom->find_custom(inertia_name, flag, cols);
  if (inertia_index < 0 || flag != 1 || cols != 0)
    error->all(FLERR, "Fix rrp/nve inertia atom d_{}: there is no per-atom vector d_{} (define it "
                      "with fix property/atom d_{}, and set it or read it from a data file)",
               inertia_name, inertia_name, inertia_name);
  inertia_spec.per_atom = atom->dvector[inertia_index];
}

/* ---------------------------------------------------------------------- */

rrp_spheres FixRRPNVE::spheres(int nlocal)
{
  if (inertia_spec.kind == RRP_INERTIA_ATOM) inertia_spec.per_atom = atom->dvector[inertia_index];
  return sphere_views(lmp, nlocal, atom->mask, groupbit);
}

void FixRRPNVE::initial_integrate(int /*vflag*/)
{
  advance_start(update->dt);
}

/* the second half kick, or (join yes) nothing: the next step's first half makes it with its own,
   in one pass over the atoms, when nothing reads the velocities between the two (RRPJoin) */

void FixRRPNVE::final_integrate()
{
  if (join && scheme->kick_fraction < 1.0 && join_rule.defer(lmp)) {    // a second half to defer
    array_atom = orientation();
    return;
  }
  advance_end(update->dt);
}

/* ----------------------------------------------------------------------
   run_style respa, as fix nve: the innermost level kicks, drifts and turns the atoms with its
   step; the outer levels only kick, each with its own forces and torques and step, by the part
   of the kick that the scheme makes before the drift (half, or all of it for map (27)); with one
   inner step per outer step the run is the Verlet run, up to round-off
------------------------------------------------------------------------- */

void FixRRPNVE::initial_integrate_respa(int /*vflag*/, int ilevel, int /*iloop*/)
{
  if (ilevel == 0) {
    advance_start(step_respa[ilevel]);
    return;
  }
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_spheres p = spheres(nlocal);
  rrp_spheres_kick(&p, &inertia_spec, scheme->kick_fraction * step_respa[ilevel], force->ftm2v);
}

void FixRRPNVE::final_integrate_respa(int ilevel, int /*iloop*/)
{
  advance_end(step_respa[ilevel]);
}

void FixRRPNVE::advance_start(double h)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;

  const rrp_spheres p = spheres(nlocal);
  rrp_step_report bad = {-1, 0.0};
  if (update_dipole) turn.save_dipoles(p);
  const long before = turn.count();
  // clear: the first half clears its atoms' forces and torques as it reads them (all of the
  // atoms: group all, and the run's neighbor lists are not for a first group)
  const bool clears = clear_rule.active() && nlocal == atom->nlocal;
  const bool rows = clears && nlocal > 0;
  const rrp_first_options opt = {
      limit_stop ? nullptr : turn.counter(), join_rule.take_owed(),
      rows ? reinterpret_cast<double(*)[3]>(&atom->f[0][0]) : nullptr,
      rows ? reinterpret_cast<double(*)[3]>(&atom->torque[0][0]) : nullptr};
  const int status = rrp_spheres_first(scheme, &p, &inertia_spec, h, force->ftm2v, &opt, &bad);
  turn.warn_since(before);
  if (status != RRP_OK) turn.step_error(status, bad.index, bad.hw, h);

  if (clears) clear_rule.cleared(lmp, nlocal);
  if (update_dipole) turn.turn_dipoles(p);

  // new orientations reach the ghost atoms (on reneighboring steps borders() sends them again)
  turn.forward();
  if (forward_quat) comm->forward_comm(this);
}

/* layout ATOM_QUAT with comm_modify vel no: the atom style's quaternion to the ghost atoms, at
   borders (the last fix rrp/nve only: comm_border is 0 in the others) and every step where a
   style reads them (forward_quat) */

int FixRRPNVE::pack_border(int n, int *list, double *buf)
{
  return send_quat ? pack_rows(atom->quat, n, list, buf) : 0;
}

int FixRRPNVE::unpack_border(int n, int first, double *buf)
{
  return send_quat ? unpack_rows(atom->quat, n, first, buf) : 0;
}

int FixRRPNVE::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  return pack_rows(atom->quat, n, list, buf);
}

void FixRRPNVE::unpack_forward_comm(int n, int first, double *buf)
{
  unpack_rows(atom->quat, n, first, buf);
}

void FixRRPNVE::advance_end(double h)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_spheres p = spheres(nlocal);
  rrp_spheres_second(scheme, &p, &inertia_spec, h, force->ftm2v);
  array_atom = orientation();
}

/* ----------------------------------------------------------------------
   for other styles and the library interface: "inertia" (the rrp_inertia rule of core/,
   dim 0), "quat" (the orientation array, dim 2)
------------------------------------------------------------------------- */

void *FixRRPNVE::extract(const char *name, int &dim)
{
  if (strcmp(name, "inertia") == 0) {
    dim = 0;
    if (inertia_spec.kind == RRP_INERTIA_ATOM && inertia_index >= 0)
      inertia_spec.per_atom = atom->dvector[inertia_index];
    return (void *) &inertia_spec;
  }
  if (strcmp(name, "quat") == 0) {
    dim = 2;
    return (void *) orientation();
  }
  return nullptr;
}

double FixRRPNVE::memory_usage()
{
  return 0.0;    // the orientations belong to the atom style or to fix RRP_ORIENTATION
}

/* ----------------------------------------------------------------------
   restart: the record {layout} (rrp_restart.h); the orientations themselves are the atom
   style's (ATOM_QUAT) or the store's (STORE) per-atom restart data
------------------------------------------------------------------------- */

void FixRRPNVE::write_restart(FILE *fp)
{
  RRPRestart::write_fix(lmp, fp, RESTART_VERSION, {(double) turn.layout()});
}

void FixRRPNVE::restart(char *buf)
{
  const double saved = RRPRestart::read_fix(lmp, buf, fmt::format("Fix {} {}", style, id),
                                            RESTART_VERSION, 1)[0];
  if (saved != ATOM_QUAT && saved != STORE)
    error->all(FLERR, "Fix {} {}: the restart file names orientation layout {}, which is none",
               style, id, saved);
  const int layout = turn.layout();
  if ((int) saved != layout)
    error->all(FLERR,
               "Fix {} {}: the restart file holds the orientations as {}, but atom_style {} "
               "keeps them as {}: a restart of one layout cannot be read into the other",
               style, id, describe((int) saved), atom->atom_style, describe(layout));
}
