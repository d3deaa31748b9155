/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder. See doc/bond_rrp_binder.rst.
   Bookkeeping only, in three passes over each block of bonds: gather (the two atoms, lower ID
   first, and the reference state, captured where the bond has none yet, from the bond history
   fix BOND_HISTORY/RRP), the loads and the rupture decision of core/ (rrp/binder.h), apply
   (forces, torques, tallies; broken bonds to RRPBondBreaks, which records and removes them).
   The orientations come from rrp_orientation.h. Restart and data files: bond_rrp_binder_io.cpp.
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
#include "rrp_bond_breaks.h"
#include "rrp_orientation.h"

#include "rrp/binder.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;

// a binder whose relative rotation passes this fraction of pi is warned about (without twist)
static constexpr double TWIST_WARN = 0.9;

// a bond's slot of the history (fix BOND_HISTORY/RRP) is a slot of rrp/binder.h (its layout, its
// capture and whether it has a reference are the core's)
static bool has_reference(const double *s)
{
  return rrp_binder_slot_has_reference(s) != 0;
}

BondRRPBinder::BondRRPBinder(LAMMPS *_lmp) :
    Bond(_lmp), eterm{0.0, 0.0, 0.0}, kb(nullptr), kt(nullptr), ka(nullptr), ks(nullptr),
    crit{nullptr, nullptr, nullptr, nullptr}, law(nullptr), measured(nullptr),
    shear_form(RRP_SHEAR_CONVECTED), orientation_fixed(false), break_strain(0.0), break_twist(0.0), twist_warned(false),
    check_pending(true), first_compute(true),
    rupture(false), r0_max(0.0),
    id_fix_dummy(nullptr), id_fix_history(nullptr), fix_history(nullptr), ndata(7),
    breaks(new RRPBondBreaks(_lmp, "rrp/binder")), block(new Block)
{
  writedata = 1;
  single_extra = 5;
  svector = new double[5];
  vterm[0] = vterm[1] = 0.0;
  series = nullptr;
  burgers = nullptr;
  kb_eq = kt_eq = ka_eq = ks_eq = nullptr;
  vstep = nullptr;
  vfactors = nullptr;
  viscous = nullptr;
  fused = nullptr;
  any_viscous = false;
  any_fused = false;
  vblock_terms = 0;
  for (int &v : vterms) v = 0;
  nref = 7;
  shift_kind = SHIFT_NONE;
  shift_c[0] = shift_c[1] = shift_c[2] = 0.0;
  temperature_value = 0.0;
  branches_relaxed = false;
  dxi_last = 0.0;
  visco_step_done = -1;
  visco_seed = false;

  // a placeholder keeps the history fix at this place in the fix list
  id_fix_dummy = utils::strdup(fmt::format("RRP_BINDER_DUMMY_{}", instance_me));
  modify->add_fix(fmt::format("{} all DUMMY", id_fix_dummy));
  id_fix_history = utils::strdup("RRP_BINDER_HISTORY");
}

BondRRPBinder::~BondRRPBinder()
{
  // (the fixes may be gone before the bond style: plugin_clear unloads a plugin's fix styles,
  // deleting their fixes, before its bond styles, in the order they were registered)
  if (modify->nfix && id_fix_dummy && modify->get_fix_by_id(id_fix_dummy))
    modify->delete_fix(id_fix_dummy);
  if (modify->nfix && fix_history && modify->get_fix_by_id(id_fix_history))
    modify->delete_fix(id_fix_history);
  delete breaks;
  delete[] id_fix_dummy;
  delete[] id_fix_history;
  delete[] svector;
  delete block;
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(kb);
    memory->destroy(kt);
    memory->destroy(ka);
    memory->destroy(ks);
    for (auto &c : crit) memory->destroy(c);
    for (auto &c : mohr) memory->destroy(c);
    memory->sfree(strength);
    memory->sfree(law);
    memory->destroy(measured);
    visco_destroy();
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
  for (auto &c : mohr) memory->create(c, np1, "bond:mohr");
  strength = (rrp_binder_strength *) memory->smalloc(np1 * sizeof(rrp_binder_strength), "bond:strength");
  law = (rrp_binder_rupture *) memory->smalloc(np1 * sizeof(rrp_binder_rupture), "bond:law");
  memory->create(measured, np1, "bond:measured");
  memory->create(setflag, np1, "bond:setflag");
  visco_allocate(np1);
  for (int i = 0; i < np1; i++) {
    setflag[i] = 0;
    measured[i] = 0;
    kb[i] = kt[i] = ka[i] = ks[i] = 0.0;
    for (auto &c : crit) c[i] = 0.0;
    for (auto &c : mohr) c[i] = 0.0;
    strength[i] = rrp_binder_strength{0.0, 0.0, 0.0, 0.0};
    law[i] = rrp_binder_rupture{{0.0, 0.0, 0.0, 0.0}, 0.0, 0.0};
  }
}

/* bond_style rrp/binder [shear convected|linear|paper] [break strain EC twist THETA]
   [store/local FIX-ID N value ...] [orientation integrated|fixed] */

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
      iarg = breaks->parse_store_local(narg, arg, iarg);
    } else if (int next = visco_settings(narg, arg, iarg); next > 0) {
      iarg = next;
    } else {
      error->all(FLERR, "Unknown bond_style rrp/binder keyword: {}", arg[iarg]);
    }
  }
  // the break records' fix, for dump local to name (once the box exists, else at init)
  if (domain->box_exist) breaks->make_store_local();
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
    strength[i] = rrp_binder_strength{0.0, 0.0, 0.0, 0.0};
    if (mohr[0][i] > 0.0) {
      rrp_binder_strength_set(mohr[0][i], mohr[1][i], mohr[2][i], &strength[i]);
      rrp_binder_strength_moment_factor(mohr[4][i], &strength[i]);
      rupture = true;
    }
  }
}

/* the coefficients of a type, Kb Kt Ka Ks and the four critical values: the index of the first
   one out of range (each finite and >= 0; the critical angles at most pi), or -1 */

static constexpr const char *COEFFICIENT_NAMES[8] = {
    "Kb", "Kt", "Ka", "Ks", "critical axial strain", "critical shear angle",
    "critical bending angle", "critical twist angle"};

static int coefficient_out_of_range(const double v[8])
{
  for (int k = 0; k < 8; k++)
    if (!(v[k] >= 0.0) || !std::isfinite(v[k]) || (k > 4 && v[k] > MathConst::MY_PI)) return k;
  return -1;
}

/* bond_coeff N Km Ka Ks [EPS_C PHI_C BETA_C TAU_C], or with Kb Kt in place of Km, then the
   relaxation keywords prony and burgers (bond_rrp_binder_visco.cpp) */

void BondRRPBinder::coeff(int narg_all, char **arg)
{
  // the numbers before the first keyword
  int narg = 1;
  while (narg < narg_all && strcmp(arg[narg], "prony") != 0 && strcmp(arg[narg], "burgers") != 0 &&
         strcmp(arg[narg], "mohr") != 0)
    narg++;
  if (narg != 4 && narg != 5 && narg != 8 && narg != 9)
    error->all(FLERR, "Incorrect number of args for bond_coeff rrp/binder: expected N Km Ka Ks "
                      "or N Kb Kt Ka Ks, optionally followed by the critical axial strain, shear "
                      "angle, bending angle and twist angle, then the keywords mohr, prony or burgers "
                      "({} numbers given)", narg - 1);
  if (!allocated) allocate();
  int ilo, ihi;
  utils::bounds(FLERR, arg[0], 1, atom->nbondtypes, ilo, ihi, error);
  if (ilo > ihi)
    error->all(FLERR, "Bond_coeff rrp/binder {}: no bond type in this range (the types are 1 to {})",
               arg[0], atom->nbondtypes);
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
  for (int i = ilo; i <= ihi; i++) {
    kb[i] = vals[0];
    kt[i] = vals[nk == 4 ? 1 : 0];
    ka[i] = vals[nk - 2];
    ks[i] = vals[nk - 1];
    for (int k = 0; k < 4; k++) crit[k][i] = c[k];
    // a type's coefficients are given whole: no series unless this command gives one
    memset(series[i], 0, sizeof(series[i]));
    memset(burgers[i], 0, sizeof(burgers[i]));
    for (auto &m : mohr) m[i] = 0.0;
    setflag[i] = 1;
  }
  // keyword mohr ST C PHI LAMBDA [mcf BETA] (the rest are the relaxation keywords)
  for (int iarg = narg; iarg < narg_all; iarg++) {
    if (strcmp(arg[iarg], "mohr") != 0) continue;
    if (iarg + 5 > narg_all) utils::missing_cmd_args(FLERR, "bond_coeff rrp/binder mohr", error);
    double v[5] = {0.0, 0.0, 0.0, 0.0, 1.0};
    for (int k = 0; k < 4; k++) v[k] = utils::numeric(FLERR, arg[iarg + 1 + k], false, lmp);
    if (iarg + 5 < narg_all && strcmp(arg[iarg + 5], "mcf") == 0) {
      if (iarg + 7 > narg_all)
        utils::missing_cmd_args(FLERR, "bond_coeff rrp/binder mohr ... mcf", error);
      v[4] = utils::numeric(FLERR, arg[iarg + 6], false, lmp);
    }
    check_mohr(v, "bond_coeff", arg[0]);
    for (int i = ilo; i <= ihi; i++)
      for (int k = 0; k < 5; k++) mohr[k][i] = v[k];
  }
  visco_coeff(narg_all, arg, narg, ilo, ihi);
}

/* a type's Mohr-Coulomb numbers (tensile strength, cohesion, friction angle, radius ratio,
   moment factor), from source for types: an ERROR naming the bad one */

void BondRRPBinder::check_mohr(const double v[5], const char *source, const std::string &types)
{
  rrp_binder_strength st;
  const char *const names[5] = {"tensile strength", "cohesion", "friction angle", "radius ratio",
                                "moment factor mcf"};
  const char *const allowed[5] = {"a stress > 0", "a stress > 0", "in degrees, >= 0 and < 90",
                                  "> 0 (the cross-section's radius over the smaller particle's)",
                                  "in [0, 1] (the share of the moments' stresses)"};
  for (int k = 0; k < 5; k++) {
    const bool ok = k == 2   ? (v[k] >= 0.0 && v[k] < 90.0)
        : k == 4             ? (v[k] >= 0.0 && v[k] <= 1.0)
                             : (v[k] > 0.0 && std::isfinite(v[k]));
    if (!ok)
      error->all(FLERR, "Bond style rrp/binder: {} mohr for bond type {}: the {} {} must be {}",
                 source, types, names[k], v[k], allowed[k]);
  }
  if (rrp_binder_strength_set(v[0], v[1], v[2], &st) != RRP_OK)
    error->all(FLERR, "Bond style rrp/binder: {} mohr for bond type {} is out of range", source, types);
}

/* coefficients that did not come through bond_coeff (a restart file): the same ranges */

void BondRRPBinder::check_coefficients(const char *source)
{
  for (int i = 1; i <= atom->nbondtypes; i++) {
    const double v[8] = {kb[i], kt[i], ka[i], ks[i], crit[0][i], crit[1][i], crit[2][i], crit[3][i]};
    const int bad = coefficient_out_of_range(v);
    if (bad >= 0)
      error->all(FLERR, "Bond style rrp/binder: {} gives bond type {} {} = {}; it must be finite "
                 "and >= 0 (an angle at most pi)", source, i, COEFFICIENT_NAMES[bad], v[bad]);
    const double m[5] = {mohr[0][i], mohr[1][i], mohr[2][i], mohr[3][i], mohr[4][i]};
    if (m[0] != 0.0 || m[1] != 0.0 || m[2] != 0.0 || m[3] != 0.0 || m[4] != 0.0)
      check_mohr(m, source, std::to_string(i));
  }
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
  for (int i = 1; i <= atom->nbondtypes; i++)
    if (mohr[0][i] > 0.0 && !atom->radius_flag)
      error->all(FLERR, "Bond style rrp/binder: bond type {} has a Mohr-Coulomb strength (mohr), "
                        "whose cross-section scales with the particles' radii: the atom style has "
                        "none (use bpm/sphere or sphere)", i);
  visco_init();
  visco_check_temperature();
  find_history();
  if (fix_history->data_counts) {
    // a data file's released energy, rupture count and dissipated work continue
    breaks->released = fix_history->data_released;
    breaks->nbroken = fix_history->data_nbroken;
    breaks->dissipated = fix_history->data_dissipated;
    fix_history->data_counts = false;
  }
  if (breaks->store_pending()) breaks->make_store_local();
  r0_max = longest_reference();
  twist_warned = false;
  make_laws();
  // a ruptured binder leaves the two particles to their contact: the pair must be in the
  // neighbor list with full weight
  if (rupture && (force->special_lj[1] != 1.0 || force->special_coul[1] != 1.0))
    error->all(FLERR, "Bond style rrp/binder with rupture (break, or critical values or mohr in "
                      "bond_coeff) requires special_bonds lj/coul 1.0 for 1-2 neighbors (now lj {} "
                      "coul {}), so that ruptured binders leave contact",
               force->special_lj[1], force->special_coul[1]);
}

/* the references' fix BOND_HISTORY/RRP: 7 values per bond, 11 for the printed shear form (which
   reads q_j0), then the viscous branch state of the series' layout; a history made by
   rrp/read_data or read from a restart file keeps its width */

void BondRRPBinder::find_history()
{
  const int wanted = rrp_binder_slot_size(shear_form);
  if (!fix_history) {
    Fix *f = modify->get_fix_by_id(id_fix_history);
    const bool made = !f;
    if (made)
      f = modify->replace_fix(id_fix_dummy,
                              fmt::format("{} all BOND_HISTORY/RRP 0 {}", id_fix_history,
                                          wanted + (any_viscous ? rrp_visco_state_size(vterms) : 0)),
                              1);
    fix_history = dynamic_cast<FixRRPBinderHistory *>(f);
    if (!fix_history)
      error->all(FLERR, "Bond style rrp/binder: fix {} has style {}, not BOND_HISTORY/RRP",
                 id_fix_history, f->style);
    if (made) fix_history->set_layout(wanted, vterms);
    if (id_fix_dummy && modify->get_fix_by_id(id_fix_dummy)) modify->delete_fix(id_fix_dummy);
    delete[] id_fix_dummy;
    id_fix_dummy = nullptr;
  }
  fix_history->setflag = setflag;
  visco_check_history();
  ndata = fix_history->get_ndata();
  nref = fix_history->nref;
  if (nref < wanted)
    error->all(FLERR, "Bond style rrp/binder shear paper reads each particle's orientation at "
                      "bonding, and the binders' references (read from a data or restart file "
                      "written with shear convected) have only their relative orientation: "
                      "use shear convected, or bond the particles anew");
}

/* the longest rest length of the references stored so far, on all ranks (LAMMPS's check of the
   communication cutoff) */

double BondRRPBinder::longest_reference()
{
  double rmax = 0.0, all = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const double *st = fix_history->slot(i, m);
      if (atom->bond_type[i][m] <= 0 || !has_reference(st)) continue;
      rmax = std::max(rmax, rrp_binder_rest_length(rrp_binder_slot_ref(st)));
    }
  MPI_Allreduce(&rmax, &all, 1, MPI_DOUBLE, MPI_MAX, world);
  return all;
}

/* ----------------------------------------------------------------------
   reference state of bond n (i, j; i has the lower ID) when it is first computed: positions
   (closest image) and orientations now; stored in the slots of the local atoms
------------------------------------------------------------------------- */

void BondRRPBinder::capture(int i, int j, double **quat)
{
  double **x = atom->x;
  tagint *tag = atom->tag;
  double d[3] = {x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]};
  domain->minimum_image(d[0], d[1], d[2]);
  // the widest slot; the history keeps its own width of it
  double s[RRP_BINDER_SLOT_PAPER];
  const int status = rrp_binder_slot_capture(d, quat[i], quat[j], RRP_BINDER_SLOT_PAPER, s);
  if (status != RRP_OK)
    error->one(FLERR, "Bond style rrp/binder: bond {}-{} has a {} reference state", tag[i],
               tag[j], status == RRP_EDOMAIN ? "zero quaternion in its" : "non-finite");
  fix_history->set_bond(i, j, s);
  r0_max = std::max(r0_max, rrp_binder_rest_length(rrp_binder_slot_ref(s)));
}

/* ----------------------------------------------------------------------
   the loads of the gathered block one bond at a time (rrp_binder): the printed shear form, which
   the block kernel does not have, and a block the kernel refused, whose bad bond is named here
------------------------------------------------------------------------- */

void BondRRPBinder::loads(Block &k, double **quat)
{
  // the elastic kernel's lanes (and the branches of viscous binders among them, one by one)
  const int ne = k.nelastic;
  if (ne > 0 && (shear_form == RRP_SHEAR_PAPER || rrp_binder_loads(&k.b, ne, shear_form) != RRP_OK))
    loads_one_by_one(k, quat, 0, ne);
  visco_loads(k, quat, 0, ne);
  // the fused viscous binders, a run per type
  for (int r = 0; r < k.nruns; r++) visco_fused(k, quat, r);
}

void BondRRPBinder::loads_one_by_one(Block &blk, double **quat, int lo, int hi)
{
  rrp_binder_block &b = blk.b;
  const int *bi = blk.bi, *bj = blk.bj;
  const double *const *bslot = blk.bslot;
  double **x = atom->x;
  tagint *tag = atom->tag;
  for (int k = lo; k < hi; k++) {
    const int i = bi[k], j = bj[k];
    const rrp_binder_ref *ref = rrp_binder_slot_ref(bslot[k]);
    const rrp_binder_coeff c = {b.kb[k], b.kt[k], b.ka[k], b.ks[k], shear_form, b.measure[k]};
    rrp_binder_load l;
    const int status = rrp_binder(&c, ref, rrp_binder_slot_qj0(bslot[k], nref), x[i], x[j],
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

/* ----------------------------------------------------------------------
   gather: the bonds of the bond list from index next on (up to end) into the block (at most
   RRP_BINDER_BLOCK, type > 0), lower ID first, their reference states captured where they have
   none yet; returns their number and advances next (quat: the orientations, looked up once per
   computation). With fused viscous types, the bonds are first counted by kernel (lanes), so that
   each kernel's lanes are contiguous: the elastic kernel's first, then a run per fused type
   (Block); each bond's branch state goes into the fused kernel's block.
------------------------------------------------------------------------- */

void BondRRPBinder::gather(Block &blk, int &next, int end, int &ncaptured, double **quat)
{
  rrp_binder_block &b = blk.b;
  int *bond = blk.bond, *bi = blk.bi, *bj = blk.bj;
  double **bslot = blk.bslot;
  int **bondlist = neighbor->bondlist;
  const int nbondlist = neighbor->nbondlist;
  tagint *tag = atom->tag;
  // the lanes: the next free one of the elastic kernel (lane[0]) and of each run (lane[1 + r])
  int lane[RRP_BINDER_BLOCK + 1];
  lane[0] = 0;
  blk.nruns = 0;
  if (any_fused) {
    // the runs, in the order their types first come, and their sizes
    int count[RRP_BINDER_BLOCK + 1], seen = 0;
    count[0] = 0;
    for (int n = next; n < end && seen < RRP_BINDER_BLOCK; n++) {
      const int type = bondlist[n][2];
      if (type <= 0) continue;
      seen++;
      int r = 0;
      if (fused[type]) {
        while (r < blk.nruns && blk.run_type[r] != type) r++;
        if (r == blk.nruns) {
          blk.run_type[blk.nruns++] = type;
          count[1 + r] = 0;
        }
        r++;
      }
      count[r]++;
    }
    blk.run_lo[0] = count[0];
    for (int r = 0; r < blk.nruns; r++) blk.run_lo[r + 1] = blk.run_lo[r] + count[1 + r];
    for (int r = 0; r < blk.nruns; r++) lane[1 + r] = blk.run_lo[r];
    blk.v.nterms = vblock_terms;
  }
  // LAMMPS's per-atom arrays are contiguous: one base pointer each, no row pointers to load
  const double *x0 = atom->x[0], *q0 = quat[0];
  const double *f0 = atom->f[0], *t0 = atom->torque[0];
  // bonds ahead whose reference and atoms (tags, x, orientations, f and torques) are fetched
  // early: a bond's two atoms are far apart in the arrays, more streams than the processor follows
  const int PREFETCH = 16;
  int nb = 0;
  for (; next < end && nb < RRP_BINDER_BLOCK; next++) {
    const int n = next, type = bondlist[n][2];
    if (type <= 0) continue;
    // the reference is stored lower ID first; the order is random, so the swap is arithmetic,
    // not a branch that the processor would mispredict half the time
    const int a = bondlist[n][0], c = bondlist[n][1];
    const int swap = -static_cast<int>(tag[c] < tag[a]);    // all bits set: swap
    const int i = a ^ ((a ^ c) & swap), j = a ^ c ^ i;
    double *slot = fix_history->slot_of_bond(n);
    if (n + PREFETCH < nbondlist) {
      const double *ps = fix_history->slot_of_bond(n + PREFETCH);
      __builtin_prefetch(ps);
      __builtin_prefetch(ps + 6);
      // a viscous binder's branch state after its reference, read and written back: its lines
      // (slots of 7 values have none)
      for (int v = 8; v < ndata; v += 8) __builtin_prefetch(ps + v, 1);
      if (ndata > 8) __builtin_prefetch(ps + ndata - 1, 1);
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
      capture(i, j, quat);
      ncaptured++;
    }
    int r = 0;
    if (any_fused && fused[type]) {
      while (blk.run_type[r] != type) r++;
      r++;
    }
    const int k = lane[r]++;
    blk.order[nb] = k;
    // the stored values are the reference in rrp_binder_ref's layout (r_i, p), then q_j0
    for (int d = 0; d < 3; d++) {
      b.d[d][k] = x0[3 * i + d] - x0[3 * j + d];
      b.ri[d][k] = slot[d];
    }
    for (int d = 0; d < 4; d++) {
      b.qi[d][k] = q0[4 * i + d];
      b.qj[d][k] = q0[4 * j + d];
      b.p[d][k] = slot[3 + d];
    }
    // (the equilibrium stiffnesses: the branches of a viscous type add theirs)
    b.kb[k] = kb_eq[type];
    b.kt[k] = kt_eq[type];
    b.ka[k] = ka_eq[type];
    b.ks[k] = ks_eq[type];
    b.measure[k] = measured[type];
    bond[k] = n;
    bi[k] = i;
    bj[k] = j;
    bslot[k] = slot;
    nb++;
  }
  blk.nb = nb;
  blk.nelastic = blk.nruns ? blk.run_lo[0] : nb;
  // the fused runs' branch states into the block, the lanes of a run at once
  for (int r = 0; r < blk.nruns; r++) {
    const double *states[RRP_BINDER_BLOCK];
    for (int k = blk.run_lo[r]; k < blk.run_lo[r + 1]; k++)
      states[k] = fix_history->branches(blk.bslot[k]);
    rrp_visco_block_put_lanes(&blk.v, blk.run_lo[r], blk.run_lo[r + 1], vterms, states);
  }
}

/* ----------------------------------------------------------------------
   apply: the block's loads to the atoms, bond by bond: a binder that breaks (the core's
   rrp_binder_breaks) goes to the breaks and stops acting; the others add their forces, torques
   and energies (put_loads, tally)
------------------------------------------------------------------------- */

void BondRRPBinder::apply(const Block &blk)
{
  double *f0 = atom->f[0], *t0 = atom->torque[0];
  for (int o = 0; o < blk.nb; o++) {
    const int k = blk.order[o];    // (the bond list's order)
    if (twist_near(blk, k)) warn_twist(blk.bi[k], blk.bj[k], blk.b.angle[k]);
    double energy = 0.0;
    const int mode = breaks_now(blk, k, energy);
    if (mode) {
      broke(blk.bi[k], blk.bj[k], blk.bond[k], mode, energy, rrp_binder_block_get(&blk.b, k));
      continue;
    }
    put_loads(blk, k, [f0, t0](int a, const double *fa, const double *ta) {
      for (int d = 0; d < 3; d++) {
        f0[3 * a + d] += fa[d];
        t0[3 * a + d] += ta[d];
      }
    });
    if (evflag) tally(blk, k);
  }
}

/* the principal log turns the torsion/bending torque over at a half-turn: without a twist
   criterion, a warning the first time a binder comes near one */

bool BondRRPBinder::twist_near(const Block &blk, int k) const
{
  return break_twist == 0.0 && !twist_warned && blk.b.angle[k] > TWIST_WARN * MathConst::MY_PI;
}

void BondRRPBinder::warn_twist(int i, int j, double angle)
{
  twist_warned = true;
  error->warning(FLERR,
                 "Bond style rrp/binder: bond {}-{} on step {} has turned by {:.6g} rad "
                 "relative (more than {} pi); at pi its torsion/bending torque turns over: "
                 "set a rupture angle with break twist THETA",
                 atom->tag[i], atom->tag[j], update->ntimestep, angle, TWIST_WARN);
}

/* whether bond k of a block breaks now (its mode, or 0) and the energy it releases */

int BondRRPBinder::breaks_now(const Block &blk, int k, double &energy) const
{
  if (!rupture) return 0;
  const rrp_binder_load load = rrp_binder_block_get(&blk.b, k);
  const int type = neighbor->bondlist[blk.bond[k]][2];
  int mode = rrp_binder_breaks(&law[type], &load, &energy);
  if (!mode && strength[type].tensile > 0.0) {
    mode = strength_breaks(blk, k, type);
    if (mode) energy = load.um + load.ua + load.us;
  }
  return mode;
}

/* the Mohr-Coulomb strength of bond k of a block (type type): its mode of rupture, or 0. The
   cross-section's radius is the type's ratio times the smaller particle's radius. */

int BondRRPBinder::strength_breaks(const Block &blk, int k, int type) const
{
  const rrp_binder_block &b = blk.b;
  const double *radius = atom->radius;
  const double rb = mohr[3][type] * std::min(radius[blk.bi[k]], radius[blk.bj[k]]);
  const double d[3] = {b.d[0][k], b.d[1][k], b.d[2][k]};
  const double fi[3] = {b.fi[0][k], b.fi[1][k], b.fi[2][k]};
  const double ti[3] = {b.ti[0][k], b.ti[1][k], b.ti[2][k]};
  rrp_binder_section sec;
  if (rrp_binder_section_of(d, fi, ti, rb, &sec) != RRP_OK)
    error->one(FLERR, "Bond style rrp/binder: bond {}-{} on step {}: no cross-section stresses "
                      "(a particle radius {} or {}, a radius ratio {})", atom->tag[blk.bi[k]],
               atom->tag[blk.bj[k]], update->ntimestep, radius[blk.bi[k]], radius[blk.bj[k]],
               mohr[3][type]);
  return rrp_binder_strength_breaks(&strength[type], &sec);
}

/* rupture of bond list entry n (atoms i, j): the binder stops acting, its stored energy is
   released */

void BondRRPBinder::broke(int i, int j, int n, int mode, double energy, const rrp_binder_load &load)
{
  const int nlocal = atom->nlocal;
  const double w = force->newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
  // the work its branches dissipated stays dissipated
  const double *slot = fix_history->slot_of_bond(n);
  const double *state = slot ? fix_history->branches(const_cast<double *>(slot)) : nullptr;
  if (state) breaks->step_dissipated += w * state[RRP_VISCO_DISSIPATED];
  breaks->broke(i, j, mode, energy, load, w);
  neighbor->bondlist[n][2] = 0;
}

/* the energy and virial of bond k of a block (evflag set) */

void BondRRPBinder::tally(const Block &blk, int k)
{
  const rrp_binder_block &b = blk.b;
  const int i = blk.bi[k], j = blk.bj[k], nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  const double ebond = b.um[k] + b.ua[k] + b.us[k];
  ev_tally_xyz(i, j, nlocal, newton_bond, ebond, b.fi[0][k], b.fi[1][k], b.fi[2][k], b.d[0][k],
               b.d[1][k], b.d[2][k]);
  if (eflag_global) {
    const double w = newton_bond ? 1.0 : 0.5 * ((i < nlocal) + (j < nlocal));
    eterm[0] += w * b.um[k];
    eterm[1] += w * b.ua[k];
    eterm[2] += w * b.us[k];
    vterm[0] += w * blk.vstored[k];
    vterm[1] += w * blk.vdissipated[k];
  }
}

/* ---------------------------------------------------------------------- */

void BondRRPBinder::compute(int eflag, int vflag)
{
  compute_begin(eflag, vflag);

  // the bonds in blocks: gathered, their loads evaluated across SIMD lanes (rrp_binder_loads;
  // one by one for the printed shear form, which the block kernel does not have, or a block it
  // refused), then applied
  double **quat = RRPOrientation::array(lmp);
  int ncaptured = 0, next = 0;
  while (next < neighbor->nbondlist) {
    gather(*block, next, neighbor->nbondlist, ncaptured, quat);
    loads(*block, quat);
    apply(*block);
  }
  compute_end(ncaptured);
}

void BondRRPBinder::compute_begin(int eflag, int vflag)
{
  if (check_pending) {
    RRPOrientation::check_reader(lmp, "Bond style rrp/binder", 1, true, orientation_fixed);
    check_pending = false;
  }
  ev_init(eflag, vflag);
  eterm[0] = eterm[1] = eterm[2] = 0.0;
  if (fix_history->stale) fix_history->index_slots();
  visco_begin();
  if (visco_seed) visco_seed_measures();
}

void BondRRPBinder::compute_end(int ncaptured)
{
  // broken binders leave the bond lists after the loop (their slots move), and the bond list's
  // index into the slots is made again
  if (rupture && breaks->end_step(fix_history)) fix_history->index_slots();

  if (first_compute) {
    first_compute = false;
    int all = 0;
    MPI_Allreduce(&ncaptured, &all, 1, MPI_INT, MPI_SUM, world);
    if (all > 0 && comm->me == 0)
      utils::logmesg(lmp, "Bond style rrp/binder: {} binders took the positions and orientations "
                          "of step {} as their reference state\n",
                     all, update->ntimestep);
  }
}

/* ---------------------------------------------------------------------- */

double BondRRPBinder::equilibrium_distance(int /*type*/)
{
  return r0_max;
}

/* ----------------------------------------------------------------------
   the stored reference of the bond between local atom i and atom j, from i's bond slots
------------------------------------------------------------------------- */

int BondRRPBinder::reference_of(int i, int j, const double *&slot)
{
  if (i >= atom->nlocal) return 0;
  const int m = rrp_bond_slot(atom, i, atom->tag[j]);
  if (m < 0) return 0;
  slot = fix_history->slot(i, m);
  return has_reference(slot) ? 1 : 0;
}

/* energy of one bond (compute bond/local); svector = U^m, U^a, U^s (with their branch springs),
   the energy in the branch springs, the work the branches dissipated since bonding; fforce is
   the force on i along the bond divided by the distance (the shear force has a part across it).
   A viscous binder's branches as of its last computation (an instantaneous change since). */

double BondRRPBinder::single(int type, double /*rsq*/, int i, int j, double &fforce)
{
  fforce = 0.0;
  for (int k = 0; k < 5; k++) svector[k] = 0.0;
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
  const rrp_binder_coeff c = {kb_eq[type], kt_eq[type], ka_eq[type], ks_eq[type], shear_form, 0};
  rrp_binder_load load;
  double **quat = RRPOrientation::array(lmp);
  if (rrp_binder(&c, rrp_binder_slot_ref(slot), rrp_binder_slot_qj0(slot, nref),
                 xlo, xhi, quat[lo], quat[hi], &load) != RRP_OK)
    return 0.0;
  const double *state = fix_history->branches(const_cast<double *>(slot));
  if (viscous[type] && state) {
    // the branches on a copy of the state, with no time passed
    const double stiff[RRP_VISCO_MODES] = {ka[type], ks[type], kb[type], kt[type]};
    rrp_visco_step st;
    double copy[RRP_VISCO_BRANCHES + 8 * RRP_VISCO_TERMS];
    std::copy(state, state + (ndata - nref), copy);
    rrp_visco_load vl;
    const rrp_binder_ref *ref = rrp_binder_slot_ref(slot);
    if (rrp_visco_step_set(series[type], stiff, 0.0, &st) == RRP_OK &&
        rrp_visco_binder(&st, vterms, d, quat[lo], quat[hi], ref->ri, ref->p, copy, &vl) == RRP_OK) {
      for (int k = 0; k < 3; k++) load.fi[k] += vl.fi[k];
      load.ua += vl.stored[RRP_VISCO_AXIAL];
      load.us += vl.stored[RRP_VISCO_SHEAR];
      load.um += vl.stored[RRP_VISCO_BEND] + vl.stored[RRP_VISCO_TWIST];
      svector[3] = vl.stored[0] + vl.stored[1] + vl.stored[2] + vl.stored[3];
      svector[4] = copy[RRP_VISCO_DISSIPATED];
    }
  }
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
  if (strcmp(str, "released") == 0) return (void *) &breaks->released;
  if (strcmp(str, "nbroken") == 0) return (void *) &breaks->nbroken;
  if (strcmp(str, "nbroken_mode") == 0) return (void *) breaks->nbroken_mode;
  if (strcmp(str, "vterm") == 0) return (void *) vterm;
  if (strcmp(str, "dissipated_broken") == 0) return (void *) &breaks->dissipated;
  return nullptr;
}
