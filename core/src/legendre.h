/* legendre.h - the discrete Legendre relation (14) of Baker & Gonzalez (2021) for a body with
 * principal moments I, shared by the array kernel (bodies.c) and the rigid-body harness
 * (rigid_rrp.c, scheme rrp-general).
 *
 * Unknown: the body-frame RRP increment beta of a step, F = R_k^T R_k+1 = R(beta). With
 * J_d = tr(I)/2 - I, (14) reads vee(F J_d - J_d F^T) = rhs, rhs = h (Pi_k + h/2 M_k). Writing F
 * through its quaternion (1, beta/2)/sqrt(1 + |beta|^2/4), the symmetric parts of F J_d drop out
 * of the vee and J_d2 + J_d3 = I1 (and cyclic), so (14) is the quadratic system
 *   G(beta) = I beta + 1/2 beta x (I beta) - (1 + |beta|^2/4) rhs = 0
 * with the Jacobian dG/dbeta = I + 1/2 ([beta]x I - [I beta]x) - 1/2 rhs beta^T. Since G is
 * quadratic, after a Newton step d the residual is exactly G = 1/2 d x (I d) - |d|^2/4 rhs,
 * |G| <= (I_max/2 + |rhs|/4) |d|^2: the iteration stops when the correction that would follow,
 * bounded by kappa |d|^2 with kappa = 2 (I_max/2 + |rhs|/4)/I_min, is below the round-off of
 * beta. The first iterate: beta = rhs/I (error O(h^2)) and, for a small step (|beta| <= 0.1),
 * two sweeps of the fixed point beta = I^-1 ((1 + |beta|^2/4) rhs - beta x (I beta)/2), each
 * gaining one order of h (error O(h^4)), after which one Newton step reaches round-off for
 * h |omega| up to about 0.01 and two up to 0.1 (half the cost of Newton's method from rhs/I).
 * Far from the root a step is halved until |G| decreases. For scalar J the system is
 * J beta = (1 + |beta|^2/4) rhs, solvable only for |rhs| <= J (h |omega| <= 1): beyond such a
 * limit no beta exists and the solver says so (RRP_ENOCONV). */
#ifndef RRP_LEGENDRE_H
#define RRP_LEGENDRE_H

#include "rrp/conventions.h"
#include "vec3.h"

#include <float.h>
#include <math.h>

#define RRP_LEGENDRE_MAXITER 40

RRP_INLINE void rrp_legendre_G(const double I[3], const double rhs[3], const double b[3],
                                  double G[3])
{
  const double Ib0 = I[0] * b[0], Ib1 = I[1] * b[1], Ib2 = I[2] * b[2];
  const double s = 1.0 + 0.25 * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
  G[0] = Ib0 + 0.5 * (b[1] * Ib2 - b[2] * Ib1) - s * rhs[0];
  G[1] = Ib1 + 0.5 * (b[2] * Ib0 - b[0] * Ib2) - s * rhs[1];
  G[2] = Ib2 + 0.5 * (b[0] * Ib1 - b[1] * Ib0) - s * rhs[2];
}

/* the Newton correction d = -J(b)^-1 G by Cramer's rule, without checks; returns det J (d is
 * not finite when it is 0) */
RRP_INLINE double rrp_legendre_cramer(const double I[3], const double rhs[3], const double b[3],
                                         const double G[3], double d[3])
{
  const double Ib0 = 0.5 * I[0] * b[0], Ib1 = 0.5 * I[1] * b[1], Ib2 = 0.5 * I[2] * b[2];
  const double r0 = 0.5 * rhs[0], r1 = 0.5 * rhs[1], r2 = 0.5 * rhs[2];
  /* J = diag(I) + 1/2 ([b]x diag(I) - [I b]x) - 1/2 rhs b^T */
  const double J00 = I[0] - r0 * b[0];
  const double J01 = -0.5 * b[2] * I[1] + Ib2 - r0 * b[1];
  const double J02 = 0.5 * b[1] * I[2] - Ib1 - r0 * b[2];
  const double J10 = 0.5 * b[2] * I[0] - Ib2 - r1 * b[0];
  const double J11 = I[1] - r1 * b[1];
  const double J12 = -0.5 * b[0] * I[2] + Ib0 - r1 * b[2];
  const double J20 = -0.5 * b[1] * I[0] + Ib1 - r2 * b[0];
  const double J21 = 0.5 * b[0] * I[1] - Ib0 - r2 * b[1];
  const double J22 = I[2] - r2 * b[2];
  const double c00 = J11 * J22 - J12 * J21, c01 = J02 * J21 - J01 * J22, c02 = J01 * J12 - J02 * J11;
  const double c10 = J12 * J20 - J10 * J22, c11 = J00 * J22 - J02 * J20, c12 = J02 * J10 - J00 * J12;
  const double c20 = J10 * J21 - J11 * J20, c21 = J01 * J20 - J00 * J21, c22 = J00 * J11 - J01 * J10;
  const double det = J00 * c00 + J01 * c10 + J02 * c20;
  const double inv = -1.0 / det;
  d[0] = inv * (c00 * G[0] + c01 * G[1] + c02 * G[2]);
  d[1] = inv * (c10 * G[0] + c11 * G[1] + c12 * G[2]);
  d[2] = inv * (c20 * G[0] + c21 * G[1] + c22 * G[2]);
  return det;
}

/* the Newton correction d = -J(b)^-1 G; 0 when J is singular or d not finite */
static inline int rrp_legendre_newton(const double I[3], const double rhs[3], const double b[3],
                                      const double G[3], double d[3])
{
  const double det = rrp_legendre_cramer(I, rhs, b, G, d);
  if (!(fabs(det) > 0.0) || !isfinite(det)) return 0;
  return rrp_finite_n(d, 3);
}

/* kappa^2 of the stopping test kappa^2 |d|^4 <= eps^2 |b|^2, with kappa^2 <= a^2 (1 + |rhs| /
 * (2 Imax))^2 <= a^2 (2 + |rhs/I|^2 / 2), a = Imax/Imin: a test no looser than kappa's, free of
 * the moments' units (bb = |rhs/I|^2) */
RRP_INLINE double rrp_legendre_kappa2(const double I[3], double bb)
{
  /* (ternaries: fmin and fmax are library calls unless NaNs are ruled out; I is positive) */
  const double I01min = I[0] < I[1] ? I[0] : I[1], I01max = I[0] < I[1] ? I[1] : I[0];
  const double Imin = I01min < I[2] ? I01min : I[2], Imax = I01max < I[2] ? I[2] : I01max;
  const double a = Imax / Imin;
  return a * a * (2.0 + 0.5 * bb);
}

/* solves (14) for beta; RRP_OK, RRP_ENOCONV (no root reached within RRP_LEGENDRE_MAXITER
 * iterations, or a singular Jacobian: a step far too large) or RRP_ENONFINITE */
/* The small step's path, straight-line code: b = rhs/I, two sweeps of the fixed point, one
 * Newton step. Returns 1 with the root in b when the step was small (|rhs/I| <= 0.1) and the
 * stopping test holds after that Newton step (h |omega| up to about 0.01), else 0 with that
 * iterate in b (NaN inputs give 0). */
RRP_INLINE int rrp_legendre_fast(const double I[3], const double rhs[3], double b[3])
{
  const double I0 = I[0], I1 = I[1], I2 = I[2], c0 = rhs[0], c1 = rhs[1], c2 = rhs[2];
  const double i0 = 1.0 / I0, i1 = 1.0 / I1, i2 = 1.0 / I2;
  double x0 = c0 * i0, x1 = c1 * i1, x2 = c2 * i2;
  const double bb = x0 * x0 + x1 * x1 + x2 * x2;
  for (int sweep = 0; sweep < 2; sweep++) {
    const double s = 1.0 + 0.25 * (x0 * x0 + x1 * x1 + x2 * x2);
    const double y0 = I0 * x0, y1 = I1 * x1, y2 = I2 * x2;
    const double n0 = i0 * (s * c0 - 0.5 * (x1 * y2 - x2 * y1));
    const double n1 = i1 * (s * c1 - 0.5 * (x2 * y0 - x0 * y2));
    const double n2 = i2 * (s * c2 - 0.5 * (x0 * y1 - x1 * y0));
    x0 = n0;
    x1 = n1;
    x2 = n2;
  }
  const double x[3] = {x0, x1, x2};
  double G[3], d[3];
  rrp_legendre_G(I, rhs, x, G);
  rrp_legendre_cramer(I, rhs, x, G, d); /* a singular J gives a non-finite d: not accepted */
  const double kappa2 = rrp_legendre_kappa2(I, bb);
  const double nd2 = rrp_dot3(d, d), nb2 = x0 * x0 + x1 * x1 + x2 * x2;
  for (int k = 0; k < 3; k++) b[k] = x[k] + d[k];
  /* (comparisons are false for NaN) */
  return (bb <= 0.01) & (kappa2 * nd2 * nd2 <= DBL_EPSILON * DBL_EPSILON * nb2) &
         (rrp_dot3(b, b) >= 0.0);
}

static inline int rrp_legendre_solve_from(const double I[3], const double rhs[3], double b[3]);

static inline int rrp_legendre_solve(const double I[3], const double rhs[3], double b[3])
{
  /* on copies, so that the compiler need not reload I and rhs after each store to b; bl holds
   * the small-step path's iterate, where Newton's method goes on when that path did not end */
  const double Il[3] = {I[0], I[1], I[2]}, rl[3] = {rhs[0], rhs[1], rhs[2]};
  double bl[3];
  if (rrp_legendre_fast(Il, rl, bl)) {
    for (int k = 0; k < 3; k++) b[k] = bl[k];
    return RRP_OK;
  }
  const int status = rrp_legendre_solve_from(Il, rl, bl);
  for (int k = 0; k < 3; k++) b[k] = bl[k];
  return status;
}

/* Newton's method from b, the small-step path's iterate (rrp_legendre_fast) where that is finite
 * and the step small (|rhs/I| <= 0.1), else from rhs/I: the rest of rrp_legendre_solve, for a
 * caller that ran the small-step path itself */
static inline int rrp_legendre_solve_from(const double I[3], const double rhs[3], double b[3])
{
  const double inv[3] = {1.0 / I[0], 1.0 / I[1], 1.0 / I[2]};
  double G[3], d[3];
  const double b1[3] = {rhs[0] * inv[0], rhs[1] * inv[1], rhs[2] * inv[2]};
  const double kappa2 = rrp_legendre_kappa2(I, rrp_dot3(b1, b1));
  const double eps2 = DBL_EPSILON * DBL_EPSILON;
  if (!(rrp_dot3(b1, b1) <= 0.01) || !rrp_finite_n(b, 3))
    for (int k = 0; k < 3; k++) b[k] = b1[k];
  rrp_legendre_G(I, rhs, b, G);
  if (!rrp_finite_n(G, 3)) return RRP_ENONFINITE;
  double gn = -1.0; /* |G|, computed when a line search needs it */
  for (int it = 0; it < RRP_LEGENDRE_MAXITER; it++) {
    if (G[0] == 0.0 && G[1] == 0.0 && G[2] == 0.0) return RRP_OK;
    if (!rrp_legendre_newton(I, rhs, b, G, d)) return RRP_ENOCONV;
    const double nd2 = rrp_dot3(d, d), nb2 = rrp_dot3(b, b);
    if (kappa2 * nd2 * nd2 <= eps2 * nb2) { /* the next correction would be round-off */
      for (int k = 0; k < 3; k++) b[k] += d[k];
      return RRP_OK;
    }
    if (nd2 <= 0.01 * nb2) { /* near the root: the full step */
      for (int k = 0; k < 3; k++) b[k] += d[k];
      rrp_legendre_G(I, rhs, b, G);
      gn = -1.0;
      continue;
    }
    /* far from it: halve the step until |G| decreases */
    if (gn < 0.0) gn = rrp_norm3(G);
    double lambda = 1.0, bt[3], Gt[3], gt = HUGE_VAL;
    int accepted = 0;
    for (int ls = 0; ls < 30 && !accepted; ls++, lambda *= 0.5) {
      for (int k = 0; k < 3; k++) bt[k] = b[k] + lambda * d[k];
      rrp_legendre_G(I, rhs, bt, Gt);
      gt = rrp_norm3(Gt);
      if (!isfinite(gt)) continue;
      accepted = gt < (1.0 - 1e-4 * lambda) * gn;
    }
    if (!accepted) return RRP_ENOCONV;
    for (int k = 0; k < 3; k++) {
      b[k] = bt[k];
      G[k] = Gt[k];
    }
    gn = gt;
  }
  return RRP_ENOCONV;
}

#endif
