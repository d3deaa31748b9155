/* friction_block.c - the Hertz force and the friction of a block of contacts across SIMD lanes:
 * the kernels of rrp/friction_kernel.h in loops over a structure of arrays, which the compiler
 * vectorises (the contacts are independent); multi-versioned for AVX-512, AVX2 and SSE2
 * (RRP_CLONES), with the same bits in each. The step runs in passes over the block, each a part
 * of the kernel (the Hertz force and the kinematics; the tangential spring; the rolling spring;
 * the twisting spring and the exchange), their values between passes in the block: one loop of
 * the whole kernel holds more values than there are registers, and spills cost it a third of its
 * time. */
#include "rrp/friction.h"
#include "rrp/friction_kernel.h"

#include "vec3.h"

/* contact k's kinematics and loads so far, out of the block and into it */
RRP_INLINE void kin_get(const rrp_friction_block *b, int k, int middle, rrp_contact_kin *c)
{
  for (int q = 0; q < 3; q++) {
    c->n[q] = b->n[q][k];
    c->vs[q] = b->vs[q][k];
    c->vr[q] = b->vr[q][k];
    c->v[q] = b->v[q][k];
    c->wi[q] = b->wi[q][k];
    c->wj[q] = b->wj[q][k];
  }
  c->a = b->a[k];
  c->reff = b->reff[k];
  c->wn = b->wn[k];
  c->arm_i = b->arm_i[k];
  c->arm_j = b->arm_j[k];
  c->point = middle ? RRP_CONTACT_POINT_MIDDLE : RRP_CONTACT_POINT_LAMMPS;
}

RRP_INLINE void out_get(const rrp_friction_block *b, int k, rrp_friction_out *o)
{
  for (int q = 0; q < 3; q++) {
    o->f[q] = b->f[q][k];
    o->ti[q] = b->ti[q][k];
    o->tj[q] = b->tj[q][k];
    o->u[q] = b->u[q][k];
    o->dissipated[q] = b->dissipated[q][k];
  }
}

RRP_INLINE void out_put(rrp_friction_block *b, int k, const rrp_friction_out *o)
{
  for (int q = 0; q < 3; q++) {
    b->f[q][k] = o->f[q];
    b->ti[q][k] = o->ti[q];
    b->tj[q][k] = o->tj[q];
    b->u[q][k] = o->u[q];
    b->dissipated[q][k] = o->dissipated[q];
  }
}

/* pass 1: the Hertz factor and energy (rrp_hertz_pair_factor's operations), the kinematics, the
 * status that the one-contact functions would report (coincident centres, a value not finite) */
RRP_INLINE void pass_kinematics(int middle, rrp_friction_block *b, int n, int *status)
{
  for (int k = 0; k < n; k++) {
    const double d[3] = {b->d[0][k], b->d[1][k], b->d[2][k]};
    const double v[3] = {b->v[0][k], b->v[1][k], b->v[2][k]};
    const double wi[3] = {b->wi[0][k], b->wi[1][k], b->wi[2][k]};
    const double wj[3] = {b->wj[0][k], b->wj[1][k], b->wj[2][k]};
    const double ri = b->ri[k], rj = b->rj[k], K = b->K[k];
    const double a = ri + rj, rsq = rrp_dot3(d, d);
    const int overlap = rsq < a * a;
    const double r = sqrt(rsq);
    const double delta = 1.0 - r / a;
    const double sd = sqrt(fabs(delta));
    const double e = 0.4 * K * delta * delta * sd;
    const double fs = overlap ? K / a * delta * sd / r : 0.0;
    b->fs[k] = fs;
    b->uh[k] = overlap ? 0.0 + e : 0.0;
    rrp_contact_kin c;
    rrp_contact_kin_kernel(d, ri, rj, v, wi, wj, middle, &c);
    for (int q = 0; q < 3; q++) {
      b->n[q][k] = c.n[q];
      b->vs[q][k] = c.vs[q];
      b->vr[q][k] = c.vr[q];
    }
    b->a[k] = c.a;
    b->reff[k] = c.reff;
    b->wn[k] = c.wn;
    b->arm_i[k] = c.arm_i;
    b->arm_j[k] = c.arm_j;
    b->fncrit[k] = fabs(fs * c.r);
    const double sum = (d[0] + d[1] + d[2]) + (v[0] + v[1] + v[2]) + (wi[0] + wi[1] + wi[2]) +
                       (wj[0] + wj[1] + wj[2]) + (ri + rj) + K;
    status[k] = !(rsq > 0.0) | !rrp_finite(sum) | !overlap;
  }
}

/* pass 2: the tangential spring (it sets the loads; the other springs' works and energies 0
 * until their passes) */
RRP_INLINE void pass_tangential(const rrp_friction *law, int middle, double dt, int update,
                                rrp_friction_block *b, int n)
{
  for (int k = 0; k < n; k++) {
    rrp_contact_kin c;
    kin_get(b, k, middle, &c);
    double h[3] = {b->h[0][k], b->h[1][k], b->h[2][k]};
    rrp_friction_out o = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0},
                          {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0};
    rrp_friction_tangential_part(law, &c, b->fncrit[k], dt, update, h, &o);
    for (int q = 0; q < 3; q++) b->h[q][k] = h[q];
    out_put(b, k, &o);
  }
}

/* pass 3: the rolling spring (history 3-5) */
RRP_INLINE void pass_rolling(const rrp_friction *law, int middle, double dt, int update,
                             rrp_friction_block *b, int n)
{
  for (int k = 0; k < n; k++) {
    rrp_contact_kin c;
    kin_get(b, k, middle, &c);
    double h[6] = {0.0, 0.0, 0.0, b->h[3][k], b->h[4][k], b->h[5][k]};
    rrp_friction_out o;
    out_get(b, k, &o);
    rrp_friction_rolling_part(law, &c, b->fncrit[k], dt, update, h, &o);
    for (int q = 3; q < 6; q++) b->h[q][k] = h[q];
    out_put(b, k, &o);
  }
}

/* pass 4: the twisting spring (history 6; with twisting) and the exchange (it reads the last
 * loads and energies) */
RRP_INLINE void pass_twisting_exchange(int twisting, const rrp_friction *law, int middle,
                                       double dt, int update, rrp_friction_block *b, int n)
{
  for (int k = 0; k < n; k++) {
    rrp_contact_kin c;
    kin_get(b, k, middle, &c);
    double h[RRP_FRICTION_HISTORY];
#pragma GCC unroll 32
    for (int q = 0; q < RRP_FRICTION_HISTORY; q++)
      h[q] = (q == 6 || q >= RRP_FRICTION_LOADS) ? b->h[q][k] : 0.0;
    rrp_friction_out o;
    out_get(b, k, &o);
    o.exchange = 0.0;
    if (twisting) rrp_friction_twisting_part(law, &c, b->fncrit[k], dt, update, h, &o);
    rrp_friction_exchange_part(&c, dt, update, h, &o);
    /* (the last loads and energies the exchange part wrote are this step's outputs: the caller
     * keeps them) */
    b->h[6][k] = h[6];
    out_put(b, k, &o);
    b->exchange[k] = o.exchange;
  }
}

RRP_CLONES int rrp_friction_contacts(const rrp_friction *law, enum rrp_contact_point point,
                                     double dt, int update, rrp_friction_block *b, int n)
{
  if (law->tangential == RRP_TANGENTIAL_NONE) return RRP_EDOMAIN;
  const rrp_friction l = *law; /* (a copy the compiler knows no store of the loop touches) */
  const int middle = point == RRP_CONTACT_POINT_MIDDLE;
  int status[RRP_FRICTION_BLOCK];
  pass_kinematics(middle, b, n, status);
  pass_tangential(&l, middle, dt, update, b, n);
  if (l.kroll > 0.0) pass_rolling(&l, middle, dt, update, b, n);
  if (l.twisting != RRP_TWISTING_NONE)
    pass_twisting_exchange(1, &l, middle, dt, update, b, n);
  else
    pass_twisting_exchange(0, &l, middle, dt, update, b, n);
  int bad = 0; /* reduced apart: a reduction of the status inside the loop does not vectorise */
  for (int k = 0; k < n; k++) bad |= status[k];
  return bad ? RRP_ENONFINITE : RRP_OK;
}
