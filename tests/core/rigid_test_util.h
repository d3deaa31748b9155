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

/* the largest drifts over a run, relative to its start: spatial angular momentum |L - L0|/|L0|,
 * its third component |L3 - L3(0)|/|L0|, energy |E - E0|/|E0| */
typedef struct rigid_drift {
  double L, L3, E;
} rigid_drift;

/* n steps of h from the state s (which they advance), every one succeeding */
static inline rigid_drift drift_over(const rrp_rigid_scheme *sc, const rrp_rigid_problem *p, double h,
                                     long n, rrp_rigid_state *s)
{
  double L0[3], L[3];
  rrp_rigid_spatial_momentum(s, L0);
  const double E0 = rrp_rigid_energy(p, s), n0 = norm3(L0);
  rigid_drift d = {0.0, 0.0, 0.0};
  for (long k = 0; k < n; k++) {
    assert_int_equal(sc->step(p, h, s), RRP_OK);
    rrp_rigid_spatial_momentum(s, L);
    const double dv[3] = {L[0] - L0[0], L[1] - L0[1], L[2] - L0[2]};
    d.L = fmax(d.L, norm3(dv) / n0);
    d.L3 = fmax(d.L3, fabs(dv[2]) / n0);
    d.E = fmax(d.E, fabs(rrp_rigid_energy(p, s) - E0) / fabs(E0));
  }
  return d;
}

static inline void assert_state_finite(const rrp_rigid_state *s)
{
  for (int i = 0; i < 3; i++) {
    assert_true(isfinite(s->Pi[i]));
    for (int j = 0; j < 3; j++) assert_true(isfinite(s->R[i][j]));
  }
}

/* every scheme of `names` refuses non-finite input and reports, without passing it on, a
 * non-finite or overflowing torque: the state is left as it was (the test_nonfinite of the
 * rigid-body suites) */
static inline void assert_schemes_refuse_nonfinite(const char *const *names, int n)
{
  const rrp_rigid_problem *fb = problem("free-body");
  rrp_rigid_problem bad = *fb;
  bad.name = "nan-torque";
  bad.torque = nan_torque;
  bad.has_potential = 0;
  rrp_rigid_problem huge = bad;
  huge.name = "huge-torque";
  huge.torque = huge_torque;
  for (int k = 0; k < n; k++) {
    const rrp_rigid_scheme *sc = scheme(names[k]);
    rrp_rigid_state s, keep;

    /* a non-finite input state: reported, left as it was */
    rrp_rigid_init(fb, &s);
    assert_int_equal(sc->step(fb, 0.1, &s), RRP_OK);
    s.Pi[1] = NAN;
    keep = s;
    assert_int_equal(sc->step(fb, 0.1, &s), RRP_ENONFINITE);
    assert_memory_equal(&s, &keep, sizeof(s));
    s.Pi[1] = 0.5;
    s.R[2][0] = INFINITY;
    assert_int_equal(sc->step(fb, 0.1, &s), RRP_ENONFINITE);

    /* a non-finite step */
    rrp_rigid_init(fb, &s);
    keep = s;
    assert_int_equal(sc->step(fb, NAN, &s), RRP_ENONFINITE);
    assert_int_equal(sc->step(fb, INFINITY, &s), RRP_ENONFINITE);
    assert_memory_equal(&s, &keep, sizeof(s));

    /* overflow inside the step (impulse h M = inf): reported, the state left as it was */
    rrp_rigid_init(&huge, &s);
    keep = s;
    assert_int_equal(sc->step(&huge, 10.0, &s), RRP_ENONFINITE);
    assert_memory_equal(&s, &keep, sizeof(s));

    /* a torque that turns NaN: the step that meets it is reported, nothing propagates */
    rrp_rigid_init(&bad, &s);
    int status = RRP_OK, steps = 0;
    while (status == RRP_OK && steps < 100) {
      keep = s;
      status = sc->step(&bad, 0.01, &s);
      steps++;
    }
    print_message("  %-16s NaN torque reported at step %d (t = %.2f)\n", names[k], steps, s.t);
    assert_int_equal(status, RRP_ENONFINITE);
    assert_true(steps <= 6);
    assert_memory_equal(&s, &keep, sizeof(s));
    assert_state_finite(&s);
  }
}

#endif
