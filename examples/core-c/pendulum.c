/* pendulum.c - the 3D pendulum of Baker & Gonzalez (2021, sec. 3) on the installed rrp core
 * alone, no LAMMPS: one rigid body of mass m = J = 1 pivoting about its centre in the field
 * g = e3 at the lever arm rho0 = e3, integrated by map (23) ("exact"), (25) or (27) through the
 * same kernels as LAMMPS's fix rrp/nve. Prints the invariants of eq. (41): the energy, conserved
 * to O(h^2); R rho0 . Omega and |R rho0|, conserved exactly (to round-off).
 *
 *   pendulum [scheme [h [steps]]]      defaults: exact 0.01 10000
 */
#include <rrp/field.h>
#include <rrp/integrator.h>
#include <rrp/rotation.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "exact";
  const double h = argc > 2 ? atof(argv[2]) : 0.01;
  const long steps = argc > 3 ? atol(argv[3]) : 10000;
  const rrp_scheme *scheme = rrp_scheme_find(name);
  if (!scheme || !(h > 0.0) || steps < 1) {
    fprintf(stderr, "usage: pendulum [exact|newmark|euler [h > 0 [steps >= 1]]]\n");
    return 2;
  }

  /* one particle, at rest at the pivot; m = J = 1 */
  const double pi = 3.14159265358979323846;
  const double mass[1] = {1.0}, g[3] = {0.0, 0.0, 1.0}, rho0[3] = {0.0, 0.0, 1.0};
  const double alpha0[3] = {0.0, 2.0 * tan(3.0 * pi / 8.0), 0.0};
  const double w0 = 0.4 * sin(pi / 4.0) * sin(pi / 4.0);
  double x[1][3] = {{0, 0, 0}}, v[1][3] = {{0, 0, 0}}, f[1][3] = {{0, 0, 0}};
  double omega[1][3] = {{w0, 0.0, w0}}, torque[1][3], quat[1][4];
  rrp_alpha_to_quat(alpha0, quat[0]);
  const rrp_inertia inertia = {RRP_INERTIA_VALUE, 1.0, NULL};
  const rrp_spheres p = {1, NULL, 0, mass, NULL, x, v, (const double (*)[3]) f, omega,
                         (const double (*)[3]) torque, quat};

  double E0 = 0.0, dE = 0.0, dot = 0.0, len = 0.0;
  for (long k = 0; k <= steps; k++) {
    torque[0][0] = torque[0][1] = torque[0][2] = 0.0;
    const double U = rrp_lever_field(mass[0], quat[0], rho0, g, torque[0]);
    if (k > 0) rrp_spheres_second(scheme, &p, &inertia, h, 1.0);    /* with T_k+1 */
    const double *w = omega[0];
    const double E = 0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + U;
    double r[3];
    rrp_quat_rotate(quat[0], rho0, r); /* R rho0 */
    if (k == 0) E0 = E;
    dE = fmax(dE, fabs(E - E0) / fabs(E0));
    dot = fmax(dot, fabs(r[0] * w[0] + r[1] * w[1] + r[2] * w[2]));
    len = fmax(len, fabs(sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) - 1.0));
    if (k == steps) break;
    rrp_step_report bad;
    const int status = rrp_spheres_first(scheme, &p, &inertia, h, 1.0, NULL, &bad);
    if (status != RRP_OK) {
      fprintf(stderr, "step %ld: %s (h |w| = %g)\n", k, rrp_strerror(status), bad.hw);
      return 1;
    }
  }
  printf("scheme %s, h %g, %ld steps (t = %g)\n", name, h, steps, h * (double) steps);
  printf("max |E - E0|/|E0|      %.3e\n", dE);
  printf("max |R rho0 . Omega|   %.3e\n", dot);
  printf("max ||R rho0| - 1|     %.3e\n", len);
  return 0;
}
