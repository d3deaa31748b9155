/* test_util.h - shared helpers of the core's cmocka tests: named tolerances, a double
 * comparison that fails on NaN and prints %.17g, and a fixed-seed random generator. */
#ifndef RRP_TEST_UTIL_H
#define RRP_TEST_UTIL_H

#include "rrp/rotation.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

/* named tolerances */
#define TOL_ROUNDOFF 1e-14    /* a few operations on O(1) numbers */
#define TOL_ACCUMULATED 1e-12 /* after many steps */
#define TOL_FD 1e-7           /* central finite differences, step 1e-5 */

/* |a - b| <= atol + rtol |b|, and neither is NaN; prints both at full precision on failure */
#define assert_close(a, b, rtol, atol) \
  assert_close_impl((a), (b), (rtol), (atol), #a, #b, __FILE__, __LINE__)

static inline void assert_close_impl(double a, double b, double rtol, double atol, const char *sa,
                                     const char *sb, const char *file, int line)
{
  if (isnan(a) || isnan(b) || !(fabs(a - b) <= atol + rtol * fabs(b))) {
    print_error("%s:%d: %s = %.17g differs from %s = %.17g by %.3g (rtol %.3g, atol %.3g)\n", file,
                line, sa, a, sb, b, fabs(a - b), rtol, atol);
    fail();
  }
}

static inline void assert_vec_close(const double *a, const double *b, int n, double rtol,
                                    double atol)
{
  for (int i = 0; i < n; i++) assert_close(a[i], b[i], rtol, atol);
}

/* xorshift64* with a fixed seed: reproducible property tests */
typedef struct {
  uint64_t s;
} rng_t;

static inline double rng_uniform(rng_t *r) /* [0, 1) */
{
  r->s ^= r->s >> 12;
  r->s ^= r->s << 25;
  r->s ^= r->s >> 27;
  return (double) ((r->s * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
}

static inline double rng_range(rng_t *r, double lo, double hi)
{
  return lo + (hi - lo) * rng_uniform(r);
}

static inline void rng_vec(rng_t *r, double scale, double v[3])
{
  for (int i = 0; i < 3; i++) v[i] = scale * rng_range(r, -1.0, 1.0);
}

static inline void mat_mul(double A[3][3], double B[3][3], double C[3][3])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

static inline double mat_det(double A[3][3])
{
  return A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) -
      A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
      A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
}

static inline void assert_mat_close(double A[3][3], double B[3][3], double atol)
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) assert_close(A[i][j], B[i][j], 0.0, atol);
}

/* R^T R = I and det R = 1 */
static inline void assert_rotation(double R[3][3], double atol)
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += R[k][i] * R[k][j];
      assert_close(s, i == j ? 1.0 : 0.0, 0.0, atol);
    }
  assert_close(mat_det(R), 1.0, 0.0, atol);
}

/* out = R(eps e_axis) q: q turned by the angle eps about a spatial axis, for central differences
 * of energies under rotations (the torque T_a is minus dU/d eps) */
static inline void fd_rotated(const double q[4], int axis, double eps, double out[4])
{
  double th[3] = {0, 0, 0}, dq[4];
  th[axis] = eps;
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, q, out);
}

#endif
