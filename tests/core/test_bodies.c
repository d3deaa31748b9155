/* test_bodies.c - the general-inertia RRP map on arrays (rrp/bodies.h): equal to the harness's
 * rrp-general scheme on the heavy top, to map (23) for isotropic inertia, conserving L exactly and
 * the energy to round-off on a free asymmetric body; bad bodies reported, left untouched. */
#include "rrp/bodies.h"
#include "rrp/field.h"
#include "rrp/rotation.h"

#include "rigid_test_util.h"

#include <string.h>

/* one body at the origin, no force */
typedef struct one {
  double mass[1], inertia[1][3], x[1][3], v[1][3], f[1][3], L[1][3], T[1][3], q[1][4];
  rrp_bodies p;
} one;

static void one_init(one *o, const double I[3], const double L0[3], const double q0[4])
{
  memset(o, 0, sizeof(*o));
  o->mass[0] = 1.0;
  memcpy(o->inertia[0], I, sizeof(o->inertia[0]));
  memcpy(o->L[0], L0, sizeof(o->L[0]));
  memcpy(o->q[0], q0, sizeof(o->q[0]));
  const rrp_bodies p = {1, NULL, 0, o->mass, (const double (*)[3]) o->inertia, o->x, o->v,
                        (const double (*)[3]) o->f, o->L, (const double (*)[3]) o->T, o->q};
  o->p = p;
}

static double kinetic(const one *o)
{
  double R[3][3], Pi[3];
  rrp_quat_to_matrix(o->q[0], R);
  for (int i = 0; i < 3; i++) Pi[i] = R[0][i] * o->L[0][0] + R[1][i] * o->L[0][1] + R[2][i] * o->L[0][2];
  double k = 0.0;
  for (int i = 0; i < 3; i++) k += 0.5 * Pi[i] * Pi[i] / o->inertia[0][i];
  return k;
}

/* torque-free asymmetric body: L constant exactly, energy to round-off (Moser-Veselov) */
static void test_free_asymmetric(void **state)
{
  (void) state;
  one o;
  const double I[3] = {1.0, 2.0, 3.0}, L0[3] = {0.3, 1.1, 0.2}, q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  const double E0 = kinetic(&o);
  double dE = 0.0;
  for (int k = 0; k < 5000; k++) {
    assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, NULL), RRP_OK);
    rrp_bodies_second(&o.p, 0.05, 1.0);
    dE = fmax(dE, fabs(kinetic(&o) - E0) / E0);
  }
  print_message("  free body I = (1,2,3), 5000 steps of 0.05: max |E-E0|/E0 %.2e\n", dE);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  assert_true(dE < 1e-13);
  assert_close(o.q[0][0] * o.q[0][0] + o.q[0][1] * o.q[0][1] + o.q[0][2] * o.q[0][2] +
                   o.q[0][3] * o.q[0][3], 1.0, 0.0, 1e-15);
}

/* the heavy top of the harness: the array kernel equals the harness's rrp-general scheme */
static void test_equals_harness(void **state)
{
  (void) state;
  const rrp_rigid_problem *p = problem("slow-top");
  const rrp_rigid_scheme *sc = scheme("rrp-general");
  rrp_rigid_state s;
  rrp_rigid_init(p, &s);
  one o;
  double L0[3], q0[4];
  rrp_rigid_spatial_momentum(&s, L0);
  rrp_matrix_to_quat(s.R, q0);
  one_init(&o, p->inertia, L0, q0);
  const double h = 0.01;
  for (int k = 0; k < 300; k++) {
    double R[3][3];
    rrp_quat_to_matrix(o.q[0], R);
    rrp_rigid_torque(p, R, s.t, h, o.T[0]);
    assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
    rrp_quat_to_matrix(o.q[0], R);
    rrp_rigid_torque(p, R, s.t + h, h, o.T[0]);
    rrp_bodies_second(&o.p, h, 1.0);
    assert_int_equal(sc->step(p, h, &s), RRP_OK);
  }
  double R[3][3], L[3];
  rrp_quat_to_matrix(o.q[0], R);
  rrp_rigid_spatial_momentum(&s, L);
  double d = 0.0;
  for (int i = 0; i < 3; i++) {
    d = fmax(d, fabs(o.L[0][i] - L[i]));
    for (int j = 0; j < 3; j++) d = fmax(d, fabs(R[i][j] - s.R[i][j]));
  }
  print_message("  slow top, 300 steps: |array kernel - harness rrp-general| = %.2e\n", d);
  assert_true(d < 1e-11);
}

/* isotropic inertia: the map (23) of the spheres, with a lever-arm torque */
static void test_isotropic_is_sphere_map(void **state)
{
  (void) state;
  const double J = 0.7, g[3] = {0.0, 0.0, 1.0}, lever[3] = {0.3, 0.0, 0.9};
  const double I[3] = {J, J, J}, L0[3] = {0.2 * J, -0.4 * J, 1.3 * J};
  double q0[4] = {0.9, 0.1, -0.3, 0.2};
  rrp_quat_normalize(q0);
  one o;
  one_init(&o, I, L0, q0);
  /* the same particle for the sphere kernel, Omega = L / J */
  double x[1][3] = {{0}}, v[1][3] = {{0}}, f[1][3] = {{0}}, om[1][3], tq[1][3], qs[1][4];
  const double mass[1] = {1.0};
  for (int d = 0; d < 3; d++) om[0][d] = L0[d] / J;
  memcpy(qs[0], q0, sizeof(q0));
  const rrp_spheres sp = {1, NULL, 0, mass, NULL, x, v, (const double (*)[3]) f, om,
                          (const double (*)[3]) tq, qs};
  const rrp_inertia in = {RRP_INERTIA_VALUE, J, NULL};
  const rrp_scheme *exact = rrp_scheme_find("exact");
  const double h = 0.02;
  for (int k = 0; k < 500; k++) {
    memset(o.T[0], 0, sizeof(o.T[0]));
    memset(tq[0], 0, sizeof(tq[0]));
    rrp_lever_field(1.0, o.q[0], lever, g, o.T[0]);
    rrp_lever_field(1.0, qs[0], lever, g, tq[0]);
    assert_int_equal(rrp_bodies_first(&o.p, h, 1.0, NULL), RRP_OK);
    assert_int_equal(rrp_spheres_first(exact, &sp, &in, h, 1.0, NULL), RRP_OK);
    memset(o.T[0], 0, sizeof(o.T[0]));
    memset(tq[0], 0, sizeof(tq[0]));
    rrp_lever_field(1.0, o.q[0], lever, g, o.T[0]);
    rrp_lever_field(1.0, qs[0], lever, g, tq[0]);
    rrp_bodies_second(&o.p, h, 1.0);
    rrp_spheres_second(exact, &sp, &in, h, 1.0);
  }
  double d = 0.0;
  for (int i = 0; i < 4; i++) d = fmax(d, fabs(o.q[0][i] - qs[0][i]));
  for (int i = 0; i < 3; i++) d = fmax(d, fabs(o.L[0][i] / J - om[0][i]));
  print_message("  isotropic J, 500 steps with a lever torque: |bodies - spheres (23)| = %.2e\n", d);
  assert_true(d < 1e-12);
}

/* a zero principal moment or a NaN torque: reported, the body left as it was */
static void test_bad_bodies(void **state)
{
  (void) state;
  one o;
  const double I[3] = {1.0, 0.0, 3.0}, L0[3] = {0.3, 1.1, 0.2}, q0[4] = {1, 0, 0, 0};
  one_init(&o, I, L0, q0);
  rrp_step_report bad = {-1, 0.0};
  assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, &bad), RRP_EDOMAIN);
  assert_int_equal(bad.index, 0);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  o.inertia[0][1] = 2.0;
  o.T[0][2] = NAN;
  assert_int_equal(rrp_bodies_first(&o.p, 0.05, 1.0, &bad), RRP_ENONFINITE);
  assert_memory_equal(o.L[0], L0, sizeof(L0));
  assert_memory_equal(o.q[0], q0, sizeof(q0));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_free_asymmetric),
      cmocka_unit_test(test_equals_harness),
      cmocka_unit_test(test_isotropic_is_sphere_map),
      cmocka_unit_test(test_bad_bodies),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
