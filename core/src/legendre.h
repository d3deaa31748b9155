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
 * beta. From beta = rhs/I (error O(h^2)) it takes 2 or 3 Newton steps for h |omega| <= 0.1.
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

static inline void rrp_legendre_G(const double I[3], const double rhs[3], const double b[3],
                                  double G[3])
{
  const double Ib0 = I[0] * b[0], Ib1 = I[1] * b[1], Ib2 = I[2] * b[2];
  const double s = 1.0 + 0.25 * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
  G[0] = Ib0 + 0.5 * (b[1] * Ib2 - b[2] * Ib1) - s * rhs[0];
  G[1] = Ib1 + 0.5 * (b[2] * Ib0 - b[0] * Ib2) - s * rhs[1];
  G[2] = Ib2 + 0.5 * (b[0] * Ib1 - b[1] * Ib0) - s * rhs[2];
}

/* the Newton correction d = -J(b)^-1 G by Cramer's rule; 0 when J is singular */
static inline int rrp_legendre_newton(const double I[3], const double rhs[3], const double b[3],
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
  if (!(fabs(det) > 0.0) || !isfinite(det)) return 0;
  const double inv = -1.0 / det;
  d[0] = inv * (c00 * G[0] + c01 * G[1] + c02 * G[2]);
  d[1] = inv * (c10 * G[0] + c11 * G[1] + c12 * G[2]);
  d[2] = inv * (c20 * G[0] + c21 * G[1] + c22 * G[2]);
  return rrp_finite_n(d, 3);
}

/* solves (14) for beta; RRP_OK, RRP_ENOCONV (no root reached within RRP_LEGENDRE_MAXITER
 * iterations, or a singular Jacobian: a step far too large) or RRP_ENONFINITE */
static inline int rrp_legendre_solve(const double I[3], const double rhs[3], double b[3])
{
  const double Imin = fmin(I[0], fmin(I[1], I[2])), Imax = fmax(I[0], fmax(I[1], I[2]));
  const double kappa = (Imax + 0.5 * rrp_norm3(rhs)) / Imin;
  double G[3], d[3];
  for (int k = 0; k < 3; k++) b[k] = rhs[k] / I[k];
  rrp_legendre_G(I, rhs, b, G);
  double gn = rrp_norm3(G);
  if (!isfinite(gn)) return RRP_ENONFINITE;
  for (int it = 0; it < RRP_LEGENDRE_MAXITER; it++) {
    if (gn == 0.0) return RRP_OK;
    if (!rrp_legendre_newton(I, rhs, b, G, d)) return RRP_ENOCONV;
    const double nd = rrp_norm3(d), nb = rrp_norm3(b);
    if (kappa * nd * nd <= DBL_EPSILON * nb) { /* the next correction would be round-off */
      for (int k = 0; k < 3; k++) b[k] += d[k];
      return RRP_OK;
    }
    /* near the root the full step; far from it, halve until |G| decreases */
    double lambda = 1.0, bt[3], Gt[3], gt = HUGE_VAL;
    const int near = nd <= 0.1 * nb;
    int accepted = 0;
    for (int ls = 0; ls < 30 && !accepted; ls++, lambda *= 0.5) {
      for (int k = 0; k < 3; k++) bt[k] = b[k] + lambda * d[k];
      rrp_legendre_G(I, rhs, bt, Gt);
      gt = rrp_norm3(Gt);
      if (!isfinite(gt)) continue;
      accepted = near || gt < (1.0 - 1e-4 * lambda) * gn;
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
