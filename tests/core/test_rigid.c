/* test_rigid.c - the rigid-body framework (rrp/rigid.h): problems, the RRP schemes of Baker &
 * Gonzalez (2021) on a rigid body, the general-inertia map, the fourth-order reference. */
#include "rrp/rigid.h"
#include "rrp/rotation.h"

#include "rigid_test_util.h"

#include <string.h>

static double observed_order(const char *scheme, const char *problem, double t_end, double h0)
{
  const rrp_rigid_problem *p = rrp_rigid_problem_find(problem);
  const rrp_rigid_scheme *sc = rrp_rigid_scheme_find(scheme);
  const rrp_rigid_scheme *rk = rrp_rigid_scheme_find("rk4");
  assert_non_null(p);
  assert_non_null(sc);
  rrp_rigid_state ref, s;
  const double href = h0 / 64.0;
  run(rk, p, href, lround(t_end / href), &ref);
  double e[3];
  double h = h0;
  for (int k = 0; k < 3; k++, h /= 2.0) {
    run(sc, p, h, lround(t_end / h), &s);
    e[k] = state_distance(&s, &ref);
  }
  const double order = log2(e[1] / e[2]);
  print_message("  %-12s %-10s errors %.3e %.3e %.3e, order %.3f\n", scheme, problem, e[0], e[1], e[2],
                order);
  return order;
}

static void test_tables(void **state)
{
  (void) state;
  assert_true(rrp_rigid_nproblems >= 7);
  assert_non_null(rrp_rigid_problem_find("soft-wall"));
  assert_null(rrp_rigid_problem_find("nope"));
  assert_null(rrp_rigid_scheme_find("nope"));
  for (int i = 0; i < rrp_rigid_nschemes; i++) {
    assert_non_null(rrp_rigid_schemes[i].step);
    assert_ptr_equal(rrp_rigid_scheme_find(rrp_rigid_schemes[i].name), &rrp_rigid_schemes[i]);
  }
  const rrp_rigid_scheme *ex = rrp_rigid_scheme_find("rrp-exact");
  assert_false(rrp_rigid_applies(ex, rrp_rigid_problem_find("free-body")));
  assert_true(rrp_rigid_applies(ex, rrp_rigid_problem_find("pendulum")));
  assert_true(rrp_rigid_applies(rrp_rigid_scheme_find("rrp-general"), rrp_rigid_problem_find("free-body")));
}

/* the free body's energy and |L| are the closed-form values of its initial data */
static void test_free_body_closed_form(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = rrp_rigid_problem_find("free-body");
  rrp_rigid_state s;
  rrp_rigid_init(p, &s);
  const double I[3] = {0.9144, 1.098, 1.66}, W[3] = {0.45549, 0.82623, 0.03476};
  double H = 0.0, L2 = 0.0, L[3];
  for (int i = 0; i < 3; i++) {
    H += 0.5 * I[i] * W[i] * W[i];
    L2 += I[i] * W[i] * I[i] * W[i];
  }
  assert_close(rrp_rigid_energy(p, &s), H, 1e-15, 0.0);
  rrp_rigid_spatial_momentum(&s, L);
  assert_close(sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]), sqrt(L2), 1e-15, 0.0);
  /* the pendulum starts at E0 = 0.2^2 + sin(3pi/4) ... = 0.04 + 0.7071 */
  const rrp_rigid_problem *pp = rrp_rigid_problem_find("pendulum");
  rrp_rigid_init(pp, &s);
  assert_close(rrp_rigid_energy(pp, &s), 0.04 + sqrt(0.5), 1e-15, 0.0);
}

/* every problem's torque is minus the rotational gradient of its potential */
static void test_torque_is_gradient(void **state)
{
  (void) state;
  rng_t r = {8080};
  for (int k = 0; k < rrp_rigid_nproblems; k++) {
    const rrp_rigid_problem *p = &rrp_rigid_problems[k];
    if (!p->potential) continue;
    for (int n = 0; n < 20; n++) {
      double q[4], R[3][3], T[3];
      for (int d = 0; d < 4; d++) q[d] = rng_range(&r, -1, 1);
      rrp_quat_normalize(q);
      rrp_quat_to_matrix(q, R);
      rrp_rigid_torque(p, R, 0.0, 0.01, T);
      const double eps = 1e-6;
      for (int a = 0; a < 3; a++) {
        double qp[4], qm[4], Rp[3][3], Rm[3][3];
        fd_rotated(q, a, eps, qp);
        fd_rotated(q, a, -eps, qm);
        rrp_quat_to_matrix(qp, Rp);
        rrp_quat_to_matrix(qm, Rm);
        assert_close(-(p->potential(Rp) - p->potential(Rm)) / (2 * eps), T[a], 1e-6, 1e-6);
      }
    }
  }
}

/* the general-inertia map and the body-frame map (21) reduce to map (23) for scalar J */
static void test_general_reduces_to_exact(void **state)
{
  (void) state;
  const char *problems[] = {"pendulum", "free-sphere"};
  for (int k = 0; k < 2; k++) {
    const rrp_rigid_problem *p = rrp_rigid_problem_find(problems[k]);
    rrp_rigid_state a, b, c;
    run(rrp_rigid_scheme_find("rrp-exact"), p, 0.05, 200, &a);
    run(rrp_rigid_scheme_find("rrp-general"), p, 0.05, 200, &b);
    run(rrp_rigid_scheme_find("rrp-body"), p, 0.05, 200, &c);
    const double dg = state_distance(&a, &b), db = state_distance(&a, &c);
    print_message("  %s: |general - exact| %.3g, |body - exact| %.3g after 200 steps\n", problems[k], dg, db);
    assert_true(dg < 1e-13);
    assert_true(db < 1e-13);
  }
}

static void test_orders(void **state)
{
  (void) state;
  assert_close(observed_order("rrp-exact", "pendulum", 2.0, 0.02), 2.0, 0.0, 0.15);
  assert_close(observed_order("rrp-newmark", "pendulum", 2.0, 0.02), 2.0, 0.0, 0.15);
  assert_close(observed_order("rrp-body", "pendulum", 2.0, 0.02), 2.0, 0.0, 0.15);
  assert_close(observed_order("rrp-euler", "pendulum", 2.0, 0.02), 1.0, 0.0, 0.15);
  assert_close(observed_order("campello", "pendulum", 2.0, 0.02),
               (double) rrp_rigid_scheme_find("campello")->order, 0.0, 0.15);
  assert_close(observed_order("rrp-general", "slow-top", 1.0, 0.01), 2.0, 0.0, 0.15);
  assert_close(observed_order("rrp-general", "free-body", 5.0, 0.1), 2.0, 0.0, 0.15);
  /* the reference itself: fourth order against a finer rk4 */
  assert_close(observed_order("rk4", "slow-top", 1.0, 0.02), 4.0, 0.0, 0.15);
}

/* torque-free motion: the momentum-conserving RRP maps keep L = R Pi to round-off */
static void test_momentum_conservation(void **state)
{
  (void) state;
  const char *schemes[] = {"rrp-exact", "rrp-newmark", "rrp-euler", "rrp-body", "campello", "rrp-general"};
  for (int k = 0; k < 6; k++) {
    const rrp_rigid_scheme *sc = rrp_rigid_scheme_find(schemes[k]);
    const rrp_rigid_problem *p = rrp_rigid_problem_find(sc->scalar_only ? "free-sphere" : "free-body");
    rrp_rigid_state s;
    rrp_rigid_init(p, &s);
    const double worst = drift_over(sc, p, 0.05, 1000, &s).L;
    print_message("  %-12s %-11s max |L - L0|/|L0| over 1000 steps: %.3g\n", schemes[k], p->name, worst);
    assert_true(sc->conserves_momentum);
    assert_true(worst < 1e-13);
  }
}

/* torque-free, the general-inertia map conserves the kinetic energy too (Moser-Veselov) */
static void test_general_energy(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = rrp_rigid_problem_find("free-body");
  const rrp_rigid_scheme *sc = rrp_rigid_scheme_find("rrp-general");
  rrp_rigid_state s;
  rrp_rigid_init(p, &s);
  const double E0 = rrp_rigid_energy(p, &s);
  double worst = 0.0;
  for (int n = 0; n < 2000; n++) {
    assert_int_equal(sc->step(p, 0.1, &s), RRP_OK);
    worst = fmax(worst, fabs(rrp_rigid_energy(p, &s) - E0) / E0);
  }
  print_message("  rrp-general free-body: max |E - E0|/E0 over 2000 steps of 0.1: %.3g\n", worst);
  assert_true(sc->conserves_energy);
  assert_true(worst < 1e-13);
}

/* a NaN state is reported, not propagated */
static void test_nonfinite(void **state)
{
  (void) state;
  const char *schemes[] = {"rrp-exact", "rrp-newmark", "rrp-euler", "rrp-body", "campello", "rrp-general", "rk4"};
  for (int k = 0; k < 7; k++) {
    const rrp_rigid_scheme *sc = rrp_rigid_scheme_find(schemes[k]);
    const rrp_rigid_problem *p = rrp_rigid_problem_find("pendulum");
    rrp_rigid_state s;
    rrp_rigid_init(p, &s);
    s.Pi[1] = NAN;
    const int status = sc->step(p, 0.01, &s);
    assert_true(status == RRP_ENONFINITE || status == RRP_ENOCONV);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tables),
      cmocka_unit_test(test_free_body_closed_form),
      cmocka_unit_test(test_torque_is_gradient),
      cmocka_unit_test(test_general_reduces_to_exact),
      cmocka_unit_test(test_orders),
      cmocka_unit_test(test_momentum_conservation),
      cmocka_unit_test(test_general_energy),
      cmocka_unit_test(test_nonfinite),
  };
  return cmocka_run_group_tests_name("rigid", tests, NULL, NULL);
}
