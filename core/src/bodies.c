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

/* rhs = h Pi = h R^T L of (14): L turned by the conjugate of q (t = 2 L x u, Pi = L + w t +
 * t x u). (Scalars: GCC 12's SLP vectoriser otherwise pairs the stores of t and reloads them as
 * a vector, a store-forwarding stall of a dozen cycles per body.) */
static inline void body_rhs(const double L[3], const double q[4], double h, double rhs[3])
{
  const double q0 = q[0], u0 = q[1], u1 = q[2], u2 = q[3];
  const double t0 = L[1] * u2 - L[2] * u1, t1 = L[2] * u0 - L[0] * u2, t2 = L[0] * u1 - L[1] * u0;
  rhs[0] = h * (L[0] + 2.0 * (q0 * t0 + (t1 * u2 - t2 * u1)));
  rhs[1] = h * (L[1] + 2.0 * (q0 * t1 + (t2 * u0 - t0 * u2)));
  rhs[2] = h * (L[2] + 2.0 * (q0 * t2 + (t0 * u1 - t1 * u0)));
}

/* h |omega| of a step the map could not take, |rhs/I| */
static inline double body_hw(const double I[3], const double rhs[3])
{
  const double w[3] = {rhs[0] / I[0], rhs[1] / I[1], rhs[2] / I[2]};
  return rrp_norm3(w);
}

/* R_k+1 = R_k R(beta): qn = q (1, beta/2), normalised (for a unit q that is the division by
 * sqrt(1 + |beta|^2/4) of (3.13), and it keeps |q| = 1 against round-off) */
static inline void body_turn(const double q[4], const double beta[3], double qn[4])
{
  const double qb[4] = {1.0, 0.5 * beta[0], 0.5 * beta[1], 0.5 * beta[2]};
  rrp_qmul(q, qb, qn);
  const double nn = 1.0 / sqrt(qn[0] * qn[0] + qn[1] * qn[1] + qn[2] * qn[2] + qn[3] * qn[3]);
  for (int d = 0; d < 4; d++) qn[d] *= nn;
}

/* the step of one body (mass m, positive principal moments I) into (vn, xn, Ln, qn), its own
 * state untouched */
static inline int step_one(double m, const double I[3], const double x[3], const double v[3],
                           const double f[3], const double L[3], const double torque[3],
                           const double q[4], double h, double dtf, double vn[3], double xn[3],
                           double Ln[3], double qn[4], double *hw)
{
  const double dtfm = dtf / m;
  for (int d = 0; d < 3; d++) {
    vn[d] = v[d] + dtfm * f[d];
    xn[d] = x[d] + h * vn[d];
    Ln[d] = L[d] + dtf * torque[d];
  }
  const double all = vn[0] + vn[1] + vn[2] + xn[0] + xn[1] + xn[2] + Ln[0] + Ln[1] + Ln[2] +
                     q[0] + q[1] + q[2] + q[3];
  if (!isfinite(all)) return RRP_ENONFINITE;
  /* the body-frame momentum of the half step and the increment from (14) with rhs = h Pi */
  double rhs[3], beta[3];
  body_rhs(Ln, q, h, rhs);
  const int status = rrp_legendre_solve(I, rhs, beta);
  if (status != RRP_OK) {
    *hw = body_hw(I, rhs);
    return status;
  }
  body_turn(q, beta, qn);
  return rrp_finite_n(qn, 4) ? RRP_OK : RRP_ENONFINITE;
}

/* the step of body i of p into (vn, xn, Ln, qn) */
static inline int step_body(const rrp_bodies *p, int i, double h, double dtf, double vn[3],
                            double xn[3], double Ln[3], double qn[4], double *hw)
{
  double I[3], *q;
  if (rrp_body_of(p, i, I, &q) != RRP_OK) return RRP_EDOMAIN;
  return step_one(p->mass[i], I, p->x[i], p->v[i], p->f[i], p->angmom[i], p->torque[i], q, h,
                  dtf, vn, xn, Ln, qn, hw);
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

/* a block's worth of bodies at a time: the straight-line parts of independent bodies
 * interleave in the processor (the latencies of the divisions and square roots of one body hide
 * behind the work of the next) */
#define RRP_BODY_BLOCK 8

int rrp_body_records_first(rrp_body *b, int n, double h, double ftm2v, rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i0 = 0; i0 < n; i0 += RRP_BODY_BLOCK) {
    rrp_body *p = b + i0;
    const int nb = n - i0 < RRP_BODY_BLOCK ? n - i0 : RRP_BODY_BLOCK;
    double vn[RRP_BODY_BLOCK][3], xn[RRP_BODY_BLOCK][3], Ln[RRP_BODY_BLOCK][3];
    double rhs[RRP_BODY_BLOCK][3], beta[RRP_BODY_BLOCK][3];
    int status[RRP_BODY_BLOCK];
    for (int j = 0; j < nb; j++) {
      const double m = p[j].mass, *I = p[j].inertia, *q = p[j].quat;
      status[j] = positive(m) && positive(I[0]) && positive(I[1]) && positive(I[2]) ? RRP_OK
                                                                                     : RRP_EDOMAIN;
      const double dtfm = dtf / m;
      for (int d = 0; d < 3; d++) {
        vn[j][d] = p[j].v[d] + dtfm * p[j].f[d];
        xn[j][d] = p[j].x[d] + h * vn[j][d];
        Ln[j][d] = p[j].angmom[d] + dtf * p[j].torque[d];
      }
      const double all = vn[j][0] + vn[j][1] + vn[j][2] + xn[j][0] + xn[j][1] + xn[j][2] +
                         Ln[j][0] + Ln[j][1] + Ln[j][2] + q[0] + q[1] + q[2] + q[3];
      if (status[j] == RRP_OK && !isfinite(all)) status[j] = RRP_ENONFINITE;
      body_rhs(Ln[j], q, h, rhs[j]);
    }
    int fast[RRP_BODY_BLOCK];
    for (int j = 0; j < nb; j++) fast[j] = rrp_legendre_fast(p[j].inertia, rhs[j], beta[j]);
    for (int j = 0; j < nb; j++) {
      if (status[j] == RRP_OK && !fast[j]) /* Newton's method on from the fast path's iterate */
        status[j] = rrp_legendre_solve_from(p[j].inertia, rhs[j], beta[j]);
      if (status[j] != RRP_OK) {
        if (bad) {
          bad->index = i0 + j;
          bad->hw = 0.0;
          if (status[j] == RRP_ENOCONV) bad->hw = body_hw(p[j].inertia, rhs[j]);
        }
        return status[j];
      }
    }
    for (int j = 0; j < nb; j++) {
      double qn[4];
      body_turn(p[j].quat, beta[j], qn);
      for (int d = 0; d < 4; d++) p[j].quat[d] = qn[d];
      for (int d = 0; d < 3; d++) {
        p[j].v[d] = vn[j][d];
        p[j].x[d] = xn[j][d];
        p[j].angmom[d] = Ln[j][d];
      }
    }
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
  /* (ternaries: fmax is a library call where NaNs are not ruled out) */
  const double m01 = I[0] > I[1] ? I[0] : I[1];
  double big = m01 > I[2] ? m01 : I[2];
  if (!(big > 0.0)) big = 1.0;
  for (int k = 0; k < 3; k++) out[k] = I[k] == 0.0 ? big : I[k];
}
