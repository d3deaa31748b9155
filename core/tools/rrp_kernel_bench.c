/* rrp-kernel-bench - the core's integration kernels alone, no LAMMPS: nanoseconds per
 * particle-step of the sphere maps (exact, newmark, euler) and of the general-inertia map for
 * ellipsoids, on arrays laid out as LAMMPS lays them out, and a streaming loop that measures the
 * memory bandwidth the kernels compete for.
 *
 *   rrp-kernel-bench [--n N] [--steps S] [--reps R] [--hw W] [--kernel NAME]
 *
 * N particles (default 1e5), S steps per repetition (default 20), the best of R repetitions
 * (default 5); W = h |omega|, the rotation per step (default 0.02). The particles have random
 * masses, radii or principal moments near 1, random angular velocities of the given size and no
 * force or torque, so every step does the work of a real one. The binder kernel evaluates N bonds
 * (convected shear form) between particles turned by random angles of up to W since bonding, one
 * at a time (rrp_binder) and in blocks (rrp_binder_loads); "lattice" is the block kernel as
 * bond_style rrp/binder meets it in LAMMPS: a cubic lattice (46^3 spheres, or the largest that N
 * holds) with a bond to each neighbour ahead, the far atoms gathered and the forces and torques
 * added to both atoms' rows. The viscous binder (shear linear, two
 * terms in each of the four modes, a step of 2e-3 against relaxation times 0.05 and 1) on the
 * same bonds, each with its reference and branch state in a slot of its own as bond_style
 * rrp/binder keeps them: as before the block kernel (visco-2pass: the elastic block kernel of the
 * equilibrium stiffnesses, then rrp_visco_binder bond by bond) and fused (visco: rrp_visco_loads,
 * the states gathered into the block and scattered back), each with its ratio to linear-kt, the
 * elastic binder of the same stiffnesses.
 * "joined" is the exact map with each step's second half made by the next step's first half, in
 * one pass (rrp_first_options.joined).
 * NAME (exact, newmark, euler, joined, bodies, binder, stream) runs that one only (e.g. under valgrind
 * --tool=callgrind, for instruction counts). Prints one line per kernel.
 */
#define _POSIX_C_SOURCE 199309L
#include "rrp/binder.h"
#include "rrp/bodies.h"
#include "rrp/integrator.h"
#include "rrp/rotation.h"
#include "rrp/visco.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

static uint64_t rng = 88172645463325252ULL;
static double uniform(void) /* [0, 1) */
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double) (rng >> 11) * 0x1.0p-53;
}

static int parse(const char *s, double *out)
{
  char *end = NULL;
  errno = 0;
  const double v = strtod(s, &end);
  if (errno != 0 || end == s || *end != '\0' || !(v > 0.0) || !isfinite(v)) return 0;
  *out = v;
  return 1;
}

static void *alloc(size_t n)
{
  void *p = calloc(n, 1);
  if (!p) {
    fprintf(stderr, "rrp-kernel-bench: out of memory\n");
    exit(1);
  }
  return p;
}

/* bond i-j into lane k of a block: x_i - x_j, the orientations, the reference rs (r_i then p, as
 * rrp_binder_ref and a bond style's slot hold them) */
static void gather_bond(rrp_binder_block *b, int k, const double xi[3], const double xj[3],
                        const double qi[4], const double qj[4], const double *rs)
{
  for (int d = 0; d < 3; d++) {
    b->d[d][k] = xi[d] - xj[d];
    b->ri[d][k] = rs[d];
  }
  for (int d = 0; d < 4; d++) {
    b->qi[d][k] = qi[d];
    b->qj[d][k] = qj[d];
    b->p[d][k] = rs[3 + d];
  }
}

/* The binders as bond_style rrp/binder meets them in LAMMPS: a periodic cubic lattice of side^3
 * spheres with a bond to each of the three neighbours ahead (x, y, z), in LAMMPS's bond list
 * order (atom by atom), the wrapped neighbours as ghost atoms after the owned ones; each bond's
 * reference in a slot of its first atom's six (56 bytes each, as the style's slots); gathered in
 * blocks, the block kernel (convected shear), and the forces and torques added to both atoms'
 * rows, as the style applies them. Returns the best time per bond-step in seconds. */
static double lattice_bench(int side, int steps, int reps, double hw, double *sum)
{
  const int na = side * side * side, nbond = 3 * na;
  int *bi = alloc(sizeof(int) * (size_t) nbond), *bj = alloc(sizeof(int) * (size_t) nbond);
  double(*x)[3] = alloc(sizeof(double[3]) * (size_t) (na + nbond));
  double(*q)[4] = alloc(sizeof(double[4]) * (size_t) (na + nbond));
  double(*f)[3] = alloc(sizeof(double[3]) * (size_t) (na + nbond));
  double(*t)[3] = alloc(sizeof(double[3]) * (size_t) (na + nbond));
  double(*slot)[7] = alloc(sizeof(double[7]) * 6 * (size_t) na);
  int ng = na;
  for (int i = 0; i < na; i++) {
    const int c[3] = {i % side, (i / side) % side, i / (side * side)};
    const double a[3] = {hw * (uniform() - 0.5), hw * (uniform() - 0.5), hw * (uniform() - 0.5)};
    rrp_alpha_to_quat(a, q[i]);
    for (int d = 0; d < 3; d++) x[i][d] = c[d] + 0.01 * uniform();
  }
  for (int i = 0; i < na; i++) {
    const int c[3] = {i % side, (i / side) % side, i / (side * side)};
    const int stride[3] = {1, side, side * side};
    for (int d = 0; d < 3; d++) {
      const int b = 3 * i + d;
      bi[b] = i;
      if (c[d] + 1 < side) {
        bj[b] = i + stride[d];
      } else { /* (the neighbour across the boundary: a ghost copy, shifted by the box) */
        const int o = i - (side - 1) * stride[d];
        memcpy(q[ng], q[o], sizeof q[ng]);
        for (int e = 0; e < 3; e++) x[ng][e] = x[o][e] + (e == d ? side : 0.0);
        bj[b] = ng++;
      }
      double *r = slot[6 * i + d];
      for (int e = 0; e < 3; e++) r[e] = e == d ? -1.0 : 0.0; /* r_i: the bond along +d */
      r[3] = 1.0, r[4] = r[5] = r[6] = 0.0;
    }
  }
  static rrp_binder_block blk;
  for (int k = 0; k < RRP_BINDER_BLOCK; k++) {
    blk.kb[k] = blk.kt[k] = 10.0;
    blk.ka[k] = blk.ks[k] = 200.0;
    blk.measure[k] = 0;
  }
  double best = HUGE_VAL;
  for (int r = 0; r < reps; r++) {
    const double t0 = now();
    for (int st = 0; st < steps; st++)
      for (int b0 = 0; b0 < nbond; b0 += RRP_BINDER_BLOCK) {
        const int nb = nbond - b0 < RRP_BINDER_BLOCK ? nbond - b0 : RRP_BINDER_BLOCK;
        for (int k = 0; k < nb; k++) {
          const int i = bi[b0 + k], j = bj[b0 + k];
          gather_bond(&blk, k, x[i], x[j], q[i], q[j], slot[6 * i + (b0 + k) % 3]);
        }
        if (rrp_binder_loads(&blk, nb, RRP_SHEAR_CONVECTED) != RRP_OK) {
          fprintf(stderr, "rrp-kernel-bench: binder lattice failed\n");
          exit(1);
        }
        for (int k = 0; k < nb; k++) {
          const int i = bi[b0 + k], j = bj[b0 + k];
          for (int d = 0; d < 3; d++) {
            f[i][d] += blk.fi[d][k];
            t[i][d] += blk.ti[d][k];
            f[j][d] -= blk.fi[d][k];
            t[j][d] += blk.tj[d][k];
          }
        }
      }
    best = fmin(best, (now() - t0) / ((double) steps * nbond));
  }
  *sum += f[na / 2][0] + t[na / 3][1];
  free(bi), free(bj), free(x), free(q), free(f), free(t), free(slot);
  return best;
}

/* The viscous binders' section: bonds i-(i+1) as the elastic ones (x, q, ref), shear linear, two
 * terms in every mode. Each bond's slot holds its reference (7) and its state, as bond_style
 * rrp/binder's; a pass is one step of all bonds, gathered into blocks of RRP_BINDER_BLOCK as the
 * bond style gathers them: elastic (linear-kt, the elastic binder of the same instantaneous
 * stiffnesses, its reference from ref), visco-2pass (the elastic block kernel of the equilibrium
 * stiffnesses, then rrp_visco_binder bond by bond: the path before the fused kernel) and visco
 * (rrp_visco_loads, the states put into the block and got back), and visco's parts apart: its
 * kernel alone (visco-kernel: the states kept in the block, never put or got) and its copies
 * alone (visco-copies: the states put and got, no kernel); the gather of positions, orientations
 * and references is in every pass, and alone in gather (no kernel, no state). The passes take
 * turns in each repetition, so that a change of the machine's load falls on all; the best of
 * each. */
static void visco_bench(int n, int steps, int reps, double (*x)[3], double (*q)[4],
                        const rrp_binder_ref *ref, double *sum)
{
  const rrp_visco_series two = {2, {0.5, 0.3}, {0.05, 1.0}};
  const rrp_visco_series series[RRP_VISCO_MODES] = {two, two, two, two};
  const double stiff[RRP_VISCO_MODES] = {200.0, 200.0, 10.0, 4.0}; /* Ka, Ks, Kb, Kt */
  const int terms[RRP_VISCO_MODES] = {2, 2, 2, 2};
  const double geq = rrp_visco_equilibrium(&two);
  rrp_visco_step vst;
  rrp_visco_factors vf;
  if (rrp_visco_step_set(series, stiff, 2e-3, &vst) != RRP_OK) exit(1);
  rrp_visco_factors_set(&vst, &vf);
  const int nstate = rrp_visco_state_size(terms), nslot = RRP_BINDER_SLOT + nstate;
  /* (one array of slots for both viscous passes: each takes the state on by a step) */
  double *slots = alloc(sizeof(double) * (size_t) n * (size_t) nslot);
  for (int i = 0; i < n; i++) {
    double *slot = slots + (size_t) i * (size_t) nslot;
    memcpy(slot, ref[i].ri, 3 * sizeof(double));
    memcpy(slot + 3, ref[i].p, 4 * sizeof(double)); /* the state relaxed (alloc zeroes) */
  }
  static rrp_binder_block blk;
  static rrp_visco_block vblk;
  vblk.nterms = rrp_visco_block_terms(2);
  enum { ELASTIC, TWOPASS, FUSED, KERNEL, COPIES, GATHER, GATHER_E, KINDS };
  const char *names[KINDS] = {"linear-kt",    "visco-2pass",  "visco",   "visco-kernel",
                              "visco-copies", "visco-gather", "gather"};
  double best[KINDS];
  for (int kind = 0; kind < KINDS; kind++) best[kind] = HUGE_VAL;
  for (int r = 0; r < reps; r++)
    for (int kind = 0; kind < KINDS; kind++) {
      /* (the fused kernel's parts: its copies of the states, its kernel; the gather alone) */
      const int put = kind == FUSED || kind == COPIES, kernel = kind == FUSED || kind == KERNEL;
      /* the stiffnesses of the elastic loads: instantaneous (elastic), equilibrium (viscous) */
      const double g = kind == 0 ? 1.0 : geq;
      for (int k = 0; k < RRP_BINDER_BLOCK; k++) {
        blk.ka[k] = stiff[0] * g;
        blk.ks[k] = stiff[1] * g;
        blk.kb[k] = stiff[2] * g;
        blk.kt[k] = stiff[3] * g;
        blk.measure[k] = 0;
      }
      const int viscous = kind != ELASTIC && kind != GATHER_E;
      double *states[RRP_BINDER_BLOCK];
      double *slot0 = viscous ? slots : NULL;
      const double t0 = now();
      for (int st = 0; st < steps; st++)
        for (int i0 = 0; i0 < n; i0 += RRP_BINDER_BLOCK) {
          const int nb = n - i0 < RRP_BINDER_BLOCK ? n - i0 : RRP_BINDER_BLOCK;
          for (int k = 0; k < nb; k++) {
            const int i = i0 + k, j = i + 1 < n ? i + 1 : 0;
            const double *rs =
                viscous ? slot0 + (size_t) i * (size_t) nslot : (const double *) &ref[i];
            gather_bond(&blk, k, x[i], x[j], q[i], q[j], rs);
            states[k] = viscous ? slot0 + (size_t) i * (size_t) nslot + RRP_BINDER_SLOT : NULL;
          }
          /* (the states in and out as bond_style rrp/binder moves them: the block's lanes at once) */
          if (put) rrp_visco_block_put_lanes(&vblk, 0, nb, terms, (const double *const *) states);
          if (kind >= FUSED) { /* (and the gathers alone: no kernel, no copies) */
            if (kernel && rrp_visco_loads(&blk, &vblk, 0, nb, &vf) != RRP_OK) exit(1);
            if (put) rrp_visco_block_get_lanes(&vblk, 0, nb, terms, states);
            for (int k = 0; k < nb; k++) *sum += blk.fi[0][k] + blk.ti[1][k] + vblk.stored[k];
            continue;
          }
          if (rrp_binder_loads(&blk, nb, RRP_SHEAR_LINEAR) != RRP_OK) exit(1);
          for (int k = 0; k < nb && kind == TWOPASS; k++) {
            const int i = i0 + k, j = i + 1 < n ? i + 1 : 0;
            double *slot = slot0 + (size_t) i * (size_t) nslot;
            const double dk[3] = {blk.d[0][k], blk.d[1][k], blk.d[2][k]};
            rrp_visco_load vl;
            if (rrp_visco_binder(&vst, terms, dk, q[i], q[j], slot, slot + 3,
                                 slot + RRP_BINDER_SLOT, &vl) != RRP_OK)
              exit(1);
            for (int d = 0; d < 3; d++) {
              blk.fi[d][k] += vl.fi[d];
              blk.ti[d][k] += vl.ti[d];
              blk.tj[d][k] += vl.tj[d];
            }
            blk.ua[k] += vl.stored[0];
          }
          for (int k = 0; k < nb; k++) *sum += blk.fi[0][k] + blk.ti[1][k];
        }
      best[kind] = fmin(best[kind], (now() - t0) / ((double) steps * n));
    }
  for (int kind = 0; kind < KINDS; kind++)
    printf("binder   %-9s %6.2f ns per bond-step, %.2fx linear-kt (taking turns with it), %d "
           "bytes per slot, %d bonds\n",
           names[kind], 1e9 * best[kind], best[kind] / best[0],
           (int) sizeof(double) * (kind != ELASTIC && kind != GATHER_E ? nslot : RRP_BINDER_SLOT), n);
  /* the parts, each pass less its gather: the kernels, the copies of the states */
  const double g = best[GATHER], ge = best[GATHER_E];
  const double ke = best[ELASTIC] - ge, kv = best[KERNEL] - g;
  printf("binder   parts: gather %.2f ns (viscous slots %.2f); kernel elastic %.2f, viscous %.2f "
         "(%.2fx); the states' copies %.2f ns per bond-step\n",
         1e9 * ge, 1e9 * g, 1e9 * ke, 1e9 * kv, kv / ke, 1e9 * (best[COPIES] - g));
  free(slots);
}

int main(int argc, char **argv)
{
  double n_d = 1e5, steps_d = 20, reps_d = 5, hw = 0.02;
  const char *only = NULL;
  for (int a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--kernel") == 0 && a + 1 < argc) {
      only = argv[++a];
      continue;
    }
    double *target = NULL;
    if (strcmp(argv[a], "--n") == 0) target = &n_d;
    else if (strcmp(argv[a], "--steps") == 0) target = &steps_d;
    else if (strcmp(argv[a], "--reps") == 0) target = &reps_d;
    else if (strcmp(argv[a], "--hw") == 0) target = &hw;
    if (!target || a + 1 >= argc || !parse(argv[a + 1], target)) {
      fprintf(stderr, "usage: rrp-kernel-bench [--n N] [--steps S] [--reps R] [--hw W] [--kernel NAME]\n"
                      "  (bad or missing value for %s)\n", argv[a]);
      return 2;
    }
    a++;
  }
  const int n = (int) n_d, steps = (int) steps_d, reps = (int) reps_d;
  const double h = 1.0;
  double *mass = alloc(sizeof(double) * (size_t) n), *radius = alloc(sizeof(double) * (size_t) n);
  double(*x)[3] = alloc(sizeof(*x) * (size_t) n), (*v)[3] = alloc(sizeof(*v) * (size_t) n);
  double(*f)[3] = alloc(sizeof(*f) * (size_t) n), (*om)[3] = alloc(sizeof(*om) * (size_t) n);
  double(*tq)[3] = alloc(sizeof(*tq) * (size_t) n), (*q)[4] = alloc(sizeof(*q) * (size_t) n);
  double(*I)[3] = alloc(sizeof(*I) * (size_t) n);
  int *mask = alloc(sizeof(int) * (size_t) n);
  for (int i = 0; i < n; i++) {
    mass[i] = 0.5 + uniform();
    radius[i] = 0.5 + 0.5 * uniform();
    mask[i] = 1;
    for (int d = 0; d < 3; d++) {
      om[i][d] = hw / sqrt(3.0) * (2.0 * uniform() - 1.0);
      v[i][d] = 1e-3 * (2.0 * uniform() - 1.0);
    }
    q[i][0] = 1.0;
    I[i][0] = 0.2 * mass[i] * (1.0 + uniform());
    I[i][1] = I[i][0] * (1.2 + 0.5 * uniform());
    I[i][2] = 0.5 * (I[i][0] + I[i][1]) + 0.1 * I[i][0];
  }
  const rrp_spheres sp = {n, mask, 1, mass, radius, x, v, (const double(*)[3]) f, om,
                          (const double(*)[3]) tq, q};
  const rrp_inertia solid = {RRP_INERTIA_RATIO, 0.4, NULL};
  printf("rrp-kernel-bench: %d particles, %d steps, best of %d, h |omega| about %g\n", n, steps,
         reps, hw);
  const char *names[] = {"exact", "newmark", "euler", "joined"};
  const rrp_first_options owed = {NULL, 1, NULL, NULL};
  for (int k = 0; k < 4; k++) {
    if (only && strcmp(only, names[k]) != 0) continue;
    const int joined = k == 3;
    const rrp_scheme *s = rrp_scheme_find(joined ? "exact" : names[k]);
    double best = HUGE_VAL;
    for (int r = 0; r < reps; r++) {
      const double t0 = now();
      for (int st = 0; st < steps; st++) {
        const int status =
            rrp_spheres_first(s, &sp, &solid, h, 1.0, joined && st > 0 ? &owed : NULL, NULL);
        if (status != RRP_OK) {
          fprintf(stderr, "rrp-kernel-bench: %s step failed\n", names[k]);
          return 1;
        }
        if (!joined || st == steps - 1) rrp_spheres_second(s, &sp, &solid, h, 1.0);
      }
      best = fmin(best, (now() - t0) / ((double) steps * n));
    }
    printf("spheres %-8s %8.2f ns per particle-step\n", names[k], 1e9 * best);
  }
  /* the bodies' angular momenta L = I omega (body frame = space frame at the identity) */
  for (int i = 0; i < n; i++)
    for (int d = 0; d < 3; d++) om[i][d] *= I[i][d];
  const rrp_bodies bd = {n, mask, 1, mass, (const double(*)[3]) I, x, v, (const double(*)[3]) f,
                         om, (const double(*)[3]) tq, NULL, q[0], NULL, 4};
  double best = HUGE_VAL;
  for (int r = 0; r < reps && (!only || strcmp(only, "bodies") == 0); r++) {
    const double t0 = now();
    for (int st = 0; st < steps; st++) {
      if (rrp_bodies_first(&bd, h, 1.0, NULL) != RRP_OK) {
        fprintf(stderr, "rrp-kernel-bench: bodies step failed\n");
        return 1;
      }
      rrp_bodies_second(&bd, h, 1.0);
    }
    best = fmin(best, (now() - t0) / ((double) steps * n));
  }
  if (!only || strcmp(only, "bodies") == 0)
    printf("bodies   general  %8.2f ns per particle-step\n", 1e9 * best);
  /* binders: bond i joins particles i and i+1 (the last one to 0), bonded along x at the identity
   * orientations, now turned by random angles up to W */
  if (!only || strcmp(only, "binder") == 0) {
    rrp_binder_ref *ref = alloc(sizeof(rrp_binder_ref) * (size_t) n);
    for (int i = 0; i < n; i++) {
      const double a[3] = {hw * (uniform() - 0.5), hw * (uniform() - 0.5), hw * (uniform() - 0.5)};
      rrp_alpha_to_quat(a, q[i]);
      x[i][0] = 1.0 * i + 0.01 * uniform(), x[i][1] = 0.01 * uniform(), x[i][2] = 0.01 * uniform();
      ref[i].ri[0] = -1.0, ref[i].ri[1] = ref[i].ri[2] = 0.0;
      ref[i].p[0] = 1.0;
      for (int d = 1; d < 4; d++) ref[i].p[d] = 0.0;
    }
    const rrp_binder_coeff c = {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_CONVECTED, 0};
    double sum = 0.0;
    best = HUGE_VAL;
    for (int r = 0; r < reps; r++) {
      const double t0 = now();
      for (int st = 0; st < steps; st++)
        for (int i = 0; i < n; i++) {
          const int j = i + 1 < n ? i + 1 : 0;
          rrp_binder_load load;
          if (rrp_binder(&c, &ref[i], NULL, x[i], x[j], q[i], q[j], &load) != RRP_OK) {
            fprintf(stderr, "rrp-kernel-bench: binder failed\n");
            return 1;
          }
          sum += load.fi[0] + load.ti[1];
        }
      best = fmin(best, (now() - t0) / ((double) steps * n));
    }
    printf("binder   convected %7.2f ns per bond-step\n", 1e9 * best);
    /* the same bonds in blocks (rrp_binder_loads), gathered and scattered as bond_style
     * rrp/binder does: the paper's binder (blocked), shear linear (linear), and shear linear with a
     * twist stiffness apart from the bending one (linear-kt) */
    static rrp_binder_block blk;
    const struct {
      const char *name;
      rrp_binder_coeff c;
    } forms[] = {{"blocked", c},
                 {"linear", {10.0, 10.0, 200.0, 200.0, RRP_SHEAR_LINEAR, 0}},
                 {"linear-kt", {10.0, 4.0, 200.0, 200.0, RRP_SHEAR_LINEAR, 0}}};
    for (size_t m = 0; m < sizeof(forms) / sizeof(forms[0]); m++) {
      const rrp_binder_coeff cf = forms[m].c;
      /* every bond has the same coefficients: stored in the block once, as a gather of constants */
      for (int k = 0; k < RRP_BINDER_BLOCK; k++) {
        blk.kb[k] = cf.kb;
        blk.kt[k] = cf.kt;
        blk.ka[k] = cf.ka;
        blk.ks[k] = cf.ks;
        blk.measure[k] = cf.measure;
      }
      best = HUGE_VAL;
      for (int r = 0; r < reps; r++) {
        const double t0 = now();
        for (int st = 0; st < steps; st++)
          for (int i0 = 0; i0 < n; i0 += RRP_BINDER_BLOCK) {
            const int nb = n - i0 < RRP_BINDER_BLOCK ? n - i0 : RRP_BINDER_BLOCK;
            for (int k = 0; k < nb; k++) {
              const int i = i0 + k, j = i + 1 < n ? i + 1 : 0;
              gather_bond(&blk, k, x[i], x[j], q[i], q[j], (const double *) &ref[i]);
            }
            if (rrp_binder_loads(&blk, nb, cf.shear) != RRP_OK) {
              fprintf(stderr, "rrp-kernel-bench: binder block failed\n");
              return 1;
            }
            for (int k = 0; k < nb; k++) sum += blk.fi[0][k] + blk.ti[1][k];
          }
        best = fmin(best, (now() - t0) / ((double) steps * n));
      }
      printf("binder   %-9s %6.2f ns per bond-step\n", forms[m].name, 1e9 * best);
    }
    /* the lattice of LAMMPS's bench (46^3 spheres, 292,008 bonds), or the one that n holds */
    int side = 46;
    while (side > 2 && side * side * side > n) side--;
    printf("binder   lattice   %6.2f ns per bond-step (%d spheres on a lattice, 3 bonds each, the far "
           "atoms and the added forces and torques of the bond style)\n",
           1e9 * lattice_bench(side, steps, reps, hw, &sum), side * side * side);
    /* (at most 1e6 viscous bonds: 256 bytes each) */
    visco_bench(n < 1000000 ? n : 1000000, steps, reps, x, q, ref, &sum);
    volatile double keep = sum;
    (void) keep;
    free(ref);
  }
  /* streaming: read f and torque, update v and omega (a triad over 4 arrays of 3 doubles) */
  for (int r = 0; r < reps && (!only || strcmp(only, "stream") == 0); r++) {
    if (r == 0) best = HUGE_VAL;
    const double t0 = now();
    for (int st = 0; st < steps; st++)
      for (int i = 0; i < n; i++)
        for (int d = 0; d < 3; d++) {
          v[i][d] += 0.5 * f[i][d];
          om[i][d] += 0.5 * tq[i][d];
        }
    best = fmin(best, (now() - t0) / ((double) steps * n));
  }
  const double bytes = 4.0 * 24.0 + 2.0 * 24.0; /* read v, f, omega, torque; write v, omega */
  if (!only || strcmp(only, "stream") == 0)
    printf("stream   triad    %8.2f ns per particle-step, %.0f bytes: %.2f GB/s\n", 1e9 * best, bytes,
           bytes / best * 1e-9);
  volatile double sink = x[n / 2][0] + v[n / 3][1] + om[n / 4][2] + q[n / 5][3];
  (void) sink;
  free(mass), free(radius), free(x), free(v), free(f), free(om), free(tq), free(q), free(I), free(mask);
  return 0;
}
