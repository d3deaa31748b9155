/* test_integrator.c - maps (23) exact, (25) newmark, (27) euler of Baker & Gonzalez (2021) for
 * spheres: increments, step limit, invariants and convergence orders on the 3D pendulum. */
#include "rrp/field.h"
#include "rrp/integrator.h"
#include "rrp/momentum.h"
#include "rrp/rotation.h"
#include "rrp/sphere_kernel.h"

#include "test_util.h"

#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

static void test_scheme_table(void **state)
{
  (void) state;
  assert_int_equal(rrp_nschemes, 3);
  assert_non_null(rrp_scheme_find("exact"));
  assert_int_equal(rrp_scheme_find("exact")->order, 2);
  assert_int_equal(rrp_scheme_find("newmark")->order, 2);
  assert_int_equal(rrp_scheme_find("euler")->order, 1);
  /* the data the halves read: the kick before the drift and the exact increment of (23) */
  const rrp_scheme *exact = rrp_scheme_find("exact"), *newmark = rrp_scheme_find("newmark"),
                   *euler = rrp_scheme_find("euler");
  assert_true(exact->kick_fraction == 0.5 && exact->exact);
  assert_true(newmark->kick_fraction == 0.5 && !newmark->exact);
  assert_true(euler->kick_fraction == 1.0 && !euler->exact);
  assert_null(rrp_scheme_find("rk4"));
  assert_null(rrp_scheme_find(NULL));
}

static void test_inertia(void **state)
{
  (void) state;
  const rrp_inertia sphere = {RRP_INERTIA_RATIO, 0.4, NULL}, value = {RRP_INERTIA_VALUE, 2.5, NULL};
  assert_close(rrp_inertia_of(&sphere, 3.0, 0.5), 0.3, 0.0, TOL_ROUNDOFF);
  assert_close(rrp_inertia_of(&value, 3.0, 0.5), 2.5, 0.0, 0.0);
}

/* (16): the increment's angle is asin(h|w|); refused at and beyond h|w| = 1, and for NaN */
static void test_exact_increment(void **state)
{
  (void) state;
  const double w[3] = {0.6, 0.0, 0.8}; /* |w| = 1 */
  const double hs[] = {1e-6, 0.1, 0.5, 0.9, 0.999999};
  for (size_t k = 0; k < sizeof(hs) / sizeof(hs[0]); k++) {
    double da[3], th[3];
    assert_int_equal(rrp_exact_increment(hs[k], w, da), RRP_OK);
    rrp_alpha_to_theta(da, th);
    const double ang = sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2]);
    assert_close(ang, asin(hs[k]), 1e-14, 0.0);
    assert_close(th[0] * w[2] - th[2] * w[0], 0.0, 0.0, TOL_ROUNDOFF); /* along w */
  }
  double da[3] = {7, 7, 7};
  assert_int_equal(rrp_exact_increment(1.0, w, da), RRP_ESTEP);
  assert_int_equal(rrp_exact_increment(2.0, w, da), RRP_ESTEP);
  const double wn[3] = {NAN, 0, 0}, wi[3] = {INFINITY, 0, 0};
  assert_int_equal(rrp_exact_increment(0.1, wn, da), RRP_ENONFINITE);
  assert_int_equal(rrp_exact_increment(0.1, wi, da), RRP_ENONFINITE);
  assert_vec_close(da, (const double[3]){7, 7, 7}, 3, 0.0, 0.0);
}

/* the increment's quaternion (c, k w) of rrp_sphere_increment_factors: a unit quaternion for
 * both forms; the exact one is (1, da/2)/sqrt(1 + |da|^2/4) of (23)'s da, reaches the quarter
 * turn c = sqrt(1/2) at its limit h|w| = 1 and stays finite past it (mirrored, |1 - hw2|); the
 * other is (1, h w/2) normalised; rrp_sphere_increment returns the same bits */
static void test_increment_factors(void **state)
{
  (void) state;
  rng_t r = {0x5eed1234abcdULL};
  for (int n = 0; n < 2000; n++) {
    double w[3];
    rng_vec(&r, rng_range(&r, 0.0, 3.0), w);
    for (int exact = 0; exact < 2; exact++) {
      /* h |w| up to just below 1 for (23), up to 20 for (25) and (27) */
      const double h = rng_range(&r, 0.0, exact ? 0.999 : 20.0) / sqrt(rrp_dot3(w, w));
      const double hw2 = h * h * rrp_dot3(w, w);
      double c, k, dq[4];
      rrp_sphere_increment_factors(h, hw2, exact, &c, &k);
      assert_true(c > 0.0);
      assert_close(c * c + k * k * rrp_dot3(w, w), 1.0, 0.0, TOL_ROUNDOFF);
      assert_int_equal(rrp_sphere_increment(h, w, exact, dq), RRP_OK);
      const double ckw[4] = {c, k * w[0], k * w[1], k * w[2]};
      assert_memory_equal(dq, ckw, sizeof(dq)); /* the same bits */
      double da[3];
      if (exact)
        assert_int_equal(rrp_exact_increment(h, w, da), RRP_OK);
      else
        rrp_scale3(h, w, da);
      const double norm = sqrt(1.0 + 0.25 * rrp_dot3(da, da));
      const double qa[4] = {1.0 / norm, 0.5 * da[0] / norm, 0.5 * da[1] / norm, 0.5 * da[2] / norm};
      assert_vec_close(dq, qa, 4, 0.0, TOL_ROUNDOFF);
    }
  }
  /* the exact form's limit, and past it */
  const double h = 0.5;
  double c, k, c2, k2;
  rrp_sphere_increment_factors(h, 1.0, 1, &c, &k);
  assert_close(c, sqrt(0.5), TOL_ROUNDOFF, 0.0);
  assert_close(k, h / (2.0 * sqrt(0.5)), TOL_ROUNDOFF, 0.0);
  rrp_sphere_increment_factors(h, 1.0 + 0.25, 1, &c, &k);
  rrp_sphere_increment_factors(h, 1.0 - 0.25, 1, &c2, &k2);
  assert_true(c == c2 && k == k2 && isfinite(c) && isfinite(k));
  const double w[3] = {0.0, 2.5, 0.0}; /* h |w| = 1.25 */
  double dq[4] = {7, 7, 7, 7};
  assert_int_equal(rrp_sphere_increment(h, w, 1, dq), RRP_ESTEP);
  assert_vec_close(dq, (const double[4]){7, 7, 7, 7}, 4, 0.0, 0.0);
  assert_int_equal(rrp_sphere_increment(h, w, 0, dq), RRP_OK);
}

/* one free sphere of unit mass, inertia J, given spin */
typedef struct one {
  double x[1][3], v[1][3], f[1][3], omega[1][3], torque[1][3], quat[1][4];
  double mass[1], radius[1];
  rrp_spheres p;
} one;

static void one_init(one *o, const double omega[3])
{
  memset(o, 0, sizeof(*o));
  o->quat[0][0] = 1.0;
  o->mass[0] = 1.0;
  o->radius[0] = 0.5;
  memcpy(o->omega[0], omega, sizeof(o->omega[0]));
  const rrp_spheres p = {1, NULL, 0, o->mass, o->radius, o->x, o->v,
                         (const double (*)[3]) o->f, o->omega, (const double (*)[3]) o->torque,
                         o->quat};
  o->p = p;
}

/* a free sphere spinning through 100 revolutions (many half-turns) stays a unit quaternion and
 * ends at n times the per-step angle the map implies */
static void test_free_spin_through_half_turns(void **state)
{
  (void) state;
  const double h = 0.01, wmag = 2.0 * PI; /* 1 revolution per unit time */
  const double n[3] = {1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0};
  const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
  for (int s = 0; s < 3; s++) {
    const rrp_scheme *sc = &rrp_schemes[s];
    const double om[3] = {wmag * n[0], wmag * n[1], wmag * n[2]};
    one o;
    one_init(&o, om);
    const long nsteps = 10000; /* 100 revolutions */
    for (long k = 0; k < nsteps; k++) {
      assert_int_equal(rrp_spheres_first(sc, &o.p, &in, h, 1.0, NULL, NULL), RRP_OK);
      rrp_spheres_second(sc, &o.p, &in, h, 1.0);
    }
    const double step = (s == 0) ? asin(h * wmag) : 2.0 * atan(h * wmag / 2.0);
    const double total = (double) nsteps * step;
    double ex[4] = {cos(total / 2.0), sin(total / 2.0) * n[0], sin(total / 2.0) * n[1],
                    sin(total / 2.0) * n[2]};
    double R[3][3], Rex[3][3];
    rrp_quat_to_matrix(o.quat[0], R);
    assert_rotation(R, TOL_ACCUMULATED);
    const double *q = o.quat[0];
    assert_close(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1.0, 0.0, TOL_ACCUMULATED);
    rrp_quat_to_matrix(ex, Rex);
    assert_mat_close(R, Rex, 1e-11);
    assert_vec_close(o.omega[0], om, 3, 0.0, 0.0); /* torque-free: Omega untouched */
  }
}

/* a step too large stops at the offending particle, reports it and leaves it untouched */
static void test_exact_step_too_large(void **state)
{
  (void) state;
  double x[3][3] = {{0}}, v[3][3] = {{0}}, f[3][3] = {{0}}, tq[3][3] = {{0}};
  double om[3][3] = {{0.1, 0, 0}, {0, 0, 20.0}, {0, 0.2, 0}};
  double quat[3][4] = {{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
  const double mass[3] = {1, 1, 1}, radius[3] = {1, 1, 1};
  const rrp_spheres p = {3, NULL, 0, mass, radius, x, v, (const double (*)[3]) f, om,
                         (const double (*)[3]) tq, quat};
  const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_spheres_first(rrp_scheme_find("exact"), &p, &in, 0.1, 1.0, NULL, &bad),
                   RRP_ESTEP);
  assert_int_equal(bad.index, 1);
  assert_close(bad.hw, 2.0, 1e-15, 0.0);
  assert_vec_close(quat[1], (const double[4]){1, 0, 0, 0}, 4, 0.0, 0.0);
  assert_vec_close(om[1], (const double[3]){0, 0, 20}, 3, 0.0, 0.0);
  /* newmark takes it: (25) has no step limit */
  assert_int_equal(rrp_spheres_first(rrp_scheme_find("newmark"), &p, &in, 0.1, 1.0, NULL, &bad),
                   RRP_OK);
  /* a NaN torque is refused by every scheme */
  om[1][2] = 0.5;
  tq[2][0] = NAN;
  for (int s = 0; s < rrp_nschemes; s++) {
    bad.index = -1;
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &in, 0.1, 1.0, NULL, &bad),
                     RRP_ENONFINITE);
    assert_int_equal(bad.index, 2);
  }
}

/* with fallbacks, the exact map takes map (25)'s increment where it has none (h|w| >= 1), for that
 * particle only, and counts it: that particle's x, v, Omega and orientation are those of newmark,
 * the others' those of exact, bitwise; 200 particles (several blocks), two of them too fast */
static void test_exact_fallback(void **state)
{
  (void) state;
  enum { N = 200 };
  static double x[3][N][3], v[3][N][3], f[N][3], tq[N][3], om[3][N][3], quat[3][N][4];
  double mass[N], radius[N];
  rng_t r = {909};
  for (int i = 0; i < N; i++) {
    mass[i] = rng_range(&r, 0.5, 2.0);
    radius[i] = rng_range(&r, 0.3, 0.6);
    double q[4] = {1, rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1)};
    rrp_quat_normalize(q);
    for (int d = 0; d < 3; d++) {
      f[i][d] = rng_range(&r, -1, 1);
      tq[i][d] = rng_range(&r, -1, 1);
    }
    double w[3] = {rng_range(&r, -2, 2), rng_range(&r, -2, 2), rng_range(&r, -2, 2)};
    if (i == 7 || i == 130) w[2] = 25.0; /* h |w| ~ 2.5 */
    for (int c = 0; c < 3; c++) {
      for (int d = 0; d < 3; d++) {
        x[c][i][d] = i + d;
        v[c][i][d] = 0.1 * d;
        om[c][i][d] = w[d];
      }
      memcpy(quat[c][i], q, sizeof(q));
    }
  }
  rrp_spheres p[3];
  for (int c = 0; c < 3; c++)
    p[c] = (rrp_spheres){N, NULL, 0, mass, radius, x[c], v[c], (const double (*)[3]) f, om[c],
                         (const double (*)[3]) tq, quat[c]};
  const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
  const rrp_scheme *exact = rrp_scheme_find("exact"), *newmark = rrp_scheme_find("newmark");
  long fallbacks = 0;
  const rrp_first_options fallback = {&fallbacks, 0, NULL, NULL}, none = {NULL, 0, NULL, NULL};
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_spheres_first(exact, &p[0], &in, 0.1, 1.0, &fallback, &bad), RRP_OK);
  assert_int_equal(fallbacks, 2);
  assert_int_equal(rrp_spheres_first(newmark, &p[1], &in, 0.1, 1.0, NULL, &bad), RRP_OK);
  assert_int_equal(rrp_spheres_first(exact, &p[2], &in, 0.1, 1.0, NULL, &bad), RRP_ESTEP);
  assert_int_equal(bad.index, 7);
  /* strict stopped at particle 7: the exact map for the rest, particle by particle */
  for (int i = 0; i < N; i++) {
    const int fell = i == 7 || i == 130;
    assert_memory_equal(x[0][i], x[1][i], sizeof(x[0][i]));
    assert_memory_equal(v[0][i], v[1][i], sizeof(v[0][i]));
    assert_memory_equal(om[0][i], om[1][i], sizeof(om[0][i]));
    if (fell) assert_memory_equal(quat[0][i], quat[1][i], sizeof(quat[0][i]));
    else if (i < 7) assert_memory_equal(quat[0][i], quat[2][i], sizeof(quat[0][i]));
  }
  /* options without fallbacks, or another scheme, as the plain first half */
  bad.index = -1;
  assert_int_equal(rrp_spheres_first(exact, &p[2], &in, 0.1, 1.0, &none, &bad), RRP_ESTEP);
  assert_int_equal(rrp_spheres_first(newmark, &p[1], &in, 0.1, 1.0, &fallback, &bad), RRP_OK);
  assert_int_equal(fallbacks, 2);
}

/* the turn alone: after rrp_spheres_first with fallbacks, a copy of the old orientations turned
 * with the new spins is bitwise the first half's (fallbacks at the same particles); without
 * fallbacks RRP_ESTEP at the first, left untouched */
static void test_turn_is_first_half_without_kicks(void **state)
{
  (void) state;
  enum { N = 100 };
  static double x[N][3], v[N][3], f[N][3], tq[N][3], om[N][3], quat[N][4], q2[N][4], q3[N][4];
  double mass[N], radius[N];
  rng_t r = {4242};
  for (int i = 0; i < N; i++) {
    mass[i] = rng_range(&r, 0.5, 2.0);
    radius[i] = rng_range(&r, 0.3, 0.6);
    double q[4] = {1, rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1)};
    rrp_quat_normalize(q);
    memcpy(quat[i], q, sizeof(q));
    for (int d = 0; d < 3; d++) {
      x[i][d] = i + d;
      v[i][d] = 0.1 * d;
      f[i][d] = rng_range(&r, -1, 1);
      tq[i][d] = rng_range(&r, -1, 1);
      om[i][d] = rng_range(&r, -2, 2);
    }
    if (i == 11 || i == 60) om[i][0] = 30.0;
  }
  memcpy(q2, quat, sizeof(q2));
  memcpy(q3, quat, sizeof(q3));
  rrp_spheres p = {N, NULL, 0, mass, radius, x, v, (const double (*)[3]) f, om,
                   (const double (*)[3]) tq, quat};
  const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
  long fb1 = 0, fb2 = 0;
  const rrp_first_options fallback = {&fb1, 0, NULL, NULL};
  assert_int_equal(rrp_spheres_first(rrp_scheme_find("exact"), &p, &in, 0.1, 1.0, &fallback, NULL),
                   RRP_OK);
  rrp_spheres t = p;
  t.quat = q2;
  assert_int_equal(rrp_spheres_turn(&t, 0.1, &fb2, NULL), RRP_OK);
  assert_int_equal(fb1, 2);
  assert_int_equal(fb2, 2);
  assert_memory_equal(q2, quat, sizeof(q2));
  t.quat = q3;
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_spheres_turn(&t, 0.1, NULL, &bad), RRP_ESTEP);
  assert_int_equal(bad.index, 11);
  assert_true(bad.hw >= 1.0);
  assert_memory_equal(q3[0], quat[0], 11 * sizeof(q3[0]));
  double ident[4];
  memcpy(ident, q3[11], sizeof(ident));
  assert_memory_not_equal(ident, quat[11], sizeof(ident));
  om[3][1] = NAN;
  assert_int_equal(rrp_spheres_turn(&t, 0.1, &fb2, &bad), RRP_ENONFINITE);
  assert_int_equal(bad.index, 3);
}

/* the one-pass Nose-Hoover passes against LAMMPS's separate loops (FixNH::nh_v_temp, nve_v,
 * FixNHSphere's omega loops, nve_x) and rrp_spheres_turn: the same bits */
static void test_nh_passes_equal_separate_loops(void **state)
{
  (void) state;
  enum { N = 64 };
  static double x[2][N][3], v[2][N][3], f[N][3], tq[N][3], om[2][N][3], quat[2][N][4];
  double mass[N], radius[N];
  int mask[N];
  rng_t r = {777};
  for (int i = 0; i < N; i++) {
    mass[i] = rng_range(&r, 0.5, 2.0);
    radius[i] = rng_range(&r, 0.3, 0.6);
    mask[i] = (i % 5 == 3) ? 0 : 1;
    double q[4] = {1, rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1)};
    rrp_quat_normalize(q);
    for (int d = 0; d < 3; d++) {
      f[i][d] = rng_range(&r, -3, 3);
      tq[i][d] = rng_range(&r, -3, 3);
    }
    for (int c = 0; c < 2; c++) {
      for (int d = 0; d < 3; d++) {
        x[c][i][d] = i + d;
        v[c][i][d] = 0.1 * d - 0.03 * i;
        om[c][i][d] = 0.5 * d + 0.01 * i;
      }
      memcpy(quat[c][i], q, sizeof(q));
    }
  }
  rrp_spheres p[2];
  for (int c = 0; c < 2; c++)
    p[c] = (rrp_spheres){N, mask, 1, mass, radius, x[c], v[c], (const double (*)[3]) f, om[c],
                         (const double (*)[3]) tq, quat[c]};
  const double cr = 0.4, scale = 0.9975, dtf = 0.5 * 0.01, h = 0.01;
  for (int step = 0; step < 5; step++) {
    long fb0 = 0, fb1 = 0;
    /* LAMMPS's loops, in their order */
    for (int i = 0; i < N; i++)
      if (mask[i])
        for (int d = 0; d < 3; d++) v[0][i][d] *= scale;
    for (int i = 0; i < N; i++)
      if (mask[i])
        for (int d = 0; d < 3; d++) om[0][i][d] *= scale;
    for (int i = 0; i < N; i++)
      if (mask[i]) {
        const double dtfm = dtf / mass[i];
        for (int d = 0; d < 3; d++) v[0][i][d] += dtfm * f[i][d];
      }
    const double dtfrotate = dtf / cr;
    for (int i = 0; i < N; i++)
      if (mask[i]) {
        const double dtirotate = dtfrotate / (radius[i] * radius[i] * mass[i]);
        for (int d = 0; d < 3; d++) om[0][i][d] += dtirotate * tq[i][d];
      }
    for (int i = 0; i < N; i++)
      if (mask[i])
        for (int d = 0; d < 3; d++) x[0][i][d] += h * v[0][i][d];
    assert_int_equal(rrp_spheres_turn(&p[0], h, &fb0, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_nh_first(&p[1], cr, scale, dtf, h, &fb1, NULL), RRP_OK);
    /* the second half: kick, then scale */
    for (int i = 0; i < N; i++)
      if (mask[i]) {
        const double dtfm = dtf / mass[i];
        for (int d = 0; d < 3; d++) v[0][i][d] += dtfm * f[i][d];
      }
    for (int i = 0; i < N; i++)
      if (mask[i]) {
        const double dtirotate = dtfrotate / (radius[i] * radius[i] * mass[i]);
        for (int d = 0; d < 3; d++) om[0][i][d] += dtirotate * tq[i][d];
      }
    rrp_spheres_nh_kick(&p[1], cr, dtf);
    for (int i = 0; i < N; i++)
      if (mask[i])
        for (int d = 0; d < 3; d++) {
          v[0][i][d] *= scale;
          om[0][i][d] *= scale;
        }
    rrp_spheres_scale(&p[1], scale);
  }
  assert_memory_equal(x[0], x[1], sizeof(x[0]));
  assert_memory_equal(v[0], v[1], sizeof(v[0]));
  assert_memory_equal(om[0], om[1], sizeof(om[0]));
  assert_memory_equal(quat[0], quat[1], sizeof(quat[0]));
  /* drift and turn in one pass: the two passes' bits */
  for (int i = 0; i < N; i++)
    if (mask[i])
      for (int d = 0; d < 3; d++) x[0][i][d] += h * v[0][i][d];
  assert_int_equal(rrp_spheres_turn(&p[0], h, NULL, NULL), RRP_OK);
  assert_int_equal(rrp_spheres_drift_turn(&p[1], h, NULL, NULL), RRP_OK);
  assert_memory_equal(x[0], x[1], sizeof(x[0]));
  assert_memory_equal(quat[0], quat[1], sizeof(quat[0]));
  /* all selected (no mask): the blocked paths of the first half, the kick and the drift and turn */
  for (int c = 0; c < 2; c++) p[c].mask = NULL;
  for (int step = 0; step < 3; step++) {
    for (int i = 0; i < N; i++)
      for (int d = 0; d < 3; d++) {
        v[0][i][d] *= scale;
        om[0][i][d] *= scale;
        v[0][i][d] += dtf / mass[i] * f[i][d];
        om[0][i][d] += dtf / cr / (radius[i] * radius[i] * mass[i]) * tq[i][d];
        x[0][i][d] += h * v[0][i][d];
      }
    assert_int_equal(rrp_spheres_turn(&p[0], h, NULL, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_nh_first(&p[1], cr, scale, dtf, h, NULL, NULL), RRP_OK);
    for (int i = 0; i < N; i++)
      for (int d = 0; d < 3; d++) {
        v[0][i][d] += dtf / mass[i] * f[i][d];
        om[0][i][d] += dtf / cr / (radius[i] * radius[i] * mass[i]) * tq[i][d];
      }
    rrp_spheres_nh_kick(&p[1], cr, dtf);
    for (int i = 0; i < N; i++)
      for (int d = 0; d < 3; d++) x[0][i][d] += h * v[0][i][d];
    assert_int_equal(rrp_spheres_turn(&p[0], h, NULL, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_drift_turn(&p[1], h, NULL, NULL), RRP_OK);
  }
  assert_memory_equal(x[0], x[1], sizeof(x[0]));
  assert_memory_equal(v[0], v[1], sizeof(v[0]));
  assert_memory_equal(om[0], om[1], sizeof(om[0]));
  assert_memory_equal(quat[0], quat[1], sizeof(quat[0]));
}

/* a mass or radius that is not positive and finite (an atom created or changed during a run) is
 * reported before anything moves, by every scheme; a negative radius too, although r^2 > 0 */
static void test_bad_body(void **state)
{
  (void) state;
  double x[3][3] = {{0}}, v[3][3] = {{0}}, f[3][3] = {{0}}, tq[3][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  double om[3][3] = {{0}}, quat[3][4] = {{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
  double mass[3] = {1, 1, 1}, radius[3] = {1, 1, 1};
  const rrp_spheres p = {3, NULL, 0, mass, radius, x, v, (const double (*)[3]) f, om,
                         (const double (*)[3]) tq, quat};
  const rrp_inertia ratio = {RRP_INERTIA_RATIO, 0.4, NULL}, value = {RRP_INERTIA_VALUE, 1.0, NULL};
  const double bad_radius[] = {0.0, -0.25, NAN, INFINITY};
  for (int s = 0; s < rrp_nschemes; s++) {
    for (size_t k = 0; k < sizeof(bad_radius) / sizeof(bad_radius[0]); k++) {
      radius[2] = bad_radius[k];
      rrp_step_report bad = {-1, 0.0};
      assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &ratio, 0.1, 1.0, NULL, &bad),
                       RRP_EDOMAIN);
      assert_int_equal(bad.index, 2);
      assert_vec_close(om[2], (const double[3]){0, 0, 0}, 3, 0.0, 0.0);
      /* J given as a value does not use the radius */
      for (int i = 0; i < 3; i++) om[i][2] = 0.0;
      assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &value, 0.1, 1.0, NULL, &bad),
                       RRP_OK);
      for (int i = 0; i < 3; i++) om[i][2] = 0.0;
    }
    radius[2] = 1.0;
    /* a per-atom inertia: the same as a common value where they agree; a bad one is reported */
    double J[3] = {1.0, 1.0, 1.0};
    const rrp_inertia atom = {RRP_INERTIA_ATOM, 0.0, J};
    double x2[3][3], v2[3][3], om2[3][3], q2[3][4];
    memcpy(x2, x, sizeof(x));
    memcpy(v2, v, sizeof(v));
    memcpy(om2, om, sizeof(om));
    memcpy(q2, quat, sizeof(quat));
    const rrp_spheres p2 = {3, NULL, 0, mass, radius, x2, v2, (const double (*)[3]) f, om2,
                            (const double (*)[3]) tq, q2};
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &value, 0.1, 1.0, NULL, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p2, &atom, 0.1, 1.0, NULL, NULL), RRP_OK);
    assert_memory_equal(om, om2, sizeof(om));
    assert_memory_equal(quat, q2, sizeof(quat));
    assert_close(rrp_inertia_of_atom(&atom, 2, 1.0, 1.0), 1.0, 0.0, 0.0);
    J[1] = 0.0;
    rrp_step_report jbad = {-1, 0.0};
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p2, &atom, 0.1, 1.0, NULL, &jbad),
                     RRP_EDOMAIN);
    assert_int_equal(jbad.index, 1);
    memset(om, 0, sizeof(om));
    mass[1] = -1.0;
    rrp_step_report bad = {-1, 0.0};
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &value, 0.1, 1.0, NULL, &bad),
                     RRP_EDOMAIN);
    assert_int_equal(bad.index, 1);
    mass[1] = 1.0;
  }
}

/* the group mask: particles outside the group are not moved */
static void test_mask(void **state)
{
  (void) state;
  double x[2][3] = {{0}}, v[2][3] = {{1, 0, 0}, {1, 0, 0}}, f[2][3] = {{1, 1, 1}, {1, 1, 1}};
  double tq[2][3] = {{1, 0, 0}, {1, 0, 0}}, om[2][3] = {{0, 0, 1}, {0, 0, 1}};
  double quat[2][4] = {{1, 0, 0, 0}, {1, 0, 0, 0}};
  const int mask[2] = {1 | 4, 1};
  const double mass[2] = {1, 1};
  const rrp_spheres p = {2, mask, 4, mass, NULL, x, v, (const double (*)[3]) f, om,
                         (const double (*)[3]) tq, quat};
  const rrp_inertia in = {RRP_INERTIA_VALUE, 1.0, NULL};
  for (int s = 0; s < rrp_nschemes; s++) {
    assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &p, &in, 0.1, 1.0, NULL, NULL), RRP_OK);
    rrp_spheres_second(&rrp_schemes[s], &p, &in, 0.1, 1.0);
  }
  assert_true(x[0][0] > 0.0 && quat[0][1] != 0.0);
  assert_vec_close(x[1], (const double[3]){0, 0, 0}, 3, 0.0, 0.0);
  assert_vec_close(v[1], (const double[3]){1, 0, 0}, 3, 0.0, 0.0);
  assert_vec_close(om[1], (const double[3]){0, 0, 1}, 3, 0.0, 0.0);
  assert_vec_close(quat[1], (const double[4]){1, 0, 0, 0}, 4, 0.0, 0.0);
}

/* rrp_first_options.joined: the second half of the step before and the first half of this one in
 * one pass give the bits of the two calls, for every scheme and inertia rule, a group that holds
 * some particles, blocks cut anywhere (77 particles), the exact map's fallback, and an invalid
 * mass reported at the same particle with the same state left */
#define NJ 77
typedef struct joined_sys {
  double x[NJ][3], v[NJ][3], f[NJ][3], om[NJ][3], tq[NJ][3], q[NJ][4], m[NJ], r[NJ], J[NJ];
  int mask[NJ];
} joined_sys;

static void joined_forces(joined_sys *a)
{
  for (int i = 0; i < NJ; i++)
    for (int d = 0; d < 3; d++) {
      a->f[i][d] = -0.3 * a->x[i][d] + 0.01 * (double) (i % 7);
      a->tq[i][d] = -0.2 * a->q[i][d + 1] + 0.02 * (double) (i % 5);
    }
}

/* NJ particles, two in three in group 2, one spinning past the exact map's limit (h = 0.05) */
static void joined_init(joined_sys *a)
{
  unsigned u = 12345u;
  for (int i = 0; i < NJ; i++) {
    for (int d = 0; d < 3; d++) {
      u = u * 1103515245u + 12345u;
      a->x[i][d] = (double) (u >> 8) / 16777216.0 - 0.5;
      a->v[i][d] = 0.3 * a->x[i][d] + 0.1 * d;
      a->om[i][d] = 2.0 * a->x[i][d] - 0.4 * d;
    }
    const double n = sqrt(1.0 + a->x[i][0] * a->x[i][0]);
    a->q[i][0] = 1.0 / n;
    a->q[i][1] = a->x[i][0] / n;
    a->q[i][2] = a->q[i][3] = 0.0;
    a->m[i] = 1.0 + 0.01 * i;
    a->r[i] = 0.5 + 0.002 * i;
    a->J[i] = 0.1 + 0.001 * i;
    a->mask[i] = (i % 3 == 1) ? 1 : 3; /* groupbit 2: two in three */
  }
  a->om[41][2] = 25.0; /* h |w| > 1: the exact map falls back to (25) there */
  joined_forces(a);
}

static rrp_spheres joined_views(joined_sys *a, int masked)
{
  const rrp_spheres p = {NJ, masked ? a->mask : NULL, 2, a->m, a->r, a->x, a->v,
                         (const double (*)[3]) a->f, a->om, (const double (*)[3]) a->tq, a->q};
  return p;
}

/* the inertia rule of that kind for the system: ratio 0.4, value 0.3, or its per-particle J */
static rrp_inertia joined_inertia(enum rrp_inertia_kind kind, const joined_sys *a)
{
  const rrp_inertia in = {kind, kind == RRP_INERTIA_VALUE ? 0.3 : 0.4,
                          kind == RRP_INERTIA_ATOM ? &a->J[0] : NULL};
  return in;
}

static joined_sys *joined_new(void)
{
  joined_sys *a = malloc(sizeof(joined_sys));
  assert_non_null(a);
  return a;
}

/* two systems, the second a copy of the first, made anew (joined_init) */
static void joined_pair(joined_sys *a, joined_sys *b)
{
  joined_init(a);
  memcpy(b, a, sizeof(*a));
}

static void test_joined_equals_split(void **state)
{
  (void) state;
  joined_sys *a = joined_new(), *b = joined_new();
  const double h = 0.05;
  for (int s = 0; s < rrp_nschemes; s++)
    for (int kind = RRP_INERTIA_RATIO; kind <= RRP_INERTIA_ATOM; kind++)
      for (int masked = 0; masked < 2; masked++) {
        joined_pair(a, b);
        double v1[3];
        memcpy(v1, a->v[1], sizeof(v1));
        const rrp_inertia in = joined_inertia(kind, a), inb = joined_inertia(kind, b);
        const rrp_scheme *sc = &rrp_schemes[s];
        rrp_spheres pa = joined_views(a, masked), pb = joined_views(b, masked);
        long fa = 0, fb = 0;
        const rrp_first_options oa = {&fa, 0, NULL, NULL}, ob = {&fb, 0, NULL, NULL},
                                jb = {&fb, 1, NULL, NULL};
        for (int k = 0; k < 6; k++) {
          rrp_step_report ra = {-1, 0.0}, rb = {-1, 0.0};
          assert_int_equal(rrp_spheres_first(sc, &pa, &in, h, 1.0, &oa, &ra), RRP_OK);
          const int sb = rrp_spheres_first(sc, &pb, &inb, h, 1.0, k == 0 ? &ob : &jb, &rb);
          assert_int_equal(sb, RRP_OK);
          joined_forces(a);
          joined_forces(b);
          rrp_spheres_second(sc, &pa, &in, h, 1.0); /* b owes this one to its next step */
        }
        rrp_spheres_second(sc, &pb, &inb, h, 1.0);
        assert_memory_equal(a, b, sizeof(*a));
        assert_int_equal(fa, fb);
        if (s == 0) assert_true(fa > 0); /* the fallback was taken */
        if (masked) assert_memory_equal(a->v[1], v1, sizeof(v1)); /* outside the group */
        /* an invalid mass on the step after a joined one: reported at the same particle, and
         * every particle left as the two calls leave them (the blocks after the failing one
         * still get the owed second half) */
        assert_int_equal(rrp_spheres_first(sc, &pa, &in, h, 1.0, &oa, NULL), RRP_OK);
        assert_int_equal(rrp_spheres_first(sc, &pb, &inb, h, 1.0, &ob, NULL), RRP_OK);
        joined_forces(a);
        joined_forces(b);
        a->m[50] = b->m[50] = -1.0; /* as fix adapt would in the forces' part of the step */
        rrp_spheres_second(sc, &pa, &in, h, 1.0); /* b owes it */
        rrp_step_report ra = {-1, 0.0}, rb = {-1, 0.0};
        assert_int_equal(rrp_spheres_first(sc, &pa, &in, h, 1.0, &oa, &ra), RRP_EDOMAIN);
        assert_int_equal(rrp_spheres_first(sc, &pb, &inb, h, 1.0, &jb, &rb), RRP_EDOMAIN);
        assert_int_equal(ra.index, 50);
        assert_int_equal(rb.index, 50);
        assert_memory_equal(a, b, sizeof(*a));
      }
  free(a);
  free(b);
}

/* every force and torque of the system zero */
static int cleared(const joined_sys *a)
{
  int zero = 1;
  for (int i = 0; i < NJ; i++)
    for (int d = 0; d < 3; d++) zero &= (a->f[i][d] == 0.0) & (a->tq[i][d] == 0.0);
  return zero;
}

/* b's forces and torques all zero; with a's set to zero too, the two systems alike */
static void assert_cleared_alike(joined_sys *a, const joined_sys *b)
{
  assert_true(cleared(b));
  memset(a->f, 0, sizeof(a->f));
  memset(a->tq, 0, sizeof(a->tq));
  assert_memory_equal(a, b, sizeof(*a));
}

/* rrp_first_options.clear_f: the particles' bits of the same first half without it (with
 * fallbacks, joined or not), every force and torque zero after it, selected particles or not,
 * through the exact map's fallback; and on an invalid mass the same report and particles */
static void test_clearing_equals_plain(void **state)
{
  (void) state;
  joined_sys *a = joined_new(), *b = joined_new();
  for (int join = 0; join < 2; join++)
    for (int s = 0; s < rrp_nschemes; s++)
      for (int kind = RRP_INERTIA_RATIO; kind <= RRP_INERTIA_ATOM; kind++)
        for (int masked = 0; masked < 2; masked++) {
          const double h = 0.05;
          joined_pair(a, b);
          const rrp_inertia in = joined_inertia(kind, a), inb = joined_inertia(kind, b);
          const rrp_scheme *sc = &rrp_schemes[s];
          rrp_spheres pa = joined_views(a, masked), pb = joined_views(b, masked);
          long fa = 0, fb = 0;
          for (int k = 0; k < 6; k++) {
            const int owed = join && k > 0;
            const rrp_first_options oa = {&fa, owed, NULL, NULL}, ob = {&fb, owed, b->f, b->tq};
            assert_int_equal(rrp_spheres_first(sc, &pa, &in, h, 1.0, &oa, NULL), RRP_OK);
            assert_int_equal(rrp_spheres_first(sc, &pb, &inb, h, 1.0, &ob, NULL), RRP_OK);
            assert_cleared_alike(a, b);
            joined_forces(a);
            joined_forces(b);
            if (!join) {
              rrp_spheres_second(sc, &pa, &in, h, 1.0);
              rrp_spheres_second(sc, &pb, &inb, h, 1.0);
            }
          }
          assert_int_equal(fa, fb);
          if (s == 0) assert_true(fa > 0); /* the fallback was taken */
          /* an invalid mass: reported at the same particle, the particles left alike */
          a->m[50] = b->m[50] = -1.0;
          rrp_step_report ra = {-1, 0.0}, rb = {-1, 0.0};
          const rrp_first_options oa = {&fa, join, NULL, NULL}, ob = {&fb, join, b->f, b->tq};
          assert_int_equal(rrp_spheres_first(sc, &pa, &in, h, 1.0, &oa, &ra), RRP_EDOMAIN);
          assert_int_equal(rrp_spheres_first(sc, &pb, &inb, h, 1.0, &ob, &rb), RRP_EDOMAIN);
          assert_int_equal(ra.index, 50);
          assert_int_equal(rb.index, 50);
          assert_memory_equal(a->x, b->x, sizeof(a->x));
          assert_memory_equal(a->v, b->v, sizeof(a->v));
          assert_memory_equal(a->om, b->om, sizeof(a->om));
          assert_memory_equal(a->q, b->q, sizeof(a->q));
        }
  free(a);
  free(b);
}

/* a scheme of the caller's own, not in rrp_schemes (here newmark's data): the halves read its
 * data, so it is cleared with the bits of its plain first half, which are newmark's */
static void test_clearing_own_scheme(void **state)
{
  (void) state;
  const rrp_scheme own = {"own", 2, "(25)", 0.5, 0};
  joined_sys *a = joined_new(), *b = joined_new(), *c = joined_new();
  joined_init(a);
  a->om[41][2] = 0.0; /* no fallback: newmark's first half has none */
  memcpy(b, a, sizeof(*a));
  memcpy(c, a, sizeof(*a));
  const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
  rrp_spheres pa = joined_views(a, 1), pb = joined_views(b, 1), pc = joined_views(c, 1);
  const rrp_first_options clear = {NULL, 0, b->f, b->tq};
  assert_int_equal(rrp_spheres_first(&own, &pa, &in, 0.05, 1.0, NULL, NULL), RRP_OK);
  assert_int_equal(rrp_spheres_first(rrp_scheme_find("newmark"), &pc, &in, 0.05, 1.0, NULL, NULL),
                   RRP_OK);
  assert_memory_equal(a, c, sizeof(*a));
  assert_int_equal(rrp_spheres_first(&own, &pb, &in, 0.05, 1.0, &clear, NULL), RRP_OK);
  assert_cleared_alike(a, b);
  free(a);
  free(b);
  free(c);
}

/* a constant force: (23a)/(25a) are exact for it, (27) is symplectic Euler; ftm2v scales */
static void test_translation_constant_force(void **state)
{
  (void) state;
  const double h = 0.01, F = 3.0, m = 2.0, ftm2v = 0.5;
  for (int s = 0; s < rrp_nschemes; s++) {
    const double zero[3] = {0, 0, 0};
    one o;
    one_init(&o, zero);
    o.mass[0] = m;
    o.v[0][1] = 1.0;
    o.f[0][0] = F;
    const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
    const int nsteps = 100;
    for (int k = 0; k < nsteps; k++) {
      assert_int_equal(rrp_spheres_first(&rrp_schemes[s], &o.p, &in, h, ftm2v, NULL, NULL), RRP_OK);
      rrp_spheres_second(&rrp_schemes[s], &o.p, &in, h, ftm2v);
    }
    const double t = nsteps * h, a = F * ftm2v / m;
    const double xex = (s < 2) ? 0.5 * a * t * t : 0.5 * a * t * (t + h);
    assert_close(o.x[0][0], xex, 1e-13, 0.0);
    assert_close(o.v[0][0], a * t, 1e-13, 0.0);
    assert_close(o.x[0][1], t, 1e-13, 0.0);
  }
}

/* the 3D pendulum of section 3 (m = g = J = 1): the core loop as LAMMPS runs it */
typedef struct pend_result {
  double eerr;    /* E(t)-error (38) */
  double inv_dot; /* max |R rho0 . Omega - initial| */
  double inv_len; /* max ||R rho0| - 1| */
} pend_result;

static pend_result run_pendulum(const rrp_scheme *sc, double h, long nsteps)
{
  const double rho0[3] = {0, 0, 1}, g[3] = {0, 0, 1};
  const double a0[3] = {0.0, 2.0 * tan(3.0 * PI / 8.0), 0.0};
  const double s45 = sin(PI / 4.0);
  const double om0[3] = {0.4 * s45 * s45, 0.0, 0.4 * s45 * s45};
  one o;
  one_init(&o, om0);
  rrp_alpha_to_quat(a0, o.quat[0]);
  const rrp_inertia in = {RRP_INERTIA_VALUE, 1.0, NULL};
  double U = rrp_lever_field(1.0, o.quat[0], rho0, g, o.torque[0]);
  const double *w = o.omega[0];
  double rr[3];
  rrp_quat_rotate(o.quat[0], rho0, rr);
  const double dot0 = rr[0] * w[0] + rr[1] * w[1] + rr[2] * w[2];
  const double E0 = 0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + U;
  double sum = 0.0;
  pend_result res = {0, 0, 0};
  for (long k = 0; k < nsteps; k++) {
    assert_int_equal(rrp_spheres_first(sc, &o.p, &in, h, 1.0, NULL, NULL), RRP_OK);
    memset(o.torque, 0, sizeof(o.torque));
    U = rrp_lever_field(1.0, o.quat[0], rho0, g, o.torque[0]);
    rrp_spheres_second(sc, &o.p, &in, h, 1.0);
    const double E = 0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + U;
    sum += (E - E0) * (E - E0) * h;
    rrp_quat_rotate(o.quat[0], rho0, rr);
    res.inv_dot = fmax(res.inv_dot, fabs(rr[0] * w[0] + rr[1] * w[1] + rr[2] * w[2] - dot0));
    res.inv_len = fmax(res.inv_len, fabs(sqrt(rr[0] * rr[0] + rr[1] * rr[1] + rr[2] * rr[2]) - 1.0));
  }
  res.eerr = sqrt(sum) / (fabs(E0) * sqrt((double) nsteps * h));
  return res;
}

/* (41b), (41c): R rho0 . Omega and |R rho0| conserved to round-off over 1e5 steps.
 * R rho0 . Omega is conserved exactly by the maps; in floating point each step rounds Omega
 * (stored in double, as LAMMPS's atom->omega) by about eps |Omega|, so the invariant performs a
 * random walk of size sqrt(N) eps |Omega|: with the quaternion in long double and Omega rounded
 * to double it still reaches 2.8e-14 over 1e5 steps of h = 0.01 (|Omega| up to 1.9). The bound
 * asserted is that random-walk floor; a drift (a map that does not conserve it) grows as N h. */
#define TOL_RANDOM_WALK(nsteps, omax) (sqrt((double) (nsteps)) * 2.220446049250313e-16 * (omax))
static void test_pendulum_invariants(void **state)
{
  (void) state;
  const long nsteps = 100000;
  for (int s = 0; s < rrp_nschemes; s++) {
    const pend_result r = run_pendulum(&rrp_schemes[s], 0.01, nsteps);
    print_message("  %-8s 1e5 steps: max |R rho0 . Omega| %.3g (floor %.3g), max ||R rho0| - 1| %.3g\n",
                  rrp_schemes[s].name, r.inv_dot, TOL_RANDOM_WALK(nsteps, 2.0), r.inv_len);
    assert_true(r.inv_dot < TOL_RANDOM_WALK(nsteps, 2.0));
    assert_true(r.inv_len < 1e-14);
    const pend_result r3 = run_pendulum(&rrp_schemes[s], 0.01, 1000);
    assert_true(r3.inv_dot < 1e-14);
  }
}

/* Fig. 1: energy error (38) of order 2 for (23), (25) and 1 for (27), h = 0.1 ... 0.0125 */
static void test_pendulum_energy_order(void **state)
{
  (void) state;
  for (int s = 0; s < rrp_nschemes; s++) {
    double e[4];
    double h = 0.1;
    for (int k = 0; k < 4; k++, h /= 2.0) e[k] = run_pendulum(&rrp_schemes[s], h, lround(10.0 / h)).eerr;
    const double order = log2(e[2] / e[3]);
    print_message("  %-8s E-error %.3e %.3e %.3e %.3e, order %.3f\n", rrp_schemes[s].name, e[0],
                  e[1], e[2], e[3], order);
    assert_close(order, (double) rrp_schemes[s].order, 0.0, 0.1);
  }
}

/* the lever field's torque is minus the rotational gradient of its energy:
 * dU(R(eps e_a) R)/d eps = -T_a, by central differences */
static void test_lever_field_gradient(void **state)
{
  (void) state;
  rng_t r = {31};
  for (int k = 0; k < 50; k++) {
    double q[4], l[3], g[3], T[3] = {0, 0, 0};
    for (int d = 0; d < 4; d++) q[d] = rng_range(&r, -1, 1);
    rrp_quat_normalize(q);
    rng_vec(&r, 2.0, l);
    rng_vec(&r, 3.0, g);
    const double m = rng_range(&r, 0.5, 2.0);
    rrp_lever_field(m, q, l, g, T);
    const double eps = 1e-5;
    for (int a = 0; a < 3; a++) {
      double qp[4], qm[4], dummy[3] = {0, 0, 0};
      fd_rotated(q, a, eps, qp);
      fd_rotated(q, a, -eps, qm);
      const double dU = (rrp_lever_field(m, qp, l, g, dummy) - rrp_lever_field(m, qm, l, g, dummy)) /
          (2.0 * eps);
      assert_close(-dU, T[a], 0.0, TOL_FD);
    }
  }
}

static void test_momentum_add(void **state)
{
  (void) state;
  double acc[RRP_MOM_N] = {0};
  const double x[3] = {1, 2, 3}, v[3] = {0.5, -1, 2}, om[3] = {0, 1, -1};
  rrp_momentum_add(2.0, 0.3, x, v, om, acc);
  rrp_momentum_add(2.0, 0.3, x, v, om, acc);
  const double ex[RRP_MOM_N] = {2, -4, 8, 2 * 2 * (2 * 2 - 3 * -1) + 0, 2 * 2 * (3 * 0.5 - 1 * 2) + 0.6,
                                2 * 2 * (1 * -1 - 2 * 0.5) - 0.6, 2 * 0.5 * 2 * 5.25, 2 * 0.5 * 0.3 * 2};
  assert_vec_close(acc, ex, RRP_MOM_N, 0.0, TOL_ROUNDOFF);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_scheme_table),
      cmocka_unit_test(test_inertia),
      cmocka_unit_test(test_exact_increment),
      cmocka_unit_test(test_increment_factors),
      cmocka_unit_test(test_free_spin_through_half_turns),
      cmocka_unit_test(test_exact_step_too_large),
      cmocka_unit_test(test_exact_fallback),
      cmocka_unit_test(test_turn_is_first_half_without_kicks),
      cmocka_unit_test(test_nh_passes_equal_separate_loops),
    cmocka_unit_test(test_bad_body),
      cmocka_unit_test(test_mask),
      cmocka_unit_test(test_joined_equals_split),
      cmocka_unit_test(test_clearing_equals_plain),
      cmocka_unit_test(test_clearing_own_scheme),
      cmocka_unit_test(test_translation_constant_force),
      cmocka_unit_test(test_pendulum_invariants),
      cmocka_unit_test(test_pendulum_energy_order),
      cmocka_unit_test(test_lever_field_gradient),
      cmocka_unit_test(test_momentum_add),
  };
  return cmocka_run_group_tests_name("integrator", tests, NULL, NULL);
}
