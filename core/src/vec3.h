/* vec3.h - small private helpers on 3-vectors for the core (not installed). */
#ifndef RRP_VEC3_H
#define RRP_VEC3_H

static inline double rrp_dot3(const double a[3], const double b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static inline void rrp_cross3(const double a[3], const double b[3], double out[3])
{
  const double c0 = a[1] * b[2] - a[2] * b[1];
  const double c1 = a[2] * b[0] - a[0] * b[2];
  const double c2 = a[0] * b[1] - a[1] * b[0];
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
}

static inline void rrp_scale3(double s, const double a[3], double out[3])
{
  out[0] = s * a[0];
  out[1] = s * a[1];
  out[2] = s * a[2];
}

#endif
