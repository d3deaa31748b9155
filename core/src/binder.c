/* binder.c - binder bond loads, Baker & Gonzalez (2021) eqs. (44)-(55) with the erratum of doc/theory.md section 3
 * on the shear form (rotation-invariant convected form by default). */
#include "rrp/binder.h"

#include "rrp/rotation.h"
#include "vec3.h"

#include <math.h>
#include <string.h>

/* Q = R R0^T as a quaternion: q q0* (inline: the binder is a bond style's inner loop) */
static inline void rotation_since(const double q[4], const double q0[4], double out[4])
{
  const double c[4] = {q0[0], -q0[1], -q0[2], -q0[3]};
  rrp_qmul(q, c, out);
}

int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double xi[3],
               const double xj[3], const double qi[4], const double qj[4], rrp_binder_load *out)
{
  /* every output is set below; a bond without a term leaves its energy and loads at zero */
  for (int k = 0; k < 3; k++) out->fi[k] = out->ti[k] = out->tj[k] = 0.0;
  out->um = out->ua = out->us = out->strain = out->angle = 0.0;
  double d[3];
  for (int k = 0; k < 3; k++) d[k] = xi[k] - xj[k];
  const double L = sqrt(rrp_dot3(d, d));
  const double L0 = sqrt(rrp_dot3(ref->d0, ref->d0));
  if (!isfinite(L) || !isfinite(L0)) return RRP_ENONFINITE;
  if (L == 0.0 || L0 == 0.0) return RRP_EDOMAIN;
  /* two divisions for the whole bond: the rest multiplies by 1/L and 1/L0 */
  const double invL = 1.0 / L, invL0 = 1.0 / L0;
  double dh[3], d0h[3];
  rrp_scale3(invL, d, dh);
  rrp_scale3(invL0, ref->d0, d0h);

  out->strain = L * invL0 - 1.0;

  double Qi[4], Qj[4];
  rotation_since(qi, ref->qi0, Qi);
  rotation_since(qj, ref->qj0, Qj);

  /* torsion and bending (44)-(47): theta = log(Q_i Q_j^T), its angle reported in any case */
  double qr[4], th[3];
  const double qjc[4] = {Qj[0], -Qj[1], -Qj[2], -Qj[3]};
  rrp_qmul(Qi, qjc, qr);
  /* the vector part of a product of unit quaternions has |v| <= 1: |v| needs no scaling */
  out->angle = rrp_qlog(qr, rrp_norm3(qr + 1), th);
  if (c->km != 0.0) {
    out->um = 0.5 * c->km * rrp_dot3(th, th);
    for (int k = 0; k < 3; k++) {
      out->ti[k] -= c->km * th[k];
      out->tj[k] += c->km * th[k];
    }
  }

  /* axial (51)-(52) */
  if (c->ka != 0.0) {
    const double strain = out->strain;
    out->ua = 0.5 * c->ka * strain * strain;
    const double s = -c->ka * invL0 * strain;
    for (int k = 0; k < 3; k++) out->fi[k] += s * dh[k];
  }

  /* shear */
  if (c->ks != 0.0) {
    double gi[3], gj[3];
    rrp_qrot(Qi, d0h, gi);
    if (c->shear == RRP_SHEAR_PAPER) {
      /* (53)-(55): c = (Q_i d0^) . (Q_j d^) */
      double pj[3], h[3], t[3];
      rrp_qrot(Qj, dh, pj);
      const double cc = rrp_dot3(gi, pj);
      out->us = 0.5 * c->ks * (1.0 - cc) * (1.0 - cc);
      rrp_qrot(qjc, gi, h); /* h = Q_j^T g_i, c = h . d^ (qjc = Q_j^T from above) */
      const double hd = rrp_dot3(h, dh);
      const double s = c->ks * (1.0 - cc) * invL;
      for (int k = 0; k < 3; k++) out->fi[k] += s * (h[k] - hd * dh[k]);
      rrp_cross3(gi, pj, t);
      for (int k = 0; k < 3; k++) {
        out->ti[k] += c->ks * (1.0 - cc) * t[k];
        out->tj[k] -= c->ks * (1.0 - cc) * t[k];
      }
    } else {
      /* convected: c_e = (Q_e d0^) . d^ at both ends */
      rrp_qrot(Qj, d0h, gj);
      const double ci = rrp_dot3(gi, dh), cj = rrp_dot3(gj, dh);
      out->us = 0.25 * c->ks * ((1.0 - ci) * (1.0 - ci) + (1.0 - cj) * (1.0 - cj));
      const double si = 0.5 * c->ks * (1.0 - ci), sj = 0.5 * c->ks * (1.0 - cj);
      double t[3];
      for (int k = 0; k < 3; k++)
        out->fi[k] += (si * (gi[k] - ci * dh[k]) + sj * (gj[k] - cj * dh[k])) * invL;
      rrp_cross3(gi, dh, t);
      for (int k = 0; k < 3; k++) out->ti[k] += si * t[k];
      rrp_cross3(gj, dh, t);
      for (int k = 0; k < 3; k++) out->tj[k] += sj * t[k];
    }
  }
  /* finite input can still overflow (a strain of 1e300): report it rather than pass it on (one
   * sum: a NaN or an infinity anywhere makes it non-finite) */
  double all = out->um + out->ua + out->us;
  for (int k = 0; k < 3; k++) all += out->fi[k] + out->ti[k] + out->tj[k];
  return isfinite(all) ? RRP_OK : RRP_ENONFINITE;
}

double rrp_binder_rest_length(const rrp_binder_ref *ref)
{
  return sqrt(rrp_dot3(ref->d0, ref->d0));
}
