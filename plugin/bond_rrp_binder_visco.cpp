/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder's viscoelastic binders (see bond_rrp_binder.h and
   doc/bond_rrp_binder.rst). The law is the core's (rrp/visco.h): a Prony series per load mode,
   each branch's stress in the bond's state, updated once per step by the exact recursive
   formula. Here: the keywords, the per-type series and step factors, the shift factor of the
   temperature, the branch pass over a block (after the elastic loads of the equilibrium
   stiffnesses), and the series in restart and data files. The branch states themselves live in
   the slots of fix BOND_HISTORY/RRP after each reference (fix_rrp_binder_history.h).
------------------------------------------------------------------------- */

#include "bond_rrp_binder.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "input.h"
#include "memory.h"
#include "neighbor.h"
#include "update.h"
#include "variable.h"

#include "fix_rrp_binder_history.h"
#include "rrp_bond_breaks.h"
#include "rrp_orientation.h"
#include "rrp_restart.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

static constexpr const char *MODE_NAMES[RRP_VISCO_MODES] = {"axial", "shear", "bend", "twist"};

void BondRRPBinder::visco_allocate(int np1)
{
  series = (rrp_visco_series(*)[RRP_VISCO_MODES]) memory->smalloc(
      np1 * sizeof(rrp_visco_series[RRP_VISCO_MODES]), "bond:series");
  burgers = (double(*)[RRP_VISCO_MODES][4]) memory->smalloc(
      np1 * sizeof(double[RRP_VISCO_MODES][4]), "bond:burgers");
  vstep = (rrp_visco_step *) memory->smalloc(np1 * sizeof(rrp_visco_step), "bond:vstep");
  vfactors = (rrp_visco_factors *) memory->smalloc(np1 * sizeof(rrp_visco_factors),
                                                   "bond:vfactors");
  memory->create(fused, np1, "bond:fused");
  memory->create(kb_eq, np1, "bond:kb_eq");
  memory->create(kt_eq, np1, "bond:kt_eq");
  memory->create(ka_eq, np1, "bond:ka_eq");
  memory->create(ks_eq, np1, "bond:ks_eq");
  memory->create(viscous, np1, "bond:viscous");
  for (int i = 0; i < np1; i++) {
    memset(series[i], 0, sizeof(series[i]));
    memset(burgers[i], 0, sizeof(burgers[i]));
    memset(&vstep[i], 0, sizeof(vstep[i]));
    memset(&vfactors[i], 0, sizeof(vfactors[i]));
    fused[i] = 0;
    kb_eq[i] = kt_eq[i] = ka_eq[i] = ks_eq[i] = 0.0;
    viscous[i] = 0;
  }
}

void BondRRPBinder::visco_destroy()
{
  memory->sfree(series);
  memory->sfree(burgers);
  memory->sfree(vstep);
  memory->sfree(vfactors);
  memory->destroy(fused);
  memory->destroy(kb_eq);
  memory->destroy(kt_eq);
  memory->destroy(ka_eq);
  memory->destroy(ks_eq);
  memory->destroy(viscous);
}

/* ----------------------------------------------------------------------
   bond_style keywords: temperature VALUE|v_name, shift wlf C1 C2 TREF | arrhenius TA TREF | none,
   branches relaxed|required; returns the next argument, or -1 for another keyword
------------------------------------------------------------------------- */

int BondRRPBinder::visco_settings(int narg, char **arg, int iarg)
{
  const char *key = arg[iarg];
  if (strcmp(key, "temperature") == 0) {
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder temperature", error);
    if (utils::strmatch(arg[iarg + 1], "^v_")) {
      temperature_var = arg[iarg + 1] + 2;
    } else {
      temperature_var.clear();
      temperature_value = utils::numeric(FLERR, arg[iarg + 1], false, lmp);
      if (!std::isfinite(temperature_value))
        error->all(FLERR, "Bond style rrp/binder temperature {} must be a finite number or v_name "
                          "of an equal-style variable", arg[iarg + 1]);
    }
    return iarg + 2;
  }
  if (strcmp(key, "shift") == 0) {
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder shift", error);
    const char *kind = arg[iarg + 1];
    if (strcmp(kind, "none") == 0) {
      shift_kind = SHIFT_NONE;
      return iarg + 2;
    }
    const bool wlf = strcmp(kind, "wlf") == 0;
    if (!wlf && strcmp(kind, "arrhenius") != 0)
      error->all(FLERR, "Bond style rrp/binder shift {} is unknown: use wlf C1 C2 TREF, "
                        "arrhenius TA TREF or none", kind);
    const int nv = wlf ? 3 : 2;
    if (iarg + 2 + nv > narg)
      utils::missing_cmd_args(FLERR, std::string("bond_style rrp/binder shift ") + kind, error);
    const char *names[2][3] = {{"TA", "TREF", ""}, {"C1", "C2", "TREF"}};
    for (int k = 0; k < nv; k++) {
      shift_c[k] = utils::numeric(FLERR, arg[iarg + 2 + k], false, lmp);
      if (!std::isfinite(shift_c[k]))
        error->all(FLERR, "Bond style rrp/binder shift {} {} = {} must be a finite number", kind,
                   names[wlf][k], arg[iarg + 2 + k]);
    }
    if (!wlf && !(shift_c[1] > 0.0))
      error->all(FLERR, "Bond style rrp/binder shift arrhenius TREF = {} must be an absolute "
                        "temperature > 0", arg[iarg + 3]);
    if (!wlf && !(shift_c[0] >= 0.0))
      error->all(FLERR, "Bond style rrp/binder shift arrhenius TA = {} (the activation energy over "
                        "the gas constant) must be >= 0", arg[iarg + 2]);
    if (wlf && !(shift_c[1] > 0.0))
      error->all(FLERR, "Bond style rrp/binder shift wlf C2 = {} must be > 0", arg[iarg + 3]);
    shift_kind = wlf ? SHIFT_WLF : SHIFT_ARRHENIUS;
    return iarg + 2 + nv;
  }
  if (strcmp(key, "branches") == 0) {
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, "bond_style rrp/binder branches", error);
    if (strcmp(arg[iarg + 1], "relaxed") == 0)
      branches_relaxed = true;
    else if (strcmp(arg[iarg + 1], "required") == 0)
      branches_relaxed = false;
    else
      error->all(FLERR, "Bond style rrp/binder branches {} is unknown: use relaxed or required",
                 arg[iarg + 1]);
    return iarg + 2;
  }
  return -1;
}

/* ----------------------------------------------------------------------
   bond_coeff keywords after the stiffnesses and critical values:
     prony MODE g1 tau1 [g2 tau2 ...]   (MODE = axial, shear, bend, twist or all)
     burgers MODE E1 ETA1 E2 ETA2
   for types ilo..ihi, whose stiffnesses are set; returns narg (all read)
------------------------------------------------------------------------- */

static int mode_of(const char *word)
{
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    if (strcmp(word, MODE_NAMES[m]) == 0) return m;
  return strcmp(word, "all") == 0 ? RRP_VISCO_MODES : -1;
}

static bool is_number(const char *word)
{
  char *end = nullptr;
  strtod(word, &end);
  return end != word && *end == '\0';
}

int BondRRPBinder::visco_coeff(int narg, char **arg, int iarg, int ilo, int ihi)
{
  while (iarg < narg) {
    const char *key = arg[iarg];
    if (strcmp(key, "mohr") == 0) {    // (coeff's: ST C PHI LAMBDA [mcf BETA])
      iarg += 5;
      if (iarg < narg && strcmp(arg[iarg], "mcf") == 0) iarg += 2;
      continue;
    }
    const bool prony = strcmp(key, "prony") == 0, burg = strcmp(key, "burgers") == 0;
    if (!prony && !burg)
      error->all(FLERR, "Bond_coeff rrp/binder: {} is not a number or a keyword (mohr, prony, "
                        "burgers) here", key);
    if (iarg + 2 > narg) utils::missing_cmd_args(FLERR, std::string("bond_coeff rrp/binder ") + key, error);
    const int mode = mode_of(arg[iarg + 1]);
    if (mode < 0)
      error->all(FLERR, "Bond_coeff rrp/binder {} {}: the mode must be axial, shear, bend, twist or "
                        "all", key, arg[iarg + 1]);
    int next = iarg + 2;
    std::vector<double> v;
    while (next < narg && is_number(arg[next])) v.push_back(utils::numeric(FLERR, arg[next++], false, lmp));
    rrp_visco_series s;
    memset(&s, 0, sizeof(s));
    double b4[4] = {0.0, 0.0, 0.0, 0.0};
    if (prony) {
      if (v.empty() || v.size() % 2)
        error->all(FLERR, "Bond_coeff rrp/binder prony {} takes pairs of a weight and a relaxation "
                          "time (g1 tau1 g2 tau2 ...): {} numbers given", arg[iarg + 1], v.size());
      if (v.size() / 2 > RRP_VISCO_TERMS)
        error->all(FLERR, "Bond_coeff rrp/binder prony {}: {} terms, at most {} are allowed",
                   arg[iarg + 1], v.size() / 2, RRP_VISCO_TERMS);
      s.n = (int) v.size() / 2;
      for (int k = 0; k < s.n; k++) {
        s.g[k] = v[2 * k];
        s.tau[k] = v[2 * k + 1];
      }
      int term = -1;
      switch (rrp_visco_series_check(&s, &term)) {
        case RRP_VISCO_WEIGHT:
          error->all(FLERR, "Bond_coeff rrp/binder prony {}: weight g{} = {} must be in (0, 1], a "
                            "fraction of the instantaneous stiffness", arg[iarg + 1], term + 1,
                     s.g[term]);
          break;
        case RRP_VISCO_TIME:
          error->all(FLERR, "Bond_coeff rrp/binder prony {}: relaxation time tau{} = {} must be a "
                            "finite time > 0", arg[iarg + 1], term + 1, s.tau[term]);
          break;
        case RRP_VISCO_SUM: {
          double sum = 0.0;
          for (int k = 0; k < s.n; k++) sum += s.g[k];
          error->all(FLERR, "Bond_coeff rrp/binder prony {}: the weights add up to {}, past the "
                            "instantaneous stiffness (at most 1: the equilibrium part 1 - sum is "
                            ">= 0)", arg[iarg + 1], sum);
          break;
        }
        default: break;
      }
    } else {
      if (v.size() != 4)
        error->all(FLERR, "Bond_coeff rrp/binder burgers {} takes 4 numbers E1 ETA1 E2 ETA2, not {}",
                   arg[iarg + 1], v.size());
      std::copy(v.begin(), v.end(), b4);
      if (rrp_visco_burgers(b4[0], b4[1], b4[2], b4[3], &s) != RRP_OK)
        error->all(FLERR, "Bond_coeff rrp/binder burgers {} {} {} {} {}: the springs E1, E2 and "
                          "dashpots ETA1, ETA2 must be finite and > 0", arg[iarg + 1], v[0], v[1],
                   v[2], v[3]);
    }
    for (int i = ilo; i <= ihi; i++) {
      const double stiff[RRP_VISCO_MODES] = {ka[i], ks[i], kb[i], kt[i]};
      for (int m = 0; m < RRP_VISCO_MODES; m++) {
        if (mode != RRP_VISCO_MODES && mode != m) continue;
        // the Burgers model's Maxwell spring is the mode's instantaneous stiffness
        if (burg && std::fabs(stiff[m] - b4[0]) > 1e-12 * std::fabs(b4[0]))
          error->all(FLERR, "Bond_coeff rrp/binder {}: burgers {} E1 = {} differs from the {} "
                            "stiffness {} = {}: the Burgers model's Maxwell spring E1 is the "
                            "mode's instantaneous stiffness", i, MODE_NAMES[m], b4[0],
                     MODE_NAMES[m], m == 0 ? "Ka" : m == 1 ? "Ks" : m == 2 ? "Kb" : "Kt", stiff[m]);
        series[i][m] = s;
        std::copy(b4, b4 + 4, burgers[i][m]);
      }
    }
    iarg = next;
  }
  return iarg;
}

/* ----------------------------------------------------------------------
   at init: each type's equilibrium stiffnesses (the elastic loads') and whether it is viscous,
   the branch states' layout, the checks of what the branches need
------------------------------------------------------------------------- */

void BondRRPBinder::visco_init()
{
  any_viscous = false;
  for (int m = 0; m < RRP_VISCO_MODES; m++) vterms[m] = 0;
  for (int i = 1; i <= atom->nbondtypes; i++) {
    viscous[i] = 0;
    for (int m = 0; m < RRP_VISCO_MODES; m++) {
      int term = -1;
      if (rrp_visco_series_check(&series[i][m], &term) != RRP_VISCO_FINE)
        error->all(FLERR, "Bond style rrp/binder: bond type {} has a {} series out of range (term "
                          "{})", i, MODE_NAMES[m], term + 1);
      if (series[i][m].n > 0) viscous[i] = 1;
      vterms[m] = std::max(vterms[m], series[i][m].n);
    }
    any_viscous = any_viscous || viscous[i];
    // an elastic type keeps its stiffnesses bit for bit (times 1.0)
    ka_eq[i] = ka[i] * rrp_visco_equilibrium(&series[i][RRP_VISCO_AXIAL]);
    ks_eq[i] = ks[i] * rrp_visco_equilibrium(&series[i][RRP_VISCO_SHEAR]);
    kb_eq[i] = kb[i] * rrp_visco_equilibrium(&series[i][RRP_VISCO_BEND]);
    kt_eq[i] = kt[i] * rrp_visco_equilibrium(&series[i][RRP_VISCO_TWIST]);
    if (series[i][RRP_VISCO_SHEAR].n > 0 && shear_form != RRP_SHEAR_LINEAR)
      error->all(FLERR, "Bond style rrp/binder: bond type {} has a shear relaxation series, which "
                        "needs the shear form quadratic in the shear angle: bond_style rrp/binder "
                        "shear linear (the {} form has no small-strain shear stiffness to relax)",
                 i, shear_form == RRP_SHEAR_PAPER ? "paper" : "convected");
  }
  // the viscous types of the linear shear form take the fused kernel (rrp_visco_loads), whose
  // loops have 1, 2, 3, 4 or 8 terms a mode
  any_fused = false;
  int most = 0;
  for (int m = 0; m < RRP_VISCO_MODES; m++) most = std::max(most, vterms[m]);
  vblock_terms = rrp_visco_block_terms(most);
  for (int i = 1; i <= atom->nbondtypes; i++) {
    fused[i] = viscous[i] && shear_form == RRP_SHEAR_LINEAR && vblock_terms > 0;
    any_fused = any_fused || fused[i];
  }
  if (!any_viscous) return;
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "Bond style rrp/binder with relaxation series does not support run_style "
                      "respa (its branches are updated once per outer step): use run_style verlet");
  if (!temperature_var.empty()) {
    const int ivar = input->variable->find(temperature_var.c_str());
    if (ivar < 0)
      error->all(FLERR, "Bond style rrp/binder temperature: variable {} does not exist",
                 temperature_var);
    if (!input->variable->equalstyle(ivar))
      error->all(FLERR, "Bond style rrp/binder temperature: variable {} is not equal-style",
                 temperature_var);
  }
}

/* the temperature now, checked against the shift's range; and the shift factor a_T */

double BondRRPBinder::temperature_now()
{
  double t = temperature_value;
  if (!temperature_var.empty()) {
    const int ivar = input->variable->find(temperature_var.c_str());
    if (ivar < 0)
      error->all(FLERR, "Bond style rrp/binder temperature: variable {} does not exist",
                 temperature_var);
    t = input->variable->compute_equal(ivar);
  }
  return t;
}

static double shift_factor(Error *error, int kind, const double c[3], double t, bigint step)
{
  double at = 1.0;
  if (kind == 1) {
    const int s = rrp_visco_shift_wlf(c[0], c[1], c[2], t, &at);
    if (s == RRP_EDOMAIN)
      error->all(FLERR, "Bond style rrp/binder shift wlf: the temperature {} on step {} is at or "
                        "below the WLF singularity TREF - C2 = {} (it must be above)", t, step,
                 c[2] - c[1]);
    if (s != RRP_OK)
      error->all(FLERR, "Bond style rrp/binder shift wlf: the shift factor at temperature {} on "
                        "step {} overflows", t, step);
  } else if (kind == 2) {
    const int s = rrp_visco_shift_arrhenius(c[0], c[1], t, &at);
    if (s == RRP_EDOMAIN)
      error->all(FLERR, "Bond style rrp/binder shift arrhenius: the temperature {} on step {} must "
                        "be an absolute temperature > 0", t, step);
    if (s != RRP_OK)
      error->all(FLERR, "Bond style rrp/binder shift arrhenius: the shift factor at temperature {} "
                        "on step {} overflows", t, step);
  }
  return at;
}

/* a temperature out of the shift's range ends the run at its setup, before any step */

void BondRRPBinder::visco_check_temperature()
{
  if (any_viscous && shift_kind != SHIFT_NONE)
    shift_factor(error, shift_kind, shift_c, temperature_now(), update->ntimestep);
}

/* ----------------------------------------------------------------------
   each computation: the reduced time since the last update (0 at a run's setup, under minimize
   and on a second computation in one step: an instantaneous change), each type's step factors
------------------------------------------------------------------------- */

void BondRRPBinder::visco_begin()
{
  vterm[0] = vterm[1] = 0.0;
  if (!any_viscous) return;
  const bigint now = update->ntimestep;
  const bool instant = update->setupflag || update->whichflag != 1 || now == visco_step_done;
  double dxi = 0.0;
  if (!instant) {
    const double at = shift_kind == SHIFT_NONE
        ? 1.0
        : shift_factor(error, shift_kind, shift_c, temperature_now(), now);
    dxi = update->dt / at;
  }
  visco_step_done = now;
  dxi_last = dxi;
  for (int i = 1; i <= atom->nbondtypes; i++) {
    if (!viscous[i]) continue;
    const double stiff[RRP_VISCO_MODES] = {ka[i], ks[i], kb[i], kt[i]};
    if (rrp_visco_step_set(series[i], stiff, dxi, &vstep[i]) != RRP_OK)
      error->all(FLERR, "Bond style rrp/binder: bond type {} has no valid step factors for a step "
                        "of {} reduced time", i, dxi);
    rrp_visco_factors_set(&vstep[i], &vfactors[i]);
  }
}

/* ----------------------------------------------------------------------
   branch states widened in (a file without them, branches relaxed): the measures of the last
   update, zero-filled, are set to those of now, so that the first update sees no change of
   strain and the branches start relaxed in the deformed state the file gave (zero-filled, the
   whole deformation since bonding would load them as one instantaneous step)
------------------------------------------------------------------------- */

void BondRRPBinder::visco_seed_measures()
{
  visco_seed = false;
  double **x = atom->x, **quat = RRPOrientation::array(lmp);
  const tagint *tag = atom->tag;
  int **bondlist = neighbor->bondlist;
  for (int n = 0; n < neighbor->nbondlist; n++) {
    const int type = bondlist[n][2];
    if (type <= 0 || !viscous[type]) continue;
    double *slot = fix_history->slot_of_bond(n);
    if (!slot || !rrp_binder_slot_has_reference(slot)) continue;    // (captured later: zeroed)
    double *state = fix_history->branches(slot);
    if (!state) continue;
    const int a = bondlist[n][0], c = bondlist[n][1];
    const int i = tag[a] < tag[c] ? a : c, j = a + c - i;
    const double d[3] = {x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]};
    const rrp_binder_ref *ref = rrp_binder_slot_ref(slot);
    rrp_visco_measures(d, quat[i], quat[j], ref->ri, ref->p, state);
    if (double *twin = fix_history->twin_of_bond(n))
      std::copy(state, state + RRP_VISCO_MEASURES, fix_history->branches(twin));
  }
}

/* ----------------------------------------------------------------------
   the branches of the viscous binders in lanes lo .. hi-1 of a block, one by one, after the
   elastic loads of the equilibrium stiffnesses (the shear forms without the fused kernel, and a
   fused run that the kernel refused): each state updated (and its copy on the bond's other local
   atom), the branch loads added to the block's, their energy to its mode's (axial U^a, shear U^s,
   bending and twist U^m)
------------------------------------------------------------------------- */

void BondRRPBinder::visco_loads(Block &blk, double **quat, int lo, int hi)
{
  rrp_binder_block &b = blk.b;
  int **bondlist = neighbor->bondlist;
  for (int k = lo; k < hi; k++) {
    blk.vstored[k] = blk.vdissipated[k] = 0.0;
    if (!any_viscous) continue;
    const int type = bondlist[blk.bond[k]][2];
    double *state = fix_history->branches(blk.bslot[k]);
    if (!viscous[type] || !state) continue;
    const int i = blk.bi[k], j = blk.bj[k];
    const double d[3] = {b.d[0][k], b.d[1][k], b.d[2][k]};
    const rrp_binder_ref *ref = rrp_binder_slot_ref(blk.bslot[k]);
    rrp_visco_load out;
    const int status = rrp_visco_binder(&vstep[type], vterms, d, quat[i], quat[j], ref->ri,
                                        ref->p, state, &out);
    if (status != RRP_OK)
      error->one(FLERR, "Bond style rrp/binder: bond {}-{} on step {}: its viscous branches have "
                        "{}", atom->tag[i], atom->tag[j], update->ntimestep,
                 status == RRP_EDOMAIN ? "no bond direction (coincident atoms)"
                                       : "non-finite loads");
    if (double *twin = fix_history->twin_of_bond(blk.bond[k]))
      std::copy(state, state + (fix_history->get_ndata() - fix_history->nref),
                fix_history->branches(twin));
    for (int c = 0; c < 3; c++) {
      b.fi[c][k] += out.fi[c];
      b.ti[c][k] += out.ti[c];
      b.tj[c][k] += out.tj[c];
    }
    b.ua[k] += out.stored[RRP_VISCO_AXIAL];
    b.us[k] += out.stored[RRP_VISCO_SHEAR];
    b.um[k] += out.stored[RRP_VISCO_BEND] + out.stored[RRP_VISCO_TWIST];
    blk.vstored[k] = out.stored[0] + out.stored[1] + out.stored[2] + out.stored[3];
    blk.vdissipated[k] = state[RRP_VISCO_DISSIPATED];
  }
}

/* run r of a block's fused lanes (one viscous type, shear linear): the fused kernel over its
   lanes (loads, energies, measures of rupture, the states in the block updated), the states back
   to their slots (and to the copy on the bond's other local atom); a run the kernel refuses
   takes the path one bond at a time from the slots' states, untouched, which names a bad bond */

void BondRRPBinder::visco_fused(Block &blk, double **quat, int r)
{
  const int lo = blk.run_lo[r], hi = blk.run_lo[r + 1];
  if (rrp_visco_loads(&blk.b, &blk.v, lo, hi, &vfactors[blk.run_type[r]]) != RRP_OK) {
    loads_one_by_one(blk, quat, lo, hi);
    visco_loads(blk, quat, lo, hi);
    return;
  }
  const int nstate = fix_history->get_ndata() - fix_history->nref;
  double *states[RRP_BINDER_BLOCK];
  for (int k = lo; k < hi; k++) states[k] = fix_history->branches(blk.bslot[k]);
  rrp_visco_block_get_lanes(&blk.v, lo, hi, vterms, states);
  for (int k = lo; k < hi; k++) {
    double *state = states[k];
    if (double *twin = fix_history->twin_of_bond(blk.bond[k]))
      std::copy(state, state + nstate, fix_history->branches(twin));
    blk.vstored[k] = blk.v.stored[k];
    blk.vdissipated[k] = state[RRP_VISCO_DISSIPATED];
  }
}

/* ----------------------------------------------------------------------
   the history's layout against the coefficients': a history made here takes theirs; one read
   from a file must carry the same branch state (or none, with keyword branches relaxed: the
   branches then start relaxed)
------------------------------------------------------------------------- */

void BondRRPBinder::visco_check_history()
{
  const int *have = fix_history->vterms;
  if (std::equal(vterms, vterms + RRP_VISCO_MODES, have)) return;
  const bool none = !have[0] && !have[1] && !have[2] && !have[3];
  if (none && branches_relaxed) {
    fix_history->widen(vterms);
    ndata = fix_history->get_ndata();
    visco_seed = true;
    if (comm->me == 0)
      utils::logmesg(lmp, "Bond style rrp/binder: the binders' viscous branches start relaxed "
                          "(terms per mode {} {} {} {}: {} values per bond)\n",
                     vterms[0], vterms[1], vterms[2], vterms[3], ndata);
    return;
  }
  if (none)
    error->all(FLERR, "Bond style rrp/binder: the binders' references (from a data or restart "
                      "file, or made before the relaxation series were given) have no viscous "
                      "branch state, and bond_coeff gives relaxation series (terms per mode {} {} "
                      "{} {}): write the file with these series, or let the branches start "
                      "relaxed with bond_style rrp/binder ... branches relaxed",
               vterms[0], vterms[1], vterms[2], vterms[3]);
  error->all(FLERR, "Bond style rrp/binder: the binders carry viscous branch states of terms per "
                    "mode {} {} {} {} (axial shear bend twist), and bond_coeff gives series of {} "
                    "{} {} {} terms: give the series the file was written with",
             have[0], have[1], have[2], have[3], vterms[0], vterms[1], vterms[2], vterms[3]);
}

/* ----------------------------------------------------------------------
   a type's series as bond_coeff words (for a data file's Bond Coeffs): burgers where a mode's
   series came from Burgers numbers, mode all where the four modes have the same
------------------------------------------------------------------------- */

static std::string series_words(const char *mode, const rrp_visco_series &s, const double *b4)
{
  if (b4[0] > 0.0) return fmt::format(" burgers {} {} {} {} {}", mode, b4[0], b4[1], b4[2], b4[3]);
  std::string w = fmt::format(" prony {}", mode);
  for (int k = 0; k < s.n; k++) w += fmt::format(" {} {}", s.g[k], s.tau[k]);
  return w;
}

std::string BondRRPBinder::visco_coeff_words(int type) const
{
  const auto &s = series[type];
  const auto &b = burgers[type];
  bool same = true;
  for (int m = 1; m < RRP_VISCO_MODES; m++)
    same = same && memcmp(&s[m], &s[0], sizeof(s[0])) == 0 && memcmp(b[m], b[0], sizeof(b[0])) == 0;
  if (same) return s[0].n ? series_words("all", s[0], b[0]) : std::string();
  std::string w;
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    if (s[m].n) w += series_words(MODE_NAMES[m], s[m], b[m]);
  return w;
}

/* ----------------------------------------------------------------------
   restart, two records after the style's own: the shift, the temperature, the keyword branches,
   the ruptured binders' dissipated work and the length of the temperature variable's name; then
   that name (character codes) and per type and mode n, g (8), tau (8), Burgers numbers (4)
------------------------------------------------------------------------- */

static constexpr size_t PER_MODE = 1 + 2 * RRP_VISCO_TERMS + 4;
static constexpr size_t VISCO_HEAD = 8;

void BondRRPBinder::visco_write_restart(FILE *fp, int version) const
{
  RRPRestart::write(fp, version,
                    {(double) shift_kind, shift_c[0], shift_c[1], shift_c[2], temperature_value,
                     branches_relaxed ? 1.0 : 0.0, breaks->dissipated,
                     (double) temperature_var.size()});
  std::vector<double> r;
  for (char c : temperature_var) r.push_back((double) (unsigned char) c);
  for (int i = 1; i <= atom->nbondtypes; i++)
    for (int m = 0; m < RRP_VISCO_MODES; m++) {
      const rrp_visco_series &s = series[i][m];
      r.push_back((double) s.n);
      r.insert(r.end(), s.g, s.g + RRP_VISCO_TERMS);
      r.insert(r.end(), s.tau, s.tau + RRP_VISCO_TERMS);
      r.insert(r.end(), burgers[i][m], burgers[i][m] + 4);
    }
  RRPRestart::write(fp, version, r);
}

void BondRRPBinder::visco_read_restart(FILE *fp, int version)
{
  const std::string who = "Bond style rrp/binder (relaxation series)";
  auto damaged = [&]() {
    error->all(FLERR, "Bond style rrp/binder: the restart file's relaxation series are damaged");
  };
  const auto h = RRPRestart::read(lmp, fp, who, version, VISCO_HEAD);
  const int kind = (int) h[0];
  if (kind < SHIFT_NONE || kind > SHIFT_ARRHENIUS || (double) kind != h[0]) damaged();
  shift_kind = static_cast<decltype(shift_kind)>(kind);
  for (int k = 0; k < 3; k++) shift_c[k] = h[1 + k];
  temperature_value = h[4];
  branches_relaxed = h[5] != 0.0;
  breaks->dissipated = h[6];
  if (!(h[7] >= 0.0 && h[7] <= 4096.0) || h[7] != std::floor(h[7])) damaged();
  const size_t nchar = (size_t) h[7];
  const auto r = RRPRestart::read(lmp, fp, who, version,
                                  nchar + PER_MODE * RRP_VISCO_MODES * (size_t) atom->nbondtypes);
  temperature_var.clear();
  for (size_t c = 0; c < nchar; c++) temperature_var.push_back((char) (int) r[c]);
  size_t at = nchar;
  for (int i = 1; i <= atom->nbondtypes; i++)
    for (int m = 0; m < RRP_VISCO_MODES; m++) {
      rrp_visco_series &s = series[i][m];
      const double n = r[at];
      if (!(n >= 0.0 && n <= RRP_VISCO_TERMS) || n != std::floor(n)) damaged();
      s.n = (int) n;
      std::copy(r.begin() + at + 1, r.begin() + at + 1 + RRP_VISCO_TERMS, s.g);
      std::copy(r.begin() + at + 1 + RRP_VISCO_TERMS, r.begin() + at + 1 + 2 * RRP_VISCO_TERMS,
                s.tau);
      std::copy(r.begin() + at + 1 + 2 * RRP_VISCO_TERMS, r.begin() + at + PER_MODE,
                burgers[i][m]);
      if (rrp_visco_series_check(&s, nullptr) != RRP_VISCO_FINE) damaged();
      at += PER_MODE;
    }
}
