/* rrp-integrate - run a benchmark problem with the core's integrator kernels alone.
 *
 *   rrp-integrate --problem NAME --scheme NAME --dt H --t-end T [--every N]
 *   rrp-integrate --list
 *
 * Writes CSV to stdout, one row every N steps (and the last):
 *   t,energy,L1,L2,L3,Pi1,Pi2,Pi3,R11,R12,R13,R21,R22,R23,R31,R32,R33
 * L is the spatial angular momentum about the origin, Pi = R^T L the body one, R the attitude.
 * Problems (SPEC section 4): pendulum, the 3D pendulum of Baker & Gonzalez (2021) section 3
 * with m = g = J = 1. The same sequence of operations as LAMMPS's Verlet loop with fix rrp/nve
 * and fix rrp/gravity, so its numbers are the reference for the plugin's trajectory.
 */
#include "rrp/field.h"
#include "rrp/integrator.h"
#include "rrp/rotation.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct problem {
  const char *name;
  const char *about;
} problem;

static const problem problems[] = {
    {"pendulum", "3D pendulum, Baker & Gonzalez (2021) sec. 3, m = g = J = 1"},
};
static const int nproblems = (int) (sizeof(problems) / sizeof(problems[0]));

static void usage(FILE *out)
{
  fprintf(out, "usage: rrp-integrate --problem NAME --scheme NAME --dt H --t-end T [--every N]\n"
               "       rrp-integrate --list\n");
}

static int parse_double(const char *s, double *out)
{
  char *end = NULL;
  errno = 0;
  const double v = strtod(s, &end);
  if (errno != 0 || end == s || *end != '\0' || !isfinite(v)) return 0;
  *out = v;
  return 1;
}

static void write_row(double t, double energy, const double L[3], const double q[4])
{
  double R[3][3], Pi[3], qc[4];
  rrp_quat_to_matrix(q, R);
  rrp_quat_conjugate(q, qc);
  rrp_quat_rotate(qc, L, Pi);
  printf("%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", t, energy, L[0], L[1], L[2], Pi[0],
         Pi[1], Pi[2]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) printf(",%.17g", R[i][j]);
  printf("\n");
}

/* the pendulum: a sphere at the pivot, torque m (R rho0) x g e3 */
static int run_pendulum(const rrp_scheme *s, double h, long nsteps, long every)
{
  const double m = 1.0, J = 1.0, g[3] = {0.0, 0.0, 1.0}, rho0[3] = {0.0, 0.0, 1.0};
  const double pi = 3.14159265358979323846;
  double x[1][3] = {{0.0, 0.0, 0.0}}, v[1][3] = {{0.0, 0.0, 0.0}}, f[1][3] = {{0.0, 0.0, 0.0}};
  double omega[1][3], torque[1][3], quat[1][4];
  const double a0[3] = {0.0, 2.0 * tan(3.0 * pi / 8.0), 0.0};
  const double s45 = sin(pi / 4.0);
  omega[0][0] = 0.4 * (s45 * s45); /* as LAMMPS evaluates 0.4*sin(PI/4)^2 */
  omega[0][1] = 0.0;
  omega[0][2] = 0.4 * (s45 * s45);
  rrp_alpha_to_quat(a0, quat[0]);
  const double mass[1] = {m};
  const rrp_inertia in = {RRP_INERTIA_VALUE, J};
  const rrp_spheres p = {1, NULL, 0, mass, NULL, x, v, (const double (*)[3]) f, omega,
                         (const double (*)[3]) torque, quat};

  double L[3];
  torque[0][0] = torque[0][1] = torque[0][2] = 0.0;
  double U = rrp_lever_field(m, quat[0], rho0, g, torque[0]);
  for (long k = 0;; k++) {
    if (k % every == 0 || k == nsteps) {
      for (int d = 0; d < 3; d++) L[d] = J * omega[0][d];
      write_row((double) k * h, 0.5 * J * (omega[0][0] * omega[0][0] +
                                           omega[0][1] * omega[0][1] + omega[0][2] * omega[0][2]) + U,
                L, quat[0]);
    }
    if (k == nsteps) break;
    rrp_step_report bad;
    const int status = rrp_spheres_first(s, &p, &in, h, 1.0, &bad);
    if (status != RRP_OK) {
      fprintf(stderr, "rrp-integrate: step %ld: %s (h|w| = %.17g)\n", k, rrp_strerror(status),
              bad.hw);
      return 1;
    }
    torque[0][0] = torque[0][1] = torque[0][2] = 0.0;
    U = rrp_lever_field(m, quat[0], rho0, g, torque[0]);
    rrp_spheres_second(s, &p, &in, h, 1.0);
  }
  return 0;
}

int main(int argc, char **argv)
{
  const char *pname = NULL, *sname = NULL;
  double h = 0.0, tend = -1.0;
  long every = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--list") == 0) {
      printf("problems:\n");
      for (int k = 0; k < nproblems; k++) printf("  %-12s %s\n", problems[k].name, problems[k].about);
      printf("schemes:\n");
      for (int k = 0; k < rrp_nschemes; k++)
        printf("  %-12s map %s, order %d, scalar inertia\n", rrp_schemes[k].name,
               rrp_schemes[k].equation, rrp_schemes[k].order);
      return 0;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "rrp-integrate: option %s needs a value\n", a);
      usage(stderr);
      return 2;
    }
    const char *val = argv[++i];
    if (strcmp(a, "--problem") == 0) {
      pname = val;
    } else if (strcmp(a, "--scheme") == 0) {
      sname = val;
    } else if (strcmp(a, "--dt") == 0) {
      if (!parse_double(val, &h) || h <= 0.0) {
        fprintf(stderr, "rrp-integrate: --dt must be a positive number, not '%s'\n", val);
        return 2;
      }
    } else if (strcmp(a, "--t-end") == 0) {
      if (!parse_double(val, &tend) || tend < 0.0) {
        fprintf(stderr, "rrp-integrate: --t-end must be a number >= 0, not '%s'\n", val);
        return 2;
      }
    } else if (strcmp(a, "--every") == 0) {
      double e;
      if (!parse_double(val, &e) || e < 1.0 || e != floor(e) || e > 1e15) {
        fprintf(stderr, "rrp-integrate: --every must be a positive integer, not '%s'\n", val);
        return 2;
      }
      every = (long) e;
    } else {
      fprintf(stderr, "rrp-integrate: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  if (!pname || !sname || h <= 0.0 || tend < 0.0) {
    fprintf(stderr, "rrp-integrate: --problem, --scheme, --dt and --t-end are required\n");
    usage(stderr);
    return 2;
  }
  const rrp_scheme *s = rrp_scheme_find(sname);
  if (!s) {
    fprintf(stderr, "rrp-integrate: unknown scheme '%s' (see --list)\n", sname);
    return 2;
  }
  const double steps = nearbyint(tend / h);
  if (fabs(steps * h - tend) > 1e-9 * fmax(tend, h) || steps > 1e12) {
    fprintf(stderr, "rrp-integrate: --t-end %.17g is not a whole number of steps of %.17g\n", tend, h);
    return 2;
  }
  printf("t,energy,L1,L2,L3,Pi1,Pi2,Pi3,R11,R12,R13,R21,R22,R23,R31,R32,R33\n");
  if (strcmp(pname, "pendulum") == 0) return run_pendulum(s, h, (long) steps, every);
  fprintf(stderr, "rrp-integrate: unknown problem '%s' (see --list)\n", pname);
  return 2;
}
