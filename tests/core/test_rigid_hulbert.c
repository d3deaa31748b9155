/* test_rigid_hulbert.c - the explicit momentum-conserving algorithms of Hulbert (1992)
 * (harness/src/rigid_hulbert.c): table flags, observed order against an rk4 reference, conservation
 * of R Pi for torque-free motion and of the vertical momentum of the heavy top, the
 * intermediate-axis problem of sec. 5.1 (spin-up, impulse, conservation after the disturbance),
 * and non-finite data reported as RRP_ENONFINITE without being propagated. */
#include "rrp/rigid.h"

#include "rigid_test_util.h"

#include <string.h>

static const char *const SCHEMES[] = {"hulbert-sw-mid",  "hulbert-sw-trap", "hulbert-pc-mid",
                                      "hulbert-pc-trap", "hulbert-st-mid",  "hulbert-st-trap"};
#define NSCHEMES ((int) (sizeof(SCHEMES) / sizeof(SCHEMES[0])))

/* 1 if the scheme samples the impulse by the trapezoidal rule (77) */
static int is_trap(const char *name)
{
  return strstr(name, "-trap") != NULL;
}

static void test_table(void **state)
{
  (void) state;
  for (int k = 0; k < NSCHEMES; k++) {
    const rrp_rigid_scheme *sc = scheme(SCHEMES[k]);
    assert_non_null(sc->step);
    assert_non_null(strstr(sc->source, "Hulbert (1992)"));
    assert_int_equal(sc->order, 2);
    assert_int_equal(sc->implicit, 0);
    assert_int_equal(sc->scalar_only, 0);
    assert_int_equal(sc->conserves_momentum, 1);
    assert_int_equal(sc->conserves_energy, 0);
    assert_true(rrp_rigid_applies(sc, problem("free-body")));
  }
}

/* errors in R and Pi at t_end for h0, h0/2, h0/4, h0/8 against rk4 at h0/256; the order
 * between the two finest must be the table order +- 0.15 */
static void check_order(const char *name, const char *pname, double t_end, double h0)
{
  const rrp_rigid_problem *p = problem(pname);
  const rrp_rigid_scheme *sc = scheme(name);
  rrp_rigid_state ref, s;
  const double href = h0 / 256.0;
  run(scheme("rk4"), p, href, lround(t_end / href), &ref);
  double e[4], h = h0;
  for (int k = 0; k < 4; k++, h /= 2.0) {
    run(sc, p, h, lround(t_end / h), &s);
    assert_close(s.t, t_end, 1e-12, 0.0);
    assert_rotation(s.R, 1e-13);
    e[k] = state_distance(&s, &ref);
  }
  const double order = log2(e[2] / e[3]);
  print_message("  %-16s %-9s errors %.3e %.3e %.3e %.3e, orders %.3f %.3f %.3f\n", name, pname,
                e[0], e[1], e[2], e[3], log2(e[0] / e[1]), log2(e[1] / e[2]), order);
  assert_true(e[3] > 1e-11); /* well above the reference's own error */
  assert_close(order, (double) sc->order, 0.0, 0.15);
}

static void test_order(void **state)
{
  (void) state;
  for (int k = 0; k < NSCHEMES; k++) {
    check_order(SCHEMES[k], "slow-top", 1.0, 0.04);
    check_order(SCHEMES[k], "free-body", 2.0, 0.1);
  }
}

/* torque-free body, 1000 steps of the paper's h = 0.1: R Pi is constant to round-off; the
 * kinetic energy is not (conserves_energy = 0 is the true statement) */
static void test_free_body_momentum(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("free-body");
  for (int k = 0; k < NSCHEMES; k++) {
    const rrp_rigid_scheme *sc = scheme(SCHEMES[k]);
    rrp_rigid_state s;
    rrp_rigid_init(p, &s);
    const rigid_drift d = drift_over(sc, p, 0.1, 1000, &s);
    const double dL = d.L, dH = d.E;
    print_message("  %-16s free-body h=0.1 t=100: max |L-L0|/|L0| %.2e, max |H-H0|/H0 %.2e\n",
                  SCHEMES[k], dL, dH);
    assert_true(sc->conserves_momentum);
    assert_true(dL <= 1e-13);
    if (sc->conserves_energy)
      assert_true(dH <= 1e-12);
    else
      assert_true(dH > 1e-10);
    assert_rotation(s.R, 1e-13);
  }
}

/* heavy top (Hulbert sec. 5.2, h = 0.001, t = 20): the torque -20 r3 x e3 is horizontal, so the
 * conservation form keeps the vertical spatial momentum L3 to round-off; energy drift printed
 * (the paper: Simo-Wong with the midpoint rule unstable, predictor-corrector weakly unstable) */
static void test_fast_top(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("fast-top");
  for (int k = 0; k < NSCHEMES; k++) {
    const rrp_rigid_scheme *sc = scheme(SCHEMES[k]);
    rrp_rigid_state s;
    rrp_rigid_init(p, &s);
    const rigid_drift d = drift_over(sc, p, 0.001, 20000, &s);
    const double dL3 = d.L3, dH = d.E;
    print_message("  %-16s fast-top h=0.001 t=20: max |L3-L3(0)|/|L0| %.2e, max |H-H0|/H0 %.2e\n",
                  SCHEMES[k], dL3, dH);
    assert_true(dL3 <= 1e-13);
    assert_true(dH < 0.05);
  }
}

/* Hulbert sec. 5.1 with h = 0.001: 20 e1 until t_d = 2 - h spins the body up about e1 to
 * Pi1 = 20 t_d = 39.98 (|Pi| = 40 to 5e-4); the disturbance adds the impulse 0.2 e2 (and
 * the trapezoidal rule h/2 20 e1 more at t_d); afterwards R Pi is conserved. */
static void test_intermediate_axis(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("intermediate-axis");
  const double h = 0.001, td = 2.0 - h;
  for (int k = 0; k < NSCHEMES; k++) {
    const rrp_rigid_scheme *sc = scheme(SCHEMES[k]);
    rrp_rigid_state s;
    run(sc, p, h, 1999, &s);
    assert_close(s.t, td, 1e-12, 0.0);
    const double spin = norm3(s.Pi);
    print_message("  %-16s intermediate-axis: |Pi(t_d)| = %.15g, Pi = (%.15g, %.3g, %.3g)\n",
                  SCHEMES[k], spin, s.Pi[0], s.Pi[1], s.Pi[2]);
    assert_close(spin, 40.0, 0.0, 0.025);
    assert_close(s.Pi[0], 20.0 * td, 1e-12, 0.0);
    assert_close(s.Pi[1], 0.0, 0.0, 1e-12);
    assert_close(s.Pi[2], 0.0, 0.0, 1e-12);
    double L[3], L0[3];
    rrp_rigid_spatial_momentum(&s, L);
    assert_close(L[0], 20.0 * td, 1e-12, 0.0);

    /* two more steps: the disturbance, then torque-free */
    for (int n = 0; n < 2; n++) assert_int_equal(sc->step(p, h, &s), RRP_OK);
    rrp_rigid_spatial_momentum(&s, L0);
    const double Lx = 20.0 * td + (is_trap(SCHEMES[k]) ? 0.5 * h * 20.0 : 0.0);
    print_message("  %-16s after the impulse: L = (%.15g, %.15g, %.3g)\n", SCHEMES[k], L0[0], L0[1],
                  L0[2]);
    assert_close(L0[0], Lx, 1e-12, 0.0);
    assert_close(L0[1], 0.2, 1e-12, 0.0);
    assert_close(L0[2], 0.0, 0.0, 1e-12);

    /* torque-free to t = 30 (the paper's plots): L constant, the body leaves the e1 axis */
    const double H0 = rrp_rigid_energy(p, &s);
    double dL = 0.0, dH = 0.0, pmax = 0.0;
    for (int n = 0; n < 28000; n++) {
      assert_int_equal(sc->step(p, h, &s), RRP_OK);
      rrp_rigid_spatial_momentum(&s, L);
      for (int i = 0; i < 3; i++) dL = fmax(dL, fabs(L[i] - L0[i]) / norm3(L0));
      dH = fmax(dH, fabs(rrp_rigid_energy(p, &s) - H0) / H0);
      pmax = fmax(pmax, fmax(fabs(s.Pi[1]), fabs(s.Pi[2])));
    }
    print_message("  %-16s t = 30: max |L-L0|/|L0| %.2e, max |H-H0|/H0 %.2e, max |Pi2|,|Pi3| "
                  "%.3g\n",
                  SCHEMES[k], dL, dH, pmax);
    assert_true(dL <= 1e-12);
    assert_true(pmax > 20.0); /* the instability: the momentum tumbles through the body */
    assert_rotation(s.R, 1e-12);
  }
}

static void test_nonfinite(void **state)
{
  (void) state;
  assert_schemes_refuse_nonfinite(SCHEMES, NSCHEMES);
}

/* the staggered and Simo-Wong carry-over data are rebuilt when the state is reset or h changes,
 * and a copied state continues identically */
static void test_restart(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("slow-top");
  for (int k = 0; k < NSCHEMES; k++) {
    const rrp_rigid_scheme *sc = scheme(SCHEMES[k]);
    rrp_rigid_state a, b, c;
    run(sc, p, 0.01, 10, &a);
    b = a;
    for (int n = 0; n < 10; n++) {
      assert_int_equal(sc->step(p, 0.01, &a), RRP_OK);
      assert_int_equal(sc->step(p, 0.01, &b), RRP_OK);
    }
    assert_memory_equal(&a, &b, sizeof(a));
    /* 20 steps of 0.01, then 10 of 0.02: still a second-order approximation */
    for (int n = 0; n < 10; n++) assert_int_equal(sc->step(p, 0.02, &a), RRP_OK);
    run(sc, p, 0.01, 40, &c);
    assert_close(a.t, 0.4, 1e-12, 0.0);
    const double d = state_distance(&a, &c);
    print_message("  %-16s changing h from 0.01 to 0.02 at t = 0.2: distance %.2e\n", SCHEMES[k],
                  d);
    assert_true(d < 1e-2);
    /* a state reset by hand (same t): the scheme restarts from it */
    rrp_rigid_init(p, &b);
    b.naux = a.naux;
    memcpy(b.aux, a.aux, sizeof(b.aux));
    run(sc, p, 0.01, 0, &c);
    assert_int_equal(sc->step(p, 0.01, &b), RRP_OK);
    assert_int_equal(sc->step(p, 0.01, &c), RRP_OK);
    assert_memory_equal(&b.R, &c.R, sizeof(b.R));
    assert_memory_equal(&b.Pi, &c.Pi, sizeof(b.Pi));
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table),
      cmocka_unit_test(test_order),
      cmocka_unit_test(test_free_body_momentum),
      cmocka_unit_test(test_fast_top),
      cmocka_unit_test(test_intermediate_axis),
      cmocka_unit_test(test_nonfinite),
      cmocka_unit_test(test_restart),
  };
  return cmocka_run_group_tests_name("rigid_hulbert", tests, NULL, NULL);
}
