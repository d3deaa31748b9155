/* rrp/visco_kernel.h - one step of a viscous binder in the linear shear form, fused with its
 * elastic loads, as straight-line code without a branch: the kernel of rrp_visco_loads
 * (visco_block.c), which runs it across SIMD lanes. Inline (rrp/kernel.h), so that each loop
 * that runs it vectorises it whole; rrp/visco.h is the interface to call.
 *
 * For a bond with inputs as rrp_binder's (d = x_i - x_j, orientations, reference r_i, p), the
 * equilibrium stiffnesses K g_inf of its four modes and its type's factors (rrp_visco_factors,
 * T terms in every mode, zero beyond the type's own): the geometry once (rrp/binder_kernel.h's
 * frame, theta and b of J^-1; the convected directions g_i, g_j and their mean g), the measures
 * in the body frame of i, e = (eps, R_i^T (g - d^), R_i^T (theta - tau d^), tau), then for each
 * mode and term (rrp/visco.h)
 *   D_k = w1/(K g_k) |h_k|^2 + 2 w2 h_k . de + w3 K g_k |de|^2,   h_k' = a h_k + K g_k f de,
 * and the loads of the total stress s = K g_inf e + sum_k h_k', minus the gradient of s . e with
 * s held in the body frame of i (visco.c's branch loads, with the twist and bending parts of J^-1
 * taken together): with s_b = R_i s_bend, s_d = s_b . d^, s_s = R_i s_shear,
 *   axial:            F_i = -s_eps/L0 d^
 *   twist, bending:   a = s_b + (s_tau - s_d) d^,  T_i = -J^-T a + (theta - tau d^) x s_b,
 *                     T_j = J^-1 a,  F_i += (s_d theta + tau s_b - 2 tau s_d d^ - s_tau (theta -
 *                     tau d^))/L
 *   shear:            w = (s_s - (s_s . g) g)/n,  T_i += w x g_i + (g - d^) x s_s,  T_j += w x g_j,
 *                     F_i += (s_s - (s_s . d^) d^)/L
 * with F_j = -F_i. For s = K e these are rrp/binder.h's elastic loads of the linear form: the
 * torsion/bending torque -Kb theta - (Kt - Kb) tau J^-T d^ (J^-T theta = theta), its force
 * -(Kt - Kb) tau (theta - tau d^)/L, the axial and the shear loads (the cross products with s_b
 * and s_s vanish for s parallel to e). Energies: U^a = Ka/2 eps^2, U^s = Ks/2 |g - d^|^2,
 * U^m = Kb/2 |theta - tau d^|^2 + Kt/2 tau^2, each (K the equilibrium stiffness) plus its mode's
 * branch springs sum |h_k|^2/(2 K g_k). The measures of rupture are those of rrp_binder_kernel,
 * by the same operations. Rotations by R_i go through its matrix, made once.
 */
#ifndef RRP_VISCO_KERNEL_H
#define RRP_VISCO_KERNEL_H

#include "rrp/binder_kernel.h"
#include "rrp/kernel.h"
#include "rrp/visco.h"

#include <math.h>

/* the rotation matrix of a unit quaternion, R v = q v q* */
RRP_KERNEL void rrp_visco_matrix(const double q[4], double R[3][3])
{
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double x2 = x + x, y2 = y + y, z2 = z + z;
  const double xx = x * x2, yy = y * y2, zz = z * z2, xy = x * y2, xz = x * z2, yz = y * z2;
  const double wx = w * x2, wy = w * y2, wz = w * z2;
  R[0][0] = 1.0 - (yy + zz);
  R[0][1] = xy - wz;
  R[0][2] = xz + wy;
  R[1][0] = xy + wz;
  R[1][1] = 1.0 - (xx + zz);
  R[1][2] = yz - wx;
  R[2][0] = xz - wy;
  R[2][1] = yz + wx;
  R[2][2] = 1.0 - (xx + yy);
}

/* out = R v (space frame) and out = R^T v (body frame) */
RRP_KERNEL void rrp_visco_to_space(double R[3][3], const double v[3], double out[3])
{
  for (int i = 0; i < 3; i++) out[i] = R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2];
}
RRP_KERNEL void rrp_visco_to_body(double R[3][3], const double v[3], double out[3])
{
  for (int i = 0; i < 3; i++) out[i] = R[0][i] * v[0] + R[1][i] * v[1] + R[2][i] * v[2];
}

/* The branch terms of one mode of nc components (1 or 3): de = e - e0, each term t < T updated
 * in h (term t's components at h + nc t) with the mode's factors (index mode of f); the sum of
 * its stresses into s, its dissipated work into *dw; returns the energy its springs store. (Each
 * sum starts from its first term, not from 0: an addition less each.) */
RRP_KERNEL double rrp_visco_mode(int T, int nc, int mode, const rrp_visco_factors *f,
                                 const double *e, const double *e0, double *h, double *s,
                                 double *dw)
{
  double de[3];
  for (int c = 0; c < nc; c++) de[c] = e[c] - e0[c];
  double dd = de[0] * de[0];
  for (int c = 1; c < nc; c++) dd += de[c] * de[c];
  double stored = 0.0, diss = 0.0; /* (and s: the sums of no term, T = 0) */
  for (int c = 0; c < nc; c++) s[c] = 0.0;
#pragma GCC unroll 8
  for (int t = 0; t < T; t++) {
    double *ht = h + nc * t;
    double hh = ht[0] * ht[0], hd = ht[0] * de[0];
    for (int c = 1; c < nc; c++) {
      hh += ht[c] * ht[c];
      hd += ht[c] * de[c];
    }
    const double dk = f->w1[mode][t] * hh + f->w2[mode][t] * hd + f->w3[mode][t] * dd;
    const double dp = dk > 0.0 ? dk : 0.0; /* >= 0 exactly; rounding may leave a tiny negative */
    diss = t == 0 ? dp : diss + dp;
    for (int c = 0; c < nc; c++) {
      ht[c] = f->a[mode][t] * ht[c] + f->kf[mode][t] * de[c];
      ht[c] = fabs(ht[c]) < RRP_VISCO_FLUSH ? 0.0 : ht[c]; /* (rrp/visco.h) */
      s[c] = t == 0 ? ht[c] : s[c] + ht[c];
    }
    double h2 = ht[0] * ht[0];
    for (int c = 1; c < nc; c++) h2 += ht[c] * ht[c];
    stored = t == 0 ? f->u[mode][t] * h2 : stored + f->u[mode][t] * h2;
  }
  *dw = diss;
  return stored;
}

/* The geometry of a binder that its loads need beyond its measures, in this order (values of
 * rrp_visco_geometry's geo): theta, d^, g, g_i, g_j, g - d^, theta - tau d^ (3 each), R_i (9,
 * by rows), b of J^-1, tau, 1/L, 1/L0, 1/n */
#define RRP_VISCO_GEOMETRY 35

/* The first part of a step of a viscous binder: its geometry (rrp_binder_kernel's operations), the
 * measures e in the body frame of i, into out its measures of rupture (as rrp_binder_kernel's,
 * with measure and ks as rrp_binder_coeff's) and the elastic energies of the equilibrium
 * stiffnesses kb, kt, ka, ks; into geo what its loads need (RRP_VISCO_GEOMETRY). */
RRP_KERNEL void rrp_visco_geometry(double kb, double kt, double ka, double ks, int measure,
                                   const double d[3], const double qi[4], const double qj[4],
                                   const double ri[3], const double p[4],
                                   double e[RRP_VISCO_MEASURES], double geo[RRP_VISCO_GEOMETRY],
                                   rrp_binder_load *out)
{
  double L, invL, invL0, dh[3], rh[3], qr[4], th[3], fw[2];
  rrp_binder_frame(d, ri, &L, &invL, &invL0, dh, rh);
  const double angle = rrp_binder_theta(qi, p, qj, qr, th, fw);
  const double tau = rrp_dot3(th, dh);
  const double bend2 = angle * angle - tau * tau;
  const double beta = sqrt(bend2 > 0.0 ? bend2 : 0.0);
  const double b = rrp_binder_jacobian_b(angle, fw[0], fw[1]);
  double R[3][3], gi[3], gj[3], g[3], sh[3], be[3];
  rrp_visco_matrix(qi, R);
  const double qrc[4] = {qr[0], -qr[1], -qr[2], -qr[3]};
  rrp_qrot(qi, rh, gi); /* Q_i d0^ = R_i r_i/L0 */
  rrp_qrot(qrc, gi, gj);
  for (int k = 0; k < 3; k++) g[k] = gi[k] + gj[k];
  const double n2 = rrp_dot3(g, g);
  const double n = sqrt(n2 > 1e-300 ? n2 : 1e-300); /* g_i = -g_j only at a half-turn */
  const double invn = 1.0 / n;
  for (int k = 0; k < 3; k++) {
    g[k] *= invn;
    sh[k] = g[k] - dh[k];
    be[k] = th[k] - tau * dh[k];
  }
  const double shear = rrp_dot3(sh, sh);
  out->strain = L * invL0 - 1.0;
  out->angle = angle;
  out->twist = measure ? tau : 0.0;
  out->bend = measure ? beta : 0.0;
  out->shear = (ks != 0.0) | measure ? shear : 0.0;
  e[0] = out->strain;
  rrp_visco_to_body(R, sh, e + 1);
  rrp_visco_to_body(R, be, e + 4);
  e[7] = tau;
  out->ua = 0.5 * ka * e[0] * e[0];
  out->us = 0.5 * ks * shear;
  out->um = 0.5 * (kb * rrp_dot3(be, be) + kt * tau * tau);
  for (int k = 0; k < 3; k++) {
    geo[k] = th[k];
    geo[3 + k] = dh[k];
    geo[6 + k] = g[k];
    geo[9 + k] = gi[k];
    geo[12 + k] = gj[k];
    geo[15 + k] = sh[k];
    geo[18 + k] = be[k];
    for (int c = 0; c < 3; c++) geo[21 + 3 * k + c] = R[k][c];
  }
  geo[30] = b;
  geo[31] = tau;
  geo[32] = invL;
  geo[33] = invL0;
  geo[34] = invn;
}

/* The second part: the branches of the four modes (rrp_visco_mode) from the measures e and those
 * of the last update e0 (then set to e), T terms a mode in h (rrp_visco_block's order), the
 * factors f: the branch stresses summed by mode into H, the step's dissipated work into *dw;
 * returns the energy stored in the branch springs, by mode in u (axial, shear, bending, twist). */
RRP_KERNEL void rrp_visco_branches(int T, const rrp_visco_factors *f,
                                   const double e[RRP_VISCO_MEASURES],
                                   double e0[RRP_VISCO_MEASURES], double *h,
                                   double H[RRP_VISCO_MEASURES], double *dw,
                                   double u[RRP_VISCO_MODES])
{
  double w[RRP_VISCO_MODES];
  u[0] = rrp_visco_mode(T, 1, RRP_VISCO_AXIAL, f, e, e0, h, H, w);
  u[1] = rrp_visco_mode(T, 3, RRP_VISCO_SHEAR, f, e + 1, e0 + 1, h + T, H + 1, w + 1);
  u[2] = rrp_visco_mode(T, 3, RRP_VISCO_BEND, f, e + 4, e0 + 4, h + 4 * T, H + 4, w + 2);
  u[3] = rrp_visco_mode(T, 1, RRP_VISCO_TWIST, f, e + 7, e0 + 7, h + 7 * T, H + 7, w + 3);
  *dw = (w[0] + w[1]) + (w[2] + w[3]);
  for (int c = 0; c < RRP_VISCO_MEASURES; c++) e0[c] = e[c];
}

/* The third part: the loads (fi, ti, tj of out) of the total stress s = K e + H, the equilibrium
 * stiffnesses K (kb, kt, ka, ks) on the measures (the strain eps, the rest through the geometry
 * geo: the bending and shear parts in the space frame, the branches' H turned by R_i). */
RRP_KERNEL void rrp_visco_stress_loads(double kb, double kt, double ka, double ks, double eps,
                                       const double geo[RRP_VISCO_GEOMETRY],
                                       const double H[RRP_VISCO_MEASURES], rrp_binder_load *out)
{
  const double *th = geo, *dh = geo + 3, *g = geo + 6, *gi = geo + 9, *gj = geo + 12;
  const double *sh = geo + 15, *be = geo + 18;
  double R[3][3];
  for (int k = 0; k < 9; k++) R[k / 3][k % 3] = geo[21 + k];
  const double b = geo[30], tau = geo[31], invL = geo[32], invL0 = geo[33], invn = geo[34];
  const double sa = ka * eps + H[0], st = kt * tau + H[7];
  double sb[3], ss[3];
  rrp_visco_to_space(R, H + 4, sb);
  rrp_visco_to_space(R, H + 1, ss);
  for (int k = 0; k < 3; k++) {
    sb[k] += kb * be[k];
    ss[k] += ks * sh[k];
  }
  /* twist and bending: J^-1 and J^-T of a = s_b + (s_tau - s_d) d^; shear: w = (s_s - (s_s . g)
   * g)/n */
  const double sd = rrp_dot3(sb, dh), sg = rrp_dot3(ss, g), sdh = rrp_dot3(ss, dh);
  double a[3], c1[3], c2[3], w[3], t1[3], t2[3], wi[3], wj[3];
  for (int k = 0; k < 3; k++) {
    a[k] = sb[k] + (st - sd) * dh[k];
    w[k] = (ss[k] - sg * g[k]) * invn;
  }
  rrp_cross3(th, a, c1);
  rrp_cross3(th, c1, c2);
  /* (theta - tau d^) x s_b + (g - d^) x s_s: the turn of the frame of the stress with i */
  rrp_cross3(be, sb, t1);
  rrp_cross3(sh, ss, t2);
  rrp_cross3(w, gi, wi);
  rrp_cross3(w, gj, wj);
  /* F_i = -s_eps/L0 d^ + (s_d theta + tau s_b - 2 tau s_d d^ - s_tau (theta - tau d^) + s_s -
   * s_s . d^ d^)/L, gathered by vector */
  const double fdh = -sa * invL0 + (st * tau - 2.0 * tau * sd - sdh) * invL;
  const double fth = (sd - st) * invL, fsb = tau * invL;
  for (int k = 0; k < 3; k++) {
    const double jb = b * c2[k];
    out->ti[k] = (t1[k] + t2[k]) + wi[k] - ((a[k] + 0.5 * c1[k]) + jb);
    out->tj[k] = ((a[k] - 0.5 * c1[k]) + jb) + wj[k];
    out->fi[k] = fdh * dh[k] + fth * th[k] + fsb * sb[k] + invL * ss[k];
  }
}

/* One step of a viscous binder (above), the three parts in turn: T terms a mode (a constant where
 * the caller inlines it), the factors f, the equilibrium stiffnesses kb, kt, ka, ks, measure as
 * rrp_binder_coeff's, the inputs of rrp_binder_kernel; the state in e0 (measures of the last
 * update), *diss (work dissipated since bonding) and h (8 T branch stresses, rrp_visco_block's
 * order), all updated; the loads into out (every field), the energy in the branch springs into
 * *stored. Returns 1 when the loads and state are finite, else 0: non-finite input, an overflow,
 * or coincident atoms or a zero rest length (1/L or 1/L0 infinite, which makes d^ or r_i/L0, and
 * so the loads, NaN); the outputs and state are then not to be used. (A flag rather than a
 * status: no integer in a loop that runs it, whose vectors then hold as many bonds as doubles
 * fit.) rrp_visco_loads runs the parts in three loops over the lanes of a block, each of few
 * enough values at once to stay in the registers. */
RRP_KERNEL int rrp_visco_kernel(int T, const rrp_visco_factors *f, double kb, double kt, double ka,
                                double ks, int measure, const double d[3], const double qi[4],
                                const double qj[4], const double ri[3], const double p[4],
                                double e0[RRP_VISCO_MEASURES], double *diss, double *h,
                                rrp_binder_load *out, double *stored)
{
  double e[RRP_VISCO_MEASURES], geo[RRP_VISCO_GEOMETRY], H[RRP_VISCO_MEASURES], u[4], dw;
  rrp_visco_geometry(kb, kt, ka, ks, measure, d, qi, qj, ri, p, e, geo, out);
  rrp_visco_branches(T, f, e, e0, h, H, &dw, u);
  out->ua += u[0];
  out->us += u[1];
  out->um += u[2] + u[3];
  *stored = (u[0] + u[1]) + (u[2] + u[3]);
  *diss += dw;
  rrp_visco_stress_loads(kb, kt, ka, ks, e[0], geo, H, out);
  /* finite input can still overflow: report it (a non-finite branch stress makes s, and so the
   * loads, non-finite) */
  return rrp_binder_finite(rrp_binder_sum(out) + *stored + dw);
}

#endif
