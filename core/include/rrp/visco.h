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
 *
 * The law (doc/theory.md section 8). Each mode has a deformation measure e, the one its elastic
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

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RRP_VISCO_TERMS 8 /* terms of a series, at most */

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
 * e1 (g_1 exp(-t/tau_1) + g_2 exp(-t/tau_2)) (doc/theory.md section 8). Returns RRP_OK, or
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

#ifdef __cplusplus
}
#endif

#endif
