/* rrp/binder.h - binder bond between two spheres of a particle-binder composite: torsion and
 * bending, axial and shear loads, with forces and spatial torques on both particles; the bond's
 * stored reference (its slot) and its rupture law.
 *
 * Baker & Gonzalez (2021) section 4, eqs. (44)-(55), with the erratum of doc/theory.rst section 3: the
 * printed shear form (53)-(55) is not invariant under a rigid rotation of the whole system, so
 * the default is the rotation-invariant convected form; the printed one stays an option. Beyond
 * the paper (doc/theory.rst section 6): a shear form quadratic in the shear angle (linear), which
 * gives a binder a small-strain shear stiffness, and a twist stiffness apart from the bending one.
 *
 *   void rrp_binder_reference(const double d0[3], const double qi0[4], const double qj0[4],
 *                             rrp_binder_ref *ref);
 *   int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double *qj0,
 *                  const double xi[3], const double xj[3], const double qi[4],
 *                  const double qj[4], rrp_binder_load *out);
 *   int rrp_binder_loads(rrp_binder_block *b, int n, enum rrp_shear_form form);
 *   void rrp_binder_block_put(rrp_binder_block *b, int k, const rrp_binder_load *l);
 *   rrp_binder_load rrp_binder_block_get(const rrp_binder_block *b, int k);
 *   double rrp_binder_rest_length(const rrp_binder_ref *ref);
 *   int rrp_binder_slot_size(enum rrp_shear_form form);
 *   int rrp_binder_slot_capture(const double d0[3], const double qi0[4], const double qj0[4],
 *                               int size, double *slot);
 *   int rrp_binder_slot_has_reference(const double *slot);
 *   int rrp_binder_slot_unit(double *slot, int size, double tol, int *which, double *norm);
 *   const rrp_binder_ref *rrp_binder_slot_ref(const double *slot);
 *   const double *rrp_binder_slot_qj0(const double *slot, int size);
 *   int rrp_binder_limit_set(enum rrp_shear_form form, double axial, double shear, double bend,
 *                            double twist, rrp_binder_limit *lim);
 *   double rrp_binder_damage(const rrp_binder_limit *lim, const rrp_binder_load *l,
 *                            enum rrp_binder_mode *mode);
 *   int rrp_binder_rupture_set(enum rrp_shear_form form, const double critical[4],
 *                              double break_strain, double break_angle, rrp_binder_rupture *law);
 *   int rrp_binder_rupture_measured(const rrp_binder_rupture *law);
 *   int rrp_binder_rupture_any(const rrp_binder_rupture *law);
 *   enum rrp_binder_mode rrp_binder_breaks(const rrp_binder_rupture *law,
 *                                          const rrp_binder_load *l, double *released);
 *   int rrp_binder_section_of(const double d[3], const double fi[3], const double ti[3],
 *                             double rb, rrp_binder_section *s);
 *   int rrp_binder_strength_set(double tensile, double cohesion, double phi_degrees,
 *                               rrp_binder_strength *s);
 *   int rrp_binder_strength_moment_factor(double beta, rrp_binder_strength *s);
 *   enum rrp_binder_mode rrp_binder_strength_breaks(const rrp_binder_strength *st,
 *                                                   const rrp_binder_section *sec);
 *
 * Units: positions in length, forces in energy/length, torques and energies in energy; angles
 * in radians, strains and the shear measure S (below) unitless. So, from the energies below,
 * Kb, Kt, Ka and Ks are all energies: Kb and Kt per radian squared, that is torque per radian
 * (U^m = Kb/2 beta^2 + Kt/2 tau^2); Ka per unit strain squared (U^a = Ka/2 eps^2: an axial
 * spring of Ka/L0^2, energy/length^2); Ks per unit of S (U^s = Ks/2 S), which for the linear
 * form is per radian squared of shear angle (S = gamma^2 for a small gamma); the convected and
 * printed forms are quartic in it (convected: S = gamma^4/4 when both ends shear by gamma).
 *
 * Reference state, captured when the bond is first used: d0 = x_i0 - x_j0, L0 = |d0|,
 * d0^ = d0/L0, orientations R_i0, R_j0. Rotations since bonding Q_e = R_e R_e0^T. Stored in 7
 * numbers (rrp_binder_ref): r_i = R_i0^T d0, the bond in the body frame of i, and
 * P = R_i0^T R_j0, the relative orientation; then Q_i d0^ = R_i r_i/L0, Q_i Q_j^T = R_i P R_j^T
 * and Q_j d0^ = (Q_i Q_j^T)^T Q_i d0^. Only the printed shear form, which is not invariant under
 * a rotation of the whole system, needs R_j0 itself (qj0). With d = x_i - x_j, L = |d|,
 * d^ = d/L, theta = log(Q_i Q_j^T) (|theta| in [0, pi]) and its twist tau = theta . d^:
 *   torsion/bending (44)-(47): U^m = Kb/2 |theta|^2 + (Kt - Kb)/2 tau^2, which for Kt = Kb = Km
 *                              is the paper's Km/2 |theta|^2 with T_i = -Km theta = -T_j;
 *                              else T_i = -Kb theta - (Kt - Kb) tau J^-T d^,
 *                              T_j = Kb theta + (Kt - Kb) tau J^-1 d^,
 *                              F_i = -F_j = -(Kt - Kb) tau (theta - tau d^)/L, with
 *                              J^-1 = I - [theta]/2 + b [theta]^2, b = (1 - (|theta|/2)
 *                              cot(|theta|/2))/|theta|^2 (the inverse of SO(3)'s left Jacobian:
 *                              d theta = J^-1 a under R_i -> R(a) R_i)
 *   axial (51)-(52):           U^a = Ka/2 (L/L0 - 1)^2, F_i = -Ka/L0 (L/L0 - 1) d^ = -F_j
 *   shear, convected:          g_e = Q_e d0^, c_e = g_e . d^ (e = i, j),
 *                              U^s = Ks/4 [(1 - c_i)^2 + (1 - c_j)^2],
 *                              F_i = -F_j = sum_e Ks/2 (1 - c_e)(g_e - c_e d^)/L,
 *                              T_e = Ks/2 (1 - c_e) g_e x d^; quartic in the shear angle: no
 *                              small-strain shear stiffness
 *   shear, linear:             g = (g_i + g_j)/n, n = |g_i + g_j| (the mean convected direction),
 *                              c = g . d^, U^s = Ks (1 - c) = Ks/2 |g - d^|^2 (Ks/2 gamma^2 for a
 *                              small shear angle gamma), F_i = -F_j = Ks (g - c d^)/L,
 *                              T_e = Ks/n g_e x (d^ - c g); defined for |theta| < pi (n > 0)
 *   shear, paper (53)-(55):    c = (Q_i d0^) . (Q_j d^), U^s = Ks/2 (1 - c)^2,
 *                              F_i = -F_j = Ks (1 - c)(h - (h . d^) d^)/L with h = Q_j^T Q_i d0^,
 *                              T_i = -T_j = Ks (1 - c) (Q_i d0^) x (Q_j d^); does not conserve
 *                              angular momentum (a free spinning body loses it).
 * Every force and torque is minus the gradient of its energy (torques: under R -> R(eps a) R).
 *
 * Deformation measures for rupture: the axial strain eps = L/L0 - 1, the twist tau = theta . d^
 * and bending angle beta = |theta - tau d^| (theta split along the bond and across it,
 * |theta|^2 = tau^2 + beta^2), and the shear measure S with U^s = Ks/2 S:
 * S = [(1 - c_i)^2 + (1 - c_j)^2]/2 (convected), 2 (1 - c) (linear), (1 - c)^2 (paper). The
 * combined criterion of rrp_binder_damage is the sum of each mode's energy over its energy at
 * its critical value:
 *   D = (<eps>_+/eps_c)^2 + S/S_c + (beta/beta_c)^2 + (tau/tau_c)^2,
 * <eps>_+ = max(eps, 0) (compression does not break a binder), S_c the shear measure at the
 * critical shear angle phi_c (the angle between the convected bond direction and the bond, at
 * both ends): (1 - cos phi_c)^2 (convected, paper), 2 (1 - cos phi_c) (linear); a binder fails
 * when D >= 1. Under one mode alone it fails when that measure reaches its critical value, for
 * every shear form and whatever the stiffnesses.
 */
#ifndef RRP_BINDER_H
#define RRP_BINDER_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

enum rrp_shear_form {
  RRP_SHEAR_CONVECTED = 0, /* rotation-invariant, quartic in the shear angle (default) */
  RRP_SHEAR_PAPER = 1,     /* eqs. (53)-(55) as printed */
  RRP_SHEAR_LINEAR = 2     /* rotation-invariant, quadratic in the shear angle (Timoshenko) */
};

typedef struct rrp_binder_coeff {
  double kb;                  /* bending stiffness Kb (energy per rad^2) */
  double kt;                  /* twist stiffness Kt (energy per rad^2); Kt = Kb = Km: the paper's */
  double ka;                  /* axial stiffness Ka (energy per unit strain squared) */
  double ks;                  /* shear stiffness Ks (energy per unit of S; per rad^2 in the linear
                               * form) (any may be 0) */
  enum rrp_shear_form shear;
  int measure;                /* nonzero: compute the measures twist, bend and S (S also when ks
                               * is 0), for rupture; else they are 0 (S is computed whenever
                               * ks != 0) */
} rrp_binder_coeff;

typedef struct rrp_binder_ref {
  double ri[3]; /* R_i0^T (x_i0 - x_j0): the bond at bonding in the body frame of i, |ri| = L0 */
  double p[4];  /* q_i0* q_j0 (R_i0^T R_j0): relative orientation at bonding, unit quaternion */
} rrp_binder_ref;

/* critical values of the combined rupture criterion, as stored for rrp_binder_damage: the
 * inverse of each mode's critical measure squared, 0 for a mode that does not fail */
typedef struct rrp_binder_limit {
  double axial; /* 1/eps_c^2 (unitless) */
  double shear; /* 1/S_c (unitless): 1/(1 - cos phi_c)^2, or 1/(2 (1 - cos phi_c)) when linear */
  double bend;  /* 1/beta_c^2 (per rad^2) */
  double twist; /* 1/tau_c^2 (per rad^2) */
} rrp_binder_limit;

/* the mode in which a binder breaks: the term of the damage D that contributes most (1-4), or
 * the relative rotation angle's own threshold (5) */
enum rrp_binder_mode {
  RRP_BREAK_NONE = 0,
  RRP_BREAK_AXIAL = 1,
  RRP_BREAK_SHEAR = 2,
  RRP_BREAK_BEND = 3,
  RRP_BREAK_TWIST = 4,
  RRP_BREAK_ROTATION = 5
};
#define RRP_BREAK_MODES 5 /* modes 1 .. RRP_BREAK_MODES */

/* The rupture law of a bond type: the combined criterion (lim) and two thresholds of their own,
 * a strain and a relative rotation angle (bond_style rrp/binder's break strain and break twist,
 * which act where the combined criterion has not broken the bond). */
typedef struct rrp_binder_rupture {
  rrp_binder_limit limit; /* combined criterion; all 0: none */
  double strain;          /* breaks (RRP_BREAK_AXIAL) when L/L0 - 1 > strain, unitless; 0: never */
  double angle;           /* breaks (RRP_BREAK_ROTATION) when |theta| > angle, in rad; 0: never */
} rrp_binder_rupture;

typedef struct rrp_binder_load {
  double fi[3];      /* force on i (energy/length); the force on j is -fi */
  double ti[3];      /* spatial torque on i (energy) */
  double tj[3];      /* spatial torque on j (energy) */
  double um, ua, us; /* energies of torsion/bending, axial, shear (energy) */
  double strain;     /* axial strain L/L0 - 1, unitless (for a rupture criterion) */
  double angle;      /* |theta| in [0, pi], the relative rotation angle of the two particles
                      * since bonding (for a rupture criterion: at pi the principal log, and so
                      * the torsion/bending torque, turns over) */
  double twist;      /* tau = theta . d^, radians (signed); 0 unless measure */
  double bend;       /* beta = |theta - tau d^|, radians; 0 unless measure */
  double shear;      /* S (U^s = Ks/2 S), unitless; 0 unless ks != 0 or measure */
} rrp_binder_load;

/* The reference of a bond from its state at bonding: d0 = x_i0 - x_j0 and the two unit
 * quaternions. (The printed shear form also needs qj0, which the caller keeps.) */
void rrp_binder_reference(const double d0[3], const double qi0[4], const double qj0[4],
                          rrp_binder_ref *ref);

/* Loads of one bond (i, j). qj0 (the orientation of j at bonding) is read by the shear form
 * RRP_SHEAR_PAPER only and may be NULL otherwise. Returns RRP_OK, or RRP_EDOMAIN (out zeroed)
 * when L or L0 is 0 (the direction of the bond is undefined) or qj0 is missing, or
 * RRP_ENONFINITE for non-finite input or loads that overflow (out is then not to be used). */
int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double *qj0,
               const double xi[3], const double xj[3], const double qi[4], const double qj[4],
               rrp_binder_load *out);

/* A block of bonds for rrp_binder_loads, as a structure of arrays (index k of bond k): the inputs
 * of rrp_binder for a shear form without qj0 (convected, linear), with d = x_i - x_j and the
 * coefficients per bond, and the outputs, rrp_binder_load's fields. */
#define RRP_BINDER_BLOCK 32
typedef struct rrp_binder_block {
  /* inputs */
  double d[3][RRP_BINDER_BLOCK];  /* x_i - x_j */
  double qi[4][RRP_BINDER_BLOCK]; /* orientations */
  double qj[4][RRP_BINDER_BLOCK];
  double ri[3][RRP_BINDER_BLOCK]; /* reference (rrp_binder_ref) */
  double p[4][RRP_BINDER_BLOCK];
  double kb[RRP_BINDER_BLOCK], kt[RRP_BINDER_BLOCK], ka[RRP_BINDER_BLOCK], ks[RRP_BINDER_BLOCK];
  int measure[RRP_BINDER_BLOCK];
  /* outputs */
  double fi[3][RRP_BINDER_BLOCK], ti[3][RRP_BINDER_BLOCK], tj[3][RRP_BINDER_BLOCK];
  double um[RRP_BINDER_BLOCK], ua[RRP_BINDER_BLOCK], us[RRP_BINDER_BLOCK];
  double strain[RRP_BINDER_BLOCK], angle[RRP_BINDER_BLOCK], twist[RRP_BINDER_BLOCK];
  double bend[RRP_BINDER_BLOCK], shear[RRP_BINDER_BLOCK];
} rrp_binder_block;

/* Loads of bonds 0..n-1 of a block (n <= RRP_BINDER_BLOCK) in the shear form RRP_SHEAR_CONVECTED
 * or RRP_SHEAR_LINEAR, across SIMD lanes: bond k gets the same bits as rrp_binder gives it.
 * Returns RRP_OK when rrp_binder would return RRP_OK for every bond; otherwise the block's outputs
 * are not to be used (call rrp_binder on each bond to find the bad one and its status);
 * RRP_EDOMAIN, with nothing computed, for the printed form (it needs qj0: rrp_binder). */
int rrp_binder_loads(rrp_binder_block *b, int n, enum rrp_shear_form form);

/* The load of bond k of a block, into its outputs and out of them. */
static inline void rrp_binder_block_put(rrp_binder_block *b, int k, const rrp_binder_load *l)
{
  for (int c = 0; c < 3; c++) {
    b->fi[c][k] = l->fi[c];
    b->ti[c][k] = l->ti[c];
    b->tj[c][k] = l->tj[c];
  }
  b->um[k] = l->um;
  b->ua[k] = l->ua;
  b->us[k] = l->us;
  b->strain[k] = l->strain;
  b->angle[k] = l->angle;
  b->twist[k] = l->twist;
  b->bend[k] = l->bend;
  b->shear[k] = l->shear;
}

static inline rrp_binder_load rrp_binder_block_get(const rrp_binder_block *b, int k)
{
  rrp_binder_load l;
  for (int c = 0; c < 3; c++) {
    l.fi[c] = b->fi[c][k];
    l.ti[c] = b->ti[c][k];
    l.tj[c] = b->tj[c][k];
  }
  l.um = b->um[k];
  l.ua = b->ua[k];
  l.us = b->us[k];
  l.strain = b->strain[k];
  l.angle = b->angle[k];
  l.twist = b->twist[k];
  l.bend = b->bend[k];
  l.shear = b->shear[k];
  return l;
}

/* L0 = |r_i|, the rest length of a bond. */
double rrp_binder_rest_length(const rrp_binder_ref *ref);

/* A bond's slot: the values a bond keeps from its reference state, in this order: r_i (3), p (4)
 * as rrp_binder_ref (so that the loads read them in place), then, for the printed shear form only,
 * q_j0 (4). A slot whose p is zero holds no reference yet (a bond not computed since it was made);
 * a captured p is a unit quaternion. */
#define RRP_BINDER_SLOT 7        /* values of a slot */
#define RRP_BINDER_SLOT_PAPER 11 /* values of a slot of the printed shear form, with q_j0 */

/* The values of a slot for a shear form (RRP_BINDER_SLOT or RRP_BINDER_SLOT_PAPER). */
int rrp_binder_slot_size(enum rrp_shear_form form);

/* A slot of size values (7 or 11) from the state at bonding: d0 = x_i0 - x_j0 and the two unit
 * quaternions. Returns RRP_OK, or RRP_EDOMAIN (slot untouched) for a size other than 7 or 11 or
 * a zero quaternion, RRP_ENONFINITE for non-finite input. */
int rrp_binder_slot_capture(const double d0[3], const double qi0[4], const double qj0[4],
                            int size, double *slot);

/* Nonzero when the slot holds a reference (its p is not zero). */
int rrp_binder_slot_has_reference(const double *slot);

/* A slot of size values read from a file, checked: every value finite, and where it holds a
 * reference its quaternions (p, and q_j0 of a slot of 11) unit within tol, then normalised
 * (rrp_quat_from_unit_values). Returns RRP_OK; RRP_ENONFINITE (a value not finite: which = its
 * index) or RRP_EDOMAIN (which = 0 for p, 1 for q_j0, with its norm; or a size other than 7 or
 * 11, which = -1): the slot is then untouched. */
int rrp_binder_slot_unit(double *slot, int size, double tol, int *which, double *norm);

/* The reference and the q_j0 of a slot of size values (q_j0: NULL for a slot of 7), as rrp_binder
 * takes them. */
static inline const rrp_binder_ref *rrp_binder_slot_ref(const double *slot)
{
  return (const rrp_binder_ref *) slot;
}
static inline const double *rrp_binder_slot_qj0(const double *slot, int size)
{
  return size == RRP_BINDER_SLOT_PAPER ? slot + RRP_BINDER_SLOT : (const double *) 0;
}

/* Critical values -> lim for a shear form: axial strain eps_c, shear angle phi_c (radians, in
 * (0, pi]), bending angle beta_c and twist angle tau_c (radians); 0 for a mode that does not
 * fail. Returns RRP_OK or RRP_EDOMAIN for a negative, non-finite or (shear) too large value or an
 * unknown form. */
int rrp_binder_limit_set(enum rrp_shear_form form, double axial, double shear, double bend,
                         double twist, rrp_binder_limit *lim);

/* The damage D of the combined criterion (the binder fails at D >= 1) from a bond's load, and
 * in *mode (if not NULL) the rrp_binder_mode whose term is largest. */
double rrp_binder_damage(const rrp_binder_limit *lim, const rrp_binder_load *l,
                         enum rrp_binder_mode *mode);

/* The rupture law of a type from its critical values eps_c, phi_c, beta_c, tau_c (as
 * rrp_binder_limit_set) and the thresholds break_strain (> 0 or 0: none) and break_angle (in
 * (0, pi) or 0: none). Returns RRP_OK or RRP_EDOMAIN (law zeroed) for a value out of range. */
int rrp_binder_rupture_set(enum rrp_shear_form form, const double critical[4],
                           double break_strain, double break_angle, rrp_binder_rupture *law);

/* Nonzero when the law reads the measures twist, bend and S (its combined criterion is set):
 * the loads are then to be computed with rrp_binder_coeff.measure set. */
int rrp_binder_rupture_measured(const rrp_binder_rupture *law);

/* Nonzero when a bond under the law can break at all. */
int rrp_binder_rupture_any(const rrp_binder_rupture *law);

/* The mode in which a bond of the law breaks under its load l: the combined criterion first
 * (D >= 1, the mode of its largest term), then the strain threshold (RRP_BREAK_AXIAL), then the
 * rotation threshold (RRP_BREAK_ROTATION); RRP_BREAK_NONE if it holds. *released (if not NULL)
 * is the energy a broken bond lets go, U^m + U^a + U^s (0 if it holds). */
enum rrp_binder_mode rrp_binder_breaks(const rrp_binder_rupture *law, const rrp_binder_load *l,
                                       double *released);

/* Mohr-Coulomb strength of a binder, the rupture law of a parallel bond (Potyondy and Cundall
 * 2004, "A bonded-particle model for rock"): the binder is a cemented disc of radius rb between
 * the particles, and its loads act on its middle cross-section, of area A = pi rb^2, second
 * moment I = pi rb^4/4 and polar moment J = 2 I. With d = x_i - x_j, the force on i fi and the
 * torque on i ti (about x_i): the normal force N = -fi . d^ (tension > 0), the shear force
 * V = |fi - (fi . d^) d^|, and the moment about the middle M = ti + d/2 x fi, its twisting part
 * Mt = M . d^ and bending part Mb = |M - Mt d^| (the same M from j's side: the loads balance).
 * The stresses (force/area, energy/length^3):
 *   sigma = N/A (the mean normal stress, tension > 0),
 *   sigma_max = N/A + Mb rb/I (the largest normal stress on the section's rim),
 *   tau_max = V/A + |Mt| rb/J (the largest shear stress). */
typedef struct rrp_binder_section {
  double sigma, sigma_max, tau_max;
  /* their parts: V/A, the bending part Mb rb/I and the twisting part |Mt| rb/J */
  double shear, bend, twist;
} rrp_binder_section;

/* The section's stresses of a binder of radius rb > 0 under its loads (fi, ti) with d as above.
 * Returns RRP_OK, RRP_EDOMAIN (zeros) for d = 0 or rb not > 0, RRP_ENONFINITE for non-finite
 * input. */
int rrp_binder_section_of(const double d[3], const double fi[3], const double ti[3], double rb,
                          rrp_binder_section *s);

/* The strengths: tensile strength sigma_c > 0, cohesion c > 0 (both stresses) and friction angle
 * phi in [0, 90) degrees. The binder breaks in tension (RRP_BREAK_AXIAL) when sigma_max >=
 * sigma_c, else in shear (RRP_BREAK_SHEAR) when tau_max >= c - sigma tan(phi) (compression, sigma
 * < 0, raises the shear strength; a tension lowers it, to 0 at sigma = c/tan(phi)). */
typedef struct rrp_binder_strength {
  double tensile, cohesion, tan_phi;
  double moment_factor; /* beta of rrp_binder_strength_moment_factor (1 by default) */
} rrp_binder_strength;

/* s from sigma_c, c and phi (degrees), with the moment factor 1. Returns RRP_OK, or RRP_EDOMAIN
 * (s zeroed) for a strength not finite and > 0 or an angle outside [0, 90). */
int rrp_binder_strength_set(double tensile, double cohesion, double phi_degrees,
                            rrp_binder_strength *s);

/* The moment contribution factor beta in [0, 1] of PFC's parallel bond (Itasca's pb_mcf;
 * Potyondy 2012): the moments enter the strength check as beta times their stresses,
 *   sigma_max = N/A + beta Mb rb/I,   tau_max = V/A + beta |Mt| rb/J;
 * beta = 0: only the forces load the binder's strength. Returns RRP_OK, or RRP_EDOMAIN (s
 * unchanged) for beta outside [0, 1]. */
int rrp_binder_strength_moment_factor(double beta, rrp_binder_strength *s);

/* The mode in which a binder of strengths st breaks under the stresses sec: RRP_BREAK_AXIAL
 * (tension), RRP_BREAK_SHEAR or RRP_BREAK_NONE. */
enum rrp_binder_mode rrp_binder_strength_breaks(const rrp_binder_strength *st,
                                                const rrp_binder_section *sec);

#ifdef __cplusplus
}
#endif

#endif
