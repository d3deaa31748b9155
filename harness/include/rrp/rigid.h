/* rrp/rigid.h - one rigid body with a diagonal inertia tensor, its benchmark problems and a
 * table of time integrators from the papers, run side by side (doc/theory.rst sections 4-5).
 *
 *   const rrp_rigid_problem *rrp_rigid_problem_find(const char *name);
 *   const rrp_rigid_scheme  *rrp_rigid_scheme_find(const char *name);
 *   extern const rrp_rigid_problem rrp_rigid_problems[];  extern const int rrp_rigid_nproblems;
 *   extern const rrp_rigid_scheme  rrp_rigid_schemes[];   extern const int rrp_rigid_nschemes;
 *   void   rrp_rigid_init(const rrp_rigid_problem *p, rrp_rigid_state *s);
 *   void   rrp_rigid_torque(const rrp_rigid_problem *p, double R[3][3], double t, double h,
 *                           double T[3]);
 *   double rrp_rigid_energy(const rrp_rigid_problem *p, const rrp_rigid_state *s);
 *   void   rrp_rigid_spatial_momentum(const rrp_rigid_state *s, double L[3]);
 *   int    rrp_rigid_applies(const rrp_rigid_scheme *sc, const rrp_rigid_problem *p);
 *
 * Conventions (see rrp/conventions.h): R maps body to space; the body angular momentum is
 * Pi = I omega with I = diag(I1, I2, I3) (principal axes = body axes); the spatial angular
 * momentum is L = R Pi; omega = I^-1 Pi is the body angular velocity and Omega = R omega the
 * spatial one. Applied loads are a spatial torque T(R, t) (body torque M = R^T T). The energy is
 * H = Pi . I^-1 Pi / 2 + U(R) for problems with a potential.
 *
 * A scheme's step advances (R, Pi, t) by h. It evaluates the torque with rrp_rigid_torque at the
 * attitudes and times its algorithm prescribes (a time-dependent torque such as Hulbert's
 * impulse is thereby sampled as the algorithm samples it). Implicit steps iterate to round-off
 * (|change| <= 1e-15 relative, or the iteration stalls at round-off) within RRP_RIGID_MAXITER
 * iterations, else return RRP_ENOCONV; they never return NaN silently (RRP_ENONFINITE).
 * R is re-orthonormalised by no scheme unless its paper says so.
 */
#ifndef RRP_RIGID_H
#define RRP_RIGID_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RRP_RIGID_MAXITER 200

typedef struct rrp_rigid_state {
  double R[3][3];   /* attitude, body to space */
  double Pi[3];     /* body angular momentum I omega */
  double t;         /* time */
  double aux[24];   /* scheme-private data carried from step to step (staggered quantities,
                       a unit quaternion, ...); rrp_rigid_init zeroes it and sets naux = 0 */
  int naux;         /* 0 until a scheme that uses aux has initialised it on its first step */
} rrp_rigid_state;

typedef struct rrp_rigid_problem rrp_rigid_problem;
struct rrp_rigid_problem {
  const char *name;
  const char *about;       /* one line, with its source */
  double inertia[3];       /* principal moments I1, I2, I3 */
  double psi0[3];          /* initial attitude R0 = exp(S(psi0)) */
  double pi0[3];           /* initial angular momentum, body frame (used if !omega0_spatial) */
  double omega0[3];        /* initial spatial angular velocity (used if omega0_spatial) */
  int omega0_spatial;      /* 1: the initial condition is Omega0 = R0 omega0 (spatial) */
  double h;                /* the step of the paper's runs */
  double t_end;            /* the final time of the paper's runs */
  int scalar_inertia;      /* 1: I1 = I2 = I3 */
  int has_potential;       /* 1: T = -dU/d(rotation), energy is conserved */
  /* spatial torque at attitude R, time t, step h (adds nothing when torque-free) */
  void (*torque)(double R[3][3], double t, double h, double T[3]);
  /* potential energy U(R) (NULL: none) */
  double (*potential)(double R[3][3]);
};

typedef struct rrp_rigid_scheme {
  const char *name;   /* e.g. "rrp-exact", "liemid-ea", "simo-wong-mid" */
  const char *source; /* paper and equation numbers */
  int order;          /* nominal order of accuracy (attitude and momentum) */
  int implicit;       /* 1: solves a nonlinear system per step */
  int scalar_only;    /* 1: applies to scalar inertia only */
  int conserves_momentum; /* 1: conserves the spatial angular momentum of torque-free motion */
  int conserves_energy;   /* 1: conserves the energy of torque-free motion exactly */
  int (*step)(const rrp_rigid_problem *p, double h, rrp_rigid_state *s);
} rrp_rigid_scheme;

extern const rrp_rigid_problem rrp_rigid_problems[];
extern const int rrp_rigid_nproblems;
extern const rrp_rigid_scheme rrp_rigid_schemes[];
extern const int rrp_rigid_nschemes;

/* the benchmark problem of that name (rrp-integrate --list), or NULL */
const rrp_rigid_problem *rrp_rigid_problem_find(const char *name);

/* the integrator of that name, or NULL */
const rrp_rigid_scheme *rrp_rigid_scheme_find(const char *name);

/* the problem's initial state at t = 0 */
void rrp_rigid_init(const rrp_rigid_problem *p, rrp_rigid_state *s);

/* spatial torque of the problem (zero for a torque-free body) */
void rrp_rigid_torque(const rrp_rigid_problem *p, double R[3][3], double t, double h, double T[3]);

/* H = Pi . I^-1 Pi / 2 + U(R) */
double rrp_rigid_energy(const rrp_rigid_problem *p, const rrp_rigid_state *s);

/* L = R Pi */
void rrp_rigid_spatial_momentum(const rrp_rigid_state *s, double L[3]);

/* 1 if the scheme applies to the problem (scalar-only schemes need scalar inertia) */
int rrp_rigid_applies(const rrp_rigid_scheme *sc, const rrp_rigid_problem *p);

#ifdef __cplusplus
}
#endif

#endif
