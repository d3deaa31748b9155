/* visco_block.c - one step of the viscous binders of a block across SIMD lanes: the fused kernel
 * of rrp/visco_kernel.h in a loop over a structure of arrays (rrp_binder_block's inputs and
 * outputs, rrp_visco_block's states), which the compiler vectorises; multi-versioned for
 * AVX-512, AVX2 and SSE2 (RRP_CLONES), with the same bits in each. One loop per count of terms,
 * so that the loops over the terms unroll; the factors are the same for every lane (one bond
 * type), read from a copy on the stack, which no store of the loop can touch. */
#include "visco_block.h"

#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(RRP_NO_TARGET_CLONES)
#include <immintrin.h>
#define HAVE_AVX2_COPIES 1
#endif

void rrp_visco_factors_set(const rrp_visco_step *st, rrp_visco_factors *f)
{
  memset(f, 0, sizeof(*f));
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    f->n[m] = st->n[m];
    for (int t = 0; t < st->n[m] && t < RRP_VISCO_TERMS; t++) {
      const double K = st->k[m][t];
      if (!(K > 0.0)) continue; /* a term of zero stiffness stays 0 (rrp_visco_binder) */
      f->a[m][t] = st->a[m][t];
      f->kf[m][t] = K * st->f[m][t];
      f->w1[m][t] = st->w[m][t][0] / K;
      f->w2[m][t] = 2.0 * st->w[m][t][1];
      f->w3[m][t] = st->w[m][t][2] * K;
      f->u[m][t] = 0.5 / K;
    }
  }
}

RRP_CLONES int rrp_visco_loads(rrp_binder_block *b, rrp_visco_block *v, int lo, int hi,
                               const rrp_visco_factors *f)
{
  if (v->nterms != rrp_visco_block_terms(v->nterms) || lo < 0 || hi > RRP_BINDER_BLOCK)
    return RRP_EDOMAIN;
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    if (f->n[m] > v->nterms) return RRP_EDOMAIN;
  return visco_block_run(b, v, lo, hi, f);
}

/* ---- the states in and out of a block: v->state[j][k] (value j, lane k) against states[k][j] */

static int uniform_layout(const rrp_visco_block *v, const int terms[RRP_VISCO_MODES])
{
  const int T = v->nterms;
  return terms[0] == T && terms[1] == T && terms[2] == T && terms[3] == T;
}

#ifdef HAVE_AVX2_COPIES
/* four lanes k..k+3 and four values j..j+3 at a time: the 4 x 4 tile transposed in registers;
 * the values beyond the last whole group of four, and the lanes beyond the last four, one by one
 * (plain copies: the same bits) */
__attribute__((target("avx2"))) static void put_avx2(rrp_visco_block *v, int lo, int hi, int n,
                                                     const double *const *states)
{
  int k = lo;
  for (; k + 4 <= hi; k += 4) {
    const double *s0 = states[k], *s1 = states[k + 1], *s2 = states[k + 2], *s3 = states[k + 3];
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      const __m256d r0 = _mm256_loadu_pd(s0 + j), r1 = _mm256_loadu_pd(s1 + j);
      const __m256d r2 = _mm256_loadu_pd(s2 + j), r3 = _mm256_loadu_pd(s3 + j);
      const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
      const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
      _mm256_storeu_pd(&v->state[j][k], _mm256_permute2f128_pd(t0, t2, 0x20));
      _mm256_storeu_pd(&v->state[j + 1][k], _mm256_permute2f128_pd(t1, t3, 0x20));
      _mm256_storeu_pd(&v->state[j + 2][k], _mm256_permute2f128_pd(t0, t2, 0x31));
      _mm256_storeu_pd(&v->state[j + 3][k], _mm256_permute2f128_pd(t1, t3, 0x31));
    }
    for (; j < n; j++) {
      v->state[j][k] = s0[j];
      v->state[j][k + 1] = s1[j];
      v->state[j][k + 2] = s2[j];
      v->state[j][k + 3] = s3[j];
    }
  }
  for (; k < hi; k++)
    for (int j = 0; j < n; j++) v->state[j][k] = states[k][j];
}

__attribute__((target("avx2"))) static void get_avx2(const rrp_visco_block *v, int lo, int hi,
                                                     int n, double *const *states)
{
  int k = lo;
  for (; k + 4 <= hi; k += 4) {
    double *s0 = states[k], *s1 = states[k + 1], *s2 = states[k + 2], *s3 = states[k + 3];
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      const __m256d r0 = _mm256_loadu_pd(&v->state[j][k]);
      const __m256d r1 = _mm256_loadu_pd(&v->state[j + 1][k]);
      const __m256d r2 = _mm256_loadu_pd(&v->state[j + 2][k]);
      const __m256d r3 = _mm256_loadu_pd(&v->state[j + 3][k]);
      const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
      const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
      _mm256_storeu_pd(s0 + j, _mm256_permute2f128_pd(t0, t2, 0x20));
      _mm256_storeu_pd(s1 + j, _mm256_permute2f128_pd(t1, t3, 0x20));
      _mm256_storeu_pd(s2 + j, _mm256_permute2f128_pd(t0, t2, 0x31));
      _mm256_storeu_pd(s3 + j, _mm256_permute2f128_pd(t1, t3, 0x31));
    }
    for (; j < n; j++) {
      s0[j] = v->state[j][k];
      s1[j] = v->state[j][k + 1];
      s2[j] = v->state[j][k + 2];
      s3[j] = v->state[j][k + 3];
    }
  }
  for (; k < hi; k++)
    for (int j = 0; j < n; j++) states[k][j] = v->state[j][k];
}

static int have_avx2(void)
{
  static int known = -1; /* (a race writes the same value) */
  if (known < 0) known = __builtin_cpu_supports("avx2") ? 1 : 0;
  return known;
}
#endif

void rrp_visco_block_put_lanes(rrp_visco_block *v, int lo, int hi,
                               const int terms[RRP_VISCO_MODES], const double *const *states)
{
  if (!uniform_layout(v, terms)) {
    for (int k = lo; k < hi; k++) rrp_visco_block_put(v, k, terms, states[k]);
    return;
  }
  const int n = RRP_VISCO_BRANCHES + 8 * v->nterms;
#ifdef HAVE_AVX2_COPIES
  if (have_avx2()) {
    put_avx2(v, lo, hi, n, states);
    return;
  }
#endif
  for (int k = lo; k < hi; k++)
    for (int j = 0; j < n; j++) v->state[j][k] = states[k][j];
}

void rrp_visco_block_get_lanes(const rrp_visco_block *v, int lo, int hi,
                               const int terms[RRP_VISCO_MODES], double *const *states)
{
  if (!uniform_layout(v, terms)) {
    for (int k = lo; k < hi; k++) rrp_visco_block_get(v, k, terms, states[k]);
    return;
  }
  const int n = RRP_VISCO_BRANCHES + 8 * v->nterms;
#ifdef HAVE_AVX2_COPIES
  if (have_avx2()) {
    get_avx2(v, lo, hi, n, states);
    return;
  }
#endif
  for (int j = 0; j < n; j++)
    for (int k = lo; k < hi; k++) states[k][j] = v->state[j][k];
}
