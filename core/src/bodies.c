/* bodies.c - the variational RRP map for bodies with a general inertia tensor on arrays of
 * particles (see rrp/bodies.h). The Legendre relation (14) is solved by rrp_legendre_solve
 * (legendre.h), as in the rigid-body harness's rrp-general scheme. */
#include "rrp/bodies.h"

#include "body_step.h"

#include <float.h>
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

/* the step of body i of p into (vn, xn, Ln, qn) */
static inline int step_body(const rrp_bodies *p, int i, double h, double dtf, double vn[3],
                            double xn[3], double Ln[3], double qn[4], double *hw)
{
  double I[3], *q;
  if (rrp_body_of(p, i, I, &q) != RRP_OK) return RRP_EDOMAIN;
  return step_one(p->mass[i], I, p->x[i], p->v[i], p->f[i], p->angmom[i], p->torque[i], q, h,
                  dtf, vn, xn, Ln, qn, hw);
}

/* ---------------------------------------------------------------------------------------------
 * Blocks of bodies across SIMD lanes. A block's bodies are gathered into a structure of arrays;
 * the kick, the drift, the body-frame momentum, the small step's Legendre path
 * (rrp_legendre_fast) and the turn run for all of them in loops the compiler vectorises, with
 * the operations of step_one in its order (the same bits). A body the vector path does not settle
 * (a larger step, an invalid mass or moment, a non-finite value) is stepped again by step_one,
 * whose Newton's method and reports are the one-at-a-time kernel's. */
#define RRP_BODY_BLOCK 16

typedef struct body_block {
  double m[RRP_BODY_BLOCK], I[3][RRP_BODY_BLOCK], x[3][RRP_BODY_BLOCK], v[3][RRP_BODY_BLOCK];
  double f[3][RRP_BODY_BLOCK], L[3][RRP_BODY_BLOCK], t[3][RRP_BODY_BLOCK], q[4][RRP_BODY_BLOCK];
  double vn[3][RRP_BODY_BLOCK], xn[3][RRP_BODY_BLOCK], Ln[3][RRP_BODY_BLOCK];
  double qn[4][RRP_BODY_BLOCK];
  int valid[RRP_BODY_BLOCK]; /* in: mass and moments positive (the lane is computed anyway) */
  int done[RRP_BODY_BLOCK];  /* out: settled by the vector path */
} body_block;

/* finite and positive / finite, as comparisons the vectoriser takes */
static inline int positive_v(double x)
{
  return (x > 0.0) & (x <= DBL_MAX);
}
static inline int finite_v(double x)
{
  return fabs(x) <= DBL_MAX;
}

/* lane j of a block: its inputs out of the arrays, and its new state into them */
typedef struct body_lane {
  double I[3], x[3], v[3], f[3], L[3], t[3], q[4];
} body_lane;

RRP_INLINE body_lane body_lane_in(const body_block *s, int j)
{
  body_lane l;
  for (int d = 0; d < 3; d++) {
    l.I[d] = s->I[d][j];
    l.x[d] = s->x[d][j];
    l.v[d] = s->v[d][j];
    l.f[d] = s->f[d][j];
    l.L[d] = s->L[d][j];
    l.t[d] = s->t[d][j];
  }
  for (int d = 0; d < 4; d++) l.q[d] = s->q[d][j];
  return l;
}

RRP_INLINE void body_lane_out(body_block *s, int j, const double vn[3], const double xn[3],
                              const double Ln[3], const double qn[4])
{
  for (int d = 0; d < 3; d++) {
    s->vn[d][j] = vn[d];
    s->xn[d][j] = xn[d];
    s->Ln[d][j] = Ln[d];
  }
  for (int d = 0; d < 4; d++) s->qn[d][j] = qn[d];
}

RRP_CLONES static void body_block_step(body_block *s, int nb, double h, double dtf)
{
  for (int j = 0; j < nb; j++) {
    const body_lane in = body_lane_in(s, j);
    const double *I = in.I, *q = in.q;
    double vn[3], xn[3], Ln[3];
    const double all = body_kick(s->m[j], in.x, in.v, in.f, in.L, in.t, q, h, dtf, vn, xn, Ln);
    double rhs[3], beta[3], qn[4];
    body_rhs(Ln, q, h, rhs);
    const int fast = rrp_legendre_fast(I, rhs, beta);
    /* where one Newton step did not settle, the first iteration of rrp_legendre_solve_from
     * from there: one more Newton step and its stopping test (a step of h |omega| up to about
     * 0.1), the same operations */
    const double b1[3] = {rhs[0] * (1.0 / I[0]), rhs[1] * (1.0 / I[1]), rhs[2] * (1.0 / I[2])};
    const double bb = rrp_dot3(b1, b1);
    double G[3], dn[3];
    rrp_legendre_G(I, rhs, beta, G);
    const double det = rrp_legendre_cramer(I, rhs, beta, G, dn);
    const double nd2 = rrp_dot3(dn, dn), nb2 = rrp_dot3(beta, beta);
    const int second = (bb <= 0.01) & (fabs(det) > 0.0) & finite_v(det) &
                       finite_v(dn[0] + dn[1] + dn[2] + beta[0] + beta[1] + beta[2]) &
                       (rrp_legendre_kappa2(I, bb) * nd2 * nd2 <= DBL_EPSILON * DBL_EPSILON * nb2);
    for (int d = 0; d < 3; d++) beta[d] = fast ? beta[d] : beta[d] + dn[d];
    body_turn(q, beta, qn);
    s->done[j] = s->valid[j] & finite_v(all) & (fast | second) &
                 finite_v(qn[0] + qn[1] + qn[2] + qn[3]);
    body_lane_out(s, j, vn, xn, Ln, qn);
  }
}

/* the block's bodies the vector path left, one at a time (step_one: Newton's method, reports);
 * returns the first failing lane's status with its lane in *at and h |omega| in *hw, else RRP_OK */
static int body_block_rest(body_block *s, int nb, double h, double dtf, int *at, double *hw)
{
  for (int j = 0; j < nb; j++) {
    if (s->done[j]) continue;
    *at = j;
    *hw = 0.0;
    if (!s->valid[j]) return RRP_EDOMAIN;
    const body_lane in = body_lane_in(s, j);
    double vn[3], xn[3], Ln[3], qn[4];
    const int status =
        step_one(s->m[j], in.I, in.x, in.v, in.f, in.L, in.t, in.q, h, dtf, vn, xn, Ln, qn, hw);
    if (status != RRP_OK) return status;
    body_lane_out(s, j, vn, xn, Ln, qn);
  }
  return RRP_OK;
}

/* the second half kick of body i (dtf = h/2 ftm2v); a body with an invalid mass or record is
 * skipped (the next first half reports it) */
static inline void second_one(const rrp_bodies *p, int i, double dtf)
{
  if (!selected(p, i) || !positive(p->mass[i]) || (p->record && p->record[i] < 0)) return;
  const double dtfm = dtf / p->mass[i];
  for (int d = 0; d < 3; d++) {
    p->v[i][d] += dtfm * p->f[i][d];
    p->angmom[i][d] += dtf * p->torque[i][d];
  }
}

/* the first half; owed: the second half of the step before, body by body as it is gathered */
static int bodies_first(const rrp_bodies *p, double h, double ftm2v, int owed,
                        rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  body_block s;
  int idx[RRP_BODY_BLOCK];
  double *qp[RRP_BODY_BLOCK];
  int next = 0;
  while (next < p->n) {
    /* gather the next selected bodies */
    int nb = 0;
    for (; next < p->n && nb < RRP_BODY_BLOCK; next++) {
      const int i = next;
      if (!selected(p, i)) continue;
      if (owed) second_one(p, i, dtf);
      double I[3] = {1.0, 1.0, 1.0}, *q = NULL; /* (set for a body rrp_body_of refuses early) */
      s.valid[nb] = rrp_body_of(p, i, I, &q) == RRP_OK;
      if (!q) { /* no record: a placeholder lane, reported below */
        static double none[4] = {1.0, 0.0, 0.0, 0.0};
        q = none;
      }
      s.m[nb] = p->mass[i];
      for (int d = 0; d < 3; d++) {
        s.I[d][nb] = I[d];
        s.x[d][nb] = p->x[i][d];
        s.v[d][nb] = p->v[i][d];
        s.f[d][nb] = p->f[i][d];
        s.L[d][nb] = p->angmom[i][d];
        s.t[d][nb] = p->torque[i][d];
      }
      for (int d = 0; d < 4; d++) s.q[d][nb] = q[d];
      idx[nb] = i;
      qp[nb] = q;
      nb++;
    }
    body_block_step(&s, nb, h, dtf);
    int at = nb;
    double hw = 0.0;
    const int status = body_block_rest(&s, nb, h, dtf, &at, &hw);
    /* store, up to a failing body (those before it have taken the step, as one at a time) */
    for (int j = 0; j < (status == RRP_OK ? nb : at); j++) {
      const int i = idx[j];
      for (int d = 0; d < 3; d++) {
        p->v[i][d] = s.vn[d][j];
        p->x[i][d] = s.xn[d][j];
        p->angmom[i][d] = s.Ln[d][j];
      }
      for (int d = 0; d < 4; d++) qp[j][d] = s.qn[d][j];
    }
    if (status != RRP_OK) {
      if (bad) {
        bad->index = idx[at];
        bad->hw = hw;
      }
      /* the bodies not gathered still owe the second half: made, so that they are left as the
       * two calls leave them */
      if (owed)
        for (; next < p->n; next++) second_one(p, next, dtf);
      return status;
    }
  }
  return RRP_OK;
}

int rrp_bodies_first(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad)
{
  return bodies_first(p, h, ftm2v, 0, bad);
}

int rrp_bodies_first_joined(const rrp_bodies *p, double h, double ftm2v, rrp_step_report *bad)
{
  return bodies_first(p, h, ftm2v, 1, bad);
}

int rrp_body_records_first(rrp_body *b, int n, double h, double ftm2v, rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  body_block s;
  for (int i0 = 0; i0 < n; i0 += RRP_BODY_BLOCK) {
    rrp_body *p = b + i0;
    const int nb = n - i0 < RRP_BODY_BLOCK ? n - i0 : RRP_BODY_BLOCK;
    for (int j = 0; j < nb; j++) {
      const double m = p[j].mass, *I = p[j].inertia;
      s.valid[j] = positive(m) && positive(I[0]) && positive(I[1]) && positive(I[2]);
      s.m[j] = m;
      for (int d = 0; d < 3; d++) {
        s.I[d][j] = I[d];
        s.x[d][j] = p[j].x[d];
        s.v[d][j] = p[j].v[d];
        s.f[d][j] = p[j].f[d];
        s.L[d][j] = p[j].angmom[d];
        s.t[d][j] = p[j].torque[d];
      }
      for (int d = 0; d < 4; d++) s.q[d][j] = p[j].quat[d];
    }
    body_block_step(&s, nb, h, dtf);
    int at = nb;
    double hw = 0.0;
    const int status = body_block_rest(&s, nb, h, dtf, &at, &hw);
    if (status != RRP_OK) { /* the block is left untouched */
      if (bad) {
        bad->index = i0 + at;
        bad->hw = hw;
      }
      return status;
    }
    for (int j = 0; j < nb; j++) {
      for (int d = 0; d < 4; d++) p[j].quat[d] = s.qn[d][j];
      for (int d = 0; d < 3; d++) {
        p[j].v[d] = s.vn[d][j];
        p[j].x[d] = s.xn[d][j];
        p[j].angmom[d] = s.Ln[d][j];
      }
    }
  }
  return RRP_OK;
}

int rrp_body_turn(const double I[3], const double L[3], double q[4], double h, double *hw)
{
  *hw = 0.0;
  if (!rrp_finite_n(L, 3) || !rrp_finite_n(q, 4)) return RRP_ENONFINITE;
  double rhs[3], qn[4];
  body_rhs(L, q, h, rhs);
  const int status = body_solve_turn(I, rhs, q, qn, hw);
  if (status != RRP_OK) return status;
  for (int d = 0; d < 4; d++) q[d] = qn[d];
  return RRP_OK;
}

int rrp_bodies_turn(const rrp_bodies *p, double h, rrp_step_report *bad)
{
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    double I[3], *q = NULL, hw = 0.0;
    int status = rrp_body_of(p, i, I, &q);
    if (status == RRP_OK) status = rrp_body_turn(I, p->angmom[i], q, h, &hw);
    if (status != RRP_OK) {
      if (bad) {
        bad->index = i;
        bad->hw = hw;
      }
      return status;
    }
  }
  return RRP_OK;
}

void rrp_bodies_second(const rrp_bodies *p, double h, double ftm2v)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) second_one(p, i, dtf);
}

void rrp_body_map_moments(const double I[3], double out[3])
{
  /* (ternaries: fmax is a library call where NaNs are not ruled out) */
  const double m01 = I[0] > I[1] ? I[0] : I[1];
  double big = m01 > I[2] ? m01 : I[2];
  if (!(big > 0.0)) big = 1.0;
  for (int k = 0; k < 3; k++) out[k] = I[k] == 0.0 ? big : I[k];
}
