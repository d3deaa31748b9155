/* bodies.c - the variational RRP map for bodies with a general inertia tensor on arrays of
 * particles (see rrp/bodies.h). The Legendre relation is the one of the rigid-body harness
 * (rg_legendre_solve in rigid_rrp.c). */
#include "rrp/bodies.h"

#include "rigid_impl.h"

static inline int selected(const rrp_bodies *p, int i)
{
  return p->mask == NULL || (p->mask[i] & p->groupbit);
}

static inline int valid_body(const rrp_bodies *p, int i)
{
  const double m = p->mass[i];
  if (!(m > 0.0) || !isfinite(m)) return 0;
  for (int d = 0; d < 3; d++)
    if (!(p->inertia[i][d] > 0.0) || !isfinite(p->inertia[i][d])) return 0;
  return 1;
}

int rrp_bodies_first(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    int status = RRP_OK;
    double vn[3], xn[3], Ln[3], qn[4];
    if (!valid_body(p, i)) {
      status = RRP_EDOMAIN;
    } else {
      const double dtfm = dtf / p->mass[i];
      for (int d = 0; d < 3; d++) {
        vn[d] = p->v[i][d] + dtfm * p->f[i][d];
        xn[d] = p->x[i][d] + h * vn[d];
        Ln[d] = p->angmom[i][d] + dtf * p->torque[i][d];
      }
      const double all = vn[0] + vn[1] + vn[2] + xn[0] + xn[1] + xn[2] + Ln[0] + Ln[1] + Ln[2];
      if (!isfinite(all) || !rrp_finite_n(p->quat[i], 4)) status = RRP_ENONFINITE;
      if (status == RRP_OK) {
        /* body-frame momentum of the half step, and the increment from (14) */
        double R[3][3], Pi[3], rhs[3], beta[3], qb[4];
        rrp_quat_to_matrix(p->quat[i], R);
        rg_mtv(R, Ln, Pi);
        for (int d = 0; d < 3; d++) rhs[d] = h * Pi[d];
        status = rg_legendre_solve(p->inertia[i], rhs, beta);
        if (status == RRP_OK) {
          rrp_alpha_to_quat(beta, qb);
          rrp_quat_multiply(p->quat[i], qb, qn); /* R_{k+1} = R_k R(beta) */
          rrp_quat_normalize(qn);
          if (!rrp_finite_n(qn, 4)) status = RRP_ENONFINITE;
        }
      }
    }
    if (status != RRP_OK) {
      if (bad) {
        bad->index = i;
        bad->hw = 0.0;
      }
      return status;
    }
    for (int d = 0; d < 3; d++) {
      p->v[i][d] = vn[d];
      p->x[i][d] = xn[d];
      p->angmom[i][d] = Ln[d];
    }
    for (int d = 0; d < 4; d++) p->quat[i][d] = qn[d];
  }
  return RRP_OK;
}

void rrp_bodies_second(const rrp_bodies *p, double h, double ftm2v)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i) || !valid_body(p, i)) continue;
    const double dtfm = dtf / p->mass[i];
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtfm * p->f[i][d];
      p->angmom[i][d] += dtf * p->torque[i][d];
    }
  }
}
