/* rigid_hulbert.c - the explicit angular-momentum-conserving algorithms of Hulbert (1992),
 * "Explicit momentum conserving algorithms for rigid body dynamics", Comput. Struct. 44:
 *
 *   explicit Simo-Wong            (45)-(49), mid-configuration (69)-(70)
 *   predictor-corrector           (52)-(57), mid-configuration (71)-(72)
 *   staggered                     (58), (60)-(67), starting values (65)-(67), (74)-(76)
 *
 * each with the impulse of sec. 4.5 by the midpoint rule (68) (and (73)-(74) for the staggered
 * integrals) or the trapezoidal rule (77).
 *
 * Notation: the paper's Lambda is our R (body to space), its convected angular velocity Omega is
 * our body omega = I^-1 Pi, its J our I = diag(inertia), its spatial torque m our T(R, t) of
 * rrp_rigid_torque. All three algorithms update the momentum in conservation form, (43)-(44):
 *
 *   R_{n+1} Pi_{n+1} = R_n Pi_n + h mbar_{n+1},  i.e.  Pi_{n+1} = R_{n+1}^T (R_n Pi_n + h mbar),
 *
 * so the spatial angular momentum L = R Pi of torque-free motion is conserved to round-off
 * (R_{n+1}^T is applied as R_{n+1}^-1, see hb_momentum); none conserves the kinetic energy.
 * The attitude is kept as the matrix R of the state (the paper's quaternion storage (41)-(42) is
 * an implementation detail there) and is not re-orthonormalised.
 *
 * Every step here is explicit. In particular the trapezoidal impulse (77) needs m at the
 * configuration at t_{n+1}, and that configuration never depends on the momentum being solved
 * for: (46) uses Omega_n and A_n; the predictor (53) uses Omega_n and the corrector (56) uses the
 * predicted Omega~_{n+1}; the staggered (61) and (64) use the staggered velocities. So the
 * "corrector residual" of sec. 4.5 for the predictor-corrector is evaluated once more at the
 * corrected configuration, no iteration is required and RRP_ENOCONV cannot occur.
 *
 * Time-dependent torques (Hulbert's sec. 5.1 impulse) are sampled at the times each rule
 * prescribes: midpoint rule at t_n + h/2 (68), t_{n+1} (73), t_n + h/4 (74); trapezoidal rule at
 * both ends of the integration interval (77).
 *
 * Scheme-private data in s->aux (set up on the first step, and again whenever the stored data
 * no longer match the state's time or the step h, e.g. after the caller reset the state):
 *   Simo-Wong:  aux[0..2] = A_n (convected angular acceleration), aux[3] = t_n; naux = 4.
 *   staggered:  aux[0..8] = R_{n+1/2} (row major), aux[9..11] = Pi_{n+1/2} = I Omega_{n+1/2},
 *               aux[12] = t_n, aux[13] = h; naux = 14.
 * The staggered algorithm (60)-(64) advances both the synchronous sequence (Lambda_n, Omega_n)
 * and the half-step sequence (Lambda_{n+1/2}, Omega_{n+1/2}); the state reports the paper's own
 * synchronous values R_n, Pi_n (no averaging is needed), which carry the conservation property.
 *
 * No allocation, no globals, no I/O. A non-finite input or result returns RRP_ENONFINITE and
 * leaves the state unchanged. */
#include "rigid_impl.h"

#define HSW_NAUX 4
#define HST_NAUX 14

/* spatial torque m(R, t) (the problem's h is passed for its time-dependent torque) */
static void hb_torque(const rrp_rigid_problem *p, double R[3][3], double t, double h, double m[3])
{
  rrp_rigid_torque(p, R, t, h, m);
}

/* Rn = R exp(theta), (42) */
static void hb_advance(double R[3][3], const double theta[3], double Rn[3][3])
{
  double E[3][3];
  rg_exp(theta, E);
  rg_mul(R, E, Rn);
}

/* Pi_{n+1} = R_{n+1}^T L with L = R_n Pi_n + h mbar, (47) / (54) / (57) / (62) / (58).
 * R_{n+1}^T is applied as R_{n+1}^-1 (equal for a rotation): the computed R_{n+1} is orthogonal
 * only to round-off, and with the transpose the defect R R^T - 1 would multiply L every step and
 * compound into a drift of L = R Pi (1e-12 after 1000 steps); with the inverse (Cramer's rule,
 * R ~ orthogonal, so well conditioned) R_{n+1} Pi_{n+1} = L holds to one rounding per step, the
 * discrete balance (43)-(44) that the conservation rests on. */
static void hb_momentum(double Rn[3][3], const double L[3], double Pi[3])
{
  double c[3][3]; /* columns of Rn: c[j][i] = Rn[i][j] */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) c[j][i] = Rn[i][j];
  double x01[3], x12[3], x20[3];
  rrp_cross3(c[1], c[2], x12);
  rrp_cross3(c[2], c[0], x20);
  rrp_cross3(c[0], c[1], x01);
  const double det = rrp_dot3(c[0], x12);
  /* Cramer: Pi_j = det(columns with c_j replaced by L) / det */
  Pi[0] = rrp_dot3(L, x12) / det;
  Pi[1] = rrp_dot3(L, x20) / det;
  Pi[2] = rrp_dot3(L, x01) / det;
}

/* L = R Pi + c m */
static void hb_residual(double R[3][3], const double Pi[3], double c, const double m[3],
                        double L[3])
{
  rg_mv(R, Pi, L);
  for (int i = 0; i < 3; i++) L[i] += c * m[i];
}

/* convected angular acceleration from Euler's equations, (49):
 * A = J^-1 (R^T m - Omega x J Omega) */
static void hb_accel(const rrp_rigid_problem *p, double R[3][3], const double Pi[3], double t,
                     double h, double A[3])
{
  double m[3], M[3], w[3], c[3];
  hb_torque(p, R, t, h, m);
  rg_mtv(R, m, M);
  rg_omega(p, Pi, w);
  rrp_cross3(w, Pi, c);
  for (int i = 0; i < 3; i++) A[i] = (M[i] - c[i]) / p->inertia[i];
}

/* ---------------------------------------------------------------------- explicit Simo-Wong */

/* (45)-(48); mbar by the midpoint rule (68) at Lambda_{n+1/2} of (69)-(70), or by the
 * trapezoidal rule (77) at Lambda_n and Lambda_{n+1} of (46). A_0 from (49). */
static int hsw_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, int trap)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  const double t0 = s->t, t1 = s->t + h;
  double A[3];
  if (s->naux == HSW_NAUX && s->aux[3] == t0 && rrp_finite_n(s->aux, 3)) {
    memcpy(A, s->aux, sizeof(A));
  } else {
    hb_accel(p, s->R, s->Pi, t0, h, A); /* (49) */
  }
  double w0[3];
  rg_omega(p, s->Pi, w0);

  /* (45) Theta_{n+1} = h Omega_n + h^2/2 A_n, (46) Lambda_{n+1} = Lambda_n exp(Theta_{n+1}) */
  double th[3], R1[3][3];
  for (int i = 0; i < 3; i++) th[i] = h * w0[i] + 0.5 * h * h * A[i];
  hb_advance(s->R, th, R1);

  /* impulse h mbar_{n+1} */
  double mbar[3];
  if (trap) {
    /* (77): mbar = (m(Lambda_n, t_n) + m(Lambda_{n+1}, t_{n+1})) / 2 */
    double ma[3], mb[3];
    hb_torque(p, s->R, t0, h, ma);
    hb_torque(p, R1, t1, h, mb);
    for (int i = 0; i < 3; i++) mbar[i] = 0.5 * (ma[i] + mb[i]);
  } else {
    /* (68) at (69) Theta_{n+1/2} = h/2 Omega_n + h^2/8 A_n, (70) Lambda_{n+1/2} */
    double thh[3], Rh[3][3];
    for (int i = 0; i < 3; i++) thh[i] = 0.5 * h * w0[i] + 0.125 * h * h * A[i];
    hb_advance(s->R, thh, Rh);
    hb_torque(p, Rh, t0 + 0.5 * h, h, mbar);
  }

  /* (47) Omega_{n+1} = J^-1 Lambda_{n+1}^T (Lambda_n J Omega_n + h mbar_{n+1}) */
  double L[3], Pi1[3];
  hb_residual(s->R, s->Pi, h, mbar, L);
  hb_momentum(R1, L, Pi1);

  /* (48) A_{n+1} = -A_n + (2/h)(Omega_{n+1} - Omega_n) */
  double w1[3], A1[3];
  rg_omega(p, Pi1, w1);
  for (int i = 0; i < 3; i++) A1[i] = -A[i] + 2.0 / h * (w1[i] - w0[i]);
  if (!rrp_finite_n(A1, 3)) return RRP_ENONFINITE;

  const int status = rg_commit(s, R1, Pi1, t1);
  if (status != RRP_OK) return status;
  memcpy(s->aux, A1, sizeof(A1));
  s->aux[3] = s->t;
  s->naux = HSW_NAUX;
  return RRP_OK;
}

RRP_RIGID_STEP(rrp_step_hsw_mid)
{
  return hsw_step(p, h, s, 0);
}

RRP_RIGID_STEP(rrp_step_hsw_trap)
{
  return hsw_step(p, h, s, 1);
}

/* ---------------------------------------------------------------------- predictor-corrector */

/* (52)-(57). Midpoint rule (68) at Lambda_{n+1/2} of (71)-(72): one residual per step.
 * Trapezoidal rule (77): the predictor (54) uses m at the predicted Lambda~_{n+1} of (53), the
 * corrector (57) re-evaluates the residual with m at the corrected Lambda_{n+1} of (56)
 * (sec. 4.5, last paragraph), so that (57) is the exact balance (43)-(44) with (77). */
static int hpc_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, int trap)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  const double t0 = s->t, t1 = s->t + h;
  double w0[3];
  rg_omega(p, s->Pi, w0);

  /* (52) Theta~_{n+1} = h Omega_n, (53) Lambda~_{n+1} = Lambda_n exp(Theta~_{n+1}) */
  double th[3], Rp[3][3];
  for (int i = 0; i < 3; i++) th[i] = h * w0[i];
  hb_advance(s->R, th, Rp);

  double m0[3] = {0.0, 0.0, 0.0}, mbar[3];
  if (trap) {
    double mp[3];
    hb_torque(p, s->R, t0, h, m0);
    hb_torque(p, Rp, t1, h, mp);
    for (int i = 0; i < 3; i++) mbar[i] = 0.5 * (m0[i] + mp[i]); /* (77), predictor */
  } else {
    /* (71) Theta_{n+1/2} = h/2 Omega_n, (72) Lambda_{n+1/2}, (68) */
    double thh[3], Rh[3][3];
    for (int i = 0; i < 3; i++) thh[i] = 0.5 * h * w0[i];
    hb_advance(s->R, thh, Rh);
    hb_torque(p, Rh, t0 + 0.5 * h, h, mbar);
  }

  /* (54) Omega~_{n+1} = J^-1 Lambda~_{n+1}^T (Lambda_n J Omega_n + h mbar) */
  double L[3], Pip[3], wp[3];
  hb_residual(s->R, s->Pi, h, mbar, L);
  hb_momentum(Rp, L, Pip);
  rg_omega(p, Pip, wp);

  /* (55) Theta_{n+1} = h/2 (Omega_n + Omega~_{n+1}), (56) Lambda_{n+1} = Lambda_n exp(.) */
  double R1[3][3];
  for (int i = 0; i < 3; i++) th[i] = 0.5 * h * (w0[i] + wp[i]);
  hb_advance(s->R, th, R1);

  if (trap) {
    /* corrector residual: (77) with m at the corrected Lambda_{n+1} */
    double m1[3];
    hb_torque(p, R1, t1, h, m1);
    for (int i = 0; i < 3; i++) mbar[i] = 0.5 * (m0[i] + m1[i]);
    hb_residual(s->R, s->Pi, h, mbar, L);
  }

  /* (57) Omega_{n+1} = J^-1 Lambda_{n+1}^T (Lambda_n J Omega_n + h mbar) */
  double Pi1[3];
  hb_momentum(R1, L, Pi1);
  return rg_commit(s, R1, Pi1, t1);
}

RRP_RIGID_STEP(rrp_step_hpc_mid)
{
  return hpc_step(p, h, s, 0);
}

RRP_RIGID_STEP(rrp_step_hpc_trap)
{
  return hpc_step(p, h, s, 1);
}

/* ---------------------------------------------------------------------- staggered */

/* starting procedure (i)-(iv): A_0 by (49), (65) Theta_{1/2} = h/2 Omega_0 + h^2/8 A_0,
 * (66) Lambda_{1/2} = Lambda_0 exp(Theta_{1/2}), (67) Omega_{1/2} = J^-1 Lambda_{1/2}^T
 * (Lambda_0 J Omega_0 + int_{t_0}^{t_1/2} m dt), the integral by the midpoint rule (74) at
 * Lambda_{1/4} of (75)-(76), or by the trapezoidal rule (77) over [t_0, t_1/2]. */
static void hst_start(const rrp_rigid_problem *p, double h, const rrp_rigid_state *s, int trap,
                      double Rh[3][3], double Pih[3])
{
  double R0[3][3], A[3], w0[3], th[3], imp[3];
  memcpy(R0, s->R, sizeof(R0));
  const double t0 = s->t;
  hb_accel(p, R0, s->Pi, t0, h, A); /* (49) */
  rg_omega(p, s->Pi, w0);
  for (int i = 0; i < 3; i++) th[i] = 0.5 * h * w0[i] + 0.125 * h * h * A[i]; /* (65) */
  hb_advance(R0, th, Rh);                                                     /* (66) */
  if (trap) {
    double ma[3], mb[3];
    hb_torque(p, R0, t0, h, ma);
    hb_torque(p, Rh, t0 + 0.5 * h, h, mb);
    for (int i = 0; i < 3; i++) imp[i] = 0.25 * h * (ma[i] + mb[i]); /* (77) on [t0, t1/2] */
  } else {
    double thq[3], Rq[3][3], mq[3];
    for (int i = 0; i < 3; i++) thq[i] = 0.25 * h * w0[i] + h * h / 32.0 * A[i]; /* (75) */
    hb_advance(R0, thq, Rq);                                                     /* (76) */
    hb_torque(p, Rq, t0 + 0.25 * h, h, mq);
    for (int i = 0; i < 3; i++) imp[i] = 0.5 * h * mq[i]; /* (74) */
  }
  double L[3];
  hb_residual(R0, s->Pi, 1.0, imp, L);
  hb_momentum(Rh, L, Pih); /* (67) */
}

/* (60)-(64) and (58): given Lambda_n, Omega_n, Lambda_{n+1/2}, Omega_{n+1/2},
 *   (60) Theta_{n+1} = h Omega_{n+1/2},  (61) Lambda_{n+1} = Lambda_n exp(Theta_{n+1}),
 *   (62) Omega_{n+1} = J^-1 Lambda_{n+1}^T (Lambda_n J Omega_n + h mbar_{n+1}),
 *   (63) Theta_{n+3/2} = h Omega_{n+1},  (64) Lambda_{n+3/2} = Lambda_{n+1/2} exp(Theta_{n+3/2}),
 *   (58) Omega_{n+3/2} = J^-1 Lambda_{n+3/2}^T (Lambda_{n+1/2} J Omega_{n+1/2} + int m dt).
 * Midpoint rule: (68) for (62) at Lambda_{n+1/2}, t_{n+1/2} (the staggered configuration is the
 * mid configuration); (73) for (58) at Lambda_{n+1}, t_{n+1}. Trapezoidal rule (77): (62) with
 * m at (Lambda_n, t_n) and (Lambda_{n+1}, t_{n+1}); (58) with m at (Lambda_{n+1/2}, t_{n+1/2})
 * and (Lambda_{n+3/2}, t_{n+3/2}). All configurations are known before they are needed. */
static int hst_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, int trap)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  const double t0 = s->t, t1 = s->t + h;
  double Rh[3][3], Pih[3];
  if (s->naux == HST_NAUX && s->aux[12] == t0 && s->aux[13] == h && rrp_finite_n(s->aux, 12)) {
    memcpy(Rh, s->aux, sizeof(Rh));
    memcpy(Pih, &s->aux[9], sizeof(Pih));
  } else {
    hst_start(p, h, s, trap, Rh, Pih);
  }
  double wh[3], th[3], R1[3][3], mbar[3], L[3], Pi1[3];

  /* (60), (61) */
  rg_omega(p, Pih, wh);
  for (int i = 0; i < 3; i++) th[i] = h * wh[i];
  hb_advance(s->R, th, R1);

  /* (62) */
  if (trap) {
    double ma[3], mb[3];
    hb_torque(p, s->R, t0, h, ma);
    hb_torque(p, R1, t1, h, mb);
    for (int i = 0; i < 3; i++) mbar[i] = 0.5 * (ma[i] + mb[i]);
  } else {
    hb_torque(p, Rh, t0 + 0.5 * h, h, mbar);
  }
  hb_residual(s->R, s->Pi, h, mbar, L);
  hb_momentum(R1, L, Pi1);

  /* (63), (64) */
  double w1[3], R3[3][3], Pi3[3];
  rg_omega(p, Pi1, w1);
  for (int i = 0; i < 3; i++) th[i] = h * w1[i];
  hb_advance(Rh, th, R3);

  /* (58) with (73) or (77) */
  if (trap) {
    double ma[3], mb[3];
    hb_torque(p, Rh, t0 + 0.5 * h, h, ma);
    hb_torque(p, R3, t1 + 0.5 * h, h, mb);
    for (int i = 0; i < 3; i++) mbar[i] = 0.5 * (ma[i] + mb[i]);
  } else {
    hb_torque(p, R1, t1, h, mbar);
  }
  hb_residual(Rh, Pih, h, mbar, L);
  hb_momentum(R3, L, Pi3);
  if (!rrp_finite_m(R3) || !rrp_finite_n(Pi3, 3)) return RRP_ENONFINITE;

  const int status = rg_commit(s, R1, Pi1, t1);
  if (status != RRP_OK) return status;
  for (int i = 0; i < 3; i++) memcpy(&s->aux[3 * i], R3[i], sizeof(R3[i]));
  memcpy(&s->aux[9], Pi3, sizeof(Pi3));
  s->aux[12] = s->t;
  s->aux[13] = h;
  s->naux = HST_NAUX;
  return RRP_OK;
}

RRP_RIGID_STEP(rrp_step_hst_mid)
{
  return hst_step(p, h, s, 0);
}

RRP_RIGID_STEP(rrp_step_hst_trap)
{
  return hst_step(p, h, s, 1);
}
