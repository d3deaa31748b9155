/* test_damping.c - viscous and Cundall damping (rrp/damping.h): the loads as defined, only
 * dissipative, bad coefficients refused, and the tally of their work closing the energy budget
 * of a velocity-Verlet run to second order in the step; the moving wall's work (rrp/contact.h)
 * by the trapezoid rule. */
#include "rrp/contact.h"
#include "rrp/damping.h"

#include "test_util.h"

static void test_loads(void **state)
{
  (void) state;
  rrp_damping d;
  assert_int_equal(rrp_damping_set(RRP_DAMPING_VISCOUS, 0.5, 0.2, &d), RRP_OK);
  const double f[3] = {1.0, -2.0, 0.5}, v[3] = {0.3, 0.4, -0.1}, t[3] = {0.2, 0.0, -1.0},
               w[3] = {-1.0, 2.0, 0.0};
  double fd[3], td[3];
  rrp_damping_load(&d, f, v, t, w, fd, td);
  for (int k = 0; k < 3; k++) {
    assert_true(fd[k] == -0.5 * v[k]);
    assert_true(td[k] == -0.2 * w[k]);
  }
  /* Cundall: each component of the load reduced where it does work, increased where it
   * opposes the motion (LAMMPS's fix damping/cundall: f *= 1 - c sgn(f v), sgn(0) = 1) */
  assert_int_equal(rrp_damping_set(RRP_DAMPING_CUNDALL, 0.7, 0.3, &d), RRP_OK);
  rrp_damping_load(&d, f, v, t, w, fd, td);
  for (int k = 0; k < 3; k++) {
    const double sf = f[k] * v[k] >= 0.0 ? 1.0 : -1.0, st = t[k] * w[k] >= 0.0 ? 1.0 : -1.0;
    assert_close(f[k] + fd[k], f[k] * (1.0 - 0.7 * sf), 1e-15, 0.0);
    assert_close(t[k] + td[k], t[k] * (1.0 - 0.3 * st), 1e-15, 0.0);
  }
  /* no rotation: the torque is zero */
  rrp_damping_load(&d, f, v, NULL, NULL, fd, td);
  assert_true(td[0] == 0.0 && td[1] == 0.0 && td[2] == 0.0);
  /* bad coefficients */
  assert_int_equal(rrp_damping_set(RRP_DAMPING_VISCOUS, -1.0, 0.0, &d), RRP_EDOMAIN);
  assert_int_equal(rrp_damping_set(RRP_DAMPING_VISCOUS, 0.0, NAN, &d), RRP_EDOMAIN);
  assert_int_equal(rrp_damping_set(RRP_DAMPING_CUNDALL, 1.0, 0.0, &d), RRP_EDOMAIN);
  assert_int_equal(rrp_damping_set((enum rrp_damping_form) 5, 0.1, 0.1, &d), RRP_EDOMAIN);
}

/* every form only removes energy */
static void test_dissipative(void **state)
{
  (void) state;
  rng_t r = {404};
  for (int n = 0; n < 1000; n++) {
    rrp_damping d;
    assert_int_equal(rrp_damping_set(n % 2 ? RRP_DAMPING_CUNDALL : RRP_DAMPING_VISCOUS,
                                     rng_uniform(&r) * 0.99, rng_uniform(&r) * 0.99, &d),
                     RRP_OK);
    double f[3], v[3], t[3], w[3], fd[3], td[3];
    rng_vec(&r, 2.0, f);
    rng_vec(&r, 2.0, v);
    rng_vec(&r, 2.0, t);
    rng_vec(&r, 2.0, w);
    rrp_damping_load(&d, f, v, t, w, fd, td);
    assert_true(rrp_damping_power(fd, v, td, w) <= 0.0);
  }
}

/* a particle on a spring (k = 1, m = 1) and a torsion spring (J = 0.4), damped, integrated by
 * velocity Verlet as LAMMPS runs it: the load computed after the forces from the half-step
 * velocities, its power at the full-step velocities (after the second half kick) integrated in
 * time by the trapezoid rule. E + W is constant to O(h^2) */
static double budget_drift(enum rrp_damping_form form, double ct, double cr, double h)
{
  rrp_damping d;
  assert_int_equal(rrp_damping_set(form, ct, cr, &d), RRP_OK);
  const double m = 1.0, k = 1.0, J = 0.4, kr = 2.0;
  double x[3] = {1.0, 0.5, -0.3}, v[3] = {0.0, 0.2, 0.1}, a[3] = {0.3, -0.2, 0.1},
         w[3] = {0.5, 0.0, -0.4};
  double f[3], t[3], fd[3], td[3];
  for (int c = 0; c < 3; c++) {
    f[c] = -k * x[c];
    t[c] = -kr * a[c];
  }
  rrp_damping_load(&d, f, v, t, w, fd, td);
  for (int c = 0; c < 3; c++) {
    f[c] += fd[c];
    t[c] += td[c];
  }
  double E0 = 0.0;
  for (int c = 0; c < 3; c++)
    E0 += 0.5 * m * v[c] * v[c] + 0.5 * k * x[c] * x[c] + 0.5 * J * w[c] * w[c] + 0.5 * kr * a[c] * a[c];
  double W = 0.0, worst = 0.0, p_last = rrp_damping_power(fd, v, td, w);
  const int steps = (int) (10.0 / h + 0.5);
  for (int n = 0; n < steps; n++) {
    for (int c = 0; c < 3; c++) {
      v[c] += 0.5 * h * f[c] / m;
      x[c] += h * v[c];
      w[c] += 0.5 * h * t[c] / J;
      a[c] += h * w[c]; /* a small rotation: the angle vector is additive */
    }
    for (int c = 0; c < 3; c++) {
      f[c] = -k * x[c];
      t[c] = -kr * a[c];
    }
    rrp_damping_load(&d, f, v, t, w, fd, td); /* post_force: half-step velocities */
    for (int c = 0; c < 3; c++) {
      f[c] += fd[c];
      t[c] += td[c];
      v[c] += 0.5 * h * f[c] / m;
      w[c] += 0.5 * h * t[c] / J;
    }
    /* end of step: the power at the full-step velocities, integrated by the trapezoid rule */
    const double p = rrp_damping_power(fd, v, td, w);
    W -= 0.5 * h * (p_last + p);
    p_last = p;
    double E = 0.0;
    for (int c = 0; c < 3; c++)
      E += 0.5 * m * v[c] * v[c] + 0.5 * k * x[c] * x[c] + 0.5 * J * w[c] * w[c] + 0.5 * kr * a[c] * a[c];
    worst = fmax(worst, fabs(E + W - E0));
  }
  assert_true(W > 0.1 * E0); /* a real damping */
  return worst / E0;
}

static void test_work_closes_budget(void **state)
{
  (void) state;
  const struct {
    enum rrp_damping_form form;
    double ct, cr;
  } cases[] = {{RRP_DAMPING_VISCOUS, 0.3, 0.2}, {RRP_DAMPING_CUNDALL, 0.3, 0.3}};
  for (int c = 0; c < 2; c++) {
    const double e1 = budget_drift(cases[c].form, cases[c].ct, cases[c].cr, 0.02);
    const double e2 = budget_drift(cases[c].form, cases[c].ct, cases[c].cr, 0.01);
    print_message("  %s: budget drift %.3g at h = 0.02, %.3g at h = 0.01 (order %.2f)\n",
                  c ? "cundall" : "viscous", e1, e2, log2(e1 / e2));
    assert_true(e1 < 1e-3);
    assert_true(log2(e1 / e2) > 1.8); /* second order */
  }
}

/* the wall's work by the trapezoid rule: exact for dU/dc linear in c (a wall pressing on a
 * spring), the first step only records the position, and a reversed path gives the work back */
static void test_wall_work(void **state)
{
  (void) state;
  rrp_wall_work w = {0.0, 0.0, 0.0, 0};
  const double a = 0.75, b = -2.5; /* dU/dc = a + b c */
  for (int k = 0; k <= 16; k++) {
    const double c = 0.0625 * k;
    rrp_wall_work_step(&w, c, a + b * c);
    if (k == 0) assert_true(w.work == 0.0 && w.have_last == 1);
  }
  const double exact = a * 1.0 + 0.5 * b * 1.0; /* integral from 0 to 1 */
  assert_true(fabs(w.work - exact) <= 1e-15);
  for (int k = 15; k >= 0; k--) {
    const double c = 0.0625 * k;
    rrp_wall_work_step(&w, c, a + b * c);
  }
  assert_true(fabs(w.work) <= 1e-15);
}

/* the wall contact's stiffness is the derivative of its force (central differences), and the
 * servo's steps bring a wall onto a fixed sphere until the contact force is the target: from out
 * of contact at the limited speed, then by damped Newton steps; the limit holds both ways */
static void test_servo(void **state)
{
  (void) state;
  const double K = 2100.0, R = 0.55, h = 1e-7;
  for (double s = 0.3; s < 0.6; s += 0.01) {
    double fp, fm;
    rrp_hertz_wall(K, R, s - h, &fp);
    rrp_hertz_wall(K, R, s + h, &fm);
    const double k = rrp_hertz_wall_stiffness(K, R, s);
    if (s >= R) {
      assert_true(k == 0.0);
    } else {
      assert_true(fabs(k - (fp - fm) / (2 * h)) <= 1e-6 * k);
    }
  }
  /* a wall at distance s from the sphere's centre; the step d moves it toward the centre */
  const double target = 40.0, dmax = 0.01;
  double s = 0.7, F = 0.0;
  int steps = 0, limited = 0;
  for (; steps < 200; steps++) {
    rrp_hertz_wall(K, R, s, &F);
    if (fabs(F - target) <= 1e-12 * target) break;
    const double d = rrp_servo_step(target, F, rrp_hertz_wall_stiffness(K, R, s), 0.8, dmax);
    assert_true(fabs(d) <= dmax);
    if (fabs(d) == dmax) limited++;
    s -= d;
  }
  print_message("servo: %d steps (%d at the limit), force %.17g for %.17g\n", steps, limited, F,
                target);
  assert_true(steps < 200 && limited >= 10);
  /* pressed too hard: the wall backs off, never by more than dmax */
  const double d = rrp_servo_step(1.0, 500.0, rrp_hertz_wall_stiffness(K, R, 0.3), 1.0, dmax);
  assert_true(d == -dmax);
  assert_true(rrp_servo_step(0.0, 0.0, 0.0, 0.5, dmax) == 0.0);
  assert_true(rrp_servo_step(-1.0, 0.0, 0.0, 0.5, dmax) == -dmax);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loads),
      cmocka_unit_test(test_dissipative),
      cmocka_unit_test(test_work_closes_budget),
      cmocka_unit_test(test_wall_work),
      cmocka_unit_test(test_servo),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
