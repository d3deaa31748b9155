/* rrp/sphere_kernel.h - one sphere's step of maps (23), (25) and (27) (rrp/integrator.h), as the
 * inline kernels that the core's loops and the KOKKOS styles' kernels both run (rrp/kernel.h).
 *
 *   void rrp_sphere_kick_factors(kind, value, J, m, r, dt, dtc, &dtm, &dtj);
 *   int  rrp_sphere_valid(kind, J, m, r);
 *   void rrp_sphere_increment_factors(h, hw2, exact, &c, &k);
 *   int  rrp_sphere_increment(h, w, exact, dq);
 *   void rrp_sphere_rotate(dq, q);
 *   int  rrp_sphere_first(h, dtfm, dtfj, exact, fallback, scale, f, t, x, v, omega, q, &fell, &hw);
 *   void rrp_sphere_kick(dtfm, dtfj, f, t, v, omega);
 *
 * Units as in rrp/integrator.h: dt and h time, dtm = dt/m and dtj = dt/J already times
 * LAMMPS's ftm2v, so that v += dtm F and Omega += dtj T are velocities.
 */
#ifndef RRP_SPHERE_KERNEL_H
#define RRP_SPHERE_KERNEL_H

#include "rrp/conventions.h"
#include "rrp/integrator.h"
#include "rrp/kernel.h"

#include <math.h>

/* dt/m and dt/J of a sphere of mass m, radius r (and per-atom inertia J for RRP_INERTIA_ATOM)
 * under the rule kind with its value, in the order of operations of LAMMPS's fix nve/sphere
 * (dt/m; (dt/c)/(r r m) with dtc = dt/c hoisted by the caller), so that for isotropic inertia
 * the translation and the angular velocity are bitwise those of fix nve/sphere */
RRP_KERNEL void rrp_sphere_kick_factors(int kind, double value, double J, double m, double r,
                                        double dt, double dtc, double *dtm, double *dtj)
{
  *dtm = dt / m;
  if (kind == RRP_INERTIA_VALUE)
    *dtj = dt / value;
  else if (kind == RRP_INERTIA_ATOM)
    *dtj = dt / J;
  else
    *dtj = dtc / (r * r * m);
}

/* mass and, for J = c m r^2, radius (for RRP_INERTIA_ATOM, J) positive and finite: atoms created
 * or changed during a run (fix pour, fix deposit, fix adapt, set) are checked every step, before
 * they move; a negative radius would give a positive r^2 and pass unnoticed otherwise */
RRP_KERNEL int rrp_sphere_valid(int kind, double J, double m, double r)
{
  if (!(m > 0.0) || !isfinite(m)) return 0;
  if (kind == RRP_INERTIA_VALUE) return 1;
  if (kind == RRP_INERTIA_ATOM) return J > 0.0 && isfinite(J);
  return r > 0.0 && isfinite(r);
}

/* the increment's unit quaternion (c, k w) from hw2 = h^2 |w|^2: for map (23) (exact),
 * da = 2h w/(1 + s), s = sqrt(1 - hw2), and q(da) = (1, da/2)/sqrt(1 + |da|^2/4) = (c, h w/(2c))
 * with c = sqrt((1 + s)/2), the increment's half-angle cosine; for (25), (27), da = h w and
 * c = 1/sqrt(1 + hw2/4), k = h c/2. Trig-free, c^2 + k^2 |w|^2 = 1. The exact form takes
 * |1 - hw2| under the root, the same for hw2 < 1: a value past its limit gives numbers, not NaN,
 * which the caller (that checks hw2 < 1) discards; the loops over blocks rely on it. */
RRP_KERNEL void rrp_sphere_increment_factors(double h, double hw2, int exact, double *c, double *k)
{
  if (exact) {
    *c = sqrt(0.5 * (1.0 + sqrt(fabs(1.0 - hw2))));
    *k = h / (2.0 * *c);
  } else {
    *c = 1.0 / sqrt(1.0 + 0.25 * hw2);
    *k = 0.5 * h * *c;
  }
}

/* the unit quaternion dq of the increment da = D(h, w) of map (23) (exact) or da = h w of (25),
 * (27) (rrp_sphere_increment_factors). Returns RRP_OK, RRP_ESTEP (exact, h|w| >= 1) or
 * RRP_ENONFINITE (dq untouched). */
RRP_KERNEL int rrp_sphere_increment(double h, const double w[3], int exact, double dq[4])
{
  const double hw2 = h * h * rrp_dot3(w, w);
  if (!isfinite(hw2)) return RRP_ENONFINITE;
  if (exact && !(hw2 < 1.0)) return RRP_ESTEP;
  double c, k;
  rrp_sphere_increment_factors(h, hw2, exact, &c, &k);
  dq[0] = c;
  dq[1] = k * w[0];
  dq[2] = k * w[1];
  dq[3] = k * w[2];
  return RRP_OK;
}

/* q <- dq q for a unit increment dq, then one Newton step towards |q| = 1
 * (q *= (3 - |q|^2)/2: removes the rounding drift of |q| without a square root) */
RRP_KERNEL void rrp_sphere_rotate(const double dq[4], double q[4])
{
  rrp_qmul(dq, q, q);
  const double f = 0.5 * (3.0 - (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]));
  for (int k = 0; k < 4; k++) q[k] *= f;
}

/* The first half of maps (23), (25) and (27) for one sphere, which differ only in the kick
 * factors (h/2 or h, in dtfm = dtf/m and dtfj = dtf/J) and the increment (exact for (23)):
 * v = scale v + dtfm F; x += h v; w = scale Omega + dtfj T; R <- R(da) R; Omega = w (scale: a
 * thermostat's factor, 1 for none). The new state is formed before it is stored: where the step
 * is too large for map (23) (h|w| >= 1) with fallback 0, or the new position, velocity or
 * angular velocity would not be finite (a non-finite input, or an overflow), nothing is stored
 * and *hw = h |w| is set for the report. With fallback nonzero map (23) without an increment
 * takes map (25)'s, da = h w, and sets *fell = 1 (else *fell = 0). Returns RRP_OK, RRP_ESTEP or
 * RRP_ENONFINITE. */
RRP_KERNEL int rrp_sphere_first(double h, double dtfm, double dtfj, int exact, int fallback,
                                double scale, const double f[3], const double t[3], double x[3],
                                double v[3], double omega[3], double q[4], int *fell, double *hw)
{
  double w[3], vn[3], xn[3], dq[4] = {1.0, 0.0, 0.0, 0.0};
  for (int d = 0; d < 3; d++) {
    w[d] = omega[d] * scale + dtfj * t[d];
    vn[d] = v[d] * scale + dtfm * f[d]; /* (23a): x + h v + h^2/(2m) F */
    xn[d] = x[d] + h * vn[d];
  }
  int status = rrp_sphere_increment(h, w, exact, dq);
  *fell = 0;
  if (status == RRP_ESTEP && fallback) {
    status = rrp_sphere_increment(h, w, 0, dq);
    *fell = 1;
  }
  /* one sum: a NaN or infinity anywhere makes it non-finite */
  const double all = vn[0] + vn[1] + vn[2] + xn[0] + xn[1] + xn[2] + w[0] + w[1] + w[2];
  if (status == RRP_OK && !isfinite(all)) status = RRP_ENONFINITE;
  if (status != RRP_OK) {
    *fell = 0;
    *hw = h * sqrt(rrp_dot3(w, w));
    return status;
  }
  for (int d = 0; d < 3; d++) {
    v[d] = vn[d];
    x[d] = xn[d];
    omega[d] = w[d];
  }
  rrp_sphere_rotate(dq, q); /* (23b)/(25b)/(27b): R <- R(da) R */
  return RRP_OK;
}

/* the kick of the second half (or of run_style respa's outer levels): v += dtfm F,
 * Omega += dtfj T */
RRP_KERNEL void rrp_sphere_kick(double dtfm, double dtfj, const double f[3], const double t[3],
                                double v[3], double omega[3])
{
  for (int d = 0; d < 3; d++) {
    v[d] += dtfm * f[d];
    omega[d] += dtfj * t[d];
  }
}

#endif
