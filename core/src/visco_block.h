/* visco_block.h - the loop of rrp_visco_loads (visco_block.c) over lanes of a block, private to the
 * core and its tests (test_visco_block.c compiles it for each instruction set, to check that the
 * versions give the same bits). */
#ifndef RRP_VISCO_BLOCK_H
#define RRP_VISCO_BLOCK_H

#include "rrp/visco_kernel.h"
#include "rrp/visco.h"

#include "vec3.h"

/* the loop over lanes lo..hi-1 of b and v, T terms a mode, the factors f (a copy that no store
 * of the loop can touch), the measure flags of the lanes as doubles in mk; ok[k] 1 where lane k
 * is finite, else 0 (doubles, as mk: no integer in the loop) */
RRP_INLINE void visco_block_loop(int T, rrp_binder_block *restrict b, rrp_visco_block *restrict v,
                                 int lo, int hi,
                                 const rrp_visco_factors *f, const double *restrict mk,
                                 double *restrict ok)
{
  for (int k = lo; k < hi; k++) {
    const double d[3] = {b->d[0][k], b->d[1][k], b->d[2][k]};
    const double qi[4] = {b->qi[0][k], b->qi[1][k], b->qi[2][k], b->qi[3][k]};
    const double qj[4] = {b->qj[0][k], b->qj[1][k], b->qj[2][k], b->qj[3][k]};
    const double ri[3] = {b->ri[0][k], b->ri[1][k], b->ri[2][k]};
    const double p[4] = {b->p[0][k], b->p[1][k], b->p[2][k], b->p[3][k]};
    double e0[RRP_VISCO_MEASURES], h[8 * RRP_VISCO_TERMS];
    for (int c = 0; c < RRP_VISCO_MEASURES; c++) e0[c] = v->state[c][k];
#pragma GCC unroll 64
    for (int c = 0; c < 8 * T; c++) h[c] = v->state[RRP_VISCO_BRANCHES + c][k];
    double diss = v->state[RRP_VISCO_DISSIPATED][k], stored;
    rrp_binder_load l;
    ok[k] = rrp_visco_kernel(T, f, b->kb[k], b->kt[k], b->ka[k], b->ks[k], mk[k] != 0.0, d, qi,
                             qj, ri, p, e0, &diss, h, &l, &stored)
                ? 1.0
                : 0.0;
    /* (stored here rather than by rrp_binder_block_put, through the restrict pointer: the
     * vectoriser then knows that b and v do not overlap) */
    for (int c = 0; c < 3; c++) {
      b->fi[c][k] = l.fi[c];
      b->ti[c][k] = l.ti[c];
      b->tj[c][k] = l.tj[c];
    }
    b->um[k] = l.um;
    b->ua[k] = l.ua;
    b->us[k] = l.us;
    b->strain[k] = l.strain;
    b->angle[k] = l.angle;
    b->twist[k] = l.twist;
    b->bend[k] = l.bend;
    b->shear[k] = l.shear;
    for (int c = 0; c < RRP_VISCO_MEASURES; c++) v->state[c][k] = e0[c];
#pragma GCC unroll 64
    for (int c = 0; c < 8 * T; c++) v->state[RRP_VISCO_BRANCHES + c][k] = h[c];
    v->state[RRP_VISCO_DISSIPATED][k] = diss;
    v->stored[k] = stored;
  }
}

/* rrp_visco_loads after its checks: the loop of the block's count of terms; RRP_OK or
 * RRP_ENONFINITE */
RRP_INLINE int visco_block_run(rrp_binder_block *b, rrp_visco_block *v, int lo, int hi,
                               const rrp_visco_factors *f)
{
  const rrp_visco_factors fl = *f; /* (no store of the loop aliases it) */
  double mk[RRP_BINDER_BLOCK], ok[RRP_BINDER_BLOCK];
  for (int k = lo; k < hi; k++) mk[k] = b->measure[k] ? 1.0 : 0.0;
  switch (v->nterms) {
    case 1: visco_block_loop(1, b, v, lo, hi, &fl, mk, ok); break;
    case 2: visco_block_loop(2, b, v, lo, hi, &fl, mk, ok); break;
    case 3: visco_block_loop(3, b, v, lo, hi, &fl, mk, ok); break;
    case 4: visco_block_loop(4, b, v, lo, hi, &fl, mk, ok); break;
    default: visco_block_loop(8, b, v, lo, hi, &fl, mk, ok); break;
  }
  double all = 1.0; /* reduced apart: a reduction inside the loop does not vectorise */
  for (int k = lo; k < hi; k++) all *= ok[k];
  return all == 1.0 ? RRP_OK : RRP_ENONFINITE;
}

#endif
