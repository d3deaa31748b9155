/* torus_driver.c: drive the rrp-lammps plugin from C through the LAMMPS C library API.
 *
 * What it shows
 *   - opening LAMMPS as a library on MPI_COMM_WORLD (lammps_open with LAMMPS_LIB_MPI), with
 *     "-log none -screen none" and any extra LAMMPS arguments given after "--";
 *   - loading the plugin (plugin load PATH) and building the particle-binder torus of Baker &
 *     Gonzalez (2021) sec. 4.1 with LAMMPS commands alone, no data file: 80 spheres on a ring of
 *     diameter D_t = 3, D_p = D_t sin(pi/80), m = J = 1, binders between ring neighbours
 *     (K_m = 10, K_a = K_s = 200), Hertzian contact K_pp = 2100 (create_box, create_atoms single,
 *     set, create_bonds single/bond, positions and velocities computed in C);
 *   - running in chunks (run N pre no post no) and reading results between chunks:
 *     compute rrp/momentum and compute rrp/energy (lammps_extract_compute, global vectors),
 *     the potential energy (lammps_get_thermo "pe"), and the per-atom orientations of
 *     fix rrp/nve and the positions gathered to every rank in atom-ID order (lammps_gather of
 *     "f_integrate" with 4 columns and "x" with 3);
 *   - error handling: every command is followed by lammps_has_error; LAMMPS is built with C++
 *     exceptions, so an error (error->all) comes back to the caller on every rank instead of
 *     aborting, and is reported with lammps_get_last_error_message.
 *
 * Modes
 *   free    no wall; the ring spins rigidly (0.5 about its axis, also the spin of every sphere),
 *           drifts with speed 0.3 and carries small deterministic velocity and spin perturbations
 *           (sin/cos of the atom index, so the set-up does not depend on the number of ranks).
 *           Linear and angular momentum are conserved to round-off by the variational maps and
 *           orientations stay unit quaternions: exit status 1 if |P - P0|/|P0| or |L - L0|/|L0|
 *           exceeds 1e-12 or any ||q| - 1| exceeds 1e-12, else 0.
 *   impact  the torus moving with (-1, 0, 0) toward the wall x = 0 (fix rrp/wall xlo 0.0 2100.0),
 *           nearest sphere 0.05 away; reports and exits 0.
 *
 * Each chunk prints on rank 0: step, time, |P - P0|/|P0|, |L - L0|/|L0|, (E - E0)/E0 with
 * E = KE_trans + KE_rot + pe, max ||q| - 1|, the binder, contact and wall energies, and (free)
 * the error of the centroid against X0 + P0 t / M or (impact) the smallest sphere-wall gap.
 *
 * usage: rrp-torus-driver --plugin PATH [--mode free|impact] [--chunks K] [--steps N] [--dt H]
 *                         [--scheme exact|newmark|euler] [-- LAMMPS arguments...]
 * e.g.   mpirun -np 2 rrp-torus-driver --plugin build/plugin/rrpplugin.so --mode free
 */
#define LAMMPS_LIB_MPI 1
#include <mpi.h>

#include "library.h"    /* constants (LMP_STYLE_GLOBAL, LAMMPS_DOUBLE, ...); the functions come
                           from the library opened at run time, through the macros below */
#include "lammps_loader.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NP 80            /* spheres on the ring */
#define D_TORUS 3.0      /* ring diameter D_t */
#define K_PP 2100.0      /* Hertz particle-particle stiffness */
#define K_PW 2100.0      /* Hertz particle-wall stiffness */
#define FREE_SPIN 0.5    /* rigid spin of the free ring about its axis */
#define FREE_DRIFT 0.3   /* drift speed of the free ring */
#define FREE_EPS 0.02    /* size of the deterministic perturbations */
#define IMPACT_GAP 0.05  /* nearest sphere surface to the wall */
#define TOL 1e-12        /* free mode: momentum drift and |q| tolerance */

static const double PI = 3.14159265358979323846;

/* the LAMMPS C library API, from the liblammps.so opened at run time (lammps_loader.h) */
static rrp_lammps_api LMP;
#define lammps_open LMP.open
#define lammps_close LMP.close
#define lammps_command LMP.command
#define lammps_extract_compute LMP.extract_compute
#define lammps_has_error LMP.has_error
#define lammps_get_last_error_message LMP.get_last_error_message
#define lammps_get_natoms LMP.get_natoms
#define lammps_get_thermo LMP.get_thermo
#define lammps_gather LMP.gather
#define lammps_has_style LMP.has_style

#ifndef RRP_DEFAULT_LAMMPS_LIBRARY
#define RRP_DEFAULT_LAMMPS_LIBRARY "liblammps.so"
#endif

typedef struct {
  const char *plugin;
  const char *lammps;    /* liblammps.so to open */
  int impact;
  int chunks;
  long steps;
  double dt;
  const char *scheme;
  int nextra;    /* LAMMPS arguments after "--" */
  char **extra;
} Options;

static int me = 0;

static void usage(FILE *out, const char *prog)
{
  if (me != 0) return;
  fprintf(out,
          "usage: %s --plugin PATH [--mode free|impact] [--chunks K] [--steps N] [--dt H]\n"
          "          [--scheme exact|newmark|euler] [-- LAMMPS arguments...]\n"
          "  --plugin PATH   rrpplugin.so to load (required)\n"
          "  --lammps PATH   liblammps.so to open at run time (default: $RRP_LAMMPS_LIBRARY, else\n"
          "                  the LAMMPS the driver was configured with)\n"
          "  --mode M        free (spinning, drifting ring; asserts momentum and |q|, the default)\n"
          "                  or impact (ring hitting the wall x = 0; reports only)\n"
          "  --chunks K      number of runs between which results are read (default 3)\n"
          "  --steps N       steps per chunk (default 500)\n"
          "  --dt H          time step (default 0.001)\n"
          "  --scheme S      fix rrp/nve scheme: exact (default), newmark or euler\n"
          "  -- ARGS         passed on to LAMMPS after -log none -screen none\n"
          "exit status: 0 ok, 1 check failed or LAMMPS error, 2 bad options\n",
          prog);
}

static int parse_long(const char *s, long *out)
{
  char *end = NULL;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno != 0 || end == s || *end != '\0') return 0;
  *out = v;
  return 1;
}

static int parse_double(const char *s, double *out)
{
  char *end = NULL;
  errno = 0;
  double v = strtod(s, &end);
  if (errno != 0 || end == s || *end != '\0' || !isfinite(v)) return 0;
  *out = v;
  return 1;
}

/* 0 ok, 1 --help, 2 bad options (message printed on rank 0) */
static int parse_options(int argc, char **argv, Options *o)
{
  o->plugin = NULL;
  o->lammps = NULL;
  o->impact = 0;
  o->chunks = 3;
  o->steps = 500;
  o->dt = 0.001;
  o->scheme = "exact";
  o->nextra = 0;
  o->extra = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      o->nextra = argc - i - 1;
      o->extra = argv + i + 1;
      break;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) return 1;
    if (i + 1 >= argc) {
      if (me == 0) fprintf(stderr, "%s: unknown option or missing value: %s\n", argv[0], a);
      return 2;
    }
    const char *v = argv[++i];
    long n = 0;
    if (strcmp(a, "--plugin") == 0) {
      o->plugin = v;
    } else if (strcmp(a, "--lammps") == 0) {
      o->lammps = v;
    } else if (strcmp(a, "--mode") == 0) {
      if (strcmp(v, "free") == 0) o->impact = 0;
      else if (strcmp(v, "impact") == 0) o->impact = 1;
      else {
        if (me == 0) fprintf(stderr, "%s: --mode must be free or impact, not '%s'\n", argv[0], v);
        return 2;
      }
    } else if (strcmp(a, "--chunks") == 0) {
      if (!parse_long(v, &n) || n < 1 || n > 1000000) {
        if (me == 0) fprintf(stderr, "%s: --chunks needs a positive integer, not '%s'\n", argv[0], v);
        return 2;
      }
      o->chunks = (int) n;
    } else if (strcmp(a, "--steps") == 0) {
      if (!parse_long(v, &n) || n < 1 || n > 1000000000L) {
        if (me == 0) fprintf(stderr, "%s: --steps needs a positive integer, not '%s'\n", argv[0], v);
        return 2;
      }
      o->steps = n;
    } else if (strcmp(a, "--dt") == 0) {
      if (!parse_double(v, &o->dt) || !(o->dt > 0.0)) {
        if (me == 0) fprintf(stderr, "%s: --dt needs a positive number, not '%s'\n", argv[0], v);
        return 2;
      }
    } else if (strcmp(a, "--scheme") == 0) {
      if (strcmp(v, "exact") != 0 && strcmp(v, "newmark") != 0 && strcmp(v, "euler") != 0) {
        if (me == 0)
          fprintf(stderr, "%s: --scheme must be exact, newmark or euler, not '%s'\n", argv[0], v);
        return 2;
      }
      o->scheme = v;
    } else {
      if (me == 0) fprintf(stderr, "%s: unknown option %s\n", argv[0], a);
      return 2;
    }
  }
  if (!o->plugin) {
    if (me == 0) fprintf(stderr, "%s: --plugin PATH is required\n", argv[0]);
    return 2;
  }
  if (strchr(o->plugin, '"')) {
    if (me == 0) fprintf(stderr, "%s: the plugin path must not contain '\"'\n", argv[0]);
    return 2;
  }
  return 0;
}

/* Report a pending LAMMPS error and return 1, or return 0. An error raised with error->all is
 * seen on every rank (kind 1): every rank takes the same branch, rank 0 reports it and the
 * caller shuts down cleanly. An error raised with error->one on some ranks only (kind 2, e.g.
 * a step too large for the exact map at one atom) leaves the other ranks waiting inside
 * LAMMPS: the rank that has it reports it and aborts the job, which must not hang. */
static int lammps_failed(void *lmp, const char *what)
{
  if (!lammps_has_error(lmp)) return 0;
  char msg[1024];
  int kind = lammps_get_last_error_message(lmp, msg, (int) sizeof msg);
  if (kind == 2) {
    fprintf(stderr, "torus_driver: LAMMPS error on rank %d in '%s' (other ranks may be blocked: "
            "aborting):\n  %s\n", me, what, msg);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (me == 0) fprintf(stderr, "torus_driver: LAMMPS error in '%s':\n  %s\n", what, msg);
  return 1;
}

/* Format and run one LAMMPS command; 0 ok, 1 error (reported). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int cmd(void *lmp, const char *fmt, ...)
{
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t) n >= sizeof line) {
    if (me == 0) fprintf(stderr, "torus_driver: command too long: %s...\n", line);
    return 1;
  }
  lammps_command(lmp, line);
  return lammps_failed(lmp, line);
}

/* the global vector of a compute, copied; 0 ok, 1 error */
static int read_compute(void *lmp, const char *id, int n, double *out)
{
  const double *v = (const double *) lammps_extract_compute(lmp, id, LMP_STYLE_GLOBAL, LMP_TYPE_VECTOR);
  if (lammps_failed(lmp, id)) return 1;
  if (!v) {
    if (me == 0) fprintf(stderr, "torus_driver: compute %s returned no global vector\n", id);
    return 1;
  }
  memcpy(out, v, (size_t) n * sizeof(double));
  return 0;
}

static double norm3(const double *a) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

static double diff3(const double *a, const double *b)
{
  double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
  return norm3(d);
}

/* Build the torus: box, styles, atoms, bonds, velocities, integrator, wall, computes. */
static int build_torus(void *lmp, const Options *o)
{
  const double R = 0.5 * D_TORUS;
  const double dp = D_TORUS * sin(PI / NP);
  /* ring centre: off the origin in free mode so that L about the origin has an orbital part of
   * the centroid; in impact mode its nearest surface is IMPACT_GAP from the wall x = 0 */
  double c[3] = {0.4, -0.3, 0.2};
  if (o->impact) {
    c[0] = IMPACT_GAP + 0.5 * dp + R;
    c[1] = 0.0;
    c[2] = 0.0;
  }
  const double lo[3] = {c[0] - R - 2 * dp, c[1] - R - 2 * dp, c[2] - 2 * dp};
  const double hi[3] = {c[0] + R + 2 * dp, c[1] + R + 2 * dp, c[2] + 2 * dp};

  if (cmd(lmp, "plugin load \"%s\"", o->plugin)) return 1;
  /* a plugin that fails to load is only a LAMMPS warning: check that its styles are there */
  if (!lammps_has_style(lmp, "fix", "rrp/nve") || !lammps_has_style(lmp, "bond", "rrp/binder")) {
    if (me == 0)
      fprintf(stderr, "torus_driver: the plugin '%s' did not load (no fix rrp/nve or bond_style "
              "rrp/binder): is --plugin the path of rrpplugin.so?\n", o->plugin);
    return 1;
  }
  if (cmd(lmp, "units lj")) return 1;
  if (cmd(lmp, "atom_style hybrid sphere bond")) return 1;
  if (cmd(lmp, "boundary m m m")) return 1;
  if (cmd(lmp, "region box block %.17g %.17g %.17g %.17g %.17g %.17g", lo[0], hi[0], lo[1], hi[1],
          lo[2], hi[2]))
    return 1;
  if (cmd(lmp, "create_box 1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4"))
    return 1;
  if (cmd(lmp, "mass 1 1.0")) return 1;
  if (cmd(lmp, "special_bonds lj/coul 1.0 1.0 1.0")) return 1;
  if (cmd(lmp, "bond_style rrp/binder")) return 1;
  if (cmd(lmp, "bond_coeff 1 10.0 200.0 200.0")) return 1;
  if (cmd(lmp, "pair_style rrp/hertz")) return 1;
  if (cmd(lmp, "pair_coeff * * %.17g", K_PP)) return 1;
  if (cmd(lmp, "neighbor 0.1 bin")) return 1;
  if (cmd(lmp, "neigh_modify delay 0 every 1 check yes")) return 1;
  if (cmd(lmp, "comm_modify cutoff 0.5")) return 1;

  /* atoms: ID k+1 at angle 2 pi k / NP in the x-y plane around c */
  for (int k = 0; k < NP; ++k) {
    const double phi = 2.0 * PI * k / NP;
    if (cmd(lmp, "create_atoms 1 single %.17g %.17g %.17g units box", c[0] + R * cos(phi),
            c[1] + R * sin(phi), c[2]))
      return 1;
  }
  if (cmd(lmp, "set group all diameter %.17g", dp)) return 1;
  if (cmd(lmp, "set group all mass 1.0")) return 1;

  /* velocities and spins, from the atom index only (independent of the number of ranks) */
  const double u[3] = {2.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0}; /* drift direction */
  for (int k = 0; k < NP; ++k) {
    const double phi = 2.0 * PI * k / NP;
    const double rx = R * cos(phi), ry = R * sin(phi);
    double v[3], w[3];
    if (o->impact) {
      v[0] = -1.0, v[1] = 0.0, v[2] = 0.0;
      w[0] = 0.0, w[1] = 0.0, w[2] = 0.0;
    } else {
      const double kk = (double) k;
      v[0] = FREE_DRIFT * u[0] - FREE_SPIN * ry + FREE_EPS * sin(0.7 * kk + 0.3);
      v[1] = FREE_DRIFT * u[1] + FREE_SPIN * rx + FREE_EPS * cos(1.3 * kk + 0.1);
      v[2] = FREE_DRIFT * u[2] + FREE_EPS * sin(2.1 * kk + 0.5);
      w[0] = FREE_EPS * cos(0.9 * kk + 0.2);
      w[1] = FREE_EPS * sin(1.7 * kk + 0.4);
      w[2] = FREE_SPIN + FREE_EPS * cos(2.3 * kk + 0.6);
    }
    if (cmd(lmp, "set atom %d vx %.17g vy %.17g vz %.17g omega %.17g %.17g %.17g", k + 1, v[0], v[1],
            v[2], w[0], w[1], w[2]))
      return 1;
  }

  /* binders between ring neighbours; the special list is rebuilt once, with the last bond */
  for (int k = 0; k < NP; ++k) {
    if (cmd(lmp, "create_bonds single/bond 1 %d %d%s", k + 1, (k + 1) % NP + 1,
            k + 1 < NP ? " special no" : ""))
      return 1;
  }

  if (cmd(lmp, "fix integrate all rrp/nve scheme %s inertia value 1.0", o->scheme)) return 1;
  if (o->impact) {
    if (cmd(lmp, "fix wall all rrp/wall xlo 0.0 %.17g", K_PW)) return 1;
    if (cmd(lmp, "fix_modify wall energy yes")) return 1;
  }
  if (cmd(lmp, "compute m all rrp/momentum integrate")) return 1;
  if (cmd(lmp, "compute e all rrp/energy")) return 1;
  if (cmd(lmp, "thermo_style custom step time pe c_m[7] c_m[8] c_e[1] c_e[2] c_e[3] c_e[4] c_e[5]"))
    return 1;
  if (cmd(lmp, "thermo_modify norm no")) return 1;
  if (cmd(lmp, "timestep %.17g", o->dt)) return 1;
  return 0;
}

typedef struct {
  double step, time;
  double m[8];   /* compute rrp/momentum: P, L, KE_trans, KE_rot */
  double e[7];   /* compute rrp/energy */
  double pe;
  double maxq;   /* max ||q| - 1| */
  double xc[3];  /* centroid */
  double xmin;   /* smallest x */
} Sample;

/* Read everything after a run. q and x hold natoms*4 and natoms*3 doubles. */
static int sample(void *lmp, int natoms, double *q, double *x, Sample *s)
{
  s->step = lammps_get_thermo(lmp, "step");
  s->time = lammps_get_thermo(lmp, "time");
  s->pe = lammps_get_thermo(lmp, "pe");
  if (lammps_failed(lmp, "lammps_get_thermo")) return 1;
  if (read_compute(lmp, "m", 8, s->m)) return 1;
  if (read_compute(lmp, "e", 7, s->e)) return 1;

  lammps_gather(lmp, "f_integrate", LAMMPS_DOUBLE, 4, q);
  if (lammps_failed(lmp, "lammps_gather f_integrate")) return 1;
  lammps_gather(lmp, "x", LAMMPS_DOUBLE, 3, x);
  if (lammps_failed(lmp, "lammps_gather x")) return 1;

  s->maxq = 0.0;
  for (int i = 0; i < natoms; ++i) {
    const double *qi = q + 4 * i;
    const double n = sqrt(qi[0] * qi[0] + qi[1] * qi[1] + qi[2] * qi[2] + qi[3] * qi[3]);
    const double dev = fabs(n - 1.0);
    if (!(dev <= s->maxq)) s->maxq = dev; /* also catches NaN */
  }
  s->xc[0] = s->xc[1] = s->xc[2] = 0.0;
  s->xmin = x[0];
  for (int i = 0; i < natoms; ++i) {
    for (int d = 0; d < 3; ++d) s->xc[d] += x[3 * i + d];
    if (x[3 * i] < s->xmin) s->xmin = x[3 * i];
  }
  for (int d = 0; d < 3; ++d) s->xc[d] /= natoms;
  return 0;
}

static double total_energy(const Sample *s) { return s->m[6] + s->m[7] + s->pe; }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int nprocs = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  Options o;
  int rc = parse_options(argc, argv, &o);
  if (rc != 0) {
    usage(rc == 1 ? stdout : stderr, argv[0]);
    MPI_Finalize();
    return rc == 1 ? 0 : 2;
  }

  /* the LAMMPS library, opened at run time */
  if (!o.lammps) o.lammps = getenv("RRP_LAMMPS_LIBRARY");
  if (!o.lammps) o.lammps = RRP_DEFAULT_LAMMPS_LIBRARY;
  char err[1024];
  if (rrp_lammps_load(o.lammps, &LMP, err, sizeof err) != 0) {
    if (me == 0) fprintf(stderr, "torus_driver: %s\n", err);
    MPI_Finalize();
    return 1;
  }

  /* LAMMPS arguments: program name, quiet defaults, then whatever came after "--" */
  int largc = 5 + o.nextra;
  char **largv = (char **) malloc((size_t) (largc + 1) * sizeof(char *));
  if (!largv) {
    fprintf(stderr, "torus_driver: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  largv[0] = argv[0];
  largv[1] = "-log";
  largv[2] = "none";
  largv[3] = "-screen";
  largv[4] = "none";
  for (int i = 0; i < o.nextra; ++i) largv[5 + i] = o.extra[i];
  largv[largc] = NULL;

  void *lmp = lammps_open(largc, largv, MPI_COMM_WORLD, NULL);
  free(largv);
  if (!lmp || lammps_has_error(lmp)) {
    char msg[1024];
    lammps_get_last_error_message(lmp, msg, (int) sizeof msg);
    if (me == 0) fprintf(stderr, "torus_driver: lammps_open failed: %s\n", msg);
    if (lmp) lammps_close(lmp);
    MPI_Finalize();
    return 1;
  }

  int status = 1;
  double *q = NULL, *x = NULL;
  const double dp = D_TORUS * sin(PI / NP);

  if (build_torus(lmp, &o)) goto done;
  if (cmd(lmp, "run 0")) goto done;

  const double nat = lammps_get_natoms(lmp);
  if (!(nat >= 1.0 && nat <= 1e8)) {
    if (me == 0) fprintf(stderr, "torus_driver: unexpected number of atoms %g\n", nat);
    goto done;
  }
  const int natoms = (int) nat;
  q = (double *) malloc((size_t) natoms * 4 * sizeof(double));
  x = (double *) malloc((size_t) natoms * 3 * sizeof(double));
  if (!q || !x) {
    if (me == 0) fprintf(stderr, "torus_driver: out of memory\n");
    goto done;
  }

  Sample s0, s;
  if (sample(lmp, natoms, q, x, &s0)) goto done;
  const double P0 = norm3(s0.m), L0 = norm3(s0.m + 3), E0 = total_energy(&s0);
  const double mass = (double) natoms; /* m = 1 each */
  /* with L0 ~ 0 (the symmetric impact) a relative change is meaningless: report |L - L0| */
  const int Labs = !(L0 > 1e-9);

  if (me == 0) {
    printf("# rrp-torus-driver: mode %s, scheme %s, %d ranks, %d atoms, D_p = %.10g, dt = %g, "
           "%d chunks of %ld steps\n",
           o.impact ? "impact" : "free", o.scheme, nprocs, natoms, dp, o.dt, o.chunks, o.steps);
    printf("# P0 = (%.10g, %.10g, %.10g)  L0 = (%.10g, %.10g, %.10g)  E0 = %.12g\n", s0.m[0],
           s0.m[1], s0.m[2], s0.m[3], s0.m[4], s0.m[5], E0);
    if (Labs) printf("# |L0| = %.3g ~ 0: the L column is the absolute change |L - L0|\n", L0);
    printf("# %7s %9s %12s %12s %12s %12s %12s %12s %12s %12s\n", "step", "time", "|dP|/|P0|",
           Labs ? "|dL|" : "|dL|/|L0|", "dE/E0", "max||q|-1|", "U_binder", "U_pp", "U_pw",
           o.impact ? "wall_gap" : "cm_err");
  }

  double maxdP = 0.0, maxdL = 0.0, maxdE = 0.0, maxq = s0.maxq;
  for (int chunk = 0; chunk < o.chunks; ++chunk) {
    if (cmd(lmp, "run %ld pre no post no", o.steps)) goto done;
    if (sample(lmp, natoms, q, x, &s)) goto done;
    const double dP = diff3(s.m, s0.m) / P0;
    const double dL = diff3(s.m + 3, s0.m + 3) / (Labs ? 1.0 : L0);
    const double dE = (total_energy(&s) - E0) / E0;
    double last;
    if (o.impact) {
      last = s.xmin - 0.5 * dp; /* negative: overlapping the wall */
    } else {
      /* sum F = 0 makes the centroid move as X0 + P0 t / M */
      const double t = s.time - s0.time;
      double pred[3];
      for (int d = 0; d < 3; ++d) pred[d] = s0.xc[d] + s0.m[d] * t / mass;
      last = diff3(s.xc, pred);
    }
    if (me == 0)
      printf("  %7.0f %9.4f %12.4e %12.4e %12.4e %12.4e %12.6g %12.6g %12.6g %12.4e\n", s.step,
             s.time, dP, dL, dE, s.maxq, s.e[0] + s.e[1] + s.e[2], s.e[3], s.e[4], last);
    if (!(dP <= maxdP)) maxdP = dP;
    if (!(dL <= maxdL)) maxdL = dL;
    if (!(fabs(dE) <= maxdE)) maxdE = fabs(dE);
    if (!(s.maxq <= maxq)) maxq = s.maxq;
  }
  if (me == 0) fflush(stdout);

  if (o.impact) {
    if (me == 0)
      printf("impact: max |dP|/|P0| = %.3e (the wall changes P), max %s = %.3e, max |dE/E0| = "
             "%.3e, max ||q|-1| = %.3e\n",
             maxdP, Labs ? "|dL|" : "|dL|/|L0|", maxdL, maxdE, maxq);
    status = 0;
  } else {
    const int ok = maxdP <= TOL && maxdL <= TOL && maxq <= TOL;
    if (me == 0) {
      printf("free: max |dP|/|P0| = %.3e, max |dL|/|L0| = %.3e, max ||q|-1| = %.3e "
             "(tolerance %.0e); max |dE/E0| = %.3e (not asserted)\n",
             maxdP, maxdL, maxq, TOL, maxdE);
      if (ok) {
        printf("PASS: momentum conserved and orientations unit quaternions\n");
      } else {
        if (!(maxdP <= TOL)) printf("FAIL: linear momentum drift %.3e > %.0e\n", maxdP, TOL);
        if (!(maxdL <= TOL)) printf("FAIL: angular momentum drift %.3e > %.0e\n", maxdL, TOL);
        if (!(maxq <= TOL)) printf("FAIL: quaternion norm deviation %.3e > %.0e\n", maxq, TOL);
      }
    }
    status = ok ? 0 : 1;
  }
  /* every rank saw the same gathered data, but let rank 0 decide */
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);

done:
  if (me == 0) fflush(stdout);
  free(q);
  free(x);
  lammps_close(lmp);
  MPI_Finalize();
  return status;
}
