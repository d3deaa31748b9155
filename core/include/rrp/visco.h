/* rrp/visco.h - the viscoelastic binder: a generalized Maxwell (Prony series) relaxation in each
 * of the binder's four load modes (axial, shear, bending, twist), integrated by the exact
 * recursive update for a strain history linear within each step, with its stored and dissipated
 * energy; the Burgers model as its equivalent series; time-temperature shift factors (WLF,
 * Arrhenius).
 *
 *   int rrp_visco_series_check(const rrp_visco_series *s, int *term);
 *   double rrp_visco_equilibrium(const rrp_visco_series *s);
 *   int rrp_visco_burgers(double e1, double eta1, double e2, double eta2, rrp_visco_series *s);
 *   double rrp_visco_burgers_creep(double e1, double eta1, double e2, double eta2, double t);
 *   double rrp_visco_relaxation(const rrp_visco_series *s, double t);
 *   void rrp_visco_dynamic(const rrp_visco_series *s, double omega, double *storage,
 *                          double *loss);
 *   int rrp_visco_shift_wlf(double c1, double c2, double tref, double t, double *at);
 *   int rrp_visco_shift_arrhenius(double ta, double tref, double t, double *at);
 *   int rrp_visco_state_size(const int terms[RRP_VISCO_MODES]);
 *   int rrp_visco_step_set(const rrp_visco_series s[RRP_VISCO_MODES],
 *                          const double stiffness[RRP_VISCO_MODES], double dxi,
 *                          rrp_visco_step *st);
 *   void rrp_visco_measures(const double d[3], const double qi[4], const double qj[4],
 *                           const double ri[3], const double p[4], double m[RRP_VISCO_MEASURES]);
 *   int rrp_visco_binder(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
 *                        const double d[3], const double qi[4], const double qj[4],
 *                        const double ri[3], const double p[4], double *state,
 *                        rrp_visco_load *out);
 *   double rrp_visco_stored(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
 *                           const double *state, double by_mode[RRP_VISCO_MODES]);
 *   void rrp_visco_factors_set(const rrp_visco_step *st, rrp_visco_factors *f);
 *   int rrp_visco_loads(rrp_binder_block *b, rrp_visco_block *v, int lo, int hi,
 *                       const rrp_visco_factors *f);
 *   void rrp_visco_block_put(rrp_visco_block *v, int k, const int terms[RRP_VISCO_MODES],
 *                            const double *state);
 *   void rrp_visco_block_get(const rrp_visco_block *v, int k, const int terms[RRP_VISCO_MODES],
 *                            double *state);
 *   void rrp_visco_block_put_lanes(rrp_visco_block *v, int lo, int hi,
 *                                  const int terms[RRP_VISCO_MODES], const double *const *states);
 *   void rrp_visco_block_get_lanes(const rrp_visco_block *v, int lo, int hi,
 *                                  const int terms[RRP_VISCO_MODES], double *const *states);
 *   int rrp_visco_block_terms(int n);
 *
 * The law (doc/theory.rst section 8). Each mode has a deformation measure e, the one its elastic
 * energy is quadratic in (rrp/binder.h): the axial strain eps = L/L0 - 1; the shear vector
 * g - d^ of the linear shear form (|g - d^| the shear angle, to first order); the bending vector
 * theta - tau d^ (theta = log(Q_i Q_j^T), tau = theta . d^); the twist tau. The mode's stiffness
 * K (Ka, Ks, Kb, Kt of bond_coeff) is the instantaneous one (the glassy response at a step
 * strain or a high frequency). Its relaxation modulus is K E(t) with
 *   E(t) = g_inf + sum_k g_k exp(-t/tau_k),  g_inf = 1 - sum_k g_k >= 0 (the equilibrium part),
 * so that its generalized stress is s = K g_inf e + sum_k h_k, each branch stress h_k following
 *   dh_k/dt + h_k/tau_k = K g_k de/dt,
 * stored energy h_k^2/(2 K g_k) and dissipated power h_k^2/(K g_k tau_k) >= 0. For a strain linear
 * in time within a step of (reduced) length dxi, x = dxi/tau_k, a = exp(-x):
 *   h_k' = a h_k + K g_k f de,  f = (1 - a)/x (1 at x = 0: an instantaneous response),
 * exact; the work dissipated within the step, the integral of h^2/(K g_k tau_k), is exact too:
 *   D_k = w1 h_k^2/(K g_k) + 2 w2 h_k . de + w3 K g_k de^2,
 *   w1 = (1 - a^2)/2,  w2 = (1 - a)^2/(2 x),  w3 = (x - 2 (1 - a) + (1 - a^2)/2)/x^2,
 * so that over any step  (work done on the branch) = (change of its stored energy) + D_k.
 * Temperature: the times are those at the reference temperature; at temperature T a step dt is
 * dxi = dt/a_T of reduced time, with a_T from WLF, log10 a_T = -C1 (T - Tref)/(C2 + T - Tref), or
 * Arrhenius, ln a_T = Ta (1/T - 1/Tref) (Ta = E_a/R, a temperature).
 *
 * The vector measures and branch stresses are kept in the body frame of particle i (the bond's
 * atom with the lower ID): a rigid rotation of the whole binder changes none of them, so a
 * relaxed binder stays relaxed. The branch loads are minus the gradient of s . e with the stress
 * s held in that frame, a function invariant under rigid motions: they conserve linear and
 * angular momentum exactly (the frame's turn with i adds the torque e x s on i).
 *
 * Units: stiffnesses as in rrp/binder.h (energies); times in time units; temperatures in the
 * units of the user's variable (WLF: C2 and Tref in them; Arrhenius: absolute temperatures).
 */
#ifndef RRP_VISCO_H
#define RRP_VISCO_H

#include "rrp/binder.h"
#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RRP_VISCO_TERMS 8 /* terms of a series, at most */

/* A branch stress component smaller in magnitude than this after its update is set to 0, the
 * same in every kernel. A binder held still relaxes geometrically, by a each step: without the
 * flush its branch stresses would pass through the subnormal numbers (below 2.2e-308), whose
 * arithmetic is tens of times slower on many processors, and their squares long before. The
 * energy dropped, below 1e-200/(2 K g_k), is far below any rounding of a real binder's. */
#define RRP_VISCO_FLUSH 1e-100

/* the load modes, in the order of the state and of the stiffnesses */
enum rrp_visco_mode {
  RRP_VISCO_AXIAL = 0, /* measure eps, a scalar; stiffness Ka */
  RRP_VISCO_SHEAR = 1, /* measure g - d^, a vector (linear shear form); stiffness Ks */
  RRP_VISCO_BEND = 2,  /* measure theta - tau d^, a vector; stiffness Kb */
  RRP_VISCO_TWIST = 3  /* measure tau, a scalar; stiffness Kt */
};
#define RRP_VISCO_MODES 4

/* values of a measure of each mode: 1, 3, 3, 1 */
#define RRP_VISCO_COMPONENTS(mode) (((mode) == RRP_VISCO_SHEAR || (mode) == RRP_VISCO_BEND) ? 3 : 1)

/* the measures of a binder, body frame of i: eps, shear (3), bend (3), tau */
#define RRP_VISCO_MEASURES 8

/* A Prony series of one mode: n terms, weights g_k (fractions of the instantaneous stiffness)
 * and relaxation times tau_k at the reference temperature. n = 0: the mode is elastic. */
typedef struct rrp_visco_series {
  int n;
  double g[RRP_VISCO_TERMS];
  double tau[RRP_VISCO_TERMS];
} rrp_visco_series;

/* What is wrong with a series (rrp_visco_series_check). */
enum rrp_visco_fault {
  RRP_VISCO_FINE = 0,
  RRP_VISCO_COUNT = 1,  /* n < 0 or n > RRP_VISCO_TERMS */
  RRP_VISCO_WEIGHT = 2, /* g_k not in (0, 1] (or not finite) */
  RRP_VISCO_TIME = 3,   /* tau_k not > 0 (or not finite) */
  RRP_VISCO_SUM = 4     /* sum g_k > 1 (beyond RRP_VISCO_SUM_TOL): a negative equilibrium part */
};
#define RRP_VISCO_SUM_TOL 1e-12

/* The fault of a series (an rrp_visco_fault), and in *term (if not NULL) the term at fault. */
int rrp_visco_series_check(const rrp_visco_series *s, int *term);

/* g_inf = 1 - sum g_k, exactly 0 when within RRP_VISCO_SUM_TOL of it. */
double rrp_visco_equilibrium(const rrp_visco_series *s);

/* The Burgers model, a Maxwell element (spring e1, dashpot eta1) in series with a Kelvin element
 * (spring e2, dashpot eta2), as its equivalent series: two terms, no equilibrium part, weights as
 * fractions of e1 (the instantaneous stiffness). Its relaxation modulus is exactly
 * e1 (g_1 exp(-t/tau_1) + g_2 exp(-t/tau_2)) (doc/theory.rst section 8). Returns RRP_OK, or
 * RRP_EDOMAIN (s untouched) unless all four are positive and finite. */
int rrp_visco_burgers(double e1, double eta1, double e2, double eta2, rrp_visco_series *s);

/* The Burgers model's creep compliance J(t) = 1/e1 + t/eta1 + (1 - exp(-e2 t/eta2))/e2. */
double rrp_visco_burgers_creep(double e1, double eta1, double e2, double eta2, double t);

/* E(t) of the series, a fraction of the instantaneous stiffness. */
double rrp_visco_relaxation(const rrp_visco_series *s, double t);

/* The storage and loss moduli E'(omega), E''(omega) of the series, fractions of the instantaneous
 * stiffness: E' = g_inf + sum g_k w^2 tau_k^2/(1 + w^2 tau_k^2), E'' = sum g_k w tau_k/(1 + ...). */
void rrp_visco_dynamic(const rrp_visco_series *s, double omega, double *storage, double *loss);

/* Shift factors a_T at temperature t. WLF: RRP_EDOMAIN when c2 + t - tref <= 0 (at and beyond
 * its singularity) or an argument is not finite; Arrhenius: RRP_EDOMAIN unless t > 0 and
 * tref > 0. RRP_ENONFINITE when a_T overflows or underflows to 0. */
int rrp_visco_shift_wlf(double c1, double c2, double tref, double t, double *at);
int rrp_visco_shift_arrhenius(double ta, double tref, double t, double *at);

/* The state of a binder with terms[mode] terms in each mode (the most any bond type has): its
 * values in this order, all in the body frame of i and all 0 at bonding:
 *   the measures at the last update (RRP_VISCO_MEASURES: eps, shear 3, bend 3, tau),
 *   the work its branches dissipated since bonding (1),
 *   the branch stresses: axial terms[0], shear 3 terms[1], bend 3 terms[2], twist terms[3]
 *   (term by term, a vector's components together).
 * Returns the number of values (RRP_VISCO_MEASURES + 1 + ...), or -1 for a count out of range. */
int rrp_visco_state_size(const int terms[RRP_VISCO_MODES]);
#define RRP_VISCO_DISSIPATED RRP_VISCO_MEASURES /* index of the dissipated work in a state */
#define RRP_VISCO_BRANCHES (RRP_VISCO_MEASURES + 1) /* index of the first branch stress */

/* The factors of one step for one bond type: for each mode and term its branch stiffness K g_k,
 * decay a, rate factor f and dissipation weights w1, w2, w3 (above), for a step of dxi of
 * reduced time. */
typedef struct rrp_visco_step {
  int n[RRP_VISCO_MODES];
  double k[RRP_VISCO_MODES][RRP_VISCO_TERMS];
  double a[RRP_VISCO_MODES][RRP_VISCO_TERMS];
  double f[RRP_VISCO_MODES][RRP_VISCO_TERMS];
  double w[RRP_VISCO_MODES][RRP_VISCO_TERMS][3];
} rrp_visco_step;

/* The step factors of a type from its series per mode, its instantaneous stiffnesses (Ka, Ks, Kb,
 * Kt, in rrp_visco_mode order) and the step dxi >= 0 of reduced time (0: an instantaneous
 * change, as between runs). A term of zero stiffness is kept (it stores and dissipates nothing).
 * Returns RRP_OK, or RRP_EDOMAIN for a bad series, a negative stiffness or dxi (st untouched). */
int rrp_visco_step_set(const rrp_visco_series s[RRP_VISCO_MODES],
                       const double stiffness[RRP_VISCO_MODES], double dxi, rrp_visco_step *st);

/* The measures of a binder (rrp/binder.h's inputs: d = x_i - x_j, the orientations, the
 * reference r_i, p), in the body frame of i: eps, g - d^ (3), theta - tau d^ (3), tau. */
void rrp_visco_measures(const double d[3], const double qi[4], const double qj[4],
                        const double ri[3], const double p[4], double m[RRP_VISCO_MEASURES]);

/* The viscous loads of one binder: they add to the elastic loads of its equilibrium
 * stiffnesses (K g_inf, rrp/binder.h). */
typedef struct rrp_visco_load {
  double fi[3];                   /* force on i (on j: -fi) */
  double ti[3], tj[3];            /* spatial torques */
  double stored[RRP_VISCO_MODES]; /* energy in the branch springs after the step, by mode */
  double dissipated;              /* work dissipated in this step (>= 0) */
} rrp_visco_load;

/* One step of a binder: its branch stresses updated from the measures now and those of the last
 * update (state, rrp_visco_state_size's layout for terms; the bond's type uses st->n[m] <=
 * terms[m] of them), the measures and dissipated work stored, the loads of the branches. A
 * second call at the same configuration with dxi = 0 changes nothing. Returns RRP_OK,
 * RRP_EDOMAIN (L or L0 zero, st->n beyond terms) or RRP_ENONFINITE (state untouched then). */
int rrp_visco_binder(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
                     const double d[3], const double qi[4], const double qj[4],
                     const double ri[3], const double p[4], double *state, rrp_visco_load *out);

/* The energy stored in a binder's branch springs (and in by_mode, if not NULL), from its state. */
double rrp_visco_stored(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
                        const double *state, double by_mode[RRP_VISCO_MODES]);

/* The viscous binders of a block, fused with their elastic loads (rrp_visco_loads): one pass
 * per bond computes its geometry once (frame, theta, the convected directions, b of J^-1), its
 * measures in the body frame of i, the branch update, and the loads of its total generalized
 * stress s = K g_inf e + sum_k h_k (minus the gradient of s . e with s held in the body frame of
 * i, as the branch loads above; for s = K e they are the elastic loads of the linear shear form,
 * rrp/binder.h), with the energies (K g_inf/2 |e|^2 and the branch springs, by mode), the work
 * dissipated and the measures of rupture. The step factors of a bond type in the form the
 * kernel takes, without a division: for each mode and term */
typedef struct rrp_visco_factors {
  int n[RRP_VISCO_MODES];                       /* the type's terms per mode */
  double a[RRP_VISCO_MODES][RRP_VISCO_TERMS];   /* decay a */
  double kf[RRP_VISCO_MODES][RRP_VISCO_TERMS];  /* K g_k f: h' = a h + K g_k f de */
  double w1[RRP_VISCO_MODES][RRP_VISCO_TERMS];  /* w1/(K g_k) */
  double w2[RRP_VISCO_MODES][RRP_VISCO_TERMS];  /* 2 w2 */
  double w3[RRP_VISCO_MODES][RRP_VISCO_TERMS];  /* w3 K g_k */
  double u[RRP_VISCO_MODES][RRP_VISCO_TERMS];   /* 1/(2 K g_k): stored energy h^2 u */
} rrp_visco_factors;

/* The block kernel's factors from a type's step factors; every factor of a term of zero stiffness
 * and of the terms beyond the type's is 0 (such a branch stays 0 and adds exact zeros). */
void rrp_visco_factors_set(const rrp_visco_step *st, rrp_visco_factors *f);

/* The branch states of the viscous bonds of a block (lanes of an rrp_binder_block), a structure of
 * arrays: state[j][k] is value j of lane k's state in rrp_visco_state_size's layout with nterms
 * (T) terms in every mode, the measures at the last update, the work dissipated since bonding
 * and the branch stresses (mode m's term t, component c at RRP_VISCO_BRANCHES +
 * RRP_VISCO_BLOCK_AT(m, T) + nc t + c, nc = RRP_VISCO_COMPONENTS(m)), all in the body frame of i;
 * and the energy in the branch springs, an output. */
typedef struct rrp_visco_block {
  int nterms; /* T = rrp_visco_block_terms(the states' most terms in a mode) */
  double state[RRP_VISCO_BRANCHES + 8 * RRP_VISCO_TERMS][RRP_BINDER_BLOCK];
  double stored[RRP_BINDER_BLOCK]; /* output: energy in the branch springs after the step */
} rrp_visco_block;

/* The terms a mode of a block whose states have at most n in a mode: the kernel has loops for
 * 1, 2, 3, 4 and 8 terms (n rounded up to one of them; 0 for n out of 1 .. RRP_VISCO_TERMS). */
static inline int rrp_visco_block_terms(int n)
{
  return n < 1 || n > RRP_VISCO_TERMS ? 0 : n <= 4 ? n : 8;
}
#define RRP_VISCO_BLOCK_AT(mode, T)                                                             \
  ((mode) == 0 ? 0 : (mode) == 1 ? (T) : (mode) == 2 ? 4 * (T) : 7 * (T))

/* One step of the viscous binders in lanes lo..hi-1 of a block, all of one bond type (its factors
 * f), in the linear shear form: the inputs of rrp_binder_loads in b (the stiffnesses there are
 * the type's equilibrium ones, K g_inf), the states in v, updated; b's outputs (loads, energies
 * U^m, U^a, U^s with the branch springs, the measures of rupture as rrp_binder_loads gives them)
 * and v's stored energy written. Across SIMD lanes, a bond's bits whatever the other lanes hold.
 * The same numbers as rrp_binder with K g_inf plus rrp_visco_binder, to round-off. Returns RRP_OK
 * when both would return RRP_OK for every bond; otherwise the outputs and the states in v are
 * not to be used (the one-bond functions find the bad bond and its status); RRP_EDOMAIN, with
 * nothing computed, when f has more terms in a mode than v->nterms or nterms is out of range. */
int rrp_visco_loads(rrp_binder_block *b, rrp_visco_block *v, int lo, int hi,
                    const rrp_visco_factors *f);

/* A bond's state (rrp_visco_state_size's layout for terms, each at most v->nterms) into lane k
 * of a block, the terms it does not have set to 0; and out of it. (One copy where the bond's
 * layout is the block's: the same terms in every mode.) */
static inline void rrp_visco_block_put(rrp_visco_block *v, int k, const int terms[RRP_VISCO_MODES],
                                       const double *state)
{
  const int T = v->nterms;
  if (terms[0] == T && terms[1] == T && terms[2] == T && terms[3] == T) {
    for (int j = 0; j < RRP_VISCO_BRANCHES + 8 * T; j++) v->state[j][k] = state[j];
    return;
  }
  for (int j = 0; j < RRP_VISCO_BRANCHES; j++) v->state[j][k] = state[j];
  const double *s = state + RRP_VISCO_BRANCHES;
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    const int nc = RRP_VISCO_COMPONENTS(m), at = RRP_VISCO_BRANCHES + RRP_VISCO_BLOCK_AT(m, T);
    const int have = nc * terms[m];
    for (int j = 0; j < have; j++) v->state[at + j][k] = s[j];
    for (int j = have; j < nc * T; j++) v->state[at + j][k] = 0.0;
    s += have;
  }
}

static inline void rrp_visco_block_get(const rrp_visco_block *v, int k,
                                       const int terms[RRP_VISCO_MODES], double *state)
{
  const int T = v->nterms;
  if (terms[0] == T && terms[1] == T && terms[2] == T && terms[3] == T) {
    for (int j = 0; j < RRP_VISCO_BRANCHES + 8 * T; j++) state[j] = v->state[j][k];
    return;
  }
  for (int j = 0; j < RRP_VISCO_BRANCHES; j++) state[j] = v->state[j][k];
  double *s = state + RRP_VISCO_BRANCHES;
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    const int nc = RRP_VISCO_COMPONENTS(m), at = RRP_VISCO_BRANCHES + RRP_VISCO_BLOCK_AT(m, T);
    const int have = nc * terms[m];
    for (int j = 0; j < have; j++) s[j] = v->state[at + j][k];
    s += have;
  }
}

/* The states of lanes lo .. hi-1 of a block in and out: states[k] (layout terms, as
 * rrp_visco_block_put and _get) into lane k, and out of it. Where the bonds' layout is the
 * block's, the values move four lanes and four values at a time (4 x 4 transposes in AVX2 where
 * the processor has it); the same values as lane by lane. */
void rrp_visco_block_put_lanes(rrp_visco_block *v, int lo, int hi,
                               const int terms[RRP_VISCO_MODES], const double *const *states);
void rrp_visco_block_get_lanes(const rrp_visco_block *v, int lo, int hi,
                               const int terms[RRP_VISCO_MODES], double *const *states);

#ifdef __cplusplus
}
#endif

#endif
