/* test_binder.c - binder bond loads (rrp/binder.h) and Hertzian contacts (rrp/contact.h):
 * every force and torque is minus the energy gradient (central differences, rotations
 * R -> R(eps e_a) R), F_i = -F_j, invariance and zero load in the reference state. */
#include "rrp/binder.h"
#include "rrp/contact.h"
#include "rrp/rotation.h"

#include "test_util.h"

#include <string.h>

static double total_energy(const rrp_binder_load *l)
{
  return l->um + l->ua + l->us;
}

static void random_quat(rng_t *r, double q[4])
{
  for (int d = 0; d < 4; d++) q[d] = rng_range(r, -1, 1);
  rrp_quat_normalize(q);
}

/* a bond near but away from its reference state, with general reference orientations */
typedef struct config {
  rrp_binder_ref ref;
  double xi[3], xj[3], qi[4], qj[4];
} config;

static void random_config(rng_t *r, double strain, config *c)
{
  rng_vec(r, 1.0, c->ref.d0);
  c->ref.d0[0] += 1.5; /* |d0| away from 0 */
  random_quat(r, c->ref.qi0);
  random_quat(r, c->ref.qj0);
  rng_vec(r, 2.0, c->xj);
  double dx[3];
  rng_vec(r, strain, dx);
  for (int k = 0; k < 3; k++) c->xi[k] = c->xj[k] + c->ref.d0[k] + dx[k];
  double th[3], dq[4];
  rng_vec(r, 3.0 * strain, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->ref.qi0, c->qi);
  rng_vec(r, 3.0 * strain, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->ref.qj0, c->qj);
}

static double energy_at(const rrp_binder_coeff *k, const config *c)
{
  rrp_binder_load l;
  assert_int_equal(rrp_binder(k, &c->ref, c->xi, c->xj, c->qi, c->qj, &l), RRP_OK);
  return total_energy(&l);
}

/* forces and torques are minus the gradient of the energy, for each term and both shear forms */
static void check_gradients(const rrp_binder_coeff *k, double strain)
{
  rng_t r = {(uint64_t) (1000 + 7 * k->shear) + (uint64_t) (k->km * 3 + k->ka * 5 + k->ks * 11)};
  const double eps = 1e-5;
  for (int n = 0; n < 40; n++) {
    config c;
    random_config(&r, strain, &c);
    rrp_binder_load l;
    assert_int_equal(rrp_binder(k, &c.ref, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    const double scale = fmax(1.0, fabs(total_energy(&l)));
    for (int a = 0; a < 3; a++) {
      config p = c, m = c;
      p.xi[a] += eps;
      m.xi[a] -= eps;
      assert_close(-(energy_at(k, &p) - energy_at(k, &m)) / (2 * eps), l.fi[a], 0.0, TOL_FD * scale);
      p = c;
      m = c;
      p.xj[a] += eps;
      m.xj[a] -= eps;
      assert_close(-(energy_at(k, &p) - energy_at(k, &m)) / (2 * eps), -l.fi[a], 0.0, TOL_FD * scale);
      p = c;
      m = c;
      fd_rotated(p.qi, a, eps, p.qi);
      fd_rotated(m.qi, a, -eps, m.qi);
      assert_close(-(energy_at(k, &p) - energy_at(k, &m)) / (2 * eps), l.ti[a], 0.0, TOL_FD * scale);
      p = c;
      m = c;
      fd_rotated(p.qj, a, eps, p.qj);
      fd_rotated(m.qj, a, -eps, m.qj);
      assert_close(-(energy_at(k, &p) - energy_at(k, &m)) / (2 * eps), l.tj[a], 0.0, TOL_FD * scale);
    }
  }
}

static void test_gradients_each_term(void **state)
{
  (void) state;
  const rrp_binder_coeff terms[] = {
      {10.0, 0.0, 0.0, RRP_SHEAR_CONVECTED}, {0.0, 200.0, 0.0, RRP_SHEAR_CONVECTED},
      {0.0, 0.0, 200.0, RRP_SHEAR_CONVECTED}, {0.0, 0.0, 200.0, RRP_SHEAR_PAPER},
      {10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED}, {10.0, 200.0, 200.0, RRP_SHEAR_PAPER}};
  for (size_t t = 0; t < sizeof(terms) / sizeof(terms[0]); t++) {
    check_gradients(&terms[t], 0.1);
    check_gradients(&terms[t], 0.5); /* large deformation: torsion angles up to ~2.6 rad */
  }
}

/* the invariant forms: total force and total torque about the origin vanish to round-off;
 * the printed shear form leaves a net torque */
static void test_total_torque(void **state)
{
  (void) state;
  rng_t r = {5150};
  const rrp_binder_coeff conv = {10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED};
  const rrp_binder_coeff paper = {0.0, 0.0, 200.0, RRP_SHEAR_PAPER};
  double worst_paper = 0.0;
  for (int n = 0; n < 200; n++) {
    config c;
    random_config(&r, 0.4, &c);
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&conv, &c.ref, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    double ci[3], cj[3];
    const double fj[3] = {-l.fi[0], -l.fi[1], -l.fi[2]};
    for (int a = 0; a < 3; a++) {
      ci[a] = c.xi[(a + 1) % 3] * l.fi[(a + 2) % 3] - c.xi[(a + 2) % 3] * l.fi[(a + 1) % 3];
      cj[a] = c.xj[(a + 1) % 3] * fj[(a + 2) % 3] - c.xj[(a + 2) % 3] * fj[(a + 1) % 3];
    }
    const double mag = 1.0 + fabs(l.fi[0]) + fabs(l.fi[1]) + fabs(l.fi[2]);
    for (int a = 0; a < 3; a++) assert_close(ci[a] + cj[a] + l.ti[a] + l.tj[a], 0.0, 0.0, 1e-13 * mag * 4);
    assert_int_equal(rrp_binder(&paper, &c.ref, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    double dx[3];
    for (int a = 0; a < 3; a++) dx[a] = c.xi[a] - c.xj[a];
    for (int a = 0; a < 3; a++) {
      const double net = dx[(a + 1) % 3] * l.fi[(a + 2) % 3] - dx[(a + 2) % 3] * l.fi[(a + 1) % 3] +
          l.ti[a] + l.tj[a];
      worst_paper = fmax(worst_paper, fabs(net));
    }
  }
  print_message("  largest net torque of the printed shear form: %.3g\n", worst_paper);
  assert_true(worst_paper > 1e-2);
}

/* no load in the reference state, nor after a rigid motion of it (convected forms) */
static void test_zero_load_in_reference(void **state)
{
  (void) state;
  rng_t r = {77};
  const rrp_binder_coeff k = {10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED};
  for (int n = 0; n < 100; n++) {
    config c;
    random_config(&r, 0.0, &c); /* x_i - x_j = d0, q = q0 */
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &c.ref, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    for (int a = 0; a < 3; a++) {
      assert_close(l.fi[a], 0.0, 0.0, TOL_ROUNDOFF * 1e3);
      assert_close(l.ti[a], 0.0, 0.0, TOL_ROUNDOFF * 1e2);
      assert_close(l.tj[a], 0.0, 0.0, TOL_ROUNDOFF * 1e2);
    }
    assert_close(total_energy(&l), 0.0, 0.0, TOL_ROUNDOFF);
    /* rigid rotation of the whole pair about the origin, and a translation */
    double rq[4], xi[3], xj[3], qi[4], qj[4];
    random_quat(&r, rq);
    rrp_quat_rotate(rq, c.xi, xi);
    rrp_quat_rotate(rq, c.xj, xj);
    for (int a = 0; a < 3; a++) {
      xi[a] += 3.0;
      xj[a] += 3.0;
    }
    rrp_quat_multiply(rq, c.qi, qi);
    rrp_quat_multiply(rq, c.qj, qj);
    assert_int_equal(rrp_binder(&k, &c.ref, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(total_energy(&l), 0.0, 0.0, TOL_ROUNDOFF);
  }
}

/* a rigid rotation of a deformed pair: the convected energy is unchanged, the printed one is not */
static void test_rigid_rotation_invariance(void **state)
{
  (void) state;
  rng_t r = {3131};
  const rrp_binder_coeff conv = {10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED};
  const rrp_binder_coeff paper = {0.0, 0.0, 200.0, RRP_SHEAR_PAPER};
  double paper_change = 0.0;
  for (int n = 0; n < 100; n++) {
    config c;
    random_config(&r, 0.3, &c);
    double rq[4], xi[3], xj[3], qi[4], qj[4];
    random_quat(&r, rq);
    rrp_quat_rotate(rq, c.xi, xi);
    rrp_quat_rotate(rq, c.xj, xj);
    rrp_quat_multiply(rq, c.qi, qi);
    rrp_quat_multiply(rq, c.qj, qj);
    rrp_binder_load a, b;
    assert_int_equal(rrp_binder(&conv, &c.ref, c.xi, c.xj, c.qi, c.qj, &a), RRP_OK);
    assert_int_equal(rrp_binder(&conv, &c.ref, xi, xj, qi, qj, &b), RRP_OK);
    assert_close(total_energy(&b), total_energy(&a), 1e-12, TOL_ROUNDOFF);
    double fr[3];
    rrp_quat_rotate(rq, a.fi, fr);
    assert_vec_close(b.fi, fr, 3, 0.0, 1e-11);
    assert_int_equal(rrp_binder(&paper, &c.ref, c.xi, c.xj, c.qi, c.qj, &a), RRP_OK);
    assert_int_equal(rrp_binder(&paper, &c.ref, xi, xj, qi, qj, &b), RRP_OK);
    paper_change = fmax(paper_change, fabs(total_energy(&b) - total_energy(&a)));
  }
  print_message("  largest energy change of the printed shear form under a rigid rotation: %.3g\n",
                paper_change);
  assert_true(paper_change > 1.0);
}

/* torsion: the torque's size is Km times the relative angle, also near a half-turn */
static void test_torsion_known(void **state)
{
  (void) state;
  const rrp_binder_coeff k = {10.0, 0.0, 0.0, RRP_SHEAR_CONVECTED};
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
  const double xi[3] = {1, 0, 0}, xj[3] = {0, 0, 0};
  const double angles[] = {0.1, 1.0, 3.0, 3.14159};
  for (size_t n = 0; n < sizeof(angles) / sizeof(angles[0]); n++) {
    const double th[3] = {0, 0, angles[n]};
    double qi[4];
    rrp_theta_to_quat(th, qi);
    const double qj[4] = {1, 0, 0, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &ref, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.um, 5.0 * angles[n] * angles[n], 1e-14, 0.0);
    assert_close(l.ti[2], -10.0 * angles[n], 1e-14, 0.0);
    assert_close(l.tj[2], 10.0 * angles[n], 1e-14, 0.0);
    assert_close(l.angle, angles[n], 1e-14, 0.0);
  }
  /* past a half-turn the principal log wraps: the angle is 2 pi - phi and the torque turns over
   * (T_z = -31.4 at 3.14159, +31.4 at 3.14160), which bond_style rrp/binder guards with
   * break twist or a warning; the angle is reported with Km = 0 too */
  const rrp_binder_coeff none = {0.0, 0.0, 0.0, RRP_SHEAR_CONVECTED};
  const double past[] = {3.1416, 4.0, 6.0};
  for (size_t n = 0; n < sizeof(past) / sizeof(past[0]); n++) {
    const double th[3] = {0, 0, past[n]};
    double qi[4];
    rrp_theta_to_quat(th, qi);
    const double qj[4] = {1, 0, 0, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &ref, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.angle, 2.0 * 3.14159265358979323846 - past[n], 1e-13, 0.0);
    assert_true(l.ti[2] > 0.0);
    assert_int_equal(rrp_binder(&none, &ref, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.angle, 2.0 * 3.14159265358979323846 - past[n], 1e-13, 0.0);
  }
}

static void test_binder_domain(void **state)
{
  (void) state;
  const rrp_binder_coeff k = {10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED};
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
  const double q[4] = {1, 0, 0, 0}, x[3] = {0.5, 0.5, 0.5}, xn[3] = {NAN, 0, 0};
  rrp_binder_load l;
  assert_int_equal(rrp_binder(&k, &ref, x, x, q, q, &l), RRP_EDOMAIN);
  assert_true(l.fi[0] == 0.0 && l.um == 0.0);
  assert_int_equal(rrp_binder(&k, &ref, xn, x, q, q, &l), RRP_ENONFINITE);
  rrp_binder_ref zero = {{0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
  const double y[3] = {1.5, 0.5, 0.5};
  assert_int_equal(rrp_binder(&k, &zero, y, x, q, q, &l), RRP_EDOMAIN);
}

/* Hertz pair (56)-(57) with the erratum: F = -grad U, repulsive, zero without overlap */
static void test_hertz_pair(void **state)
{
  (void) state;
  rng_t r = {404};
  const double eps = 1e-6;
  for (int n = 0; n < 200; n++) {
    const double Ri = rng_range(&r, 0.05, 0.2), Rj = rng_range(&r, 0.05, 0.2);
    const double K = 2100.0;
    double xi[3], xj[3] = {0, 0, 0}, dir[3];
    rng_vec(&r, 1.0, dir);
    const double nd = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    const double dist = (Ri + Rj) * rng_range(&r, 0.6, 1.2);
    for (int a = 0; a < 3; a++) xi[a] = dir[a] / nd * dist;
    double f[3], U;
    assert_int_equal(rrp_hertz_pair(K, Ri, Rj, xi, xj, f, &U), RRP_OK);
    if (dist >= Ri + Rj) {
      assert_true(U == 0.0 && f[0] == 0.0 && f[1] == 0.0 && f[2] == 0.0);
      continue;
    }
    const double delta = 1.0 - dist / (Ri + Rj);
    assert_close(U, 0.4 * K * pow(delta, 2.5), 1e-13, 0.0);
    assert_true(f[0] * xi[0] + f[1] * xi[1] + f[2] * xi[2] > 0.0); /* pushes i away from j */
    for (int a = 0; a < 3; a++) {
      double p[3] = {xi[0], xi[1], xi[2]}, m[3] = {xi[0], xi[1], xi[2]}, fd[3], Up, Um;
      p[a] += eps;
      m[a] -= eps;
      rrp_hertz_pair(K, Ri, Rj, p, xj, fd, &Up);
      rrp_hertz_pair(K, Ri, Rj, m, xj, fd, &Um);
      assert_close(-(Up - Um) / (2 * eps), f[a], TOL_FD, TOL_FD);
    }
  }
  double f[3], U;
  const double x[3] = {1, 1, 1};
  assert_int_equal(rrp_hertz_pair(1.0, 0.5, 0.5, x, x, f, &U), RRP_EDOMAIN);
  assert_true(U == 0.0 && f[0] == 0.0);
}

static void test_hertz_mix(void **state)
{
  (void) state;
  assert_close(rrp_hertz_mix(100.0, 400.0), 200.0, 1e-15, 0.0);
  assert_close(rrp_hertz_mix(2100.0, 2100.0), 2100.0, 1e-15, 0.0);
  assert_close(rrp_hertz_mix(0.0, 5.0), 0.0, 0.0, 0.0);
}

static void test_hertz_wall(void **state)
{
  (void) state;
  const double K = 2100.0, R = 0.0589, eps = 1e-8;
  for (double s = -0.5 * R; s < 1.5 * R; s += 0.013 * R) {
    double F, Fp, Fm;
    const double U = rrp_hertz_wall(K, R, s, &F);
    const double dU = (rrp_hertz_wall(K, R, s + eps, &Fp) - rrp_hertz_wall(K, R, s - eps, &Fm)) / (2 * eps);
    assert_close(-dU, F, 1e-6, 1e-6);
    if (s >= R) assert_true(U == 0.0 && F == 0.0);
    else assert_true(U > 0.0 && F > 0.0);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gradients_each_term),
      cmocka_unit_test(test_total_torque),
      cmocka_unit_test(test_zero_load_in_reference),
      cmocka_unit_test(test_rigid_rotation_invariance),
      cmocka_unit_test(test_torsion_known),
      cmocka_unit_test(test_binder_domain),
      cmocka_unit_test(test_hertz_pair),
      cmocka_unit_test(test_hertz_mix),
      cmocka_unit_test(test_hertz_wall),
  };
  return cmocka_run_group_tests_name("binder", tests, NULL, NULL);
}
