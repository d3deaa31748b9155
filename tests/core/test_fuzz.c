/* test_fuzz.c - a seeded random driver over the core's public functions on random and extreme
 * inputs (zero, denormal, tiny, huge, near a half-turn): finite input never gives a NaN or an
 * infinity without an error status, and the outputs keep their invariants (unit quaternions,
 * orthonormal matrices, |theta| <= pi). */
#include "rrp/binder.h"
#include "rrp/contact.h"
#include "rrp/field.h"
#include "rrp/integrator.h"
#include "rrp/rotation.h"

#include "test_util.h"

#include <float.h>
#include <string.h>

#define NFUZZ 20000

static const double PI = 3.14159265358979323846;

/* a number from a mixture of magnitudes, with a random sign and mantissa */
static double extreme(rng_t *r)
{
  static const double scales[] = {0.0, 4e-320, 1e-300, 1e-200, 1e-8, 1e-3, 1.0, 2.0, 3.14159265358979,
                                  1e3, 1e8, 1e150, 1e200, 1e300, 1.7e308};
  const int k = (int) (rng_uniform(r) * (double) (sizeof(scales) / sizeof(scales[0])));
  const double sign = rng_uniform(r) < 0.5 ? -1.0 : 1.0;
  double v = sign * scales[k] * (0.5 + rng_uniform(r));
  if (!isfinite(v)) v = sign * DBL_MAX;
  return v;
}

static void extreme_vec(rng_t *r, double v[3])
{
  for (int i = 0; i < 3; i++) v[i] = extreme(r);
  /* sometimes a single-axis vector, sometimes an exact half-turn theta */
  const double u = rng_uniform(r);
  if (u < 0.1) v[1] = v[2] = 0.0;
  else if (u < 0.15) {
    v[0] = PI;
    v[1] = v[2] = 0.0;
  }
}

static int finite_n(const double *v, int n)
{
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

static int nan_free(const double *v, int n)
{
  for (int i = 0; i < n; i++)
    if (isnan(v[i])) return 0;
  return 1;
}

static double qnorm(const double q[4])
{
  return sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
}

static void test_rotation_fuzz(void **state)
{
  (void) state;
  rng_t r = {0x5eed};
  for (int k = 0; k < NFUZZ; k++) {
    double a[3], b[3], R[3][3], q[4], th[3], out[3];
    extreme_vec(&r, a);
    extreme_vec(&r, b);

    rrp_alpha_to_matrix(a, R);
    assert_true(finite_n(&R[0][0], 9));
    assert_rotation(R, 1e-12);

    rrp_alpha_to_quat(a, q);
    assert_true(finite_n(q, 4));
    assert_close(qnorm(q), 1.0, 0.0, 1e-14);

    rrp_alpha_to_theta(a, th);
    assert_true(finite_n(th, 3));
    assert_true(sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2]) <= PI + 1e-12);

    const int sa = rrp_alpha_from_theta(a, out); /* a read as a rotation vector */
    assert_true(sa == RRP_OK ? finite_n(out, 3) : (sa == RRP_ESINGULAR && nan_free(out, 3)));

    /* rotation vectors need a finite norm: components below 1e300 */
    double tv[3];
    for (int d = 0; d < 3; d++) tv[d] = fmax(-1e300, fmin(1e300, a[d]));
    rrp_theta_to_quat(tv, q);
    assert_true(finite_n(q, 4));
    assert_close(qnorm(q), 1.0, 0.0, 1e-12);
    rrp_quat_to_theta(q, th);
    assert_true(finite_n(th, 3));
    assert_true(sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2]) <= PI + 1e-12);
    rrp_quat_to_matrix(q, R);
    assert_true(finite_n(&R[0][0], 9));
    rrp_matrix_log(R, th);
    assert_true(finite_n(th, 3));

    const int sc = rrp_alpha_compose(a, b, out);
    assert_true(sc == RRP_OK ? finite_n(out, 3) : sc == RRP_ESINGULAR && finite_n(out, 3));

    double q4[4] = {extreme(&r), extreme(&r), extreme(&r), extreme(&r)};
    rrp_quat_normalize(q4);
    assert_true(finite_n(q4, 4));
    assert_close(qnorm(q4), 1.0, 0.0, 1e-14);
    double qa[4];
    memcpy(qa, q4, sizeof(qa));
    rrp_quat_apply_alpha(a, qa);
    assert_true(finite_n(qa, 4));
    assert_close(qnorm(qa), 1.0, 0.0, 1e-14);
    double va[4];
    assert_int_equal(rrp_alpha_from_quat(q4, va) == RRP_OK ? finite_n(va, 3) : nan_free(va, 3), 1);
  }
}

static void test_kernel_fuzz(void **state)
{
  (void) state;
  rng_t r = {0xfade};
  for (int k = 0; k < NFUZZ; k++) {
    double w[3], da[3];
    extreme_vec(&r, w);
    const double h = fabs(extreme(&r));
    const int se = rrp_exact_increment(h, w, da);
    assert_true(se == RRP_OK ? finite_n(da, 3) : (se == RRP_ESTEP || se == RRP_ENONFINITE));

    /* one sphere step with extreme state: a status, or a finite, unit-quaternion state */
    double x[1][3], v[1][3], f[1][3], om[1][3], tq[1][3], quat[1][4] = {{1, 0, 0, 0}};
    extreme_vec(&r, x[0]);
    extreme_vec(&r, v[0]);
    extreme_vec(&r, f[0]);
    extreme_vec(&r, om[0]);
    extreme_vec(&r, tq[0]);
    const double mass[1] = {fabs(extreme(&r)) + 1e-300}, radius[1] = {1.0};
    const rrp_inertia in = {RRP_INERTIA_RATIO, 0.4, NULL};
    const rrp_spheres p = {1, NULL, 0, mass, radius, x, v, (const double(*)[3]) f, om, (const double(*)[3]) tq, quat};
    const rrp_scheme *sc = &rrp_schemes[k % rrp_nschemes];
    const double hs = 1e-3;
    double before[3][3], qbefore[4];
    memcpy(before[0], x[0], sizeof(x[0]));
    memcpy(before[1], v[0], sizeof(v[0]));
    memcpy(before[2], om[0], sizeof(om[0]));
    memcpy(qbefore, quat[0], sizeof(qbefore));
    const int st = rrp_spheres_first(sc, &p, &in, hs, 1.0, NULL, NULL);
    if (st == RRP_OK) {
      /* OK means a finite new state: never an overflow passed on silently */
      assert_true(finite_n(x[0], 3) && finite_n(v[0], 3) && finite_n(om[0], 3));
      assert_true(finite_n(quat[0], 4));
      assert_close(qnorm(quat[0]), 1.0, 0.0, 1e-12);
    } else {
      /* any other status leaves the particle exactly as it was */
      assert_true(st == RRP_ESTEP || st == RRP_ENONFINITE || st == RRP_EDOMAIN);
      assert_memory_equal(before[0], x[0], sizeof(x[0]));
      assert_memory_equal(before[1], v[0], sizeof(v[0]));
      assert_memory_equal(before[2], om[0], sizeof(om[0]));
      assert_memory_equal(qbefore, quat[0], sizeof(qbefore));
    }

    /* binder and contacts: a status, or finite loads */
    rrp_binder_ref ref;
    double d0[3];
    extreme_vec(&r, d0);
    double qi[4] = {extreme(&r), extreme(&r), extreme(&r), extreme(&r)}, qj[4] = {1, extreme(&r), 0, 0};
    rrp_quat_normalize(qi);
    rrp_quat_normalize(qj);
    rrp_binder_reference(d0, qj, qi, &ref);
    double xi[3], xj[3];
    extreme_vec(&r, xi);
    extreme_vec(&r, xj);
    /* every shear form (convected, paper, linear), Kt = Kb and not */
    const rrp_binder_coeff bc = {10.0, k % 5 == 0 ? 3.0 : 10.0, 200.0, 200.0,
                                 (enum rrp_shear_form) (k % 3), k % 4 == 0};
    rrp_binder_load load;
    const int sb = rrp_binder(&bc, &ref, qi, xi, xj, qi, qj, &load);
    if (sb == RRP_OK) {
      assert_true(finite_n(load.fi, 3) && finite_n(load.ti, 3) && finite_n(load.tj, 3));
      assert_true(isfinite(load.um) && isfinite(load.ua) && isfinite(load.us));
      assert_true(isfinite(load.twist) && isfinite(load.bend) && isfinite(load.shear));
      /* a damage that overflows is infinite (the binder breaks), never NaN */
      rrp_binder_limit lim;
      assert_int_equal(rrp_binder_limit_set(bc.shear, 0.05, k % 2 ? 0.3 : 0.0, 0.4, 0.5, &lim), RRP_OK);
      assert_false(isnan(rrp_binder_damage(&lim, &load, NULL)));
    } else {
      assert_true(sb == RRP_EDOMAIN || sb == RRP_ENONFINITE);
    }
    double fi[3], U;
    const double Ri = fabs(extreme(&r)), Rj = fabs(extreme(&r));
    const int sh = rrp_hertz_pair(2100.0, Ri, Rj, xi, xj, fi, &U);
    assert_true(sh == RRP_OK ? finite_n(fi, 3) && isfinite(U) : (sh == RRP_EDOMAIN || sh == RRP_ENONFINITE));
    double F;
    const double sw = extreme(&r);
    const double Uw = rrp_hertz_wall(2100.0, 1.0, sw, &F);
    assert_false(isnan(Uw) || isnan(F));
    if (fabs(sw) < 1e6) assert_true(isfinite(Uw) && isfinite(F)); /* +inf only past 1e120 radii */

    /* the lever field: |g| |l| within the double range (its energy is a product of the two) */
    double T[3] = {0, 0, 0}, l[3], g[3];
    extreme_vec(&r, l);
    extreme_vec(&r, g);
    for (int d = 0; d < 3; d++) {
      l[d] = fmax(-1e150, fmin(1e150, l[d]));
      g[d] = fmax(-1e150, fmin(1e150, g[d]));
    }
    const double Ug = rrp_lever_field(1.0, qi, l, g, T);
    assert_false(isnan(Ug));
  }
}

/* NaN input is reported, never passed on */
static void test_nan_inputs(void **state)
{
  (void) state;
  const double nanv[3] = {NAN, 0, 0}, one[3] = {1, 0, 0}, q1[4] = {1, 0, 0, 0};
  double da[3], fi[3], U;
  assert_int_equal(rrp_exact_increment(0.1, nanv, da), RRP_ENONFINITE);
  assert_int_equal(rrp_hertz_pair(1.0, 1.0, 1.0, nanv, one, fi, &U), RRP_ENONFINITE);
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}};
  const rrp_binder_coeff bc = {1, 1, 1, 1, RRP_SHEAR_CONVECTED, 0};
  rrp_binder_load load;
  assert_int_equal(rrp_binder(&bc, &ref, NULL, nanv, one, q1, q1, &load), RRP_ENONFINITE);
  double out[3];
  assert_int_equal(rrp_alpha_compose(nanv, one, out), RRP_ESINGULAR);
  assert_true(finite_n(out, 3));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rotation_fuzz),
      cmocka_unit_test(test_kernel_fuzz),
      cmocka_unit_test(test_nan_inputs),
  };
  return cmocka_run_group_tests_name("fuzz", tests, NULL, NULL);
}
