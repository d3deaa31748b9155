/* test_binder.c - binder bond loads (rrp/binder.h) and Hertzian contacts (rrp/contact.h):
 * every force and torque is minus the energy gradient (central differences, rotations
 * R -> R(eps e_a) R), F_i = -F_j, invariance and zero load in the reference state. */
#include "rrp/binder.h"
#include "rrp/contact.h"
#include "rrp/rotation.h"

#include "binder_test_util.h"
#include "test_util.h"

#include <string.h>

static double total_energy(const rrp_binder_load *l)
{
  return l->um + l->ua + l->us;
}

static int binder_of(const rrp_binder_coeff *k, const config *c, rrp_binder_load *l)
{
  return rrp_binder(k, &c->ref, c->qj0, c->xi, c->xj, c->qi, c->qj, l);
}

static double energy_at(const rrp_binder_coeff *k, const config *c)
{
  rrp_binder_load l;
  assert_int_equal(binder_of(k, c, &l), RRP_OK);
  return total_energy(&l);
}

/* forces and torques are minus the gradient of the energy, for each term and both shear forms */
static void check_gradients(const rrp_binder_coeff *k, double strain)
{
  rng_t r = {(uint64_t) (1000 + 7 * k->shear) + (uint64_t) (k->kb * 3 + k->kt * 13 + k->ka * 5 + k->ks * 11)};
  const double eps = 1e-5;
  for (int n = 0; n < 40; n++) {
    config c;
    random_config(&r, strain, &c);
    rrp_binder_load l;
    assert_int_equal(binder_of(k, &c, &l), RRP_OK);
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
      {10.0, 10.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0}, {0.0, 0.0, 200.0, 0.0, RRP_SHEAR_CONVECTED, 0},
      {0.0, 0.0, 0.0, 200.0, RRP_SHEAR_CONVECTED, 0}, {0.0, 0.0, 0.0, 200.0, RRP_SHEAR_PAPER, 0},
      {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0}, {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_PAPER, 0},
      /* beyond the paper: twist apart from bending, the linear shear form */
      {10.0, 0.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0}, {0.0, 7.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0},
      {10.0, 3.0, 0.0, 0.0, RRP_SHEAR_PAPER, 0}, {0.0, 0.0, 0.0, 200.0, RRP_SHEAR_LINEAR, 0},
      {10.0, 3.0, 200.0, 200.0, RRP_SHEAR_LINEAR, 0}, {4.0, 25.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0}};
  for (size_t t = 0; t < sizeof(terms) / sizeof(terms[0]); t++) {
    check_gradients(&terms[t], 0.1);
    check_gradients(&terms[t], 0.5); /* large deformation: torsion angles up to ~2.6 rad */
  }
}

/* the rotation-invariant forms: convected and linear shear, Kt = Kb and not */
static const rrp_binder_coeff invariant_forms[] = {
    {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0}, {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_LINEAR, 0},
    {10.0, 3.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0}, {4.0, 25.0, 200.0, 200.0, RRP_SHEAR_LINEAR, 0}};
#define NINVARIANT ((int) (sizeof(invariant_forms) / sizeof(invariant_forms[0])))

/* the invariant forms: total force and total torque about the origin vanish to round-off;
 * the printed shear form leaves a net torque */
static void test_total_torque(void **state)
{
  (void) state;
  rng_t r = {5150};
  const rrp_binder_coeff paper = {0.0, 0.0, 0.0, 200.0, RRP_SHEAR_PAPER, 0};
  double worst_paper = 0.0;
  for (int n = 0; n < 600; n++) {
    const rrp_binder_coeff conv = invariant_forms[n % NINVARIANT];
    config c;
    random_config(&r, 0.4, &c);
    rrp_binder_load l;
    assert_int_equal(binder_of(&conv, &c, &l), RRP_OK);
    double ci[3], cj[3];
    const double fj[3] = {-l.fi[0], -l.fi[1], -l.fi[2]};
    for (int a = 0; a < 3; a++) {
      ci[a] = c.xi[(a + 1) % 3] * l.fi[(a + 2) % 3] - c.xi[(a + 2) % 3] * l.fi[(a + 1) % 3];
      cj[a] = c.xj[(a + 1) % 3] * fj[(a + 2) % 3] - c.xj[(a + 2) % 3] * fj[(a + 1) % 3];
    }
    const double mag = 1.0 + fabs(l.fi[0]) + fabs(l.fi[1]) + fabs(l.fi[2]);
    for (int a = 0; a < 3; a++) assert_close(ci[a] + cj[a] + l.ti[a] + l.tj[a], 0.0, 0.0, 1e-13 * mag * 4);
    assert_int_equal(binder_of(&paper, &c, &l), RRP_OK);
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
  const rrp_binder_coeff k = {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0};
  for (int n = 0; n < 100; n++) {
    config c;
    random_config(&r, 0.0, &c); /* x_i - x_j = d0, q = q0 */
    rrp_binder_load l;
    assert_int_equal(binder_of(&k, &c, &l), RRP_OK);
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
    assert_int_equal(rrp_binder(&k, &c.ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(total_energy(&l), 0.0, 0.0, TOL_ROUNDOFF);
  }
}

/* a rigid rotation of a deformed pair: the convected energy is unchanged, the printed one is not */
static void test_rigid_rotation_invariance(void **state)
{
  (void) state;
  rng_t r = {3131};
  const rrp_binder_coeff paper = {0.0, 0.0, 0.0, 200.0, RRP_SHEAR_PAPER, 0};
  double paper_change = 0.0;
  for (int n = 0; n < 300; n++) {
    const rrp_binder_coeff conv = invariant_forms[n % NINVARIANT];
    config c;
    random_config(&r, 0.3, &c);
    double rq[4], xi[3], xj[3], qi[4], qj[4];
    random_quat(&r, rq);
    rrp_quat_rotate(rq, c.xi, xi);
    rrp_quat_rotate(rq, c.xj, xj);
    rrp_quat_multiply(rq, c.qi, qi);
    rrp_quat_multiply(rq, c.qj, qj);
    rrp_binder_load a, b;
    assert_int_equal(binder_of(&conv, &c, &a), RRP_OK);
    assert_int_equal(rrp_binder(&conv, &c.ref, NULL, xi, xj, qi, qj, &b), RRP_OK);
    assert_close(total_energy(&b), total_energy(&a), 1e-12, TOL_ROUNDOFF);
    double fr[3];
    rrp_quat_rotate(rq, a.fi, fr);
    assert_vec_close(b.fi, fr, 3, 0.0, 1e-11);
    assert_int_equal(binder_of(&paper, &c, &a), RRP_OK);
    assert_int_equal(rrp_binder(&paper, &c.ref, c.qj0, xi, xj, qi, qj, &b), RRP_OK);
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
  const rrp_binder_coeff k = {10.0, 10.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0};
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}};
  const double xi[3] = {1, 0, 0}, xj[3] = {0, 0, 0};
  const double angles[] = {0.1, 1.0, 3.0, 3.14159};
  for (size_t n = 0; n < sizeof(angles) / sizeof(angles[0]); n++) {
    const double th[3] = {0, 0, angles[n]};
    double qi[4];
    rrp_theta_to_quat(th, qi);
    const double qj[4] = {1, 0, 0, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.um, 5.0 * angles[n] * angles[n], 1e-14, 0.0);
    assert_close(l.ti[2], -10.0 * angles[n], 1e-14, 0.0);
    assert_close(l.tj[2], 10.0 * angles[n], 1e-14, 0.0);
    assert_close(l.angle, angles[n], 1e-14, 0.0);
  }
  /* past a half-turn the principal log wraps: the angle is 2 pi - phi and the torque turns over
   * (T_z = -31.4 at 3.14159, +31.4 at 3.14160), which bond_style rrp/binder guards with
   * break twist or a warning; the angle is reported with Km = 0 too */
  const rrp_binder_coeff none = {0.0, 0.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0};
  const double past[] = {3.1416, 4.0, 6.0};
  for (size_t n = 0; n < sizeof(past) / sizeof(past[0]); n++) {
    const double th[3] = {0, 0, past[n]};
    double qi[4];
    rrp_theta_to_quat(th, qi);
    const double qj[4] = {1, 0, 0, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.angle, 2.0 * 3.14159265358979323846 - past[n], 1e-13, 0.0);
    assert_true(l.ti[2] > 0.0);
    assert_int_equal(rrp_binder(&none, &ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.angle, 2.0 * 3.14159265358979323846 - past[n], 1e-13, 0.0);
  }
}

static void test_binder_domain(void **state)
{
  (void) state;
  const rrp_binder_coeff k = {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0};
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}};
  const double q[4] = {1, 0, 0, 0}, x[3] = {0.5, 0.5, 0.5}, xn[3] = {NAN, 0, 0};
  rrp_binder_load l;
  assert_int_equal(rrp_binder(&k, &ref, NULL, x, x, q, q, &l), RRP_EDOMAIN);
  assert_true(l.fi[0] == 0.0 && l.um == 0.0);
  assert_int_equal(rrp_binder(&k, &ref, NULL, xn, x, q, q, &l), RRP_ENONFINITE);
  rrp_binder_ref zero = {{0, 0, 0}, {1, 0, 0, 0}};
  const double y[3] = {1.5, 0.5, 0.5};
  assert_int_equal(rrp_binder(&k, &zero, NULL, y, x, q, q, &l), RRP_EDOMAIN);
}

/* the block kernel (rrp_binder_loads, across SIMD lanes) gives every bond the bits of rrp_binder:
 * random bonds from small to large rotations (every angle up to pi), stiffnesses zero or not, with
 * and without measures, blocks of every length; a block with a bad bond is refused */
static void test_block_equals_scalar(void **state)
{
  (void) state;
  rng_t r = {2026};
  static rrp_binder_block b;
  rrp_binder_coeff ck[RRP_BINDER_BLOCK];
  config cf[RRP_BINDER_BLOCK];
  const double strains[] = {1e-9, 1e-4, 0.01, 0.1, 0.5, 2.0};
  long compared = 0;
  for (int round = 0; round < 800; round++) {
    const int n = 1 + round % RRP_BINDER_BLOCK;
    const enum rrp_shear_form form = (round / 2) % 2 ? RRP_SHEAR_LINEAR : RRP_SHEAR_CONVECTED;
    for (int k = 0; k < n; k++) {
      random_config(&r, strains[(round + k) % 6], &cf[k]);
      if ((round + k) % 7 == 0) random_quat(&r, cf[k].qj); /* any relative rotation */
      const double u = rng_uniform(&r);
      const double kb = u < 0.2 ? 0.0 : 10.0 * u;
      /* blocks with Kt = Kb throughout, and blocks where some bonds have a Kt of their own */
      const double kt = round % 3 == 1 && k % 2 ? 25.0 * u * u : kb;
      ck[k] = (rrp_binder_coeff){kb, kt, u > 0.8 ? 0.0 : 200.0 * u,
                                 (u > 0.3 && u < 0.5) ? 0.0 : 150.0 * u, form,
                                 (round + k) % 3 == 0};
      for (int c = 0; c < 3; c++) {
        b.d[c][k] = cf[k].xi[c] - cf[k].xj[c];
        b.ri[c][k] = cf[k].ref.ri[c];
      }
      for (int c = 0; c < 4; c++) {
        b.qi[c][k] = cf[k].qi[c];
        b.qj[c][k] = cf[k].qj[c];
        b.p[c][k] = cf[k].ref.p[c];
      }
      b.kb[k] = ck[k].kb;
      b.kt[k] = ck[k].kt;
      b.ka[k] = ck[k].ka;
      b.ks[k] = ck[k].ks;
      b.measure[k] = ck[k].measure;
    }
    assert_int_equal(rrp_binder_loads(&b, n, form), RRP_OK);
    for (int k = 0; k < n; k++) {
      rrp_binder_load l;
      assert_int_equal(rrp_binder(&ck[k], &cf[k].ref, NULL, cf[k].xi, cf[k].xj, cf[k].qi,
                                  cf[k].qj, &l),
                       RRP_OK);
      const double block[] = {b.fi[0][k], b.fi[1][k], b.fi[2][k], b.ti[0][k], b.ti[1][k],
                              b.ti[2][k], b.tj[0][k], b.tj[1][k], b.tj[2][k], b.um[k],
                              b.ua[k], b.us[k], b.strain[k], b.angle[k], b.twist[k],
                              b.bend[k], b.shear[k]};
      const double one[] = {l.fi[0], l.fi[1], l.fi[2], l.ti[0], l.ti[1], l.ti[2], l.tj[0],
                            l.tj[1], l.tj[2], l.um, l.ua, l.us, l.strain, l.angle,
                            l.twist, l.bend, l.shear};
      assert_memory_equal(block, one, sizeof one);
      compared++;
    }
    if (round % 50 == 0) { /* a bad bond anywhere in the block */
      const int k = round % n;
      const double keep = b.d[0][k];
      b.d[0][k] = round % 100 == 0 ? NAN : 0.0;
      const double d1 = b.d[1][k], d2 = b.d[2][k];
      if (round % 100 != 0) b.d[1][k] = b.d[2][k] = 0.0; /* coincident atoms */
      assert_int_not_equal(rrp_binder_loads(&b, n, form), RRP_OK);
      b.d[0][k] = keep;
      b.d[1][k] = d1;
      b.d[2][k] = d2;
    }
  }
  assert_true(compared > 12000);
  assert_int_equal(rrp_binder_loads(&b, 1, RRP_SHEAR_PAPER), RRP_EDOMAIN);
}

/* the binder's relative rotation angle, from its trig-free arctangent, against atan2 in long
 * double: within 3 ulp of 2 atan2(|v|, |w|) from 1e-12 rad to pi, across the kernel's three ranges
 * (s/w <= 0.66, up to 1, and beyond: angles past pi/2) and at their edges; at angle 0 exactly 0 */
static void test_angle_accuracy(void **state)
{
  (void) state;
  rng_t r = {7};
  const rrp_binder_coeff k = {10.0, 10.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 0};
  rrp_binder_ref ref = {{1, 0, 0}, {1, 0, 0, 0}};
  const double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0}, id[4] = {1, 0, 0, 0};
  double worst = 0.0;
  for (int t = 0; t < 200000; t++) {
    double angle;
    if (t < 100000)
      angle = exp(rng_range(&r, log(1e-12), log(3.14159265358979)));
    else /* near the edges of the ranges: 2 atan 0.66 and pi/2 */
      angle = (t % 2 ? 2.0 * atan(0.66) : 1.5707963267948966) * (1.0 + rng_range(&r, -1e-6, 1e-6));
    double axis[3];
    rng_vec(&r, 1.0, axis);
    const double na = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    const double q[4] = {cos(0.5 * angle), sin(0.5 * angle) * axis[0] / na,
                         sin(0.5 * angle) * axis[1] / na, sin(0.5 * angle) * axis[2] / na};
    const double qs[4] = {t % 3 ? q[0] : -q[0], t % 3 ? q[1] : -q[1], t % 3 ? q[2] : -q[2],
                          t % 3 ? q[3] : -q[3]}; /* -q: the same rotation */
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &ref, NULL, x1, x0, qs, id, &l), RRP_OK);
    const long double s = sqrtl((long double) q[1] * q[1] + (long double) q[2] * q[2] +
                                (long double) q[3] * q[3]);
    const long double exact = 2.0L * atan2l(s, fabsl((long double) q[0]));
    const double err = (double) (fabsl((long double) l.angle - exact) / exact);
    if (err > worst) worst = err;
    /* the torque -Km theta along the rotation's axis, of length Km angle */
    const double tn = sqrt(l.ti[0] * l.ti[0] + l.ti[1] * l.ti[1] + l.ti[2] * l.ti[2]);
    assert_true(fabs(tn - 10.0 * l.angle) <= 1e-14 * tn);
  }
  assert_true(worst <= 6.7e-16); /* 3 ulp; measured 4.4e-16 */
  rrp_binder_load l;
  assert_int_equal(rrp_binder(&k, &ref, NULL, x1, x0, id, id, &l), RRP_OK);
  assert_true(l.angle == 0.0 && l.ti[0] == 0.0 && l.um == 0.0);
  const double half_turn[4] = {0.0, 0.0, 1.0, 0.0}; /* angle pi, w = 0 */
  assert_int_equal(rrp_binder(&k, &ref, NULL, x1, x0, half_turn, id, &l), RRP_OK);
  assert_true(fabs(l.angle - 3.14159265358979323846) <= 4.5e-16 * 3.14159265358979323846);
}

/* the 7-number reference gives the loads of the formulas on d0, R_i0, R_j0 (Q_e = R_e R_e0^T):
 * energies and measures from the definitions, for both shear forms */
static void test_reference_formulas(void **state)
{
  (void) state;
  rng_t r = {2468};
  const rrp_binder_coeff conv = {10.0, 10.0, 200.0, 300.0, RRP_SHEAR_CONVECTED, 1};
  const rrp_binder_coeff paper = {10.0, 10.0, 200.0, 300.0, RRP_SHEAR_PAPER, 1};
  for (int n = 0; n < 200; n++) {
    config c;
    random_config(&r, 0.4, &c);
    double qc[4], Qi[4], Qj[4], Qjc[4], qr[4], th[3], d[3], dh[3], d0h[3], gi[3], gj[3], pj[3];
    rrp_quat_conjugate(c.qi0, qc);
    rrp_quat_multiply(c.qi, qc, Qi);
    rrp_quat_conjugate(c.qj0, qc);
    rrp_quat_multiply(c.qj, qc, Qj);
    rrp_quat_conjugate(Qj, Qjc);
    rrp_quat_multiply(Qi, Qjc, qr);
    rrp_quat_to_theta(qr, th);
    const double L0 = sqrt(c.d0[0] * c.d0[0] + c.d0[1] * c.d0[1] + c.d0[2] * c.d0[2]);
    for (int a = 0; a < 3; a++) {
      d[a] = c.xi[a] - c.xj[a];
      d0h[a] = c.d0[a] / L0;
    }
    const double L = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    for (int a = 0; a < 3; a++) dh[a] = d[a] / L;
    rrp_quat_rotate(Qi, d0h, gi);
    rrp_quat_rotate(Qj, d0h, gj);
    rrp_quat_rotate(Qj, dh, pj);
    double ci = 0, cj = 0, cp = 0, th2 = 0, tw = 0;
    for (int a = 0; a < 3; a++) {
      ci += gi[a] * dh[a];
      cj += gj[a] * dh[a];
      cp += gi[a] * pj[a];
      th2 += th[a] * th[a];
      tw += th[a] * dh[a];
    }
    rrp_binder_load l;
    assert_int_equal(binder_of(&conv, &c, &l), RRP_OK);
    assert_close(rrp_binder_rest_length(&c.ref), L0, 1e-15, 0.0);
    assert_close(l.um, 5.0 * th2, 1e-12, 1e-14);
    assert_close(l.ua, 100.0 * (L / L0 - 1) * (L / L0 - 1), 1e-12, 1e-14);
    assert_close(l.us, 75.0 * ((1 - ci) * (1 - ci) + (1 - cj) * (1 - cj)), 1e-11, 1e-13);
    assert_close(l.twist, tw, 1e-12, 1e-14);
    assert_close(l.bend, sqrt(fmax(0.0, th2 - tw * tw)), 1e-9, 1e-12);
    assert_close(l.shear, 0.5 * ((1 - ci) * (1 - ci) + (1 - cj) * (1 - cj)), 1e-11, 1e-14);
    assert_int_equal(binder_of(&paper, &c, &l), RRP_OK);
    assert_close(l.us, 150.0 * (1 - cp) * (1 - cp), 1e-11, 1e-13);
    assert_close(l.shear, (1 - cp) * (1 - cp), 1e-11, 1e-14);
    /* the printed form needs R_j0; without measure asked for, the loads are the same bits and the
     * measures 0 */
    assert_int_equal(rrp_binder(&paper, &c.ref, NULL, c.xi, c.xj, c.qi, c.qj, &l), RRP_EDOMAIN);
    rrp_binder_coeff plain = conv;
    plain.measure = 0;
    rrp_binder_load m, p;
    assert_int_equal(binder_of(&conv, &c, &m), RRP_OK);
    assert_int_equal(binder_of(&plain, &c, &p), RRP_OK);
    assert_memory_equal(m.fi, p.fi, sizeof(m.fi));
    assert_memory_equal(m.ti, p.ti, sizeof(m.ti));
    assert_true(p.twist == 0.0 && p.bend == 0.0 && m.um == p.um && m.us == p.us);
  }
}

/* the combined criterion: under one mode alone a binder fails when its measure reaches the
 * critical value; compression does not count; the terms add */
static void test_damage(void **state)
{
  (void) state;
  const double ec = 0.05, pc = 0.3, bc = 0.4, tc = 0.6;
  rrp_binder_limit lim;
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, ec, pc, bc, tc, &lim), RRP_OK);
  const rrp_binder_coeff k = {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 1};
  const rrp_binder_coeff k0 = {0.0, 0.0, 0.0, 0.0, RRP_SHEAR_CONVECTED, 1}; /* measures only */
  const double d0[3] = {0.0, 0.0, 1.2}, q0[4] = {1, 0, 0, 0};
  rrp_binder_ref ref;
  rrp_binder_reference(d0, q0, q0, &ref);
  const double xj[3] = {0.3, -0.2, 0.1};
  for (int f = 0; f < 2; f++) {
    const double s = f ? 1.01 : 0.99; /* just below and just above the critical value */
    enum rrp_binder_mode mode;
    rrp_binder_load l;
    /* axial: stretched along the bond */
    double xi[3] = {xj[0], xj[1], xj[2] + 1.2 * (1.0 + s * ec)};
    assert_int_equal(rrp_binder(&k, &ref, NULL, xi, xj, q0, q0, &l), RRP_OK);
    double D = rrp_binder_damage(&lim, &l, &mode);
    assert_close(D, s * s, 1e-12, 0.0);
    assert_int_equal(mode, RRP_BREAK_AXIAL);
    /* twist: i turned about the bond axis */
    const double tw[3] = {0.0, 0.0, s * tc};
    double qi[4];
    rrp_theta_to_quat(tw, qi);
    xi[2] = xj[2] + 1.2;
    assert_int_equal(rrp_binder(&k0, &ref, NULL, xi, xj, qi, q0, &l), RRP_OK);
    D = rrp_binder_damage(&lim, &l, &mode);
    assert_close(D, s * s, 1e-12, 0.0);
    assert_int_equal(mode, RRP_BREAK_TWIST);
    /* bending: i and j turned the opposite ways across the bond (the bond keeps its direction:
     * each end shears too, so the shear limit is left out here) */
    const double bh[3] = {0.5 * s * bc, 0.0, 0.0}, bj[3] = {-0.5 * s * bc, 0.0, 0.0};
    double qj[4];
    rrp_theta_to_quat(bh, qi);
    rrp_theta_to_quat(bj, qj);
    rrp_binder_limit bend_only = lim;
    bend_only.shear = 0.0;
    assert_int_equal(rrp_binder(&k0, &ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    D = rrp_binder_damage(&bend_only, &l, &mode);
    assert_close(D, s * s, 1e-12, 0.0);
    assert_int_equal(mode, RRP_BREAK_BEND);
    /* shear: the bond turned by phi about x at its length, both particles unturned */
    const double phi = 2.0 * asin(sqrt(s) * sin(0.5 * pc)); /* 1 - cos phi = s (1 - cos pc) */
    const double xs[3] = {xj[0], xj[1] - 1.2 * sin(phi), xj[2] + 1.2 * cos(phi)};
    assert_int_equal(rrp_binder(&k0, &ref, NULL, xs, xj, q0, q0, &l), RRP_OK);
    D = rrp_binder_damage(&lim, &l, &mode);
    assert_close(D, s * s, 1e-10, 0.0);
    assert_int_equal(mode, RRP_BREAK_SHEAR);
  }
  /* compression does not break; a mode with a zero critical value does not count */
  const double xc[3] = {xj[0], xj[1], xj[2] + 0.5};
  rrp_binder_load l;
  assert_int_equal(rrp_binder(&k, &ref, NULL, xc, xj, q0, q0, &l), RRP_OK);
  assert_true(rrp_binder_damage(&lim, &l, NULL) == 0.0);
  const double xt[3] = {xj[0], xj[1], xj[2] + 1.2 * (1.0 + 2.0 * ec)};
  assert_int_equal(rrp_binder(&k, &ref, NULL, xt, xj, q0, q0, &l), RRP_OK);
  rrp_binder_limit none;
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, 0.0, pc, bc, tc, &none), RRP_OK);
  assert_true(rrp_binder_damage(&none, &l, NULL) == 0.0);
  /* terms add: half the critical strain and half the critical twist give 1/4 + 1/4 */
  const double th[3] = {0.0, 0.0, 0.5 * tc};
  double qi[4];
  rrp_theta_to_quat(th, qi);
  const double xh[3] = {xj[0], xj[1], xj[2] + 1.2 * (1.0 + 0.5 * ec)};
  assert_int_equal(rrp_binder(&k, &ref, NULL, xh, xj, qi, q0, &l), RRP_OK);
  assert_close(rrp_binder_damage(&lim, &l, NULL), 0.5, 1e-12, 0.0);
  /* bad limits */
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, -1.0, pc, bc, tc, &none), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, ec, 4.0, bc, tc, &none), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, ec, pc, NAN, tc, &none), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_limit_set(RRP_SHEAR_CONVECTED, ec, pc, bc, INFINITY, &none), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_limit_set((enum rrp_shear_form) 7, ec, pc, bc, tc, &none), RRP_EDOMAIN);
}

/* the labels of a bond's atoms do not matter: the bond captured with i and j swapped has the same
 * energy and measures, and the loads swapped (F_j = -F_i, T_i <-> T_j), for every invariant form */
static void test_label_independence(void **state)
{
  (void) state;
  rng_t r = {4242};
  for (int n = 0; n < 400; n++) {
    rrp_binder_coeff k = invariant_forms[n % NINVARIANT];
    k.measure = 1;
    config c;
    random_config(&r, n % 2 ? 0.4 : 0.05, &c);
    config s = c; /* the same bond, j first */
    for (int a = 0; a < 3; a++) {
      s.d0[a] = -c.d0[a];
      s.xi[a] = c.xj[a];
      s.xj[a] = c.xi[a];
    }
    for (int a = 0; a < 4; a++) {
      s.qi0[a] = c.qj0[a];
      s.qj0[a] = c.qi0[a];
      s.qi[a] = c.qj[a];
      s.qj[a] = c.qi[a];
    }
    rrp_binder_reference(s.d0, s.qi0, s.qj0, &s.ref);
    rrp_binder_load a, b;
    assert_int_equal(binder_of(&k, &c, &a), RRP_OK);
    assert_int_equal(binder_of(&k, &s, &b), RRP_OK);
    const double scale = 1.0 + total_energy(&a);
    assert_close(b.um, a.um, 0.0, TOL_ROUNDOFF * 10 * scale);
    assert_close(b.ua, a.ua, 0.0, TOL_ROUNDOFF * 10 * scale);
    assert_close(b.us, a.us, 0.0, TOL_ROUNDOFF * 10 * scale);
    assert_close(b.twist, a.twist, 0.0, TOL_ROUNDOFF * 10);
    assert_close(b.bend, a.bend, 0.0, TOL_ROUNDOFF * 10);
    assert_close(b.shear, a.shear, 0.0, TOL_ROUNDOFF * 10);
    const double mag = 1.0 + fabs(a.fi[0]) + fabs(a.fi[1]) + fabs(a.fi[2]) + fabs(a.ti[0]) +
        fabs(a.ti[1]) + fabs(a.ti[2]);
    for (int d = 0; d < 3; d++) {
      assert_close(b.fi[d], -a.fi[d], 0.0, 1e-13 * mag);
      assert_close(b.ti[d], a.tj[d], 0.0, 1e-13 * mag);
      assert_close(b.tj[d], a.ti[d], 0.0, 1e-13 * mag);
    }
  }
}

/* the linearised binder (doc/theory.rst section 6): with e = d0^, Delta u = u_i - u_j, end
 * rotations phi_i, phi_j, theta = phi_i - phi_j, phi_m = (phi_i + phi_j)/2,
 *   U2 = Ka/2 (Delta u . e / L0)^2 + Kb/2 |theta - (theta . e) e|^2 + Kt/2 (theta . e)^2
 *        + Ks/2 |phi_m x e - (Delta u - (Delta u . e) e)/L0|^2      (linear shear form)
 * and no shear term for the convected and printed forms (quartic: no small-strain stiffness) */
static double dot3(const double a[3], const double b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double a[3], const double b[3], double out[3])
{
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

static double linearised_energy(const rrp_binder_coeff *k, const double e[3], double L0,
                                const double du[3], const double phi_i[3], const double phi_j[3])
{
  double th[3], pm[3], pe[3], s[3];
  for (int a = 0; a < 3; a++) {
    th[a] = phi_i[a] - phi_j[a];
    pm[a] = 0.5 * (phi_i[a] + phi_j[a]);
  }
  const double ax = dot3(du, e) / L0, tw = dot3(th, e);
  double bend2 = dot3(th, th) - tw * tw;
  double U = 0.5 * k->ka * ax * ax + 0.5 * k->kb * bend2 + 0.5 * k->kt * tw * tw;
  if (k->shear == RRP_SHEAR_LINEAR) {
    cross3(pm, e, pe);
    for (int a = 0; a < 3; a++) s[a] = pe[a] - (du[a] - ax * L0 * e[a]) / L0;
    U += 0.5 * k->ks * dot3(s, s);
  }
  return U;
}

static void test_small_strain_stiffness(void **state)
{
  (void) state;
  rng_t r = {8080};
  const rrp_binder_coeff forms[] = {{10.0, 3.0, 200.0, 150.0, RRP_SHEAR_LINEAR, 0},
                                    {4.0, 25.0, 200.0, 150.0, RRP_SHEAR_LINEAR, 0},
                                    {10.0, 3.0, 200.0, 150.0, RRP_SHEAR_CONVECTED, 0},
                                    {10.0, 10.0, 200.0, 150.0, RRP_SHEAR_PAPER, 0}};
  for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
    const rrp_binder_coeff *k = &forms[f];
    for (int n = 0; n < 50; n++) {
      config c;
      random_config(&r, 0.0, &c); /* in the reference state, anywhere, any orientations */
      const double L0 = sqrt(dot3(c.d0, c.d0));
      double e[3];
      for (int a = 0; a < 3; a++) e[a] = c.d0[a] / L0;
      /* a small random deformation of size eps: the energy is U2 to relative O(eps) */
      const double eps = 1e-4;
      double du[3], pi[3], pj[3], qa[4], qb[4];
      rng_vec(&r, eps, du);
      rng_vec(&r, eps, pi);
      rng_vec(&r, eps, pj);
      config p = c;
      for (int a = 0; a < 3; a++) p.xi[a] += du[a];
      rrp_theta_to_quat(pi, qa);
      rrp_quat_multiply(qa, c.qi, p.qi);
      rrp_theta_to_quat(pj, qb);
      rrp_quat_multiply(qb, c.qj, p.qj);
      const double U = energy_at(k, &p), U2 = linearised_energy(k, e, L0, du, pi, pj);
      assert_true(U2 > 0.0);
      assert_close(U, U2, 3e-3, 1e-20);
    }
  }
  /* the shear forms one by one: the bond turned by gamma at its length, the spheres unturned.
   * linear: U^s = Ks (1 - cos gamma), Ks/2 gamma^2 to O(gamma^4); convected and printed:
   * Ks/2 (1 - cos gamma)^2 = Ks/8 gamma^4 to O(gamma^6), quartic */
  const double q0[4] = {1, 0, 0, 0}, d0[3] = {1.3, 0, 0};
  rrp_binder_ref ref;
  rrp_binder_reference(d0, q0, q0, &ref);
  const double xj[3] = {0, 0, 0};
  for (double g = 1e-1; g > 1e-4; g *= 0.1) {
    const double xi[3] = {1.3 * cos(g), 1.3 * sin(g), 0.0};
    const rrp_binder_coeff lin = {0, 0, 0, 150.0, RRP_SHEAR_LINEAR, 0};
    const rrp_binder_coeff conv = {0, 0, 0, 150.0, RRP_SHEAR_CONVECTED, 0};
    const rrp_binder_coeff pap = {0, 0, 0, 150.0, RRP_SHEAR_PAPER, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&lin, &ref, NULL, xi, xj, q0, q0, &l), RRP_OK);
    assert_close(l.us, 75.0 * g * g, g * g, 0.0);
    /* the transverse force per shear angle, Ks/L0 for small gamma: a linear spring */
    assert_close(l.fi[1], -150.0 / 1.3 * g, 2 * g * g, 0.0);
    assert_int_equal(rrp_binder(&conv, &ref, NULL, xi, xj, q0, q0, &l), RRP_OK);
    /* (1 - c)^2 from c near 1: relative round-off 1e-16/gamma^2 */
    assert_close(l.us, 150.0 / 8.0 * g * g * g * g, g * g + 1e-15 / (g * g), 0.0);
    assert_int_equal(rrp_binder(&pap, &ref, q0, xi, xj, q0, q0, &l), RRP_OK);
    assert_close(l.us, 150.0 / 8.0 * g * g * g * g, g * g + 1e-15 / (g * g), 0.0);
  }
  /* pure twist and pure bending at a large angle: U^m = Kt/2 tau^2 and Kb/2 beta^2 exactly */
  const rrp_binder_coeff kk = {4.0, 25.0, 0.0, 0.0, RRP_SHEAR_LINEAR, 1};
  const double xi[3] = {1.3, 0, 0};
  for (double a = 0.25; a < 3.0; a += 0.5) {
    const double tw[3] = {a, 0, 0}, bi[3] = {0, 0, 0.5 * a}, bj[3] = {0, 0, -0.5 * a};
    double qi[4], qj[4];
    rrp_binder_load l;
    rrp_theta_to_quat(tw, qi);
    assert_int_equal(rrp_binder(&kk, &ref, NULL, xi, xj, qi, q0, &l), RRP_OK);
    assert_close(l.um, 12.5 * a * a, 1e-14, 0.0);
    assert_close(l.ti[0], -25.0 * a, 1e-14, 0.0);
    assert_close(l.twist, a, 1e-14, 0.0);
    rrp_theta_to_quat(bi, qi);
    rrp_theta_to_quat(bj, qj);
    assert_int_equal(rrp_binder(&kk, &ref, NULL, xi, xj, qi, qj, &l), RRP_OK);
    assert_close(l.um, 2.0 * a * a, 1e-14, 0.0);
    assert_close(l.ti[2], -4.0 * a, 1e-14, 0.0);
    assert_close(l.bend, a, 1e-14, 0.0);
  }
}

/* Kt = Kb gives the bits of the paper's single Km, whatever the shear form's kernel */
static void test_twist_equal_is_paper(void **state)
{
  (void) state;
  rng_t r = {99};
  static rrp_binder_block b;
  for (int n = 0; n < 200; n++) {
    config c;
    random_config(&r, 0.3, &c);
    const double km = 7.5;
    const enum rrp_shear_form form = n % 2 ? RRP_SHEAR_LINEAR : RRP_SHEAR_CONVECTED;
    const rrp_binder_coeff k = {km, km, 200.0, 150.0, form, 1};
    const rrp_binder_coeff k2 = {km, km * (1.0 + 1e-15), 200.0, 150.0, form, 1};
    rrp_binder_load l, l2;
    assert_int_equal(binder_of(&k, &c, &l), RRP_OK);
    /* a block with another bond of another Kt runs the twist term for this one too */
    for (int q = 0; q < 2; q++) {
      for (int a = 0; a < 3; a++) {
        b.d[a][q] = c.xi[a] - c.xj[a];
        b.ri[a][q] = c.ref.ri[a];
      }
      for (int a = 0; a < 4; a++) {
        b.qi[a][q] = c.qi[a];
        b.qj[a][q] = c.qj[a];
        b.p[a][q] = c.ref.p[a];
      }
      b.kb[q] = km;
      b.kt[q] = q ? 2.0 * km : km;
      b.ka[q] = 200.0;
      b.ks[q] = 150.0;
      b.measure[q] = 1;
    }
    assert_int_equal(rrp_binder_loads(&b, 2, form), RRP_OK);
    l2 = rrp_binder_block_get(&b, 0);
    assert_memory_equal(&l, &l2, sizeof l);
    /* and a Kt a hair away from Kb changes the loads by a hair */
    assert_int_equal(binder_of(&k2, &c, &l2), RRP_OK);
    assert_close(l2.um, l.um, 1e-13, 0.0);
    for (int a = 0; a < 3; a++) assert_close(l2.ti[a], l.ti[a], 1e-12, 1e-12);
  }
}

/* Mohr-Coulomb strength: the section's stresses in the four pure load cases, by hand (a disc of
 * radius rb: A = pi rb^2, I = pi rb^4/4, J = 2 I); the same stresses from j's side as from i's
 * for the binder's own loads (the loads balance) and unchanged by a rotation of everything;
 * the strength's regions (tension, then shear raised by compression, lowered by tension) and
 * its bad values */
static void test_strength(void **state)
{
  (void) state;
  const double pi = 3.14159265358979323846, rb = 0.3, L = 1.2;
  const double A = pi * rb * rb, I = pi * rb * rb * rb * rb / 4.0, J = 2.0 * I;
  const double d[3] = {L, 0.0, 0.0}, zero[3] = {0.0, 0.0, 0.0};
  rrp_binder_section s;
  /* tension N: the force on i (at +x) pulls it towards j */
  const double ft[3] = {-2.0, 0.0, 0.0};
  assert_int_equal(rrp_binder_section_of(d, ft, zero, rb, &s), RRP_OK);
  assert_close(s.sigma, 2.0 / A, 1e-15, 0.0);
  assert_close(s.sigma_max, 2.0 / A, 1e-15, 0.0);
  assert_close(s.tau_max, 0.0, 0.0, 1e-15);
  /* shear V with the torque that leaves no moment at the middle: ti = -d/2 x fi */
  const double fs[3] = {0.0, 3.0, 0.0}, ts[3] = {0.0, 0.0, -0.5 * L * 3.0};
  assert_int_equal(rrp_binder_section_of(d, fs, ts, rb, &s), RRP_OK);
  assert_close(s.tau_max, 3.0 / A, 1e-15, 0.0);
  assert_close(s.sigma_max, 0.0, 0.0, 1e-15);
  /* twist and bending */
  const double tt[3] = {0.7, 0.0, 0.0}, tb[3] = {0.0, -0.4, 0.0};
  assert_int_equal(rrp_binder_section_of(d, zero, tt, rb, &s), RRP_OK);
  assert_close(s.tau_max, 0.7 * rb / J, 1e-15, 0.0);
  assert_close(s.sigma_max, 0.0, 0.0, 1e-15);
  assert_int_equal(rrp_binder_section_of(d, zero, tb, rb, &s), RRP_OK);
  assert_close(s.sigma_max, 0.4 * rb / I, 1e-15, 0.0);
  assert_close(s.sigma, 0.0, 0.0, 1e-15);
  /* bad input */
  assert_int_equal(rrp_binder_section_of(zero, ft, zero, rb, &s), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_section_of(d, ft, zero, 0.0, &s), RRP_EDOMAIN);
  const double nan3[3] = {NAN, 0.0, 0.0};
  assert_int_equal(rrp_binder_section_of(d, nan3, zero, rb, &s), RRP_ENONFINITE);

  /* a binder's own loads, from i's side and from j's (d -> -d, fi -> -fi, ti -> tj), and the
   * whole turned by a rotation R: the same stresses */
  rng_t r = {99};
  double worst = 0.0;
  for (int round = 0; round < 200; round++) {
    config c;
    random_config(&r, 0.2, &c);
    const enum rrp_shear_form form = round % 2 ? RRP_SHEAR_LINEAR : RRP_SHEAR_CONVECTED;
    const rrp_binder_coeff k = {10.0, 4.0, 200.0, 150.0, form, 0};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &c.ref, NULL, c.xi, c.xj, c.qi, c.qj, &l), RRP_OK);
    double di[3], dj[3], fj[3], rq[4], Rd[3], Rf[3], Rt[3];
    for (int a = 0; a < 3; a++) {
      di[a] = c.xi[a] - c.xj[a];
      dj[a] = -di[a];
      fj[a] = -l.fi[a];
    }
    rrp_binder_section si, sj, sr;
    assert_int_equal(rrp_binder_section_of(di, l.fi, l.ti, rb, &si), RRP_OK);
    assert_int_equal(rrp_binder_section_of(dj, fj, l.tj, rb, &sj), RRP_OK);
    random_quat(&r, rq);
    rrp_qrot(rq, di, Rd);
    rrp_qrot(rq, l.fi, Rf);
    rrp_qrot(rq, l.ti, Rt);
    assert_int_equal(rrp_binder_section_of(Rd, Rf, Rt, rb, &sr), RRP_OK);
    const double scale = fabs(si.sigma_max) + si.tau_max + 1.0 / A;
    const double got[6] = {sj.sigma, sj.sigma_max, sj.tau_max, sr.sigma, sr.sigma_max, sr.tau_max};
    const double want[3] = {si.sigma, si.sigma_max, si.tau_max};
    for (int q = 0; q < 6; q++) {
      worst = fmax(worst, fabs(got[q] - want[q % 3]) / scale);
      assert_close(got[q], want[q % 3], 0.0, 1e-12 * scale);
    }
  }
  print_message("  section stresses from j's side and turned, against i's: %.3g of their size\n",
                worst);

  /* the strength: tension first, then shear c - sigma tan(phi) */
  rrp_binder_strength st;
  assert_int_equal(rrp_binder_strength_set(5.0, 2.0, 45.0, &st), RRP_OK);
  assert_close(st.tan_phi, 1.0, 1e-15, 0.0);
  /* (sigma, sigma_max, tau_max; their parts: the forces' only) */
  const rrp_binder_section hold = {0.0, 4.9, 1.9, 1.9, 4.9, 0.0};
  const rrp_binder_section pull = {1.0, 5.0, 0.0, 0.0, 4.0, 0.0};
  const rrp_binder_section pressed_holds = {-3.0, -2.0, 4.9, 4.9, 1.0, 0.0};
  const rrp_binder_section pressed_fails = {-3.0, -2.0, 5.0, 5.0, 1.0, 0.0};
  const rrp_binder_section pulled_fails = {1.5, 1.5, 0.51, 0.51, 0.0, 0.0};
  const rrp_binder_section pulled_holds = {1.5, 1.5, 0.49, 0.49, 0.0, 0.0};
  assert_int_equal(rrp_binder_strength_breaks(&st, &hold), RRP_BREAK_NONE);
  assert_int_equal(rrp_binder_strength_breaks(&st, &pull), RRP_BREAK_AXIAL);
  assert_int_equal(rrp_binder_strength_breaks(&st, &pressed_holds), RRP_BREAK_NONE);
  assert_int_equal(rrp_binder_strength_breaks(&st, &pressed_fails), RRP_BREAK_SHEAR);
  assert_int_equal(rrp_binder_strength_breaks(&st, &pulled_fails), RRP_BREAK_SHEAR);
  assert_int_equal(rrp_binder_strength_breaks(&st, &pulled_holds), RRP_BREAK_NONE);
  assert_int_equal(rrp_binder_strength_set(5.0, 2.0, 0.0, &st), RRP_OK); /* no friction */
  assert_int_equal(rrp_binder_strength_breaks(&st, &pressed_fails), RRP_BREAK_SHEAR);
  const double bad[][3] = {{0.0, 2.0, 30.0}, {-1.0, 2.0, 30.0}, {5.0, 0.0, 30.0},
                           {5.0, -2.0, 30.0}, {5.0, 2.0, 90.0}, {5.0, 2.0, -1.0},
                           {NAN, 2.0, 30.0},  {5.0, INFINITY, 30.0}, {5.0, 2.0, NAN}};
  for (size_t q = 0; q < sizeof bad / sizeof bad[0]; q++) {
    assert_int_equal(rrp_binder_strength_set(bad[q][0], bad[q][1], bad[q][2], &st), RRP_EDOMAIN);
    assert_true(st.tensile == 0.0 && st.cohesion == 0.0 && st.tan_phi == 0.0);
  }

  /* the moment factor beta: a binder bent (and twisted) by moments alone breaks on its rim's
   * stress with beta = 1, holds with beta = 0, and beta scales the moments' stresses only */
  {
    const double dz[3] = {0.0, 0.0, 1.0}, none[3] = {0.0, 0.0, 0.0};
    const double bent[3] = {0.6, 0.0, 0.0}, twisted[3] = {0.0, 0.0, 0.6};
    rrp_binder_section sb, stw;
    assert_int_equal(rrp_binder_section_of(dz, none, bent, 0.5, &sb), RRP_OK);
    assert_int_equal(rrp_binder_section_of(dz, none, twisted, 0.5, &stw), RRP_OK);
    assert_true(sb.sigma_max == sb.sigma + sb.bend && sb.tau_max == sb.shear + sb.twist);
    assert_true(sb.bend > 0.0 && stw.twist > 0.0 && sb.sigma == 0.0 && sb.shear == 0.0);
    rrp_binder_strength b;
    assert_int_equal(rrp_binder_strength_set(0.9 * sb.bend, 10.0 * stw.twist, 30.0, &b), RRP_OK);
    assert_true(b.moment_factor == 1.0);
    assert_int_equal(rrp_binder_strength_breaks(&b, &sb), RRP_BREAK_AXIAL);
    assert_int_equal(rrp_binder_strength_moment_factor(0.0, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &sb), RRP_BREAK_NONE);
    assert_int_equal(rrp_binder_strength_moment_factor(0.95, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &sb), RRP_BREAK_AXIAL);
    assert_int_equal(rrp_binder_strength_moment_factor(0.85, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &sb), RRP_BREAK_NONE);
    /* twist: the shear strength c = 0.5 of the twist's stress; broken at beta 0.6, not 0.4 */
    assert_int_equal(rrp_binder_strength_set(1.0, 0.5 * stw.twist, 0.0, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &stw), RRP_BREAK_SHEAR);
    assert_int_equal(rrp_binder_strength_moment_factor(0.6, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &stw), RRP_BREAK_SHEAR);
    assert_int_equal(rrp_binder_strength_moment_factor(0.4, &b), RRP_OK);
    assert_int_equal(rrp_binder_strength_breaks(&b, &stw), RRP_BREAK_NONE);
    const double badbeta[] = {-0.1, 1.5, NAN};
    for (size_t q = 0; q < 3; q++) {
      assert_int_equal(rrp_binder_strength_moment_factor(badbeta[q], &b), RRP_EDOMAIN);
      assert_true(b.moment_factor == 0.4);
    }
  }
}

/* the rupture law: the combined criterion before break strain before break twist; released
 * energy; the linear form's shear term is the energy ratio (1 - cos phi)/(1 - cos phi_c) */
static void test_rupture_law(void **state)
{
  (void) state;
  const double crit[4] = {0.05, 0.3, 0.4, 0.6}, none[4] = {0, 0, 0, 0};
  rrp_binder_rupture law;
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_CONVECTED, crit, 0.02, 2.5, &law), RRP_OK);
  assert_true(rrp_binder_rupture_measured(&law) && rrp_binder_rupture_any(&law));
  rrp_binder_load l;
  memset(&l, 0, sizeof l);
  l.um = 1.0;
  l.ua = 2.0;
  l.us = 4.0;
  double released = -1.0;
  assert_int_equal(rrp_binder_breaks(&law, &l, &released), RRP_BREAK_NONE);
  assert_true(released == 0.0);
  l.strain = 0.03; /* past break strain, D = 0.36: axial by the threshold */
  assert_int_equal(rrp_binder_breaks(&law, &l, &released), RRP_BREAK_AXIAL);
  assert_true(released == 7.0);
  l.strain = 0.0;
  l.angle = 2.6; /* past break twist only */
  assert_int_equal(rrp_binder_breaks(&law, &l, &released), RRP_BREAK_ROTATION);
  l.twist = 0.61; /* the combined criterion first: twist */
  assert_int_equal(rrp_binder_breaks(&law, &l, NULL), RRP_BREAK_TWIST);
  l.twist = 0.0;
  l.angle = 0.0;
  l.bend = 0.3;
  l.shear = 0.5 * (1 - cos(0.3)) * (1 - cos(0.3)); /* D = 0.5625 + 0.5 */
  assert_int_equal(rrp_binder_breaks(&law, &l, NULL), RRP_BREAK_BEND);
  /* only thresholds: no measures needed */
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_CONVECTED, none, 0.02, 0.0, &law), RRP_OK);
  assert_false(rrp_binder_rupture_measured(&law));
  assert_true(rrp_binder_rupture_any(&law));
  assert_int_equal(rrp_binder_breaks(&law, &l, NULL), RRP_BREAK_NONE);
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_LINEAR, none, 0.0, 0.0, &law), RRP_OK);
  assert_false(rrp_binder_rupture_any(&law));
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_LINEAR, none, -1.0, 0.0, &law), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_LINEAR, none, 0.0, 3.2, &law), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_rupture_set(RRP_SHEAR_LINEAR, none, NAN, 0.0, &law), RRP_EDOMAIN);
  /* the linear form at the critical shear angle, from its loads: the bond turned by phi, both
   * particles unturned, D = (1 - cos phi)/(1 - cos phi_c); under one mode alone a bond breaks
   * at its critical value for every form */
  const double pc = 0.3, d0[3] = {0.0, 0.0, 1.2}, q0[4] = {1, 0, 0, 0}, xj[3] = {0.3, -0.2, 0.1};
  rrp_binder_ref ref;
  rrp_binder_reference(d0, q0, q0, &ref);
  const double shear_only[4] = {0.0, pc, 0.0, 0.0};
  const enum rrp_shear_form forms[] = {RRP_SHEAR_CONVECTED, RRP_SHEAR_LINEAR, RRP_SHEAR_PAPER};
  for (int f = 0; f < 3; f++) {
    assert_int_equal(rrp_binder_rupture_set(forms[f], shear_only, 0.0, 0.0, &law), RRP_OK);
    for (int side = 0; side < 2; side++) {
      const double phi = side ? 1.001 * pc : 0.999 * pc;
      const double xs[3] = {xj[0], xj[1] - 1.2 * sin(phi), xj[2] + 1.2 * cos(phi)};
      const rrp_binder_coeff k = {1.0, 2.0, 3.0, 4.0, forms[f], 1};
      assert_int_equal(rrp_binder(&k, &ref, q0, xs, xj, q0, q0, &l), RRP_OK);
      const double ratio = (1 - cos(phi)) / (1 - cos(pc));
      const double D = rrp_binder_damage(&law.limit, &l, NULL);
      assert_close(D, forms[f] == RRP_SHEAR_LINEAR ? ratio : ratio * ratio, 1e-10, 0.0);
      assert_close(l.us, 0.5 * k.ks * l.shear, 1e-14, 0.0);
      assert_int_equal(rrp_binder_breaks(&law, &l, &released), side ? RRP_BREAK_SHEAR : RRP_BREAK_NONE);
      if (side) assert_true(released == l.um + l.ua + l.us);
    }
  }
}

/* a bond's slot: captured from the state at bonding, read in place as the reference; a slot of
 * zeros holds none; bad input refused and the slot untouched */
static void test_slot(void **state)
{
  (void) state;
  rng_t r = {31};
  assert_int_equal(rrp_binder_slot_size(RRP_SHEAR_CONVECTED), RRP_BINDER_SLOT);
  assert_int_equal(rrp_binder_slot_size(RRP_SHEAR_LINEAR), RRP_BINDER_SLOT);
  assert_int_equal(rrp_binder_slot_size(RRP_SHEAR_PAPER), RRP_BINDER_SLOT_PAPER);
  for (int n = 0; n < 20; n++) {
    config c;
    random_config(&r, 0.2, &c);
    double slot[RRP_BINDER_SLOT_PAPER] = {0};
    assert_false(rrp_binder_slot_has_reference(slot));
    const int size = n % 2 ? RRP_BINDER_SLOT_PAPER : RRP_BINDER_SLOT;
    assert_int_equal(rrp_binder_slot_capture(c.d0, c.qi0, c.qj0, size, slot), RRP_OK);
    assert_true(rrp_binder_slot_has_reference(slot));
    assert_memory_equal(rrp_binder_slot_ref(slot), &c.ref, sizeof c.ref);
    if (size == RRP_BINDER_SLOT_PAPER)
      assert_memory_equal(rrp_binder_slot_qj0(slot, size), c.qj0, 4 * sizeof(double));
    else
      assert_null(rrp_binder_slot_qj0(slot, size));
    const rrp_binder_coeff k = {10.0, 10.0, 200.0, 200.0, size == RRP_BINDER_SLOT_PAPER ? RRP_SHEAR_PAPER : RRP_SHEAR_CONVECTED, 0};
    rrp_binder_load a, b;
    assert_int_equal(binder_of(&k, &c, &a), RRP_OK);
    assert_int_equal(rrp_binder(&k, rrp_binder_slot_ref(slot), rrp_binder_slot_qj0(slot, size),
                                c.xi, c.xj, c.qi, c.qj, &b), RRP_OK);
    assert_memory_equal(&a, &b, sizeof a);
  }
  double slot[RRP_BINDER_SLOT] = {0};
  const double d0[3] = {1, 0, 0}, q[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0}, bad[4] = {NAN, 0, 0, 0};
  assert_int_equal(rrp_binder_slot_capture(d0, zero, q, RRP_BINDER_SLOT, slot), RRP_EDOMAIN);
  assert_int_equal(rrp_binder_slot_capture(d0, q, bad, RRP_BINDER_SLOT, slot), RRP_ENONFINITE);
  assert_int_equal(rrp_binder_slot_capture(d0, q, q, 8, slot), RRP_EDOMAIN);
  assert_false(rrp_binder_slot_has_reference(slot));
}

/* a slot read from a file: finite, its quaternions unit within the tolerance and normalised, or
 * refused naming what is wrong, the slot untouched */
static void test_slot_unit(void **state)
{
  (void) state;
  int which = 0;
  double norm = 0.0;
  double zeros[RRP_BINDER_SLOT] = {0};
  assert_int_equal(rrp_binder_slot_unit(zeros, RRP_BINDER_SLOT, 1e-6, &which, &norm), RRP_OK);
  /* p of norm 1 + 1e-8: normalised */
  double near[RRP_BINDER_SLOT_PAPER] = {1, 0, 0, 0.6 * (1 + 1e-8), 0.8 * (1 + 1e-8), 0, 0, 1, 0, 0, 0};
  assert_int_equal(rrp_binder_slot_unit(near, RRP_BINDER_SLOT_PAPER, 1e-6, &which, &norm), RRP_OK);
  assert_close(near[3] * near[3] + near[4] * near[4], 1.0, TOL_ROUNDOFF, 0.0);
  assert_true(near[0] == 1.0 && near[7] == 1.0);
  /* p of norm 0.5: refused, which 0, the slot as it was */
  double half[RRP_BINDER_SLOT] = {1, 0, 0, 0.5, 0, 0, 0};
  double copy[RRP_BINDER_SLOT];
  memcpy(copy, half, sizeof half);
  assert_int_equal(rrp_binder_slot_unit(half, RRP_BINDER_SLOT, 1e-6, &which, &norm), RRP_EDOMAIN);
  assert_int_equal(which, 0);
  assert_close(norm, 0.5, TOL_ROUNDOFF, 0.0);
  assert_memory_equal(half, copy, sizeof half);
  /* q_j0 of a slot of 11 off by 2e-6: which 1, p untouched though unit */
  double paper[RRP_BINDER_SLOT_PAPER] = {1, 0, 0, 0.6 * (1 + 1e-8), 0.8 * (1 + 1e-8), 0, 0, 1 + 2e-6, 0, 0, 0};
  assert_int_equal(rrp_binder_slot_unit(paper, RRP_BINDER_SLOT_PAPER, 1e-6, &which, &norm), RRP_EDOMAIN);
  assert_int_equal(which, 1);
  assert_true(paper[3] == 0.6 * (1 + 1e-8));
  /* a value not finite: its index */
  double nan_r[RRP_BINDER_SLOT] = {1, NAN, 0, 1, 0, 0, 0};
  assert_int_equal(rrp_binder_slot_unit(nan_r, RRP_BINDER_SLOT, 1e-6, &which, &norm), RRP_ENONFINITE);
  assert_int_equal(which, 1);
  /* a size that is no slot */
  assert_int_equal(rrp_binder_slot_unit(zeros, 8, 1e-6, &which, &norm), RRP_EDOMAIN);
  assert_int_equal(which, -1);
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

/* the Hertz factors of many pairs at once (rrp_hertz_pair_factors, across SIMD lanes) are bitwise
 * those of rrp_hertz_pair_factor, in contact or not, with and without energies; a NaN distance or
 * coincident centres anywhere refuse the block */
static void test_hertz_pair_factors(void **state)
{
  (void) state;
  rng_t r = {99};
  enum { N = 203 };
  double K[N], a[N], rsq[N], fs[N], e[N], fs2[N];
  for (int round = 0; round < 50; round++) {
    for (int k = 0; k < N; k++) {
      K[k] = rng_range(&r, 10.0, 5000.0);
      a[k] = rng_range(&r, 0.5, 2.0);
      const double rr = a[k] * rng_range(&r, 0.5, 1.2); /* a third apart */
      rsq[k] = k % 17 == 0 ? a[k] * a[k] : rr * rr;    /* and just touching */
    }
    const int n = N - round;
    assert_int_equal(rrp_hertz_pair_factors(n, K, a, rsq, fs, e), RRP_OK);
    assert_int_equal(rrp_hertz_pair_factors(n, K, a, rsq, fs2, NULL), RRP_OK);
    for (int k = 0; k < n; k++) {
      double energy = 0.0;
      int status = RRP_OK;
      const double one = rrp_hertz_pair_factor(K[k], a[k], rsq[k], &energy, &status);
      assert_int_equal(status, RRP_OK);
      assert_memory_equal(&fs[k], &one, sizeof one);
      assert_memory_equal(&fs2[k], &one, sizeof one);
      assert_memory_equal(&e[k], &energy, sizeof energy);
    }
  }
  rsq[7] = NAN;
  assert_int_not_equal(rrp_hertz_pair_factors(20, K, a, rsq, fs, NULL), RRP_OK);
  rsq[7] = 0.0;
  assert_int_not_equal(rrp_hertz_pair_factors(20, K, a, rsq, fs, e), RRP_OK);
  a[7] = NAN;
  rsq[7] = 1.0;
  assert_int_not_equal(rrp_hertz_pair_factors(20, K, a, rsq, fs, e), RRP_OK);
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
      cmocka_unit_test(test_reference_formulas),
      cmocka_unit_test(test_block_equals_scalar),
      cmocka_unit_test(test_angle_accuracy),
      cmocka_unit_test(test_damage),
      cmocka_unit_test(test_label_independence),
      cmocka_unit_test(test_small_strain_stiffness),
      cmocka_unit_test(test_twist_equal_is_paper),
      cmocka_unit_test(test_rupture_law),
      cmocka_unit_test(test_strength),
      cmocka_unit_test(test_slot),
      cmocka_unit_test(test_slot_unit),
      cmocka_unit_test(test_hertz_pair),
      cmocka_unit_test(test_hertz_pair_factors),
      cmocka_unit_test(test_hertz_mix),
      cmocka_unit_test(test_hertz_wall),
  };
  return cmocka_run_group_tests_name("binder", tests, NULL, NULL);
}
