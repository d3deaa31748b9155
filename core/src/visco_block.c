/* visco_block.c - one step of the viscous binders of a block across SIMD lanes: the fused kernel
 * of rrp/visco_kernel.h in a loop over a structure of arrays (rrp_binder_block's inputs and
 * outputs, rrp_visco_block's states), which the compiler vectorises; multi-versioned for
 * AVX-512, AVX2 and SSE2 (RRP_CLONES), with the same bits in each. One loop per count of terms,
 * so that the loops over the terms unroll; the factors are the same for every lane (one bond
 * type), read from a copy on the stack, which no store of the loop can touch. */
#include "visco_block.h"

#include <string.h>

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
