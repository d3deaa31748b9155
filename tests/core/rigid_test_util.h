/* rigid_test_util.h - helpers shared by the rigid-body test suites (test_rigid*.c). */
#ifndef RRP_RIGID_TEST_UTIL_H
#define RRP_RIGID_TEST_UTIL_H

#include "rrp/rigid.h"

#include "test_util.h"

static inline const rrp_rigid_scheme *scheme(const char *name)
{
  const rrp_rigid_scheme *sc = rrp_rigid_scheme_find(name);
  assert_non_null(sc);
  return sc;
}

static inline const rrp_rigid_problem *problem(const char *name)
{
  const rrp_rigid_problem *p = rrp_rigid_problem_find(name);
  assert_non_null(p);
  return p;
}

/* n steps of h from the problem's initial state; every step must succeed */
static inline void run(const rrp_rigid_scheme *sc, const rrp_rigid_problem *p, double h, long n,
                       rrp_rigid_state *s)
{
  rrp_rigid_init(p, s);
  for (long k = 0; k < n; k++) assert_int_equal(sc->step(p, h, s), RRP_OK);
}

static inline double norm3(const double v[3])
{
  return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* max-norm distance of (R, Pi) */
static inline double state_distance(const rrp_rigid_state *a, const rrp_rigid_state *b)
{
  double d = 0.0;
  for (int i = 0; i < 3; i++) {
    d = fmax(d, fabs(a->Pi[i] - b->Pi[i]));
    for (int j = 0; j < 3; j++) d = fmax(d, fabs(a->R[i][j] - b->R[i][j]));
  }
  return d;
}

/* a problem whose torque turns NaN after t = 0.05 */
static inline void nan_torque(double R[3][3], double t, double h, double T[3])
{
  (void) h;
  T[0] = -R[0][2];
  T[1] = R[1][2];
  T[2] = 0.0;
  if (t > 0.05) T[0] = NAN;
}

/* a finite torque whose impulse over h = 10 overflows */
static inline void huge_torque(double R[3][3], double t, double h, double T[3])
{
  (void) R;
  (void) t;
  (void) h;
  T[0] = 1e308;
  T[1] = T[2] = 0.0;
}

#endif
