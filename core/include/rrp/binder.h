/* rrp/binder.h - binder bond between two spheres of a particle-binder composite: torsion and
 * bending, axial and shear loads, with forces and spatial torques on both particles.
 *
 * Baker & Gonzalez (2021) section 4, eqs. (44)-(55), with the erratum of doc/theory.md section 3: the
 * printed shear form (53)-(55) is not invariant under a rigid rotation of the whole system, so
 * the default is the rotation-invariant convected form; the printed one stays an option.
 *
 *   void rrp_binder_reference(const double d0[3], const double qi0[4], const double qj0[4],
 *                             rrp_binder_ref *ref);
 *   int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double *qj0,
 *                  const double xi[3], const double xj[3], const double qi[4],
 *                  const double qj[4], rrp_binder_load *out);
 *   int rrp_binder_loads(rrp_binder_block *b, int n);
 *   void rrp_binder_block_put(rrp_binder_block *b, int k, const rrp_binder_load *l);
 *   rrp_binder_load rrp_binder_block_get(const rrp_binder_block *b, int k);
 *   double rrp_binder_rest_length(const rrp_binder_ref *ref);
 *   int rrp_binder_limit_set(double axial, double shear, double bend, double twist,
 *                            rrp_binder_limit *lim);
 *   double rrp_binder_damage(const rrp_binder_limit *lim, const rrp_binder_load *l, int *mode);
 *
 * Reference state, captured when the bond is first used: d0 = x_i0 - x_j0, L0 = |d0|,
 * d0^ = d0/L0, orientations R_i0, R_j0. Rotations since bonding Q_e = R_e R_e0^T. Stored in 7
 * numbers (rrp_binder_ref): r_i = R_i0^T d0, the bond in the body frame of i, and
 * P = R_i0^T R_j0, the relative orientation; then Q_i d0^ = R_i r_i/L0, Q_i Q_j^T = R_i P R_j^T
 * and Q_j d0^ = (Q_i Q_j^T)^T Q_i d0^. Only the printed shear form, which is not invariant under
 * a rotation of the whole system, needs R_j0 itself (qj0). With d = x_i - x_j, L = |d|,
 * d^ = d/L:
 *   torsion/bending (44)-(47): theta = log(Q_i Q_j^T), U^m = Km/2 |theta|^2,
 *                              T_i = -Km theta, T_j = +Km theta
 *   axial (51)-(52):           U^a = Ka/2 (L/L0 - 1)^2, F_i = -Ka/L0 (L/L0 - 1) d^ = -F_j
 *   shear, convected:          g_e = Q_e d0^, c_e = g_e . d^ (e = i, j),
 *                              U^s = Ks/4 [(1 - c_i)^2 + (1 - c_j)^2],
 *                              F_i = -F_j = sum_e Ks/2 (1 - c_e)(g_e - c_e d^)/L,
 *                              T_e = Ks/2 (1 - c_e) g_e x d^
 *   shear, paper (53)-(55):    c = (Q_i d0^) . (Q_j d^), U^s = Ks/2 (1 - c)^2,
 *                              F_i = -F_j = Ks (1 - c)(h - (h . d^) d^)/L with h = Q_j^T Q_i d0^,
 *                              T_i = -T_j = Ks (1 - c) (Q_i d0^) x (Q_j d^); does not conserve
 *                              angular momentum (a free spinning body loses it).
 * Every force and torque is minus the gradient of its energy (torques: under R -> R(eps a) R).
 *
 * Deformation measures for rupture: the axial strain eps = L/L0 - 1, the twist tau = theta . d^
 * and bending angle beta = |theta - tau d^| (theta split along the bond and across it,
 * |theta|^2 = tau^2 + beta^2), and the shear measure S with U^s = Ks/2 S:
 * S = [(1 - c_i)^2 + (1 - c_j)^2]/2 (convected), (1 - c)^2 (paper). The combined criterion of
 * rrp_binder_damage is the sum of each mode's energy over its energy at its critical value:
 *   D = (<eps>_+/eps_c)^2 + S/(1 - cos phi_c)^2 + (beta/beta_c)^2 + (tau/tau_c)^2,
 * <eps>_+ = max(eps, 0) (compression does not break a binder), phi_c the critical shear angle
 * (the angle between the convected bond direction and the bond at both ends); a binder fails
 * when D >= 1. Under one mode alone it fails when that measure reaches its critical value.
 */
#ifndef RRP_BINDER_H
#define RRP_BINDER_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

enum rrp_shear_form {
  RRP_SHEAR_CONVECTED = 0, /* rotation-invariant, conserves angular momentum (default) */
  RRP_SHEAR_PAPER = 1      /* eqs. (53)-(55) as printed */
};

typedef struct rrp_binder_coeff {
  double km, ka, ks; /* torsion/bending, axial, shear stiffness (any may be 0) */
  int shear;         /* enum rrp_shear_form */
  int measure;       /* nonzero: compute the measures twist, bend and S (S also when ks is 0),
                      * for rupture; else they are 0 (S is computed whenever ks != 0) */
} rrp_binder_coeff;

typedef struct rrp_binder_ref {
  double ri[3]; /* R_i0^T (x_i0 - x_j0): the bond at bonding in the body frame of i, |ri| = L0 */
  double p[4];  /* q_i0* q_j0 (R_i0^T R_j0): relative orientation at bonding, unit quaternion */
} rrp_binder_ref;

/* critical values of the combined rupture criterion, as stored for rrp_binder_damage: the
 * inverse of each mode's critical measure squared, 0 for a mode that does not fail */
typedef struct rrp_binder_limit {
  double axial; /* 1/eps_c^2 */
  double shear; /* 1/(1 - cos phi_c)^2 */
  double bend;  /* 1/beta_c^2 */
  double twist; /* 1/tau_c^2 */
} rrp_binder_limit;

/* the mode that contributes most to the damage D */
enum rrp_binder_mode {
  RRP_BREAK_AXIAL = 1,
  RRP_BREAK_SHEAR = 2,
  RRP_BREAK_BEND = 3,
  RRP_BREAK_TWIST = 4
};

typedef struct rrp_binder_load {
  double fi[3];      /* force on i; the force on j is -fi */
  double ti[3];      /* spatial torque on i */
  double tj[3];      /* spatial torque on j */
  double um, ua, us; /* energies of torsion/bending, axial, shear */
  double strain;     /* axial strain L/L0 - 1 (for a rupture criterion) */
  double angle;      /* |theta| in [0, pi], the relative rotation angle of the two particles
                      * since bonding (for a rupture criterion: at pi the principal log, and so
                      * the torsion/bending torque, turns over) */
  double twist;      /* tau = theta . d^, radians (signed); 0 unless measure */
  double bend;       /* beta = |theta - tau d^|, radians; 0 unless measure */
  double shear;      /* S (U^s = Ks/2 S); 0 unless ks != 0 or measure */
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
 * of rrp_binder for the convected shear form, with d = x_i - x_j and the coefficients per bond,
 * and the outputs, rrp_binder_load's fields. */
#define RRP_BINDER_BLOCK 32
typedef struct rrp_binder_block {
  /* inputs */
  double d[3][RRP_BINDER_BLOCK];  /* x_i - x_j */
  double qi[4][RRP_BINDER_BLOCK]; /* orientations */
  double qj[4][RRP_BINDER_BLOCK];
  double ri[3][RRP_BINDER_BLOCK]; /* reference (rrp_binder_ref) */
  double p[4][RRP_BINDER_BLOCK];
  double km[RRP_BINDER_BLOCK], ka[RRP_BINDER_BLOCK], ks[RRP_BINDER_BLOCK];
  int measure[RRP_BINDER_BLOCK];
  /* outputs */
  double fi[3][RRP_BINDER_BLOCK], ti[3][RRP_BINDER_BLOCK], tj[3][RRP_BINDER_BLOCK];
  double um[RRP_BINDER_BLOCK], ua[RRP_BINDER_BLOCK], us[RRP_BINDER_BLOCK];
  double strain[RRP_BINDER_BLOCK], angle[RRP_BINDER_BLOCK], twist[RRP_BINDER_BLOCK];
  double bend[RRP_BINDER_BLOCK], shear[RRP_BINDER_BLOCK];
} rrp_binder_block;

/* Loads of bonds 0..n-1 of a block (n <= RRP_BINDER_BLOCK) in the convected shear form, across
 * SIMD lanes: bond k gets the same bits as rrp_binder gives it. Returns RRP_OK when rrp_binder
 * would return RRP_OK for every bond; otherwise the block's outputs are not to be used (call
 * rrp_binder on each bond to find the bad one and its status). */
int rrp_binder_loads(rrp_binder_block *b, int n);

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

/* Critical values -> lim: axial strain eps_c, shear angle phi_c (radians, in (0, pi]), bending
 * angle beta_c and twist angle tau_c (radians); 0 for a mode that does not fail. Returns
 * RRP_OK or RRP_EDOMAIN for a negative, non-finite or (shear) too large value. */
int rrp_binder_limit_set(double axial, double shear, double bend, double twist,
                         rrp_binder_limit *lim);

/* The damage D of the combined criterion (the binder fails at D >= 1) from a bond's load, and
 * in *mode (if not NULL) the rrp_binder_mode whose term is largest. */
double rrp_binder_damage(const rrp_binder_limit *lim, const rrp_binder_load *l, int *mode);

#ifdef __cplusplus
}
#endif

#endif
