/* rrp/bodies.h - the variational RRP map for rigid bodies with a general inertia tensor, on
 * arrays of particles (e.g. LAMMPS's ellipsoids), split into the two halves of a Verlet step.
 *
 * Beyond Baker & Gonzalez (2021), whose maps are for spheres: the discrete Legendre relation
 * (14)-(17) with principal moments I (doc/theory.rst section 2). With spatial force F, spatial
 * torque T and spatial angular momentum L (LAMMPS's angmom), the body-to-space quaternion q:
 *   first  (forces F_k, T_k):   v += h/(2m) F;  x += h v;  L += h/2 T;
 *                               solve vee(R(beta) J_d - J_d R(beta)^T) = h R^T L for beta
 *                               (J_d = tr(I)/2 - I; solved to round-off);
 *                               q <- q q(beta)   (R_{k+1} = R_k R(beta), body-frame increment)
 *   second (forces F_k+1, T_k+1): v += h/(2m) F;  L += h/2 T
 * For I = (J, J, J) this is map (23) of the spheres; on a free body it conserves L exactly and
 * the energy to round-off (it is the Moser-Veselov map).
 *
 *   int  rrp_bodies_first(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad);
 *   int  rrp_bodies_first_joined(const rrp_bodies *p, double h, double ftm2v,
 *                                rrp_step_report *bad);
 *   void rrp_bodies_second(const rrp_bodies *p, double h, double ftm2v);
 *   int  rrp_body_turn(const double I[3], const double L[3], double q[4], double h, double *hw);
 *   int  rrp_bodies_turn(const rrp_bodies *p, double h, rrp_step_report *bad);
 *   void rrp_ellipsoid_inertia(double m, const double r[3], double I[3]);
 *   void rrp_body_map_moments(const double I[3], double out[3]);
 *   int  rrp_body_of(const rrp_bodies *p, int i, double I[3], double **q);
 *   int  rrp_body_records_first(rrp_body *b, int n, double h, double ftm2v, rrp_step_report *bad);
 *
 * Units: h time; principal moments I mass * length^2 (radii length); angular momentum L
 * mass * length^2/time; ftm2v as in rrp/integrator.h.
 */
#ifndef RRP_BODIES_H
#define RRP_BODIES_H

#include "rrp/integrator.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Views of n bodies' per-atom arrays (n x 3 interleaved, as LAMMPS stores them). A body is
 * integrated when mask is NULL or (mask[i] & groupbit) != 0.
 *
 * Orientation and shape live in records: body i uses record k = record[i] (record NULL: k = i;
 * a negative k is a body without one, reported as RRP_EDOMAIN). The body-to-space unit
 * quaternion (w,x,y,z) of record k is quat + k * stride. Principal moments (body frame):
 * inertia[i] when inertia is not NULL, else those of a uniform solid ellipsoid of the body's mass
 * with the radii (a, b, c) at radii + k * stride: I = m/5 (b^2 + c^2, c^2 + a^2, a^2 + b^2).
 * Packed n x 4 quaternions: record NULL, stride 4. LAMMPS's ellipsoid bonus: record =
 * atom->ellipsoid, quat and radii the first bonus's quat and shape, stride
 * sizeof(Bonus)/sizeof(double). */
typedef struct rrp_bodies {
  int n;
  const int *mask;
  int groupbit;
  const double *mass;
  const double (*inertia)[3];
  double (*x)[3];
  double (*v)[3];
  const double (*f)[3];
  double (*angmom)[3];
  const double (*torque)[3];
  const int *record;
  double *quat;
  const double *radii;
  size_t stride;
} rrp_bodies;

/* the principal moments of a uniform solid ellipsoid of mass m and radii r (a, b, c) */
void rrp_ellipsoid_inertia(double m, const double r[3], double I[3]);

/* The moments the map takes for a body whose principal moments are I, some of which may be 0:
 * a linear body (a dimer, a straight chain; LAMMPS's rigid fixes set moments below 1e-7 of the
 * largest to 0) has no inertia about its own axis, and a rotation about it moves none of its
 * points. The map takes the largest moment there (on that axis it is a sphere's map), so that
 * the axis turns about L as a free rotor's does; a body with all moments 0 (a point) gets 1.
 * Positive moments are kept. */
void rrp_body_map_moments(const double I[3], double out[3]);

/* body i's principal moments into I and its quaternion's address into *q; RRP_OK, or
 * RRP_EDOMAIN (no record, or a mass or moment not positive and finite: I and *q may be unset) */
int rrp_body_of(const rrp_bodies *p, int i, double I[3], double **q);

/* The first half of a step of h (ftm2v converts force * time / mass and torque * time to
 * momentum units per mass, as in rrp/integrator.h). Returns RRP_OK, or at the first body that
 * cannot take the step, which is left untouched and reported in *bad (may be NULL; hw is
 * h |omega|, the rotation of the step in radians, where it is known, else 0): RRP_EDOMAIN (no
 * record, or a mass or principal moment not positive and finite), RRP_ENONFINITE (a non-finite
 * or overflowing state), RRP_ENOCONV (the Legendre relation not solved: a step far too large,
 * h |omega| of order 1). */
int rrp_bodies_first(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad);

/* rrp_bodies_second of the step before, which was not made, then rrp_bodies_first, in one pass
 * over the bodies: each body's second half kick as it is gathered for the first half. The same
 * operations in the same order, so the same bits as the two calls, also on an error (the bodies
 * not reached still get their second half). Between the steps the velocities and angular
 * momenta stay those of the half step: join only when nothing reads them there. */
int rrp_bodies_first_joined(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad);

/* One rigid body as a record, for callers that hold their bodies in structures of their own
 * (LAMMPS's rigid fixes): gather them into these, step, scatter back. The moments must be
 * positive (rrp_body_map_moments() gives a linear body's); the quaternion is body to space and
 * angmom the space-frame angular momentum. */
typedef struct rrp_body {
  double mass, inertia[3], x[3], v[3], f[3], angmom[3], torque[3], quat[4];
} rrp_body;

/* The first half of a step of h for n such records, updated in place; returns as
 * rrp_bodies_first. On an error, the bodies of the failing one's block of 16 are left untouched
 * (those before the block have taken the step). Bodies are taken a block at a time, across SIMD
 * lanes; the numbers, and the errors with their reports (a non-finite new orientation is
 * RRP_ENONFINITE; bad->hw is h |omega| where the Legendre solve failed), are those of
 * rrp_bodies_first. */
int rrp_body_records_first(rrp_body *b, int n, double h, double ftm2v, rrp_step_report *bad);

/* The second half (the half kicks with the new force and torque); bodies with an invalid mass or
 * record are skipped (the next first half reports them). */
void rrp_bodies_second(const rrp_bodies *p, double h, double ftm2v);

/* The free turn of the first half alone: q <- q q(beta), beta from the Legendre relation (14)
 * with rhs = h R^T L, for a body of positive principal moments I whose space-frame angular
 * momentum L is held over the step h (the drift of a splitting: no kick, L unchanged). For
 * integrators that make their own kicks and scalings of L between the halves (the thermostatted
 * and barostatted fixes, whose Nose-Hoover factors scale L before the drift): rrp_bodies_first
 * is the kicks of its step and this turn. Returns RRP_OK, RRP_ENONFINITE (L or q, or the new q,
 * not finite) or RRP_ENOCONV (*hw = h |omega|); q is left untouched on an error. */
int rrp_body_turn(const double I[3], const double L[3], double q[4], double h, double *hw);

/* rrp_body_turn for each selected body of p with its angmom and record (x, v, f and torque are
 * not read); stops at the first body that cannot turn (RRP_EDOMAIN for a body rrp_body_of
 * refuses), reported in *bad (may be NULL) and left untouched, those before it turned. */
int rrp_bodies_turn(const rrp_bodies *p, double h, rrp_step_report *bad);

#ifdef __cplusplus
}
#endif

#endif
