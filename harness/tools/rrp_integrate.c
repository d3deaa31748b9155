/* rrp-integrate - run a rigid-body benchmark problem with one of the core's integrators.
 *
 *   rrp-integrate --problem NAME --scheme NAME --dt H --t-end T [--every N]
 *   rrp-integrate --list
 *
 * Writes CSV to stdout, one row every N steps (and the last):
 *   t,energy,L1,L2,L3,Pi1,Pi2,Pi3,R11,R12,R13,R21,R22,R23,R31,R32,R33
 * L = R Pi is the spatial angular momentum about the fixed point, Pi the body one, R the
 * attitude, energy = Pi . I^-1 Pi / 2 + U(R). Problems and schemes: rrp/rigid.h (doc/theory.rst
 * sections 4-5). A scheme for scalar inertia is refused on a problem with a general inertia tensor.
 */
#include "rrp/rigid.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void write_row(const rrp_rigid_problem *p, const rrp_rigid_state *s)
{
  double L[3];
  rrp_rigid_spatial_momentum(s, L);
  printf("%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", s->t, rrp_rigid_energy(p, s), L[0], L[1],
         L[2], s->Pi[0], s->Pi[1], s->Pi[2]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) printf(",%.17g", s->R[i][j]);
  printf("\n");
}

static void list(void)
{
  printf("problems:\n");
  for (int k = 0; k < rrp_rigid_nproblems; k++) {
    const rrp_rigid_problem *p = &rrp_rigid_problems[k];
    printf("  %-18s I = (%g, %g, %g), h = %g, t = %g: %s\n", p->name, p->inertia[0], p->inertia[1],
           p->inertia[2], p->h, p->t_end, p->about);
  }
  printf("schemes:\n");
  for (int k = 0; k < rrp_rigid_nschemes; k++) {
    const rrp_rigid_scheme *sc = &rrp_rigid_schemes[k];
    printf("  %-18s order %d, %s%s%s%s: %s\n", sc->name, sc->order, sc->implicit ? "implicit" : "explicit",
           sc->scalar_only ? ", scalar inertia only" : "", sc->conserves_momentum ? ", conserves L" : "",
           sc->conserves_energy ? ", conserves energy" : "", sc->source);
  }
}

int main(int argc, char **argv)
{
  const char *pname = NULL, *sname = NULL;
  double h = 0.0, tend = -1.0;
  long every = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--list") == 0) {
      list();
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
  const rrp_rigid_problem *p = rrp_rigid_problem_find(pname);
  if (!p) {
    fprintf(stderr, "rrp-integrate: unknown problem '%s' (see --list)\n", pname);
    return 2;
  }
  const rrp_rigid_scheme *sc = rrp_rigid_scheme_find(sname);
  if (!sc) {
    fprintf(stderr, "rrp-integrate: unknown scheme '%s' (see --list)\n", sname);
    return 2;
  }
  if (!rrp_rigid_applies(sc, p)) {
    fprintf(stderr,
            "rrp-integrate: scheme '%s' is for scalar inertia, but problem '%s' has I = (%g, %g, %g); "
            "use rrp-general or another general-inertia scheme\n",
            sname, pname, p->inertia[0], p->inertia[1], p->inertia[2]);
    return 2;
  }
  const double steps = nearbyint(tend / h);
  if (fabs(steps * h - tend) > 1e-9 * fmax(tend, h) || steps > 1e12) {
    fprintf(stderr, "rrp-integrate: --t-end %.17g is not a whole number of steps of %.17g\n", tend, h);
    return 2;
  }
  const long nsteps = (long) steps;
  printf("t,energy,L1,L2,L3,Pi1,Pi2,Pi3,R11,R12,R13,R21,R22,R23,R31,R32,R33\n");
  rrp_rigid_state s;
  rrp_rigid_init(p, &s);
  for (long k = 0;; k++) {
    if (k % every == 0 || k == nsteps) write_row(p, &s);
    if (k == nsteps) break;
    const int status = sc->step(p, h, &s);
    if (status != RRP_OK) {
      fprintf(stderr, "rrp-integrate: %s on %s, step %ld (t = %.17g): %s\n", sname, pname, k, s.t,
              status == RRP_ENOCONV ? "the implicit solve did not converge" : rrp_strerror(status));
      return 1;
    }
  }
  return 0;
}
