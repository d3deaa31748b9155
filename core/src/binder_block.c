/* binder_block.c - binder loads of a block of bonds across SIMD lanes: the kernel of rrp_binder
 * (rrp/binder_kernel.h) in a loop over a structure of arrays, which the compiler vectorises (the
 * bonds are independent); multi-versioned for AVX-512, AVX2 and SSE2 (RRP_CLONES), with the
 * same bits in each. One loop per shear form and with or without the twist term (a block whose
 * bonds all have Kt = Kb leaves it out: the same bits, fewer operations). */
#include "rrp/binder_kernel.h"
#include "rrp/binder.h"

#include "vec3.h"

/* the loop over a block with the kernel's constants linear and twist */
RRP_INLINE void block_loop(int linear, int twist, rrp_binder_block *b, int n, int *status)
{
  for (int k = 0; k < n; k++) {
    const double d[3] = {b->d[0][k], b->d[1][k], b->d[2][k]};
    const double qi[4] = {b->qi[0][k], b->qi[1][k], b->qi[2][k], b->qi[3][k]};
    const double qj[4] = {b->qj[0][k], b->qj[1][k], b->qj[2][k], b->qj[3][k]};
    const double ri[3] = {b->ri[0][k], b->ri[1][k], b->ri[2][k]};
    const double p[4] = {b->p[0][k], b->p[1][k], b->p[2][k], b->p[3][k]};
    rrp_binder_load l;
    status[k] = rrp_binder_kernel(linear, twist, b->kb[k], b->kt[k], b->ka[k], b->ks[k],
                                  b->measure[k], d, qi, qj, ri, p, &l);
    rrp_binder_block_put(b, k, &l);
  }
}

RRP_CLONES int rrp_binder_loads(rrp_binder_block *b, int n, enum rrp_shear_form form)
{
  if (form != RRP_SHEAR_CONVECTED && form != RRP_SHEAR_LINEAR) return RRP_EDOMAIN;
  int twist = 0;
  for (int k = 0; k < n; k++) twist |= b->kt[k] != b->kb[k];
  int status[RRP_BINDER_BLOCK];
  if (form == RRP_SHEAR_LINEAR) {
    if (twist)
      block_loop(1, 1, b, n, status);
    else
      block_loop(1, 0, b, n, status);
  } else {
    if (twist)
      block_loop(0, 1, b, n, status);
    else
      block_loop(0, 0, b, n, status);
  }
  int bad = 0; /* reduced apart: a reduction of the status inside the loop does not vectorise */
  for (int k = 0; k < n; k++) bad |= status[k];
  return bad ? RRP_ENONFINITE : RRP_OK;
}
