/* rrp/binder_kernel.h - the loads of one binder as straight-line code without a branch, shared by
 * rrp_binder (one bond, binder.c) and rrp_binder_loads (blocks of bonds across SIMD lanes,
 * binder_block.c): both run the same operations in the same order, so they give the same bits.
 * Inline kernels (rrp/kernel.h), so that a device kernel can run them too; rrp/binder.h is the
 * interface to call. */
#ifndef RRP_BINDER_KERNEL_H
#define RRP_BINDER_KERNEL_H

#include "rrp/binder.h"
#include "rrp/kernel.h"

#include <math.h>

/* finite (rrp_finite) */
RRP_KERNEL int rrp_binder_finite(double v)
{
  return rrp_finite(v);
}

/* 2 atan2(s, w) / s for s, w >= 0 (2/w at s = 0): the angle of a unit quaternion (w, v), s = |v|,
 * over s. No atan2 and no branch, so that it vectorises: with t = min(s, w) / max(s, w) in
 * [0, 1], atan t = y0 + atan x with x = t (y0 = 0) or, above t = 0.66, x = (t - 1)/(t + 1)
 * (y0 = pi/4), and atan x = x + x z P(z)/Q(z), z = x^2, the rational form of the Cephes library
 * (S. L. Moshier, atan.c: 2.2e-16 peak relative error on |x| <= 0.66), with pi/4 and pi/2 split in
 * two doubles. For s > w, atan2(s, w) = pi/2 - atan t. Where x = t = s/w (the small angles of
 * nearly every binder), (atan x)/s = (1 + z P/Q)/w, with no division by s. */
RRP_KERNEL double rrp_binder_log_factor(double s, double w)
{
  const double P0 = -8.750608600031904122785e-1, P1 = -1.615753718733365076637e1,
                      P2 = -7.500855792314704667340e1, P3 = -1.228866684490136173410e2,
                      P4 = -6.485021904942025371773e1;
  const double Q0 = 2.485846490142306297962e1, Q1 = 1.650270098316988542046e2,
                      Q2 = 4.328810604912902668951e2, Q3 = 4.853903996359136964868e2,
                      Q4 = 1.945506571482613964425e2;
  const double PIO2 = 1.57079632679489661923, PIO4 = 7.85398163397448309616e-1;
  const double MOREBITS = 6.123233995736765886130e-17; /* pi/2 - PIO2 */
  const int big = s > w;
  const double num = big ? w : s, den = big ? s : w;
  const int mid = num > 0.66 * den;
  const double x = (mid ? num - den : num) / (mid ? num + den : den);
  const double z = x * x;
  const double pz = (((P0 * z + P1) * z + P2) * z + P3) * z + P4;
  const double qz = ((((z + Q0) * z + Q1) * z + Q2) * z + Q3) * z + Q4;
  const double r = z * pz / qz; /* atan(x)/x - 1 */
  const double at = x + x * r;  /* atan x */
  const double y0 = mid ? PIO4 : 0.0, mb = mid ? 0.5 * MOREBITS : 0.0;
  /* atan t = y0 + (at + mb); pi/2 - atan t = (PIO2 - y0) + ((MOREBITS - mb) - at) */
  const double half = big ? (PIO2 - y0) + ((MOREBITS - mb) - at) : y0 + (at + mb);
  return (big | mid) ? 2.0 * half / s : 2.0 * (1.0 + r) / w;
}

/* theta = log(qr), qr = q_i p q_j* (torsion/bending, (44)-(47)): the sign of qr chosen so that its
 * scalar part is >= 0; returns |theta|, and in fw the log factor f = |theta|/|v| and that scalar
 * part w (for binder_jacobian_b) */
RRP_KERNEL double rrp_binder_theta(const double qi[4], const double p[4], const double qj[4],
                                  double qr[4], double th[3], double fw[2])
{
  const double qjc[4] = {qj[0], -qj[1], -qj[2], -qj[3]};
  double a[4];
  rrp_qmul(qi, p, a);
  rrp_qmul(a, qjc, qr);
  /* the vector part of a product of unit quaternions has |v| <= 1: |v| needs no scaling */
  const double s = sqrt(qr[1] * qr[1] + qr[2] * qr[2] + qr[3] * qr[3]);
  const double sgn = qr[0] < 0.0 ? -1.0 : 1.0;
  const double f = rrp_binder_log_factor(s, sgn * qr[0]);
  for (int k = 0; k < 3; k++) th[k] = f * (sgn * qr[k + 1]);
  fw[0] = f;
  fw[1] = sgn * qr[0];
  return f * s;
}

/* the bond's length L and rest length L0, their inverses, the unit vectors d^ and r_i/L0; the
 * status of the frame (RRP_ENONFINITE for a non-finite L or L0, RRP_EDOMAIN for a zero one) */
RRP_KERNEL int rrp_binder_frame(const double d[3], const double ri[3], double *L, double *invL,
                               double *invL0, double dh[3], double rh[3])
{
  *L = sqrt(rrp_dot3(d, d));
  const double L0 = sqrt(rrp_dot3(ri, ri));
  /* two divisions for the whole bond: the rest multiplies by 1/L and 1/L0 */
  *invL = 1.0 / *L;
  *invL0 = 1.0 / L0;
  rrp_scale3(*invL, d, dh);
  rrp_scale3(*invL0, ri, rh);
  const int finite = rrp_binder_finite(*L) & rrp_binder_finite(L0);
  const int zero = (*L == 0.0) | (L0 == 0.0);
  return !finite ? RRP_ENONFINITE : zero ? RRP_EDOMAIN : RRP_OK;
}

/* the sum of a load's values: non-finite when any of them is */
RRP_KERNEL double rrp_binder_sum(const rrp_binder_load *out)
{
  double all = out->um + out->ua + out->us + out->shear + out->strain + out->twist + out->bend;
  for (int k = 0; k < 3; k++) all += out->fi[k] + out->ti[k] + out->tj[k];
  return all;
}

/* b(theta) = (1 - (|theta|/2) cot(|theta|/2))/|theta|^2 of the inverse left Jacobian of SO(3),
 * J^-1 = I - [theta]/2 + b [theta]^2, from binder_theta's log factor f and scalar part w >= 0
 * (|theta| = f |v|): (|theta|/2) cot(|theta|/2) = f w/2. Its series below |theta|^2 = 1e-3 (where 1 - f w/2 cancels), truncated at 2e-32; no branch.
 * b is 1/12 at 0 and 1/pi^2 at a half-turn. */
RRP_KERNEL double rrp_binder_jacobian_b(double angle, double f, double w)
{
  const double t2 = angle * angle;
  const int small = t2 < 1e-3;
  const double formula = (1.0 - 0.5 * f * w) / (small ? 1.0 : t2);
  const double series = 1.0 / 12.0 + t2 * (1.0 / 720.0 + t2 * (1.0 / 30240.0 + t2 / 1209600.0));
  return small ? series : formula;
}

/* The twist term of U^m beyond Kb/2 |theta|^2: dk/2 tau^2 with dk = Kt - Kb, tau = theta . d^
 * (rrp/binder.h): its torques and force added to out, its energy returned. */
RRP_KERNEL double rrp_binder_twist_term(double dk, const double th[3], double tau, double b,
                                    const double dh[3], double invL, rrp_binder_load *out)
{
  double c1[3], c2[3];
  rrp_cross3(th, dh, c1); /* theta x d^ */
  rrp_cross3(th, c1, c2); /* theta x (theta x d^) */
  const double s = dk * tau;
  for (int k = 0; k < 3; k++) {
    /* T_i = -s J^-T d^, T_j = s J^-1 d^ */
    out->ti[k] -= s * (dh[k] + 0.5 * c1[k] + b * c2[k]);
    out->tj[k] += s * (dh[k] - 0.5 * c1[k] + b * c2[k]);
    out->fi[k] -= s * (th[k] - tau * dh[k]) * invL;
  }
  return 0.5 * s * tau;
}

/* The loads of one binder (rrp_binder's, see rrp/binder.h) in the convected shear form, or in the
 * linear one when linear is nonzero, with the stiffnesses kb, kt, ka, ks and the measures when
 * measure is nonzero; d = x_i - x_j. twist nonzero adds the term of kt - kb (with twist 0 it is
 * left out: kt is then taken equal to kb). Every term is evaluated, a zero stiffness making its
 * contribution +0: for finite input the bits equal those of the term skipped (so also with twist
 * nonzero and kt = kb). (A non-finite orientation therefore makes the loads non-finite and is
 * reported even where no term reads it.) Returns RRP_OK, RRP_EDOMAIN (L or L0 zero) or
 * RRP_ENONFINITE; out is then not to be used (rrp_binder zeroes it for RRP_EDOMAIN). linear and
 * twist are constants where the caller inlines it, each combination a kernel of its own. */
RRP_KERNEL int rrp_binder_kernel(int linear, int twist_term, double kb, double kt, double ka,
                             double ks, int measure, const double d[3], const double qi[4],
                             const double qj[4], const double ri[3], const double p[4],
                             rrp_binder_load *out)
{
  double L, invL, invL0, dh[3], rh[3], qr[4], th[3], fw[2];
  const int frame = rrp_binder_frame(d, ri, &L, &invL, &invL0, dh, rh);
  out->strain = L * invL0 - 1.0;
  out->angle = rrp_binder_theta(qi, p, qj, qr, th, fw);

  /* measures: twist along the bond, bending across it */
  const double twist = rrp_dot3(th, dh);
  const double bend2 = out->angle * out->angle - twist * twist;
  const double bend = sqrt(bend2 > 0.0 ? bend2 : 0.0);
  out->twist = measure ? twist : 0.0;
  out->bend = measure ? bend : 0.0;

  /* torsion and bending */
  out->um = 0.5 * kb * rrp_dot3(th, th);
  for (int k = 0; k < 3; k++) {
    out->ti[k] = 0.0 - kb * th[k];
    out->tj[k] = 0.0 + kb * th[k];
  }

  /* axial (51)-(52) */
  const double strain = out->strain;
  out->ua = 0.5 * ka * strain * strain;
  const double sa = -ka * invL0 * strain;
  for (int k = 0; k < 3; k++) out->fi[k] = 0.0 + sa * dh[k];

  /* twist apart from bending */
  if (twist_term)
    out->um += rrp_binder_twist_term(kt - kb, th, twist, rrp_binder_jacobian_b(out->angle, fw[0], fw[1]), dh,
                                 invL, out);

  /* shear: g_e = Q_e d0^ at both ends; Q_j d0^ = (Q_i Q_j^T)^T Q_i d0^ */
  double gi[3], gj[3], ti[3], tj[3];
  const double qrc[4] = {qr[0], -qr[1], -qr[2], -qr[3]};
  rrp_qrot(qi, rh, gi); /* Q_i d0^ = R_i r_i/L0 */
  rrp_qrot(qrc, gi, gj);
  if (linear) {
    /* U^s = Ks (1 - g . d^) = Ks/2 |g - d^|^2, g the mean convected direction */
    double g[3], e[3];
    for (int k = 0; k < 3; k++) g[k] = gi[k] + gj[k];
    const double n2 = rrp_dot3(g, g);
    const double n = sqrt(n2 > 1e-300 ? n2 : 1e-300); /* g_i = -g_j only at a half-turn */
    const double invn = 1.0 / n;
    for (int k = 0; k < 3; k++) g[k] *= invn;
    const double c = rrp_dot3(g, dh);
    for (int k = 0; k < 3; k++) e[k] = g[k] - dh[k];
    const double shear = rrp_dot3(e, e);
    out->shear = (ks != 0.0) | measure ? shear : 0.0;
    out->us = 0.5 * ks * out->shear;
    for (int k = 0; k < 3; k++) {
      out->fi[k] += ks * (g[k] - c * dh[k]) * invL;
      e[k] = dh[k] - c * g[k];
    }
    rrp_cross3(gi, e, ti);
    rrp_cross3(gj, e, tj);
    const double st = ks * invn;
    for (int k = 0; k < 3; k++) {
      out->ti[k] += st * ti[k];
      out->tj[k] += st * tj[k];
    }
  } else {
    /* convected: c_e = g_e . d^ */
    const double ci = rrp_dot3(gi, dh), cj = rrp_dot3(gj, dh);
    const double shear = 0.5 * ((1.0 - ci) * (1.0 - ci) + (1.0 - cj) * (1.0 - cj));
    out->shear = (ks != 0.0) | measure ? shear : 0.0;
    out->us = 0.5 * ks * out->shear;
    const double si = 0.5 * ks * (1.0 - ci), sj = 0.5 * ks * (1.0 - cj);
    for (int k = 0; k < 3; k++)
      out->fi[k] += (si * (gi[k] - ci * dh[k]) + sj * (gj[k] - cj * dh[k])) * invL;
    rrp_cross3(gi, dh, ti);
    rrp_cross3(gj, dh, tj);
    for (int k = 0; k < 3; k++) {
      out->ti[k] += si * ti[k];
      out->tj[k] += sj * tj[k];
    }
  }
  /* finite input can still overflow (a strain of 1e300): report it rather than pass it on */
  return frame != RRP_OK ? frame : rrp_binder_finite(rrp_binder_sum(out)) ? RRP_OK : RRP_ENONFINITE;
}

#endif
