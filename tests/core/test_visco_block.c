/* test_visco_block.c - the fused block kernel of the viscous binders (rrp_visco_loads) against the
 * one-bond reference, the elastic loads of the equilibrium stiffnesses (rrp_binder, linear shear)
 * plus the branches (rrp_visco_binder): the same loads, energies, dissipated work and states to
 * round-off through many steps, over random configurations and states, bond types of different
 * term counts (and zero-stiffness modes) in one block, every layout of the states; the measures
 * of rupture bitwise rrp_binder's; a bond alone in a block and among others, at any lane, and
 * through the one-lane kernel (rrp_visco_kernel, scalar code), bitwise;
 * the kernel compiled for each instruction set this processor runs (SSE2, AVX2, AVX-512) bitwise
 * the library's; the loads of s = K e (no branches) the elastic loads; bad input reported. */
#include "rrp/binder.h"
#include "rrp/rotation.h"
#include "rrp/visco.h"
#include "rrp/visco_kernel.h"

#include "binder_test_util.h"
#include "test_util.h"
#include "visco_block.h" /* core/src: the kernel's loop, compiled here for each instruction set */

#include <string.h>

#define STATE_MAX (RRP_VISCO_BRANCHES + 8 * RRP_VISCO_TERMS)
#define NB RRP_BINDER_BLOCK

/* Tolerance of the fused kernel against the two-pass reference. The two sum the same terms in
 * other orders (the total stress at once against the elastic loads plus the branch loads; R_i as
 * a matrix against quaternion rotations; J^-1 of the twist and bending parts together), and each
 * makes its measures (g - d^, theta - tau d^, L/L0 - 1) as differences of numbers of order 1,
 * with an absolute rounding of a few ulp whatever their size: so a load differs by a few ulp of
 * the stiffness (K eps, the loads being K times the measures) plus a few ulp of the largest
 * elastic or branch load, an energy by K |e| eps, a branch stress by K eps per step carried
 * forward (decaying). Measured: loads 1.4e-15 of K + the largest load, branch stresses 2.2e-16
 * of it, energies and dissipated work 1.2e-16 of K |e| + the energy (printed). */
#define TOL_FUSED 2e-14

/* the kernel's loop for each instruction set (RRP_CLONES' versions), from the same source with
 * the library's flags (tests/CMakeLists.txt) */
#define ISA_LOOP(name, attr)                                                                       \
  attr static int name(rrp_binder_block *b, rrp_visco_block *v, int lo, int hi,                    \
                       const rrp_visco_factors *f)                                                 \
  {                                                                                                \
    return visco_block_run(b, v, lo, hi, f);                                                       \
  }
ISA_LOOP(loop_baseline, )
#if defined(__x86_64__) && defined(__GNUC__) && !defined(RRP_NO_TARGET_CLONES)
ISA_LOOP(loop_avx2, __attribute__((target("avx2"))))
ISA_LOOP(loop_avx512, __attribute__((target("avx512f"))))
#define HAVE_ISAS 1
#endif

/* a bond: its configuration (binder_test_util.h's random_config) and its type */
typedef struct bond {
  config c;
  int type, measure;
} bond;

static void random_bond(rng_t *r, double strain, bond *b)
{
  random_config(r, strain, &b->c);
}

/* a step of motion: the atoms moved and turned by up to size */
static void move_bond(rng_t *r, double size, bond *c)
{
  double dx[3], th[3], dq[4];
  rng_vec(r, size, dx);
  for (int k = 0; k < 3; k++) c->c.xi[k] += dx[k];
  rng_vec(r, size, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->c.qi, c->c.qi);
  rrp_quat_normalize(c->c.qi);
  rng_vec(r, size, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->c.qj, c->c.qj);
  rrp_quat_normalize(c->c.qj);
}

/* a bond type: stiffnesses, series per mode (n terms each), its step factors */
typedef struct type {
  double K[RRP_VISCO_MODES]; /* Ka, Ks, Kb, Kt */
  double Keq[RRP_VISCO_MODES];
  rrp_visco_series s[RRP_VISCO_MODES];
  rrp_visco_step st;
  rrp_visco_factors f;
} type;

static void random_type(rng_t *r, const int n[RRP_VISCO_MODES], type *t)
{
  const double scale[RRP_VISCO_MODES] = {200.0, 150.0, 10.0, 6.0};
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    t->K[m] = scale[m] * rng_range(r, 0.5, 1.5);
    memset(&t->s[m], 0, sizeof(t->s[m]));
    t->s[m].n = n[m];
    double left = rng_uniform(r) < 0.3 ? 1.0 : 0.95; /* some modes with no equilibrium part */
    for (int k = 0; k < n[m]; k++) {
      t->s[m].g[k] = k + 1 == n[m] && left == 1.0 ? left : left * rng_range(r, 0.1, 0.6);
      left -= t->s[m].g[k];
      t->s[m].tau[k] = exp(rng_range(r, log(0.01), log(20.0)));
    }
    t->Keq[m] = t->K[m] * rrp_visco_equilibrium(&t->s[m]);
  }
}

static void type_step(type *t, double dxi)
{
  assert_int_equal(rrp_visco_step_set(t->s, t->K, dxi, &t->st), RRP_OK);
  rrp_visco_factors_set(&t->st, &t->f);
}

/* the reference: elastic loads of K g_inf plus the branches, into a load, the stored energy, the
 * step's dissipated work and the largest elastic or branch load (the scale of rounding) */
typedef struct result {
  rrp_binder_load l;
  double stored, scale; /* scale: the largest elastic or branch load plus the stiffnesses K */
} result;

static void reference(const type *t, const int terms[RRP_VISCO_MODES], const bond *c,
                      double *state, result *out)
{
  const rrp_binder_coeff k = {t->Keq[2], t->Keq[3], t->Keq[0], t->Keq[1], RRP_SHEAR_LINEAR,
                              c->measure};
  const config *g = &c->c;
  assert_int_equal(rrp_binder(&k, &g->ref, NULL, g->xi, g->xj, g->qi, g->qj, &out->l), RRP_OK);
  const double d[3] = {g->xi[0] - g->xj[0], g->xi[1] - g->xj[1], g->xi[2] - g->xj[2]};
  rrp_visco_load vl;
  assert_int_equal(
      rrp_visco_binder(&t->st, terms, d, g->qi, g->qj, g->ref.ri, g->ref.p, state, &vl), RRP_OK);
  out->scale = 0.0;
  for (int a = 0; a < 3; a++) {
    out->scale = fmax(out->scale, fmax(fabs(out->l.fi[a]), fabs(vl.fi[a])));
    out->scale = fmax(out->scale, fmax(fabs(out->l.ti[a]), fabs(vl.ti[a])));
    out->scale = fmax(out->scale, fmax(fabs(out->l.tj[a]), fabs(vl.tj[a])));
    out->l.fi[a] += vl.fi[a];
    out->l.ti[a] += vl.ti[a];
    out->l.tj[a] += vl.tj[a];
  }
  for (int m = 0; m < RRP_VISCO_MODES; m++) out->scale += t->K[m];
  out->l.ua += vl.stored[RRP_VISCO_AXIAL];
  out->l.us += vl.stored[RRP_VISCO_SHEAR];
  out->l.um += vl.stored[RRP_VISCO_BEND] + vl.stored[RRP_VISCO_TWIST];
  out->stored = vl.stored[0] + vl.stored[1] + vl.stored[2] + vl.stored[3];
}

/* bond c (type t, state) into lane k of a block */
static void put_lane(rrp_binder_block *b, rrp_visco_block *v, int k, const bond *c, const type *t,
                     const int terms[RRP_VISCO_MODES], const double *state)
{
  for (int a = 0; a < 3; a++) {
    b->d[a][k] = c->c.xi[a] - c->c.xj[a];
    b->ri[a][k] = c->c.ref.ri[a];
  }
  for (int a = 0; a < 4; a++) {
    b->qi[a][k] = c->c.qi[a];
    b->qj[a][k] = c->c.qj[a];
    b->p[a][k] = c->c.ref.p[a];
  }
  b->ka[k] = t->Keq[0];
  b->ks[k] = t->Keq[1];
  b->kb[k] = t->Keq[2];
  b->kt[k] = t->Keq[3];
  b->measure[k] = c->measure;
  rrp_visco_block_put(v, k, terms, state);
}

/* everything lane k of a block holds after a step: outputs and state (as a state) */
typedef struct lane_out {
  double v[17 + 1 + STATE_MAX];
} lane_out;

static void get_lane(const rrp_binder_block *b, const rrp_visco_block *v, int k,
                     const int terms[RRP_VISCO_MODES], lane_out *o)
{
  memset(o, 0, sizeof(*o));
  const rrp_binder_load l = rrp_binder_block_get(b, k);
  const double all[17] = {l.fi[0], l.fi[1], l.fi[2], l.ti[0], l.ti[1], l.ti[2], l.tj[0],
                          l.tj[1], l.tj[2], l.um,    l.ua,    l.us,    l.strain, l.angle,
                          l.twist, l.bend,  l.shear};
  memcpy(o->v, all, sizeof all);
  o->v[17] = v->stored[k];
  rrp_visco_block_get(v, k, terms, o->v + 18);
}

#define NTYPES 4
static double worst_energy, worst_state; /* the worst differences of energies and branch stresses */
#define NBONDS 96

/* One layout of the states (terms per mode, the most of any type): NBONDS bonds of NTYPES types
 * with term counts up to it, through nsteps steps of dxi, in blocks of the bonds grouped by type
 * (as bond_style rrp/binder groups them), against the reference; bonds alone; other instruction
 * sets. Returns the worst difference over the scale. */
static double run_layout(rng_t *r, const int terms[RRP_VISCO_MODES], int nsteps, long *compared)
{
  static type types[NTYPES];
  static bond bonds[NBONDS];
  static double sref[NBONDS][STATE_MAX], sblk[NBONDS][STATE_MAX];
  static rrp_binder_block b, b1, bx;
  static rrp_visco_block v, v1, vx;
  int maxt = 0;
  for (int m = 0; m < RRP_VISCO_MODES; m++) maxt = terms[m] > maxt ? terms[m] : maxt;
  const int T = rrp_visco_block_terms(maxt);
  assert_true(T >= maxt);
  v.nterms = v1.nterms = vx.nterms = T;
  for (int t = 0; t < NTYPES; t++) {
    int n[RRP_VISCO_MODES];
    for (int m = 0; m < RRP_VISCO_MODES; m++) /* type 0 has the layout's terms, others fewer */
      n[m] = t == 0 ? terms[m] : (int) (rng_uniform(r) * (terms[m] + 1));
    random_type(r, n, &types[t]);
    if (t == 3) types[t].K[1] = types[t].Keq[1] = 0.0; /* a mode of zero stiffness */
  }
  const int size = rrp_visco_state_size(terms);
  const double strains[] = {1e-6, 1e-3, 0.05, 0.3};
  for (int i = 0; i < NBONDS; i++) {
    random_bond(r, strains[i % 4], &bonds[i]);
    if (i % 11 == 0) random_quat(r, bonds[i].c.qj); /* any relative rotation */
    bonds[i].type = (int) (rng_uniform(r) * NTYPES);
    bonds[i].measure = i % 3 == 0;
    memset(sref[i], 0, sizeof(sref[i])); /* relaxed at bonding */
    memset(sblk[i], 0, sizeof(sblk[i]));
  }
  double worst = 0.0;
  for (int step = 0; step < nsteps; step++) {
    const double dxi = step == 0 ? 0.0 : exp(rng_range(r, log(1e-4), log(3.0)));
    for (int t = 0; t < NTYPES; t++) type_step(&types[t], dxi);
    if (step > 0)
      for (int i = 0; i < NBONDS; i++) move_bond(r, 0.02 * rng_uniform(r), &bonds[i]);
    /* the bonds in blocks of NB, each block's lanes grouped by type */
    for (int i0 = 0; i0 < NBONDS; i0 += NB) {
      int lane_of[NB], lo[NTYPES], hi[NTYPES], k = 0;
      for (int t = 0; t < NTYPES; t++) {
        lo[t] = k;
        for (int i = i0; i < i0 + NB; i++)
          if (bonds[i].type == t) {
            lane_of[i - i0] = k;
            put_lane(&b, &v, k++, &bonds[i], &types[t], terms, sblk[i]);
          }
        hi[t] = k;
      }
      const rrp_binder_block bin = b;
      const rrp_visco_block vin = v;
      for (int t = 0; t < NTYPES; t++)
        if (hi[t] > lo[t])
          assert_int_equal(rrp_visco_loads(&b, &v, lo[t], hi[t], &types[t].f), RRP_OK);
      /* the kernel compiled for each instruction set, bitwise */
      for (int isa = 0; isa < 3; isa++) {
        int (*loop)(rrp_binder_block *, rrp_visco_block *, int, int, const rrp_visco_factors *) =
            loop_baseline;
#ifdef HAVE_ISAS
        if (isa == 1 && !__builtin_cpu_supports("avx2")) continue;
        if (isa == 2 && !__builtin_cpu_supports("avx512f")) continue;
        if (isa == 1) loop = loop_avx2;
        if (isa == 2) loop = loop_avx512;
#else
        if (isa > 0) continue;
#endif
        bx = bin;
        vx = vin;
        for (int t = 0; t < NTYPES; t++)
          if (hi[t] > lo[t]) assert_int_equal(loop(&bx, &vx, lo[t], hi[t], &types[t].f), RRP_OK);
        for (int j = 0; j < NB; j++) {
          lane_out x1, x2;
          get_lane(&b, &v, j, terms, &x1);
          get_lane(&bx, &vx, j, terms, &x2);
          assert_memory_equal(&x1, &x2, sizeof x1);
        }
      }
      /* a bond alone, at another lane of another block, bitwise */
      {
        const int i = i0 + (int) (rng_uniform(r) * NB), k1 = (int) (rng_uniform(r) * NB);
        const int t = bonds[i].type;
        const int at = lane_of[i - i0];
        double before[STATE_MAX];
        rrp_visco_block_get(&vin, at, terms, before);
        put_lane(&b1, &v1, k1, &bonds[i], &types[t], terms, before);
        assert_int_equal(rrp_visco_loads(&b1, &v1, k1, k1 + 1, &types[t].f), RRP_OK);
        lane_out x1, x2;
        get_lane(&b, &v, at, terms, &x1);
        get_lane(&b1, &v1, k1, terms, &x2);
        assert_memory_equal(&x1, &x2, sizeof x1);
        /* and through the one-lane kernel, as straight scalar code */
        double e0[RRP_VISCO_MEASURES], h[8 * RRP_VISCO_TERMS], diss, stored;
        for (int c = 0; c < RRP_VISCO_MEASURES; c++) e0[c] = vin.state[c][at];
        for (int c = 0; c < 8 * T; c++) h[c] = vin.state[RRP_VISCO_BRANCHES + c][at];
        diss = vin.state[RRP_VISCO_DISSIPATED][at];
        rrp_binder_load l1;
        const bond *c1 = &bonds[i];
        const config *g1 = &c1->c;
        const double d1[3] = {g1->xi[0] - g1->xj[0], g1->xi[1] - g1->xj[1], g1->xi[2] - g1->xj[2]};
        assert_int_equal(rrp_visco_kernel(T, &types[t].f, types[t].Keq[2], types[t].Keq[3],
                                          types[t].Keq[0], types[t].Keq[1], c1->measure, d1,
                                          g1->qi, g1->qj, g1->ref.ri, g1->ref.p, e0, &diss, h,
                                          &l1, &stored),
                         1);
        rrp_binder_block_put(&b1, k1, &l1);
        for (int c = 0; c < RRP_VISCO_MEASURES; c++) v1.state[c][k1] = e0[c];
        for (int c = 0; c < 8 * T; c++) v1.state[RRP_VISCO_BRANCHES + c][k1] = h[c];
        v1.state[RRP_VISCO_DISSIPATED][k1] = diss;
        v1.stored[k1] = stored;
        get_lane(&b1, &v1, k1, terms, &x2);
        assert_memory_equal(&x1, &x2, sizeof x1);
      }
      /* against the reference */
      for (int i = i0; i < i0 + NB; i++) {
        const int k1 = lane_of[i - i0];
        result ref;
        reference(&types[bonds[i].type], terms, &bonds[i], sref[i], &ref);
        const rrp_binder_load l = rrp_binder_block_get(&b, k1);
        /* the measures of rupture: rrp_binder's operations, its bits */
        assert_true(l.strain == ref.l.strain && l.angle == ref.l.angle && l.twist == ref.l.twist &&
                    l.bend == ref.l.bend && l.shear == ref.l.shear);
        const double tol = TOL_FUSED * ref.scale;
        for (int a = 0; a < 3; a++) {
          worst = fmax(worst, fabs(l.fi[a] - ref.l.fi[a]) / ref.scale);
          worst = fmax(worst, fabs(l.ti[a] - ref.l.ti[a]) / ref.scale);
          worst = fmax(worst, fabs(l.tj[a] - ref.l.tj[a]) / ref.scale);
          assert_close(l.fi[a], ref.l.fi[a], 0.0, tol);
          assert_close(l.ti[a], ref.l.ti[a], 0.0, tol);
          assert_close(l.tj[a], ref.l.tj[a], 0.0, tol);
        }
        /* energies: to K |e| eps, e the largest measure */
        double emax = 1e-300;
        for (int c = 0; c < RRP_VISCO_MEASURES; c++) emax = fmax(emax, fabs(sref[i][c]));
        const double energy = ref.l.um + ref.l.ua + ref.l.us + ref.scale * emax;
        worst_energy = fmax(worst_energy, fabs(l.um - ref.l.um) / energy);
        worst_energy = fmax(worst_energy, fabs(l.ua - ref.l.ua) / energy);
        worst_energy = fmax(worst_energy, fabs(l.us - ref.l.us) / energy);
        worst_energy = fmax(worst_energy, fabs(v.stored[k1] - ref.stored) / energy);
        assert_close(l.um, ref.l.um, 0.0, TOL_FUSED * energy);
        assert_close(l.ua, ref.l.ua, 0.0, TOL_FUSED * energy);
        assert_close(l.us, ref.l.us, 0.0, TOL_FUSED * energy);
        assert_close(v.stored[k1], ref.stored, 0.0, TOL_FUSED * energy);
        rrp_visco_block_get(&v, k1, terms, sblk[i]);
        /* the states: measures (order 1 numbers' differences), dissipated work, branch stresses
         * (to K eps) */
        for (int c = 0; c < RRP_VISCO_MEASURES; c++)
          assert_close(sblk[i][c], sref[i][c], 0.0, TOL_ROUNDOFF);
        assert_close(sblk[i][RRP_VISCO_DISSIPATED], sref[i][RRP_VISCO_DISSIPATED], TOL_FUSED,
                     TOL_FUSED * energy);
        worst_energy = fmax(worst_energy, fabs(sblk[i][RRP_VISCO_DISSIPATED] -
                                               sref[i][RRP_VISCO_DISSIPATED]) / energy);
        for (int c = RRP_VISCO_BRANCHES; c < size; c++) {
          worst_state = fmax(worst_state, fabs(sblk[i][c] - sref[i][c]) / ref.scale);
          assert_close(sblk[i][c], sref[i][c], 0.0, TOL_FUSED * ref.scale);
        }
        (*compared)++;
      }
    }
  }
  return worst;
}

/* 1.-3. Against the reference, alone and among others, in each instruction set: layouts of every
 * count of terms the kernel has a loop for (1 to 4 and 8) and of counts it rounds up (5, 7) */
static void test_block_equals_reference(void **state)
{
  (void) state;
  rng_t r = {90210};
  const int layouts[][RRP_VISCO_MODES] = {{2, 2, 2, 2}, {1, 1, 1, 1}, {2, 3, 0, 1}, {0, 4, 2, 0},
                                          {1, 0, 0, 0}, {5, 1, 2, 3}, {8, 8, 8, 8}, {0, 0, 7, 2}};
  long compared = 0;
  double worst = 0.0;
  for (size_t n = 0; n < sizeof(layouts) / sizeof(layouts[0]); n++)
    worst = fmax(worst, run_layout(&r, layouts[n], 40, &compared));
  print_message("  energies and dissipated work: %.3g of K |e| + the energy; branch stresses: %.3g "
                "of K + the largest load\n", worst_energy, worst_state);
  print_message("  %ld bond-steps against the reference: worst load difference %.3g of K + the "
                "largest load"
                "%s\n",
                compared, worst,
#ifdef HAVE_ISAS
                __builtin_cpu_supports("avx512f") ? "; SSE2, AVX2, AVX-512 bitwise"
                : __builtin_cpu_supports("avx2") ? "; SSE2, AVX2 bitwise (no AVX-512 here)"
                                                 : "; SSE2 only here"
#else
                ""
#endif
  );
  assert_true(compared >= 8 * 40 * NBONDS);
}

/* 4. For s = K e (a type without branches) the fused loads are rrp_binder's elastic loads of the
 * linear shear form, with a twist stiffness apart from the bending one, to round-off: the check
 * that the generalized loads reduce to the elastic ones */
static void test_reduces_to_elastic(void **state)
{
  (void) state;
  rng_t r = {777};
  static rrp_binder_block b;
  static rrp_visco_block v;
  const int terms[RRP_VISCO_MODES] = {1, 1, 1, 1}, none[RRP_VISCO_MODES] = {0, 0, 0, 0};
  v.nterms = 1;
  double worst = 0.0;
  for (int round = 0; round < 200; round++) {
    type t;
    random_type(&r, none, &t);
    type_step(&t, 0.1);
    bond c;
    random_bond(&r, round % 2 ? 0.3 : 1e-3, &c);
    c.measure = 1;
    double zero[STATE_MAX] = {0};
    put_lane(&b, &v, 0, &c, &t, terms, zero);
    assert_int_equal(rrp_visco_loads(&b, &v, 0, 1, &t.f), RRP_OK);
    const rrp_binder_coeff k = {t.K[2], t.K[3], t.K[0], t.K[1], RRP_SHEAR_LINEAR, 1};
    rrp_binder_load l;
    assert_int_equal(rrp_binder(&k, &c.c.ref, NULL, c.c.xi, c.c.xj, c.c.qi, c.c.qj, &l), RRP_OK);
    const rrp_binder_load f = rrp_binder_block_get(&b, 0);
    double scale = t.K[0] + t.K[1] + t.K[2] + t.K[3]; /* (to K eps, as test 1) */
    for (int a = 0; a < 3; a++)
      scale = fmax(scale, fmax(fabs(l.fi[a]), fmax(fabs(l.ti[a]), fabs(l.tj[a]))));
    for (int a = 0; a < 3; a++) {
      worst = fmax(worst, fabs(f.fi[a] - l.fi[a]) / scale);
      worst = fmax(worst, fabs(f.ti[a] - l.ti[a]) / scale);
      worst = fmax(worst, fabs(f.tj[a] - l.tj[a]) / scale);
      assert_close(f.fi[a], l.fi[a], 0.0, TOL_ROUNDOFF * scale);
      assert_close(f.ti[a], l.ti[a], 0.0, TOL_ROUNDOFF * scale);
      assert_close(f.tj[a], l.tj[a], 0.0, TOL_ROUNDOFF * scale);
    }
    const double u = l.um + l.ua + l.us + scale * (fabs(l.strain) + l.angle + sqrt(l.shear));
    assert_close(f.um, l.um, 0.0, TOL_ROUNDOFF * u);
    assert_close(f.ua, l.ua, 0.0, TOL_ROUNDOFF * u);
    assert_close(f.us, l.us, 0.0, TOL_ROUNDOFF * u);
    assert_true(v.stored[0] == 0.0 && v.state[RRP_VISCO_DISSIPATED][0] == 0.0);
  }
  print_message("  s = K e: worst difference from the elastic loads %.3g of K + the largest load\n",
                worst);
}

/* 7. The states in and out of a block lanes at once (rrp_visco_block_put_lanes, _get_lanes; the
 * transposes of four lanes and four values at a time) equal lane by lane, bitwise: for every
 * block layout, bonds of the block's layout and of fewer terms, lane ranges of any start and
 * length (whole groups of four and the rest) */
static void test_lanes_copy(void **state)
{
  (void) state;
  rng_t r = {4242};
  static rrp_visco_block a, b;
  static double in[NB][STATE_MAX], out_a[NB][STATE_MAX], out_b[NB][STATE_MAX];
  const double *src[NB];
  double *dst_a[NB];
  for (int k = 0; k < NB; k++) {
    src[k] = in[k];
    dst_a[k] = out_a[k];
  }
  const int T_all[5] = {1, 2, 3, 4, 8};
  int checked = 0;
  for (int it = 0; it < 5; it++)
    for (int fewer = 0; fewer < 2; fewer++) {
      const int T = T_all[it];
      int terms[RRP_VISCO_MODES] = {T, T, T, T};
      if (fewer) terms[2] = T - 1; /* another layout: lane by lane */
      for (int round = 0; round < 20; round++) {
        const int lo = (int) (rng_uniform(&r) * NB);
        const int hi = lo + (int) (rng_uniform(&r) * (NB - lo + 1));
        for (int k = 0; k < NB; k++)
          for (int j = 0; j < STATE_MAX; j++) in[k][j] = rng_range(&r, -1, 1);
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        a.nterms = b.nterms = rrp_visco_block_terms(T);
        rrp_visco_block_put_lanes(&a, lo, hi, terms, src);
        for (int k = lo; k < hi; k++) rrp_visco_block_put(&b, k, terms, in[k]);
        assert_memory_equal(&a, &b, sizeof a);
        memset(out_a, 0, sizeof out_a);
        memset(out_b, 0, sizeof out_b);
        rrp_visco_block_get_lanes(&a, lo, hi, terms, dst_a);
        for (int k = lo; k < hi; k++) rrp_visco_block_get(&a, k, terms, out_b[k]);
        assert_memory_equal(out_a, out_b, sizeof out_a);
        const int size = rrp_visco_state_size(terms);
        for (int k = lo; k < hi; k++)
          assert_memory_equal(out_a[k], in[k], sizeof(double) * (size_t) size);
        checked += hi - lo;
      }
    }
  print_message("  lanes at once: %d lane copies in and out bitwise lane by lane\n", checked);
}

/* 6. A binder held still after a step strain relaxes geometrically: in the scalar path
 * (rrp_visco_binder) and in the block (rrp_visco_loads) every branch stress reaches exactly 0
 * through normal numbers (RRP_VISCO_FLUSH), never a subnormal one, and the two stay equal to
 * round-off on the way (relative to the first stress). At a = exp(-2.5) a step the stresses
 * would cross the subnormal range (2.2e-308 to 4.9e-324, 16 decades) in about 15 steps. */
static void test_held_flushes(void **state)
{
  (void) state;
  rng_t r = {2718};
  static rrp_binder_block b;
  static rrp_visco_block v;
  const int terms[RRP_VISCO_MODES] = {2, 2, 2, 2};
  type t;
  random_type(&r, terms, &t);
  for (int m = 0; m < RRP_VISCO_MODES; m++) t.s[m].tau[0] = t.s[m].tau[1] = 1.0;
  type_step(&t, 2.5);
  v.nterms = 2;
  bond c;
  random_bond(&r, 0.05, &c);
  c.measure = 0;
  double ref[STATE_MAX] = {0}, lane[STATE_MAX] = {0}; /* e0 = 0: the strain comes at once */
  const int size = rrp_visco_state_size(terms);
  double first = 0.0;
  int steps_to_zero = -1;
  for (int step = 0; step < 400; step++) {
    result res;
    reference(&t, terms, &c, ref, &res);
    put_lane(&b, &v, 0, &c, &t, terms, lane);
    assert_int_equal(rrp_visco_loads(&b, &v, 0, 1, &t.f), RRP_OK);
    rrp_visco_block_get(&v, 0, terms, lane);
    int zero = 1;
    for (int j = RRP_VISCO_BRANCHES; j < size; j++) {
      if (step == 0) first = fmax(first, fabs(ref[j]));
      assert_true(fpclassify(ref[j]) != FP_SUBNORMAL && fpclassify(lane[j]) != FP_SUBNORMAL);
      assert_close(lane[j], ref[j], 0.0, TOL_FUSED * first);
      zero &= ref[j] == 0.0 && lane[j] == 0.0;
    }
    if (zero && steps_to_zero < 0) steps_to_zero = step;
  }
  assert_true(first > 1e-3);
  assert_true(steps_to_zero > 50 && steps_to_zero < 400);
  print_message(
      "  held still: branch stresses from %.3g to exactly 0 in %d steps, none subnormal\n", first,
      steps_to_zero);
}

/* 5. A non-finite input or coincident atoms in any lane: not RRP_OK; a bad count of terms or
 * factors with more terms than the block: RRP_EDOMAIN; the states' layout in and out of a block */
static void test_bad_input(void **state)
{
  (void) state;
  rng_t r = {31337};
  static rrp_binder_block b;
  static rrp_visco_block v;
  const int terms[RRP_VISCO_MODES] = {2, 1, 2, 0}, n[RRP_VISCO_MODES] = {2, 1, 2, 0};
  type t;
  random_type(&r, n, &t);
  type_step(&t, 0.5);
  v.nterms = rrp_visco_block_terms(2);
  double st[STATE_MAX];
  for (int k = 0; k < NB; k++) {
    bond c;
    random_bond(&r, 0.1, &c);
    c.measure = 0;
    for (int j = 0; j < STATE_MAX; j++) st[j] = rng_range(&r, -1, 1);
    put_lane(&b, &v, k, &c, &t, terms, st);
    double back[STATE_MAX];
    rrp_visco_block_get(&v, k, terms, back);
    assert_memory_equal(back, st, sizeof(double) * (size_t) rrp_visco_state_size(terms));
  }
  const rrp_binder_block b0 = b;
  const rrp_visco_block v0 = v;
  assert_int_equal(rrp_visco_loads(&b, &v, 0, NB, &t.f), RRP_OK);
  for (int k = 0; k < NB; k += 5) {
    for (int kind = 0; kind < 3; kind++) {
      b = b0;
      v = v0;
      if (kind == 0) b.d[1][k] = NAN;
      if (kind == 1) b.qj[0][k] = INFINITY;
      if (kind == 2) b.d[0][k] = b.d[1][k] = b.d[2][k] = 0.0; /* coincident */
      assert_int_not_equal(rrp_visco_loads(&b, &v, 0, NB, &t.f), RRP_OK);
      if (kind == 0) { /* finite input, branch stresses that overflow */
        v.state[RRP_VISCO_BRANCHES + 2][k] = v.state[RRP_VISCO_BRANCHES + 3][k] = 1e308;
        b.d[1][k] = b0.d[1][k];
        assert_int_not_equal(rrp_visco_loads(&b, &v, 0, NB, &t.f), RRP_OK);
      }
    }
  }
  b = b0;
  v = v0;
  v.nterms = 5;
  assert_int_equal(rrp_visco_loads(&b, &v, 0, NB, &t.f), RRP_EDOMAIN);
  v.nterms = 1; /* the factors have 2 terms */
  assert_int_equal(rrp_visco_loads(&b, &v, 0, NB, &t.f), RRP_EDOMAIN);
  assert_int_equal(rrp_visco_block_terms(0), 0);
  assert_int_equal(rrp_visco_block_terms(5), 8);
  assert_int_equal(rrp_visco_block_terms(9), 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_block_equals_reference),
      cmocka_unit_test(test_reduces_to_elastic),
      cmocka_unit_test(test_bad_input),
      cmocka_unit_test(test_held_flushes),
      cmocka_unit_test(test_lanes_copy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
