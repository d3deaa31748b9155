/* rigid_rrp.c - the rescaled-Rodrigues-parameter integrators of Baker & Gonzalez (2021) for one
 * rigid body: maps (23), (25), (27) (spatial frame, scalar inertia), (21) (body frame), Campello's
 * implicit family (26) with phi = 1/2, the general-inertia map solving the discrete Legendre
 * relation (14)-(17) by Newton's method (new: the paper's open question), and a classical
 * fourth-order Runge-Kutta reference. Attitudes are kept as unit quaternions in aux[0..3] (doc/theory.rst
 * section 1) and copied to R after each step. */
#include "legendre.h"
#include "rigid_impl.h"

#include "rrp/integrator.h"

#include <string.h>

/* the quaternion of the state, set up from R on a scheme's first step */
static double *state_quat(rrp_rigid_state *s)
{
  if (s->naux < 4) {
    rrp_matrix_to_quat(s->R, s->aux);
    s->naux = 4;
  }
  return s->aux;
}

static int finish(rrp_rigid_state *s, double t_new)
{
  rrp_quat_to_matrix(s->aux, s->R);
  s->t = t_new;
  return rg_finite(s) ? RRP_OK : RRP_ENONFINITE;
}

/* the spatial-frame maps (23), (25), (27) on one sphere of inertia J = I1, through the same
 * kernels as fix rrp/nve: x = v = F = 0, Omega = R Pi / J, T spatial */
static int sphere_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, const char *name)
{
  const rrp_scheme *sc = rrp_scheme_find(name);
  const double J = p->inertia[0];
  double *q = state_quat(s);
  double x[1][3] = {{0, 0, 0}}, v[1][3] = {{0, 0, 0}}, f[1][3] = {{0, 0, 0}};
  double omega[1][3], torque[1][3], quat[1][4];
  double R[3][3];
  memcpy(quat[0], q, sizeof(quat[0]));
  rrp_quat_to_matrix(quat[0], R);
  rg_mv(R, s->Pi, omega[0]);
  for (int i = 0; i < 3; i++) omega[0][i] /= J;
  rrp_rigid_torque(p, R, s->t, h, torque[0]);
  const double mass[1] = {1.0};
  const rrp_inertia in = {RRP_INERTIA_VALUE, J, NULL};
  const rrp_spheres sp = {1, NULL, 0, mass, NULL, x, v, (const double(*)[3]) f, omega,
                          (const double(*)[3]) torque, quat};
  const int status = rrp_spheres_first(sc, &sp, &in, h, 1.0, NULL, NULL);
  if (status != RRP_OK) return status;
  rrp_quat_to_matrix(quat[0], R);
  rrp_rigid_torque(p, R, s->t + h, h, torque[0]);
  rrp_spheres_second(sc, &sp, &in, h, 1.0);
  memcpy(q, quat[0], sizeof(quat[0]));
  double w[3];
  rg_mtv(R, omega[0], w);
  for (int i = 0; i < 3; i++) s->Pi[i] = J * w[i];
  return finish(s, s->t + h);
}

RRP_RIGID_STEP(rrp_step_rrp_exact)
{
  return sphere_step(p, h, s, "exact");
}

RRP_RIGID_STEP(rrp_step_rrp_newmark)
{
  return sphere_step(p, h, s, "newmark");
}

RRP_RIGID_STEP(rrp_step_rrp_euler)
{
  return sphere_step(p, h, s, "euler");
}

/* map (21) as printed, in the body frame (scalar J):
 *   da = 2h/(1 + sqrt(1 - h^2 |w|^2)) R_k w,  w = omega_k + h/(2J) M_k      (21b)
 *   omega_k+1 = R_k+1^T R_k w + h/(2J) M_k+1                               (21d) */
RRP_RIGID_STEP(rrp_step_rrp_body)
{
  const double J = p->inertia[0];
  double *q = state_quat(s);
  double R[3][3], M[3], w[3], Rw[3], da[3];
  rrp_quat_to_matrix(q, R);
  rg_body_torque(p, R, s->t, h, M);
  for (int i = 0; i < 3; i++) w[i] = s->Pi[i] / J + h / (2.0 * J) * M[i];
  rg_mv(R, w, Rw);
  const int status = rrp_exact_increment(h, Rw, da);
  if (status != RRP_OK) return status;
  rrp_quat_apply_alpha(da, q);
  double R1[3][3], w1[3];
  rrp_quat_to_matrix(q, R1);
  rg_mtv(R1, Rw, w1); /* R_k+1^T R_k w */
  rg_body_torque(p, R1, s->t + h, h, M);
  for (int i = 0; i < 3; i++) s->Pi[i] = J * (w1[i] + h / (2.0 * J) * M[i]);
  return finish(s, s->t + h);
}

/* map (26), Campello's implicit family with phi = 1/2 (spatial frame, scalar J):
 *   Omega_k+1 = Omega_k + h/J (T_k + T_k+1)/2,  da = h Omega_k+1,  R_k+1 = R(da) R_k,
 * T_k+1 = T(R_k+1): a fixed point in Omega_k+1, iterated to round-off. */
RRP_RIGID_STEP(rrp_step_campello)
{
  const double J = p->inertia[0];
  double *q = state_quat(s);
  double R[3][3], Om[3], T0[3], T1[3], W[3], Wprev[3];
  rrp_quat_to_matrix(q, R);
  rg_mv(R, s->Pi, Om);
  for (int i = 0; i < 3; i++) Om[i] /= J;
  rrp_rigid_torque(p, R, s->t, h, T0);
  for (int i = 0; i < 3; i++) W[i] = Om[i] + h / J * T0[i]; /* explicit predictor, (27) */
  double qn[4], R1[3][3];
  double last = INFINITY;
  for (int it = 0;; it++) {
    if (it >= RRP_RIGID_MAXITER) return RRP_ENOCONV;
    double da[3];
    for (int i = 0; i < 3; i++) da[i] = h * W[i];
    memcpy(qn, q, sizeof(qn));
    rrp_quat_apply_alpha(da, qn);
    rrp_quat_to_matrix(qn, R1);
    rrp_rigid_torque(p, R1, s->t + h, h, T1);
    memcpy(Wprev, W, sizeof(W));
    double change = 0.0, size = 0.0;
    for (int i = 0; i < 3; i++) {
      W[i] = Om[i] + h / J * 0.5 * (T0[i] + T1[i]);
      change += (W[i] - Wprev[i]) * (W[i] - Wprev[i]);
      size += W[i] * W[i];
    }
    if (!isfinite(change)) return RRP_ENONFINITE;
    if (change <= 1e-30 * size || change == 0.0 || (it > 3 && change >= last)) break;
    last = change;
  }
  double da[3];
  for (int i = 0; i < 3; i++) da[i] = h * W[i];
  rrp_quat_apply_alpha(da, q);
  rrp_quat_to_matrix(q, R1);
  double w[3];
  rg_mtv(R1, W, w);
  for (int i = 0; i < 3; i++) s->Pi[i] = J * w[i];
  return finish(s, s->t + h);
}

/* ---------------------------------------------------------------------------------------------
 * general inertia: the discrete Legendre relation (14) with F = R_k^T R_k+1 = R(beta), beta the
 * body-frame RRP increment, and J_d = tr(I)/2 - I (diagonal):
 *   vee(F J_d - J_d F^T) = h (Pi_k + h/2 M_k)                                     (14)/(15)
 *   Pi_k+1 = vee(J_d F - F^T J_d) / h + h/2 M_k+1                                  (17)
 * For scalar J this is (15)-(16): the closed form of map (21)/(23). (14) is solved by
 * rrp_legendre_solve (legendre.h), as in the array kernel rrp/bodies.h. */
RRP_RIGID_STEP(rrp_step_rrp_general)
{
  const double *I = p->inertia;
  double *q = state_quat(s);
  double R[3][3], M[3], rhs[3], beta[3];
  rrp_quat_to_matrix(q, R);
  rg_body_torque(p, R, s->t, h, M);
  for (int i = 0; i < 3; i++) rhs[i] = h * (s->Pi[i] + 0.5 * h * M[i]);
  const int status = rrp_legendre_solve(I, rhs, beta);
  if (status != RRP_OK) return status;
  /* R_k+1 = R_k F: q <- q q(beta) */
  double qb[4];
  rrp_alpha_to_quat(beta, qb);
  rrp_quat_multiply(q, qb, q);
  rrp_quat_normalize(q);
  /* (17): vee(J_d F - F^T J_d) = F^T vee(F J_d - J_d F^T) = F^T rhs at the solution of (14)
   * (vee(F^T A F) = F^T vee(A)); the rotated form keeps |Pi| to round-off whatever the last bit
   * of beta, as the spatial form of the array kernel (rrp/bodies.h) does */
  double F[3][3], v[3], R1[3][3];
  rrp_alpha_to_matrix(beta, F);
  rg_mtv(F, rhs, v);
  rrp_quat_to_matrix(q, R1);
  rg_body_torque(p, R1, s->t + h, h, M);
  for (int i = 0; i < 3; i++) s->Pi[i] = v[i] / h + 0.5 * h * M[i];
  return finish(s, s->t + h);
}

/* ---------------------------------------------------------------------------------------------
 * classical Runge-Kutta on y = (q, Pi): q' = q (0, omega)/2, Pi' = Pi x omega + M(R(q), t),
 * omega = I^-1 Pi; q renormalised after each step. A reference solution, not from the papers. */
static void rk_rhs(const rrp_rigid_problem *p, double t, double h, const double y[7], double dy[7])
{
  double q[4] = {y[0], y[1], y[2], y[3]}, R[3][3], w[3], M[3], c[3];
  rrp_quat_to_matrix(q, R);
  rg_omega(p, &y[4], w);
  const double wq[4] = {0.0, w[0], w[1], w[2]};
  double qd[4];
  rrp_quat_multiply(q, wq, qd);
  for (int i = 0; i < 4; i++) dy[i] = 0.5 * qd[i];
  rg_body_torque(p, R, t, h, M);
  rrp_cross3(&y[4], w, c);
  for (int i = 0; i < 3; i++) dy[4 + i] = c[i] + M[i];
}

RRP_RIGID_STEP(rrp_step_rk4)
{
  double *q = state_quat(s);
  double y[7], k1[7], k2[7], k3[7], k4[7], yt[7];
  memcpy(y, q, 4 * sizeof(double));
  memcpy(&y[4], s->Pi, 3 * sizeof(double));
  rk_rhs(p, s->t, h, y, k1);
  for (int i = 0; i < 7; i++) yt[i] = y[i] + 0.5 * h * k1[i];
  rk_rhs(p, s->t + 0.5 * h, h, yt, k2);
  for (int i = 0; i < 7; i++) yt[i] = y[i] + 0.5 * h * k2[i];
  rk_rhs(p, s->t + 0.5 * h, h, yt, k3);
  for (int i = 0; i < 7; i++) yt[i] = y[i] + h * k3[i];
  rk_rhs(p, s->t + h, h, yt, k4);
  for (int i = 0; i < 7; i++) y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  memcpy(q, y, 4 * sizeof(double));
  rrp_quat_normalize(q);
  memcpy(s->Pi, &y[4], 3 * sizeof(double));
  return finish(s, s->t + h);
}
