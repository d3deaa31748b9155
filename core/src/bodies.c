/* bodies.c - the variational RRP map for bodies with a general inertia tensor on arrays of
 * particles (see rrp/bodies.h). The Legendre relation (14) is solved by rrp_legendre_solve
 * (legendre.h), as in the rigid-body harness's rrp-general scheme. */
#include "rrp/bodies.h"

#include "legendre.h"
#include "vec3.h"

#include <math.h>
#include <stddef.h>

static inline int selected(const rrp_bodies *p, int i)
{
  return p->mask == NULL || (p->mask[i] & p->groupbit);
}

static inline int positive(double x)
{
  return x > 0.0 && isfinite(x);
}

void rrp_ellipsoid_inertia(double m, const double r[3], double I[3])
{
  const double a2 = r[0] * r[0], b2 = r[1] * r[1], c2 = r[2] * r[2], k = 0.2 * m;
  I[0] = k * (b2 + c2);
  I[1] = k * (c2 + a2);
  I[2] = k * (a2 + b2);
}

int rrp_body_of(const rrp_bodies *p, int i, double I[3], double **q)
{
  const int k = p->record ? p->record[i] : i;
  if (k < 0 || !positive(p->mass[i])) return RRP_EDOMAIN;
  const size_t at = (size_t) k * p->stride;
  *q = p->quat + at;
  if (p->inertia) {
    for (int d = 0; d < 3; d++) I[d] = p->inertia[i][d];
  } else {
    rrp_ellipsoid_inertia(p->mass[i], p->radii + at, I);
  }
  return positive(I[0]) && positive(I[1]) && positive(I[2]) ? RRP_OK : RRP_EDOMAIN;
}

/* the step of one body into (vn, xn, Ln, qn), its own state untouched */
static inline int step_body(const rrp_bodies *p, int i, double h, double dtf, double vn[3],
                            double xn[3], double Ln[3], double qn[4], double *hw)
{
  double I[3], *q;
  if (rrp_body_of(p, i, I, &q) != RRP_OK) return RRP_EDOMAIN;
  const double dtfm = dtf / p->mass[i];
  for (int d = 0; d < 3; d++) {
    vn[d] = p->v[i][d] + dtfm * p->f[i][d];
    xn[d] = p->x[i][d] + h * vn[d];
    Ln[d] = p->angmom[i][d] + dtf * p->torque[i][d];
  }
  const double all = vn[0] + vn[1] + vn[2] + xn[0] + xn[1] + xn[2] + Ln[0] + Ln[1] + Ln[2];
  if (!isfinite(all) || !rrp_finite_n(q, 4)) return RRP_ENONFINITE;
  /* body-frame momentum of the half step, Pi = R^T L (L turned by the conjugate of q:
   * t = 2 L x u, Pi = L + w t + t x u), and the increment from (14) with rhs = h Pi */
  const double u[3] = {q[1], q[2], q[3]};
  double t[3], tu[3], rhs[3], beta[3];
  rrp_cross3(Ln, u, t);
  rrp_cross3(t, u, tu);
  for (int d = 0; d < 3; d++) rhs[d] = h * (Ln[d] + 2.0 * (q[0] * t[d] + tu[d]));
  const int status = rrp_legendre_solve(I, rhs, beta);
  if (status != RRP_OK) {
    const double w[3] = {rhs[0] / I[0], rhs[1] / I[1], rhs[2] / I[2]};
    *hw = rrp_norm3(w);
    return status;
  }
  /* R_k+1 = R_k R(beta): q <- q (1, beta/2)/sqrt(1 + |beta|^2/4), renormalised */
  const double c = 1.0 / sqrt(1.0 + 0.25 * rrp_dot3(beta, beta)), k = 0.5 * c;
  const double qb[4] = {c, k * beta[0], k * beta[1], k * beta[2]};
  rrp_qmul(q, qb, qn);
  const double nn = 1.0 / sqrt(qn[0] * qn[0] + qn[1] * qn[1] + qn[2] * qn[2] + qn[3] * qn[3]);
  for (int d = 0; d < 4; d++) qn[d] *= nn;
  return rrp_finite_n(qn, 4) ? RRP_OK : RRP_ENONFINITE;
}

int rrp_bodies_first(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    double vn[3], xn[3], Ln[3], qn[4], hw = 0.0;
    const int status = step_body(p, i, h, dtf, vn, xn, Ln, qn, &hw);
    if (status != RRP_OK) {
      if (bad) {
        bad->index = i;
        bad->hw = hw;
      }
      return status;
    }
    for (int d = 0; d < 3; d++) {
      p->v[i][d] = vn[d];
      p->x[i][d] = xn[d];
      p->angmom[i][d] = Ln[d];
    }
    double *q = p->quat + (size_t) (p->record ? p->record[i] : i) * p->stride;
    for (int d = 0; d < 4; d++) q[d] = qn[d];
  }
  return RRP_OK;
}

void rrp_bodies_second(const rrp_bodies *p, double h, double ftm2v)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i) || !positive(p->mass[i]) || (p->record && p->record[i] < 0)) continue;
    const double dtfm = dtf / p->mass[i];
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtfm * p->f[i][d];
      p->angmom[i][d] += dtf * p->torque[i][d];
    }
  }
}

void rrp_body_map_moments(const double I[3], double out[3])
{
  double big = fmax(I[0], fmax(I[1], I[2]));
  if (!(big > 0.0)) big = 1.0;
  for (int k = 0; k < 3; k++) out[k] = I[k] == 0.0 ? big : I[k];
}
