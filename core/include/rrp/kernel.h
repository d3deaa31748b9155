/* rrp/kernel.h - the small vector and quaternion helpers of the inline kernels (one sphere, one
 * contact, one binder), and the specifiers those kernels carry.
 *
 * The kernels that the core's loops run particle by particle, pair by pair or bond by bond are
 * inline functions in the public headers (rrp/sphere_kernel.h, rrp/binder_kernel.h,
 * rrp_hertz_pair_factor and rrp_hertz_wall of rrp/contact.h, rrp_lever_field of rrp/field.h), so that the KOKKOS styles' kernels run the same code
 * (one source of the physics, the same operations in the same order, the same bits where the
 * compiler flags agree). Each is marked RRP_KERNEL: `static inline` unless the includer defined
 * it first; the KOKKOS styles define it as `static KOKKOS_INLINE_FUNCTION` (host and device
 * under CUDA). A kernel touches no global state, allocates nothing and reports through its
 * return value (rrp/conventions.h's status codes), never by printing or aborting.
 *
 *   int rrp_finite(v);  double rrp_dot3(a, b);  void rrp_cross3(a, b, out);  void rrp_scale3(s, a, out);
 *   void rrp_qmul(p, q, out);  void rrp_qrot(q, v, out);
 */
#ifndef RRP_KERNEL_H
#define RRP_KERNEL_H

#include <math.h>

#ifndef RRP_KERNEL
#if defined(__GNUC__)
/* inlined whatever its size: a loop over particles or bonds vectorises only what it inlines */
#define RRP_KERNEL static inline __attribute__((always_inline))
#else
#define RRP_KERNEL static inline
#endif
#endif

/* finite, as a comparison the vectoriser takes (false for NaN and infinities) */
RRP_KERNEL int rrp_finite(double v)
{
  return fabs(v) <= 1.79769313486231570815e+308;
}

RRP_KERNEL double rrp_dot3(const double a[3], const double b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* out = a x b; out may alias a or b */
RRP_KERNEL void rrp_cross3(const double a[3], const double b[3], double out[3])
{
  const double c0 = a[1] * b[2] - a[2] * b[1];
  const double c1 = a[2] * b[0] - a[0] * b[2];
  const double c2 = a[0] * b[1] - a[1] * b[0];
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
}

RRP_KERNEL void rrp_scale3(double s, const double a[3], double out[3])
{
  out[0] = s * a[0];
  out[1] = s * a[1];
  out[2] = s * a[2];
}

/* out = p q, quaternions (w, x, y, z); out may alias p or q */
RRP_KERNEL void rrp_qmul(const double p[4], const double q[4], double out[4])
{
  const double w = p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3];
  const double x = p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2];
  const double y = p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1];
  const double z = p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0];
  out[0] = w;
  out[1] = x;
  out[2] = y;
  out[3] = z;
}

/* out = R(q) v for a unit quaternion q: v + 2 w (u x v) + 2 u x (u x v), u = q_vec; out may
 * alias v */
RRP_KERNEL void rrp_qrot(const double q[4], const double v[3], double out[3])
{
  const double u[3] = {q[1], q[2], q[3]};
  double t[3], c[3];
  rrp_cross3(u, v, t);
  for (int i = 0; i < 3; i++) t[i] *= 2.0;
  rrp_cross3(u, t, c);
  const double r0 = v[0] + q[0] * t[0] + c[0];
  const double r1 = v[1] + q[0] * t[1] + c[1];
  const double r2 = v[2] + q[0] * t[2] + c[2];
  out[0] = r0;
  out[1] = r1;
  out[2] = r2;
}

#endif
