/* rrp/contact.h - frictionless Hertzian contacts between spheres and with a rigid wall.
 *
 * Baker & Gonzalez (2021) eqs. (56)-(57), with the erratum of doc/theory.rst section 3: (56) prints the
 * prefactor 5/2, but (57) is the gradient of U = 2/5 K [1 - r/(R_i + R_j)]_+^{5/2}; that pair
 * is used, so energy and force agree.
 *
 *   int rrp_hertz_pair(double K, double Ri, double Rj, const double xi[3], const double xj[3],
 *                      double fi[3], double *energy);
 *   double rrp_hertz_pair_factor(double K, double a, double rsq, double *energy, int *status);
 *   int rrp_hertz_pair_factors(int n, const double *K, const double *a, const double *rsq,
 *                              double *fs, double *energy);
 *   double rrp_hertz_wall(double K, double R, double s, double *force);
 *   double rrp_hertz_mix(double K1, double K2);
 *   void rrp_wall_work_step(rrp_wall_work *w, double coord, double dudc);
 *
 * Particle-particle: with d = x_i - x_j, r = |d|, a = R_i + R_j:
 *   U = 2/5 K [1 - r/a]_+^{5/2},  F_i = K/a [1 - r/a]_+^{3/2} d/r = -F_j  (repulsive)
 * i.e. a Hertz law k_n delta^{3/2} with k_n = K / a^{5/2}. Particle-wall, "a special case of
 * particle-particle": s is the signed distance of the centre from the wall plane, positive on
 * the side the particle belongs to:
 *   U = 2/5 K [1 - s/R]_+^{5/2},  force K/R [1 - s/R]_+^{3/2} along the wall normal.
 *
 * Units: the stiffness K is an energy (U = 2/5 K at full overlap), not a modulus: in Hertz's
 * terms k_n = K/a^{5/2} (energy/length^{5/2}) = 4/3 E* sqrt(R*), with the effective modulus E*
 * (pressure, energy/length^3) and R* = R_i R_j/a (the wall: a = R* = R). Radii and distances in
 * length, forces in energy/length, energies in energy.
 */
#ifndef RRP_CONTACT_H
#define RRP_CONTACT_H

#include "rrp/conventions.h"
#include "rrp/kernel.h"

#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sets fi (force on i, -fi on j) and *energy. Returns RRP_OK (zero force and energy when the
 * spheres do not overlap), RRP_EDOMAIN (zeros) for coincident centres, RRP_ENONFINITE for
 * non-finite input. */
int rrp_hertz_pair(double K, double Ri, double Rj, const double xi[3], const double xj[3],
                   double fi[3], double *energy);

/* The same law in the form of a pair style's inner loop: with d = x_i - x_j, rsq = |d|^2 and
 * a = R_i + R_j, returns the factor fs of the force on i, F_i = fs d (0 when the spheres do not
 * overlap), and adds U to *energy when energy is not NULL. Bitwise the same force and energy as
 * rrp_hertz_pair. *status is set to RRP_EDOMAIN (coincident centres) or RRP_ENONFINITE (a NaN
 * distance or radius) when the pair cannot be evaluated, else left alone. An inline kernel
 * (rrp/kernel.h), run by pair_style rrp/hertz/kk too. */
RRP_KERNEL double rrp_hertz_pair_factor(double K, double a, double rsq, double *energy,
                                         int *status)
{
  if (!(rsq < a * a)) {
    if (!(rsq >= a * a)) *status = RRP_ENONFINITE; /* NaN */
    return 0.0;
  }
  if (rsq == 0.0) {
    *status = RRP_EDOMAIN;
    return 0.0;
  }
  const double r = sqrt(rsq);
  const double delta = 1.0 - r / a;
  const double sd = sqrt(delta);
  if (energy) *energy += 0.4 * K * delta * delta * sd;
  return K / a * delta * sd / r;
}

/* rrp_hertz_pair_factor over n candidate pairs at once, across SIMD lanes: fs[k] for K[k], a[k],
 * rsq[k], and energy[k] = U (0 without overlap) when energy is not NULL; bitwise the values of
 * rrp_hertz_pair_factor. Returns RRP_OK, or, when some pair cannot be evaluated, a nonzero status
 * (find the pair with rrp_hertz_pair_factor; the outputs are then not to be used). */
int rrp_hertz_pair_factors(int n, const double *K, const double *a, const double *rsq, double *fs,
                           double *energy);

/* The stiffness of contacts between two kinds of particles with stiffnesses K1, K2: the geometric
 * mean sqrt(K1 K2) (the mixing rule of pair_style rrp/hertz). */
double rrp_hertz_mix(double K1, double K2);

/* Returns U and sets *force, the force along the wall normal (>= 0, away from the wall). An
 * inline kernel (rrp/kernel.h), run by fix rrp/wall/kk too. */
RRP_KERNEL double rrp_hertz_wall(double K, double R, double s, double *force)
{
  const double delta = 1.0 - s / R;
  if (!(delta > 0.0)) {
    *force = 0.0;
    return 0.0;
  }
  const double sd = sqrt(delta);
  *force = K / R * delta * sd;
  return 0.4 * K * delta * delta * sd;
}

/* The contact's stiffness dF/d(-s) = 3/2 K/R^2 [1 - s/R]_+^{1/2} (force/length): how much the
 * force of rrp_hertz_wall grows as the wall approaches the centre; 0 without contact. */
double rrp_hertz_wall_stiffness(double K, double R, double s);

/* A servo-controlled wall (fix rrp/wall servo): the step that brings the wall's contact force F_c
 * toward the target F, a damped Newton step on the wall's contact stiffness k (the sum of
 * rrp_hertz_wall_stiffness over its contacts),
 *   d = alpha (F - F_c) / k,  limited to |d| <= dmax,
 * positive toward the particles (the contact force grows), 0 <= alpha <= 1. Without contact
 * (k = 0) the wall moves dmax toward the particles when F > F_c (it looks for them), else
 * dmax away. Returns d (length). */
double rrp_servo_step(double F, double Fc, double k, double alpha, double dmax);

/* The work a moving wall does on the particles, W = integral of dU/dc over the wall's path (the
 * energy its motion puts into them), by the trapezoid rule over the wall's steps:
 * W += (g_k + g_k-1)/2 (c_k - c_k-1), with g = dU/dc the derivative of the wall energy with
 * respect to the wall's position c (fix rrp/wall: side times the normal force on the particles).
 * Zero-initialise; have_last is 0 until the first position is seen (a restart keeps only work). */
typedef struct rrp_wall_work {
  double work;       /* accumulated so far (energy) */
  double last_coord; /* the wall's position at the step before (length) */
  double last_dudc;  /* dU/dc there (energy/length) */
  int have_last;
} rrp_wall_work;

/* one step of the wall at position coord, where dU/dcoord = dudc */
void rrp_wall_work_step(rrp_wall_work *w, double coord, double dudc);

#ifdef __cplusplus
}
#endif

#endif
