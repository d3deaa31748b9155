/* rigid_impl.h - private helpers shared by the rigid-body schemes of the core (not installed):
 * small 3x3 algebra, the exponential map and its differential, and the step functions of
 * every scheme of the table in rigid.c. */
#ifndef RRP_RIGID_IMPL_H
#define RRP_RIGID_IMPL_H

#include "rrp/rigid.h"
#include "rrp/rotation.h"
#include "vec3.h"

#include <math.h>
#include <string.h>

/* C = A B */
static inline void rg_mul(double A[3][3], double B[3][3], double C[3][3])
{
  double T[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) T[i][j] = A[i][0] * B[0][j] + A[i][1] * B[1][j] + A[i][2] * B[2][j];
  memcpy(C, T, sizeof(T));
}

/* C = A^T B */
static inline void rg_mul_tn(double A[3][3], double B[3][3], double C[3][3])
{
  double T[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) T[i][j] = A[0][i] * B[0][j] + A[1][i] * B[1][j] + A[2][i] * B[2][j];
  memcpy(C, T, sizeof(T));
}

/* out = A v */
static inline void rg_mv(double A[3][3], const double v[3], double out[3])
{
  double r[3];
  for (int i = 0; i < 3; i++) r[i] = A[i][0] * v[0] + A[i][1] * v[1] + A[i][2] * v[2];
  memcpy(out, r, sizeof(r));
}

/* out = A^T v */
static inline void rg_mtv(double A[3][3], const double v[3], double out[3])
{
  double r[3];
  for (int i = 0; i < 3; i++) r[i] = A[0][i] * v[0] + A[1][i] * v[1] + A[2][i] * v[2];
  memcpy(out, r, sizeof(r));
}

/* S(v): S(v) w = v x w */
static inline void rg_hat(const double v[3], double S[3][3])
{
  S[0][0] = 0.0;   S[0][1] = -v[2]; S[0][2] = v[1];
  S[1][0] = v[2];  S[1][1] = 0.0;   S[1][2] = -v[0];
  S[2][0] = -v[1]; S[2][1] = v[0];  S[2][2] = 0.0;
}

/* vee of the skew part: v with S(v) = (A - A^T)/2 */
static inline void rg_vee(double A[3][3], double v[3])
{
  v[0] = 0.5 * (A[2][1] - A[1][2]);
  v[1] = 0.5 * (A[0][2] - A[2][0]);
  v[2] = 0.5 * (A[1][0] - A[0][1]);
}

/* exp[S(psi)], the rotation through the rotation vector psi */
static inline void rg_exp(const double psi[3], double R[3][3])
{
  rrp_theta_to_matrix(psi, R);
}

/* (d exp_psi)^-1 v = v - 1/2 psi x v + (1/|psi|^2)(1 - (|psi|/2) cot(|psi|/2)) psi x (psi x v);
 * with this convention d/dt exp[S(psi)] = S((d exp_psi) psi') exp[S(psi)] (left trivialised);
 * use rg_dexpinv(-psi, v) for the right-trivialised form (Krysl's d exp_{-Psi}). */
static inline void rg_dexpinv(const double psi[3], const double v[3], double out[3])
{
  const double a2 = rrp_dot3(psi, psi);
  const double a = sqrt(a2);
  double f; /* (1 - (a/2) cot(a/2)) / a^2, series near 0: 1/12 + a^2/720 */
  if (a < RRP_SERIES_ANGLE) f = 1.0 / 12.0 + a2 / 720.0;
  else f = (1.0 - 0.5 * a / tan(0.5 * a)) / a2;
  double c1[3], c2[3];
  rrp_cross3(psi, v, c1);
  rrp_cross3(psi, c1, c2);
  for (int i = 0; i < 3; i++) out[i] = v[i] - 0.5 * c1[i] + f * c2[i];
}

/* body-frame torque M = R^T T(R, t) of the problem */
static inline void rg_body_torque(const rrp_rigid_problem *p, double R[3][3], double t, double h,
                                  double M[3])
{
  double T[3];
  rrp_rigid_torque(p, R, t, h, T);
  rg_mtv(R, T, M);
}

/* omega = I^-1 Pi */
static inline void rg_omega(const rrp_rigid_problem *p, const double Pi[3], double w[3])
{
  for (int i = 0; i < 3; i++) w[i] = Pi[i] / p->inertia[i];
}

static inline int rg_finite(const rrp_rigid_state *s)
{
  /* element by element: passing s->R's rows as pointers here makes GCC 12 misjudge the size of
   * s->R where it is later passed whole (-Wstringop-overflow) */
  for (int i = 0; i < 3; i++) {
    if (!isfinite(s->Pi[i])) return 0;
    for (int j = 0; j < 3; j++)
      if (!isfinite(s->R[i][j])) return 0;
  }
  return 1;
}

/* a step may start: a finite state, time and step */
static inline int rg_input_ok(const rrp_rigid_state *s, double h)
{
  return rg_finite(s) && isfinite(s->t) && isfinite(h);
}

/* write the new state (R, Pi at time t) if it is finite; otherwise leave s unchanged */
static inline int rg_commit(rrp_rigid_state *s, double R[3][3], const double Pi[3], double t)
{
  if (!rrp_finite_m(R) || !rrp_finite_n(Pi, 3) || !isfinite(t)) return RRP_ENONFINITE;
  memcpy(s->R, R, sizeof(s->R));
  memcpy(s->Pi, Pi, sizeof(s->Pi));
  s->t = t;
  return RRP_OK;
}

/* solve A x = b (A, b overwritten) by Gaussian elimination with partial pivoting; 0: singular or
 * a non-finite solution */
static inline int rg_solve3(double A[3][3], double b[3], double x[3])
{
  for (int k = 0; k < 3; k++) {
    int piv = k;
    for (int i = k + 1; i < 3; i++)
      if (fabs(A[i][k]) > fabs(A[piv][k])) piv = i;
    if (!(fabs(A[piv][k]) > 0.0)) return 0;
    if (piv != k) {
      for (int j = 0; j < 3; j++) {
        const double tmp = A[k][j];
        A[k][j] = A[piv][j];
        A[piv][j] = tmp;
      }
      const double tb = b[k];
      b[k] = b[piv];
      b[piv] = tb;
    }
    for (int i = k + 1; i < 3; i++) {
      const double f = A[i][k] / A[k][k];
      for (int j = k; j < 3; j++) A[i][j] -= f * A[k][j];
      b[i] -= f * b[k];
    }
  }
  for (int i = 2; i >= 0; i--) {
    double sum = b[i];
    for (int j = i + 1; j < 3; j++) sum -= A[i][j] * x[j];
    x[i] = sum / A[i][i];
  }
  return rrp_finite_n(x, 3);
}

/* r = F(x) for the unknown x of an implicit step; the context keeps the state built from x */
typedef void (*rg_residual)(void *ctx, const double x[3], double r[3]);

/* Newton's method for F(x) = 0 from the guess x (rigid_krysl.c), shared by every implicit
 * scheme: Jacobian by forward differences, damped by halving the step until |F| decreases (the
 * full Newton step can cycle, e.g. on the soft wall with h = 0.5). typ is a typical size of x
 * (used when x is near 0). Converged when the correction is <= 1e-15 |x|, or when it is below
 * 1e-11 |x| and no longer decreases (stalled at round-off). Returns RRP_OK, RRP_ENOCONV (no
 * convergence within RRP_RIGID_MAXITER iterations, a singular Jacobian, or no descent) or
 * RRP_ENONFINITE. The context is left evaluated at x. */
int rg_newton(rg_residual F, void *ctx, double x[3], double typ);

/* the step functions of the table (rigid.c); each advances s by h and returns a status */
#define RRP_RIGID_STEP(name) int name(const rrp_rigid_problem *p, double h, rrp_rigid_state *s)

/* rigid_rrp.c: Baker & Gonzalez (2021) and a fourth-order reference */
RRP_RIGID_STEP(rrp_step_rrp_exact);    /* map (23), scalar inertia */
RRP_RIGID_STEP(rrp_step_rrp_newmark);  /* map (25), scalar inertia */
RRP_RIGID_STEP(rrp_step_rrp_euler);    /* map (27), scalar inertia */
RRP_RIGID_STEP(rrp_step_rrp_body);     /* map (21), body frame, scalar inertia */
RRP_RIGID_STEP(rrp_step_campello);     /* map (26), phi = 1/2, implicit, scalar inertia */
RRP_RIGID_STEP(rrp_step_rrp_general);  /* (14)-(17) with a general inertia tensor, Newton */
RRP_RIGID_STEP(rrp_step_rk4);          /* classical Runge-Kutta on (q, Pi), reference only */

/* rigid_krysl.c: Krysl (2006) and Krysl's explicit Newmark; comparison algorithms */
RRP_RIGID_STEP(rrp_step_liemid_ea);  /* LIEMID[EA], explicit Newmark on SO(3) */
RRP_RIGID_STEP(rrp_step_imidm);      /* IMIDM = LIEMID[I], momentum-conserving midpoint */
RRP_RIGID_STEP(rrp_step_imid);       /* IMID, energy-conserving midpoint */
RRP_RIGID_STEP(rrp_step_trap);       /* TRAP */
RRP_RIGID_STEP(rrp_step_trapm);      /* TRAPM, momentum-conserving trapezoidal */
RRP_RIGID_STEP(rrp_step_akw);        /* AKW, implicit midpoint of Austin, Krishnaprasad, Wang */
RRP_RIGID_STEP(rrp_step_swc1);       /* SWC1, Simo and Wong ALGO_C1 */
RRP_RIGID_STEP(rrp_step_bbtrap);     /* BBTRAP, Bottasso and Borri */
RRP_RIGID_STEP(rrp_step_bbtrapwd);   /* BBTRAPWD, Bottasso and Borri with ... (see rigid_krysl.c) */

/* rigid_hulbert.c: Hulbert (1992), each with midpoint (68) or trapezoidal (77) impulse */
RRP_RIGID_STEP(rrp_step_hsw_mid);    /* explicit Simo-Wong (45)-(49) */
RRP_RIGID_STEP(rrp_step_hsw_trap);
RRP_RIGID_STEP(rrp_step_hpc_mid);    /* predictor-corrector (52)-(57) */
RRP_RIGID_STEP(rrp_step_hpc_trap);
RRP_RIGID_STEP(rrp_step_hst_mid);    /* staggered (60)-(67) */
RRP_RIGID_STEP(rrp_step_hst_trap);

#endif
