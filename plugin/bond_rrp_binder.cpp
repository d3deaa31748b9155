/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder. See doc/bond_rrp_binder.md.
   Bookkeeping only: walk the bond list (newton_bond on or off), keep each bond's reference state
   in the bond history fix BOND_HISTORY/RRP (it migrates with the atoms, is written to restart
   and data files), tally energies. The orientations come from rrp_orientation.h, the loads from
   rrp_binder() in core/.
------------------------------------------------------------------------- */

#include "bond_rrp_binder.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "update.h"

#include "fix_rrp_binder_history.h"
#include "math_const.h"
#include "rrp_orientation.h"

#include "rrp/binder.h"

#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;

// per-bond reference: d0 (3), q_i0 (4), q_j0 (4), ordered so that i has the lower atom ID
static constexpr int NREF = 11;
// a binder whose relative rotation passes this fraction of pi is warned about (without twist)
static constexpr double TWIST_WARN = 0.9;
// restart settings version 2 (added break twist): added to the shear form's int
static constexpr int SETTINGS_V2 = 0x5252;

// a stored reference with a zero quaternion is none: the slot's bond has not been computed yet
// a bond's stored history (fix BOND_HISTORY/RRP) holds its reference as 11 doubles in the order
// of rrp_binder_ref, which the kernel reads in place
static_assert(sizeof(rrp_binder_ref) == 11 * sizeof(double) && offsetof(rrp_binder_ref, qi0) ==
                  3 * sizeof(double) && offsetof(rrp_binder_ref, qj0) == 7 * sizeof(double),
              "rrp_binder_ref is the 11 stored doubles d0, qi0, qj0");

static bool has_reference(const double *s)
{
  return s[3] != 0.0 || s[4] != 0.0 || s[5] != 0.0 || s[6] != 0.0;
}

static void unpack_reference(const double *s, rrp_binder_ref &ref)
{
  for (int k = 0; k < 3; k++) ref.d0[k] = s[k];
  for (int k = 0; k < 4; k++) {
    ref.qi0[k] = s[3 + k];
    ref.qj0[k] = s[7 + k];
  }
}

BondRRPBinder::BondRRPBinder(LAMMPS *_lmp) :
    Bond(_lmp), eterm{0.0, 0.0, 0.0}, released(0.0), nbroken(0.0), km(nullptr), ka(nullptr),
    ks(nullptr), shear_form(RRP_SHEAR_CONVECTED), break_strain(0.0), break_twist(0.0), twist_warned(false),
    ref_array(nullptr),
    ref_pending(false), check_pending(true), r0_max(0.0), id_fix_dummy(nullptr), id_fix_history(nullptr),
    fix_history(nullptr)
{
  writedata = 1;
  single_extra = 3;
  svector = new double[3];

  // a placeholder keeps the history fix at this place in the fix list
  id_fix_dummy = utils::strdup(fmt::format("RRP_BINDER_DUMMY_{}", instance_me));
  modify->add_fix(fmt::format("{} all DUMMY", id_fix_dummy));
  id_fix_history = utils::strdup("RRP_BINDER_HISTORY");
}

BondRRPBinder::~BondRRPBinder()
{
  if (modify->nfix && id_fix_dummy) modify->delete_fix(id_fix_dummy);
  if (modify->nfix && fix_history) modify->delete_fix(id_fix_history);
  delete[] id_fix_dummy;
  delete[] id_fix_history;
  delete[] ref_array;
  delete[] svector;
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(km);
    memory->destroy(ka);
    memory->destroy(ks);
  }
}

void BondRRPBinder::allocate()
{
  allocated = 1;
  const int np1 = atom->nbondtypes + 1;
  memory->create(km, np1, "bond:km");
  memory->create(ka, np1, "bond:ka");
  memory->create(ks, np1, "bond:ks");
  memory->create(setflag, np1, "bond:setflag");
  for (int i = 1; i < np1; i++) setflag[i] = 0;
}

/* bond_style rrp/binder [shear convected|paper] [break strain EC] [reference d2_NAME] */

void BondRRPBinder::settings(int narg, char **arg)
{
  int iarg = 0;
  while (iarg < narg) {
    if (strcmp(arg[iarg], "shear") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder shear", error);
      if (strcmp(arg[iarg + 1], "convected") == 0)
        shear_form = RRP_SHEAR_CONVECTED;
      else if (strcmp(arg[iarg + 1], "paper") == 0)
        shear_form = RRP_SHEAR_PAPER;
      else
        error->all(FLERR, "Bond style rrp/binder shear {} is unknown: use convected or paper",
                   arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "reference") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder reference", error);
      if (!utils::strmatch(arg[iarg + 1], "^d2_"))
        error->all(FLERR, "Bond style rrp/binder reference {} must name a d2_ per-atom array of "
                          "fix property/atom", arg[iarg + 1]);
      delete[] ref_array;
      ref_array = utils::strdup(arg[iarg + 1] + 3);
      ref_pending = true;
      iarg += 2;
    } else if (strcmp(arg[iarg], "break") == 0) {
      // break strain EC and/or twist THETA, in either order
      if (iarg + 3 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder break", error);
      iarg++;
      int criteria = 0;
      while (iarg < narg && (strcmp(arg[iarg], "strain") == 0 || strcmp(arg[iarg], "twist") == 0)) {
        if (iarg + 2 > narg)
          utils::missing_cmd_args(FLERR, std::string("bond_style rrp/binder break ") + arg[iarg],
                                  error);
        const double value = utils::numeric(FLERR, arg[iarg + 1], false, lmp);
        if (arg[iarg][0] == 's') {
          if (!(value > 0.0) || !std::isfinite(value))
            error->all(FLERR, "Bond style rrp/binder break strain {} must be a positive number",
                       arg[iarg + 1]);
          break_strain = value;
        } else {
          if (!(value > 0.0) || !(value < MathConst::MY_PI))
            error->all(FLERR, "Bond style rrp/binder break twist {} must be an angle in radians "
                              "between 0 and pi (exclusive)", arg[iarg + 1]);
          break_twist = value;
        }
        criteria++;
        iarg += 2;
      }
      if (criteria == 0)
        error->all(FLERR, "Bond style rrp/binder break {} is unknown: use break strain EC and/or "
                          "twist THETA", arg[iarg]);
    } else {
      error->all(FLERR, "Unknown bond_style rrp/binder keyword: {}", arg[iarg]);
    }
  }
}

/* bond_coeff N Km Ka Ks */

void BondRRPBinder::coeff(int narg, char **arg)
{
  if (narg != 4) error->all(FLERR, "Incorrect number of args for bond_coeff rrp/binder: expected N Km Ka Ks");
  if (!allocated) allocate();
  int ilo, ihi;
  utils::bounds(FLERR, arg[0], 1, atom->nbondtypes, ilo, ihi, error);
  const double kmv = utils::numeric(FLERR, arg[1], false, lmp);
  const double kav = utils::numeric(FLERR, arg[2], false, lmp);
  const double ksv = utils::numeric(FLERR, arg[3], false, lmp);
  const char *names[3] = {"Km", "Ka", "Ks"};
  const double vals[3] = {kmv, kav, ksv};
  for (int k = 0; k < 3; k++)
    if (!(vals[k] >= 0.0) || !std::isfinite(vals[k]))
      error->all(FLERR, "Bond_coeff rrp/binder {} = {} must be a finite number >= 0", names[k],
                 arg[1 + k]);
  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    km[i] = kmv;
    ka[i] = kav;
    ks[i] = ksv;
    setflag[i] = 1;
    count++;
  }
  if (count == 0) error->all(FLERR, "Incorrect args for bond coefficients");
}

void BondRRPBinder::init_style()
{
  // the orientations are checked at setup, when the fixes of the run are known (init also runs
  // for create_bonds, write_data ..., possibly before fix rrp/nve is defined)
  check_pending = true;
  for (int i = 1; i <= atom->nbondtypes; i++)
    if (!setflag[i])
      error->all(FLERR, "Bond style rrp/binder: bond type {} has no coefficients (bond_style "
                        "hybrid is not supported)", i);

  if (!fix_history) {
    Fix *f = modify->get_fix_by_id(id_fix_history);
    if (!f)
      f = modify->replace_fix(id_fix_dummy,
                              fmt::format("{} all BOND_HISTORY/RRP 0 {}", id_fix_history, NREF),
                              1);
    fix_history = dynamic_cast<FixRRPBinderHistory *>(f);
    if (!fix_history)
      error->all(FLERR, "Bond style rrp/binder: fix {} has style {}, not BOND_HISTORY/RRP",
                 id_fix_history, f->style);
    if (id_fix_dummy && modify->get_fix_by_id(id_fix_dummy)) modify->delete_fix(id_fix_dummy);
    delete[] id_fix_dummy;
    id_fix_dummy = nullptr;
  }
  fix_history->setflag = setflag;

  // the longest rest length of the references stored so far (comm cutoff check of LAMMPS)
  double rmax = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const double *st = fix_history->slot(i, m);
      if (atom->bond_type[i][m] <= 0 || !has_reference(st)) continue;
      rrp_binder_ref ref;
      unpack_reference(st, ref);
      rmax = std::max(rmax, rrp_binder_rest_length(&ref));
    }
  MPI_Allreduce(&rmax, &r0_max, 1, MPI_DOUBLE, MPI_MAX, world);

  // a ruptured binder leaves the two particles to their contact: the pair must be in the
  // neighbor list with full weight
  twist_warned = false;
  if ((break_strain > 0.0 || break_twist > 0.0) &&
      (force->special_lj[1] != 1.0 || force->special_coul[1] != 1.0))
    error->all(FLERR, "Bond style rrp/binder with break requires special_bonds lj/coul 1.0 for "
                      "1-2 neighbors (now lj {} coul {}), so that ruptured binders leave contact",
               force->special_lj[1], force->special_coul[1]);
}

/* ----------------------------------------------------------------------
   reference state of bond n (i, j; i has the lower ID) when it is first computed: positions
   (closest image) and orientations now, or the values read into d2_NAME by the reference
   keyword; stored in the bond list's copy and in the slots of the local atoms
------------------------------------------------------------------------- */

void BondRRPBinder::capture(int n, int i, int j, double **quat)
{
  double **x = atom->x;
  tagint *tag = atom->tag;
  double d[3] = {x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]};
  domain->minimum_image(d[0], d[1], d[2]);
  double s[NREF] = {d[0], d[1], d[2], quat[i][0], quat[i][1], quat[i][2], quat[i][3],
                    quat[j][0], quat[j][1], quat[j][2], quat[j][3]};
  if (ref_array && ref_pending && !reference_from_array(i, j, s))
    error->one(FLERR, "Bond style rrp/binder: no reference state for bond {}-{} in d2_{}", tag[i],
               tag[j], ref_array);
  if (!has_reference(s))
    error->one(FLERR, "Bond style rrp/binder: bond {}-{} has a zero reference quaternion", tag[i],
               tag[j]);
  double *store = fix_history->bondstore[n];
  for (int k = 0; k < NREF; k++) store[k] = s[k];
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    if (a >= atom->nlocal) continue;
    for (int m = 0; m < atom->num_bond[a]; m++)
      if (atom->bond_atom[a][m] == tag[b])
        for (int k = 0; k < NREF; k++) fix_history->update_atom_value(a, m, k, s[k]);
  }
  rrp_binder_ref ref;
  unpack_reference(s, ref);
  r0_max = std::max(r0_max, rrp_binder_rest_length(&ref));
}

/* ---------------------------------------------------------------------- */

void BondRRPBinder::compute(int eflag, int vflag)
{
  if (check_pending) {
    RRPOrientation::check_reader(lmp, "Bond style rrp/binder", 1, true);
    check_pending = false;
  }
  ev_init(eflag, vflag);
  eterm[0] = eterm[1] = eterm[2] = 0.0;

  double **x = atom->x;
  double **f = atom->f;
  double **torque = atom->torque;
  double **quat = RRPOrientation::array(lmp);
  double **bondstore = fix_history->bondstore;
  tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  int **bondlist = neighbor->bondlist;
  const int nbondlist = neighbor->nbondlist;
  double step_released[2] = {0.0, 0.0};

  for (int n = 0; n < nbondlist; n++) {
    const int type = bondlist[n][2];
    if (type <= 0) continue;
    int i = bondlist[n][0], j = bondlist[n][1];
    if (tag[j] < tag[i]) std::swap(i, j);    // the reference is stored lower ID first

    if (!has_reference(bondstore[n])) capture(n, i, j, quat);
    // the 11 stored values are the reference in rrp_binder_ref's layout (d0, qi0, qj0)
    const auto *ref = reinterpret_cast<const rrp_binder_ref *>(bondstore[n]);
    const rrp_binder_coeff c = {km[type], ka[type], ks[type], shear_form};
    rrp_binder_load load;
    const int status = rrp_binder(&c, ref, x[i], x[j], quat[i], quat[j], &load);
    if (status != RRP_OK)
      error->one(FLERR,
                 "Bond style rrp/binder: bond {}-{} on step {}: {} (atoms at ({}, {}, {}) and "
                 "({}, {}, {}), rest length {})",
                 tag[i], tag[j], update->ntimestep,
                 status == RRP_EDOMAIN ? "coincident atoms or zero rest length: no bond direction"
                                       : "non-finite positions or orientations",
                 x[i][0], x[i][1], x[i][2], x[j][0], x[j][1], x[j][2],
                 rrp_binder_rest_length(ref));

    // the principal log turns the torsion/bending torque over at a half-turn: without a twist
    // criterion, say so the first time a binder comes near one
    if (break_twist == 0.0 && !twist_warned && load.angle > TWIST_WARN * MathConst::MY_PI) {
      twist_warned = true;
      error->warning(FLERR,
                     "Bond style rrp/binder: bond {}-{} on step {} has turned by {:.6g} rad "
                     "relative (more than {} pi); at pi its torsion/bending torque turns over: "
                     "set a rupture angle with break twist THETA",
                     tag[i], tag[j], update->ntimestep, load.angle, TWIST_WARN);
    }
    if ((break_strain > 0.0 && load.strain > break_strain) ||
        (break_twist > 0.0 && load.angle > break_twist)) {
      // rupture: the binder stops acting, its stored energy is released
      const double w = newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
      step_released[0] += w * (load.um + load.ua + load.us);
      step_released[1] += w;
      bondlist[n][2] = 0;
      remove_bond(i, j);
      continue;
    }

    if (newton_bond || i < nlocal)
      for (int k = 0; k < 3; k++) {
        f[i][k] += load.fi[k];
        torque[i][k] += load.ti[k];
      }
    if (newton_bond || j < nlocal)
      for (int k = 0; k < 3; k++) {
        f[j][k] -= load.fi[k];
        torque[j][k] += load.tj[k];
      }

    if (evflag) {
      const double ebond = load.um + load.ua + load.us;
      ev_tally_xyz(i, j, nlocal, newton_bond, ebond, load.fi[0], load.fi[1], load.fi[2],
                   x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]);
      if (eflag_global) {
        const double w = newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
        eterm[0] += w * load.um;
        eterm[1] += w * load.ua;
        eterm[2] += w * load.us;
      }
    }
  }

  ref_pending = false;    // bonds made later capture their state when first computed

  if (break_strain > 0.0 || break_twist > 0.0) {
    double all[2];
    MPI_Allreduce(step_released, all, 2, MPI_DOUBLE, MPI_SUM, world);
    released += all[0];
    nbroken += all[1];
    atom->nbonds -= static_cast<bigint>(std::llround(all[1]));    // thermo bonds, write_data
  }
}

/* ----------------------------------------------------------------------
   a ruptured binder leaves the bond lists of its local atoms, with its reference state, as
   LAMMPS's BPM bond styles remove broken bonds: the last slot moves into its place
------------------------------------------------------------------------- */

void BondRRPBinder::remove_bond(int i, int j)
{
  tagint *tag = atom->tag;
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    if (a >= atom->nlocal) continue;
    int *num_bond = atom->num_bond;
    for (int m = 0; m < num_bond[a]; m++) {
      if (atom->bond_atom[a][m] != tag[b]) continue;
      const int last = num_bond[a] - 1;
      atom->bond_type[a][m] = atom->bond_type[a][last];
      atom->bond_atom[a][m] = atom->bond_atom[a][last];
      fix_history->shift_history(a, m, last);
      fix_history->delete_history(a, last);
      num_bond[a]--;
      break;
    }
  }
}

/* ---------------------------------------------------------------------- */

double BondRRPBinder::equilibrium_distance(int /*type*/)
{
  return r0_max;
}

void BondRRPBinder::write_restart(FILE *fp)
{
  fwrite(&km[1], sizeof(double), atom->nbondtypes, fp);
  fwrite(&ka[1], sizeof(double), atom->nbondtypes, fp);
  fwrite(&ks[1], sizeof(double), atom->nbondtypes, fp);
}

void BondRRPBinder::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->nbondtypes;
  if (comm->me == 0) {
    utils::sfread(FLERR, &km[1], sizeof(double), n, fp, nullptr, error);
    utils::sfread(FLERR, &ka[1], sizeof(double), n, fp, nullptr, error);
    utils::sfread(FLERR, &ks[1], sizeof(double), n, fp, nullptr, error);
  }
  MPI_Bcast(&km[1], n, MPI_DOUBLE, 0, world);
  MPI_Bcast(&ka[1], n, MPI_DOUBLE, 0, world);
  MPI_Bcast(&ks[1], n, MPI_DOUBLE, 0, world);
  for (int i = 1; i <= n; i++) setflag[i] = 1;
}

/* the settings, version 2: the shear form's int carries SETTINGS_V2, and break twist follows;
   a file of version 1 (a plain shear form, no twist) is still read */

void BondRRPBinder::write_restart_settings(FILE *fp)
{
  const int tagged = SETTINGS_V2 + shear_form;
  fwrite(&tagged, sizeof(int), 1, fp);
  fwrite(&break_strain, sizeof(double), 1, fp);
  fwrite(&released, sizeof(double), 1, fp);
  fwrite(&nbroken, sizeof(double), 1, fp);
  fwrite(&break_twist, sizeof(double), 1, fp);
}

void BondRRPBinder::read_restart_settings(FILE *fp)
{
  if (comm->me == 0) {
    utils::sfread(FLERR, &shear_form, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, &break_strain, sizeof(double), 1, fp, nullptr, error);
    utils::sfread(FLERR, &released, sizeof(double), 1, fp, nullptr, error);
    utils::sfread(FLERR, &nbroken, sizeof(double), 1, fp, nullptr, error);
    break_twist = 0.0;
    if (shear_form >= SETTINGS_V2) {
      shear_form -= SETTINGS_V2;
      utils::sfread(FLERR, &break_twist, sizeof(double), 1, fp, nullptr, error);
    }
  }
  MPI_Bcast(&shear_form, 1, MPI_INT, 0, world);
  MPI_Bcast(&break_twist, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&break_strain, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&released, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&nbroken, 1, MPI_DOUBLE, 0, world);
}

void BondRRPBinder::write_data(FILE *fp)
{
  for (int i = 1; i <= atom->nbondtypes; i++)
    fmt::print(fp, "{} {} {} {}\n", i, km[i], ka[i], ks[i]);
}

/* ----------------------------------------------------------------------
   reference states written by write_data (section BinderReferences) and read back
   by fix property/atom into a d2_ array: per atom, for each of its bond slots, the partner's ID
   and the 11 reference values; a bond is found on either of its atoms (ghost yes)
------------------------------------------------------------------------- */

int BondRRPBinder::reference_from_array(int i, int j, double s[NREF])
{
  int flag, cols;
  const int index = atom->find_custom(ref_array, flag, cols);
  if (index < 0 || flag != 1 || cols <= 0)
    error->all(FLERR, "Bond style rrp/binder reference: d2_{} is not a per-atom array of fix "
                      "property/atom", ref_array);
  if (cols % (NREF + 1) != 0)
    error->all(FLERR, "Bond style rrp/binder reference: d2_{} has {} columns, not a multiple of {}",
               ref_array, cols, NREF + 1);
  double **arr = atom->darray[index];
  tagint *tag = atom->tag;
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    for (int k = 0; k + NREF + 1 <= cols; k += NREF + 1) {
      if ((tagint) arr[a][k] != tag[b]) continue;
      for (int v = 0; v < NREF; v++) s[v] = arr[a][k + 1 + v];
      return 1;
    }
  }
  return 0;
}

/* ----------------------------------------------------------------------
   reference of the bond between local atom i and atom j, from i's bond slots
------------------------------------------------------------------------- */

int BondRRPBinder::reference_of(int i, int j, rrp_binder_ref &ref)
{
  tagint *tag = atom->tag;
  for (int m = 0; m < atom->num_bond[i]; m++) {
    if (atom->bond_atom[i][m] != tag[j]) continue;
    const double *st = fix_history->slot(i, m);
    if (!has_reference(st)) return 0;
    unpack_reference(st, ref);
    return 1;
  }
  return 0;
}

/* energy of one bond (compute bond/local); svector = U^m, U^a, U^s; fforce is the force on i
   along the bond divided by the distance (the shear force has a part across it) */

double BondRRPBinder::single(int type, double /*rsq*/, int i, int j, double &fforce)
{
  fforce = 0.0;
  svector[0] = svector[1] = svector[2] = 0.0;
  if (type <= 0 || !fix_history) return 0.0;
  rrp_binder_ref ref;
  if (!reference_of(i, j, ref) && !reference_of(j, i, ref)) return 0.0;
  int lo = i, hi = j;
  if (atom->tag[hi] < atom->tag[lo]) std::swap(lo, hi);
  double **x = atom->x;
  double xhi[3] = {x[hi][0], x[hi][1], x[hi][2]};
  double d[3] = {x[lo][0] - x[hi][0], x[lo][1] - x[hi][1], x[lo][2] - x[hi][2]};
  domain->minimum_image(d[0], d[1], d[2]);
  const double xlo[3] = {xhi[0] + d[0], xhi[1] + d[1], xhi[2] + d[2]};
  const rrp_binder_coeff c = {km[type], ka[type], ks[type], shear_form};
  rrp_binder_load load;
  double **quat = RRPOrientation::array(lmp);
  if (rrp_binder(&c, &ref, xlo, xhi, quat[lo], quat[hi], &load) != RRP_OK)
    return 0.0;
  const double rsq = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  // force on lo along d, as force on i along x_i - x_j (the same for i = hi)
  fforce = (load.fi[0] * d[0] + load.fi[1] * d[1] + load.fi[2] * d[2]) / rsq;
  svector[0] = load.um;
  svector[1] = load.ua;
  svector[2] = load.us;
  return load.um + load.ua + load.us;
}

void *BondRRPBinder::extract(const char *str, int &dim)
{
  dim = 1;
  if (strcmp(str, "km") == 0) return (void *) km;
  if (strcmp(str, "ka") == 0) return (void *) ka;
  if (strcmp(str, "ks") == 0) return (void *) ks;
  if (strcmp(str, "eterm") == 0) return (void *) eterm;
  if (strcmp(str, "released") == 0) return (void *) &released;
  if (strcmp(str, "nbroken") == 0) return (void *) &nbroken;
  return nullptr;
}
