/* binder_block.c - binder loads of a block of bonds across SIMD lanes: the kernel of rrp_binder
 * (binder_kernel.h) in a loop over a structure of arrays, which the compiler vectorises (the
 * bonds are independent); multi-versioned for AVX-512, AVX2 and SSE2 (RRP_CLONES), with the
 * same bits in each. */
#include "binder_kernel.h"
#include "rrp/binder.h"

RRP_CLONES int rrp_binder_loads(rrp_binder_block *b, int n)
{
  int status[RRP_BINDER_BLOCK];
  for (int k = 0; k < n; k++) {
    const double d[3] = {b->d[0][k], b->d[1][k], b->d[2][k]};
    const double qi[4] = {b->qi[0][k], b->qi[1][k], b->qi[2][k], b->qi[3][k]};
    const double qj[4] = {b->qj[0][k], b->qj[1][k], b->qj[2][k], b->qj[3][k]};
    const double ri[3] = {b->ri[0][k], b->ri[1][k], b->ri[2][k]};
    const double p[4] = {b->p[0][k], b->p[1][k], b->p[2][k], b->p[3][k]};
    rrp_binder_load l;
    status[k] = binder_convected(b->km[k], b->ka[k], b->ks[k], b->measure[k], d, qi, qj, ri, p, &l);
    rrp_binder_block_put(b, k, &l);
  }
  int bad = 0; /* reduced apart: a reduction of the status inside the loop does not vectorise */
  for (int k = 0; k < n; k++) bad |= status[k];
  return bad ? RRP_ENONFINITE : RRP_OK;
}
