/* test_friction.c - frictional contacts (rrp/friction.h): the contact's kinematics by hand; the
 * tangential spring's stick (F = -k s, s the integral of the sliding velocity), its Coulomb
 * limit and the slip's work, which closes the trapezoidal energy balance step by step and tends
 * to mu |fn| times the slip; the history turned into the tangent plane with its length kept;
 * Mindlin's stiffness k a; the rolling and twisting springs and their limits (Marshall's from
 * the tangential law); angular momentum conserved by the loads; history updates off; bad laws;
 * a plane wall: the limit of the pair's kinematics, a contact that sticks or slides on it;
 * blocks of contacts, bit for bit the one-contact functions. */
#include "rrp/contact.h"
#include "rrp/friction.h"
#include "rrp/kernel.h"
#include "rrp/rotation.h"

#include "binder_test_util.h"
#include "test_util.h"

#include <string.h>

/* (short names for the laws of the tests) */
#define LIN RRP_TANGENTIAL_LINEAR
#define NOTW RRP_TWISTING_NONE

static void cross(const double a[3], const double b[3], double o[3])
{
  o[0] = a[1] * b[2] - a[2] * b[1];
  o[1] = a[2] * b[0] - a[0] * b[2];
  o[2] = a[0] * b[1] - a[1] * b[0];
}

/* 1. two spheres of radius 0.5 at 0.9 on z: sphere i rolls on j without slip (v_s = 0) */
static void test_kinematics(void **state)
{
  (void) state;
  rrp_contact_kin c;
  const double d[3] = {0.0, 0.0, 0.9}, vi[3] = {1.0, 0.0, 2.0}, vj[3] = {0.0, 0.0, 0.0};
  const double wi[3] = {0.0, 2.0, 0.0}, wj[3] = {0.0, 0.0, 0.0};
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, vi, vj, wi, wj, RRP_CONTACT_POINT_LAMMPS, &c), RRP_OK);
  assert_close(c.delta, 0.1, 1e-15, 0.0);
  assert_close(c.reff, 0.25, 1e-15, 0.0);
  assert_close(c.a, sqrt(0.025), 1e-15, 0.0);
  assert_close(c.arm_i, 0.45, 1e-15, 0.0);
  assert_close(c.n[2], 1.0, 0.0, 0.0);
  for (int k = 0; k < 3; k++) assert_close(c.vs[k], 0.0, 0.0, 1e-15);
  assert_close(c.vr[0], 0.5, 1e-15, 0.0); /* Reff (w_i - w_j) x n */
  assert_close(c.wn, 0.0, 0.0, 0.0);
  /* the contact point at the middle of the overlap (0.45 from i's centre): the same motion
   * slides by (0.5 - 0.45) 2 */
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, vi, vj, wi, wj, RRP_CONTACT_POINT_MIDDLE, &c), RRP_OK);
  assert_close(c.vs[0], 0.1, 1e-14, 0.0);
  /* a spin about n: the twist rate; a tangential velocity alone: the sliding velocity */
  const double spin[3] = {0.0, 0.0, 3.0}, slide[3] = {0.0, 0.7, 5.0};
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, slide, vj, spin, wj, RRP_CONTACT_POINT_LAMMPS, &c),
      RRP_OK);
  assert_close(c.wn, 3.0, 1e-15, 0.0);
  assert_close(c.vs[1], 0.7, 1e-15, 0.0);
  assert_close(c.vs[2], 0.0, 0.0, 1e-15);
  const double zero[3] = {0.0, 0.0, 0.0}, bad[3] = {NAN, 0.0, 0.0};
  assert_int_equal(
      rrp_contact_kinematics(zero, 0.5, 0.5, vi, vj, wi, wj, RRP_CONTACT_POINT_LAMMPS, &c),
      RRP_EDOMAIN);
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, bad, vj, wi, wj, RRP_CONTACT_POINT_LAMMPS, &c),
      RRP_ENONFINITE);
}

/* 2. sliding at constant speed: stick while k s < mu fn, then the force at the limit; each
 * step's dissipated work closes W = dU + D (W by the trapezoidal rule), and their sum over the
 * slide is mu fn times the slip to the step's order */
static void test_stick_slip(void **state)
{
  (void) state;
  rrp_friction law;
  const double k = 1000.0, mu = 0.5, fn = 10.0, v = 0.01;
  assert_int_equal(rrp_friction_set(LIN, k, mu, 0, 0, NOTW, 0, 0, &law), RRP_OK);
  for (int level = 0; level < 2; level++) {
    const double dt = level ? 0.005 : 0.01;
    const int nsteps = (int) (1.0 / dt + 0.5);
    rrp_contact_kin c;
    memset(&c, 0, sizeof(c));
    c.n[2] = 1.0;
    c.vs[0] = v;
    c.arm_i = c.arm_j = 0.5;
    double h[RRP_FRICTION_HISTORY] = {0}, fprev = 0.0, work = 0.0, u0 = 0.0, worst = 0.0;
    int first_slip = -1;
    rrp_friction_out out;
    for (int n = 1; n <= nsteps; n++) {
      rrp_friction_step(&law, &c, fn, dt, 1, h, &out);
      const double w = -0.5 * (fprev + out.f[0]) * v * dt; /* the trapezoidal work on the slide */
      worst = fmax(worst, fabs(w - (out.u[0] - u0) - out.dissipated[0]));
      work += w;
      fprev = out.f[0];
      u0 = out.u[0];
      if (n * v * dt * k < mu * fn * (1 - 1e-12)) { /* stick: F = -k v t */
        assert_close(out.f[0], -k * n * v * dt, 1e-12, 0.0);
        assert_true(out.dissipated[0] == 0.0);
      } else {
        if (first_slip < 0) first_slip = n;
        assert_close(out.f[0], -mu * fn, 1e-15, 0.0);
      }
      assert_true(out.f[1] == 0.0 && out.f[2] == 0.0);
    }
    assert_close(worst, 0.0, 0.0, 1e-15);
    /* the slip: the distance slid past the spring's stretch at the limit */
    const double slip = v * nsteps * dt - mu * fn / k, D = h[RRP_FRICTION_WORK];
    /* (steady sliding: exactly the limit times the slip) */
    assert_close(D, mu * fn * slip, 1e-12, 0.0);
    assert_close(work, out.u[0] + D, 1e-13, 0.0);
    print_message("  dt %g: stick to step %d, slip work %.17g against mu fn slip %.17g\n", dt,
                  first_slip, D, mu * fn * slip);
  }
}

/* 3. the history turned into a new tangent plane keeps its length; a history within the plane
 * is not touched (no update: read only) */
static void test_frame(void **state)
{
  (void) state;
  rrp_friction law;
  assert_int_equal(rrp_friction_set(LIN, 100.0, 10.0, 50.0, 10.0, NOTW, 0, 0, &law), RRP_OK);
  rrp_contact_kin c;
  memset(&c, 0, sizeof(c));
  const double th = 0.1;
  c.n[0] = sin(th);
  c.n[2] = cos(th);
  double h[RRP_FRICTION_HISTORY] = {0.01, 0.02, 0.0, 0.005, -0.003, 0.0, 0, 0, 0, 0};
  const double m0 = sqrt(0.01 * 0.01 + 0.02 * 0.02), r0 = sqrt(0.005 * 0.005 + 0.003 * 0.003);
  double keep[RRP_FRICTION_HISTORY];
  memcpy(keep, h, sizeof(h));
  rrp_friction_out out;
  rrp_friction_step(&law, &c, 100.0, 0.1, 0, h, &out); /* no update: nothing turned */
  assert_memory_equal(h, keep, sizeof(double) * RRP_FRICTION_EXCHANGE); /* (the springs, works) */
  rrp_friction_step(&law, &c, 100.0, 0.1, 1, h, &out); /* (velocities 0: turned only) */
  assert_close(sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]), m0, 1e-15, 0.0);
  assert_close(h[0] * c.n[0] + h[2] * c.n[2], 0.0, 0.0, 1e-17);
  assert_close(sqrt(h[3] * h[3] + h[4] * h[4] + h[5] * h[5]), r0, 1e-15, 0.0);
  assert_close(h[3] * c.n[0] + h[5] * c.n[2], 0.0, 0.0, 1e-17);
  assert_true(out.dissipated[0] == 0.0 && out.dissipated[1] == 0.0);
}

/* 4. Mindlin: the stiffness kt a; Marshall's twisting: kt a^2/2 and the limit 2/3 mu a |fn|;
 * rolling: Reff n x F_r on i; sds twisting's limit mutwist |fn| */
static void test_models(void **state)
{
  (void) state;
  rrp_friction law;
  const double kt = 2000.0, mu = 0.4, kr = 300.0, mur = 0.05, fn = 20.0;
  assert_int_equal(
      rrp_friction_set(RRP_TANGENTIAL_MINDLIN, kt, mu, kr, mur, RRP_TWISTING_MARSHALL, 0, 0, &law),
      RRP_OK);
  const double d[3] = {0.0, 0.0, 0.9}, v0[3] = {0, 0, 0}, vi[3] = {0.001, 0, 0};
  const double wi[3] = {0.0, 0.01, 0.02};
  rrp_contact_kin c;
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, vi, v0, wi, v0, RRP_CONTACT_POINT_LAMMPS, &c), RRP_OK);
  double h[RRP_FRICTION_HISTORY] = {0};
  rrp_friction_out out;
  rrp_friction_step(&law, &c, fn, 0.01, 1, h, &out);
  for (int q = 0; q < 3; q++) assert_close(out.f[q], -kt * c.a * h[q], 1e-15, 1e-300);
  /* the twist: one step's angle w_n dt, its torque -k angle n (below the limit) */
  const double ktw = 0.5 * kt * c.a * c.a;
  assert_close(h[6], 0.02 * 0.01, 1e-15, 0.0);
  /* held to the limits: many steps */
  for (int n = 0; n < 20000; n++) rrp_friction_step(&law, &c, fn, 0.01, 1, h, &out);
  double ft = sqrt(rrp_dot3(out.f, out.f));
  assert_close(ft, mu * fn, 1e-14, 0.0);
  assert_close(fabs(h[6]) * ktw, 2.0 / 3.0 * mu * c.a * fn, 1e-14, 0.0);
  const double fr = kr * sqrt(h[3] * h[3] + h[4] * h[4] + h[5] * h[5]);
  assert_close(fr, mur * fn, 1e-14, 0.0);
  assert_true(h[RRP_FRICTION_WORK] > 0 && h[RRP_FRICTION_WORK + 1] > 0 &&
              h[RRP_FRICTION_WORK + 2] > 0);
  /* sds twisting */
  assert_int_equal(rrp_friction_set(LIN, kt, mu, 0, 0, RRP_TWISTING_SDS, 5.0, 0.01, &law), RRP_OK);
  double g[RRP_FRICTION_HISTORY] = {0};
  for (int n = 0; n < 20000; n++) rrp_friction_step(&law, &c, fn, 0.01, 1, g, &out);
  assert_close(5.0 * fabs(g[6]), 0.01 * fn, 1e-14, 0.0);
}

/* 5. the loads conserve angular momentum: d x F + T_i + T_j = 0 (the normal force is along d),
 * for random contacts with all three resistances, at and below their limits */
static void test_angular_momentum(void **state)
{
  (void) state;
  rng_t r = {31};
  rrp_friction law;
  assert_int_equal(rrp_friction_set(RRP_TANGENTIAL_MINDLIN, 3000.0, 0.5, 200.0, 0.1,
                                    RRP_TWISTING_MARSHALL, 0, 0, &law),
                   RRP_OK);
  double worst = 0.0;
  for (int round = 0; round < 500; round++) {
    double d[3], vi[3], vj[3], wi[3], wj[3];
    rng_vec(&r, 1.0, d);
    const double ri = rng_range(&r, 0.3, 0.7), rj = rng_range(&r, 0.3, 0.7);
    const double len = sqrt(rrp_dot3(d, d)), want = (ri + rj) * rng_range(&r, 0.9, 0.999);
    for (int k = 0; k < 3; k++) d[k] *= want / len;
    rng_vec(&r, 1.0, vi);
    rng_vec(&r, 1.0, vj);
    rng_vec(&r, 5.0, wi);
    rng_vec(&r, 5.0, wj);
    rrp_contact_kin c;
    assert_int_equal(
        rrp_contact_kinematics(d, ri, rj, vi, vj, wi, wj, RRP_CONTACT_POINT_LAMMPS, &c), RRP_OK);
    double h[RRP_FRICTION_HISTORY];
    for (int k = 0; k < 7; k++) h[k] = rng_range(&r, -0.01, 0.01);
    h[7] = h[8] = h[9] = 0.0;
    rrp_friction_out out;
    rrp_friction_step(&law, &c, rng_range(&r, 0.1, 50.0), 1e-3, round % 2, h, &out);
    double dxf[3];
    cross(d, out.f, dxf);
    double size = 1e-300;
    for (int k = 0; k < 3; k++) size = fmax(size, fabs(out.ti[k]) + fabs(out.tj[k]) + fabs(dxf[k]));
    for (int k = 0; k < 3; k++) {
      const double sum = dxf[k] + out.ti[k] + out.tj[k];
      worst = fmax(worst, fabs(sum) / size);
      assert_close(sum, 0.0, 0.0, 1e-14 * size);
    }
  }
  print_message("  |d x F + T_i + T_j| over the loads' size: %.3g\n", worst);
}

/* 7. a contact that ends lets its springs go: their energies of the last step are dissipated,
 * the history zeroed; with the middle contact point a slipping twist is held with the sign of
 * its trial angle (LAMMPS's point: of the twist rate) */
static void test_release_and_twist_sign(void **state)
{
  (void) state;
  rrp_friction law;
  assert_int_equal(
      rrp_friction_set(LIN, 1000.0, 0.5, 100.0, 0.1, RRP_TWISTING_SDS, 2.0, 0.01, &law), RRP_OK);
  const double d[3] = {0.0, 0.0, 0.95}, v0[3] = {0, 0, 0}, vi[3] = {0.3, 0.1, 0.0};
  const double wi[3] = {0.5, -0.2, 1.0};
  rrp_contact_kin c;
  assert_int_equal(
      rrp_contact_kinematics(d, 0.5, 0.5, vi, v0, wi, v0, RRP_CONTACT_POINT_MIDDLE, &c), RRP_OK);
  double h[RRP_FRICTION_HISTORY] = {0};
  rrp_friction_out out;
  for (int n = 0; n < 5; n++) rrp_friction_step(&law, &c, 50.0, 1e-3, 1, h, &out);
  const double u[3] = {out.u[0], out.u[1], out.u[2]};
  assert_true(u[0] > 0 && u[1] > 0 && u[2] > 0);
  rrp_friction_release(&c, 1e-3, 1, h, &out);
  for (int q = 0; q < 3; q++) assert_close(out.dissipated[q], u[q], 1e-15, 0.0);
  for (int k = 0; k < RRP_FRICTION_HISTORY; k++) assert_true(h[k] == 0.0);
  /* the twist held: a trial angle of one sign and a rate of the other */
  for (int point = 0; point < 2; point++) {
    double g[RRP_FRICTION_HISTORY] = {0};
    g[6] = 0.5; /* far past the limit 0.01 * 50 / 2 = 0.25 rad */
    const double spin[3] = {0.0, 0.0, -1.0};
    assert_int_equal(
        rrp_contact_kinematics(d, 0.5, 0.5, v0, v0, spin, v0, (enum rrp_contact_point) point, &c),
        RRP_OK);
    rrp_friction_step(&law, &c, 50.0, 1e-3, 1, g, &out);
    const double held = 0.01 * 50.0 / 2.0;
    assert_close(g[6], point == RRP_CONTACT_POINT_MIDDLE ? held : -held, 1e-15, 0.0);
  }
}

/* 6. bad laws */
static void test_bad_laws(void **state)
{
  (void) state;
  rrp_friction law;
  assert_int_equal(rrp_friction_set(LIN, -1.0, 0.5, 0, 0, NOTW, 0, 0, &law), RRP_EDOMAIN);
  assert_int_equal(rrp_friction_set(LIN, 0.0, 0.5, 0, 0, NOTW, 0, 0, &law), RRP_EDOMAIN);
  assert_int_equal(rrp_friction_set(LIN, 1.0, NAN, 0, 0, NOTW, 0, 0, &law), RRP_EDOMAIN);
  assert_int_equal(
      rrp_friction_set(RRP_TANGENTIAL_NONE, 0, 0, 0, 0, RRP_TWISTING_MARSHALL, 0, 0, &law),
      RRP_EDOMAIN);
  assert_int_equal(rrp_friction_set(LIN, 1.0, 0.5, 0, 0, RRP_TWISTING_SDS, 0.0, 0.1, &law),
                   RRP_EDOMAIN);
  assert_int_equal(
      rrp_friction_set((enum rrp_tangential_model) 7, 1.0, 0.5, 0, 0, NOTW, 0, 0, &law),
      RRP_EDOMAIN);
  assert_int_equal(rrp_friction_set(LIN, 1.0, 0.5, 2.0, -0.1, NOTW, 0, 0, &law), RRP_EDOMAIN);
  assert_true(law.kt == 0.0 && law.tangential == RRP_TANGENTIAL_NONE);
}

/* 8. a plane wall is the limit of a sphere j of radius R_j -> infinity at rest, touching the
 * plane where the wall is: the same normal, overlap, contact radius, slide, rolling and twist
 * rates (to R_i/R_j), with either contact point; the torque's arm is the contact point's */
static void test_wall_limit(void **state)
{
  (void) state;
  const double ri = 0.5, s = 0.47, vw = -0.3, rj = 1e6;
  const double nw[3] = {0.6, 0.0, -0.8}; /* the wall's unit normal toward the sphere */
  const double vi[3] = {0.4, -1.1, 0.7}, wi[3] = {2.0, -3.0, 5.0}, w0[3] = {0.0, 0.0, 0.0};
  double d[3], vj[3];
  for (int k = 0; k < 3; k++) {
    d[k] = (s + rj) * nw[k]; /* x_i - x_j, with x_j at rj behind the plane */
    vj[k] = vw * nw[k];
  }
  for (int point = 0; point < 2; point++) {
    rrp_contact_kin w, p;
    const enum rrp_contact_point cp = (enum rrp_contact_point) point;
    assert_int_equal(rrp_wall_contact_kinematics(nw, s, ri, vi, vw, wi, cp, &w), RRP_OK);
    assert_int_equal(rrp_contact_kinematics(d, ri, rj, vi, vj, wi, w0, cp, &p), RRP_OK);
    const double tol = 2e-6; /* R_i/R_j, and the rounding of r ~ R_j */
    assert_close(w.delta, p.delta, tol, 0.0);
    assert_close(w.delta, ri - s, 1e-15, 0.0);
    assert_close(w.reff, p.reff, tol, 0.0);
    assert_close(w.a, p.a, tol, 0.0);
    assert_close(w.wn, p.wn, tol, 0.0);
    for (int k = 0; k < 3; k++) {
      assert_close(w.n[k], p.n[k], 0.0, 1e-15);
      assert_close(w.vs[k], p.vs[k], 0.0, tol);
      assert_close(w.vr[k], p.vr[k], 0.0, tol);
      assert_close(w.v[k], p.v[k], 0.0, 1e-15);
    }
    /* the arm: the middle of the overlap is the pair's; LAMMPS's wall takes R */
    assert_close(w.arm_i, point == RRP_CONTACT_POINT_MIDDLE ? p.arm_i : ri, tol, 0.0);
    assert_true(w.arm_j == 0.0 && w.point == point);
  }
  const double bad[3] = {NAN, 0.0, 1.0};
  rrp_contact_kin c;
  assert_int_equal(rrp_wall_contact_kinematics(bad, s, ri, vi, vw, wi, 0, &c), RRP_ENONFINITE);
  assert_int_equal(rrp_wall_contact_kinematics(nw, INFINITY, ri, vi, vw, wi, 0, &c),
                   RRP_ENONFINITE);
}

/* A sphere of radius 0.5 (mass 1, inertia 0.1) held at the overlap 0.01 on a wall z = 0 by the
 * normal force fn, sliding along x with a spin about y, under the wall's friction (tangential
 * only), advanced by velocity Verlet (the kinematics at the half step's velocities, as LAMMPS's
 * fix nve/sphere and fix rrp/nve compute the forces): the largest change of kinetic + spring
 * energy + the works the law reports, relative to the start, over nsteps; the works by slot */
static double wall_slide(const rrp_friction *law, enum rrp_contact_point point, double fn,
                         double dt, int nsteps, double works[4], double *fmax_over_limit)
{
  const double m = 1.0, inertia = 0.1, ri = 0.5, s = 0.49, n[3] = {0.0, 0.0, 1.0};
  double v[3] = {0.1, 0.0, 0.0}, w[3] = {0.0, 0.3, 0.0};
  double h[RRP_FRICTION_HISTORY] = {0}, f[3] = {0}, t[3] = {0};
  rrp_friction_out out;
  memset(&out, 0, sizeof(out));
  const double e0 = 0.5 * m * rrp_dot3(v, v) + 0.5 * inertia * rrp_dot3(w, w);
  double worst = 0.0;
  *fmax_over_limit = 0.0;
  for (int step = 0; step < nsteps; step++) {
    for (int k = 0; k < 3; k++) {
      v[k] += 0.5 * dt * f[k] / m;
      w[k] += 0.5 * dt * t[k] / inertia;
    }
    rrp_contact_kin c;
    assert_int_equal(rrp_wall_contact_kinematics(n, s, ri, v, 0.0, w, point, &c), RRP_OK);
    rrp_friction_step(law, &c, fn, dt, 1, h, &out);
    /* each step's slip work is >= 0 (a slip only lets energy go), the force within its limit */
    assert_true(out.dissipated[0] >= 0.0);
    *fmax_over_limit = fmax(*fmax_over_limit, sqrt(rrp_dot3(out.f, out.f)) / (law->mu * fn));
    for (int k = 0; k < 3; k++) {
      f[k] = out.f[k];
      t[k] = out.ti[k];
      v[k] += 0.5 * dt * f[k] / m;
      w[k] += 0.5 * dt * t[k] / inertia;
    }
    const double e = 0.5 * m * rrp_dot3(v, v) + 0.5 * inertia * rrp_dot3(w, w) + out.u[0] +
        h[RRP_FRICTION_WORK] + h[RRP_FRICTION_EXCHANGE];
    worst = fmax(worst, fabs(e - e0) / e0);
  }
  for (int k = 0; k < 4; k++) works[k] = h[RRP_FRICTION_WORK + k];
  return worst;
}

/* 9. on a wall: a contact that sticks (mu large) oscillates without a slip's work, its exchange
 * 0 to round-off with either contact point (the slide is the motion of the point the force
 * works on), kinetic + spring energy held to the integrator's order (4x smaller at half the
 * step); a contact that slides holds its force at mu |fn|, every step's slip work >= 0, and
 * kinetic + spring energy + the works held to the integrator's order */
static void test_wall_energy(void **state)
{
  (void) state;
  rrp_friction stick, slide;
  assert_int_equal(rrp_friction_set(LIN, 1e4, 10.0, 0, 0, NOTW, 0, 0, &stick), RRP_OK);
  assert_int_equal(rrp_friction_set(LIN, 1e4, 0.02, 0, 0, NOTW, 0, 0, &slide), RRP_OK);
  const double fn = 1.0;
  for (int point = 0; point < 2; point++) {
    double works[4], over, err[2];
    for (int level = 0; level < 2; level++) {
      const double dt = level ? 5e-4 : 1e-3;
      err[level] = wall_slide(&stick, (enum rrp_contact_point) point, fn, dt,
                              (int) (2.0 / dt + 0.5), works, &over);
      assert_true(works[0] == 0.0 && over < 1.0);
      assert_close(works[3], 0.0, 0.0, 1e-14);
    }
    print_message("  stick, point %d: energy %.3g at dt 1e-3, %.3g at 5e-4\n", point, err[0],
                  err[1]);
    assert_true(err[0] < 1e-2 && err[0] / err[1] > 3.0 && err[0] / err[1] < 5.0);
    for (int level = 0; level < 2; level++) {
      const double dt = level ? 5e-4 : 1e-3;
      err[level] = wall_slide(&slide, (enum rrp_contact_point) point, fn, dt,
                              (int) (2.0 / dt + 0.5), works, &over);
      assert_true(over <= 1.0 + 1e-15);
      assert_true(works[0] > 0.02 * 0.0095); /* 2% of the energy: it slides, then rolls */
    }
    print_message("  slide, point %d: slip work %.6g, energy %.3g at dt 1e-3, %.3g at 5e-4\n",
                  point, works[0], err[0], err[1]);
    assert_true(err[0] < 1e-3 && err[0] / err[1] > 3.0 && err[0] / err[1] < 5.0);
  }
}

/* the history seen from the other particle: the tangential and the force change sign, the
 * torques on i and j swap, the rest is shared; twice, the history itself */
static void test_history_swap(void **state)
{
  (void) state;
  double h[RRP_FRICTION_HISTORY], once[RRP_FRICTION_HISTORY], twice[RRP_FRICTION_HISTORY];
  for (int k = 0; k < RRP_FRICTION_HISTORY; k++) h[k] = 0.37 * (k + 1) - 2.0;
  rrp_friction_history_swap(h, once);
  rrp_friction_history_swap(once, twice);
  const int L = RRP_FRICTION_LOADS;
  for (int k = 0; k < 3; k++) {
    assert_true(once[k] == -h[k] && once[L + k] == -h[L + k]);
    assert_true(once[L + 3 + k] == h[L + 6 + k] && once[L + 6 + k] == h[L + 3 + k]);
    assert_true(once[3 + k] == h[3 + k]); /* rolling: the pair's */
  }
  for (int k = RRP_FRICTION_WORK; k < L; k++) assert_true(once[k] == h[k]);
  for (int k = L + 9; k < RRP_FRICTION_HISTORY; k++) assert_true(once[k] == h[k]);
  for (int k = 0; k < RRP_FRICTION_HISTORY; k++) assert_true(twice[k] == h[k]);
}

/* 11. blocks of contacts (rrp_friction_contacts) give each contact the bits of the one-contact
 * functions: every combination of the models, both contact points, with and without the
 * histories' update, over steps that stick and slip (a block of 29: a remainder after the SIMD
 * lanes), histories carried from step to step; a contact with coincident centres or a
 * non-finite velocity makes the block bad; a law without a tangential model is refused */
static double lcg(unsigned long *seed)
{
  *seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
  return (double) (*seed >> 11) / 9007199254740992.0; /* [0, 1) */
}

static void test_block(void **state)
{
  (void) state;
  enum { N = 29 };
  static rrp_friction_block b;
  unsigned long seed = 12345;
  int combos = 0, slips = 0, sticks = 0;
  for (int tm = LIN; tm <= RRP_TANGENTIAL_MINDLIN; tm++)
    for (int roll = 0; roll < 2; roll++)
      for (int tw = NOTW; tw <= RRP_TWISTING_SDS; tw++)
        for (int pt = 0; pt < 2; pt++)
          for (int update = 0; update < 2; update++) {
            rrp_friction law;
            const double kt = tm == LIN ? 300.0 : 4000.0;
            assert_int_equal(rrp_friction_set((enum rrp_tangential_model) tm, kt, 0.4,
                                              roll ? 40.0 : 0.0, 0.08,
                                              (enum rrp_twisting_model) tw, 3.0, 0.05, &law),
                             RRP_OK);
            const enum rrp_contact_point point = (enum rrp_contact_point) pt;
            double hist[N][RRP_FRICTION_HISTORY];
            for (int k = 0; k < N; k++)
              for (int q = 0; q < RRP_FRICTION_HISTORY; q++)
                hist[k][q] = (q < 7 ? 0.02 : 0.3) * (lcg(&seed) - 0.5);
            const double dt = 0.01;
            for (int step = 0; step < 4; step++) {
              double d[N][3], v[N][3], wi[N][3], wj[N][3], ri[N], rj[N], K[N];
              for (int k = 0; k < N; k++) {
                ri[k] = 0.4 + 0.2 * lcg(&seed);
                rj[k] = 0.4 + 0.2 * lcg(&seed);
                double u[3], len = 0.0;
                for (int q = 0; q < 3; q++) {
                  u[q] = lcg(&seed) - 0.5;
                  len += u[q] * u[q];
                }
                const double r = (ri[k] + rj[k]) * (0.93 + 0.06 * lcg(&seed)) / sqrt(len);
                for (int q = 0; q < 3; q++) {
                  d[k][q] = r * u[q];
                  v[k][q] = 4.0 * (lcg(&seed) - 0.5);
                  wi[k][q] = 8.0 * (lcg(&seed) - 0.5);
                  wj[k][q] = 8.0 * (lcg(&seed) - 0.5);
                }
                K[k] = 1000.0 + 2000.0 * lcg(&seed);
                for (int q = 0; q < 3; q++) {
                  b.d[q][k] = d[k][q];
                  b.v[q][k] = v[k][q];
                  b.wi[q][k] = wi[k][q];
                  b.wj[q][k] = wj[k][q];
                }
                b.ri[k] = ri[k];
                b.rj[k] = rj[k];
                b.K[k] = K[k];
                for (int q = 0; q < RRP_FRICTION_HISTORY; q++) b.h[q][k] = hist[k][q];
              }
              assert_int_equal(rrp_friction_contacts(&law, point, dt, update, &b, N), RRP_OK);
              for (int k = 0; k < N; k++) {
                int status = RRP_OK;
                double e = 0.0;
                const double rsq = d[k][0] * d[k][0] + d[k][1] * d[k][1] + d[k][2] * d[k][2];
                const double fs = rrp_hertz_pair_factor(K[k], ri[k] + rj[k], rsq, &e, &status);
                assert_int_equal(status, RRP_OK);
                const double zero[3] = {0.0, 0.0, 0.0};
                rrp_contact_kin c;
                assert_int_equal(rrp_contact_kinematics(d[k], ri[k], rj[k], v[k], zero, wi[k],
                                                        wj[k], point, &c),
                                 RRP_OK);
                rrp_friction_out o;
                rrp_friction_step(&law, &c, fs * c.r, dt, update, hist[k], &o);
                for (int q = 0; q < 3; q++) {
                  slips += o.dissipated[q] != 0.0;
                  sticks += o.dissipated[q] == 0.0 && o.u[q] != 0.0;
                }
                assert_true(b.fs[k] == fs && b.uh[k] == e && b.exchange[k] == o.exchange);
                for (int q = 0; q < 3; q++)
                  assert_true(b.f[q][k] == o.f[q] && b.ti[q][k] == o.ti[q] &&
                              b.tj[q][k] == o.tj[q] && b.u[q][k] == o.u[q] &&
                              b.dissipated[q][k] == o.dissipated[q]);
                /* (the block leaves the works and the last loads to its caller: the step's
                 * works added to the history's, its loads and energies kept, as
                 * rrp_friction_step does) */
                for (int q = 0; q < RRP_FRICTION_WORK; q++) assert_true(b.h[q][k] == hist[k][q]);
                for (int q = 0; q < 3; q++) {
                  const int L = RRP_FRICTION_LOADS;
                  assert_true(b.h[RRP_FRICTION_WORK + q][k] + b.dissipated[q][k] ==
                              hist[k][RRP_FRICTION_WORK + q]);
                  assert_true(b.f[q][k] == hist[k][L + q] && b.ti[q][k] == hist[k][L + 3 + q] &&
                              b.tj[q][k] == hist[k][L + 6 + q] && b.u[q][k] == hist[k][L + 9 + q]);
                }
                assert_true(b.h[RRP_FRICTION_EXCHANGE][k] + b.exchange[k] ==
                            hist[k][RRP_FRICTION_EXCHANGE]);
              }
            }
            combos++;
          }
  assert_int_equal(combos, 48);
  assert_true(slips > 1000 && sticks > 1000); /* (of 11136 springs: both kinds, many) */
  /* a bad contact: the block says so */
  rrp_friction law;
  assert_int_equal(rrp_friction_set(LIN, 300.0, 0.4, 0.0, 0.0, NOTW, 0.0, 0.0, &law), RRP_OK);
  b.v[1][7] = NAN;
  assert_int_equal(rrp_friction_contacts(&law, RRP_CONTACT_POINT_MIDDLE, 0.01, 1, &b, N),
                   RRP_ENONFINITE);
  b.v[1][7] = 0.0;
  assert_int_equal(rrp_friction_contacts(&law, RRP_CONTACT_POINT_MIDDLE, 0.01, 1, &b, N), RRP_OK);
  for (int q = 0; q < 3; q++) b.d[q][N - 1] = 0.0;
  assert_int_equal(rrp_friction_contacts(&law, RRP_CONTACT_POINT_MIDDLE, 0.01, 1, &b, N),
                   RRP_ENONFINITE);
  assert_int_equal(rrp_friction_set(RRP_TANGENTIAL_NONE, 0.0, 0.0, 40.0, 0.1, NOTW, 0.0, 0.0,
                                    &law),
                   RRP_OK);
  assert_int_equal(rrp_friction_contacts(&law, RRP_CONTACT_POINT_MIDDLE, 0.01, 1, &b, N),
                   RRP_EDOMAIN);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_kinematics),
      cmocka_unit_test(test_history_swap),
      cmocka_unit_test(test_stick_slip),
      cmocka_unit_test(test_frame),
      cmocka_unit_test(test_models),
      cmocka_unit_test(test_angular_momentum),
      cmocka_unit_test(test_bad_laws),
      cmocka_unit_test(test_release_and_twist_sign),
      cmocka_unit_test(test_wall_limit),
      cmocka_unit_test(test_wall_energy),
      cmocka_unit_test(test_block),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
