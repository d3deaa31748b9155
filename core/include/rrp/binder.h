/* rrp/binder.h - binder bond between two spheres of a particle-binder composite: torsion and
 * bending, axial and shear loads, with forces and spatial torques on both particles.
 *
 * Baker & Gonzalez (2021) section 4, eqs. (44)-(55), with the erratum of doc/theory.md section 3: the
 * printed shear form (53)-(55) is not invariant under a rigid rotation of the whole system, so
 * the default is the rotation-invariant convected form; the printed one stays an option.
 *
 *   int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double xi[3],
 *                  const double xj[3], const double qi[4], const double qj[4],
 *                  rrp_binder_load *out);
 *   double rrp_binder_rest_length(const rrp_binder_ref *ref);
 *
 * Reference state, captured when the bond is first used: d0 = x_i0 - x_j0, L0 = |d0|,
 * d0^ = d0/L0, orientations R_i0, R_j0. Rotations since bonding Q_e = R_e R_e0^T. With
 * d = x_i - x_j, L = |d|, d^ = d/L:
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
} rrp_binder_coeff;

typedef struct rrp_binder_ref {
  double d0[3];  /* x_i0 - x_j0 */
  double qi0[4]; /* orientation of i at bonding, unit quaternion */
  double qj0[4]; /* orientation of j at bonding */
} rrp_binder_ref;

typedef struct rrp_binder_load {
  double fi[3];      /* force on i; the force on j is -fi */
  double ti[3];      /* spatial torque on i */
  double tj[3];      /* spatial torque on j */
  double um, ua, us; /* energies of torsion/bending, axial, shear */
  double strain;     /* axial strain L/L0 - 1 (for a rupture criterion) */
  double angle;      /* |theta| in [0, pi], the relative rotation angle of the two particles
                      * since bonding (for a rupture criterion: at pi the principal log, and so
                      * the torsion/bending torque, turns over) */
} rrp_binder_load;

/* Loads of one bond (i, j). Returns RRP_OK, or RRP_EDOMAIN (out zeroed) when L or L0 is 0 (the
 * direction of the bond is undefined), or RRP_ENONFINITE for non-finite input or loads that
 * overflow (out is then not to be used). */
int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double xi[3],
               const double xj[3], const double qi[4], const double qj[4], rrp_binder_load *out);

/* L0 = |d0|, the rest length of a bond. */
double rrp_binder_rest_length(const rrp_binder_ref *ref);

#ifdef __cplusplus
}
#endif

#endif
