/* body_step.h - one body's first half-step of the variational general-inertia map: the kick,
 * the drift, the body-frame momentum, the Legendre solve (legendre.h) and the turn. The kernel of
 * rrp_bodies_first and rrp_body_records_first (bodies.c), which run its straight-line parts for
 * blocks of bodies across SIMD lanes and call step_one for the rest; the tests take step_one as
 * the one-at-a-time reference. Private to the core (not installed). */
#ifndef RRP_BODY_STEP_H
#define RRP_BODY_STEP_H

#include "legendre.h"
#include "vec3.h"

#include <math.h>

/* rhs = h Pi = h R^T L of (14): L turned by the conjugate of q (t = 2 L x u, Pi = L + w t +
 * t x u). (Scalars: GCC 12's SLP vectoriser otherwise pairs the stores of t and reloads them as
 * a vector, a store-forwarding stall of a dozen cycles per body.) */
RRP_INLINE void body_rhs(const double L[3], const double q[4], double h, double rhs[3])
{
  const double q0 = q[0], u0 = q[1], u1 = q[2], u2 = q[3];
  const double t0 = L[1] * u2 - L[2] * u1, t1 = L[2] * u0 - L[0] * u2, t2 = L[0] * u1 - L[1] * u0;
  rhs[0] = h * (L[0] + 2.0 * (q0 * t0 + (t1 * u2 - t2 * u1)));
  rhs[1] = h * (L[1] + 2.0 * (q0 * t1 + (t2 * u0 - t0 * u2)));
  rhs[2] = h * (L[2] + 2.0 * (q0 * t2 + (t0 * u1 - t1 * u0)));
}

/* h |omega| of a step the map could not take, |rhs/I| */
static inline double body_hw(const double I[3], const double rhs[3])
{
  const double w[3] = {rhs[0] / I[0], rhs[1] / I[1], rhs[2] / I[2]};
  return rrp_norm3(w);
}

/* R_k+1 = R_k R(beta): qn = q (1, beta/2), normalised (for a unit q that is the division by
 * sqrt(1 + |beta|^2/4) of (3.13), and it keeps |q| = 1 against round-off) */
RRP_INLINE void body_turn(const double q[4], const double beta[3], double qn[4])
{
  const double qb[4] = {1.0, 0.5 * beta[0], 0.5 * beta[1], 0.5 * beta[2]};
  rrp_qmul(q, qb, qn);
  const double nn = 1.0 / sqrt(qn[0] * qn[0] + qn[1] * qn[1] + qn[2] * qn[2] + qn[3] * qn[3]);
  for (int d = 0; d < 4; d++) qn[d] *= nn;
}

/* the map's turn of a body with principal moments I and orientation q: the increment beta of
 * (14) for rhs = h Pi (rrp_legendre_solve), then qn = q (1, beta/2) normalised (body_turn).
 * RRP_OK; RRP_ENONFINITE where qn is not finite; else the solver's status with *hw = h |omega|
 * (body_hw) */
static inline int body_solve_turn(const double I[3], const double rhs[3], const double q[4],
                                  double qn[4], double *hw)
{
  double beta[3];
  const int status = rrp_legendre_solve(I, rhs, beta);
  if (status != RRP_OK) {
    *hw = body_hw(I, rhs);
    return status;
  }
  body_turn(q, beta, qn);
  return rrp_finite_n(qn, 4) ? RRP_OK : RRP_ENONFINITE;
}

/* the kick and drift of a body's first half into (vn, xn, Ln); returns the sum of these and q,
 * which is not finite when one of them is not */
RRP_INLINE double body_kick(double m, const double x[3], const double v[3], const double f[3],
                            const double L[3], const double torque[3], const double q[4],
                            double h, double dtf, double vn[3], double xn[3], double Ln[3])
{
  const double dtfm = dtf / m;
  for (int d = 0; d < 3; d++) {
    vn[d] = v[d] + dtfm * f[d];
    xn[d] = x[d] + h * vn[d];
    Ln[d] = L[d] + dtf * torque[d];
  }
  return vn[0] + vn[1] + vn[2] + xn[0] + xn[1] + xn[2] + Ln[0] + Ln[1] + Ln[2] + q[0] + q[1] +
         q[2] + q[3];
}

/* the step of one body (mass m, positive principal moments I) into (vn, xn, Ln, qn), its own
 * state untouched */
static inline int step_one(double m, const double I[3], const double x[3], const double v[3],
                           const double f[3], const double L[3], const double torque[3],
                           const double q[4], double h, double dtf, double vn[3], double xn[3],
                           double Ln[3], double qn[4], double *hw)
{
  if (!isfinite(body_kick(m, x, v, f, L, torque, q, h, dtf, vn, xn, Ln))) return RRP_ENONFINITE;
  /* the body-frame momentum of the half step and the increment from (14) with rhs = h Pi */
  double rhs[3];
  body_rhs(Ln, q, h, rhs);
  return body_solve_turn(I, rhs, q, qn, hw);
}

#endif
