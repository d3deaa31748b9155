/* rrp/rotation.h - rotation algebra on rescaled Rodrigues parameters (RRP), rotation vectors,
 * unit quaternions and rotation matrices.
 *
 * Baker & Gonzalez (2021), section 2.1: the RRP vector alpha = tan(|theta|/2)/(|theta|/2) theta
 * (eq. 3), the trig-free rotation matrix R(alpha) (eq. 4) and the composition alpha1 (+) alpha2
 * (eq. 5). Conventions in rrp/conventions.h: R(a1 (+) a2) = R(a2) R(a1), quaternions (w,x,y,z).
 *
 *   void rrp_alpha_to_matrix(const double a[3], double R[3][3]);
 *   int  rrp_alpha_compose(const double a1[3], const double a2[3], double out[3]);
 *   void rrp_alpha_inverse(const double a[3], double out[3]);
 *   void rrp_alpha_to_quat(const double a[3], double q[4]);
 *   int  rrp_alpha_from_quat(const double q[4], double a[3]);
 *   void rrp_alpha_to_theta(const double a[3], double th[3]);
 *   int  rrp_alpha_from_theta(const double th[3], double a[3]);
 *   void rrp_theta_to_quat(const double th[3], double q[4]);
 *   void rrp_quat_to_theta(const double q[4], double th[3]);
 *   void rrp_theta_to_matrix(const double th[3], double R[3][3]);
 *   void rrp_matrix_log(double R[3][3], double th[3]);
 *   void rrp_quat_to_matrix(const double q[4], double R[3][3]);
 *   void rrp_matrix_to_quat(double R[3][3], double q[4]);
 *   void rrp_quat_multiply(const double p[4], const double q[4], double out[4]);
 *   void rrp_quat_conjugate(const double q[4], double out[4]);
 *   void rrp_quat_normalize(double q[4]);
 *   void rrp_quat_canonical(const double q[4], double out[4]);
 *   int  rrp_quat_from_values(const double in[4], double q[4]);
 *   int  rrp_quat_from_unit_values(const double in[4], double tol, double q[4], double *norm);
 *   void rrp_quat_turn(const double q_old[4], const double q_new[4], double v[3]);
 *   void rrp_quat_rotate(const double q[4], const double v[3], double out[3]);
 *   void rrp_quat_apply_alpha(const double da[3], double q[4]);
 *
 * Storage without the half-turn singularity (doc/theory.rst section 1): alpha is infinite at |theta| = pi,
 * so a particle's total orientation is stored as a unit quaternion and each step's small RRP
 * increment is applied with rrp_quat_apply_alpha, which is R_{k+1} = R(da) R_k of eq. (5) and
 * needs no trigonometry. alpha, theta are derived outputs.
 *
 * Matrix arguments read only are declared double[3][3], not const: ISO C before C23 does not
 * convert double (*)[3] to const double (*)[3] implicitly.
 */
#ifndef RRP_ROTATION_H
#define RRP_ROTATION_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* R(alpha) = I + 4/(4+|a|^2) (S(a) + S(a)^2/2), eq. (4). No trigonometry. */
void rrp_alpha_to_matrix(const double a[3], double R[3][3]);

/* out = a1 (+) a2 = 4/(4 - a1.a2) (a1 + a2 - a1 x a2 / 2), eq. (5); R(out) = R(a2) R(a1).
 * Returns RRP_ESINGULAR (out set to zero) when the composite is a half-turn (a1.a2 == 4) or the
 * result overflows; out may alias a1 or a2. */
int rrp_alpha_compose(const double a1[3], const double a2[3], double out[3]);

/* out = -a: the inverse rotation. */
void rrp_alpha_inverse(const double a[3], double out[3]);

/* q = (1, a/2) / sqrt(1 + |a|^2/4): the unit quaternion of alpha, w > 0. No trigonometry. */
void rrp_alpha_to_quat(const double a[3], double q[4]);

/* a = 2 q_vec / q_w. q need not be normalised (nonzero). Returns RRP_ESINGULAR at a half-turn
 * (q_w == 0 or a overflows): a then holds +-HUGE_VAL along the axis (0 where q_vec is 0). */
int rrp_alpha_from_quat(const double q[4], double a[3]);

/* theta = 2 atan(|a|/2) a/|a|, the rotation vector of alpha, |theta| < pi; series near 0. */
void rrp_alpha_to_theta(const double a[3], double th[3]);

/* a = tan(|th|/2)/(|th|/2) th, eq. (3), for any rotation vector (|th| > pi wraps around);
 * returns RRP_ESINGULAR, with a as rrp_alpha_from_quat, when th is a half-turn. */
int rrp_alpha_from_theta(const double th[3], double a[3]);

/* Exponential map to a unit quaternion: q = (cos(|th|/2), sin(|th|/2) th/|th|); |th| must be
 * finite (below DBL_MAX). */
void rrp_theta_to_quat(const double th[3], double q[4]);

/* Logarithm of a unit quaternion: the rotation vector with |th| <= pi (q and -q give the same
 * th except at exactly a half-turn). Accurate near 0 and near pi. */
void rrp_quat_to_theta(const double q[4], double th[3]);

/* Exponential map to a rotation matrix (via the quaternion). */
void rrp_theta_to_matrix(const double th[3], double R[3][3]);

/* Logarithm of a rotation matrix: th with |th| <= pi, S(th) = log R. Accurate near 0 and pi. */
void rrp_matrix_log(double R[3][3], double th[3]);

/* Rotation matrix of q; q is normalised on the fly (any nonzero q). */
void rrp_quat_to_matrix(const double q[4], double R[3][3]);

/* Unit quaternion (w >= 0) of a rotation matrix, Shepperd's method (stable for all angles). */
void rrp_matrix_to_quat(double R[3][3], double q[4]);

/* Hamilton product out = p q, R(out) = R(p) R(q); out may alias p or q. */
void rrp_quat_multiply(const double p[4], const double q[4], double out[4]);

/* out = (w, -x, -y, -z): the inverse rotation of a unit quaternion. */
void rrp_quat_conjugate(const double q[4], double out[4]);

/* q <- q / |q| (no overflow for huge or tiny q); a zero or non-finite q becomes the identity. */
void rrp_quat_normalize(double q[4]);

/* out = q or -q, whichever has w >= 0 (unique except at a half-turn). */
void rrp_quat_canonical(const double q[4], double out[4]);

/* An orientation given as four numbers (an input, a data file): q = in, normalised unless it is
 * unit to round-off (|in|^2 within 8 eps of 1, as written with every digit: then kept bitwise).
 * Returns RRP_OK, or RRP_EDOMAIN for a zero or non-finite in (q untouched). */
int rrp_quat_from_values(const double in[4], double q[4]);

/* A unit quaternion as four numbers written to a file (a data file's orientation or reference):
 * *norm = |in| (without overflow; NaN or infinity for a non-finite in), and when |*norm - 1| <=
 * tol, q = in as rrp_quat_from_values makes it (bitwise when unit to round-off, else normalised).
 * Returns RRP_OK; RRP_ENONFINITE for a non-finite in, RRP_EDOMAIN for a norm further than tol
 * from 1 (a zero in too) or a negative or non-finite tol: q untouched. */
int rrp_quat_from_unit_values(const double in[4], double tol, double q[4], double *norm);

/* The tolerance of rrp_quat_from_unit_values for files: a quaternion written with 7 significant
 * digits (or more) has |norm - 1| well below it, one whose norm is off by more was not a unit
 * quaternion. */
#define RRP_QUAT_UNIT_TOL 1e-6

/* v <- R(q_new q_old*) v: a vector fixed in a body turns with it by the body's step from q_old
 * to q_new (unit quaternions); no renormalisation of v. */
void rrp_quat_turn(const double q_old[4], const double q_new[4], double v[3]);

/* out = R(q) v for a unit quaternion q; out may alias v. */
void rrp_quat_rotate(const double q[4], const double v[3], double out[3]);

/* q <- q(da) q, renormalised: R <- R(da) R, that is alpha <- alpha (+) da of eq. (5) without
 * forming alpha, so it continues through half-turns. No trigonometry. */
void rrp_quat_apply_alpha(const double da[3], double q[4]);

#ifdef __cplusplus
}
#endif

#endif
