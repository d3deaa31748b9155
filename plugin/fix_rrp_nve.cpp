/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve. See doc/fix_rrp_nve.md.
   LAMMPS bookkeeping only (arguments, per-atom storage, communication, restart); every number
   is computed by core/ (rrp/integrator.h, rrp/rotation.h).
------------------------------------------------------------------------- */

#include "fix_rrp_nve.h"

#include "bond_rrp_binder.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "input.h"
#include "lammps.h"
#include "memory.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include "rrp/rotation.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static constexpr int NQUAT = 4;
// layout of the per-atom restart data, checked when a restart file is read
static constexpr double RESTART_MAGIC = 7256980.0;    // "RRP" in a double: an unlikely value
static constexpr double RESTART_VERSION = 1.0;        // 1: unit quaternion (w,x,y,z) per atom
enum { GHOSTS_AUTO, GHOSTS_ALWAYS };

/* ---------------------------------------------------------------------- */

FixRRPNVE::FixRRPNVE(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), quat(nullptr), scheme(nullptr), alpha_str{nullptr, nullptr, nullptr},
    alpha_given(false), quat_str{nullptr, nullptr, nullptr, nullptr}, quat_given(false),
    ghost_mode(GHOSTS_AUTO), comm_ghosts(true)
{
  if (narg < 3) utils::missing_cmd_args(FLERR, "fix rrp/nve", error);

  time_integrate = 1;
  restart_global = 1;
  restart_peratom = 1;
  create_attribute = 1;
  comm_forward = NQUAT;
  comm_border = NQUAT;
  peratom_flag = 1;    // the quaternions as per-atom array f_ID[1..4], owned and ghost rows
  size_peratom_cols = NQUAT;
  peratom_freq = 1;

  scheme = rrp_scheme_find("exact");
  inertia_spec.kind = RRP_INERTIA_RATIO;
  inertia_spec.value = 0.4;

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
        error->all(FLERR, "Fix rrp/nve inertia {} is unknown: use sphere, ratio c or value J",
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
    } else if (strcmp(arg[iarg], "ghosts") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "fix rrp/nve ghosts", error);
      if (strcmp(arg[iarg + 1], "auto") == 0)
        ghost_mode = GHOSTS_AUTO;
      else if (strcmp(arg[iarg + 1], "always") == 0)
        ghost_mode = GHOSTS_ALWAYS;
      else
        error->all(FLERR, "Fix rrp/nve ghosts {} is unknown: use auto or always", arg[iarg + 1]);
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

  // error checks on the atom style

  std::string missing;
  if (!atom->rmass_flag) missing += " rmass";
  if (!atom->omega_flag) missing += " omega";
  if (!atom->torque_flag) missing += " torque";
  if (inertia_spec.kind == RRP_INERTIA_RATIO && !atom->radius_flag) missing += " radius";
  if (!missing.empty())
    error->all(FLERR,
               "Fix rrp/nve requires per-atom{} (use atom_style sphere, or hybrid with sphere)",
               missing);

  for (auto &ifix : modify->get_fix_by_style("^rrp/nve$"))
    if (strcmp(ifix->id, id) != 0)    // a fix of the same ID is being replaced
      error->all(FLERR,
                 "Fix rrp/nve {}: fix rrp/nve {} exists already; only one is allowed, since it "
                 "holds the orientations the other rrp styles use (give it a group that covers "
                 "all rotating atoms)",
                 id, ifix->id);

  // per-atom orientations: grown with the atom arrays, migrated, sent to ghosts, in restarts

  FixRRPNVE::grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  atom->add_callback(Atom::BORDER);
  for (int i = 0; i < atom->nmax; i++) FixRRPNVE::set_arrays(i);

  // restart data, if any, is unpacked after the constructor and takes precedence over alpha

  if (alpha_given && quat_given)
    error->all(FLERR, "Fix rrp/nve: give the initial orientation by alpha or by quat, not both");
  if (alpha_given) set_alpha();
  if (quat_given) set_quat();

  wd_section = 1;    // write_data: the Orientations section
}

/* ---------------------------------------------------------------------- */

FixRRPNVE::~FixRRPNVE()
{
  if (copymode) return;
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  atom->delete_callback(id, Atom::BORDER);
  memory->destroy(quat);
  for (auto &s : alpha_str) delete[] s;
  for (auto &s : quat_str) delete[] s;
}

/* ---------------------------------------------------------------------- */

int FixRRPNVE::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  return mask;
}

/* ----------------------------------------------------------------------
   initial orientation of the group's atoms from the alpha keyword: numbers or atom-style
   (or equal-style) variables
------------------------------------------------------------------------- */

/* values of n columns for the local atoms: numbers, or atom-style or equal-style variables */

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

/* initial orientation of the group's atoms from the alpha keyword (an RRP vector) */

void FixRRPNVE::set_alpha()
{
  double **a = eval_columns(alpha_str, 3, "alpha");
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

/* initial orientation from the quat keyword (w, x, y, z; normalised), e.g. the Orientations
   section that write_data writes, read back by fix property/atom */

void FixRRPNVE::set_quat()
{
  double **a = eval_columns(quat_str, 4, "quat");
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const double n2 = a[i][0] * a[i][0] + a[i][1] * a[i][1] + a[i][2] * a[i][2] + a[i][3] * a[i][3];
    if (!std::isfinite(n2) || !(n2 > 0.0))
      error->one(FLERR,
                 "Fix rrp/nve quat of atom {} is ({}, {}, {}, {}): it must be finite and nonzero",
                 atom->tag[i], a[i][0], a[i][1], a[i][2], a[i][3]);
    for (int k = 0; k < NQUAT; k++) quat[i][k] = a[i][k];
    rrp_quat_normalize(quat[i]);
  }
  memory->destroy(a);
}

/* ----------------------------------------------------------------------
   write_data: an "Orientations" section, atom ID and unit quaternion (w, x, y, z); read it back
   with fix property/atom d2_q 4, read_data ... fix ID NULL Orientations and the quat keyword
------------------------------------------------------------------------- */

/* section 1: Orientations; section 2 (with bond_style rrp/binder): BinderReferences, per atom
   for each bond slot the partner ID and the bond's 11 reference values (zeros for empty slots) */

static constexpr int NBREF = 12;    // partner ID + d0 (3) + q_i0 (4) + q_j0 (4)

static BondRRPBinder *binder_of(LAMMPS *lmp)
{
  return dynamic_cast<BondRRPBinder *>(lmp->force->bond_match("rrp/binder"));
}

void FixRRPNVE::write_data_section_size(int mth, int &nx, int &ny)
{
  nx = atom->nlocal;
  ny = (mth == 0) ? NQUAT + 1 : 1 + NBREF * atom->bond_per_atom;
}

void FixRRPNVE::write_data_section_pack(int mth, double **buf)
{
  BondRRPBinder *binder = (mth == 1) ? binder_of(lmp) : nullptr;
  for (int i = 0; i < atom->nlocal; i++) {
    buf[i][0] = ubuf(atom->tag[i]).d;
    if (mth == 0) {
      for (int k = 0; k < NQUAT; k++) buf[i][k + 1] = quat[i][k];
      continue;
    }
    for (int m = 0; m < atom->bond_per_atom; m++) {
      double *slot = &buf[i][1 + m * NBREF];
      tagint partner = 0;
      for (int k = 0; k < NBREF; k++) slot[k] = 0.0;
      if (binder && m < atom->num_bond[i] && binder->slot_reference(i, m, &partner, slot + 1))
        slot[0] = (double) partner;
    }
  }
}

void FixRRPNVE::write_data_section_keyword(int mth, FILE *fp)
{
  if (mth == 0)
    fprintf(fp, "\nOrientations # fix rrp/nve %s: atom-ID qw qx qy qz\n\n", id);
  else
    fprintf(fp,
            "\nBinderReferences # bond_style rrp/binder: atom-ID, then %d x (partner-ID d0x d0y "
            "d0z qi0w qi0x qi0y qi0z qj0w qj0x qj0y qj0z)\n\n",
            atom->bond_per_atom);
}

void FixRRPNVE::write_data_section(int mth, FILE *fp, int n, double **buf, int /*index*/)
{
  const int ncol = (mth == 0) ? NQUAT : NBREF * atom->bond_per_atom;
  for (int i = 0; i < n; i++) {
    std::string line = fmt::format("{}", (tagint) ubuf(buf[i][0]).i);
    for (int k = 0; k < ncol; k++) {
      if (mth == 1 && k % NBREF == 0)
        line += fmt::format(" {}", (tagint) buf[i][1 + k]);
      else
        line += fmt::format(" {:.17g}", buf[i][1 + k]);
    }
    fmt::print(fp, "{}\n", line);
  }
}

/* ---------------------------------------------------------------------- */

void FixRRPNVE::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "Fix rrp/nve does not support run_style respa");
  if (update->dt == 0.0 || !std::isfinite(update->dt))
    error->all(FLERR, "Fix rrp/nve: the time step is {}; it must be a nonzero finite number "
                      "(a negative one integrates backwards)", update->dt);
  if (restart_reset && alpha_given && comm->me == 0)
    error->warning(FLERR,
                   "Fix rrp/nve {}: orientations were read from the restart file; the alpha "
                   "keyword was ignored",
                   id);
  check_atoms();

  // one integrator per atom: another time-integrating fix on any atom of this group is an error
  for (const auto &other : modify->get_fix_list()) {
    if (other == this || !other->time_integrate) continue;
    int both = 0;
    for (int i = 0; i < atom->nlocal; i++)
      if ((atom->mask[i] & groupbit) && (atom->mask[i] & other->groupbit)) both++;
    int all = 0;
    MPI_Allreduce(&both, &all, 1, MPI_INT, MPI_SUM, world);
    if (all > 0)
      error->all(FLERR,
                 "Fix rrp/nve {}: {} atoms are also integrated by fix {} (style {}); give each atom "
                 "one time integrator",
                 id, all, other->id, other->style);
  }

  // write_data: the Orientations section, and the binder's reference states when it is used
  wd_section = binder_of(lmp) ? 2 : 1;

  // ghost atoms need current orientations only for styles that read them (the binder bond);
  // at reneighboring steps borders() sends them in any case
  comm_ghosts = (ghost_mode == GHOSTS_ALWAYS) || force->bond_match("rrp/binder");
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
                 "Fix rrp/nve: atom {} has rotational inertia {} (radius {}); it must be positive",
                 atom->tag[i], j, atom->radius ? atom->radius[i] : 0.0);
  }
}

double FixRRPNVE::inertia(int i) const
{
  return rrp_inertia_of(&inertia_spec, atom->rmass[i], atom->radius ? atom->radius[i] : 0.0);
}

/* ---------------------------------------------------------------------- */

rrp_spheres FixRRPNVE::views(int nlocal)
{
  rrp_spheres p;
  const bool any = nlocal > 0;
  p.n = nlocal;
  p.mask = atom->mask;
  p.groupbit = groupbit;
  p.mass = atom->rmass;
  p.radius = atom->radius;
  p.x = any ? reinterpret_cast<double(*)[3]>(&atom->x[0][0]) : nullptr;
  p.v = any ? reinterpret_cast<double(*)[3]>(&atom->v[0][0]) : nullptr;
  p.f = any ? reinterpret_cast<const double(*)[3]>(&atom->f[0][0]) : nullptr;
  p.omega = any ? reinterpret_cast<double(*)[3]>(&atom->omega[0][0]) : nullptr;
  p.torque = any ? reinterpret_cast<const double(*)[3]>(&atom->torque[0][0]) : nullptr;
  p.quat = any ? reinterpret_cast<double(*)[4]>(&quat[0][0]) : nullptr;
  return p;
}

void FixRRPNVE::initial_integrate(int /*vflag*/)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;

  const rrp_spheres p = views(nlocal);
  rrp_step_report bad = {-1, 0.0};
  const int status = rrp_spheres_first(scheme, &p, &inertia_spec, update->dt, force->ftm2v, &bad);
  if (status == RRP_ESTEP) {
    const int i = bad.index;
    error->one(FLERR,
               "Fix rrp/nve: step too large for the exact map at atom {} on step {}: "
               "h |Omega + h/(2J) T| = {:.8g} >= 1 with h = {} and |Omega + h/(2J) T| = {:.8g}; "
               "reduce the timestep (or use scheme newmark)",
               atom->tag[i], update->ntimestep, bad.hw, update->dt, bad.hw / update->dt);
  } else if (status != RRP_OK) {
    const int i = bad.index;
    error->one(FLERR,
               "Fix rrp/nve: non-finite force, velocity, torque or angular velocity at atom {} on "
               "step {}: f ({}, {}, {}), v ({}, {}, {}), torque ({}, {}, {}), omega ({}, {}, {})",
               atom->tag[i], update->ntimestep, atom->f[i][0], atom->f[i][1], atom->f[i][2],
               atom->v[i][0], atom->v[i][1], atom->v[i][2], atom->torque[i][0], atom->torque[i][1],
               atom->torque[i][2], atom->omega[i][0], atom->omega[i][1], atom->omega[i][2]);
  }

  // new orientations reach the ghost atoms (on reneighboring steps borders() sends them again)
  if (comm_ghosts) comm->forward_comm(this);
}

void FixRRPNVE::final_integrate()
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_spheres p = views(nlocal);
  rrp_spheres_second(scheme, &p, &inertia_spec, update->dt, force->ftm2v);
}

/* ---------------------------------------------------------------------- */

void *FixRRPNVE::extract(const char *name, int &dim)
{
  if (strcmp(name, "quat") == 0) {
    dim = 2;
    return (void *) quat;
  }
  return nullptr;
}

double FixRRPNVE::memory_usage()
{
  return (double) atom->nmax * NQUAT * sizeof(double);
}

/* ----------------------------------------------------------------------
   per-atom storage callbacks
------------------------------------------------------------------------- */

void FixRRPNVE::grow_arrays(int nmax)
{
  memory->grow(quat, nmax, NQUAT, "rrp/nve:quat");
  array_atom = quat;
}

void FixRRPNVE::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < NQUAT; k++) quat[j][k] = quat[i][k];
}

void FixRRPNVE::set_arrays(int i)
{
  quat[i][0] = 1.0;
  quat[i][1] = quat[i][2] = quat[i][3] = 0.0;
}

int FixRRPNVE::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < NQUAT; k++) buf[k] = quat[i][k];
  return NQUAT;
}

int FixRRPNVE::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < NQUAT; k++) quat[nlocal][k] = buf[k];
  return NQUAT;
}

int FixRRPNVE::pack_border(int n, int *list, double *buf)
{
  int m = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < NQUAT; k++) buf[m++] = quat[list[i]][k];
  return m;
}

int FixRRPNVE::unpack_border(int n, int first, double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++)
    for (int k = 0; k < NQUAT; k++) quat[i][k] = buf[m++];
  return m;
}

int FixRRPNVE::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/, int * /*pbc*/)
{
  return pack_border(n, list, buf);
}

void FixRRPNVE::unpack_forward_comm(int n, int first, double *buf)
{
  unpack_border(n, first, buf);
}

/* global restart data: the layout of the per-atom data, so that a file written by another layout
   is refused before its per-atom data are read (Modify::add_fix calls restart() first) */

void FixRRPNVE::write_restart(FILE *fp)
{
  if (comm->me != 0) return;
  const double list[3] = {RESTART_MAGIC, RESTART_VERSION, (double) NQUAT};
  const int size = sizeof(list);
  fwrite(&size, sizeof(int), 1, fp);
  fwrite(list, sizeof(double), 3, fp);
}

void FixRRPNVE::restart(char *buf)
{
  double list[3];
  memcpy(list, buf, sizeof(list));
  if (list[0] != RESTART_MAGIC || list[1] != RESTART_VERSION || list[2] != NQUAT)
    error->all(FLERR,
               "Fix rrp/nve {}: the restart file holds orientations in state layout version {} "
               "({} values per atom); this plugin reads version {} ({} values): write the restart "
               "again with this version, or use the plugin version that wrote it",
               id, list[0] == RESTART_MAGIC ? list[1] : -1.0, list[2], RESTART_VERSION, NQUAT);
}

int FixRRPNVE::pack_restart(int i, double *buf)
{
  // buf[0] is the count of values including itself: other fixes skip over it that way
  buf[0] = NQUAT + 1;
  for (int k = 0; k < NQUAT; k++) buf[k + 1] = quat[i][k];
  return NQUAT + 1;
}

void FixRRPNVE::unpack_restart(int nlocal, int nth)
{
  double **extra = atom->extra;
  int m = 0;
  for (int i = 0; i < nth; i++) m += static_cast<int>(extra[nlocal][m]);
  m++;
  for (int k = 0; k < NQUAT; k++) quat[nlocal][k] = extra[nlocal][m++];
}

int FixRRPNVE::size_restart(int /*nlocal*/)
{
  return NQUAT + 1;
}

int FixRRPNVE::maxsize_restart()
{
  return NQUAT + 1;
}

/* ---------------------------------------------------------------------- */

FixRRPNVE *FixRRPNVE::find(LAMMPS *lmp, const char *caller)
{
  auto fixes = lmp->modify->get_fix_by_style("^rrp/nve$");
  if (fixes.empty())
    lmp->error->all(FLERR, "{} requires fix rrp/nve, which holds the orientations", caller);
  auto fix = dynamic_cast<FixRRPNVE *>(fixes.front());
  if (!fix) lmp->error->all(FLERR, "{}: fix {} is not an rrp/nve fix", caller, fixes.front()->id);
  return fix;
}
