/* vec3.h - small private helpers on 3-vectors and quaternions for the core (not installed); the
 * ones the inline kernels use are public, in rrp/kernel.h. */
#ifndef RRP_VEC3_H
#define RRP_VEC3_H

#include "rrp/kernel.h"

#include <math.h>

/* Function multi-versioning of the hot kernels: one build runs AVX-512 or AVX2 code where the
 * CPU has it and baseline x86-64 (SSE2) elsewhere, chosen once at load time, with no -march flag.
 * None of the versions contracts a*b+c into a fused multiply-add: the core is compiled with
 * -ffp-contract=off (GCC's default for ISO C, given explicitly for compilers whose default
 * differs; the AVX-512 version has FMA instructions at hand), so all versions, and the blocked
 * kernels and their one-at-a-time forms, give the same bits. RRP_NO_TARGET_CLONES turns it off
 * (the sanitizer build). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(RRP_NO_TARGET_CLONES) &&                 \
    (!defined(__clang__) || __clang_major__ >= 14)
#define RRP_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define RRP_CLONES
#endif

/* Inlined whatever its size: the kernels that a loop over particles or bonds vectorises must be
 * inlined into it whole. */
#if defined(__GNUC__)
#define RRP_INLINE static inline __attribute__((always_inline))
#else
#define RRP_INLINE static inline
#endif

/* Below this angle (radians) the rotation functions use their Taylor series; the first omitted
 * term is then far below round-off (below 1e-19 relative). */
#define RRP_SERIES_ANGLE 1e-4

static inline double rrp_norm3(const double a[3])
{
  return sqrt(rrp_dot3(a, a));
}

/* Log of a unit quaternion q = (w, v): th = angle v/|v| with angle = 2 atan2(|v|, |w|) in
 * [0, pi], the sign of q chosen so that w >= 0. s = |v| is given by the caller (how it is
 * computed is its choice). Near the identity atan(z)/z is a series in z = s/w. Returns angle. */
static inline double rrp_qlog(const double q[4], double s, double th[3])
{
  const double sgn = (q[0] < 0.0) ? -1.0 : 1.0;
  const double w = sgn * q[0];
  double f; /* angle / s */
  if (s < RRP_SERIES_ANGLE * w) {
    const double z = s / w;
    const double z2 = z * z;
    f = 2.0 / w * (1.0 - z2 / 3.0 + z2 * z2 / 5.0);
  } else {
    f = 2.0 * atan2(s, w) / s;
  }
  for (int k = 0; k < 3; k++) th[k] = f * (sgn * q[k + 1]);
  return f * s;
}

/* all n values finite */
static inline int rrp_finite_n(const double *v, int n)
{
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

/* all nine entries of a 3x3 matrix finite */
static inline int rrp_finite_m(double A[3][3])
{
  return rrp_finite_n(A[0], 3) && rrp_finite_n(A[1], 3) && rrp_finite_n(A[2], 3);
}

#endif
