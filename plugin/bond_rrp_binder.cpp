/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder. See doc/bond_rrp_binder.md.
   Bookkeeping only: walk the bond list (newton_bond on or off), keep each bond's reference state
   in the bond history fix BOND_HISTORY/RRP (it migrates with the atoms, is written to restart
   and data files), tally energies, break binders and record the breaks. The orientations come
   from rrp_orientation.h, the loads and the rupture criterion from rrp/binder.h in core/.
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
#include "fix_store_local.h"
#include "math_const.h"
#include "rrp_orientation.h"

#include "rrp/binder.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;

// a binder whose relative rotation passes this fraction of pi is warned about (without twist)
static constexpr double TWIST_WARN = 0.9;
// restart settings version 2 (added break twist): added to the shear form's int (bond_style
// hybrid's restart settings only)
static constexpr int SETTINGS_V2 = 0x5252;
// keyword orientation fixed, carried in the restart files' shear-form int as this bit (files
// without it read as orientation integrated)
static constexpr int ORIENTATION_FIXED_BIT = 0x100;
// restart data from version 3 on start with this negative number (a stiffness Km >= 0 came first
// before), then the version
static constexpr double RESTART_MAGIC = -7256980.0;
static constexpr double RESTART_VERSION = 4.0;
// the stored values of a reference of the layout before version 2 (reference keyword): d0,
// qi0, qj0
static constexpr int NREF_OLD = 11;

// a bond's slot of the history (fix BOND_HISTORY/RRP) is a slot of rrp/binder.h (its layout, its
// capture and whether it has a reference are the core's)
static bool has_reference(const double *s)
{
  return rrp_binder_slot_has_reference(s) != 0;
}


// the values a break record may hold (store/local keyword)
enum { ST_ID1, ST_ID2, ST_TIME, ST_X, ST_Y, ST_Z, ST_MODE, ST_ENERGY, ST_STRAIN, ST_SHEAR, ST_BEND, ST_TWIST };
static const char *const STORE_NAMES[] = {"id1", "id2", "time", "x", "y", "z", "mode", "energy",
                                          "strain", "shear", "bend", "twist"};
static constexpr int NSTORE = sizeof(STORE_NAMES) / sizeof(STORE_NAMES[0]);

BondRRPBinder::BondRRPBinder(LAMMPS *_lmp) :
    Bond(_lmp), eterm{0.0, 0.0, 0.0}, released(0.0), nbroken(0.0),
    nbroken_mode{0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, kb(nullptr), kt(nullptr), ka(nullptr), ks(nullptr),
    crit{nullptr, nullptr, nullptr, nullptr}, law(nullptr), measured(nullptr),
    shear_form(RRP_SHEAR_CONVECTED), orientation_fixed(false), break_strain(0.0), break_twist(0.0), twist_warned(false),
    ref_array(nullptr), ref_pending(false), check_pending(true), first_compute(true),
    rupture(false), r0_max(0.0),
    id_fix_dummy(nullptr), id_fix_history(nullptr), fix_history(nullptr), ndata(7),
    id_fix_store_local(nullptr), store_local_freq(0), fix_store_local(nullptr),
    block(new rrp_binder_block)
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
  if (modify->nfix && fix_store_local) modify->delete_fix(id_fix_store_local);
  delete[] id_fix_dummy;
  delete[] id_fix_history;
  delete[] id_fix_store_local;
  delete[] ref_array;
  delete[] svector;
  delete block;
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(kb);
    memory->destroy(kt);
    memory->destroy(ka);
    memory->destroy(ks);
    for (auto &c : crit) memory->destroy(c);
    memory->sfree(law);
    memory->destroy(measured);
  }
}

void BondRRPBinder::allocate()
{
  allocated = 1;
  const int np1 = atom->nbondtypes + 1;
  memory->create(kb, np1, "bond:kb");
  memory->create(kt, np1, "bond:kt");
  memory->create(ka, np1, "bond:ka");
  memory->create(ks, np1, "bond:ks");
  for (auto &c : crit) memory->create(c, np1, "bond:crit");
  law = (rrp_binder_rupture *) memory->smalloc(np1 * sizeof(rrp_binder_rupture), "bond:law");
  memory->create(measured, np1, "bond:measured");
  memory->create(setflag, np1, "bond:setflag");
  for (int i = 0; i < np1; i++) {
    setflag[i] = 0;
    measured[i] = 0;
    kb[i] = kt[i] = ka[i] = ks[i] = 0.0;
    for (auto &c : crit) c[i] = 0.0;
    law[i] = rrp_binder_rupture{{0.0, 0.0, 0.0, 0.0}, 0.0, 0.0};
  }
}

/* bond_style rrp/binder [shear convected|linear|paper] [break strain EC twist THETA]
   [reference d2_NAME] [store/local FIX-ID N value ...] [orientation integrated|fixed] */

void BondRRPBinder::settings(int narg, char **arg)
{
  int iarg = 0;
  while (iarg < narg) {
    if (strcmp(arg[iarg], "orientation") == 0) {
      if (iarg + 2 > narg)
        utils::missing_cmd_args(FLERR, "bond_style rrp/binder orientation", error);
      if (strcmp(arg[iarg + 1], "fixed") == 0)
        orientation_fixed = true;
      else if (strcmp(arg[iarg + 1], "integrated") == 0)
        orientation_fixed = false;
      else
        error->all(FLERR, "Bond style rrp/binder orientation {} is unknown: use integrated or fixed",
                   arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "shear") == 0) {
      if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder shear", error);
      if (strcmp(arg[iarg + 1], "convected") == 0)
        shear_form = RRP_SHEAR_CONVECTED;
      else if (strcmp(arg[iarg + 1], "linear") == 0)
        shear_form = RRP_SHEAR_LINEAR;
      else if (strcmp(arg[iarg + 1], "paper") == 0)
        shear_form = RRP_SHEAR_PAPER;
      else
        error->all(FLERR, "Bond style rrp/binder shear {} is unknown: use convected, linear or "
                          "paper", arg[iarg + 1]);
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
    } else if (strcmp(arg[iarg], "store/local") == 0) {
      if (iarg + 4 > narg)
        utils::missing_cmd_args(FLERR, "bond_style rrp/binder store/local", error);
      delete[] id_fix_store_local;
      id_fix_store_local = utils::strdup(arg[iarg + 1]);
      store_local_freq = utils::inumeric(FLERR, arg[iarg + 2], false, lmp);
      if (store_local_freq <= 0)
        error->all(FLERR, "Bond style rrp/binder store/local {} {}: the interval must be a "
                          "positive number of steps", arg[iarg + 1], arg[iarg + 2]);
      store_values.clear();
      iarg += 3;
      while (iarg < narg) {
        int v = 0;
        while (v < NSTORE && strcmp(arg[iarg], STORE_NAMES[v]) != 0) v++;
        if (v == NSTORE) break;
        store_values.push_back(v);
        iarg++;
      }
      if (store_values.empty())
        error->all(FLERR, "Bond style rrp/binder store/local {}: name at least one value (id1 id2 "
                          "time x y z mode energy strain shear bend twist)", id_fix_store_local);
    } else {
      error->all(FLERR, "Unknown bond_style rrp/binder keyword: {}", arg[iarg]);
    }
  }
  // the break records' fix, for dump local to name (once the box exists, else at init)
  if (id_fix_store_local && domain->box_exist) make_store_local();
}

void BondRRPBinder::make_store_local()
{
  const int nvalues = (int) store_values.size();
  Fix *f = modify->get_fix_by_id(id_fix_store_local);
  if (!f)
    f = modify->add_fix(fmt::format("{} all STORE/LOCAL {} {}", id_fix_store_local,
                                    store_local_freq, nvalues));
  fix_store_local = dynamic_cast<FixStoreLocal *>(f);
  if (!fix_store_local || fix_store_local->nvalues != nvalues)
    error->all(FLERR, "Bond style rrp/binder store/local: fix {} exists and is not a STORE/LOCAL "
                      "fix of {} values", id_fix_store_local, nvalues);
  store_row.assign(nvalues, 0.0);
}

/* each type's rupture law (core: rrp_binder_rupture_set) from its critical values and the break
   keyword, for the shear form; whether any binder can break */

void BondRRPBinder::make_laws()
{
  rupture = false;
  for (int i = 1; i <= atom->nbondtypes; i++) {
    const double c[4] = {crit[0][i], crit[1][i], crit[2][i], crit[3][i]};
    if (rrp_binder_rupture_set(shear_form, c, break_strain, break_twist, &law[i]) != RRP_OK)
      error->all(FLERR, "Bond style rrp/binder: bond type {} critical values {} {} {} {} are out "
                        "of range", i, c[0], c[1], c[2], c[3]);
    measured[i] = rrp_binder_rupture_measured(&law[i]);
    rupture = rupture || rrp_binder_rupture_any(&law[i]);
  }
}

/* bond_coeff N Km Ka Ks [EPS_C PHI_C BETA_C TAU_C], or with Kb Kt in place of Km */

void BondRRPBinder::coeff(int narg, char **arg)
{
  if (narg != 4 && narg != 5 && narg != 8 && narg != 9)
    error->all(FLERR, "Incorrect number of args for bond_coeff rrp/binder: expected N Km Ka Ks "
                      "or N Kb Kt Ka Ks, optionally followed by the critical axial strain, shear "
                      "angle, bending angle and twist angle");
  if (!allocated) allocate();
  int ilo, ihi;
  utils::bounds(FLERR, arg[0], 1, atom->nbondtypes, ilo, ihi, error);
  // the stiffnesses (Km, or Kb and Kt), then the critical values
  const int nk = (narg == 5 || narg == 9) ? 4 : 3;
  const char *const names3[3] = {"Km", "Ka", "Ks"}, *const names4[4] = {"Kb", "Kt", "Ka", "Ks"};
  const char *const cnames[4] = {"critical axial strain", "critical shear angle",
                                 "critical bending angle", "critical twist angle"};
  double vals[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int k = 0; k + 1 < narg; k++) {
    const char *name = k < nk ? (nk == 3 ? names3[k] : names4[k]) : cnames[k - nk];
    vals[k] = utils::numeric(FLERR, arg[1 + k], false, lmp);
    if (!(vals[k] >= 0.0) || !std::isfinite(vals[k]))
      error->all(FLERR, "Bond_coeff rrp/binder {} = {} must be a finite number >= 0", name,
                 arg[1 + k]);
    if (k > nk && vals[k] > MathConst::MY_PI)
      error->all(FLERR, "Bond_coeff rrp/binder {} = {} must be an angle in radians, at most pi "
                        "(0: this mode does not break)", name, arg[1 + k]);
  }
  const double *c = vals + nk;
  int count = 0;
  for (int i = ilo; i <= ihi; i++) {
    kb[i] = vals[0];
    kt[i] = vals[nk == 4 ? 1 : 0];
    ka[i] = vals[nk - 2];
    ks[i] = vals[nk - 1];
    for (int k = 0; k < 4; k++) crit[k][i] = c[k];
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
  first_compute = true;
  for (int i = 1; i <= atom->nbondtypes; i++)
    if (!setflag[i])
      error->all(FLERR, "Bond style rrp/binder: bond type {} has no coefficients (bond_style "
                        "hybrid is not supported)", i);

  // the references: 7 values per bond, 11 for the printed shear form (which reads q_j0); a
  // history made by rrp/read_data or read from a restart file keeps its width
  const int wanted = rrp_binder_slot_size(shear_form);
  if (!fix_history) {
    Fix *f = modify->get_fix_by_id(id_fix_history);
    if (!f)
      f = modify->replace_fix(id_fix_dummy,
                              fmt::format("{} all BOND_HISTORY/RRP 0 {}", id_fix_history, wanted),
                              1);
    fix_history = dynamic_cast<FixRRPBinderHistory *>(f);
    if (!fix_history)
      error->all(FLERR, "Bond style rrp/binder: fix {} has style {}, not BOND_HISTORY/RRP",
                 id_fix_history, f->style);
    // a restart file of the first versions kept the references under LAMMPS's style
    // BOND_HISTORY, so that this history did not receive them: take them from there
    if (!fix_history->restart_reset && atom->extra) fix_history->convert_legacy();
    if (id_fix_dummy && modify->get_fix_by_id(id_fix_dummy)) modify->delete_fix(id_fix_dummy);
    delete[] id_fix_dummy;
    id_fix_dummy = nullptr;
  }
  fix_history->setflag = setflag;
  ndata = fix_history->get_ndata();
  if (ndata < wanted)
    error->all(FLERR, "Bond style rrp/binder shear paper reads each particle's orientation at "
                      "bonding, and the binders' references (read from a data or restart file "
                      "written with shear convected) have only their relative orientation: "
                      "use shear convected, or bond the particles anew");
  if (fix_history->data_counts) {
    // a data file's released energy and rupture count continue
    released = fix_history->data_released;
    nbroken = fix_history->data_nbroken;
    fix_history->data_counts = false;
  }
  if (id_fix_store_local && !fix_store_local) make_store_local();

  // the longest rest length of the references stored so far (comm cutoff check of LAMMPS)
  double rmax = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const double *st = fix_history->slot(i, m);
      if (atom->bond_type[i][m] <= 0 || !has_reference(st)) continue;
      rmax = std::max(rmax, rrp_binder_rest_length(rrp_binder_slot_ref(st)));
    }
  MPI_Allreduce(&rmax, &r0_max, 1, MPI_DOUBLE, MPI_MAX, world);

  // a ruptured binder leaves the two particles to their contact: the pair must be in the
  // neighbor list with full weight
  twist_warned = false;
  make_laws();
  if (rupture && (force->special_lj[1] != 1.0 || force->special_coul[1] != 1.0))
    error->all(FLERR, "Bond style rrp/binder with rupture (break, or critical values in "
                      "bond_coeff) requires special_bonds lj/coul 1.0 for 1-2 neighbors (now lj {} "
                      "coul {}), so that ruptured binders leave contact",
               force->special_lj[1], force->special_coul[1]);
}

/* ----------------------------------------------------------------------
   reference state of bond n (i, j; i has the lower ID) when it is first computed: positions
   (closest image) and orientations now, or the values read into d2_NAME by the reference
   keyword; stored in the slots of the local atoms
------------------------------------------------------------------------- */

void BondRRPBinder::capture(int /*n*/, int i, int j, double **quat)
{
  double **x = atom->x;
  tagint *tag = atom->tag;
  double d[3] = {x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]};
  domain->minimum_image(d[0], d[1], d[2]);
  double old[NREF_OLD] = {d[0], d[1], d[2], quat[i][0], quat[i][1], quat[i][2], quat[i][3],
                          quat[j][0], quat[j][1], quat[j][2], quat[j][3]};
  if (ref_array && ref_pending && !reference_from_array(i, j, old))
    error->one(FLERR, "Bond style rrp/binder: no reference state for bond {}-{} in d2_{}", tag[i],
               tag[j], ref_array);
  // the widest slot; the history keeps its own width of it
  double s[RRP_BINDER_SLOT_PAPER];
  const int status = rrp_binder_slot_capture(old, old + 3, old + 7, RRP_BINDER_SLOT_PAPER, s);
  if (status != RRP_OK)
    error->one(FLERR, "Bond style rrp/binder: bond {}-{} has a {} reference state", tag[i],
               tag[j], status == RRP_EDOMAIN ? "zero quaternion in its" : "non-finite");
  fix_history->set_bond(i, j, s);
  r0_max = std::max(r0_max, rrp_binder_rest_length(rrp_binder_slot_ref(s)));
}

/* ----------------------------------------------------------------------
   a break record for fix STORE/LOCAL (once per bond: on the rank of its lower-ID atom i when
   newton_bond is off, as LAMMPS's BPM bonds)
------------------------------------------------------------------------- */

void BondRRPBinder::record(int i, int j, int mode, double energy, const rrp_binder_load &load)
{
  if (!fix_store_local || !(force->newton_bond || i < atom->nlocal)) return;
  double **x = atom->x;
  for (size_t v = 0; v < store_values.size(); v++) {
    double &out = store_row[v];
    switch (store_values[v]) {
      case ST_ID1: out = (double) atom->tag[i]; break;
      case ST_ID2: out = (double) atom->tag[j]; break;
      case ST_TIME:
        out = update->atime + (double) (update->ntimestep - update->atimestep) * update->dt;
        break;
      case ST_X: out = 0.5 * (x[i][0] + x[j][0]); break;
      case ST_Y: out = 0.5 * (x[i][1] + x[j][1]); break;
      case ST_Z: out = 0.5 * (x[i][2] + x[j][2]); break;
      case ST_MODE: out = mode; break;
      case ST_ENERGY: out = energy; break;
      case ST_STRAIN: out = load.strain; break;
      case ST_SHEAR: out = load.shear; break;
      case ST_BEND: out = load.bend; break;
      case ST_TWIST: out = load.twist; break;
    }
  }
  fix_store_local->add_data(store_row.data(), i, j);
}

/* ----------------------------------------------------------------------
   the loads of the gathered block one bond at a time (rrp_binder): the printed shear form, which
   the block kernel does not have, and a block the kernel refused, whose bad bond is named here
------------------------------------------------------------------------- */

void BondRRPBinder::loads_one_by_one(int nb, const int *bi, const int *bj, const double *const *slot)
{
  rrp_binder_block &b = *block;
  double **x = atom->x;
  double **quat = RRPOrientation::array(lmp);
  tagint *tag = atom->tag;
  for (int k = 0; k < nb; k++) {
    const int i = bi[k], j = bj[k];
    const rrp_binder_ref *ref = rrp_binder_slot_ref(slot[k]);
    const rrp_binder_coeff c = {b.kb[k], b.kt[k], b.ka[k], b.ks[k], shear_form, b.measure[k]};
    rrp_binder_load l;
    const int status = rrp_binder(&c, ref, rrp_binder_slot_qj0(slot[k], ndata), x[i], x[j],
                                  quat[i], quat[j], &l);
    if (status != RRP_OK)
      error->one(FLERR,
                 "Bond style rrp/binder: bond {}-{} on step {}: {} (atoms at ({}, {}, {}) and "
                 "({}, {}, {}), rest length {})",
                 tag[i], tag[j], update->ntimestep,
                 status == RRP_EDOMAIN ? "coincident atoms or zero rest length: no bond direction"
                                       : "non-finite positions or orientations",
                 x[i][0], x[i][1], x[i][2], x[j][0], x[j][1], x[j][2],
                 rrp_binder_rest_length(ref));
    rrp_binder_block_put(&b, k, &l);
  }
}

/* ---------------------------------------------------------------------- */

void BondRRPBinder::compute(int eflag, int vflag)
{
  if (check_pending) {
    RRPOrientation::check_reader(lmp, "Bond style rrp/binder", 1, true, orientation_fixed);
    check_pending = false;
  }
  ev_init(eflag, vflag);
  eterm[0] = eterm[1] = eterm[2] = 0.0;

  double **x = atom->x;
  double **f = atom->f;
  double **torque = atom->torque;
  double **quat = RRPOrientation::array(lmp);
  tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  int **bondlist = neighbor->bondlist;
  const int nbondlist = neighbor->nbondlist;
  // this step's released energy, then the ruptures of each mode (1-5)
  double step[7] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  int ncaptured = 0;
  broken.clear();
  if (fix_history->stale) fix_history->index_slots();

  // the bonds in blocks: gathered (lower ID first, references captured), their loads evaluated
  // across SIMD lanes (rrp_binder_loads), then ruptures, forces and tallies one by one
  rrp_binder_block &b = *block;
  // bonds ahead whose reference and atoms (tags, x, orientations, f and torques) are fetched
  // early: a bond's two atoms are far apart in the arrays, more streams than the processor follows
  const int PREFETCH = 16;
  // LAMMPS's per-atom arrays are contiguous: one base pointer each, no row pointers to load
  double *x0 = nbondlist ? x[0] : nullptr, *q0 = nbondlist ? quat[0] : nullptr;
  double *f0 = nbondlist ? f[0] : nullptr, *t0 = nbondlist ? torque[0] : nullptr;
  int bond[RRP_BINDER_BLOCK], bi[RRP_BINDER_BLOCK], bj[RRP_BINDER_BLOCK];
  const double *bslot[RRP_BINDER_BLOCK];
  int next = 0;
  while (next < nbondlist) {
    int nb = 0;
    for (; next < nbondlist && nb < RRP_BINDER_BLOCK; next++) {
      const int n = next, type = bondlist[n][2];
      if (type <= 0) continue;
      // the reference is stored lower ID first; the order is random, so the swap is arithmetic,
      // not a branch that the processor would mispredict half the time
      const int a = bondlist[n][0], c = bondlist[n][1];
      const int swap = -static_cast<int>(tag[c] < tag[a]);    // all bits set: swap
      const int i = a ^ ((a ^ c) & swap), j = a ^ c ^ i;
      const double *slot = fix_history->slot_of_bond(n);
      if (n + PREFETCH < nbondlist) {
        const double *ps = fix_history->slot_of_bond(n + PREFETCH);
        __builtin_prefetch(ps);
        __builtin_prefetch(ps + 6);
        const int pa = bondlist[n + PREFETCH][0], pc = bondlist[n + PREFETCH][1];
        __builtin_prefetch(tag + pa);
        __builtin_prefetch(tag + pc);
        __builtin_prefetch(x0 + 3 * pa);
        __builtin_prefetch(x0 + 3 * pc);
        __builtin_prefetch(q0 + 4 * pa);
        __builtin_prefetch(q0 + 4 * pc);
        __builtin_prefetch(f0 + 3 * pa, 1);
        __builtin_prefetch(f0 + 3 * pc, 1);
        __builtin_prefetch(t0 + 3 * pa, 1);
        __builtin_prefetch(t0 + 3 * pc, 1);
      }
      if (!slot)
        error->one(FLERR, "Bond style rrp/binder: bond {}-{} is in no bond list of its atoms",
                   tag[i], tag[j]);
      if (!has_reference(slot)) {
        capture(n, i, j, quat);
        ncaptured++;
      }
      // the stored values are the reference in rrp_binder_ref's layout (r_i, p), then q_j0
      for (int d = 0; d < 3; d++) {
        b.d[d][nb] = x0[3 * i + d] - x0[3 * j + d];
        b.ri[d][nb] = slot[d];
      }
      for (int d = 0; d < 4; d++) {
        b.qi[d][nb] = q0[4 * i + d];
        b.qj[d][nb] = q0[4 * j + d];
        b.p[d][nb] = slot[3 + d];
      }
      b.kb[nb] = kb[type];
      b.kt[nb] = kt[type];
      b.ka[nb] = ka[type];
      b.ks[nb] = ks[type];
      b.measure[nb] = measured[type];
      bond[nb] = n;
      bi[nb] = i;
      bj[nb] = j;
      bslot[nb] = slot;
      nb++;
    }
    if (shear_form == RRP_SHEAR_PAPER || rrp_binder_loads(&b, nb, shear_form) != RRP_OK)
      loads_one_by_one(nb, bi, bj, bslot);

    for (int k = 0; k < nb; k++) {
      const int n = bond[k], i = bi[k], j = bj[k];
      // the principal log turns the torsion/bending torque over at a half-turn: without a twist
      // criterion, say so the first time a binder comes near one
      if (break_twist == 0.0 && !twist_warned && b.angle[k] > TWIST_WARN * MathConst::MY_PI) {
        twist_warned = true;
        error->warning(FLERR,
                       "Bond style rrp/binder: bond {}-{} on step {} has turned by {:.6g} rad "
                       "relative (more than {} pi); at pi its torsion/bending torque turns over: "
                       "set a rupture angle with break twist THETA",
                       tag[i], tag[j], update->ntimestep, b.angle[k], TWIST_WARN);
      }
      if (rupture) {
        const rrp_binder_load load = rrp_binder_block_get(block, k);
        double energy = 0.0;
        const int mode = rrp_binder_breaks(&law[bondlist[n][2]], &load, &energy);
        if (mode) {
          // rupture: the binder stops acting, its stored energy is released
          const double w = newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
          step[0] += w * energy;
          step[mode] += w;
          record(i, j, mode, energy, load);
          bondlist[n][2] = 0;
          broken.push_back({i, j, mode});
          continue;
        }
      }

      const double fi[3] = {b.fi[0][k], b.fi[1][k], b.fi[2][k]};
      if (newton_bond || i < nlocal)
        for (int d = 0; d < 3; d++) {
          f0[3 * i + d] += fi[d];
          t0[3 * i + d] += b.ti[d][k];
        }
      if (newton_bond || j < nlocal)
        for (int d = 0; d < 3; d++) {
          f0[3 * j + d] -= fi[d];
          t0[3 * j + d] += b.tj[d][k];
        }

      if (evflag) {
        const double ebond = b.um[k] + b.ua[k] + b.us[k];
        ev_tally_xyz(i, j, nlocal, newton_bond, ebond, fi[0], fi[1], fi[2], b.d[0][k], b.d[1][k],
                     b.d[2][k]);
        if (eflag_global) {
          const double w = newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
          eterm[0] += w * b.um[k];
          eterm[1] += w * b.ua[k];
          eterm[2] += w * b.us[k];
        }
      }
    }
  }

  // ruptured binders leave the bond lists after the loop (their slots move), and the bond list's
  // index into the slots is made again
  for (const auto &b : broken) remove_bond(b.i, b.j);
  if (!broken.empty()) fix_history->index_slots();
  ref_pending = false;    // bonds made later capture their state when first computed

  if (first_compute) {
    first_compute = false;
    int all = 0;
    MPI_Allreduce(&ncaptured, &all, 1, MPI_INT, MPI_SUM, world);
    if (all > 0 && comm->me == 0)
      utils::logmesg(lmp, "Bond style rrp/binder: {} binders took the positions and orientations "
                          "of step {} as their reference state\n",
                     all, update->ntimestep);
  }

  if (rupture) {
    double all[7];
    MPI_Allreduce(step, all, 7, MPI_DOUBLE, MPI_SUM, world);
    released += all[0];
    double count = 0.0;
    for (int m = 1; m <= MODE_ROTATION; m++) {
      nbroken_mode[m] += all[m];
      count += all[m];
    }
    nbroken += count;
    atom->nbonds -= static_cast<bigint>(std::llround(count));    // thermo bonds, write_data
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

/* ----------------------------------------------------------------------
   restart, version 4: a negative marker and the version, the settings (shear form, break
   criteria, released energy and rupture counts), then per type Kb Kt Ka Ks and the four critical
   values. Version 3 held Km (Kb = Kt) in place of Kb Kt; files before version 3 hold Km, Ka, Ks
   per type only (the settings come from the bond_style command then).
------------------------------------------------------------------------- */

void BondRRPBinder::write_restart(FILE *fp)
{
  const double head[2] = {RESTART_MAGIC, RESTART_VERSION};
  fwrite(head, sizeof(double), 2, fp);
  const int form = static_cast<int>(shear_form) | (orientation_fixed ? ORIENTATION_FIXED_BIT : 0);
  fwrite(&form, sizeof(int), 1, fp);
  const double settings[4] = {break_strain, break_twist, released, nbroken};
  fwrite(settings, sizeof(double), 4, fp);
  fwrite(&nbroken_mode[1], sizeof(double), MODE_ROTATION, fp);
  const int n = atom->nbondtypes;
  fwrite(&kb[1], sizeof(double), n, fp);
  fwrite(&kt[1], sizeof(double), n, fp);
  fwrite(&ka[1], sizeof(double), n, fp);
  fwrite(&ks[1], sizeof(double), n, fp);
  for (auto &c : crit) fwrite(&c[1], sizeof(double), n, fp);
}

// the shear form and the orientation keyword of a restart file's int
void BondRRPBinder::set_form(int form)
{
  orientation_fixed = (form & ORIENTATION_FIXED_BIT) != 0;
  form &= ~ORIENTATION_FIXED_BIT;
  if (form != RRP_SHEAR_CONVECTED && form != RRP_SHEAR_PAPER && form != RRP_SHEAR_LINEAR)
    error->all(FLERR, "Bond style rrp/binder: the restart file has shear form {}, unknown to "
                      "this plugin", form);
  shear_form = static_cast<rrp_shear_form>(form);
}

void BondRRPBinder::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->nbondtypes;
  int version = 1, form = 0;
  if (comm->me == 0) {
    double first;
    utils::sfread(FLERR, &first, sizeof(double), 1, fp, nullptr, error);
    if (first == RESTART_MAGIC) {
      double v;
      utils::sfread(FLERR, &v, sizeof(double), 1, fp, nullptr, error);
      version = static_cast<int>(v);
      if (version != 3 && version != 4)
        error->one(FLERR, "Bond style rrp/binder: the restart file has settings version {}; this "
                          "plugin reads versions 1 to 4", version);
      utils::sfread(FLERR, &form, sizeof(int), 1, fp, nullptr, error);
      double settings[4];
      utils::sfread(FLERR, settings, sizeof(double), 4, fp, nullptr, error);
      break_strain = settings[0];
      break_twist = settings[1];
      released = settings[2];
      nbroken = settings[3];
      utils::sfread(FLERR, &nbroken_mode[1], sizeof(double), MODE_ROTATION, fp, nullptr, error);
      utils::sfread(FLERR, &kb[1], sizeof(double), n, fp, nullptr, error);
    } else {
      kb[1] = first;
      if (n > 1) utils::sfread(FLERR, &kb[2], sizeof(double), n - 1, fp, nullptr, error);
    }
    if (version >= 4)
      utils::sfread(FLERR, &kt[1], sizeof(double), n, fp, nullptr, error);
    else
      for (int i = 1; i <= n; i++) kt[i] = kb[i];
    utils::sfread(FLERR, &ka[1], sizeof(double), n, fp, nullptr, error);
    utils::sfread(FLERR, &ks[1], sizeof(double), n, fp, nullptr, error);
    if (version >= 3)
      for (auto &c : crit) utils::sfread(FLERR, &c[1], sizeof(double), n, fp, nullptr, error);
  }
  MPI_Bcast(&version, 1, MPI_INT, 0, world);
  MPI_Bcast(&kb[1], n, MPI_DOUBLE, 0, world);
  MPI_Bcast(&kt[1], n, MPI_DOUBLE, 0, world);
  MPI_Bcast(&ka[1], n, MPI_DOUBLE, 0, world);
  MPI_Bcast(&ks[1], n, MPI_DOUBLE, 0, world);
  for (auto &c : crit) MPI_Bcast(&c[1], n, MPI_DOUBLE, 0, world);
  if (version >= 3) {
    MPI_Bcast(&form, 1, MPI_INT, 0, world);
    set_form(form);
    MPI_Bcast(&break_strain, 1, MPI_DOUBLE, 0, world);
    MPI_Bcast(&break_twist, 1, MPI_DOUBLE, 0, world);
    MPI_Bcast(&released, 1, MPI_DOUBLE, 0, world);
    MPI_Bcast(&nbroken, 1, MPI_DOUBLE, 0, world);
    MPI_Bcast(nbroken_mode, MODE_ROTATION + 1, MPI_DOUBLE, 0, world);
  }
  for (int i = 1; i <= n; i++) setflag[i] = 1;
}

/* the settings for bond_style hybrid's restart (which this style refuses at init), version 2:
   the shear form's int carries SETTINGS_V2, and break twist follows; version 1 (a plain shear
   form, no twist) is still read */

void BondRRPBinder::write_restart_settings(FILE *fp)
{
  const int tagged =
      SETTINGS_V2 + (static_cast<int>(shear_form) | (orientation_fixed ? ORIENTATION_FIXED_BIT : 0));
  fwrite(&tagged, sizeof(int), 1, fp);
  fwrite(&break_strain, sizeof(double), 1, fp);
  fwrite(&released, sizeof(double), 1, fp);
  fwrite(&nbroken, sizeof(double), 1, fp);
  fwrite(&break_twist, sizeof(double), 1, fp);
}

void BondRRPBinder::read_restart_settings(FILE *fp)
{
  int form = 0;
  if (comm->me == 0) {
    utils::sfread(FLERR, &form, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, &break_strain, sizeof(double), 1, fp, nullptr, error);
    utils::sfread(FLERR, &released, sizeof(double), 1, fp, nullptr, error);
    utils::sfread(FLERR, &nbroken, sizeof(double), 1, fp, nullptr, error);
    break_twist = 0.0;
    if (form >= SETTINGS_V2) {
      form -= SETTINGS_V2;
      utils::sfread(FLERR, &break_twist, sizeof(double), 1, fp, nullptr, error);
    }
  }
  MPI_Bcast(&form, 1, MPI_INT, 0, world);
  set_form(form);
  MPI_Bcast(&break_twist, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&break_strain, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&released, 1, MPI_DOUBLE, 0, world);
  MPI_Bcast(&nbroken, 1, MPI_DOUBLE, 0, world);
}

/* Bond Coeffs: Km Ka Ks (Kb Kt Ka Ks where a type's twist stiffness differs from its bending
   one), and the critical values when a type has them */

void BondRRPBinder::write_data(FILE *fp)
{
  bool any_crit = false, any_twist = false;
  for (int i = 1; i <= atom->nbondtypes; i++) {
    any_crit = any_crit || crit[0][i] > 0.0 || crit[1][i] > 0.0 || crit[2][i] > 0.0 ||
        crit[3][i] > 0.0;
    any_twist = any_twist || kt[i] != kb[i];
  }
  for (int i = 1; i <= atom->nbondtypes; i++) {
    std::string line = any_twist ? fmt::format("{} {} {} {} {}", i, kb[i], kt[i], ka[i], ks[i])
                                 : fmt::format("{} {} {} {}", i, kb[i], ka[i], ks[i]);
    if (any_crit)
      line += fmt::format(" {} {} {} {}", crit[0][i], crit[1][i], crit[2][i], crit[3][i]);
    fmt::print(fp, "{}\n", line);
  }
}

/* ----------------------------------------------------------------------
   reference states of the layout before version 2 (d0, qi0, qj0), read by fix property/atom into
   a d2_ array from a data file of that version: per atom, for each of its bond slots, the
   partner's ID and the 11 values; a bond is found on either of its atoms (ghost yes)
------------------------------------------------------------------------- */

int BondRRPBinder::reference_from_array(int i, int j, double s[NREF_OLD])
{
  int flag, cols;
  const int index = atom->find_custom(ref_array, flag, cols);
  if (index < 0 || flag != 1 || cols <= 0)
    error->all(FLERR, "Bond style rrp/binder reference: d2_{} is not a per-atom array of fix "
                      "property/atom", ref_array);
  if (cols % (NREF_OLD + 1) != 0)
    error->all(FLERR, "Bond style rrp/binder reference: d2_{} has {} columns, not a multiple of {}",
               ref_array, cols, NREF_OLD + 1);
  double **arr = atom->darray[index];
  tagint *tag = atom->tag;
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    for (int k = 0; k + NREF_OLD + 1 <= cols; k += NREF_OLD + 1) {
      if ((tagint) arr[a][k] != tag[b]) continue;
      for (int v = 0; v < NREF_OLD; v++) s[v] = arr[a][k + 1 + v];
      return 1;
    }
  }
  return 0;
}

/* ----------------------------------------------------------------------
   the stored reference of the bond between local atom i and atom j, from i's bond slots
------------------------------------------------------------------------- */

int BondRRPBinder::reference_of(int i, int j, const double *&slot)
{
  tagint *tag = atom->tag;
  if (i >= atom->nlocal) return 0;
  for (int m = 0; m < atom->num_bond[i]; m++) {
    if (atom->bond_atom[i][m] != tag[j]) continue;
    slot = fix_history->slot(i, m);
    return has_reference(slot) ? 1 : 0;
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
  const double *slot = nullptr;
  if (!reference_of(i, j, slot) && !reference_of(j, i, slot)) return 0.0;
  int lo = i, hi = j;
  if (atom->tag[hi] < atom->tag[lo]) std::swap(lo, hi);
  double **x = atom->x;
  double xhi[3] = {x[hi][0], x[hi][1], x[hi][2]};
  double d[3] = {x[lo][0] - x[hi][0], x[lo][1] - x[hi][1], x[lo][2] - x[hi][2]};
  domain->minimum_image(d[0], d[1], d[2]);
  const double xlo[3] = {xhi[0] + d[0], xhi[1] + d[1], xhi[2] + d[2]};
  const rrp_binder_coeff c = {kb[type], kt[type], ka[type], ks[type], shear_form, 0};
  rrp_binder_load load;
  double **quat = RRPOrientation::array(lmp);
  if (rrp_binder(&c, rrp_binder_slot_ref(slot), rrp_binder_slot_qj0(slot, ndata),
                 xlo, xhi, quat[lo], quat[hi], &load) != RRP_OK)
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
  if (strcmp(str, "kb") == 0 || strcmp(str, "km") == 0) return (void *) kb;
  if (strcmp(str, "kt") == 0) return (void *) kt;
  if (strcmp(str, "ka") == 0) return (void *) ka;
  if (strcmp(str, "ks") == 0) return (void *) ks;
  if (strcmp(str, "eterm") == 0) return (void *) eterm;
  if (strcmp(str, "released") == 0) return (void *) &released;
  if (strcmp(str, "nbroken") == 0) return (void *) &nbroken;
  if (strcmp(str, "nbroken_mode") == 0) return (void *) nbroken_mode;
  return nullptr;
}
