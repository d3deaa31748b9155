/* rigid_krysl.c - Krysl's rotation integrators and the algorithms he compares them with.
 *
 *   [K06] P. Krysl (2006), "Dynamically equivalent implicit algorithms for the integration of
 *         rigid body rotations";
 *   [KEN] P. Krysl, "Explicit Newmark algorithm for rotational dynamics".
 *
 * Notation of [K06] sec. 3: Pi is the body angular momentum, omega = I^-1 Pi, and Krysl's torque
 * T is the BODY torque, here M = R^T T with T the spatial torque of the problem (rg_body_torque).
 * The attitude is updated by an incremental rotation vector Psi in the body frame,
 * R_n = R_{n-1} exp[Psi], and exp[-Psi] = exp[Psi]^T is applied as a transpose.
 * d exp: [K06] (10) reads Psi' = (d exp_{-Psi})^-1 omega for R(t) = R_{n-1} exp[Psi(t)]; that is
 * rg_dexpinv(-Psi, omega) (checked by finite differences in tests/core/test_rigid_krysl.c).
 *
 * Implicit equations are solved for three unknowns by Newton's method with a forward-difference
 * Jacobian (kr_newton) to round-off, within RRP_RIGID_MAXITER iterations, else RRP_ENOCONV. The
 * new state is then built from the converged unknown with the algorithm's explicit update
 * formulas, so that R_n Pi_n = R_{n-1} Pi_{n-1} of the momentum-conserving schemes holds by
 * construction (up to the orthogonality round-off of exp[Psi]), whatever the solver residual.
 * A step never writes a non-finite state: inputs and results are checked (RRP_ENONFINITE) and the
 * state is left unchanged on any error. None of these schemes uses s->aux / s->naux.
 */
#include "rigid_impl.h"

/* ---------------------------------------------------------------------- small helpers */

#define KR_RTOL 1e-15                   /* converged: |dx| <= KR_RTOL |x| (rrp/rigid.h) */
#define KR_STALL 1e-11                  /* |dx| no longer decreasing below this: round-off */
#define KR_FDREL 1.4901161193847656e-08 /* sqrt(DBL_EPSILON), forward-difference step */

/* Newton's method of rigid_impl.h (rg_newton): Jacobian by forward differences, damped. */
int rg_newton(rg_residual F, void *ctx, double x[3], double typ)
{
  double r[3], prev = HUGE_VAL;
  F(ctx, x, r);
  if (!rrp_finite_n(r, 3)) return RRP_ENONFINITE;
  typ = fmax(typ, rrp_norm3(r)); /* r has the units of x */
  for (int it = 0; it < RRP_RIGID_MAXITER; it++) {
    const double rn = rrp_norm3(r);
    if (rn == 0.0) return RRP_OK;
    const double size = fmax(rrp_norm3(x), typ);
    double J[3][3];
    for (int j = 0; j < 3; j++) {
      double xp[3] = {x[0], x[1], x[2]}, rp[3];
      xp[j] += KR_FDREL * fmax(fabs(x[j]), size);
      const double dj = xp[j] - x[j]; /* the increment actually represented */
      F(ctx, xp, rp);
      if (!rrp_finite_n(rp, 3)) return RRP_ENONFINITE;
      for (int i = 0; i < 3; i++) J[i][j] = (rp[i] - r[i]) / dj;
    }
    double mr[3] = {-r[0], -r[1], -r[2]}, dx[3];
    if (!rg_solve3(J, mr, dx)) return RRP_ENOCONV;
    const double nd = rrp_norm3(dx), nx = fmax(rrp_norm3(x), typ);
    const int tiny = nd <= KR_STALL * nx;
    if (nd <= KR_RTOL * nx || (tiny && nd >= prev)) { /* converged, or stalled at round-off */
      for (int i = 0; i < 3; i++) x[i] += dx[i];
      F(ctx, x, r);
      return rrp_finite_n(r, 3) ? RRP_OK : RRP_ENONFINITE;
    }
    prev = nd;
    /* damped step x + lambda dx, lambda = 1, 1/2, 1/4, ... until |F| decreases; near round-off
     * (tiny) |F| need not decrease and the full step is taken */
    double lambda = 1.0, xt[3], rt[3];
    int accepted = 0;
    for (int ls = 0; ls < 40 && !accepted; ls++) {
      for (int i = 0; i < 3; i++) xt[i] = x[i] + lambda * dx[i];
      F(ctx, xt, rt);
      if (!rrp_finite_n(rt, 3) && tiny) return RRP_ENONFINITE;
      accepted = tiny || (rrp_finite_n(rt, 3) && rrp_norm3(rt) < (1.0 - 1e-4 * lambda) * rn);
      lambda *= 0.5;
    }
    if (!accepted) return RRP_ENOCONV;
    memcpy(x, xt, sizeof(xt));
    memcpy(r, rt, sizeof(rt));
  }
  return RRP_ENOCONV;
}

/* ---------------------------------------------------------------------- LIEMID[EA] */

/* The torque-free midpoint Lie step of [KEN] sec. 3: Psi solves (1/h) I Psi = exp[-Psi/2] P;
 * E = exp[Psi] (R <- R E, Pi <- E^T P). */
typedef struct {
  const rrp_rigid_problem *p;
  double h, P[3];
  double Eh[3][3]; /* exp[Psi/2] */
} kr_lie_ctx;

static void kr_lie_residual(void *vc, const double psi[3], double r[3])
{
  kr_lie_ctx *c = vc;
  double half[3], a[3];
  rrp_scale3(0.5, psi, half);
  rg_exp(half, c->Eh);
  rg_mtv(c->Eh, c->P, a); /* exp[-Psi/2] P */
  for (int i = 0; i < 3; i++) r[i] = psi[i] - c->h * a[i] / c->p->inertia[i];
}

static int kr_lie_free(const rrp_rigid_problem *p, double h, const double P[3], double E[3][3])
{
  kr_lie_ctx c = {p, h, {P[0], P[1], P[2]}, {{0}}};
  double psi[3];
  rg_omega(p, P, psi);
  rrp_scale3(h, psi, psi); /* guess h I^-1 P */
  const int st = rg_newton(kr_lie_residual, &c, psi, rrp_norm3(psi));
  if (st != RRP_OK) return st;
  rg_mul(c.Eh, c.Eh, E); /* exp[Psi] = exp[Psi/2]^2 */
  return RRP_OK;
}

/* LIEMID[EA], [KEN] sec. 3: Xi_dt = Phi~*_{dt/2} o Phi~_{dt/2}, the alternating explicit midpoint
 * Lie (rotation-group explicit Newmark) algorithm.
 *   Phi~_{h} (variant 2, impulse at the start): P = Pi_t + h M_t; (1/h) I Psi = exp[-Psi/2] P;
 *     R_{t+h} = R_t exp[Psi], Pi_{t+h} = exp[-Psi] P.
 *   Phi~*_{h} (variant 1, impulse at the end): (1/h) I Psi = exp[-Psi/2] Pi_t;
 *     R_{t+h} = R_t exp[Psi], Pi_{t+h} = exp[-Psi] Pi_t + h M_{t+h}.
 * [KEN] prints Pi_{t+h} = exp[-Psi](Pi_t + h T_{t+h}) for variant 1; with the body torque the
 * end impulse is R_t^T R_{t+h} h M_{t+h} = exp[Psi] h M_{t+h} in the integral form [KEN] (6) (as in
 * [K06] (19)), which gives the form above, the exact adjoint of Phi~ as [KEN] states. Explicit
 * in the torque; the torque-free Psi equations are solved by Newton (kr_lie_free). The end torque
 * M(R_{n+1}, t_{n+1}) equals the next step's start torque; it is evaluated again rather than
 * carried in aux (two torque evaluations per step, no step-to-step data). */
RRP_RIGID_STEP(rrp_step_liemid_ea)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  const double hh = 0.5 * h;
  double M0[3], P[3], E[3][3], Rm[3][3], Pm[3], R1[3][3], Pi1[3], M1[3];
  rg_body_torque(p, s->R, s->t, h, M0);
  if (!rrp_finite_n(M0, 3)) return RRP_ENONFINITE;
  /* Phi~_{dt/2}: impulse dt/2 M(R_n, t_n) at the start */
  for (int i = 0; i < 3; i++) P[i] = s->Pi[i] + hh * M0[i];
  int st = kr_lie_free(p, hh, P, E);
  if (st != RRP_OK) return st;
  rg_mul(s->R, E, Rm);
  rg_mtv(E, P, Pm);
  /* Phi~*_{dt/2}: impulse dt/2 M(R_{n+1}, t_{n+1}) at the end */
  st = kr_lie_free(p, hh, Pm, E);
  if (st != RRP_OK) return st;
  rg_mul(Rm, E, R1);
  rg_mtv(E, Pm, Pi1);
  rg_body_torque(p, R1, s->t + h, h, M1);
  for (int i = 0; i < 3; i++) Pi1[i] += hh * M1[i];
  return rg_commit(s, R1, Pi1, (s)->t + h);
}

/* ---------------------------------------------------------------------- IMIDM = LIEMID[I] */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t, R0[3][3], Pi0[3];
  double Eh[3][3], Rh[3][3], Mh[3]; /* exp[Psi/2], R_{n-1/2}, M_{n-1/2} */
} kr_imidm_ctx;

static void kr_imidm_residual(void *vc, const double psi[3], double r[3])
{
  kr_imidm_ctx *c = vc;
  double half[3], a[3];
  rrp_scale3(0.5, psi, half);
  rg_exp(half, c->Eh);
  rg_mul(c->R0, c->Eh, c->Rh);
  rg_body_torque(c->p, c->Rh, c->t + 0.5 * c->h, c->h, c->Mh);
  rg_mtv(c->Eh, c->Pi0, a);
  for (int i = 0; i < 3; i++) {
    a[i] += 0.5 * c->h * c->Mh[i];
    r[i] = psi[i] - c->h * a[i] / c->p->inertia[i];
  }
}

/* IMIDM, [K06] sec. 3.6, algorithm IMIDM: (19) then (18), each with h = dt/2 (= LIEMID[I],
 * [KEN] sec. 3):
 *   Psi = dt I^-1 (exp[-Psi/2] Pi_{n-1} + dt/2 M_{n-1/2}),  R_n = R_{n-1} exp[Psi],
 *   Pi_n = exp[-Psi] Pi_{n-1} + dt exp[-Psi/2] M_{n-1/2},
 *   M_{n-1/2} = M(R_{n-1} exp[Psi/2], t_{n-1} + dt/2) ([K06] prints t_n + dt/2 here and in IMID;
 *   the midpoint of the step is meant, as the composition (19) then (18) gives). */
RRP_RIGID_STEP(rrp_step_imidm)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_imidm_ctx c = {p, h, s->t, {{0}}, {0}, {{0}}, {{0}}, {0}};
  memcpy(c.R0, s->R, sizeof(c.R0));
  memcpy(c.Pi0, s->Pi, sizeof(c.Pi0));
  double psi[3], R1[3][3], a[3], Pi1[3];
  rg_omega(p, s->Pi, psi);
  rrp_scale3(h, psi, psi);
  const int st = rg_newton(kr_imidm_residual, &c, psi, rrp_norm3(psi));
  if (st != RRP_OK) return st;
  rg_mul(c.Rh, c.Eh, R1); /* R_{n-1} exp[Psi/2] exp[Psi/2] */
  rg_mtv(c.Eh, c.Pi0, a);
  for (int i = 0; i < 3; i++) a[i] += h * c.Mh[i];
  rg_mtv(c.Eh, a, Pi1); /* exp[-Psi/2](exp[-Psi/2] Pi_{n-1} + dt M_{n-1/2}) */
  return rg_commit(s, R1, Pi1, (s)->t + h);
}

/* ---------------------------------------------------------------------- IMID */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t, R0[3][3], Pi0[3];
  double wb[3], Mh[3]; /* I^-1 Pibar, M_{n-1/2} */
} kr_imid_ctx;

static void kr_imid_residual(void *vc, const double pb[3], double r[3])
{
  kr_imid_ctx *c = vc;
  double half[3], E[3][3], Rh[3][3], g[3];
  rg_omega(c->p, pb, c->wb);
  rrp_scale3(0.5 * c->h, c->wb, half);
  rg_exp(half, E);
  rg_mul(c->R0, E, Rh);
  rg_body_torque(c->p, Rh, c->t + 0.5 * c->h, c->h, c->Mh);
  rrp_cross3(c->wb, pb, g);
  for (int i = 0; i < 3; i++)
    r[i] = pb[i] - (c->Pi0[i] - 0.5 * c->h * g[i] + 0.5 * c->h * c->Mh[i]);
}

/* IMID, [K06] sec. 3.4, algorithm IMID: backward Euler (12) then forward Euler (11),
 * each with h = dt/2:
 *   Pibar = Pi_{n-1} - dt/2 skew[I^-1 Pibar] Pibar + dt/2 M_{n-1/2},
 *   R_n = R_{n-1} exp[dt I^-1 Pibar],  Pi_n = Pi_{n-1} - dt skew[I^-1 Pibar] Pibar + dt M_{n-1/2},
 *   M_{n-1/2} = M(R_{n-1} exp[dt/2 I^-1 Pibar], t_{n-1} + dt/2). Kinetic energy: [K06] (15)-(16). */
RRP_RIGID_STEP(rrp_step_imid)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_imid_ctx c = {p, h, s->t, {{0}}, {0}, {0}, {0}};
  memcpy(c.R0, s->R, sizeof(c.R0));
  memcpy(c.Pi0, s->Pi, sizeof(c.Pi0));
  double pb[3] = {s->Pi[0], s->Pi[1], s->Pi[2]}, psi[3], E[3][3], R1[3][3], g[3], Pi1[3];
  const int st = rg_newton(kr_imid_residual, &c, pb, rrp_norm3(pb));
  if (st != RRP_OK) return st;
  rrp_scale3(h, c.wb, psi);
  rg_exp(psi, E);
  rg_mul(c.R0, E, R1);
  rrp_cross3(c.wb, pb, g);
  for (int i = 0; i < 3; i++) Pi1[i] = c.Pi0[i] - h * g[i] + h * c.Mh[i];
  return rg_commit(s, R1, Pi1, (s)->t + h);
}

/* ---------------------------------------------------------------------- TRAP, TRAPM */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t;
  int momentum;           /* 0: TRAP, 1: TRAPM */
  double Rh[3][3], Ph[3]; /* the state after the forward Euler half step (11) or (18) */
  double R1[3][3], Pi1[3];
} kr_trap_ctx;

static void kr_trap_residual(void *vc, const double x[3], double r[3])
{
  kr_trap_ctx *c = vc;
  double w[3], psi[3], E[3][3], M1[3];
  rg_omega(c->p, x, w);
  rrp_scale3(0.5 * c->h, w, psi); /* Psi_{t+dt} = dt/2 I^-1 Pi_n */
  rg_exp(psi, E);
  rg_mul(c->Rh, E, c->R1);
  rg_body_torque(c->p, c->R1, c->t + c->h, c->h, M1);
  if (c->momentum) { /* (19): Pi_n = exp[-Psi] Pi_{n-1/2} + dt/2 M_n */
    rg_mtv(E, c->Ph, c->Pi1);
    for (int i = 0; i < 3; i++) c->Pi1[i] += 0.5 * c->h * M1[i];
  } else { /* (12): Pi_n = Pi_{n-1/2} - dt/2 skew[I^-1 Pi_n] Pi_n + dt/2 M_n */
    double g[3];
    rrp_cross3(w, x, g);
    for (int i = 0; i < 3; i++) c->Pi1[i] = c->Ph[i] + 0.5 * c->h * (M1[i] - g[i]);
  }
  for (int i = 0; i < 3; i++) r[i] = x[i] - c->Pi1[i];
}

static int kr_trap_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, int momentum)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_trap_ctx c = {p, h, s->t, momentum, {{0}}, {0}, {{0}}, {0}};
  double w0[3], M0[3], psi[3], E[3][3];
  rg_omega(p, s->Pi, w0);
  rg_body_torque(p, s->R, s->t, h, M0);
  if (!rrp_finite_n(M0, 3)) return RRP_ENONFINITE;
  rrp_scale3(0.5 * h, w0, psi); /* Psi_{t+dt/2} = dt/2 I^-1 Pi_{n-1} */
  rg_exp(psi, E);
  rg_mul(s->R, E, c.Rh);
  if (momentum) { /* (18): Pi_{n-1/2} = exp[-Psi](Pi_{n-1} + dt/2 M_{n-1}) */
    double a[3];
    for (int i = 0; i < 3; i++) a[i] = s->Pi[i] + 0.5 * h * M0[i];
    rg_mtv(E, a, c.Ph);
  } else { /* (11): Pi_{n-1/2} = Pi_{n-1} + dt/2 (-skew[I^-1 Pi_{n-1}] Pi_{n-1} + M_{n-1}) */
    double g[3];
    rrp_cross3(w0, s->Pi, g);
    for (int i = 0; i < 3; i++) c.Ph[i] = s->Pi[i] + 0.5 * h * (M0[i] - g[i]);
  }
  double x[3] = {c.Ph[0], c.Ph[1], c.Ph[2]};
  const int st = rg_newton(kr_trap_residual, &c, x, rrp_norm3(x));
  if (st != RRP_OK) return st;
  return rg_commit(s, c.R1, c.Pi1, (s)->t + h);
}

/* TRAP, [K06] sec. 3.3, (14) and algorithm TRAP: forward Euler (11) then backward Euler (12),
 * each with h = dt/2: R_n = R_{n-1} exp[dt/2 I^-1 Pi_{n-1}] exp[dt/2 I^-1 Pi_n],
 *   Pi_n = Pi_{n-1} + dt/2 (-skew[I^-1 Pi_{n-1}] Pi_{n-1} + M_{n-1} - skew[I^-1 Pi_n] Pi_n + M_n),
 *   M_k = M(R_k, t_k). Solved for Pi_n. */
RRP_RIGID_STEP(rrp_step_trap)
{
  return kr_trap_step(p, h, s, 0);
}

/* TRAPM, [K06] sec. 3.6, (20) and algorithm TRAPM: (18) then (19), each with h = dt/2:
 *   R_n = R_{n-1} exp[dt/2 I^-1 Pi_{n-1}] exp[dt/2 I^-1 Pi_n],
 *   Pi_n = R_n^T R_{n-1} (Pi_{n-1} + dt/2 M_{n-1}) + dt/2 M_n. Solved for Pi_n. */
RRP_RIGID_STEP(rrp_step_trapm)
{
  return kr_trap_step(p, h, s, 1);
}

/* ---------------------------------------------------------------------- AKW */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t, R0[3][3], Pi0[3], M0[3];
  double R1[3][3], Pi1[3];
} kr_akw_ctx;

static void kr_akw_residual(void *vc, const double x[3], double r[3])
{
  kr_akw_ctx *c = vc;
  double pb[3], wb[3], a[3], C[3][3], M1[3], m[3], Ct[3], Cm[3];
  for (int i = 0; i < 3; i++) pb[i] = 0.5 * (x[i] + c->Pi0[i]);
  rg_omega(c->p, pb, wb);
  rrp_scale3(c->h, wb, a);
  rrp_alpha_to_matrix(a, C); /* cay[S(a)] = I + 4/(4+|a|^2)(S(a) + S(a)^2/2) */
  rg_mul(c->R0, C, c->R1);
  rg_body_torque(c->p, c->R1, c->t + c->h, c->h, M1);
  for (int i = 0; i < 3; i++) m[i] = c->M0[i] + M1[i];
  rg_mtv(C, c->Pi0, Ct);
  rg_mtv(C, m, Cm);
  for (int i = 0; i < 3; i++) {
    c->Pi1[i] = Ct[i] + 0.25 * c->h * (m[i] + Cm[i]);
    r[i] = x[i] - c->Pi1[i];
  }
}

/* AKW, Austin, Krishnaprasad & Wang, as stated in [K06] sec. 4 (algorithm AKW):
 *   Pi_n = Pi_{n-1} - dt skew[I^-1 Pibar] Pibar + dt/2 (M_{n-1} + M_n),  Pibar = (Pi_n + Pi_{n-1})/2,
 *   R_n = R_{n-1} cay[dt skew[I^-1 Pibar]],  M_k = M(R_k, t_k).
 * With A = dt skew[I^-1 Pibar] the first equation is (1 + A/2) Pi_n = (1 - A/2) Pi_{n-1} + dt/2 m,
 * m = M_{n-1} + M_n; since cay[A]^T = (1 + A/2)^-1 (1 - A/2) and (1 + A/2)^-1 = (1 + cay[A]^T)/2
 * it is solved (for Pi_n) in the equivalent form Pi_n = cay[A]^T Pi_{n-1} + dt/4 (1 + cay[A]^T) m,
 * which makes R_n Pi_n = R_{n-1} Pi_{n-1} (torque-free) hold by construction. */
RRP_RIGID_STEP(rrp_step_akw)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_akw_ctx c = {p, h, s->t, {{0}}, {0}, {0}, {{0}}, {0}};
  memcpy(c.R0, s->R, sizeof(c.R0));
  memcpy(c.Pi0, s->Pi, sizeof(c.Pi0));
  rg_body_torque(p, s->R, s->t, h, c.M0);
  if (!rrp_finite_n(c.M0, 3)) return RRP_ENONFINITE;
  double x[3];
  for (int i = 0; i < 3; i++) x[i] = s->Pi[i] + h * c.M0[i]; /* guess */
  const int st = rg_newton(kr_akw_residual, &c, x, rrp_norm3(x));
  if (st != RRP_OK) return st;
  return rg_commit(s, c.R1, c.Pi1, (s)->t + h);
}

/* ---------------------------------------------------------------------- SWC1 */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t, R0[3][3], Pi0[3], w0[3];
  double R1[3][3], Pi1[3];
} kr_swc1_ctx;

static void kr_swc1_residual(void *vc, const double psi[3], double r[3])
{
  kr_swc1_ctx *c = vc;
  double half[3], Eh[3][3], E[3][3], Rh[3][3], Mh[3], a[3], w1[3];
  rrp_scale3(0.5, psi, half);
  rg_exp(half, Eh);
  rg_mul(Eh, Eh, E);
  rg_mul(c->R0, Eh, Rh);
  rg_mul(Rh, Eh, c->R1);
  rg_body_torque(c->p, Rh, c->t + 0.5 * c->h, c->h, Mh);
  rg_mtv(Eh, Mh, a);
  rg_mtv(E, c->Pi0, c->Pi1);
  for (int i = 0; i < 3; i++) c->Pi1[i] += c->h * a[i];
  rg_omega(c->p, c->Pi1, w1);
  for (int i = 0; i < 3; i++) r[i] = psi[i] - 0.5 * c->h * (w1[i] + c->w0[i]);
}

/* SWC1, Simo & Wong's ALGO_C1 as stated in [K06] sec. 4 (algorithm SWC1):
 *   Psi_n = dt/2 (I^-1 Pi_n + I^-1 Pi_{n-1}),  R_n = R_{n-1} exp[Psi_n],
 *   Pi_n = exp[-Psi_n] Pi_{n-1} + dt exp[-Psi_n/2] M_{n-1/2}.
 * [K06] does not define M_{n-1/2} for SWC1; it is taken as in IMIDM, M(R_{n-1} exp[Psi_n/2],
 * t_{n-1} + dt/2) (the spatial impulse dt T(R_{n-1/2}) of the midpoint configuration). Solved for
 * Psi_n. Torque-free: |Pi| and, because Psi_n . exp[-Psi_n] v = Psi_n . v, the energy are kept. */
RRP_RIGID_STEP(rrp_step_swc1)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_swc1_ctx c = {p, h, s->t, {{0}}, {0}, {0}, {{0}}, {0}};
  memcpy(c.R0, s->R, sizeof(c.R0));
  memcpy(c.Pi0, s->Pi, sizeof(c.Pi0));
  rg_omega(p, s->Pi, c.w0);
  double psi[3];
  rrp_scale3(h, c.w0, psi);
  const int st = rg_newton(kr_swc1_residual, &c, psi, rrp_norm3(psi));
  if (st != RRP_OK) return st;
  return rg_commit(s, c.R1, c.Pi1, (s)->t + h);
}

/* ---------------------------------------------------------------------- BBTRAP, BBTRAPWD */

typedef struct {
  const rrp_rigid_problem *p;
  double h, t, R0[3][3], P0[3], w0[3]; /* P0 = Pi_{n-1} + dt/2 M_{n-1} */
  int dexp;                            /* 1: BBTRAPWD, with (d exp_{-Psi})^-1 */
  double R1[3][3], Pi1[3];
} kr_bb_ctx;

static void kr_bb_residual(void *vc, const double psi[3], double r[3])
{
  kr_bb_ctx *c = vc;
  double E[3][3], M1[3], w1[3], v[3];
  rg_exp(psi, E);
  rg_mul(c->R0, E, c->R1);
  rg_body_torque(c->p, c->R1, c->t + c->h, c->h, M1);
  rg_mtv(E, c->P0, c->Pi1);
  for (int i = 0; i < 3; i++) c->Pi1[i] += 0.5 * c->h * M1[i];
  rg_omega(c->p, c->Pi1, w1);
  if (c->dexp) {
    const double mpsi[3] = {-psi[0], -psi[1], -psi[2]};
    rg_dexpinv(mpsi, w1, v); /* (d exp_{-Psi})^-1 I^-1 Pi_n */
  } else {
    memcpy(v, w1, sizeof(v));
  }
  for (int i = 0; i < 3; i++) r[i] = psi[i] - 0.5 * c->h * (v[i] + c->w0[i]);
}

static int kr_bb_step(const rrp_rigid_problem *p, double h, rrp_rigid_state *s, int dexp)
{
  if (!rg_input_ok(s, h)) return RRP_ENONFINITE;
  kr_bb_ctx c = {p, h, s->t, {{0}}, {0}, {0}, dexp, {{0}}, {0}};
  memcpy(c.R0, s->R, sizeof(c.R0));
  double M0[3], psi[3];
  rg_body_torque(p, s->R, s->t, h, M0);
  if (!rrp_finite_n(M0, 3)) return RRP_ENONFINITE;
  for (int i = 0; i < 3; i++) c.P0[i] = s->Pi[i] + 0.5 * h * M0[i];
  rg_omega(p, s->Pi, c.w0);
  rrp_scale3(h, c.w0, psi);
  const int st = rg_newton(kr_bb_residual, &c, psi, rrp_norm3(psi));
  if (st != RRP_OK) return st;
  return rg_commit(s, c.R1, c.Pi1, (s)->t + h);
}

/* BBTRAPWD, Bottasso & Borri, as stated in [K06] sec. 4: the Munthe-Kaas Runge-Kutta method
 * (algorithm MKRK of [K06] sec. 3.7) with the trapezoidal tableau, compressed:
 *   Psi_n = dt/2 ((d exp_{-Psi_n})^-1 I^-1 Pi_n + I^-1 Pi_{n-1}),  R_n = R_{n-1} exp[Psi_n],
 *   Pi_n = exp[-Psi_n] (Pi_{n-1} + dt/2 M_{n-1}) + dt/2 M_n,  M_k = M(R_k, t_k). Solved for Psi_n. */
RRP_RIGID_STEP(rrp_step_bbtrapwd)
{
  return kr_bb_step(p, h, s, 1);
}

/* BBTRAP, Bottasso & Borri, as stated in [K06] sec. 4: BBTRAPWD with (d exp)^-1 truncated to 1,
 *   Psi_n = dt/2 (I^-1 Pi_n + I^-1 Pi_{n-1}); torque-free it is SWC1 (energy and momentum). */
RRP_RIGID_STEP(rrp_step_bbtrap)
{
  return kr_bb_step(p, h, s, 0);
}
