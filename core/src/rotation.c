/* rotation.c - rotation algebra on rescaled Rodrigues parameters, Baker & Gonzalez (2021)
 * eqs. (3)-(5), with quaternion storage free of the half-turn singularity (doc/theory.rst section 1). */
#include "rrp/rotation.h"

#include "vec3.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

/* |a| without overflow or underflow in the squares (a scaled by its largest component); with
 * u non-NULL also the unit vector a/|a|, computed from the scaled a, so that it is right even
 * where |a| itself overflows (two components near DBL_MAX). */
static double norm3_unit(const double a[3], double *u)
{
  const double m = fmax(fabs(a[0]), fmax(fabs(a[1]), fabs(a[2])));
  if (m == 0.0 || !isfinite(m)) {
    if (u) u[0] = u[1] = u[2] = 0.0;
    return m;
  }
  const double b[3] = {a[0] / m, a[1] / m, a[2] / m};
  const double nb = sqrt(rrp_dot3(b, b));
  if (u)
    for (int i = 0; i < 3; i++) u[i] = b[i] / nb;
  return m * nb;
}

static double norm3_safe(const double a[3])
{
  /* the largest |component| by comparisons (fmax is a libm call here); a NaN component gives a
   * NaN norm either way */
  const double a0 = fabs(a[0]), a1 = fabs(a[1]), a2 = fabs(a[2]);
  const double m01 = a0 > a1 ? a0 : a1;
  const double m = m01 > a2 ? m01 : a2;
  if (m > 1e-150 && m < 1e150) return sqrt(rrp_dot3(a, a));
  return norm3_unit(a, NULL);
}

void rrp_alpha_to_matrix(const double a[3], double R[3][3])
{
  /* eq. (4): R = I + c (S + S^2/2), c = 4/(4+|a|^2); S^2 = a a^T - |a|^2 I */
  const double aa = rrp_dot3(a, a);
  if (aa < 1e300) {
    const double c = 4.0 / (4.0 + aa);
    const double h = 0.5 * c;
    R[0][0] = 1.0 + h * (a[0] * a[0] - aa);
    R[1][1] = 1.0 + h * (a[1] * a[1] - aa);
    R[2][2] = 1.0 + h * (a[2] * a[2] - aa);
    R[0][1] = h * a[0] * a[1] - c * a[2];
    R[1][0] = h * a[0] * a[1] + c * a[2];
    R[0][2] = h * a[0] * a[2] + c * a[1];
    R[2][0] = h * a[0] * a[2] - c * a[1];
    R[1][2] = h * a[1] * a[2] - c * a[0];
    R[2][1] = h * a[1] * a[2] + c * a[0];
    return;
  }
  /* |a| beyond 1e150 (the squares overflow): the same formula on the unit axis u = a/|a|,
   * c |a| = 4/(4/|a| + |a|) and c |a|^2 / 2 = 2/(4/|a|^2 + 1): a half-turn in the limit */
  double u[3];
  const double n = norm3_unit(a, u);
  const double cs = 4.0 / (4.0 / n + n);
  const double h = 2.0 / (4.0 / n / n + 1.0);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) R[i][j] = (i == j ? 1.0 - h : 0.0) + h * u[i] * u[j];
  R[0][1] -= cs * u[2];
  R[1][0] += cs * u[2];
  R[0][2] += cs * u[1];
  R[2][0] -= cs * u[1];
  R[1][2] -= cs * u[0];
  R[2][1] += cs * u[0];
}

int rrp_alpha_compose(const double a1[3], const double a2[3], double out[3])
{
  /* eq. (5): a1 (+) a2 = 4/(4 - a1.a2) (a1 + a2 - a1 x a2 / 2), R(a1 (+) a2) = R(a2) R(a1) */
  const double den = 4.0 - rrp_dot3(a1, a2);
  double c[3];
  rrp_cross3(a1, a2, c);
  double r[3];
  for (int i = 0; i < 3; i++) r[i] = a1[i] + a2[i] - 0.5 * c[i];
  const double s = 4.0 / den;
  for (int i = 0; i < 3; i++) r[i] *= s;
  if (den == 0.0 || !isfinite(r[0]) || !isfinite(r[1]) || !isfinite(r[2])) {
    out[0] = out[1] = out[2] = 0.0;
    return RRP_ESINGULAR;
  }
  out[0] = r[0];
  out[1] = r[1];
  out[2] = r[2];
  return RRP_OK;
}

void rrp_alpha_inverse(const double a[3], double out[3])
{
  out[0] = -a[0];
  out[1] = -a[1];
  out[2] = -a[2];
}

void rrp_alpha_to_quat(const double a[3], double q[4])
{
  const double aa = rrp_dot3(a, a);
  if (aa < 1e300) {
    const double s = 1.0 / sqrt(1.0 + 0.25 * aa);
    q[0] = s;
    q[1] = 0.5 * s * a[0];
    q[2] = 0.5 * s * a[1];
    q[3] = 0.5 * s * a[2];
    return;
  }
  /* huge |a|: (2/|a|, u)/sqrt(1 + 4/|a|^2), u = a/|a|, without overflow */
  double u[3];
  const double n = norm3_unit(a, u);
  const double s = 1.0 / sqrt(1.0 + 4.0 / n / n);
  q[0] = 2.0 / n * s;
  q[1] = s * u[0];
  q[2] = s * u[1];
  q[3] = s * u[2];
}

int rrp_alpha_from_quat(const double q[4], double a[3])
{
  int status = RRP_OK;
  for (int i = 0; i < 3; i++) {
    const double v = q[i + 1];
    double r = (q[0] != 0.0) ? 2.0 * v / q[0] : (v == 0.0 ? 0.0 : copysign(HUGE_VAL, v));
    /* a half-turn: w is 0, or so small that the division overflows */
    if (!isfinite(r)) {
      status = RRP_ESINGULAR;
      r = copysign(HUGE_VAL, q[0] < 0.0 ? -v : v);
    }
    a[i] = r;
  }
  return status;
}

void rrp_alpha_to_theta(const double a[3], double th[3])
{
  /* |theta| = 2 atan(|a|/2): theta = a atan(y)/y with y = |a|/2 */
  double u[3];
  const double n = norm3_unit(a, u);
  const double y = 0.5 * n;
  if (y < RRP_SERIES_ANGLE) {
    const double y2 = y * y;
    rrp_scale3(1.0 - y2 / 3.0 + y2 * y2 / 5.0, a, th);
  } else {
    /* theta = u 2 atan(y): no overflow of a atan(y)/y for huge a */
    rrp_scale3(2.0 * atan(y), u, th);
  }
}

int rrp_alpha_from_theta(const double th[3], double a[3])
{
  double q[4];
  rrp_theta_to_quat(th, q);
  return rrp_alpha_from_quat(q, a);
}

void rrp_theta_to_quat(const double th[3], double q[4])
{
  const double x = 0.5 * norm3_safe(th); /* half angle */
  double sinc;                                  /* sin(x)/x */
  if (x < RRP_SERIES_ANGLE) {
    const double x2 = x * x;
    sinc = 1.0 - x2 / 6.0 + x2 * x2 / 120.0;
  } else {
    sinc = sin(x) / x;
  }
  q[0] = cos(x);
  q[1] = 0.5 * sinc * th[0];
  q[2] = 0.5 * sinc * th[1];
  q[3] = 0.5 * sinc * th[2];
}

void rrp_quat_to_theta(const double q[4], double th[3])
{
  rrp_qlog(q, norm3_safe(q + 1), th);
}

void rrp_theta_to_matrix(const double th[3], double R[3][3])
{
  double q[4];
  rrp_theta_to_quat(th, q);
  rrp_quat_to_matrix(q, R);
}

void rrp_matrix_log(double R[3][3], double th[3])
{
  double q[4];
  rrp_matrix_to_quat(R, q);
  rrp_quat_to_theta(q, th);
}

void rrp_quat_to_matrix(const double q[4], double R[3][3])
{
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double n = w * w + x * x + y * y + z * z;
  const double s = 2.0 / n;
  R[0][0] = 1.0 - s * (y * y + z * z);
  R[1][1] = 1.0 - s * (x * x + z * z);
  R[2][2] = 1.0 - s * (x * x + y * y);
  R[0][1] = s * (x * y - w * z);
  R[1][0] = s * (x * y + w * z);
  R[0][2] = s * (x * z + w * y);
  R[2][0] = s * (x * z - w * y);
  R[1][2] = s * (y * z - w * x);
  R[2][1] = s * (y * z + w * x);
}

void rrp_matrix_to_quat(double R[3][3], double q[4])
{
  /* Shepperd (1978): pivot on the largest of 4 w^2, 4 x^2, 4 y^2, 4 z^2 */
  const double tr = R[0][0] + R[1][1] + R[2][2];
  double p[4];
  if (tr >= R[0][0] && tr >= R[1][1] && tr >= R[2][2]) {
    const double r = sqrt(1.0 + tr);
    const double s = 0.5 / r;
    p[0] = 0.5 * r;
    p[1] = (R[2][1] - R[1][2]) * s;
    p[2] = (R[0][2] - R[2][0]) * s;
    p[3] = (R[1][0] - R[0][1]) * s;
  } else if (R[0][0] >= R[1][1] && R[0][0] >= R[2][2]) {
    const double r = sqrt(1.0 + R[0][0] - R[1][1] - R[2][2]);
    const double s = 0.5 / r;
    p[0] = (R[2][1] - R[1][2]) * s;
    p[1] = 0.5 * r;
    p[2] = (R[0][1] + R[1][0]) * s;
    p[3] = (R[0][2] + R[2][0]) * s;
  } else if (R[1][1] >= R[2][2]) {
    const double r = sqrt(1.0 - R[0][0] + R[1][1] - R[2][2]);
    const double s = 0.5 / r;
    p[0] = (R[0][2] - R[2][0]) * s;
    p[1] = (R[0][1] + R[1][0]) * s;
    p[2] = 0.5 * r;
    p[3] = (R[1][2] + R[2][1]) * s;
  } else {
    const double r = sqrt(1.0 - R[0][0] - R[1][1] + R[2][2]);
    const double s = 0.5 / r;
    p[0] = (R[1][0] - R[0][1]) * s;
    p[1] = (R[0][2] + R[2][0]) * s;
    p[2] = (R[1][2] + R[2][1]) * s;
    p[3] = 0.5 * r;
  }
  rrp_quat_normalize(p);
  rrp_quat_canonical(p, q);
}

void rrp_quat_multiply(const double p[4], const double q[4], double out[4])
{
  rrp_qmul(p, q, out);
}

void rrp_quat_conjugate(const double q[4], double out[4])
{
  out[0] = q[0];
  out[1] = -q[1];
  out[2] = -q[2];
  out[3] = -q[3];
}

void rrp_quat_normalize(double q[4])
{
  /* scale by the largest component first, so that huge or tiny q do not overflow */
  const double m = fmax(fmax(fabs(q[0]), fabs(q[1])), fmax(fabs(q[2]), fabs(q[3])));
  if (m > 0.0 && isfinite(m) && (m > 1e150 || m < 1e-150))
    for (int i = 0; i < 4; i++) q[i] /= m;
  const double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n == 0.0 || !isfinite(n)) {
    q[0] = 1.0;
    q[1] = q[2] = q[3] = 0.0;
    return;
  }
  const double s = 1.0 / n;
  for (int i = 0; i < 4; i++) q[i] *= s;
}

void rrp_quat_canonical(const double q[4], double out[4])
{
  const double s = (q[0] < 0.0) ? -1.0 : 1.0;
  for (int i = 0; i < 4; i++) out[i] = s * q[i];
}

void rrp_quat_rotate(const double q[4], const double v[3], double out[3])
{
  rrp_qrot(q, v, out);
}

void rrp_quat_apply_alpha(const double da[3], double q[4])
{
  /* q(da) = (1, da/2)/sqrt(1 + |da|^2/4); the product is renormalised afterwards, so the
   * unnormalised factor (1, da/2) serves and saves a square root. */
  const double p[4] = {1.0, 0.5 * da[0], 0.5 * da[1], 0.5 * da[2]};
  rrp_quat_multiply(p, q, q);
  rrp_quat_normalize(q);
}

int rrp_quat_from_values(const double in[4], double q[4])
{
  const double n2 = in[0] * in[0] + in[1] * in[1] + in[2] * in[2] + in[3] * in[3];
  if (!isfinite(n2) || !(n2 > 0.0)) return RRP_EDOMAIN;
  for (int k = 0; k < 4; k++) q[k] = in[k];
  if (fabs(n2 - 1.0) > 8.0 * DBL_EPSILON) rrp_quat_normalize(q);
  return RRP_OK;
}

int rrp_quat_from_unit_values(const double in[4], double tol, double q[4], double *norm)
{
  int nan = 0, inf = 0;
  for (int k = 0; k < 4; k++) {
    nan = nan || isnan(in[k]);
    inf = inf || isinf(in[k]);
  }
  if (nan || inf) {
    *norm = nan ? NAN : INFINITY;
    return RRP_ENONFINITE;
  }
  /* |in| scaled by its largest component, so that huge or tiny values do not overflow */
  const double m = fmax(fmax(fabs(in[0]), fabs(in[1])), fmax(fabs(in[2]), fabs(in[3])));
  double s2 = 0.0;
  if (m > 0.0)
    for (int k = 0; k < 4; k++) s2 += (in[k] / m) * (in[k] / m);
  *norm = m * sqrt(s2);
  if (!(tol >= 0.0) || !isfinite(tol) || !(fabs(*norm - 1.0) <= tol)) return RRP_EDOMAIN;
  return rrp_quat_from_values(in, q);
}

void rrp_quat_turn(const double q_old[4], const double q_new[4], double v[3])
{
  double c[4], dq[4];
  rrp_quat_conjugate(q_old, c);
  rrp_quat_multiply(q_new, c, dq);
  rrp_quat_rotate(dq, v, v);
}
