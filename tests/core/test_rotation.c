/* test_rotation.c - rotation algebra of rrp/rotation.h: eqs. (3)-(5) of Baker & Gonzalez (2021),
 * quaternion storage and the log map. */
#include "rrp/rotation.h"

#include "test_util.h"

#include <float.h>

static const double PI = 3.14159265358979323846;

/* R(alpha) of eq. (4) is a rotation for small, moderate and huge alpha */
static void test_alpha_matrix_is_rotation(void **state)
{
  (void) state;
  rng_t r = {12345};
  for (int k = 0; k < 2000; k++) {
    double a[3], R[3][3];
    rng_vec(&r, (k % 4 == 0) ? 1e-6 : (k % 4 == 1) ? 1.0 : (k % 4 == 2) ? 10.0 : 1e6, a);
    rrp_alpha_to_matrix(a, R);
    assert_rotation(R, TOL_ROUNDOFF);
  }
}

/* R(alpha) equals the matrix of its quaternion and of its rotation vector */
static void test_alpha_matrix_matches_quat_and_theta(void **state)
{
  (void) state;
  rng_t r = {777};
  for (int k = 0; k < 2000; k++) {
    double a[3], q[4], th[3], Ra[3][3], Rq[3][3], Rt[3][3];
    rng_vec(&r, 5.0, a);
    rrp_alpha_to_matrix(a, Ra);
    rrp_alpha_to_quat(a, q);
    rrp_quat_to_matrix(q, Rq);
    rrp_alpha_to_theta(a, th);
    rrp_theta_to_matrix(th, Rt);
    assert_mat_close(Ra, Rq, TOL_ROUNDOFF);
    assert_mat_close(Ra, Rt, TOL_ROUNDOFF);
  }
}

/* a known rotation: 90 degrees about z maps x to y; alpha = 2 tan(pi/4) e3 = 2 e3 */
static void test_alpha_known_rotation(void **state)
{
  (void) state;
  const double a[3] = {0.0, 0.0, 2.0};
  double R[3][3];
  rrp_alpha_to_matrix(a, R);
  double ex[3][3] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}};
  assert_mat_close(R, ex, TOL_ROUNDOFF);
  double th[3];
  rrp_alpha_to_theta(a, th);
  assert_close(th[2], PI / 2.0, 0.0, TOL_ROUNDOFF);
  /* the pendulum's initial attitude: 3 pi/4 about y, R e3 = (sin, 0, cos)(3 pi/4) */
  const double ap[3] = {0.0, 2.0 * tan(3.0 * PI / 8.0), 0.0};
  rrp_alpha_to_matrix(ap, R);
  assert_close(R[0][2], sin(3.0 * PI / 4.0), 0.0, TOL_ROUNDOFF);
  assert_close(R[2][2], cos(3.0 * PI / 4.0), 0.0, TOL_ROUNDOFF);
}

/* eq. (5): R(a1 (+) a2) = R(a2) R(a1) */
static void test_compose_is_matrix_product(void **state)
{
  (void) state;
  rng_t r = {2024};
  for (int k = 0; k < 2000; k++) {
    double a1[3], a2[3], a12[3], R1[3][3], R2[3][3], R21[3][3], R12[3][3];
    rng_vec(&r, 1.5, a1);
    rng_vec(&r, 1.5, a2);
    int status = rrp_alpha_compose(a1, a2, a12);
    if (status != RRP_OK) continue; /* a random half-turn: measure zero */
    rrp_alpha_to_matrix(a1, R1);
    rrp_alpha_to_matrix(a2, R2);
    mat_mul(R2, R1, R21);
    rrp_alpha_to_matrix(a12, R12);
    assert_mat_close(R12, R21, 1e-13);
    /* the same through quaternions: q(a2) q(a1) */
    double q1[4], q2[4], q21[4], a21q[3];
    rrp_alpha_to_quat(a1, q1);
    rrp_alpha_to_quat(a2, q2);
    rrp_quat_multiply(q2, q1, q21);
    assert_int_equal(rrp_alpha_from_quat(q21, a21q), RRP_OK);
    assert_vec_close(a21q, a12, 3, 1e-12, TOL_ROUNDOFF);
  }
}

static void test_compose_inverse_and_aliasing(void **state)
{
  (void) state;
  const double a[3] = {0.3, -1.2, 2.5};
  double ai[3], z[3];
  rrp_alpha_inverse(a, ai);
  assert_int_equal(rrp_alpha_compose(a, ai, z), RRP_OK);
  assert_vec_close(z, (const double[3]){0, 0, 0}, 3, 0.0, TOL_ROUNDOFF);
  /* composition about one axis adds the angles: 40 + 60 degrees about n */
  const double n[3] = {2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0};
  double b1[3], b2[3], th1[3], th2[3], b12[3], th12[3];
  for (int d = 0; d < 3; d++) {
    th1[d] = 40.0 * PI / 180.0 * n[d];
    th2[d] = 60.0 * PI / 180.0 * n[d];
  }
  rrp_alpha_from_theta(th1, b1);
  rrp_alpha_from_theta(th2, b2);
  double b1c[3] = {b1[0], b1[1], b1[2]};
  assert_int_equal(rrp_alpha_compose(b1c, b2, b1c), RRP_OK); /* out aliases a1 */
  assert_int_equal(rrp_alpha_compose(b1, b2, b12), RRP_OK);
  assert_vec_close(b1c, b12, 3, 0.0, 0.0);
  rrp_alpha_to_theta(b12, th12);
  for (int d = 0; d < 3; d++) assert_close(th12[d], 100.0 * PI / 180.0 * n[d], 0.0, TOL_ROUNDOFF);
}

/* a composite half-turn is reported, not a NaN or infinity */
static void test_compose_half_turn_is_singular(void **state)
{
  (void) state;
  const double a[3] = {0.0, 2.0, 0.0}; /* 90 degrees; twice is 180 */
  double out[3] = {7, 7, 7};
  assert_int_equal(rrp_alpha_compose(a, a, out), RRP_ESINGULAR);
  for (int d = 0; d < 3; d++) assert_true(isfinite(out[d]));
}

/* round trips theta -> alpha -> theta, alpha -> quat -> alpha, theta -> quat -> theta,
 * matrix -> quat -> matrix, over all angles in (0, pi) */
static void test_round_trips(void **state)
{
  (void) state;
  rng_t r = {99};
  for (int k = 0; k < 4000; k++) {
    double n[3], th[3], a[3], th2[3], q[4], a2[3], th3[3], R[3][3], q2[4], R2[3][3];
    rng_vec(&r, 1.0, n);
    const double nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    const double ang = rng_range(&r, 0.0, PI * (1.0 - 1e-6));
    for (int d = 0; d < 3; d++) th[d] = ang * n[d] / nn;
    assert_int_equal(rrp_alpha_from_theta(th, a), RRP_OK);
    rrp_alpha_to_theta(a, th2);
    assert_vec_close(th2, th, 3, 0.0, 1e-14);
    rrp_alpha_to_quat(a, q);
    assert_int_equal(rrp_alpha_from_quat(q, a2), RRP_OK);
    assert_vec_close(a2, a, 3, 1e-13, 0.0);
    rrp_quat_to_theta(q, th3);
    assert_vec_close(th3, th, 3, 0.0, 1e-14);
    rrp_quat_to_matrix(q, R);
    rrp_matrix_to_quat(R, q2);
    rrp_quat_to_matrix(q2, R2);
    assert_mat_close(R2, R, TOL_ROUNDOFF);
    assert_vec_close(q2, q, 4, 0.0, TOL_ROUNDOFF); /* both have w >= 0 */
  }
}

/* small angles: the ratio functions keep full relative accuracy down to underflow */
static void test_small_angles(void **state)
{
  (void) state;
  const double scales[] = {1e-3, 1e-5, 1e-8, 1e-12, 1e-100, 1e-300, 0.0};
  for (size_t k = 0; k < sizeof(scales) / sizeof(scales[0]); k++) {
    const double s = scales[k];
    const double th[3] = {1.0 * s, -2.0 * s, 2.0 * s}; /* |th| = 3 s */
    double a[3], th2[3], q[4], th3[3], R[3][3], thR[3];
    assert_int_equal(rrp_alpha_from_theta(th, a), RRP_OK);
    /* alpha = th tan(t/2)/(t/2) = th (1 + t^2/12 + t^4/120 + ...) */
    const double t = 3.0 * s;
    const double f = 1.0 + t * t / 12.0 + t * t * t * t / 120.0;
    for (int d = 0; d < 3; d++) assert_close(a[d], th[d] * f, 4 * DBL_EPSILON, 0.0);
    rrp_alpha_to_theta(a, th2);
    for (int d = 0; d < 3; d++) assert_close(th2[d], th[d], 4 * DBL_EPSILON, 0.0);
    rrp_theta_to_quat(th, q);
    rrp_quat_to_theta(q, th3);
    for (int d = 0; d < 3; d++) assert_close(th3[d], th[d], 4 * DBL_EPSILON, 0.0);
    if (s >= 1e-12) {
      /* the matrix loses relative accuracy below 1e-16; its log is exact to round-off */
      rrp_theta_to_matrix(th, R);
      rrp_matrix_log(R, thR);
      for (int d = 0; d < 3; d++) assert_close(thR[d], th[d], 0.0, 2 * DBL_EPSILON);
    }
  }
}

/* near a half-turn: the log map and alpha stay accurate (alpha grows as 4/(pi - t)) */
static void test_near_half_turn(void **state)
{
  (void) state;
  const double n[3] = {2.0 / 3.0, -1.0 / 3.0, 2.0 / 3.0};
  const double eps[] = {1e-2, 1e-5, 1e-8, 1e-11, 1e-14};
  for (size_t k = 0; k < sizeof(eps) / sizeof(eps[0]); k++) {
    const double ang = PI - eps[k];
    double th[3], R[3][3], thR[3], a[3], tha[3];
    for (int d = 0; d < 3; d++) th[d] = ang * n[d];
    rrp_theta_to_matrix(th, R);
    assert_rotation(R, TOL_ROUNDOFF);
    rrp_matrix_log(R, thR);
    assert_vec_close(thR, th, 3, 0.0, 4e-15);
    assert_int_equal(rrp_alpha_from_theta(th, a), RRP_OK);
    const double na = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    /* |a| ~ 4/(pi - |th|) is ill-conditioned: |th| carries one rounding (4e-16) */
    assert_close(na, 2.0 * tan(ang / 2.0), 1e-15 / eps[k], 0.0);
    rrp_alpha_to_theta(a, tha);
    assert_vec_close(tha, th, 3, 0.0, 4e-15);
    /* the trig-free matrix of the huge alpha is still a rotation, equal to R */
    double Ra[3][3];
    rrp_alpha_to_matrix(a, Ra);
    assert_rotation(Ra, TOL_ROUNDOFF);
    assert_mat_close(Ra, R, 1e-13);
  }
  /* exactly a half-turn: the matrix log has |th| = pi, alpha is reported singular */
  const double q[4] = {0.0, n[0], n[1], n[2]};
  double R[3][3], th[3], a[3];
  rrp_quat_to_matrix(q, R);
  rrp_matrix_log(R, th);
  assert_close(sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2]), PI, 0.0, 4e-15);
  assert_int_equal(rrp_alpha_from_quat(q, a), RRP_ESINGULAR);
  for (int d = 0; d < 3; d++) {
    assert_false(isnan(a[d]));
    assert_true(isinf(a[d]));
    assert_true(a[d] * n[d] > 0.0);
  }
  /* a half-turn with a zero component gives 0 there, not NaN */
  const double qz[4] = {0.0, 1.0, 0.0, 0.0};
  assert_int_equal(rrp_alpha_from_quat(qz, a), RRP_ESINGULAR);
  assert_true(isinf(a[0]) && a[1] == 0.0 && a[2] == 0.0);
}

/* rotation vectors beyond pi wrap: 3 pi/2 about n is pi/2 about -n */
static void test_theta_wraps(void **state)
{
  (void) state;
  const double n[3] = {0.0, 0.6, 0.8};
  double th[3], a[3], tha[3];
  for (int d = 0; d < 3; d++) th[d] = 1.5 * PI * n[d];
  assert_int_equal(rrp_alpha_from_theta(th, a), RRP_OK);
  rrp_alpha_to_theta(a, tha);
  for (int d = 0; d < 3; d++) assert_close(tha[d], -0.5 * PI * n[d], 0.0, TOL_ROUNDOFF);
}

/* quaternion helpers: multiply is the matrix product, rotate is the matrix, apply_alpha is
 * R <- R(da) R, canonical and normalize */
static void test_quaternion_helpers(void **state)
{
  (void) state;
  rng_t r = {4242};
  for (int k = 0; k < 1000; k++) {
    double p[4], q[4], pq[4], Rp[3][3], Rq[3][3], Rpq[3][3], Rprod[3][3];
    for (int d = 0; d < 4; d++) {
      p[d] = rng_range(&r, -1, 1);
      q[d] = rng_range(&r, -1, 1);
    }
    rrp_quat_normalize(p);
    rrp_quat_normalize(q);
    rrp_quat_multiply(p, q, pq);
    rrp_quat_to_matrix(p, Rp);
    rrp_quat_to_matrix(q, Rq);
    rrp_quat_to_matrix(pq, Rpq);
    mat_mul(Rp, Rq, Rprod);
    assert_mat_close(Rpq, Rprod, TOL_ROUNDOFF);

    double v[3], w1[3], w2[3];
    rng_vec(&r, 3.0, v);
    rrp_quat_rotate(q, v, w1);
    for (int i = 0; i < 3; i++) w2[i] = Rq[i][0] * v[0] + Rq[i][1] * v[1] + Rq[i][2] * v[2];
    assert_vec_close(w1, w2, 3, 0.0, TOL_ROUNDOFF);

    double da[3], qa[4], Ra[3][3], Rexp[3][3], Rnew[3][3];
    rng_vec(&r, 0.5, da);
    for (int d = 0; d < 4; d++) qa[d] = q[d];
    rrp_quat_apply_alpha(da, qa);
    assert_close(qa[0] * qa[0] + qa[1] * qa[1] + qa[2] * qa[2] + qa[3] * qa[3], 1.0, 0.0,
                 TOL_ROUNDOFF);
    rrp_alpha_to_matrix(da, Ra);
    mat_mul(Ra, Rq, Rexp);
    rrp_quat_to_matrix(qa, Rnew);
    assert_mat_close(Rnew, Rexp, TOL_ROUNDOFF);

    double qc[4], qq[4];
    rrp_quat_conjugate(q, qc);
    rrp_quat_multiply(q, qc, qq);
    assert_vec_close(qq, (const double[4]){1, 0, 0, 0}, 4, 0.0, TOL_ROUNDOFF);
    double c[4], neg[4] = {-q[0], -q[1], -q[2], -q[3]}, c2[4];
    rrp_quat_canonical(q, c);
    rrp_quat_canonical(neg, c2);
    assert_true(c[0] >= 0.0);
    assert_vec_close(c, c2, 4, 0.0, 0.0);
  }
  double z[4] = {0, 0, 0, 0};
  rrp_quat_normalize(z);
  assert_vec_close(z, (const double[4]){1, 0, 0, 0}, 4, 0.0, 0.0);
  double bad[4] = {NAN, 0, 0, 0};
  rrp_quat_normalize(bad);
  assert_vec_close(bad, (const double[4]){1, 0, 0, 0}, 4, 0.0, 0.0);
}

/* status texts exist for every code */
static void test_strerror(void **state)
{
  (void) state;
  assert_string_equal(rrp_strerror(RRP_OK), "ok");
  for (int s = RRP_ESTEP; s <= RRP_ENOCONV; s++) assert_string_not_equal(rrp_strerror(s), "unknown status");
  assert_string_equal(rrp_strerror(99), "unknown status");
}

/* an orientation from four numbers: kept bitwise when unit to round-off, else normalised; zero
 * and non-finite refused. A body-fixed vector turns with its body's step. */
static void test_quat_from_values_and_turn(void **state)
{
  (void) state;
  const double unit[4] = {0.5, 0.5, 0.5, 0.5}, big[4] = {2, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
  const double bad[4] = {NAN, 0, 0, 0};
  double q[4] = {9, 9, 9, 9};
  assert_int_equal(rrp_quat_from_values(unit, q), RRP_OK);
  assert_memory_equal(q, unit, sizeof(unit));
  assert_int_equal(rrp_quat_from_values(big, q), RRP_OK);
  assert_vec_close(q, (const double[4]){1, 0, 0, 0}, 4, 0.0, 1e-16);
  assert_int_equal(rrp_quat_from_values(zero, q), RRP_EDOMAIN);
  assert_int_equal(rrp_quat_from_values(bad, q), RRP_EDOMAIN);
  /* a quarter turn about z between q_old and q_new turns x into y */
  const double th[3] = {0.3, -0.2, 0.1}, dz[3] = {0, 0, 1.5707963267948966};
  double q_old[4], dq[4], q_new[4], v[3] = {1, 0, 0}, w[3];
  rrp_theta_to_quat(th, q_old);
  rrp_theta_to_quat(dz, dq);
  rrp_quat_multiply(dq, q_old, q_new);
  rrp_quat_turn(q_old, q_new, v);
  assert_vec_close(v, (const double[3]){0, 1, 0}, 3, 0.0, 1e-15);
  /* body-fixed: R(q_new)^T v_new = R(q_old)^T v_old */
  double u[3] = {0.2, -0.7, 0.4}, c[4], a[3], b[3];
  for (int k = 0; k < 3; k++) w[k] = u[k];
  rrp_quat_turn(q_old, q_new, w);
  rrp_quat_conjugate(q_old, c);
  rrp_quat_rotate(c, u, a);
  rrp_quat_conjugate(q_new, c);
  rrp_quat_rotate(c, w, b);
  assert_vec_close(a, b, 3, 0.0, 1e-15);
}

/* a file's unit quaternion: refused with its norm beyond the tolerance, kept bitwise when unit to
 * round-off, normalised within the tolerance */
static void test_quat_from_unit_values(void **state)
{
  (void) state;
  const double unit[4] = {0.5, 0.5, 0.5, 0.5}, half[4] = {0.5, 0, 0, 0};
  const double near[4] = {1.0 + 1e-8, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
  const double off[4] = {0, 0, 0.6, 0.8 * (1.0 + 2e-6)}, huge[4] = {1e300, -1e300, 0, 0};
  const double bad[4] = {0, NAN, 0, 0}, inf[4] = {0, 0, -INFINITY, 0};
  double q[4] = {9, 9, 9, 9}, n = 0.0;
  assert_int_equal(rrp_quat_from_unit_values(unit, RRP_QUAT_UNIT_TOL, q, &n), RRP_OK);
  assert_memory_equal(q, unit, sizeof(unit));
  assert_true(n == 1.0);
  assert_int_equal(rrp_quat_from_unit_values(near, RRP_QUAT_UNIT_TOL, q, &n), RRP_OK);
  assert_close(n, 1.0 + 1e-8, 0.0, TOL_ROUNDOFF);
  assert_vec_close(q, (const double[4]){1, 0, 0, 0}, 4, 0.0, TOL_ROUNDOFF);
  const double untouched[4] = {7, 7, 7, 7};
  for (int k = 0; k < 4; k++) q[k] = untouched[k];
  assert_int_equal(rrp_quat_from_unit_values(half, RRP_QUAT_UNIT_TOL, q, &n), RRP_EDOMAIN);
  assert_true(n == 0.5);
  assert_memory_equal(q, untouched, sizeof(untouched));
  assert_int_equal(rrp_quat_from_unit_values(off, RRP_QUAT_UNIT_TOL, q, &n), RRP_EDOMAIN);
  assert_true(n > 1.0 + RRP_QUAT_UNIT_TOL);
  assert_int_equal(rrp_quat_from_unit_values(zero, RRP_QUAT_UNIT_TOL, q, &n), RRP_EDOMAIN);
  assert_true(n == 0.0);
  assert_int_equal(rrp_quat_from_unit_values(huge, RRP_QUAT_UNIT_TOL, q, &n), RRP_EDOMAIN);
  assert_close(n, sqrt(2.0) * 1e300, 1e-15, 0.0);
  assert_int_equal(rrp_quat_from_unit_values(bad, RRP_QUAT_UNIT_TOL, q, &n), RRP_ENONFINITE);
  assert_true(isnan(n));
  assert_int_equal(rrp_quat_from_unit_values(inf, RRP_QUAT_UNIT_TOL, q, &n), RRP_ENONFINITE);
  assert_true(isinf(n));
  assert_memory_equal(q, untouched, sizeof(untouched));
  /* the tolerance itself must be a number >= 0; 0 accepts a norm of exactly 1 only */
  assert_int_equal(rrp_quat_from_unit_values(unit, -1.0, q, &n), RRP_EDOMAIN);
  assert_int_equal(rrp_quat_from_unit_values(unit, NAN, q, &n), RRP_EDOMAIN);
  assert_int_equal(rrp_quat_from_unit_values(unit, 0.0, q, &n), RRP_OK);
  assert_int_equal(rrp_quat_from_unit_values(near, 0.0, q, &n), RRP_EDOMAIN);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_alpha_matrix_is_rotation),
      cmocka_unit_test(test_alpha_matrix_matches_quat_and_theta),
      cmocka_unit_test(test_alpha_known_rotation),
      cmocka_unit_test(test_compose_is_matrix_product),
      cmocka_unit_test(test_compose_inverse_and_aliasing),
      cmocka_unit_test(test_compose_half_turn_is_singular),
      cmocka_unit_test(test_round_trips),
      cmocka_unit_test(test_small_angles),
      cmocka_unit_test(test_near_half_turn),
      cmocka_unit_test(test_theta_wraps),
      cmocka_unit_test(test_quaternion_helpers),
      cmocka_unit_test(test_strerror),
      cmocka_unit_test(test_quat_from_values_and_turn),
      cmocka_unit_test(test_quat_from_unit_values),
  };
  return cmocka_run_group_tests_name("rotation", tests, NULL, NULL);
}
