/* test_bodies.c - the general-inertia RRP map on arrays (rrp/bodies.h): equal to the harness's
 * rrp-general scheme on the heavy top, to map (23) for isotropic inertia, conserving L exactly and
 * the energy to round-off on a free asymmetric body; bad bodies reported, left untouched. */
#include "rrp/bodies.h"
#include "rrp/field.h"
#include "rrp/rotation.h"

#include "body_step.h" /* step_one, the one-at-a-time reference (core/src) */
#include "rigid_test_util.h"

#include <string.h>

/* one body at the origin, no force */
typedef struct one {
  double mass[1], inertia[1][3], x[1][3], v[1][3], f[1][3], L[1][3], T[1][3], q[1][4];
  rrp_bodies p;
} one;

static void one_init(one *o, const double I[3], const double L0[3], const double q0[4])
{
  memset(o, 0, sizeof(*o));
  o->mass[0] = 1.0;
  memcpy(o->inertia[0], I, sizeof(o->inertia[0]));
  memcpy(o->L[0], L0, sizeof(o->L[0]));
  memcpy(o->q[0], q0, sizeof(o->q[0]));
  const rrp_bodies p = {1, NULL, 0, o->mass, (const double (*)[3]) o->inertia, o->x, o->v,
                        (const double (*)[3]) o->f, o->L, (const double (*)[3]) o->T, NULL, o->q[0], NULL, 4};
  o->p = p;
}

static double kinetic(const one *o)
{
  double R[3][3], Pi[3];
  rrp_quat_to_matrix(o->q[0], R);
  for (int i = 0; i < 3; i++) Pi[i] = R[0][i] * o->L[0][0] + R[1][i] * o->L[0][1] + R[2][i] * o->L[0][2];
  double k = 0.0;
  for (int i = 0; i < 3; i++) k += 0.5 * Pi[i] * Pi[i] / o->inertia[0][i];
  return k;
}

/* torque-free asymmetric body: L constant exactly, energy to round-off (Moser-Veselov) */
static void test_free_asymmetric(void **state)
{
  (void) state;
  one o;
  const double I[3] = {1.0, 2.0, 3.0}, L0[3] = {0.3, 1.1, 0.2}, q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  const double E0 = kinetic(&o);
  double dE = 0.0;
  for (int k = 0; k < 5000; k++) {
    assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, NULL), RRP_OK);
    rrp_bodies_second(&o.p, 0.05, 1.0);
    dE = fmax(dE, fabs(kinetic(&o) - E0) / E0);
  }
  print_message("  free body I = (1,2,3), 5000 steps of 0.05: max |E-E0|/E0 %.2e\n", dE);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  assert_true(dE < 1e-13);
  assert_close(o.q[0][0] * o.q[0][0] + o.q[0][1] * o.q[0][1] + o.q[0][2] * o.q[0][2] +
                   o.q[0][3] * o.q[0][3], 1.0, 0.0, 1e-15);
}

/* the heavy top of the harness: the array kernel equals the harness's rrp-general scheme */
static void test_equals_harness(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("slow-top");
  const rrp_rigid_scheme *sc = scheme("rrp-general");
  rrp_rigid_state s;
  rrp_rigid_init(p, &s);
  one o;
  double L0[3], q0[4];
  rrp_rigid_spatial_momentum(&s, L0);
  rrp_matrix_to_quat(s.R, q0);
  one_init(&o, p->inertia, L0, q0);
  const double h = 0.01;
  for (int k = 0; k < 300; k++) {
    double R[3][3];
    rrp_quat_to_matrix(o.q[0], R);
    rrp_rigid_torque(p, R, s.t, h, o.T[0]);
    assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
    rrp_quat_to_matrix(o.q[0], R);
    rrp_rigid_torque(p, R, s.t + h, h, o.T[0]);
    rrp_bodies_second(&o.p, h, 1.0);
    assert_int_equal(sc->step(p, h, &s), RRP_OK);
  }
  double R[3][3], L[3];
  rrp_quat_to_matrix(o.q[0], R);
  rrp_rigid_spatial_momentum(&s, L);
  double d = 0.0;
  for (int i = 0; i < 3; i++) {
    d = fmax(d, fabs(o.L[0][i] - L[i]));
    for (int j = 0; j < 3; j++) d = fmax(d, fabs(R[i][j] - s.R[i][j]));
  }
  print_message("  slow top, 300 steps: |array kernel - harness rrp-general| = %.2e\n", d);
  assert_true(d < 1e-11);
}

/* isotropic inertia: the map (23) of the spheres, with a lever-arm torque */
static void test_isotropic_is_sphere_map(void **state)
{
  (void) state;
  const double J = 0.7, g[3] = {0.0, 0.0, 1.0}, lever[3] = {0.3, 0.0, 0.9};
  const double I[3] = {J, J, J}, L0[3] = {0.2 * J, -0.4 * J, 1.3 * J};
  double q0[4] = {0.9, 0.1, -0.3, 0.2};
  rrp_quat_normalize(q0);
  one o;
  one_init(&o, I, L0, q0);
  /* the same particle for the sphere kernel, Omega = L / J */
  double x[1][3] = {{0}}, v[1][3] = {{0}}, f[1][3] = {{0}}, om[1][3], tq[1][3], qs[1][4];
  const double mass[1] = {1.0};
  for (int d = 0; d < 3; d++) om[0][d] = L0[d] / J;
  memcpy(qs[0], q0, sizeof(q0));
  const rrp_spheres sp = {1, NULL, 0, mass, NULL, x, v, (const double (*)[3]) f, om,
                          (const double (*)[3]) tq, qs};
  const rrp_inertia in = {RRP_INERTIA_VALUE, J, NULL};
  const rrp_scheme *exact = rrp_scheme_find("exact");
  const double h = 0.02;
  for (int k = 0; k < 500; k++) {
    memset(o.T[0], 0, sizeof(o.T[0]));
    memset(tq[0], 0, sizeof(tq[0]));
    rrp_lever_field(1.0, o.q[0], lever, g, o.T[0]);
    rrp_lever_field(1.0, qs[0], lever, g, tq[0]);
    assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_first(exact, &sp, &in, h, 1.0, NULL, NULL), RRP_OK);
    memset(o.T[0], 0, sizeof(o.T[0]));
    memset(tq[0], 0, sizeof(tq[0]));
    rrp_lever_field(1.0, o.q[0], lever, g, o.T[0]);
    rrp_lever_field(1.0, qs[0], lever, g, tq[0]);
    rrp_bodies_second(&o.p, h, 1.0);
    rrp_spheres_second(exact, &sp, &in, h, 1.0);
  }
  double d = 0.0;
  for (int i = 0; i < 4; i++) d = fmax(d, fabs(o.q[0][i] - qs[0][i]));
  for (int i = 0; i < 3; i++) d = fmax(d, fabs(o.L[0][i] / J - om[0][i]));
  print_message("  isotropic J, 500 steps with a lever torque: |bodies - spheres (23)| = %.2e\n", d);
  assert_true(d < 1e-12);
}

/* the solver's beta satisfies the matrix form of (14), vee(F J_d - J_d F^T) = rhs with
 * F = R(beta), to round-off, for assorted bodies (rods and discs among them) and steps up to
 * h |omega| = 0.6 */
static void test_legendre_matrix_form(void **state)
{
  (void) state;
  rng_t seed = {12345u};
  double worst = 0.0;
  for (int k = 0; k < 2000; k++) {
    double I[3], rhs[3], beta[3], q[4], R[3][3];
    for (int i = 0; i < 3; i++) I[i] = 0.2 + 3.0 * rng_uniform(&seed);
    if (k % 4 == 1) { /* a thin rod or a flat disc, moment ratios up to 1e3 */
      const double e = pow(10.0, -3.0 * rng_uniform(&seed));
      I[0] = e, I[1] = 1.0, I[2] = 1.0 + e * rng_uniform(&seed);
    } else if (k % 4 == 3) {
      I[0] = 2.0, I[1] = 1.0 + 0.01 * rng_uniform(&seed), I[2] = 1.0;
    }
    if (I[0] + I[1] < I[2] || I[1] + I[2] < I[0] || I[2] + I[0] < I[1]) continue; /* triangle */
    const double scale = 0.6 * fmin(I[0], fmin(I[1], I[2])) * rng_uniform(&seed);
    double u[3] = {rng_uniform(&seed) - 0.5, rng_uniform(&seed) - 0.5, rng_uniform(&seed) - 0.5};
    const double nu = norm3(u);
    for (int i = 0; i < 3; i++) rhs[i] = scale * u[i] / nu;
    /* one step of a free body from the identity solves (14) with rhs = h Pi */
    const double h = 1.0, x0[3] = {0}, f0[3] = {0};
    double x[1][3], v[1][3], L[1][3], qq[1][4] = {{1, 0, 0, 0}};
    const double mass[1] = {1.0}, inertia[1][3] = {{I[0], I[1], I[2]}};
    memcpy(x[0], x0, sizeof(x0));
    memcpy(v[0], x0, sizeof(x0));
    memcpy(L[0], rhs, sizeof(rhs));
    const double f[1][3] = {{f0[0], f0[1], f0[2]}}, t[1][3] = {{0, 0, 0}};
    const rrp_bodies p = {1, NULL, 0, mass, inertia, x, v, f, L, t, NULL, qq[0], NULL, 4};
    assert_int_equal(rrp_bodies_first(&p, h, 1.0, NULL), RRP_OK);
    memcpy(q, qq[0], sizeof(q));
    assert_int_equal(rrp_alpha_from_quat(q, beta), RRP_OK);
    rrp_alpha_to_matrix(beta, R);
    const double half = 0.5 * (I[0] + I[1] + I[2]);
    const double Jd[3] = {half - I[0], half - I[1], half - I[2]};
    double A[3][3];
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) A[i][j] = R[i][j] * Jd[j] - Jd[i] * R[j][i];
    const double v3[3] = {A[2][1], A[0][2], A[1][0]};
    for (int i = 0; i < 3; i++) worst = fmax(worst, fabs(v3[i] - rhs[i]) / (half * (1.0 + norm3(beta))));
  }
  print_message("  (14) in matrix form, 2000 bodies: max residual %.2e (relative)\n", worst);
  assert_true(worst < 1e-14);
}

/* the Newton solver reports a step beyond the map's reach instead of returning a wrong beta:
 * isotropic J with h |omega| = 1.5 has no solution of J beta = (1 + |beta|^2/4) h Pi */
static void test_step_too_large(void **state)
{
  (void) state;
  one o;
  const double I[3] = {1.0, 1.0, 1.0}, L0[3] = {1.5, 0.0, 0.0}, q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_bodies_first(&o.p, 1.0, 1.0, &bad), RRP_ENOCONV);
  assert_int_equal(bad.index, 0);
  assert_close(bad.hw, 1.5, 1e-15, 0.0); /* h |omega| */
  assert_memory_equal(o.q[0], q0, sizeof(q0));
  /* just inside the limit it is solved */
  o.L[0][0] = 0.99;
  assert_int_equal(rrp_bodies_first(&o.p, 1.0, 1.0, &bad), RRP_OK);
}

/* second order: the heavy top (slow-top) to t = 2 against the harness's rk4 at a far smaller
 * step; the error falls by 4 per halving of h */
static void test_order_two(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("slow-top");
  const double t_end = 2.0;
  rrp_rigid_state ref;
  run(scheme("rk4"), p, 1e-4, 20000, &ref);
  double Lref[3];
  rrp_rigid_spatial_momentum(&ref, Lref);
  double err[3];
  for (int m = 0; m < 3; m++) {
    const double h = 0.02 / (1 << m);
    const long n = lround(t_end / h);
    rrp_rigid_state s;
    rrp_rigid_init(p, &s);
    one o;
    double L0[3], q0[4];
    rrp_rigid_spatial_momentum(&s, L0);
    rrp_matrix_to_quat(s.R, q0);
    one_init(&o, p->inertia, L0, q0);
    double R[3][3];
    for (long k = 0; k < n; k++) {
      rrp_quat_to_matrix(o.q[0], R);
      rrp_rigid_torque(p, R, (double) k * h, h, o.T[0]);
      assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
      rrp_quat_to_matrix(o.q[0], R);
      rrp_rigid_torque(p, R, (double) (k + 1) * h, h, o.T[0]);
      rrp_bodies_second(&o.p, h, 1.0);
    }
    rrp_quat_to_matrix(o.q[0], R);
    double e = 0.0;
    for (int i = 0; i < 3; i++) {
      e = fmax(e, fabs(o.L[0][i] - Lref[i]));
      for (int j = 0; j < 3; j++) e = fmax(e, fabs(R[i][j] - ref.R[i][j]));
    }
    err[m] = e;
  }
  const double o1 = log2(err[0] / err[1]), o2 = log2(err[1] / err[2]);
  print_message("  slow top to t = 2: errors %.2e %.2e %.2e, orders %.3f %.3f\n", err[0], err[1],
                err[2], o1, o2);
  assert_true(fabs(o1 - 2.0) < 0.1 && fabs(o2 - 2.0) < 0.1);
}

/* complete elliptic integral of the first kind K(k) by the arithmetic-geometric mean */
static double ellip_K(double k)
{
  double a = 1.0, b = sqrt(1.0 - k * k);
  for (int i = 0; i < 40 && fabs(a - b) > 1e-16 * a; i++) {
    const double an = 0.5 * (a + b);
    b = sqrt(a * b);
    a = an;
  }
  return 3.14159265358979323846 / (2.0 * a);
}

/* mean time between flips of body axis 2 (Pi_2 = e_2 . L crossing 0 downwards), over the run */
static double flip_period(const double I[3], const double L0[3], double h, double t_end)
{
  one o;
  const double q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  double prev = L0[1], first = -1.0, last = -1.0;
  int flips = 0;
  const long n = lround(t_end / h);
  for (long k = 1; k <= n; k++) {
    assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
    rrp_bodies_second(&o.p, h, 1.0);
    double R[3][3];
    rrp_quat_to_matrix(o.q[0], R);
    const double pi2 = R[0][1] * o.L[0][0] + R[1][1] * o.L[0][1] + R[2][1] * o.L[0][2];
    if (prev > 0.0 && pi2 <= 0.0) {
      const double tc = (double) (k - 1) * h + h * prev / (prev - pi2); /* linear interpolation */
      if (first < 0.0) first = tc;
      last = tc;
      flips++;
    }
    prev = pi2;
  }
  assert_true(flips >= 3);
  return (last - first) / (flips - 1);
}

/* Dzhanibekov's flip: a spin near the intermediate axis of I = (1, 2, 3) flips with the period
 * 4 K(k) / lambda of the Jacobi-elliptic solution of Euler's equations (Landau & Lifshitz
 * section 37); the map's period converges to it at second order */
static void test_dzhanibekov_period(void **state)
{
  (void) state;
  const double I[3] = {1.0, 2.0, 3.0}, Pi[3] = {0.02, 1.0, 0.05};
  double E = 0.0, L2 = 0.0;
  for (int i = 0; i < 3; i++) {
    E += 0.5 * Pi[i] * Pi[i] / I[i];
    L2 += Pi[i] * Pi[i];
  }
  double T;
  if (L2 > 2.0 * E * I[1]) { /* the orbit encircles axis 3 */
    const double k2 = (I[1] - I[0]) * (2.0 * E * I[2] - L2) / ((I[2] - I[1]) * (L2 - 2.0 * E * I[0]));
    const double lam = sqrt((I[2] - I[1]) * (L2 - 2.0 * E * I[0]) / (I[0] * I[1] * I[2]));
    T = 4.0 * ellip_K(sqrt(k2)) / lam;
  } else { /* encircles axis 1 */
    const double k2 = (I[2] - I[1]) * (L2 - 2.0 * E * I[0]) / ((I[1] - I[0]) * (2.0 * E * I[2] - L2));
    const double lam = sqrt((I[1] - I[0]) * (2.0 * E * I[2] - L2) / (I[0] * I[1] * I[2]));
    T = 4.0 * ellip_K(sqrt(k2)) / lam;
  }
  const double t_end = 4.5 * T;
  const double T1 = flip_period(I, Pi, 0.02, t_end), T2 = flip_period(I, Pi, 0.01, t_end);
  const double e1 = fabs(T1 - T) / T, e2 = fabs(T2 - T) / T;
  print_message("  Dzhanibekov flip, I = (1,2,3): period %.6f (elliptic), %.6f (h = 0.02), "
                "%.6f (h = 0.01); relative errors %.2e %.2e, ratio %.2f\n",
                T, T1, T2, e1, e2, e1 / e2);
  assert_true(e2 < 2e-4);
  assert_true(e1 / e2 > 3.0 && e1 / e2 < 5.0);
}

/* LAMMPS's ellipsoid layout: records in a bonus array (radii, quaternion, an int), reached
 * through a per-atom index, moments from the radii; the same steps as packed arrays with the
 * moments given; an atom without a record is reported */
typedef struct bonus {
  double shape[3];
  double quat[4];
  int ilocal;
} bonus;

static void test_bonus_records(void **state)
{
  (void) state;
  enum { N = 3 };
  const double mass[N] = {2.0, 1.5, 3.0};
  const double radii[N][3] = {{1.0, 0.5, 0.25}, {0.3, 0.3, 0.3}, {2.0, 1.0, 1.0}};
  bonus b[N];
  const int record[N] = {2, 0, 1}; /* atom i's record */
  double x[N][3] = {{0}}, v[N][3] = {{0}}, f[N][3], L[N][3], T[N][3], I[N][3], q[N][4];
  double x2[N][3] = {{0}}, v2[N][3] = {{0}}, L2[N][3];
  rng_t r = {99u};
  for (int i = 0; i < N; i++) {
    memcpy(b[record[i]].shape, radii[i], sizeof(radii[i]));
    double q0[4] = {1.0, rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1)};
    rrp_quat_normalize(q0);
    memcpy(b[record[i]].quat, q0, sizeof(q0));
    memcpy(q[i], q0, sizeof(q0));
    rrp_ellipsoid_inertia(mass[i], radii[i], I[i]);
    for (int d = 0; d < 3; d++) {
      f[i][d] = rng_range(&r, -1, 1);
      T[i][d] = rng_range(&r, -0.05, 0.05);
      L[i][d] = L2[i][d] = rng_range(&r, -0.05, 0.05);
    }
  }
  assert_close(I[1][0], 0.4 * 1.5 * 0.09, 1e-15, 0.0); /* a sphere: 2/5 m r^2 */
  assert_close(I[0][0], 0.2 * 2.0 * (0.25 + 0.0625), 1e-15, 0.0);
  const rrp_bodies pb = {N, NULL, 0, mass, NULL, x, v, (const double (*)[3]) f, L,
                         (const double (*)[3]) T, record, b[0].quat, b[0].shape,
                         sizeof(bonus) / sizeof(double)};
  const rrp_bodies pp = {N, NULL, 0, mass, (const double (*)[3]) I, x2, v2, (const double (*)[3]) f,
                         L2, (const double (*)[3]) T, NULL, q[0], NULL, 4};
  for (int k = 0; k < 50; k++) {
    assert_int_equal(rrp_bodies_first(&pb, 0.02, 1.0, NULL), RRP_OK);
    assert_int_equal(rrp_bodies_first(&pp, 0.02, 1.0, NULL), RRP_OK);
    rrp_bodies_second(&pb, 0.02, 1.0);
    rrp_bodies_second(&pp, 0.02, 1.0);
  }
  for (int i = 0; i < N; i++) {
    assert_memory_equal(b[record[i]].quat, q[i], sizeof(q[i]));
    assert_memory_equal(L[i], L2[i], sizeof(L[i]));
    assert_memory_equal(x[i], x2[i], sizeof(x[i]));
    assert_memory_equal(b[record[i]].shape, radii[i], sizeof(radii[i]));
  }
  /* an atom without a record (a point particle of atom_style ellipsoid) */
  const int norecord[N] = {2, -1, 1};
  rrp_bodies pn = pb;
  pn.record = norecord;
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_bodies_first(&pn, 0.05, 1.0, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 1);
  /* a flat record with two zero radii has a zero moment */
  b[0].shape[0] = b[0].shape[1] = 0.0;
  assert_int_equal(rrp_bodies_first(&pb, 0.05, 1.0, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 1);
}

/* a zero principal moment or a NaN torque: reported, the body left as it was */
static void test_bad_bodies(void **state)
{
  (void) state;
  one o;
  const double I[3] = {1.0, 0.0, 3.0}, L0[3] = {0.3, 1.1, 0.2}, q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 0);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  o.inertia[0][1] = 2.0;
  o.T[0][2] = NAN;
  assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, &bad), RRP_ENONFINITE);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  assert_memory_equal(o.q[0], q0, sizeof(q0));
}

/* the moments the map takes: positive ones kept, a linear body's zero one the largest, a point 1 */
static void test_map_moments(void **state)
{
  (void) state;
  double out[3];
  rrp_body_map_moments((const double[3]){1, 2, 3}, out);
  assert_vec_close(out, (const double[3]){1, 2, 3}, 3, 0.0, 0.0);
  rrp_body_map_moments((const double[3]){0, 2.5, 2.5}, out);
  assert_vec_close(out, (const double[3]){2.5, 2.5, 2.5}, 3, 0.0, 0.0);
  rrp_body_map_moments((const double[3]){0, 0, 0}, out);
  assert_vec_close(out, (const double[3]){1, 1, 1}, 3, 0.0, 0.0);
}

/* the records kernel (rrp_body_records_first, as LAMMPS's rigid fixes call it, a block of 8 at
 * a time) gives bitwise the numbers of the array kernel, for small steps (the straight-line
 * path) and large ones (Newton's method with the line search) alike; a bad body stops it with
 * its index, its block untouched, the blocks before it stepped */
static double uniform(unsigned *seed)
{
  *seed = *seed * 1103515245u + 12345u;
  return (double) ((*seed >> 8) & 0xffffffu) / 16777216.0;
}

/* rrp_bodies_first_joined: the second half of the step before made body by body as the first
 * half gathers it gives the bits of the two calls: 100 bodies (blocks of 16 cut anywhere), every
 * fifth not in the group, forces and torques that change each step; and after a body with a bad
 * mass, the same report and the same state (the bodies not reached still get the second half) */
typedef struct jbodies {
  double mass[100], I[100][3], x[100][3], v[100][3], f[100][3], L[100][3], T[100][3], q[100][4];
} jbodies;

static void jbodies_forces(jbodies *b)
{
  for (int i = 0; i < 100; i++)
    for (int d = 0; d < 3; d++) {
      b->f[i][d] = -0.4 * b->x[i][d] + 0.01 * (double) (i % 3);
      b->T[i][d] = 0.02 * b->I[i][d] * (b->q[i][d + 1] - 0.1);
    }
}

static void test_joined_equals_split(void **state)
{
  (void) state;
  static jbodies a, b;
  static int mask[100];
  const double h = 0.02;
  rng_t seed = {77u};
  for (int i = 0; i < 100; i++) {
    a.mass[i] = 0.5 + rng_uniform(&seed);
    a.I[i][0] = 1.0, a.I[i][1] = 1.0 + rng_uniform(&seed), a.I[i][2] = 0.2 + rng_uniform(&seed);
    a.q[i][0] = 1.0, a.q[i][1] = a.q[i][2] = a.q[i][3] = 0.0;
    for (int d = 0; d < 3; d++) {
      a.x[i][d] = rng_uniform(&seed);
      a.v[i][d] = rng_uniform(&seed) - 0.5;
      a.L[i][d] = a.I[i][d] * 5.0 * (rng_uniform(&seed) - 0.5);
    }
    mask[i] = i % 5 == 4 ? 0 : 1;
  }
  jbodies_forces(&a);
  memcpy(&b, &a, sizeof a);
  const rrp_bodies pa = {100, mask, 1, a.mass, (const double (*)[3]) a.I, a.x, a.v,
                         (const double (*)[3]) a.f, a.L, (const double (*)[3]) a.T, NULL, a.q[0],
                         NULL, 4};
  const rrp_bodies pb = {100, mask, 1, b.mass, (const double (*)[3]) b.I, b.x, b.v,
                         (const double (*)[3]) b.f, b.L, (const double (*)[3]) b.T, NULL, b.q[0],
                         NULL, 4};
  for (int k = 0; k < 6; k++) {
    assert_int_equal(rrp_bodies_first(&pa, h, 1.0, NULL), RRP_OK);
    assert_int_equal(k == 0 ? rrp_bodies_first(&pb, h, 1.0, NULL)
                            : rrp_bodies_first_joined(&pb, h, 1.0, NULL),
                     RRP_OK);
    jbodies_forces(&a);
    jbodies_forces(&b);
    if (k == 5) a.mass[50] = b.mass[50] = -1.0; /* as fix adapt would, before the second half */
    rrp_bodies_second(&pa, h, 1.0); /* b owes it */
  }
  rrp_step_report ra = {-1, 0.0}, rb = {-1, 0.0};
  assert_int_equal(rrp_bodies_first(&pa, h, 1.0, &ra), RRP_EDOMAIN);
  assert_int_equal(rrp_bodies_first_joined(&pb, h, 1.0, &rb), RRP_EDOMAIN);
  assert_int_equal(ra.index, 50);
  assert_int_equal(rb.index, 50);
  assert_memory_equal(&a, &b, sizeof a);
  /* without the bad body both run on; b's last second half settles it */
  a.mass[50] = b.mass[50] = 1.0;
  assert_int_equal(rrp_bodies_first(&pa, h, 1.0, NULL), RRP_OK);
  assert_int_equal(rrp_bodies_first(&pb, h, 1.0, NULL), RRP_OK);
  jbodies_forces(&a);
  jbodies_forces(&b);
  rrp_bodies_second(&pa, h, 1.0);
  rrp_bodies_second(&pb, h, 1.0);
  assert_memory_equal(&a, &b, sizeof a);
}

/* the blocked kernel (vector lanes for the small steps, one body at a time for the rest) gives
 * every body the bits of step_one, the one-at-a-time step: 2000 bodies, h |omega| up to about
 * 0.35 (the vector path's one and two Newton steps, and Newton's method beyond), moments
 * from near-spherical to very flat, every fifth body not in the group */
static void test_blocks_equal_one_at_a_time(void **state)
{
  (void) state;
  enum { N = 2000 };
  static double mass[N], I[N][3], x[N][3], v[N][3], f[N][3], L[N][3], T[N][3], q[N][4];
  static double x0[N][3], v0[N][3], L0[N][3], q0[N][4];
  static int mask[N];
  const double h = 0.02, dtf = 0.5 * h;
  rng_t seed = {2026u};
  for (int i = 0; i < N; i++) {
    mass[i] = 0.5 + rng_uniform(&seed);
    const double flat = pow(10.0, -2.0 * rng_uniform(&seed));
    I[i][0] = 1.0, I[i][1] = 1.0 + rng_uniform(&seed), I[i][2] = flat + 0.5 * rng_uniform(&seed);
    const double hw = pow(10.0, -4.0 + 3.6 * rng_uniform(&seed));
    double a[4] = {rng_uniform(&seed) - 0.5, rng_uniform(&seed) - 0.5, rng_uniform(&seed) - 0.5,
                   rng_uniform(&seed) - 0.5};
    const double n = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]);
    for (int d = 0; d < 4; d++) q[i][d] = a[d] / n;
    double R[3][3], Pi[3];
    rrp_quat_to_matrix(q[i], R);
    for (int d = 0; d < 3; d++) {
      x[i][d] = rng_uniform(&seed);
      v[i][d] = rng_uniform(&seed) - 0.5;
      f[i][d] = rng_uniform(&seed) - 0.5;
      T[i][d] = 0.01 * I[i][d] * (rng_uniform(&seed) - 0.5);
      Pi[d] = I[i][d] * hw / h * (rng_uniform(&seed) - 0.5); /* body frame: h omega = hw (u - 1/2) */
    }
    for (int d = 0; d < 3; d++) L[i][d] = R[d][0] * Pi[0] + R[d][1] * Pi[1] + R[d][2] * Pi[2];
    mask[i] = i % 5 == 4 ? 0 : 1;
  }
  memcpy(x0, x, sizeof x), memcpy(v0, v, sizeof v), memcpy(L0, L, sizeof L), memcpy(q0, q, sizeof q);
  const rrp_bodies p = {N, mask, 1, mass, (const double (*)[3]) I, x, v, (const double (*)[3]) f,
                        L, (const double (*)[3]) T, NULL, q[0], NULL, 4};
  assert_int_equal(rrp_bodies_first(&p, h, 1.0, NULL), RRP_OK);
  int newton = 0;
  for (int i = 0; i < N; i++) {
    if (!mask[i]) {
      assert_memory_equal(q[i], q0[i], sizeof q[i]);
      assert_memory_equal(x[i], x0[i], sizeof x[i]);
      continue;
    }
    double vn[3], xn[3], Ln[3], qn[4], hw = 0.0;
    assert_int_equal(step_one(mass[i], I[i], x0[i], v0[i], f[i], L0[i], T[i], q0[i], h, dtf, vn, xn,
                              Ln, qn, &hw),
                     RRP_OK);
    assert_memory_equal(x[i], xn, sizeof xn);
    assert_memory_equal(v[i], vn, sizeof vn);
    assert_memory_equal(L[i], Ln, sizeof Ln);
    assert_memory_equal(q[i], qn, sizeof qn);
    double rhs[3], b[3];
    body_rhs(Ln, q0[i], h, rhs);
    newton += !rrp_legendre_fast(I[i], rhs, b);
  }
  print_message("  %d bodies, %d past the one-Newton-step path: bitwise step_one's\n", N, newton);
  assert_true(newton > N / 5);
}

static void test_records(void **state)
{
  (void) state;
  enum { N = 21 };
  double mass[N], I[N][3], x[N][3], v[N][3], f[N][3], L[N][3], T[N][3], q[N][4];
  rrp_body r[N];
  unsigned seed = 7;
  for (int i = 0; i < N; i++) {
    mass[i] = 1.0 + 0.1 * i;
    for (int d = 0; d < 3; d++) {
      I[i][d] = 0.5 + uniform(&seed);
      x[i][d] = uniform(&seed);
      v[i][d] = uniform(&seed) - 0.5;
      f[i][d] = uniform(&seed) - 0.5;
      /* h |L / I| from 1e-4 to about 0.4: both paths of the solver */
      L[i][d] = (uniform(&seed) - 0.5) * (i % 3 == 0 ? 0.01 : i % 3 == 1 ? 1.0 : 20.0);
      T[i][d] = uniform(&seed) - 0.5;
    }
    const double a[4] = {uniform(&seed) - 0.5, uniform(&seed) - 0.5,
                         uniform(&seed) - 0.5, uniform(&seed) - 0.5};
    const double n = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]);
    for (int d = 0; d < 4; d++) q[i][d] = a[d] / n;
  }
  for (int i = 0; i < N; i++) {
    r[i].mass = mass[i];
    memcpy(r[i].inertia, I[i], sizeof(I[i]));
    memcpy(r[i].x, x[i], sizeof(x[i]));
    memcpy(r[i].v, v[i], sizeof(v[i]));
    memcpy(r[i].f, f[i], sizeof(f[i]));
    memcpy(r[i].angmom, L[i], sizeof(L[i]));
    memcpy(r[i].torque, T[i], sizeof(T[i]));
    memcpy(r[i].quat, q[i], sizeof(q[i]));
  }
  const rrp_bodies p = {N, NULL, 0, mass, (const double (*)[3]) I, x, v, (const double (*)[3]) f,
                        L, (const double (*)[3]) T, NULL, q[0], NULL, 4};
  const double h = 0.02;
  for (int k = 0; k < 50; k++) {
    assert_int_equal(rrp_bodies_first(&p, h, 1.0, NULL), RRP_OK);
    assert_int_equal(rrp_body_records_first(r, N, h, 1.0, NULL), RRP_OK);
    rrp_bodies_second(&p, h, 1.0);
    for (int i = 0; i < N; i++)
      for (int d = 0; d < 3; d++) {
        r[i].v[d] += 0.5 * h / r[i].mass * r[i].f[d];
        r[i].angmom[d] += 0.5 * h * r[i].torque[d];
      }
  }
  double big = 0.0;
  for (int i = 0; i < N; i++) {
    assert_memory_equal(r[i].x, x[i], sizeof(x[i]));
    assert_memory_equal(r[i].v, v[i], sizeof(v[i]));
    assert_memory_equal(r[i].angmom, L[i], sizeof(L[i]));
    assert_memory_equal(r[i].quat, q[i], sizeof(q[i]));
    double w = 0.0;
    for (int d = 0; d < 3; d++) w += (h * L[i][d] / I[i][d]) * (h * L[i][d] / I[i][d]);
    big = fmax(big, sqrt(w));
  }
  print_message("  21 records, 50 steps, h |omega| up to %.2f: bitwise the array kernel's\n", big);
  assert_true(big > 0.2);

  /* a body of zero mass in the second block: that block untouched, the first stepped */
  rrp_body saved[N];
  memcpy(saved, r, sizeof(r));
  r[18].mass = 0.0; /* (blocks of 16) */
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_body_records_first(r, N, h, 1.0, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 18);
  for (int i = 0; i < 16; i++) assert_memory_not_equal(r[i].quat, saved[i].quat, sizeof(r[i].quat));
  for (int i = 16; i < N; i++)
    if (i != 18) assert_memory_equal(&r[i], &saved[i], sizeof(rrp_body));
  /* a NaN torque in the last block */
  memcpy(r, saved, sizeof(r));
  r[20].torque[1] = NAN;
  assert_int_equal(rrp_body_records_first(r, N, h, 1.0, &bad), RRP_ENONFINITE);
  assert_int_equal(bad.index, 20);
  assert_memory_equal(&r[16], &saved[16], sizeof(rrp_body));
  /* a step far too large: no solution, h |omega| reported */
  memcpy(r, saved, sizeof(r));
  for (int d = 0; d < 3; d++) r[2].angmom[d] = 1e4;
  const rrp_body before = r[2];
  assert_int_equal(rrp_body_records_first(r, N, h, 1.0, &bad), RRP_ENOCONV);
  assert_int_equal(bad.index, 2);
  assert_true(bad.hw > 10.0);
  assert_memory_equal(&r[2], &before, sizeof(rrp_body));
}

/* the turn alone (the thermostatted fixes' drift): the same bits as rrp_bodies_first's
 * orientation with zero force and torque, body by body and over arrays; L unchanged; a step
 * the Legendre relation cannot take is reported with h |omega| and leaves q untouched */
static void test_turn_is_first_half_without_kicks(void **state)
{
  (void) state;
  const double I[3] = {0.7, 1.3, 2.9}, L0[3] = {0.4, -1.2, 0.9};
  double q0[4] = {0.9, 0.1, -0.3, 0.2};
  rrp_quat_normalize(q0);
  one o;
  one_init(&o, I, L0, q0);
  double q[4];
  memcpy(q, q0, sizeof(q));
  for (int k = 0; k < 200; k++) {
    double hw = -1.0;
    assert_int_equal(rrp_bodies_first(&o.p, 0.03, 1.0, NULL), RRP_OK);
    assert_int_equal(rrp_body_turn(I, L0, q, 0.03, &hw), RRP_OK);
    assert_true(hw == 0.0);
    assert_memory_equal(q, o.q[0], sizeof(q));
  }
  /* the array form: the records' quaternions, angmom read only */
  one a;
  one_init(&a, I, L0, q0);
  for (int k = 0; k < 200; k++) assert_int_equal(rrp_bodies_turn(&a.p, 0.03, NULL), RRP_OK);
  assert_memory_equal(a.q[0], o.q[0], sizeof(q));
  assert_memory_equal(a.L[0], L0, sizeof(L0));
  /* too large a step: reported, q untouched */
  const double big[3] = {300.0, -200.0, 100.0};
  double qb[4];
  memcpy(qb, q0, sizeof(qb));
  double hw = 0.0;
  const int st = rrp_body_turn(I, big, qb, 1.0, &hw);
  print_message("  turn of h |omega| = %.3g: status %d\n", hw, st);
  assert_int_not_equal(st, RRP_OK);
  assert_true(hw > 1.0);
  assert_memory_equal(qb, q0, sizeof(qb));
  /* non-finite L */
  const double nan3[3] = {NAN, 0.0, 0.0};
  assert_int_equal(rrp_body_turn(I, nan3, qb, 0.1, &hw), RRP_ENONFINITE);
  assert_memory_equal(qb, q0, sizeof(qb));
  /* an invalid body in an array: RRP_EDOMAIN at its index */
  one z;
  const double I0[3] = {0.0, 1.0, 1.0};
  one_init(&z, I0, L0, q0);
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_bodies_turn(&z.p, 0.1, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_free_asymmetric),
      cmocka_unit_test(test_equals_harness),
      cmocka_unit_test(test_isotropic_is_sphere_map),
      cmocka_unit_test(test_bad_bodies),
      cmocka_unit_test(test_bonus_records),
      cmocka_unit_test(test_legendre_matrix_form),
      cmocka_unit_test(test_step_too_large),
      cmocka_unit_test(test_order_two),
      cmocka_unit_test(test_dzhanibekov_period),
      cmocka_unit_test(test_map_moments),
      cmocka_unit_test(test_records),
      cmocka_unit_test(test_blocks_equal_one_at_a_time),
      cmocka_unit_test(test_joined_equals_split),
      cmocka_unit_test(test_turn_is_first_half_without_kicks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
