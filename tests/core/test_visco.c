/* test_visco.c - the viscoelastic binder (rrp/visco.h): its branch loads are minus the gradient
 * of s . e with s held in the body frame of i (central differences, rotations R -> R(eps e_a) R),
 * they conserve angular momentum and turn with a rigid rotation; the measures and the binder's
 * elastic energies; the recursive update against the exact relaxation, the exact work of a step
 * and a quadrature of the dissipation; the Burgers series against its creep compliance (Laplace
 * domain); the dynamic moduli against a Fourier projection of a driven binder; the checks of
 * series, shift factors, state sizes and inputs. */
#include "rrp/binder.h"
#include "rrp/rotation.h"
#include "rrp/visco.h"

#include "binder_test_util.h"
#include "test_util.h"

#include <float.h>
#include <string.h>

#define PI 3.14159265358979323846
#define STATE_MAX (RRP_VISCO_BRANCHES + 8 * RRP_VISCO_TERMS) /* the largest state */

/* tolerances of their own */
/* a closed form evaluated two ways: a few ulp times the steps taken (measured below 2e-13) */
#define TOL_EXACT 1e-12
/* Simpson's rule with 1e5 intervals: truncation below 1e-14, the rounding of its sum of 1e5
 * terms up to N eps = 1e-11 (measured 2e-12) */
#define TOL_QUAD 1e-8
/* a sine driven by 2000 linear pieces a period: an O((w dt)^2) = 1e-5 error, 1.6e-6 measured */
#define TOL_DRIVEN 1e-5

/* where each mode's measure starts in the measures: eps, shear, bend, tau */
static const int AT[RRP_VISCO_MODES] = {0, 1, 4, 7};

/* the configuration moved rigidly: x -> R x + t, q -> rq q (the reference unchanged) */
static void rigid_motion(const config *c, const double rq[4], const double t[3], config *out)
{
  *out = *c;
  rrp_quat_rotate(rq, c->xi, out->xi);
  rrp_quat_rotate(rq, c->xj, out->xj);
  for (int k = 0; k < 3; k++) {
    out->xi[k] += t[k];
    out->xj[k] += t[k];
  }
  rrp_quat_multiply(rq, c->qi, out->qi);
  rrp_quat_multiply(rq, c->qj, out->qj);
}

static void measures_of(const config *c, double e[RRP_VISCO_MEASURES])
{
  const double d[3] = {c->xi[0] - c->xj[0], c->xi[1] - c->xj[1], c->xi[2] - c->xj[2]};
  rrp_visco_measures(d, c->qi, c->qj, c->ref.ri, c->ref.p, e);
}

static int binder_of(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES], const config *c,
                     double *sv, rrp_visco_load *l)
{
  const double d[3] = {c->xi[0] - c->xj[0], c->xi[1] - c->xj[1], c->xi[2] - c->xj[2]};
  return rrp_visco_binder(st, terms, d, c->qi, c->qj, c->ref.ri, c->ref.p, sv, l);
}

/* U = s . e(config), s fixed numbers: the measures in the body frame of i */
static double pseudo_energy(const double s[RRP_VISCO_MEASURES], const config *c)
{
  double e[RRP_VISCO_MEASURES], u = 0.0;
  measures_of(c, e);
  for (int k = 0; k < RRP_VISCO_MEASURES; k++) u += s[k] * e[k];
  return u;
}

/* the relative rotation angle |theta|, from the bending vector and the twist */
static double rotation_angle(const double e[RRP_VISCO_MEASURES])
{
  return sqrt(e[4] * e[4] + e[5] * e[5] + e[6] * e[6] + e[7] * e[7]);
}

static double norm3(const double v[3])
{
  return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static void cross(const double a[3], const double b[3], double c[3])
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

/* a random valid series of n terms: weights adding up to at most 0.95, times over decades */
static void random_series(rng_t *r, int n, rrp_visco_series *s)
{
  memset(s, 0, sizeof(*s));
  s->n = n;
  double left = 0.95;
  for (int k = 0; k < n; k++) {
    s->g[k] = left * rng_range(r, 0.1, 0.6);
    left -= s->g[k];
    s->tau[k] = exp(rng_range(r, log(0.05), log(20.0)));
  }
}

/* (1 - f)/x = (x - 1 + exp(-x))/x^2, f = (1 - exp(-x))/x: its series sum (-x)^n/(n + 2)! below
 * x = 0.5 (where the difference cancels), else the difference (at most a factor 5 lost) */
static double one_minus_f_over_x(double x)
{
  if (x < 0.5) {
    double sum = 0.0, term = 0.5; /* n = 0: 1/2! */
    for (int n = 0; n < 30; n++) {
      sum += term;
      term *= -x / (n + 3);
    }
    return sum;
  }
  return (x + expm1(-x)) / (x * x);
}

/* 1. The branch loads are minus the gradient of U = s . e(config) with s, the branch stresses,
 * held in the body frame of i: the torque on i includes the turn of that frame. A step of
 * dxi = 0 (a = f = 1) from the measures of the configuration itself leaves the branch stresses as
 * set, so s is known; each mode alone and all four together, at small and large deformation.
 * The force on j is -fi by construction: its gradient check (moving x_j) is the non-trivial
 * content of translation invariance. */
static void check_branch_gradients(rng_t *r, unsigned modes, double strain, int *skipped,
                                   double *worst)
{
  const rrp_visco_series one = {1, {0.5}, {1.0}};
  const rrp_visco_series s4[RRP_VISCO_MODES] = {one, one, one, one};
  const double k4[RRP_VISCO_MODES] = {1.0, 1.0, 1.0, 1.0};
  const int terms[RRP_VISCO_MODES] = {1, 1, 1, 1};
  rrp_visco_step st;
  assert_int_equal(rrp_visco_step_set(s4, k4, 0.0, &st), RRP_OK);
  for (int m = 0; m < RRP_VISCO_MODES; m++) assert_true(st.a[m][0] == 1.0 && st.f[m][0] == 1.0);
  const double eps = 1e-5;
  for (int n = 0; n < 40; n++) {
    config c;
    random_config(r, strain, &c);
    double e[RRP_VISCO_MEASURES], s[RRP_VISCO_MEASURES] = {0, 0, 0, 0, 0, 0, 0, 0};
    measures_of(&c, e);
    /* the principal log turns over at |theta| = pi: a difference across it is no derivative */
    if (rotation_angle(e) > 3.0) {
      (*skipped)++;
      continue;
    }
    for (int m = 0; m < RRP_VISCO_MODES; m++)
      if (modes & (1u << m))
        for (int k = 0; k < RRP_VISCO_COMPONENTS(m); k++) s[AT[m] + k] = rng_range(r, -1.0, 1.0);
    double sv[RRP_VISCO_BRANCHES + 8];
    memcpy(sv, e, sizeof e);
    sv[RRP_VISCO_DISSIPATED] = 0.0;
    memcpy(sv + RRP_VISCO_BRANCHES, s, sizeof s); /* one term a mode: the measures' layout */
    rrp_visco_load l;
    assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK);
    assert_memory_equal(sv + RRP_VISCO_BRANCHES, s, sizeof s); /* h' = h */
    assert_true(l.dissipated == 0.0);
    double smax = 0.0;
    for (int k = 0; k < RRP_VISCO_MEASURES; k++) smax = fmax(smax, fabs(s[k]));
    const double tol = TOL_FD * fmax(1.0, smax);
    for (int a = 0; a < 3; a++) {
      config p = c, q = c;
      p.xi[a] += eps;
      q.xi[a] -= eps;
      double fd = -(pseudo_energy(s, &p) - pseudo_energy(s, &q)) / (2 * eps);
      *worst = fmax(*worst, fabs(fd - l.fi[a]));
      assert_close(fd, l.fi[a], 0.0, tol);
      p = c;
      q = c;
      p.xj[a] += eps;
      q.xj[a] -= eps;
      fd = -(pseudo_energy(s, &p) - pseudo_energy(s, &q)) / (2 * eps);
      *worst = fmax(*worst, fabs(fd + l.fi[a]));
      assert_close(fd, -l.fi[a], 0.0, tol);
      p = c;
      q = c;
      fd_rotated(c.qi, a, eps, p.qi);
      fd_rotated(c.qi, a, -eps, q.qi);
      fd = -(pseudo_energy(s, &p) - pseudo_energy(s, &q)) / (2 * eps);
      *worst = fmax(*worst, fabs(fd - l.ti[a]));
      assert_close(fd, l.ti[a], 0.0, tol);
      p = c;
      q = c;
      fd_rotated(c.qj, a, eps, p.qj);
      fd_rotated(c.qj, a, -eps, q.qj);
      fd = -(pseudo_energy(s, &p) - pseudo_energy(s, &q)) / (2 * eps);
      *worst = fmax(*worst, fabs(fd - l.tj[a]));
      assert_close(fd, l.tj[a], 0.0, tol);
    }
  }
}

static void test_gradients(void **state)
{
  (void) state;
  rng_t r = {4242};
  int skipped = 0;
  double worst = 0.0;
  const unsigned masks[] = {1u, 2u, 4u, 8u, 15u}; /* axial, shear, bend, twist, all */
  for (size_t t = 0; t < sizeof(masks) / sizeof(masks[0]); t++) {
    check_branch_gradients(&r, masks[t], 0.1, &skipped, &worst);
    check_branch_gradients(&r, masks[t], 0.5, &skipped, &worst);
  }
  print_message("  worst difference from central differences: %.3g (%d of 400 near a half-turn "
                "skipped)\n",
                worst, skipped);
  assert_true(skipped < 40); /* the check ran on most configurations */
}

/* 2. The loads of any state conserve angular momentum: d x fi + ti + tj = 0 to round-off (and
 * linear momentum by construction, the force on j being -fi), for random series, stiffnesses,
 * steps and states with several terms in each mode */
static void test_momentum(void **state)
{
  (void) state;
  rng_t r = {9001};
  const int terms[RRP_VISCO_MODES] = {2, 3, 1, 2};
  double worst = 0.0;
  for (int n = 0; n < 400; n++) {
    rrp_visco_series s4[RRP_VISCO_MODES];
    double k4[RRP_VISCO_MODES];
    for (int m = 0; m < RRP_VISCO_MODES; m++) {
      random_series(&r, 1 + (n + m) % terms[m], &s4[m]);
      k4[m] = rng_range(&r, 0.5, 50.0);
    }
    rrp_visco_step st;
    assert_int_equal(rrp_visco_step_set(s4, k4, rng_range(&r, 0.0, 2.0), &st), RRP_OK);
    config c;
    random_config(&r, 0.4, &c);
    double sv[STATE_MAX], e[RRP_VISCO_MEASURES];
    const int size = rrp_visco_state_size(terms);
    measures_of(&c, e);
    for (int k = 0; k < RRP_VISCO_MEASURES; k++) sv[k] = e[k] + rng_range(&r, -0.05, 0.05);
    sv[RRP_VISCO_DISSIPATED] = 0.0;
    for (int k = RRP_VISCO_BRANCHES; k < size; k++) sv[k] = rng_range(&r, -2.0, 2.0);
    rrp_visco_load l;
    assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK);
    const double d[3] = {c.xi[0] - c.xj[0], c.xi[1] - c.xj[1], c.xi[2] - c.xj[2]};
    double m[3];
    cross(d, l.fi, m);
    const double mag = norm3(d) * norm3(l.fi) + norm3(l.ti) + norm3(l.tj);
    assert_true(mag > 1e-3); /* loads there are */
    for (int a = 0; a < 3; a++) {
      const double net = m[a] + l.ti[a] + l.tj[a];
      worst = fmax(worst, fabs(net) / mag);
      /* a sum of a few dozen products of O(mag) values */
      assert_close(net, 0.0, 0.0, 50.0 * DBL_EPSILON * mag);
    }
  }
  print_message("  worst net torque over the loads' size: %.3g\n", worst);
}

/* 3. A rigid motion of the whole binder, a different rotation and translation at every step of a
 * history: the measures, the state (branch stresses, dissipated work) and the stored and
 * dissipated energies are those of the unmoved history to round-off, the loads turn with the
 * rotation: a relaxed binder stays relaxed whatever its rigid motion */
static void test_rigid_motion(void **state)
{
  (void) state;
  rng_t r = {3131};
  const int terms[RRP_VISCO_MODES] = {2, 2, 2, 2};
  const int size = rrp_visco_state_size(terms);
  double worst = 0.0;
  for (int n = 0; n < 40; n++) {
    rrp_visco_series s4[RRP_VISCO_MODES];
    for (int m = 0; m < RRP_VISCO_MODES; m++) random_series(&r, 1 + n % 2, &s4[m]);
    const double k4[RRP_VISCO_MODES] = {30.0, 10.0, 200.0, 150.0};
    rrp_visco_step st;
    assert_int_equal(rrp_visco_step_set(s4, k4, 0.3, &st), RRP_OK);
    double a[STATE_MAX], b[STATE_MAX];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    config c;
    random_config(&r, 0.0, &c);
    for (int step = 0; step < 8; step++) {
      /* a path of deformation from the reference */
      double dx[3], th[3], dq[4];
      rng_vec(&r, 0.03, dx);
      for (int k = 0; k < 3; k++) c.xi[k] += dx[k];
      rng_vec(&r, 0.08, th);
      rrp_theta_to_quat(th, dq);
      rrp_quat_multiply(dq, c.qi, c.qi);
      rng_vec(&r, 0.08, th);
      rrp_theta_to_quat(th, dq);
      rrp_quat_multiply(dq, c.qj, c.qj);
      double rq[4], t[3];
      random_quat(&r, rq);
      rng_vec(&r, 5.0, t);
      config moved;
      rigid_motion(&c, rq, t, &moved);
      double ea[RRP_VISCO_MEASURES], eb[RRP_VISCO_MEASURES];
      measures_of(&c, ea);
      measures_of(&moved, eb);
      for (int k = 0; k < RRP_VISCO_MEASURES; k++) worst = fmax(worst, fabs(ea[k] - eb[k]));
      assert_vec_close(eb, ea, RRP_VISCO_MEASURES, 0.0, TOL_ROUNDOFF);
      rrp_visco_load la, lb;
      assert_int_equal(binder_of(&st, terms, &c, a, &la), RRP_OK);
      assert_int_equal(binder_of(&st, terms, &moved, b, &lb), RRP_OK);
      /* branch stresses up to ~K |e| ~ 100: round-off relative to that */
      for (int k = 0; k < size; k++) assert_close(b[k], a[k], 1e-12, 1e-12);
      double fr[3], tir[3], tjr[3];
      rrp_quat_rotate(rq, la.fi, fr);
      rrp_quat_rotate(rq, la.ti, tir);
      rrp_quat_rotate(rq, la.tj, tjr);
      assert_vec_close(lb.fi, fr, 3, 1e-12, 1e-11);
      assert_vec_close(lb.ti, tir, 3, 1e-12, 1e-11);
      assert_vec_close(lb.tj, tjr, 3, 1e-12, 1e-11);
      assert_vec_close(lb.stored, la.stored, RRP_VISCO_MODES, 1e-12, 1e-14);
      assert_close(lb.dissipated, la.dissipated, 1e-12, 1e-14);
    }
    assert_true(a[RRP_VISCO_DISSIPATED] > 0.0); /* the history did dissipate */
  }
  print_message("  worst change of a measure under a rigid motion: %.3g\n", worst);
}

/* 4. The measures vanish in the reference configuration and after any rigid motion of it; they
 * are those of the binder's elastic energies (linear shear form): Ka/2 eps^2 = ua,
 * Ks/2 |g - d^|^2 = us, Kb/2 |theta - tau d^|^2 + Kt/2 tau^2 = um */
static void test_measures(void **state)
{
  (void) state;
  rng_t r = {77};
  for (int n = 0; n < 100; n++) {
    config c, moved;
    random_config(&r, 0.0, &c); /* x_i - x_j = d0, q = q0 */
    double e[RRP_VISCO_MEASURES];
    measures_of(&c, e);
    for (int k = 0; k < RRP_VISCO_MEASURES; k++) assert_close(e[k], 0.0, 0.0, TOL_ROUNDOFF);
    double rq[4], t[3];
    random_quat(&r, rq);
    rng_vec(&r, 3.0, t);
    rigid_motion(&c, rq, t, &moved);
    measures_of(&moved, e);
    for (int k = 0; k < RRP_VISCO_MEASURES; k++) assert_close(e[k], 0.0, 0.0, TOL_ROUNDOFF);
  }
  const rrp_binder_coeff k = {11.0, 5.0, 3.0, 7.0, RRP_SHEAR_LINEAR, 1};
  for (int n = 0; n < 300; n++) {
    config c;
    random_config(&r, 0.05 + 0.3 * (n % 3), &c);
    double e[RRP_VISCO_MEASURES];
    measures_of(&c, e);
    if (rotation_angle(e) > 3.0) continue; /* linear shear form: defined below a half-turn */
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &c.ref, NULL, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    const double shear2 = e[1] * e[1] + e[2] * e[2] + e[3] * e[3];
    const double bend2 = e[4] * e[4] + e[5] * e[5] + e[6] * e[6];
    /* us = Ks (1 - c) loses about 1e-16/(1 - c) relatively: an absolute round-off */
    assert_close(0.5 * k.ka * e[0] * e[0], l.ua, 1e-13, TOL_ROUNDOFF);
    assert_close(0.5 * k.ks * shear2, l.us, 1e-13, TOL_ROUNDOFF * k.ks);
    assert_close(0.5 * k.kb * bend2 + 0.5 * k.kt * e[7] * e[7], l.um, 1e-13, TOL_ROUNDOFF * k.kb);
    assert_close(e[0], l.strain, 0.0, TOL_ROUNDOFF);
    assert_close(e[7], l.twist, 0.0, TOL_ROUNDOFF);
    /* l.bend = sqrt(angle^2 - tau^2): compared squared, where it does not cancel */
    assert_close(bend2, l.bend * l.bend, 1e-13, TOL_ROUNDOFF);
  }
}

/* the series of test 5: modes with one to three terms over three decades */
static const rrp_visco_series RELAX[RRP_VISCO_MODES] = {{2, {0.3, 0.2}, {0.2, 3.0}},
                                                        {1, {0.5}, {1.0}},
                                                        {3, {0.1, 0.2, 0.3}, {0.05, 0.7, 4.0}},
                                                        {1, {0.6}, {2.0}}};
static const double RELAX_K[RRP_VISCO_MODES] = {3.0, 7.0, 11.0, 5.0};

/* 5. The exact relaxation: a strain e0 reached linearly over a first step dxi1 from the reference,
 * then held, leaves each branch at h = K g e0 f1 exp(-(t - dxi1)/tau), f1 = (1 - exp(-x1))/x1,
 * x1 = dxi1/tau, after any number of steps of any size; the stored energy is the sum of
 * h^2/(2 K g) and the work of the first step is stored plus dissipated ever after. Then a second
 * call at the same configuration with dxi = 0 changes nothing. */
static void test_relaxation(void **state)
{
  (void) state;
  rng_t r = {555};
  const int terms[RRP_VISCO_MODES] = {2, 1, 3, 1};
  const double first[] = {0.0, 1e-3, 0.5, 6.0};
  const double held[] = {1e-3, 0.37, 5.0}; /* 1e-3 to 5 tau of the shear term, up to 100 tau */
  const int count[] = {1500, 60, 7};       /* the last: exp(-700) of the fastest term */
  double worst = 0.0;
  for (size_t i1 = 0; i1 < sizeof(first) / sizeof(first[0]); i1++)
    for (size_t ih = 0; ih < sizeof(held) / sizeof(held[0]); ih++) {
      config c;
      random_config(&r, 0.2, &c);
      double e0[RRP_VISCO_MEASURES];
      measures_of(&c, e0);
      rrp_visco_step st1, st;
      assert_int_equal(rrp_visco_step_set(RELAX, RELAX_K, first[i1], &st1), RRP_OK);
      assert_int_equal(rrp_visco_step_set(RELAX, RELAX_K, held[ih], &st), RRP_OK);
      double sv[STATE_MAX];
      memset(sv, 0, sizeof sv); /* at bonding */
      rrp_visco_load l;
      assert_int_equal(binder_of(&st1, terms, &c, sv, &l), RRP_OK);
      /* the work of the first step on each branch, K g |e0|^2 (1 - f1)/x1 (test 6) */
      double work = 0.0;
      for (int m = 0; m < RRP_VISCO_MODES; m++) {
        double e2 = 0.0;
        for (int k = 0; k < RRP_VISCO_COMPONENTS(m); k++) e2 += e0[AT[m] + k] * e0[AT[m] + k];
        for (int k = 0; k < RELAX[m].n; k++)
          work += RELAX_K[m] * RELAX[m].g[k] * e2 * one_minus_f_over_x(first[i1] / RELAX[m].tau[k]);
      }
      for (int n = 0; n <= count[ih]; n++) {
        if (n > 0) assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK);
        const double t = n * held[ih]; /* since the end of the first step */
        double stored[RRP_VISCO_MODES] = {0, 0, 0, 0}, axial = 0.0;
        int at = RRP_VISCO_BRANCHES;
        for (int m = 0; m < RRP_VISCO_MODES; m++) {
          const int nc = RRP_VISCO_COMPONENTS(m);
          for (int k = 0; k < RELAX[m].n; k++) {
            const double x1 = first[i1] / RELAX[m].tau[k];
            const double f1 = x1 > 0.0 ? -expm1(-x1) / x1 : 1.0;
            const double kg = RELAX_K[m] * RELAX[m].g[k];
            const double decay = exp(-t / RELAX[m].tau[k]);
            for (int q = 0; q < nc; q++) {
              const double h = kg * e0[AT[m] + q] * f1 * decay;
              const double got = sv[at + nc * k + q];
              /* (flushed to 0 below RRP_VISCO_FLUSH: either near it, 0 well below) */
              if (fabs(h) < 2.0 * RRP_VISCO_FLUSH)
                assert_true(got == 0.0 ? fabs(h) < 2.0 * RRP_VISCO_FLUSH
                                       : fabs(got - h) <= TOL_EXACT * fabs(h) &&
                                             fabs(h) > 0.5 * RRP_VISCO_FLUSH);
              else {
                worst = fmax(worst, fabs(got - h) / fabs(h));
                assert_close(got, h, TOL_EXACT, 0.0);
              }
              stored[m] += 0.5 * h * h / kg;
            }
            if (m == RRP_VISCO_AXIAL) axial += sv[at + k];
          }
          at += nc * terms[m];
        }
        double by_mode[RRP_VISCO_MODES], total = 0.0;
        const double whole = rrp_visco_stored(&st, terms, sv, by_mode);
        for (int m = 0; m < RRP_VISCO_MODES; m++) {
          assert_close(l.stored[m], stored[m], TOL_EXACT, 1e-300);
          assert_close(by_mode[m], stored[m], TOL_EXACT, 1e-300);
          total += stored[m];
        }
        assert_close(whole, total, TOL_EXACT, 1e-300);
        /* the work of the first step, stored and dissipated since */
        assert_close(whole + sv[RRP_VISCO_DISSIPATED], work, TOL_EXACT, 0.0);
        if (first[i1] == 0.0) /* a step strain: the axial stress is K e0 E(t) */
          assert_close(RELAX_K[0] * e0[0] * rrp_visco_equilibrium(&RELAX[0]) + axial,
                       RELAX_K[0] * e0[0] * rrp_visco_relaxation(&RELAX[0], t), TOL_EXACT, 0.0);
      }
      /* dxi = 0 at the same configuration: no change at all */
      rrp_visco_step st0;
      assert_int_equal(rrp_visco_step_set(RELAX, RELAX_K, 0.0, &st0), RRP_OK);
      double again[STATE_MAX];
      memcpy(again, sv, sizeof sv);
      rrp_visco_load l0;
      assert_int_equal(binder_of(&st0, terms, &c, again, &l0), RRP_OK);
      assert_memory_equal(again, sv, sizeof sv);
      assert_memory_equal(l0.fi, l.fi, sizeof l.fi);
      assert_memory_equal(l0.ti, l.ti, sizeof l.ti);
      assert_memory_equal(l0.tj, l.tj, sizeof l.tj);
      assert_memory_equal(l0.stored, l.stored, sizeof l.stored);
      assert_true(l0.dissipated == 0.0);
    }
  print_message("  worst relative error of a relaxing branch stress: %.3g\n", worst);
}

/* the dissipation of one step from the branch history itself: Simpson's rule for the integral of
 * |h(s)|^2/(K tau) over the step, h(s) = h0 exp(-u) + K de (1 - exp(-u))/x (u = s/tau). Beyond
 * u = 40 the transient is exp(-40) = 4e-18 of the rest: the interval is split there so that the
 * 1e5 intervals resolve it. */
static double simpson_part(int nc, const double h0[3], const double de[3], double K, double x,
                           double u0, double u1)
{
  const int N = 100000; /* even */
  const double step = (u1 - u0) / N;
  double sum = 0.0;
  for (int i = 0; i <= N; i++) {
    const double u = u0 + step * i, grow = -expm1(-u), decay = exp(-u);
    double h2 = 0.0;
    for (int c = 0; c < nc; c++) {
      const double h = h0[c] * decay + K * de[c] * grow / x;
      h2 += h * h;
    }
    sum += (i == 0 || i == N ? 1.0 : (i % 2 ? 4.0 : 2.0)) * h2;
  }
  return sum * step / 3.0 / K; /* ds/(K tau) = du/K */
}

static double dissipation_quadrature(int nc, const double h0[3], const double de[3], double K,
                                     double x)
{
  const double split = fmin(x, 40.0);
  double d = simpson_part(nc, h0, de, K, x, 0.0, split);
  if (x > split) d += simpson_part(nc, h0, de, K, x, split, x);
  return d;
}

/* 6. The energy of one step, for each mode, random strain increments de and branch stresses h0
 * (among them the least dissipative h0 for its de), x = dxi/tau from 1e-9 to 1e4: the work done
 * on the branch by a strain linear in reduced time, W = f h0.de + K |de|^2 (1 - f)/x (the
 * integral of h . de/dxi with h(s) = h0 exp(-s/tau) + K tau r (1 - exp(-s/tau)), r = de/dxi), is
 * the change of its stored energy plus the dissipated work, which is >= 0 and is the integral of
 * |h|^2/(K tau) (Simpson) */
static void test_step_energy(void **state)
{
  (void) state;
  rng_t r = {60606};
  const int terms[RRP_VISCO_MODES] = {1, 1, 1, 1};
  double worst_balance = 0.0, worst_quad = 0.0;
  int quads = 0;
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    for (int ix = 0; ix <= 26; ix++) { /* x = 1e-9 .. 1e4, two per decade */
      const double x = pow(10.0, -9.0 + 0.5 * ix);
      for (int trial = 0; trial < 12; trial++) {
        rrp_visco_series s4[RRP_VISCO_MODES];
        memset(s4, 0, sizeof s4);
        const double tau = exp(rng_range(&r, log(0.1), log(10.0)));
        s4[m] = (rrp_visco_series){1, {rng_range(&r, 0.1, 1.0)}, {tau}};
        const double k4[RRP_VISCO_MODES] = {3.0, 7.0, 11.0, 5.0};
        const double dxi = x * tau;
        rrp_visco_step st;
        assert_int_equal(rrp_visco_step_set(s4, k4, dxi, &st), RRP_OK);
        const double K = k4[m] * s4[m].g[0], xs = dxi / tau; /* the x of rrp_visco_step_set */
        config c;
        random_config(&r, 0.2, &c);
        double e[RRP_VISCO_MEASURES], sv[RRP_VISCO_BRANCHES + 8], de[3] = {0, 0, 0};
        double h0[3] = {0, 0, 0};
        const int nc = RRP_VISCO_COMPONENTS(m);
        memset(sv, 0, sizeof sv); /* the other modes' branches: 0 */
        measures_of(&c, e);
        memcpy(sv, e, sizeof e);
        sv[RRP_VISCO_DISSIPATED] = 0.0;
        const double f = -expm1(-xs) / xs, a = exp(-xs);
        for (int k = 0; k < nc; k++) {
          de[k] = rng_range(&r, -0.1, 0.1);
          /* a random stress, one along the strain, and the least dissipation's:
           * h0 = -(w2/w1) K de, w2/w1 = (1 - a)/(x (1 + a)) */
          h0[k] = trial % 3 == 0 ? K * rng_range(&r, -0.1, 0.1)
              : trial % 3 == 1   ? 3.0 * K * de[k]
                                 : -(-expm1(-xs)) / (xs * (1.0 + a)) * K * de[k];
          sv[AT[m] + k] = e[AT[m] + k] - de[k];
        }
        /* the branch stress of mode m: the first after the measures and the branches before */
        int at = RRP_VISCO_BRANCHES;
        for (int q = 0; q < m; q++) at += RRP_VISCO_COMPONENTS(q);
        for (int k = 0; k < nc; k++) sv[at + k] = h0[k];
        double hd = 0.0, dd = 0.0, hh = 0.0;
        for (int k = 0; k < nc; k++) {
          hd += h0[k] * de[k];
          dd += de[k] * de[k];
          hh += h0[k] * h0[k];
        }
        const double work = f * hd + K * dd * one_minus_f_over_x(xs);
        const double before = 0.5 * hh / K;
        rrp_visco_load l;
        assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK);
        assert_true(l.dissipated >= 0.0);
        assert_true(sv[RRP_VISCO_DISSIPATED] == l.dissipated);
        /* the update itself: h' = a h0 + K f de */
        for (int k = 0; k < nc; k++)
          assert_close(sv[at + k], a * h0[k] + K * f * de[k], 1e-13, 1e-15 * K);
        const double after = l.stored[m];
        const double scale = fabs(work) + before + after + l.dissipated;
        const double miss = fabs(work - (after - before + l.dissipated));
        worst_balance = fmax(worst_balance, miss / scale);
        assert_close(after - before + l.dissipated, work, 0.0, TOL_EXACT * scale);
        if (trial < 3) { /* the quadrature for each kind of stress */
          const double quad = dissipation_quadrature(nc, h0, de, K, xs);
          worst_quad = fmax(worst_quad, fabs(quad - l.dissipated) / quad);
          assert_close(l.dissipated, quad, TOL_QUAD, TOL_EXACT * scale);
          quads++;
        }
      }
    }
  print_message("  worst energy balance over its scale: %.3g; worst dissipation against %d "
                "quadratures: %.3g\n",
                worst_balance, quads, worst_quad);
}

/* G^(s) J^(s) s^2 of a series of the Burgers model and its creep compliance (Laplace domain) */
static double laplace_product(const rrp_visco_series *s, double e1, double eta1, double e2,
                              double eta2, double p)
{
  double G = 0.0;
  for (int k = 0; k < s->n; k++) G += e1 * s->g[k] / (p + 1.0 / s->tau[k]);
  const double J = 1.0 / (e1 * p) + 1.0 / (eta1 * p * p) + 1.0 / (p * (eta2 * p + e2));
  return G * J * p * p;
}

/* 7. The Burgers model's series: two positive weights adding up to 1 (no equilibrium part), and
 * its relaxation modulus the inverse of the creep compliance, G^(s) J^(s) s^2 = 1 at rates
 * across both relaxation times, for parameters of very different time scales (among them nearly
 * equal Maxwell and Kelvin times with a stiff Kelvin spring, where the roots nearly coincide);
 * the weights and times against 50-digit values; its creep compliance rrp_visco_burgers_creep
 * against the closed form; bad parameters refused */
static void test_burgers(void **state)
{
  (void) state;
  /* e1, eta1, e2, eta2, then g1, g2, tau1, tau2 from 50-digit arithmetic on these doubles */
  const double sets[][8] = {
      {1.0, 1.0, 1.0, 1.0, 0.27639320225002103036, 0.72360679774997896964, 2.6180339887498948482,
       0.3819660112501051518},
      /* eta2/e2 >> eta1/e1 */
      {1.0, 1.0, 1.0, 1e6, 9.99999999997e-13, 0.999999999999, 1000001.000001, 0.999999000000000001},
      /* eta2/e2 << eta1/e1 */
      {1.0, 1e6, 1.0, 1.0, 0.49999975000000000003, 0.50000024999999999997, 2000000.500000125,
       0.49999987500000000001},
      /* a stiff Maxwell element, a soft slow Kelvin one */
      {1e3, 1e-3, 1e-2, 5.0, 3.9984004958576399667e-13, 0.99999999999960015995,
       500.1000000001999496, 9.9980003999160186039e-7},
      /* eta1/e2 dominant */
      {2.0, 3.0, 1e-4, 1e-4, 0.000049994167458219695144, 0.9999500058325417803,
       30002.499950004164799, 0.000049995833763839128927},
      /* eta1/e2 small: equal times, then eta2/e2 << eta1/e1 */
      {1.0, 1.0, 1e6, 1.0, 0.999998999999000002, 1.000000999997999997e-6, 1.000001000001,
       9.99999000000000001e-7},
      {1.0, 1.0, 1e8, 1e6, 0.99999998979695960011, 1.0203040399886733947e-8, 1.0000000101010101,
       0.0099999998989899000205},
      /* eta1/e1 = eta2/e2, a stiff Kelvin spring: the two times within 2e-4, 2e-6, 1e-5 */
      {1.0, 1e-2, 1e8, 1e6, 0.4999750000000832917, 0.5000249999999167083, 0.010001000050001250104,
       0.0099990000499987501041},
      {1.0, 1e-2, 1e12, 1e10, 0.49999975000520417046, 0.50000024999479582954,
       0.010000010000005000105, 0.0099999900000050001028},
      {1.0, 1e-2, 1e16, 1.00001e14, 9.99996999994163438e-7, 0.99999900000300000584,
       0.0100001000001000009, 0.0099999999999000003082},
      {1.0, 1.00001e-2, 1e16, 1e14, 0.99999899998299998229, 1.0000170000177135495e-6,
       0.010000100000100001514, 0.0099999999998999991},
      /* asphalt-like sizes */
      {5e9, 2e12, 1e9, 3e14, 8.7945951942580579146e-6, 0.99999120540480574194,
       302002.65249656585533, 397.34750343414466802}};
  double worst = 0.0, worst_ref = 0.0;
  for (size_t n = 0; n < sizeof(sets) / sizeof(sets[0]); n++) {
    const double e1 = sets[n][0], eta1 = sets[n][1], e2 = sets[n][2], eta2 = sets[n][3];
    rrp_visco_series s;
    assert_int_equal(rrp_visco_burgers(e1, eta1, e2, eta2, &s), RRP_OK);
    assert_int_equal(s.n, 2);
    int term = 7;
    assert_int_equal(rrp_visco_series_check(&s, &term), RRP_VISCO_FINE);
    assert_int_equal(term, -1);
    assert_true(s.g[0] > 0.0 && s.g[1] > 0.0 && s.tau[0] > 0.0 && s.tau[1] > 0.0);
    /* two weights of (at most) a few ulp each */
    assert_close(s.g[0] + s.g[1], 1.0, 0.0, 4.0 * DBL_EPSILON);
    assert_true(rrp_visco_equilibrium(&s) == 0.0);
    for (int k = 0; k < 2; k++)
      for (int i = -6; i <= 6; i++) {
        const double p = pow(10.0, 0.5 * i) / s.tau[k];
        const double prod = laplace_product(&s, e1, eta1, e2, eta2, p);
        worst = fmax(worst, fabs(prod - 1.0));
        assert_close(prod, 1.0, 0.0, TOL_EXACT);
      }
    /* against the 50-digit values: the times to a few ulp; the weights depend on
     * (a - c)/(tau1 - tau2), a = eta1/e1 and c = eta2/e2 each rounded by half an ulp: a few ulp
     * times max(a, c)/(tau1 - tau2) (1e-10 where the times nearly coincide) */
    const double a = eta1 / e1, c = eta2 / e2;
    const double gtol = 8.0 * DBL_EPSILON * (1.0 + fmax(a, c) / (sets[n][6] - sets[n][7]));
    for (int k = 0; k < 2; k++) {
      assert_close(s.tau[k], sets[n][6 + k], 8.0 * DBL_EPSILON, 0.0);
      assert_close(s.g[k], sets[n][4 + k], gtol, 0.0);
      worst_ref = fmax(worst_ref, fabs(s.g[k] / sets[n][4 + k] - 1.0) / gtol);
    }
    /* creep: 1/e1 at 0, the closed form later */
    assert_close(rrp_visco_burgers_creep(e1, eta1, e2, eta2, 0.0), 1.0 / e1, 1e-15, 0.0);
    const double t = 0.7 * s.tau[1];
    assert_close(rrp_visco_burgers_creep(e1, eta1, e2, eta2, t),
                 1.0 / e1 + t / eta1 - expm1(-e2 * t / eta2) / e2, 1e-14, 0.0);
  }
  print_message("  worst weight against 50 digits over its bound: %.3g\n", worst_ref);
  print_message("  worst |G^ J^ s^2 - 1|: %.3g\n", worst);
  const double bad[] = {0.0, -1.0, INFINITY, -INFINITY, NAN};
  for (int k = 0; k < 4; k++)
    for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
      double v[4] = {1.0, 2.0, 3.0, 4.0};
      v[k] = bad[b];
      rrp_visco_series s, keep;
      memset(&s, 0x5a, sizeof s);
      keep = s;
      assert_int_equal(rrp_visco_burgers(v[0], v[1], v[2], v[3], &s), RRP_EDOMAIN);
      assert_memory_equal(&s, &keep, sizeof s);
    }
}

/* a single axial branch driven through eps0 sin(w t), 2000 steps a period from the reference, the
 * generalized stress K g_inf eps + h projected on sin and cos over the last period (the stress
 * read from the load, s = -fi_x L0), and the work dissipated in that period */
static void drive(double wtau, double *storage, double *loss, double *dissipated)
{
  const double tau = 0.8, K = 5.0, L0 = 1.3, eps0 = 0.01, w = wtau / tau;
  const rrp_visco_series none = {0, {0}, {0}};
  const rrp_visco_series s4[RRP_VISCO_MODES] = {{1, {0.6}, {tau}}, none, none, none};
  const double k4[RRP_VISCO_MODES] = {K, 1.0, 1.0, 1.0};
  const int terms[RRP_VISCO_MODES] = {1, 0, 0, 0};
  const int per = 2000;
  const double period = 2.0 * PI / w, dt = period / per;
  /* transients below 1e-10: exp(-t/tau) < 1e-10 before the last period */
  const int periods = 1 + (int) ceil(23.1 * tau / period);
  rrp_visco_step st;
  assert_int_equal(rrp_visco_step_set(s4, k4, dt, &st), RRP_OK);
  const double d0[3] = {L0, 0.0, 0.0}, id[4] = {1.0, 0.0, 0.0, 0.0};
  rrp_binder_ref ref;
  rrp_binder_reference(d0, id, id, &ref);
  double sv[RRP_VISCO_BRANCHES + 1];
  memset(sv, 0, sizeof sv);
  const double ginf = rrp_visco_equilibrium(&s4[0]);
  double ps = 0.0, pc = 0.0, diss = 0.0;
  for (int n = 1; n <= periods * per; n++) {
    const double t = n * dt, eps = eps0 * sin(w * t);
    const double d[3] = {L0 * (1.0 + eps), 0.0, 0.0};
    rrp_visco_load l;
    assert_int_equal(rrp_visco_binder(&st, terms, d, id, id, ref.ri, ref.p, sv, &l), RRP_OK);
    if (n > (periods - 1) * per) {
      const double h = -l.fi[0] * L0;
      assert_close(h, sv[RRP_VISCO_BRANCHES], 1e-14, 1e-18);
      const double s = K * ginf * sv[0] + h; /* sv[0]: the axial measure */
      ps += s * sin(w * t);
      pc += s * cos(w * t);
      diss += l.dissipated;
    }
  }
  *storage = 2.0 * ps / per / (eps0 * K);
  *loss = 2.0 * pc / per / (eps0 * K);
  *dissipated = diss;
}

/* 8. The dynamic moduli: a binder driven sinusoidally (w tau from 0.1 to 10, 2000 steps a period)
 * settles to the stress K eps0 (E' sin + E'' cos) of rrp_visco_dynamic, within the error of
 * sampling the sine (TOL_DRIVEN); the work dissipated in a period is pi eps0^2 K E''. And the
 * formulas themselves for one term: E' = g_inf + g w^2 tau^2/(1 + w^2 tau^2),
 * E'' = g w tau/(1 + w^2 tau^2). */
static void test_dynamic(void **state)
{
  (void) state;
  const double wtaus[] = {0.1, 1.0, 10.0};
  const rrp_visco_series s = {1, {0.6}, {0.8}};
  double worst = 0.0;
  for (size_t i = 0; i < sizeof(wtaus) / sizeof(wtaus[0]); i++) {
    const double wt = wtaus[i];
    double e1, e2;
    rrp_visco_dynamic(&s, wt / 0.8, &e1, &e2);
    assert_close(e1, 0.4 + 0.6 * wt * wt / (1.0 + wt * wt), 1e-15, 0.0);
    assert_close(e2, 0.6 * wt / (1.0 + wt * wt), 1e-15, 0.0);
    double storage, loss, diss;
    drive(wt, &storage, &loss, &diss);
    const double want_diss = PI * 0.01 * 0.01 * 5.0 * e2;
    worst =
        fmax(worst, fmax(fabs(storage - e1), fmax(fabs(loss - e2), fabs(diss / want_diss - 1))));
    assert_close(storage, e1, 0.0, TOL_DRIVEN);
    assert_close(loss, e2, 0.0, TOL_DRIVEN);
    assert_close(diss, want_diss, TOL_DRIVEN, 0.0);
  }
  print_message("  worst error of the driven moduli and dissipation: %.3g\n", worst);
  /* a series of several terms: the sum of its terms' */
  const rrp_visco_series three = {3, {0.1, 0.2, 0.3}, {0.05, 0.7, 4.0}};
  for (int i = -3; i <= 3; i++) {
    const double w = pow(10.0, i);
    double e1, e2, want1 = 0.4, want2 = 0.0;
    for (int k = 0; k < 3; k++) {
      double a1, a2;
      const rrp_visco_series one = {1, {three.g[k]}, {three.tau[k]}};
      rrp_visco_dynamic(&one, w, &a1, &a2);
      want1 += a1 - (1.0 - three.g[k]);
      want2 += a2;
    }
    rrp_visco_dynamic(&three, w, &e1, &e2);
    assert_close(e1, want1, 1e-14, 1e-15);
    assert_close(e2, want2, 1e-14, 0.0);
  }
}

/* 9. The checks: every fault of a series with its term; the shift factors' known values and
 * domains; the sizes of states; the step of an infinite dxi (everything relaxed) finite, and bad
 * step inputs refused with the step untouched */
static void test_checks(void **state)
{
  (void) state;
  int term = 99;
  rrp_visco_series s = {3, {0.2, 0.3, 0.4}, {1.0, 2.0, 3.0}};
  assert_int_equal(rrp_visco_series_check(&s, &term), RRP_VISCO_FINE);
  assert_int_equal(term, -1);
  assert_int_equal(rrp_visco_series_check(&s, NULL), RRP_VISCO_FINE);
  assert_close(rrp_visco_equilibrium(&s), 0.1, 1e-15, 0.0);
  struct {
    int k;       /* the term changed */
    double g, t; /* its new weight and time */
    int fault;
  } cases[] = {{2, 0.0, 1.0, RRP_VISCO_WEIGHT},
               {1, -0.1, 1.0, RRP_VISCO_WEIGHT},
               {0, 1.0 + 1e-15, 1.0, RRP_VISCO_WEIGHT},
               {2, NAN, 1.0, RRP_VISCO_WEIGHT},
               {1, INFINITY, 1.0, RRP_VISCO_WEIGHT},
               {2, 0.1, 0.0, RRP_VISCO_TIME},
               {1, 0.1, -2.0, RRP_VISCO_TIME},
               {2, 0.1, INFINITY, RRP_VISCO_TIME},
               {0, 0.1, NAN, RRP_VISCO_TIME}};
  for (size_t n = 0; n < sizeof(cases) / sizeof(cases[0]); n++) {
    rrp_visco_series b = s;
    b.g[cases[n].k] = cases[n].g;
    b.tau[cases[n].k] = cases[n].t;
    term = 99;
    assert_int_equal(rrp_visco_series_check(&b, &term), cases[n].fault);
    assert_int_equal(term, cases[n].k);
  }
  rrp_visco_series b = s;
  b.n = RRP_VISCO_TERMS + 1;
  assert_int_equal(rrp_visco_series_check(&b, &term), RRP_VISCO_COUNT);
  assert_int_equal(term, -1);
  b.n = -1;
  assert_int_equal(rrp_visco_series_check(&b, &term), RRP_VISCO_COUNT);
  b = s;
  b.g[2] = 0.6; /* sum 1.1 */
  assert_int_equal(rrp_visco_series_check(&b, &term), RRP_VISCO_SUM);
  assert_int_equal(term, -1);
  b.g[2] = 0.5; /* sum exactly 1 (0.2 + 0.3 + 0.5 rounds to 1) */
  assert_int_equal(rrp_visco_series_check(&b, &term), RRP_VISCO_FINE);
  assert_true(rrp_visco_equilibrium(&b) == 0.0);
  const rrp_visco_series tenths = {4, {0.1, 0.2, 0.3, 0.4}, {1, 1, 1, 1}}; /* 1 within rounding */
  assert_int_equal(rrp_visco_series_check(&tenths, &term), RRP_VISCO_FINE);
  assert_true(rrp_visco_equilibrium(&tenths) == 0.0);
  const rrp_visco_series full = {RRP_VISCO_TERMS,
                                 {0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125},
                                 {1, 2, 3, 4, 5, 6, 7, 8}};
  assert_int_equal(rrp_visco_series_check(&full, &term), RRP_VISCO_FINE);
  const rrp_visco_series empty = {0, {0}, {0}};
  assert_int_equal(rrp_visco_series_check(&empty, &term), RRP_VISCO_FINE);
  assert_true(rrp_visco_equilibrium(&empty) == 1.0);
  assert_true(rrp_visco_relaxation(&empty, 5.0) == 1.0);

  /* WLF (C1 = 17.44, C2 = 51.6, Tref = 300; values from 30-digit arithmetic) */
  double at = -1.0;
  assert_int_equal(rrp_visco_shift_wlf(17.44, 51.6, 300.0, 300.0, &at), RRP_OK);
  assert_true(at == 1.0);
  assert_int_equal(rrp_visco_shift_wlf(17.44, 51.6, 300.0, 310.0, &at), RRP_OK);
  assert_close(at, 0.00147513296661055076, 1e-14, 0.0);
  assert_int_equal(rrp_visco_shift_wlf(8.86, 101.6, 0.0, -20.0, &at), RRP_OK);
  assert_close(at, 148.446043677983288611, 1e-14, 0.0);
  at = -1.0;
  assert_int_equal(rrp_visco_shift_wlf(17.44, 50.0, 300.0, 250.0, &at), RRP_EDOMAIN); /* at */
  assert_int_equal(rrp_visco_shift_wlf(17.44, 50.0, 300.0, 200.0, &at), RRP_EDOMAIN); /* below */
  assert_int_equal(rrp_visco_shift_wlf(17.44, 51.6, 300.0, NAN, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_wlf(NAN, 51.6, 300.0, 300.0, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_wlf(17.44, 51.6, 300.0, INFINITY, &at), RRP_EDOMAIN);
  /* just above the singularity a_T overflows */
  assert_int_equal(rrp_visco_shift_wlf(17.44, 50.0, 300.0, 250.5, &at), RRP_ENONFINITE);
  assert_true(at == -1.0); /* untouched */
  /* Arrhenius (Ta = 5000, Tref = 300) */
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 300.0, 300.0, &at), RRP_OK);
  assert_true(at == 1.0);
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 300.0, 350.0, &at), RRP_OK);
  assert_close(at, 0.0924624760629199871682, 1e-14, 0.0);
  at = -1.0;
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 300.0, 0.0, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 300.0, -10.0, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 0.0, 300.0, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_arrhenius(5000.0, 300.0, NAN, &at), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_shift_arrhenius(1e6, 300.0, 1.0, &at), RRP_ENONFINITE); /* exp(1e6) */
  assert_true(at == -1.0);

  /* state sizes: 8 measures, the dissipated work, 1, 3, 3, 1 values a term */
  const int t0[4] = {0, 0, 0, 0}, t1[4] = {1, 1, 1, 1}, t2[4] = {2, 0, 3, 1}, t8[4] = {8, 8, 8, 8};
  assert_int_equal(rrp_visco_state_size(t0), 9);
  assert_int_equal(rrp_visco_state_size(t1), 17);
  assert_int_equal(rrp_visco_state_size(t2), 21);
  assert_int_equal(rrp_visco_state_size(t8), STATE_MAX);
  const int bad9[4] = {1, 9, 1, 1}, badm[4] = {1, 1, 1, -1};
  assert_int_equal(rrp_visco_state_size(bad9), -1);
  assert_int_equal(rrp_visco_state_size(badm), -1);

  /* an infinite step: everything relaxes, a = f = 0, the weights finite */
  const rrp_visco_series s4[RRP_VISCO_MODES] = {s, s, full, s};
  const double k4[RRP_VISCO_MODES] = {1.0, 2.0, 3.0, 0.0};
  rrp_visco_step st;
  assert_int_equal(rrp_visco_step_set(s4, k4, INFINITY, &st), RRP_OK);
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    assert_int_equal(st.n[m], s4[m].n);
    for (int k = 0; k < st.n[m]; k++) {
      assert_true(st.a[m][k] == 0.0 && st.f[m][k] == 0.0);
      assert_true(st.w[m][k][0] == 0.5 && st.w[m][k][1] == 0.0 && st.w[m][k][2] == 0.0);
      assert_true(st.k[m][k] == k4[m] * s4[m].g[k]);
    }
  }
  /* and a step of 0: no decay, an instantaneous response, nothing dissipated */
  assert_int_equal(rrp_visco_step_set(s4, k4, 0.0, &st), RRP_OK);
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    for (int k = 0; k < st.n[m]; k++)
      assert_true(st.a[m][k] == 1.0 && st.f[m][k] == 1.0 && st.w[m][k][0] == 0.0 &&
                  st.w[m][k][1] == 0.0 && st.w[m][k][2] == 0.0);
  /* bad inputs: st untouched */
  rrp_visco_step keep;
  memset(&st, 0x3c, sizeof st);
  keep = st;
  assert_int_equal(rrp_visco_step_set(s4, k4, -1e-300, &st), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_step_set(s4, k4, NAN, &st), RRP_EDOMAIN);
  const double kneg[RRP_VISCO_MODES] = {1.0, -2.0, 3.0, 0.0},
               knan[RRP_VISCO_MODES] = {1.0, 2.0, NAN, 0.0};
  const double kinf[RRP_VISCO_MODES] = {INFINITY, 2.0, 3.0, 0.0};
  assert_int_equal(rrp_visco_step_set(s4, kneg, 1.0, &st), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_step_set(s4, knan, 1.0, &st), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_step_set(s4, kinf, 1.0, &st), RRP_EDOMAIN);
  rrp_visco_series s4b[RRP_VISCO_MODES] = {s, s, s, s};
  s4b[3].tau[1] = 0.0;
  assert_int_equal(rrp_visco_step_set(s4b, k4, 1.0, &st), RRP_EDOMAIN);
  assert_memory_equal(&st, &keep, sizeof st);
}

/* the step weights against their closed forms where these do not cancel, and w3 across its
 * switch to a series at x = 0.1: continuous there and equal to the long-double closed form */
static void test_step_weights(void **state)
{
  (void) state;
  double worst = 0.0;
  for (int i = 0; i <= 120; i++) {
    const double x = pow(10.0, -8.0 + 0.1 * i); /* 1e-8 .. 1e4 */
    const rrp_visco_series one = {1, {1.0}, {1.0}}, none = {0, {0}, {0}};
    const rrp_visco_series s4[RRP_VISCO_MODES] = {one, none, none, none};
    const double k4[RRP_VISCO_MODES] = {1.0, 1.0, 1.0, 1.0};
    rrp_visco_step st;
    assert_int_equal(rrp_visco_step_set(s4, k4, x, &st), RRP_OK);
    const long double X = x, A = expl(-X), om = -expm1l(-X);
    const long double w1 = om * (1.0L + A) / 2.0L, w2 = om * om / (2.0L * X);
    /* w3 = (x - 2 (1 - a) + (1 - a^2)/2)/x^2: its series in long double below 1 */
    long double w3;
    if (X < 1.0L) {
      long double sum = 0.0L, term = X / 6.0L, p2 = 4.0L;
      for (int n = 3; n <= 40; n++) {
        sum += ((n & 1) ? 1.0L : -1.0L) * (p2 - 2.0L) * term;
        term *= X / (n + 1);
        p2 *= 2.0L;
      }
      w3 = sum;
    } else {
      w3 = (X - 2.0L * om + om * (1.0L + A) / 2.0L) / (X * X);
    }
    assert_close(st.a[0][0], (double) A, 1e-15, 1e-300);
    assert_close(st.f[0][0], (double) (om / X), 1e-15, 0.0);
    assert_close(st.w[0][0][0], (double) w1, 1e-15, 0.0);
    assert_close(st.w[0][0][1], (double) w2, 1e-15, 0.0);
    /* the reference: long double, its closed form losing at most a factor 10 above x = 1. Above
     * its switch at x = 0.1 rrp_visco_step_set evaluates 1/x - (1 - a)(3 - a)/(2 x^2), terms of
     * size 1/x: a few ulp of 1/x, up to 1e-13 of w3 (~ x/3) just above the switch */
    const double bound = 8.0 * DBL_EPSILON * fmax(1.0, 1.0 / (x * (double) w3));
    worst = fmax(worst, fabs(st.w[0][0][2] - (double) w3) / (double) w3 / bound);
    assert_close(st.w[0][0][2], (double) w3, bound, 0.0);
  }
  print_message("  worst error of w3 over its bound: %.3g\n", worst);
}

/* 10. Bad input: a NaN anywhere (position, orientation, state) gives RRP_ENONFINITE with the state
 * untouched and the loads zeroed; coincident atoms (L = 0) or a zero reference (L0 = 0), and a
 * type with more terms than the state holds, RRP_EDOMAIN */
static void test_bad_input(void **state)
{
  (void) state;
  rng_t r = {1234};
  const int terms[RRP_VISCO_MODES] = {2, 1, 3, 1};
  rrp_visco_step st;
  assert_int_equal(rrp_visco_step_set(RELAX, RELAX_K, 0.1, &st), RRP_OK);
  config c;
  random_config(&r, 0.2, &c);
  double sv[STATE_MAX], keep[STATE_MAX];
  memset(sv, 0, sizeof sv);
  rrp_visco_load l;
  assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK); /* a state with stresses */
  memcpy(keep, sv, sizeof sv);
  const rrp_visco_load zero = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0, 0}, 0.0};
#define EXPECT_REFUSED(cfg, code)                                 \
  do {                                                            \
    memset(&l, 0x7f, sizeof l);                                   \
    assert_int_equal(binder_of(&st, terms, (cfg), sv, &l), code); \
    assert_memory_equal(sv, keep, sizeof sv);                     \
    assert_memory_equal(&l, &zero, sizeof l);                     \
  } while (0)
  config b = c;
  b.xi[1] = NAN;
  EXPECT_REFUSED(&b, RRP_ENONFINITE);
  b = c;
  b.xj[0] = INFINITY;
  EXPECT_REFUSED(&b, RRP_ENONFINITE);
  b = c;
  b.qi[2] = NAN;
  EXPECT_REFUSED(&b, RRP_ENONFINITE);
  b = c;
  b.qj[0] = NAN;
  EXPECT_REFUSED(&b, RRP_ENONFINITE);
  b = c;
  b.ref.p[3] = NAN;
  EXPECT_REFUSED(&b, RRP_ENONFINITE);
  b = c;
  for (int k = 0; k < 3; k++) b.xi[k] = b.xj[k]; /* L = 0 */
  EXPECT_REFUSED(&b, RRP_EDOMAIN);
  b = c;
  for (int k = 0; k < 3; k++) b.ref.ri[k] = 0.0; /* L0 = 0 */
  EXPECT_REFUSED(&b, RRP_EDOMAIN);
  /* a non-finite value in the state */
  sv[RRP_VISCO_BRANCHES + 3] = keep[RRP_VISCO_BRANCHES + 3] = NAN;
  EXPECT_REFUSED(&c, RRP_ENONFINITE);
  sv[RRP_VISCO_BRANCHES + 3] = keep[RRP_VISCO_BRANCHES + 3] = 0.25;
  sv[2] = keep[2] = INFINITY; /* a measure */
  EXPECT_REFUSED(&c, RRP_ENONFINITE);
  sv[2] = keep[2] = 0.0;
  /* more terms than the state holds */
  const int fewer[RRP_VISCO_MODES] = {2, 1, 2, 1};
  memset(&l, 0x7f, sizeof l);
  assert_int_equal(binder_of(&st, fewer, &c, sv, &l), RRP_EDOMAIN);
  assert_memory_equal(sv, keep, sizeof sv);
  assert_memory_equal(&l, &zero, sizeof l);
#undef EXPECT_REFUSED
  /* and the good configuration still steps */
  assert_int_equal(binder_of(&st, terms, &c, sv, &l), RRP_OK);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gradients),    cmocka_unit_test(test_momentum),
      cmocka_unit_test(test_rigid_motion), cmocka_unit_test(test_measures),
      cmocka_unit_test(test_relaxation),   cmocka_unit_test(test_step_energy),
      cmocka_unit_test(test_burgers),      cmocka_unit_test(test_dynamic),
      cmocka_unit_test(test_checks),       cmocka_unit_test(test_step_weights),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
