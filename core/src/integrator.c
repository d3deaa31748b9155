/* integrator.c - maps (23), (25) and (27) of Baker & Gonzalez (2021) for spheres, split into
 * LAMMPS's two Verlet halves; orientations as unit quaternions (doc/theory.rst section 1). */
#include "rrp/integrator.h"
#include "rrp/sphere_kernel.h"

#include "rrp/rotation.h"
#include "vec3.h"

#include <math.h>
#include <string.h>

double rrp_inertia_of(const rrp_inertia *in, double m, double r)
{
  if (in->kind == RRP_INERTIA_ATOM) return 0.0;
  return in->kind == RRP_INERTIA_VALUE ? in->value : in->value * m * r * r;
}

double rrp_inertia_of_atom(const rrp_inertia *in, int i, double m, double r)
{
  return in->kind == RRP_INERTIA_ATOM ? in->per_atom[i] : rrp_inertia_of(in, m, r);
}

static inline int selected(const rrp_spheres *p, int i)
{
  return p->mask == NULL || (p->mask[i] & p->groupbit);
}

static inline double radius_of(const rrp_spheres *p, int i)
{
  return p->radius ? p->radius[i] : 0.0;
}

/* dt/m and dt/J of particle i (rrp_sphere_kick_factors) */
static inline void kick_factors(const rrp_spheres *p, const rrp_inertia *in, int i, double dt,
                                double dtc, double *dtm, double *dtj)
{
  const double J = in->kind == RRP_INERTIA_ATOM ? in->per_atom[i] : 0.0;
  rrp_sphere_kick_factors(in->kind, in->value, J, p->mass[i], radius_of(p, i), dt, dtc, dtm, dtj);
}

/* mass and inertia of particle i positive and finite (rrp_sphere_valid) */
static inline int valid_body(const rrp_spheres *p, const rrp_inertia *in, int i)
{
  const double J = in->kind == RRP_INERTIA_ATOM ? in->per_atom[i] : 0.0;
  return rrp_sphere_valid(in->kind, J, p->mass[i], radius_of(p, i));
}

int rrp_exact_increment(double h, const double w[3], double da[3])
{
  const double hw2 = h * h * rrp_dot3(w, w);
  if (!isfinite(hw2)) return RRP_ENONFINITE;
  if (!(hw2 < 1.0)) return RRP_ESTEP;
  rrp_scale3(2.0 * h / (1.0 + sqrt(1.0 - hw2)), w, da);
  return RRP_OK;
}

/* the first half of maps (23), (25) and (27) on particles i0 .. i1-1, one at a time
 * (rrp_sphere_first): a particle whose mass or radius is invalid, whose step is too large, or
 * whose new position, velocity or angular velocity would not be finite is reported and left
 * untouched, those before it stepped. */
static int first_half_checked(const rrp_spheres *p, const rrp_inertia *in, double h, double dtf,
                              int exact, double scale, int i0, int i1, long *fallbacks,
                              rrp_step_report *bad)
{
  const double dtc = in->kind == RRP_INERTIA_RATIO ? dtf / in->value : 0.0; /* dt/c */
  for (int i = i0; i < i1; i++) {
    if (!selected(p, i)) continue;
    int status = RRP_EDOMAIN, fell = 0;
    double hw = 0.0;
    if (valid_body(p, in, i)) {
      double dtfm, dtfj;
      kick_factors(p, in, i, dtf, dtc, &dtfm, &dtfj);
      status = rrp_sphere_first(h, dtfm, dtfj, exact, fallbacks != NULL, scale, p->f[i],
                                p->torque[i], p->x[i], p->v[i], p->omega[i], p->quat[i], &fell,
                                &hw);
    }
    if (status != RRP_OK) {
      if (bad) {
        bad->index = i;
        bad->hw = hw;
      }
      return status;
    }
    if (fell) ++*fallbacks;
  }
  return RRP_OK;
}


/* one sphere's turn by map (23)'s increment of its present spin (map (25)'s with fallbacks where
 * h |Omega| >= 1); RRP_OK, RRP_ESTEP or RRP_ENONFINITE, the orientation untouched on an error */
static inline int turn_one(const rrp_spheres *p, int i, double h, long *fallbacks,
                           rrp_step_report *bad)
{
  double dq[4];
  int status = rrp_sphere_increment(h, p->omega[i], 1, dq);
  if (status == RRP_ESTEP && fallbacks) {
    status = rrp_sphere_increment(h, p->omega[i], 0, dq);
    if (status == RRP_OK) ++*fallbacks;
  }
  if (status != RRP_OK) {
    if (bad) {
      bad->index = i;
      bad->hw = h * sqrt(rrp_dot3(p->omega[i], p->omega[i]));
    }
    return status;
  }
  rrp_sphere_rotate(dq, p->quat[i]);
  return RRP_OK;
}

int rrp_spheres_turn(const rrp_spheres *p, double h, long *fallbacks, rrp_step_report *bad)
{
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    const int status = turn_one(p, i, h, fallbacks, bad);
    if (status != RRP_OK) return status;
  }
  return RRP_OK;
}

RRP_CLONES void rrp_spheres_scale(const rrp_spheres *p, double scale)
{
  if (p->mask == NULL && p->n > 0) { /* one flat loop over the 3 n components */
    double *v = p->v[0], *w = p->omega[0];
    for (int m = 0; m < 3 * p->n; m++) {
      v[m] *= scale;
      w[m] *= scale;
    }
    return;
  }
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    for (int d = 0; d < 3; d++) {
      p->v[i][d] *= scale;
      p->omega[i][d] *= scale;
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * The same first half, blocked for speed: per block of RRP_BLOCK particles, the divisions and
 * square roots run in loops over contiguous temporaries that the compiler vectorises (the
 * particles are independent), the checks are reduced over the block, and the block is stored
 * only when every selected particle in it passed them. Otherwise nothing of the block was stored
 * and first_half_checked redoes it particle by particle, storing up to the first bad particle and
 * reporting it, as before. Every value is formed by the same operations in the same order as in
 * rrp_sphere_first and rrp_sphere_kick_factors (no contraction: ISO C, -ffp-contract=off), so the results
 * are bitwise those of the one-at-a-time code, hence of fix nve/sphere for x, v and Omega. */
#define RRP_BLOCK 32 /* measured against 64 and 128: fastest at 1e6 atoms, equal at 1e5 */

/* finite and positive, as a comparison the vectoriser takes (|x| <= DBL_MAX is false for NaN) */
static inline int positive_finite(double x)
{
  return (x > 0.0) & (x <= 1.79769313486231570815e+308);
}

/* |x| <= DBL_MAX/16, as a comparison the vectoriser takes (false for NaN and infinities): ten such
 * values sum to a finite number, so a block whose values all pass it also passes the one-at-a-time
 * code's check of their sum; a block with a larger value is left to that code, which decides */
static inline int bounded_v(double x)
{
  return fabs(x) <= 0x1p1019;
}

/* the kick factors of nb particles spread to their three components */
static inline void spread3(int nb, const double *dtm, const double *dtj, double *dtm3, double *dtj3)
{
  for (int j = 0; j < nb; j++)
    for (int d = 0; d < 3; d++) {
      dtm3[3 * j + d] = dtm[j];
      dtj3[3 * j + d] = dtj[j];
    }
}

/* R <- R(da) R (rrp_sphere_rotate) for nb particles of a block: the increments' quaternions (c, k w)
 * from their half-angle cosines c, factors k and spins w (3 nb), the orientations q (4 nb) turned
 * in place (each particle's read before its own are written: one pointer, so that the compiler
 * vectorises it across particles without an overlap check between two) */
RRP_INLINE void turn_flat(int nb, const double *c, const double *k, const double *w, double *q)
{
  for (int j = 0; j < nb; j++) {
    const double d0 = c[j], d1 = k[j] * w[3 * j], d2 = k[j] * w[3 * j + 1], d3 = k[j] * w[3 * j + 2];
    const double q0 = q[4 * j], q1 = q[4 * j + 1], q2 = q[4 * j + 2], q3 = q[4 * j + 3];
    const double r0 = d0 * q0 - d1 * q1 - d2 * q2 - d3 * q3;
    const double r1 = d0 * q1 + d1 * q0 + d2 * q3 - d3 * q2;
    const double r2 = d0 * q2 - d1 * q3 + d2 * q0 + d3 * q1;
    const double r3 = d0 * q3 + d1 * q2 - d2 * q1 + d3 * q0;
    const double s = 0.5 * (3.0 - (r0 * r0 + r1 * r1 + r2 * r2 + r3 * r3));
    q[4 * j] = r0 * s;
    q[4 * j + 1] = r1 * s;
    q[4 * j + 2] = r2 * s;
    q[4 * j + 3] = r3 * s;
  }
}

/* one component m of first_half_flat: the owed second half kick (owed), then the first half's
 * kick, w = Omega scale + dt/J T, v scale + dt/m F, and the drift x + h v; the inputs taken by
 * value, so the outputs may be the inputs' places */
RRP_INLINE void kick_drift(int owed, double scale, double h, double v, double om, double x, double f,
                           double t, double dtm, double dtj, double *w, double *vn, double *xn)
{
  if (owed) {
    v = v + dtm * f;
    om = om + dtj * t;
  }
  const double wn = om * scale + dtj * t, vv = v * scale + dtm * f;
  *w = wn;
  *vn = vv;
  *xn = x + h * vv;
}

/* first_half_block for a block whose particles are all selected (the usual case, group all): the
 * block's x, v, f, Omega and T are arrays of 3 nb doubles each, so the kick, the drift and the
 * angular kick run as flat loops over them that the compiler vectorises, with the kick factors
 * spread to the three components; the quaternions (4 nb doubles) likewise. The same operations
 * in the same order as first_half_checked, so the same bits. owed: the second half of the step
 * before is made first (second_block's kick, with the block's dt/m and dt/J computed once). Returns
 * 1 when the block was stored, 0 when some particle fails a check (nothing of the first half
 * stored; the owed second half is). */
RRP_INLINE int first_half_flat(const rrp_spheres *p, double h, int exact, int owed, double scale,
                               int i0, int nb, const double *dtm, const double *dtj)
{
  double dtm3[3 * RRP_BLOCK], dtj3[3 * RRP_BLOCK], ww[3 * RRP_BLOCK];
  double hw2[RRP_BLOCK], c[RRP_BLOCK], k[RRP_BLOCK];
  double *x = p->x[i0], *v = p->v[i0], *om = p->omega[i0], *q = p->quat[i0];
  const double *f = p->f[i0], *t = p->torque[i0];
  const int n3 = 3 * nb;
  spread3(nb, dtm, dtj, dtm3, dtj3);
  /* the checks first, nothing stored: kick, drift and w = Omega + dt/J T in registers, their
   * squares kept for h^2 |w|^2 (w0 w0 + w1 w1 + w2 w2, the same products summed in the same
   * order) */
  int bad = 0;
  if (owed)
    for (int m = 0; m < n3; m++) {
      double w, vn, xn;
      kick_drift(1, scale, h, v[m], om[m], x[m], f[m], t[m], dtm3[m], dtj3[m], &w, &vn, &xn);
      bad |= !(bounded_v(w) & bounded_v(vn) & bounded_v(xn));
      ww[m] = w * w;
    }
  else
    for (int m = 0; m < n3; m++) {
      double w, vn, xn;
      kick_drift(0, scale, h, v[m], om[m], x[m], f[m], t[m], dtm3[m], dtj3[m], &w, &vn, &xn);
      bad |= !(bounded_v(w) & bounded_v(vn) & bounded_v(xn));
      ww[m] = w * w;
    }
  for (int j = 0; j < nb; j++) hw2[j] = h * h * (ww[3 * j] + ww[3 * j + 1] + ww[3 * j + 2]);
  /* the increment's quaternion (c, k w), exact within its limit */
  for (int j = 0; j < nb; j++) {
    bad |= exact ? !(hw2[j] < 1.0) : !bounded_v(hw2[j]);
    rrp_sphere_increment_factors(h, hw2[j], exact, &c[j], &k[j]);
  }
  if (bad) { /* nothing of the first half stored; the owed second half is, as second_block's */
    if (owed)
      for (int m = 0; m < n3; m++) {
        v[m] = v[m] + dtm3[m] * f[m];
        om[m] = om[m] + dtj3[m] * t[m];
      }
    return 0;
  }
  /* the same values again, stored in place: recomputing them costs less than keeping them */
  if (owed)
    for (int m = 0; m < n3; m++)
      kick_drift(1, scale, h, v[m], om[m], x[m], f[m], t[m], dtm3[m], dtj3[m], &om[m], &v[m], &x[m]);
  else
    for (int m = 0; m < n3; m++)
      kick_drift(0, scale, h, v[m], om[m], x[m], f[m], t[m], dtm3[m], dtj3[m], &om[m], &v[m], &x[m]);
  turn_flat(nb, c, k, om, q);
  return 1;
}

/* (23c,d) and (25c,d): the second half kick with the new force and torque on the block of nb
 * particles from i0, dtf = h/2 ftm2v: the kick factors in vectorised loops, then the kicks;
 * particles with an invalid mass or inertia are skipped. A non-finite force or torque here is
 * caught by the next first half, before it moves anything. */
RRP_INLINE void second_block(const rrp_spheres *p, const rrp_inertia *in, double dtf, int i0,
                             int nb)
{
  const double dtc = in->kind == RRP_INERTIA_RATIO ? dtf / in->value : 0.0; /* dt/c */
  double dtm[RRP_BLOCK], dtj[RRP_BLOCK];
  int ok[RRP_BLOCK];
  const double *mass = p->mass + i0;
  for (int j = 0; j < nb; j++) {
    ok[j] = (p->mask == NULL || (p->mask[i0 + j] & p->groupbit) != 0) & positive_finite(mass[j]);
    dtm[j] = dtf / mass[j];
  }
  if (in->kind == RRP_INERTIA_RATIO) {
    const double *r = p->radius + i0;
    for (int j = 0; j < nb; j++) {
      dtj[j] = dtc / (r[j] * r[j] * mass[j]);
      ok[j] &= positive_finite(r[j]);
    }
  } else if (in->kind == RRP_INERTIA_VALUE) {
    for (int j = 0; j < nb; j++) dtj[j] = dtf / in->value;
  } else {
    const double *J = in->per_atom + i0;
    for (int j = 0; j < nb; j++) {
      dtj[j] = dtf / J[j];
      ok[j] &= positive_finite(J[j]);
    }
  }
  int all_ok = 1;
  for (int j = 0; j < nb; j++) all_ok &= ok[j];
  if (all_ok) { /* flat loops over the block's 3 nb components, as in first_half_flat */
    double dtm3[3 * RRP_BLOCK], dtj3[3 * RRP_BLOCK];
    spread3(nb, dtm, dtj, dtm3, dtj3);
    double *v = p->v[i0], *om = p->omega[i0];
    const double *f = p->f[i0], *t = p->torque[i0];
    for (int m = 0; m < 3 * nb; m++) {
      v[m] += dtm3[m] * f[m];
      om[m] += dtj3[m] * t[m];
    }
    return;
  }
  for (int j = 0; j < nb; j++) {
    if (!ok[j]) continue;
    const int i = i0 + j;
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtm[j] * p->f[i][d];
      p->omega[i][d] += dtj[j] * p->torque[i][d];
    }
  }
}

RRP_CLONES static int first_half_block(const rrp_spheres *p, const rrp_inertia *in, double h,
                                       double dtf, int exact, int owed, double scale, int i0,
                                       int nb)
{
  double dtm[RRP_BLOCK], dtj[RRP_BLOCK], hw2[RRP_BLOCK], c[RRP_BLOCK], k[RRP_BLOCK];
  double w[RRP_BLOCK][3], vn[RRP_BLOCK][3], xn[RRP_BLOCK][3];
  int sel[RRP_BLOCK];
  const double dtc = in->kind == RRP_INERTIA_RATIO ? dtf / in->value : 0.0; /* dt/c */
  const double *mass = p->mass + i0;
  int fail = 0;
  /* selection and the kick factors dt/m, dt/J (kick_factors), with the body checks */
  for (int j = 0; j < nb; j++) sel[j] = p->mask == NULL || (p->mask[i0 + j] & p->groupbit) != 0;
  for (int j = 0; j < nb; j++) dtm[j] = dtf / mass[j];
  if (in->kind == RRP_INERTIA_RATIO) {
    const double *r = p->radius + i0;
    for (int j = 0; j < nb; j++) {
      dtj[j] = dtc / (r[j] * r[j] * mass[j]);
      fail |= sel[j] & !(positive_finite(mass[j]) & positive_finite(r[j]));
    }
  } else if (in->kind == RRP_INERTIA_VALUE) {
    const double d = dtf / in->value;
    for (int j = 0; j < nb; j++) {
      dtj[j] = d;
      fail |= sel[j] & !positive_finite(mass[j]);
    }
  } else {
    const double *J = in->per_atom + i0;
    for (int j = 0; j < nb; j++) {
      dtj[j] = dtf / J[j];
      fail |= sel[j] & !(positive_finite(mass[j]) & positive_finite(J[j]));
    }
  }
  int all_selected = 1;
  for (int j = 0; j < nb; j++) all_selected &= sel[j];
  /* the second half of the step before, owed (rrp_first_options.joined): made here on the
   * block, which stays in cache for the first half (first_half_flat makes it in its own loops);
   * its kick is the first half's, dtf (the schemes with a second half kick by half the step in
   * each) */
  if (!fail && all_selected) return first_half_flat(p, h, exact, owed, scale, i0, nb, dtm, dtj);
  if (owed) second_block(p, in, dtf, i0, nb);
  if (fail) return 0;
  /* kick, drift, w = Omega + dt/J T, h^2 |w|^2, and one finiteness check of the lot (kept
   * scalar: vectorised, its loads of 3-vectors cost more than they save) */
  double all = 0.0;
  for (int j = 0; j < nb; j++) {
    const int i = i0 + j;
    for (int d = 0; d < 3; d++) {
      w[j][d] = p->omega[i][d] * scale + dtj[j] * p->torque[i][d];
      vn[j][d] = p->v[i][d] * scale + dtm[j] * p->f[i][d];
      xn[j][d] = p->x[i][d] + h * vn[j][d];
    }
    hw2[j] = h * h * (w[j][0] * w[j][0] + w[j][1] * w[j][1] + w[j][2] * w[j][2]);
    const double sum = vn[j][0] + vn[j][1] + vn[j][2] + xn[j][0] + xn[j][1] + xn[j][2] + w[j][0] +
                       w[j][1] + w[j][2] + hw2[j];
    all += sel[j] ? sum * 0.0 : 0.0; /* NaN if any selected value is NaN or infinite */
  }
  /* the increment's quaternion (c, k w), exact within its limit */
  for (int j = 0; j < nb; j++) {
    fail |= sel[j] & (exact != 0) & !(hw2[j] < 1.0);
    rrp_sphere_increment_factors(h, hw2[j], exact, &c[j], &k[j]);
  }
  if (fail || all != 0.0) return 0;
  /* store */
  for (int j = 0; j < nb; j++) {
    if (!sel[j]) continue;
    const int i = i0 + j;
    for (int d = 0; d < 3; d++) {
      p->v[i][d] = vn[j][d];
      p->x[i][d] = xn[j][d];
      p->omega[i][d] = w[j][d];
    }
    const double dq[4] = {c[j], k[j] * w[j][0], k[j] * w[j][1], k[j] * w[j][2]};
    rrp_sphere_rotate(dq, p->quat[i]); /* (23b)/(25b)/(27b): R <- R(da) R */
  }
  return 1;
}

/* the second half kick (dtf = h/2 ftm2v) of the blocks from i0 on */
RRP_CLONES static void second_from(const rrp_spheres *p, const rrp_inertia *in, double dtf,
                                   int i0)
{
  for (; i0 < p->n; i0 += RRP_BLOCK)
    second_block(p, in, dtf, i0, p->n - i0 < RRP_BLOCK ? p->n - i0 : RRP_BLOCK);
}

/* the writable force and torque arrays a first half sets to zero once it has read them
 * (rrp_first_options.clear_f); f NULL: none */
typedef struct clearing {
  double (*f)[3];
  double (*torque)[3];
} clearing;

static const clearing no_clearing = {NULL, NULL};

/* the force and torque of the block's nb particles from i0 set to zero, once read */
static void clear_block(const clearing *c, int i0, int nb)
{
  if (c->f == NULL) return;
  double *f = c->f[i0], *t = c->torque[i0];
  for (int m = 0; m < 3 * nb; m++) {
    f[m] = 0.0;
    t[m] = 0.0;
  }
}

static int first_half(const rrp_spheres *p, const rrp_inertia *in, double h, double dtf,
                      int exact, int owed, double scale, long *fallbacks, rrp_step_report *bad,
                      const clearing *c)
{
  for (int i0 = 0; i0 < p->n; i0 += RRP_BLOCK) {
    const int nb = p->n - i0 < RRP_BLOCK ? p->n - i0 : RRP_BLOCK;
    if (!first_half_block(p, in, h, dtf, exact, owed, scale, i0, nb)) {
      const int status =
          first_half_checked(p, in, h, dtf, exact, scale, i0, i0 + nb, fallbacks, bad);
      if (status != RRP_OK) {
        /* the blocks after the failing one still owe the second half: made, so that the
         * particles are left as the two calls leave them */
        if (owed) second_from(p, in, dtf, i0 + nb);
        return status;
      }
    }
    clear_block(c, i0, nb);
  }
  return RRP_OK;
}

/* The Nose-Hoover passes (rrp/integrator.h). The first half is the blocked first half of map
 * (23) after the thermostat's scaling: its kick factors dt/m and (dt/c)/(r^2 m) are LAMMPS's
 * FixNHSphere's (dtf / rmass, dtfrotate / (radius^2 rmass)), so the bits are those of its loops. */
int rrp_spheres_nh_first(const rrp_spheres *p, double c, double scale, double dtf, double h,
                         long *fallbacks, rrp_step_report *bad)
{
  const rrp_inertia in = {RRP_INERTIA_RATIO, c, NULL};
  return first_half(p, &in, h, dtf, 1, 0, scale, fallbacks, bad, &no_clearing);
}

void rrp_spheres_nh_kick(const rrp_spheres *p, double c, double dtf)
{
  const rrp_inertia in = {RRP_INERTIA_RATIO, c, NULL};
  second_from(p, &in, dtf, 0);
}

/* the drift and turn of a block of nb particles from i0, all selected: the increments' square
 * roots in flat loops across the block; 0 (nothing stored) where one has no exact increment or
 * is not finite, which the caller then takes one at a time */
RRP_INLINE int drift_turn_flat(const rrp_spheres *p, double h, int i0, int nb)
{
  double hw2[RRP_BLOCK], c[RRP_BLOCK], k[RRP_BLOCK];
  double *x = p->x[i0], *q = p->quat[i0];
  const double *v = p->v[i0], *w = p->omega[i0];
  int bad = 0;
  for (int j = 0; j < nb; j++) {
    hw2[j] = h * h * (w[3 * j] * w[3 * j] + w[3 * j + 1] * w[3 * j + 1] + w[3 * j + 2] * w[3 * j + 2]);
    bad |= !(hw2[j] < 1.0);
    rrp_sphere_increment_factors(h, hw2[j], 1, &c[j], &k[j]);
  }
  if (bad) return 0;
  for (int m = 0; m < 3 * nb; m++) x[m] += h * v[m];
  turn_flat(nb, c, k, w, q);
  return 1;
}

RRP_CLONES int rrp_spheres_drift_turn(const rrp_spheres *p, double h, long *fallbacks,
                                      rrp_step_report *bad)
{
  for (int i0 = 0; i0 < p->n; i0 += RRP_BLOCK) {
    const int nb = p->n - i0 < RRP_BLOCK ? p->n - i0 : RRP_BLOCK;
    int all_selected = 1;
    for (int j = 0; j < nb; j++) all_selected &= selected(p, i0 + j);
    if (all_selected && drift_turn_flat(p, h, i0, nb)) continue;
    for (int i = i0; i < i0 + nb; i++) {
      if (!selected(p, i)) continue;
      for (int d = 0; d < 3; d++) p->x[i][d] += h * p->v[i][d];
      const int status = turn_one(p, i, h, fallbacks, bad);
      if (status != RRP_OK) return status;
    }
  }
  return RRP_OK;
}

/* the schemes as data: maps (23) and (25) kick by h/2 on either side of the new force; map (27),
 * Campello's symplectic Euler, makes all of its step before it (v += h/m F; x += h v;
 * Omega += h/J T; da = h Omega) */
const rrp_scheme rrp_schemes[] = {
    {"exact", 2, "(23)", 0.5, 1},
    {"newmark", 2, "(25)", 0.5, 0},
    {"euler", 1, "(27)", 1.0, 0},
};
const int rrp_nschemes = (int) (sizeof(rrp_schemes) / sizeof(rrp_schemes[0]));

const rrp_scheme *rrp_scheme_find(const char *name)
{
  if (name == NULL) return NULL;
  for (int i = 0; i < rrp_nschemes; i++)
    if (strcmp(rrp_schemes[i].name, name) == 0) return &rrp_schemes[i];
  return NULL;
}

int rrp_spheres_first(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in, double h,
                      double ftm2v, const rrp_first_options *opt, rrp_step_report *bad)
{
  static const rrp_first_options plain = {NULL, 0, NULL, NULL};
  if (opt == NULL) opt = &plain;
  const clearing c = {opt->clear_f, opt->clear_torque};
  const int owed = opt->joined && s->kick_fraction < 1.0; /* a scheme with a second half */
  return first_half(p, in, h, s->kick_fraction * h * ftm2v, s->exact, owed, 1.0, opt->fallbacks,
                    bad, &c);
}

/* (23c,d) and (25c,d) */
void rrp_spheres_second(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in,
                        double h, double ftm2v)
{
  if (s->kick_fraction < 1.0) second_from(p, in, (1.0 - s->kick_fraction) * h * ftm2v, 0);
}

void rrp_spheres_kick(const rrp_spheres *p, const rrp_inertia *in, double dt, double ftm2v)
{
  second_from(p, in, dt * ftm2v, 0);
}
