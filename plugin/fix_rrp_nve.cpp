/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve. See doc/fix_rrp_nve.md.
   LAMMPS bookkeeping only (arguments, checks, restart, data files); every number is computed by
   core/ (rrp/integrator.h, rrp/rotation.h). The orientation it integrates is the atom style's
   quaternion where there is one, else the array of fix RRP/ORIENTATION (rrp_orientation.h).
------------------------------------------------------------------------- */

#include "fix_rrp_nve.h"

#include "fix_rrp_orientation.h"
#include "rrp_integrator.h"
#include "rrp_orientation.h"
#include "rrp_register.h"
#include "rrp_respa.h"

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
// global restart data of this fix, one versioned record: the marker, the version and the
// orientation layout (ATOM_QUAT or STORE), checked when a restart file is read
static constexpr double RESTART_MAGIC = 7256980.0;    // "RRP" in a double: an unlikely value
static constexpr double RESTART_VERSION = 2.0;
enum { GHOSTS_AUTO, GHOSTS_ALWAYS };

/* ---------------------------------------------------------------------- */

FixRRPNVE::FixRRPNVE(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), scheme(nullptr), inertia_name(nullptr), inertia_index(-1),
    inertia_warned(false), layout(NONE), store(nullptr),
    alpha_str{nullptr, nullptr, nullptr}, alpha_given(false),
    quat_str{nullptr, nullptr, nullptr, nullptr}, quat_given(false), orient_pending(false),
    ghost_mode(GHOSTS_AUTO), limit_stop(false), update_dipole(false),
    fallbacks(0), fallbacks_run(0), fallback_warned(false), comm_ghosts(false),
    send_quat(false),
    join(true), clear(true), step_respa(nullptr)
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

  int iarg = 3;
  while (iarg < narg) {
    if (strcmp(arg[iarg], "scheme") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve scheme", error);
      scheme = rrp_scheme_find(arg[iarg + 1]);
      if (!scheme)
        error->all(FLERR, "Fix rrp/nve scheme {} is unknown: use exact, newmark or euler",
                   arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "inertia") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve inertia", error);
      if (strcmp(arg[iarg + 1], "sphere") == 0) {
        inertia_spec.kind = RRP_INERTIA_RATIO;
        inertia_spec.value = 0.4;
        iarg += 2;
      } else if (strcmp(arg[iarg + 1], "atom") == 0) {
        if (iarg + 3 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve inertia atom", error);
        if (!utils::strmatch(arg[iarg + 2], "^d_"))
          error->all(FLERR, "Fix rrp/nve inertia atom {} must name a per-atom vector d_NAME of "
                            "fix property/atom", arg[iarg + 2]);
        delete[] inertia_name;
        inertia_name = utils::strdup(arg[iarg + 2] + 2);
        inertia_spec.kind = RRP_INERTIA_ATOM;
        inertia_spec.value = 0.0;
        iarg += 3;
      } else if (strcmp(arg[iarg + 1], "ratio") == 0 || strcmp(arg[iarg + 1], "value") == 0) {
        if (iarg + 3 > narg)
          utils::missing_cmd_args(FLERR, std::string("fix rrp/nve inertia ") + arg[iarg + 1],
                                  error);
        inertia_spec.kind = (arg[iarg + 1][0] == 'r') ? RRP_INERTIA_RATIO : RRP_INERTIA_VALUE;
        inertia_spec.value = utils::numeric(FLERR, arg[iarg + 2], false, lmp);
        if (!(inertia_spec.value > 0.0) || !std::isfinite(inertia_spec.value))
          error->all(FLERR, "Fix rrp/nve inertia {} {} must be a positive number",
                     arg[iarg + 1], arg[iarg + 2]);
        iarg += 3;
      } else {
        error->all(FLERR, "Fix rrp/nve inertia {} is unknown: use sphere, ratio c, value J or "
                          "atom d_NAME",
                   arg[iarg + 1]);
      }
    } else if (strcmp(arg[iarg], "quat") == 0) {
      if (iarg + 5 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve quat", error);
      for (int d = 0; d < 4; d++) {
        delete[] quat_str[d];
        quat_str[d] = utils::strdup(arg[iarg + 1 + d]);
      }
      quat_given = true;
      iarg += 5;
    } else if (strcmp(arg[iarg], "update") == 0) {
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
    } else if (strcmp(arg[iarg], "disc") == 0) {
      // fix nve/sphere's keyword: J = m r^2 / 2, a disc in a 2d simulation
      if (domain->dimension != 2)
        error->all(FLERR, "Fix rrp/nve disc requires a 2d simulation (dimension 2)");
      inertia_spec.kind = RRP_INERTIA_RATIO;
      inertia_spec.value = 0.5;
      iarg += 1;
    } else if (strcmp(arg[iarg], "limit") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve limit", error);
      if (strcmp(arg[iarg + 1], "newmark") == 0)
        limit_stop = false;
      else if (strcmp(arg[iarg + 1], "stop") == 0)
        limit_stop = true;
      else
        error->all(FLERR, "Fix rrp/nve limit {} is unknown: use newmark or stop", arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "ghosts") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve ghosts", error);
      if (strcmp(arg[iarg + 1], "auto") == 0)
        ghost_mode = GHOSTS_AUTO;
      else if (strcmp(arg[iarg + 1], "always") == 0)
        ghost_mode = GHOSTS_ALWAYS;
      else
        error->all(FLERR, "Fix rrp/nve ghosts {} is unknown: use auto or always", arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "join") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve join", error);
      join = utils::logical(FLERR, arg[iarg + 1], false, lmp) == 1;
      iarg += 2;
    } else if (strcmp(arg[iarg], "clear") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve clear", error);
      clear = utils::logical(FLERR, arg[iarg + 1], false, lmp) == 1;
      iarg += 2;
    } else if (strcmp(arg[iarg], "alpha") == 0) {
      if (iarg + 4 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve alpha", error);
      for (int d = 0; d < 3; d++) {
        delete[] alpha_str[d];
        alpha_str[d] = utils::strdup(arg[iarg + 1 + d]);
      }
      alpha_given = true;
      iarg += 4;
    } else {
      error->all(FLERR, "Unknown fix rrp/nve keyword: {}", arg[iarg]);
    }
  }
  if (alpha_given && quat_given)
    error->all(FLERR, "Fix rrp/nve: give the initial orientation by alpha or by quat, not both");
  orient_pending = alpha_given || quat_given;
  if (alpha_given) check_columns(alpha_str, 3, "alpha");
  if (quat_given) check_columns(quat_str, 4, "quat");

  // error checks on the atom style

  std::string missing;
  if (!atom->rmass_flag) missing += " rmass";
  if (!atom->omega_flag) missing += " omega";
  if (!atom->torque_flag) missing += " torque";
  if (inertia_spec.kind == RRP_INERTIA_RATIO && !atom->radius_flag) missing += " radius";
  if (!missing.empty())
    error->all(FLERR,
               "Fix rrp/nve requires per-atom{} (use atom_style sphere or bpm/sphere, or hybrid "
               "with one of them)",
               missing);
  layout = layout_of_atom_style(lmp);

  // layout ATOM_QUAT with comm_modify vel no: the atom style does not send its quaternion to
  // ghost atoms, this fix does (borders and forward_comm, decided at init)
  if (layout == ATOM_QUAT) {
    comm_forward = NQUAT;
    atom->add_callback(Atom::BORDER);
  }

  // write_data: the Orientations section (by one fix only, chosen at init)
  wd_header = wd_section = 1;
}

/* the orientations of layout STORE: found by ID, created by the first fix rrp/nve. Runs before
   restart data, if any, reach this fix and the store (Modify::add_fix). */

void FixRRPNVE::post_constructor()
{
  RRPRegister::own_name(style, "rrp/nve");    // (whatever suffix found it)
  if (layout == STORE) {
    Fix *f = modify->get_fix_by_id(STORE_FIX_ID);
    if (!f) f = modify->add_fix(fmt::format("{} all {}", STORE_FIX_ID, STORE_FIX_STYLE));
    store = dynamic_cast<FixRRPOrientation *>(f);
    if (!store || strcmp(f->style, STORE_FIX_STYLE) != 0)
      error->all(FLERR, "Fix rrp/nve: fix {} exists with style {}; the ID is reserved for the "
                        "orientations", STORE_FIX_ID, f->style);
  }
  array_atom = orientation();
}

FixRRPNVE::~FixRRPNVE()
{
  if (copymode) return;
  if (layout == ATOM_QUAT) atom->delete_callback(id, Atom::BORDER);
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
  fallbacks_run = fallbacks;
  fallback_warned = false;
}

/* the atom-steps of this run where the exact map had no increment and took map (25)'s */

void FixRRPNVE::post_run()
{
  // the run ends (its last step, a timeout) with every kick made
  if (join_rule.take_owed()) advance_end(update->dt);
  long mine = fallbacks - fallbacks_run, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, world);
  if (all > 0 && comm->me == 0)
    error->warning(FLERR,
                   "Fix rrp/nve {}: in {} atom-steps of this run the exact map had no increment "
                   "(h |w| >= 1) and took map (25)'s (newmark) there; x, v and omega are those of "
                   "either map (f_{} counts them; limit stop stops instead)",
                   id, all, id);
}

double FixRRPNVE::compute_scalar()
{
  double mine = (double) fallbacks, all = 0.0;
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
  RRPOrientation::write_data_header(fp);
}

void FixRRPNVE::write_data_section_size(int /*mth*/, int &nx, int &ny)
{
  RRPOrientation::write_data_size(lmp, nx, ny);
}

void FixRRPNVE::write_data_section_pack(int /*mth*/, double **buf)
{
  RRPOrientation::write_data_pack(lmp, buf);
}

void FixRRPNVE::write_data_section_keyword(int /*mth*/, FILE *fp)
{
  RRPOrientation::write_data_keyword(fp);
}

void FixRRPNVE::write_data_section(int /*mth*/, FILE *fp, int n, double **buf, int /*index*/)
{
  RRPOrientation::write_data_rows(fp, n, buf);
}

/* ---------------------------------------------------------------------- */

void FixRRPNVE::init()
{
  step_respa = RRPRespa::level_steps(lmp);
  RRPIntegrator::check_timestep(lmp, this);
  if (layout == STORE && modify->get_fix_by_id(STORE_FIX_ID) != store)
    error->all(FLERR, "Fix rrp/nve {}: fix {}, which holds the orientations, was deleted", id,
               STORE_FIX_ID);
  array_atom = orientation();
  find_inertia();

  // LAMMPS's own rotational computes assume a solid sphere: with another inertia they disagree
  if (!inertia_warned && !(inertia_spec.kind == RRP_INERTIA_RATIO && inertia_spec.value == 0.4)) {
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

  RRPIntegrator::check_one_integrator(lmp, this);

  join_rule.scan_fixes(lmp, this);
  // clear: who clears the forces of the run, said when it changes (not for clear no)
  if (update->whichflag == 1) {
    const std::string why = clear_rule.init(lmp, this, clear);
    const std::string said = !clear ? std::string()
        : why.empty() ? fmt::format("Fix rrp/nve {} clears the forces in its first half", id)
                      : fmt::format("Fix rrp/nve {}: LAMMPS clears the forces ({})", id, why);
    if (said != clear_said && !said.empty() && comm->me == 0) utils::logmesg(lmp, said + "\n");
    clear_said = said;
  } else {
    clear_rule.release(lmp);
  }

  // one fix writes the Orientations section of write_data (the first fix rrp/nve, unless the
  // binders do); the last one sends the orientations to the ghost atoms between reneighborings,
  // when a style reads them there (the binder; at reneighborings they are sent in any case):
  // - layout STORE: the store's own borders, and the store's forward_comm;
  // - layout ATOM_QUAT with comm_modify vel yes: LAMMPS, with the velocities, at every step;
  // - layout ATOM_QUAT with comm_modify vel no: this fix, borders and forward_comm.
  auto all = modify->get_fix_by_style("^rrp/nve$");
  wd_header = wd_section = (data_writer(lmp) == this) ? 1 : 0;
  const bool last = all.back() == this;
  const bool reads = ghost_mode == GHOSTS_ALWAYS || binder(lmp);
  send_quat = layout == ATOM_QUAT && !comm->ghost_velocity && last;
  comm_border = send_quat ? NQUAT : 0;    // read by Comm::init, which runs after this
  comm_ghosts = last && reads && (layout == STORE || send_quat);

  // this fix sends the quaternions after its own step; another fix advancing them would have
  // its atoms' ghosts lag a step behind
  if (send_quat && comm_ghosts)
    for (const auto &other : modify->get_fix_list())
      if (strcmp(other->style, "rrp/nve") != 0 && advances(other, layout))
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

rrp_spheres FixRRPNVE::views(int nlocal)
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
  const rrp_spheres p = views(nlocal);
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

  const rrp_spheres p = views(nlocal);
  rrp_step_report bad = {-1, 0.0};
  if (update_dipole) {
    qold.resize(4 * (size_t) nlocal);
    for (int i = 0; i < nlocal; i++)
      for (int k = 0; k < 4; k++) qold[4 * i + k] = p.quat[i][k];
  }
  const long before = fallbacks;
  // clear: the first half clears its atoms' forces and torques as it reads them (all of the
  // atoms: group all, and the run's neighbor lists are not for a first group)
  const bool clears = clear_rule.active() && nlocal == atom->nlocal;
  const bool rows = clears && nlocal > 0;
  const rrp_first_options opt = {
      limit_stop ? nullptr : &fallbacks, join_rule.take_owed(),
      rows ? reinterpret_cast<double(*)[3]>(&atom->f[0][0]) : nullptr,
      rows ? reinterpret_cast<double(*)[3]>(&atom->torque[0][0]) : nullptr};
  const int status = rrp_spheres_first(scheme, &p, &inertia_spec, h, force->ftm2v, &opt, &bad);
  said_fallbacks(fallbacks - before);
  if (status != RRP_OK) step_error(status, bad.index, bad.hw, h);

  if (clears) clear_rule.cleared(lmp, nlocal);

  // update dipole: each dipole of the group turns by its sphere's increment q_new q_old*
  if (update_dipole) {
    double **mu = atom->mu;
    const int *mask = atom->mask;
    for (int i = 0; i < nlocal; i++)
      if ((mask[i] & groupbit) && mu[i][3] != 0.0) rrp_quat_turn(&qold[4 * i], p.quat[i], mu[i]);
  }

  // new orientations reach the ghost atoms (on reneighboring steps borders() sends them again)
  if (comm_ghosts) {
    if (layout == STORE)
      store->forward();
    else
      comm->forward_comm(this);
  }
}

/* the first fallback of the run on this rank: said once, the run's count at its end */

void FixRRPNVE::said_fallbacks(long n)
{
  if (n > 0 && !fallback_warned) {
    fallback_warned = true;
    error->warning(FLERR,
                   "Fix rrp/nve {}: on step {} the exact map had no increment for {} atom(s) "
                   "(h |w| >= 1): they take map (25)'s increment on such steps (limit newmark); "
                   "the run's count follows at its end",
                   id, update->ntimestep, n);
  }
}

/* a first half that could not step atom i: the error names the atom and what to do */

void FixRRPNVE::step_error(int status, int i, double hw, double h)
{
  if (status == RRP_EDOMAIN) {
    error->one(FLERR,
               "Fix rrp/nve: atom {} on step {} has mass {}{}: {} must be positive and finite (an "
               "atom created or changed during the run, e.g. by fix pour, fix deposit, fix adapt "
               "or set, is checked when it is first integrated)",
               atom->tag[i], update->ntimestep, atom->rmass[i],
               inertia_spec.kind == RRP_INERTIA_RATIO ? fmt::format(" and radius {}", atom->radius[i])
                   : inertia_spec.kind == RRP_INERTIA_ATOM
                   ? fmt::format(" and rotational inertia d_{} = {}", inertia_name,
                                 inertia_spec.per_atom[i])
                   : std::string(),
               inertia_spec.kind == RRP_INERTIA_RATIO ? "mass and radius"
                   : inertia_spec.kind == RRP_INERTIA_ATOM ? "mass and inertia" : "the mass");
  } else if (status == RRP_ESTEP) {
    error->one(FLERR,
               "Fix rrp/nve: step too large for the exact map at atom {} on step {}: "
               "h |Omega + h/(2J) T| = {:.8g} >= 1 with h = {} and |Omega + h/(2J) T| = {:.8g}; "
               "reduce the timestep (or use scheme newmark, or limit newmark)",
               atom->tag[i], update->ntimestep, hw, h, hw / h);
  } else {
    error->one(FLERR,
               "Fix rrp/nve: non-finite force, velocity, torque or angular velocity at atom {} on "
               "step {}: f ({}, {}, {}), v ({}, {}, {}), torque ({}, {}, {}), omega ({}, {}, {})",
               atom->tag[i], update->ntimestep, atom->f[i][0], atom->f[i][1], atom->f[i][2],
               atom->v[i][0], atom->v[i][1], atom->v[i][2], atom->torque[i][0], atom->torque[i][1],
               atom->torque[i][2], atom->omega[i][0], atom->omega[i][1], atom->omega[i][2]);
  }
}

/* layout ATOM_QUAT with comm_modify vel no: the atom style's quaternion to the ghost atoms, at
   borders (the last fix rrp/nve only: comm_border is 0 in the others) and every step where a
   style reads them (comm_ghosts) */

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
  const rrp_spheres p = views(nlocal);
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
   restart: the record {marker, version 2, layout}; the orientations themselves are the atom
   style's (ATOM_QUAT) or the store's (STORE) per-atom restart data
------------------------------------------------------------------------- */

void FixRRPNVE::write_restart(FILE *fp)
{
  if (comm->me != 0) return;
  const double list[3] = {RESTART_MAGIC, RESTART_VERSION, (double) layout};
  const int size = sizeof(list);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(list, sizeof(double), 3, fp);
}

void FixRRPNVE::restart(char *buf)
{
  double list[3];
  memcpy(list, buf, sizeof(list));
  if (list[0] != RESTART_MAGIC || list[1] != RESTART_VERSION ||
      (list[2] != ATOM_QUAT && list[2] != STORE))
    error->all(FLERR,
               "Fix rrp/nve {}: the restart file's record of this fix (version {}) is not one "
               "this plugin writes (version {}); it comes from a pre-release or a later "
               "rrp-lammps: run the input that made it with this plugin and write the restart "
               "again",
               id, list[0] == RESTART_MAGIC ? list[1] : -1.0, RESTART_VERSION);
  if ((int) list[2] != layout)
    error->all(FLERR,
               "Fix rrp/nve {}: the restart file holds the orientations as {}, but atom_style {} "
               "keeps them as {}: a restart of one layout cannot be read into the other",
               id, describe((int) list[2]), atom->atom_style, describe(layout));
}
