/* rigid.c - the rigid-body benchmark problems of doc/theory.rst section 4 and the table of schemes. */
#include "rrp/rigid.h"

#include "rigid_impl.h"

#include <string.h>

static const double PI = 3.14159265358979323846;

/* ---------------------------------------------------------------------- problems */

/* 3D pendulum, Baker & Gonzalez (2021) sec. 3 (m = g = J = 1): U = -e3 . R rho0, rho0 = e3,
 * T = (R rho0) x e3 (erratum of doc/theory.rst section 3) */
static void pendulum_torque(double R[3][3], double t, double h, double T[3])
{
  (void) t;
  (void) h;
  const double rr[3] = {R[0][2], R[1][2], R[2][2]};
  const double e3[3] = {0.0, 0.0, 1.0};
  rrp_cross3(rr, e3, T);
}
static double pendulum_potential(double R[3][3])
{
  return -R[2][2];
}

/* heavy (Lagrangian) top, Krysl (2006) sec. 5.2-5.3: T = -20 R(:,3) x e3, U = 20 R33 */
static void top_torque(double R[3][3], double t, double h, double T[3])
{
  (void) t;
  (void) h;
  const double r3[3] = {R[0][2], R[1][2], R[2][2]};
  const double e3[3] = {0.0, 0.0, 1.0};
  rrp_cross3(r3, e3, T);
  for (int i = 0; i < 3; i++) T[i] *= -20.0;
}
static double top_potential(double R[3][3])
{
  return 20.0 * R[2][2];
}

/* Coulomb potential with a soft wall, Krysl (2006) sec. 5.4 (Holder et al.):
 * T = (-(1.1+R33)^-2 + 0.01 (1.1+R33)^-11)(-R23, R13, 0), U = (1.1+R33)^-1 - 0.001 (1.1+R33)^-10 */
static void coulomb_torque(double R[3][3], double t, double h, double T[3])
{
  (void) t;
  (void) h;
  const double x = 1.1 + R[2][2];
  const double f = -1.0 / (x * x) + 0.01 * pow(x, -11.0);
  T[0] = -f * R[1][2];
  T[1] = f * R[0][2];
  T[2] = 0.0;
}
static double coulomb_potential(double R[3][3])
{
  const double x = 1.1 + R[2][2];
  return 1.0 / x - 0.001 * pow(x, -10.0);
}

/* unstable rotation about the intermediate axis, Hulbert (1992) sec. 5.1: spatial torque
 * 20 e1 for t <= t_d = 2 - h, (5h)^-1 e2 for t_d < t <= t_d + h, then none. The switching
 * times are compared with a tolerance of h/1000 so that the sampled step is well defined. */
static void intermediate_torque(double R[3][3], double t, double h, double T[3])
{
  (void) R;
  const double td = 2.0 - h, eps = 1e-3 * h;
  T[0] = T[1] = T[2] = 0.0;
  if (t <= td + eps) T[0] = 20.0;
  else if (t <= td + h + eps) T[1] = 1.0 / (5.0 * h);
}

const rrp_rigid_problem rrp_rigid_problems[] = {
    {"pendulum", "3D pendulum, Baker & Gonzalez (2021) sec. 3, m = g = J = 1",
     {1.0, 1.0, 1.0}, {0.0, 3.0 * PI / 4.0, 0.0}, {0, 0, 0}, {0.2, 0.0, 0.2}, 1, 0.01, 10.0, 1, 1,
     pendulum_torque, pendulum_potential},
    {"free-body", "torque-free body, Krysl (2006) sec. 5.1 (Moser-Veselov data)",
     {0.9144, 1.098, 1.66}, {0, 0, 0}, {0, 0, 0}, {0.45549, 0.82623, 0.03476}, 1, 0.1, 100.0, 0, 1,
     NULL, NULL},
    {"slow-top", "slow Lagrangian top, Krysl (2006) sec. 5.2", {5.0, 5.0, 1.0}, {0.05, 0.0, 0.0},
     {0, 0, 0}, {0.0, 0.0, 5.0}, 1, 0.01, 20.0, 0, 1, top_torque, top_potential},
    {"fast-top", "fast Lagrangian top, Krysl (2006) sec. 5.3 = Hulbert (1992) sec. 5.2",
     {5.0, 5.0, 1.0}, {0.3, 0.0, 0.0}, {0, 0, 0}, {0.0, 0.0, 50.0}, 1, 0.001, 20.0, 0, 1, top_torque,
     top_potential},
    {"soft-wall", "Coulomb potential with a soft wall, Krysl (2006) sec. 5.4", {2.0, 3.0, 4.5},
     {0, 0, 0}, {2.0, 2.0, 2.0}, {0, 0, 0}, 0, 0.5, 20000.0, 0, 1, coulomb_torque,
     coulomb_potential},
    {"intermediate-axis", "unstable rotation about the intermediate axis, Hulbert (1992) sec. 5.1",
     {5.0, 10.0, 1.0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0.001, 30.0, 0, 0, intermediate_torque,
     NULL},
    {"free-sphere", "torque-free sphere, scalar inertia J = 2 (a check problem)", {2.0, 2.0, 2.0},
     {0.4, -0.2, 0.1}, {0, 0, 0}, {0.3, -0.5, 2.0}, 1, 0.01, 10.0, 1, 1, NULL, NULL},
};
const int rrp_rigid_nproblems = (int) (sizeof(rrp_rigid_problems) / sizeof(rrp_rigid_problems[0]));

/* ---------------------------------------------------------------------- schemes */

const rrp_rigid_scheme rrp_rigid_schemes[] = {
    {"rrp-exact", "Baker & Gonzalez (2021) map (23)", 2, 0, 1, 1, 0, rrp_step_rrp_exact},
    {"rrp-newmark", "Baker & Gonzalez (2021) map (25)", 2, 0, 1, 1, 0, rrp_step_rrp_newmark},
    {"rrp-euler", "Baker & Gonzalez (2021) map (27), Campello et al.", 1, 0, 1, 1, 0,
     rrp_step_rrp_euler},
    {"rrp-body", "Baker & Gonzalez (2021) map (21), body frame", 2, 0, 1, 1, 0, rrp_step_rrp_body},
    /* (26) updates the attitude with the end-of-step velocity, da = h Omega_k+1, so it is first
       order for every phi (measured: order 1.00 on the pendulum with phi = 1/2) */
    {"campello", "Baker & Gonzalez (2021) map (26), Campello's implicit family, phi = 1/2", 1, 1, 1,
     1, 0, rrp_step_campello},
    /* torque-free, (14)-(17) is the Moser-Veselov discrete rigid body in RRP form: it conserves
       the kinetic energy as well as L (measured: 5e-15 relative on the free body) */
    {"rrp-general", "Baker & Gonzalez (2021) (14)-(17) for a general inertia tensor (new), Newton",
     2, 1, 0, 1, 1, rrp_step_rrp_general},
    {"rk4", "classical Runge-Kutta on (q, Pi), a reference solution (not from the papers)", 4, 0, 0,
     0, 0, rrp_step_rk4},
#include "rigid_krysl_table.inc"
#include "rigid_hulbert_table.inc"
};
const int rrp_rigid_nschemes = (int) (sizeof(rrp_rigid_schemes) / sizeof(rrp_rigid_schemes[0]));

/* ---------------------------------------------------------------------- helpers */

const rrp_rigid_problem *rrp_rigid_problem_find(const char *name)
{
  if (!name) return NULL;
  for (int i = 0; i < rrp_rigid_nproblems; i++)
    if (strcmp(rrp_rigid_problems[i].name, name) == 0) return &rrp_rigid_problems[i];
  return NULL;
}

const rrp_rigid_scheme *rrp_rigid_scheme_find(const char *name)
{
  if (!name) return NULL;
  for (int i = 0; i < rrp_rigid_nschemes; i++)
    if (strcmp(rrp_rigid_schemes[i].name, name) == 0) return &rrp_rigid_schemes[i];
  return NULL;
}

void rrp_rigid_init(const rrp_rigid_problem *p, rrp_rigid_state *s)
{
  memset(s, 0, sizeof(*s));
  rg_exp(p->psi0, s->R);
  if (p->omega0_spatial) {
    double w[3];
    rg_mtv(s->R, p->omega0, w); /* body angular velocity R^T Omega0 */
    for (int i = 0; i < 3; i++) s->Pi[i] = p->inertia[i] * w[i];
  } else {
    for (int i = 0; i < 3; i++) s->Pi[i] = p->pi0[i];
  }
}

void rrp_rigid_torque(const rrp_rigid_problem *p, double R[3][3], double t, double h, double T[3])
{
  T[0] = T[1] = T[2] = 0.0;
  if (p->torque) p->torque(R, t, h, T);
}

double rrp_rigid_energy(const rrp_rigid_problem *p, const rrp_rigid_state *s)
{
  double ke = 0.0;
  for (int i = 0; i < 3; i++) ke += 0.5 * s->Pi[i] * s->Pi[i] / p->inertia[i];
  if (p->potential) {
    double R[3][3];
    memcpy(R, s->R, sizeof(R));
    ke += p->potential(R);
  }
  return ke;
}

void rrp_rigid_spatial_momentum(const rrp_rigid_state *s, double L[3])
{
  double R[3][3];
  memcpy(R, s->R, sizeof(R));
  rg_mv(R, s->Pi, L);
}

int rrp_rigid_applies(const rrp_rigid_scheme *sc, const rrp_rigid_problem *p)
{
  return !sc->scalar_only || p->scalar_inertia;
}
