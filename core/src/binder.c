/* binder.c - binder bond loads, Baker & Gonzalez (2021) eqs. (44)-(55) with the erratum of
 * doc/theory.rst section 3 on the shear form (rotation-invariant convected form by default) and the
 * forms beyond the paper (section 6: linear shear, twist apart from bending); a bond's slot; the
 * rupture law. */
#include "rrp/binder.h"

#include "rrp/binder_kernel.h"
#include "rrp/rotation.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* a slot holds r_i and p in rrp_binder_ref's layout, which the loads read in place */
_Static_assert(sizeof(rrp_binder_ref) == RRP_BINDER_SLOT * sizeof(double) &&
                   offsetof(rrp_binder_ref, p) == 3 * sizeof(double),
               "rrp_binder_ref is the 7 slot values r_i, p");

static inline void conjugate(const double q[4], double out[4])
{
  out[0] = q[0];
  out[1] = -q[1];
  out[2] = -q[2];
  out[3] = -q[3];
}

void rrp_binder_reference(const double d0[3], const double qi0[4], const double qj0[4],
                          rrp_binder_ref *ref)
{
  double ci[4];
  conjugate(qi0, ci);
  rrp_qrot(ci, d0, ref->ri); /* R_i0^T d0 */
  rrp_qmul(ci, qj0, ref->p); /* R_i0^T R_j0 */
}

/* the printed shear form (53)-(55), with torsion/bending and axial as in binder_kernel */
static int binder_paper(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double *qj0,
                        const double d[3], const double qi[4], const double qj[4],
                        rrp_binder_load *out)
{
  for (int k = 0; k < 3; k++) out->fi[k] = out->ti[k] = out->tj[k] = 0.0;
  out->um = out->ua = out->us = out->strain = out->angle = 0.0;
  out->twist = out->bend = out->shear = 0.0;
  double L, invL, invL0, dh[3], rh[3], qr[4], th[3], fw[2];
  const int frame = rrp_binder_frame(d, ref->ri, &L, &invL, &invL0, dh, rh);
  if (frame != RRP_OK) return frame;
  out->strain = L * invL0 - 1.0;
  out->angle = rrp_binder_theta(qi, ref->p, qj, qr, th, fw);
  const double twist = rrp_dot3(th, dh);
  if (c->measure) {
    out->twist = twist;
    const double bend2 = out->angle * out->angle - twist * twist;
    out->bend = bend2 > 0.0 ? sqrt(bend2) : 0.0;
  }
  if (c->kb != 0.0) {
    out->um = 0.5 * c->kb * rrp_dot3(th, th);
    for (int k = 0; k < 3; k++) {
      out->ti[k] -= c->kb * th[k];
      out->tj[k] += c->kb * th[k];
    }
  }
  if (c->kt != c->kb)
    out->um += rrp_binder_twist_term(c->kt - c->kb, th, twist,
                                     rrp_binder_jacobian_b(out->angle, fw[0], fw[1]), dh, invL, out);
  if (c->ka != 0.0) {
    const double strain = out->strain;
    out->ua = 0.5 * c->ka * strain * strain;
    const double s = -c->ka * invL0 * strain;
    for (int k = 0; k < 3; k++) out->fi[k] += s * dh[k];
  }
  if (c->ks != 0.0 || c->measure) {
    /* c = (Q_i d0^) . (Q_j d^), Q_j = R_j R_j0^T */
    double gi[3], Qj[4], pj[3], h[3], t[3];
    const double q0c[4] = {qj0[0], -qj0[1], -qj0[2], -qj0[3]};
    rrp_qrot(qi, rh, gi); /* Q_i d0^ = R_i r_i/L0 */
    rrp_qmul(qj, q0c, Qj);
    const double Qjc[4] = {Qj[0], -Qj[1], -Qj[2], -Qj[3]};
    rrp_qrot(Qj, dh, pj);
    const double cc = rrp_dot3(gi, pj);
    out->shear = (1.0 - cc) * (1.0 - cc);
    out->us = 0.5 * c->ks * out->shear;
    rrp_qrot(Qjc, gi, h); /* h = Q_j^T g_i, c = h . d^ */
    const double hd = rrp_dot3(h, dh);
    const double s = c->ks * (1.0 - cc) * invL;
    for (int k = 0; k < 3; k++) out->fi[k] += s * (h[k] - hd * dh[k]);
    rrp_cross3(gi, pj, t);
    for (int k = 0; k < 3; k++) {
      out->ti[k] += c->ks * (1.0 - cc) * t[k];
      out->tj[k] -= c->ks * (1.0 - cc) * t[k];
    }
  }
  return rrp_binder_finite(rrp_binder_sum(out)) ? RRP_OK : RRP_ENONFINITE;
}

int rrp_binder(const rrp_binder_coeff *c, const rrp_binder_ref *ref, const double *qj0,
               const double xi[3], const double xj[3], const double qi[4], const double qj[4],
               rrp_binder_load *out)
{
  const double d[3] = {xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]};
  const int twist = c->kt != c->kb;
  int status;
  switch (c->shear) {
    case RRP_SHEAR_PAPER: status = qj0 ? binder_paper(c, ref, qj0, d, qi, qj, out) : RRP_EDOMAIN; break;
    case RRP_SHEAR_CONVECTED:
      status = rrp_binder_kernel(0, twist, c->kb, c->kt, c->ka, c->ks, c->measure, d, qi, qj,
                                 ref->ri, ref->p, out);
      break;
    case RRP_SHEAR_LINEAR:
      status = rrp_binder_kernel(1, twist, c->kb, c->kt, c->ka, c->ks, c->measure, d, qi, qj,
                                 ref->ri, ref->p, out);
      break;
    default: status = RRP_EDOMAIN;
  }
  if (status == RRP_EDOMAIN) memset(out, 0, sizeof *out); /* no bond direction: no loads */
  return status;
}

double rrp_binder_rest_length(const rrp_binder_ref *ref)
{
  return sqrt(rrp_dot3(ref->ri, ref->ri));
}

int rrp_binder_slot_size(enum rrp_shear_form form)
{
  return form == RRP_SHEAR_PAPER ? RRP_BINDER_SLOT_PAPER : RRP_BINDER_SLOT;
}

int rrp_binder_slot_capture(const double d0[3], const double qi0[4], const double qj0[4],
                            int size, double *slot)
{
  if (size != RRP_BINDER_SLOT && size != RRP_BINDER_SLOT_PAPER) return RRP_EDOMAIN;
  double all = 0.0, ni = 0.0, nj = 0.0;
  for (int k = 0; k < 3; k++) all += d0[k];
  for (int k = 0; k < 4; k++) {
    all += qi0[k] + qj0[k];
    ni += qi0[k] * qi0[k];
    nj += qj0[k] * qj0[k];
  }
  if (!isfinite(all)) return RRP_ENONFINITE;
  if (ni == 0.0 || nj == 0.0) return RRP_EDOMAIN;
  rrp_binder_ref ref;
  rrp_binder_reference(d0, qi0, qj0, &ref);
  memcpy(slot, &ref, sizeof ref);
  if (size == RRP_BINDER_SLOT_PAPER) memcpy(slot + RRP_BINDER_SLOT, qj0, 4 * sizeof(double));
  return RRP_OK;
}

int rrp_binder_slot_has_reference(const double *slot)
{
  return slot[3] != 0.0 || slot[4] != 0.0 || slot[5] != 0.0 || slot[6] != 0.0;
}

int rrp_binder_slot_unit(double *slot, int size, double tol, int *which, double *norm)
{
  *which = -1;
  *norm = 0.0;
  if (size != RRP_BINDER_SLOT && size != RRP_BINDER_SLOT_PAPER) return RRP_EDOMAIN;
  for (int k = 0; k < size; k++)
    if (!isfinite(slot[k])) {
      *which = k;
      return RRP_ENONFINITE;
    }
  if (!rrp_binder_slot_has_reference(slot)) return RRP_OK;
  const int at[2] = {(int) (offsetof(rrp_binder_ref, p) / sizeof(double)), RRP_BINDER_SLOT};
  double q[2][4];
  for (int m = 0; m < (size == RRP_BINDER_SLOT_PAPER ? 2 : 1); m++)
    if (rrp_quat_from_unit_values(slot + at[m], tol, q[m], norm) != RRP_OK) {
      *which = m;
      return RRP_EDOMAIN;
    }
  for (int m = 0; m < (size == RRP_BINDER_SLOT_PAPER ? 2 : 1); m++)
    memcpy(slot + at[m], q[m], sizeof q[m]);
  return RRP_OK;
}

static double inverse_square(double v)
{
  return v > 0.0 ? 1.0 / (v * v) : 0.0;
}

int rrp_binder_limit_set(enum rrp_shear_form form, double axial, double shear, double bend,
                         double twist, rrp_binder_limit *lim)
{
  const double v[4] = {axial, shear, bend, twist};
  for (int k = 0; k < 4; k++)
    if (!(v[k] >= 0.0) || !isfinite(v[k])) return RRP_EDOMAIN;
  if (shear > 3.14159265358979323846) return RRP_EDOMAIN;
  if (form != RRP_SHEAR_CONVECTED && form != RRP_SHEAR_PAPER && form != RRP_SHEAR_LINEAR)
    return RRP_EDOMAIN;
  lim->axial = inverse_square(axial);
  /* the shear measure at the critical angle, S_c; 1 - cos phi = 2 sin^2(phi/2), exact also for a
   * small angle */
  const double s = sin(0.5 * shear), one_minus_cos = 2.0 * s * s;
  if (form == RRP_SHEAR_LINEAR)
    lim->shear = one_minus_cos > 0.0 ? 1.0 / (2.0 * one_minus_cos) : 0.0;
  else
    lim->shear = inverse_square(one_minus_cos);
  lim->bend = inverse_square(bend);
  lim->twist = inverse_square(twist);
  return RRP_OK;
}

double rrp_binder_damage(const rrp_binder_limit *lim, const rrp_binder_load *l,
                         enum rrp_binder_mode *mode)
{
  /* a mode without a limit adds nothing (also when its measure squared overflows: no 0 x inf) */
  const double eps = l->strain > 0.0 ? l->strain : 0.0;
  const double term[4] = {lim->axial > 0.0 ? lim->axial * eps * eps : 0.0,
                          lim->shear > 0.0 ? lim->shear * l->shear : 0.0,
                          lim->bend > 0.0 ? lim->bend * l->bend * l->bend : 0.0,
                          lim->twist > 0.0 ? lim->twist * l->twist * l->twist : 0.0};
  int k_max = 0;
  for (int k = 1; k < 4; k++)
    if (term[k] > term[k_max]) k_max = k;
  if (mode) *mode = (enum rrp_binder_mode) (RRP_BREAK_AXIAL + k_max);
  return term[0] + term[1] + term[2] + term[3];
}

int rrp_binder_rupture_set(enum rrp_shear_form form, const double critical[4],
                           double break_strain, double break_angle, rrp_binder_rupture *law)
{
  memset(law, 0, sizeof *law);
  if (!(break_strain >= 0.0) || !isfinite(break_strain) || !(break_angle >= 0.0) ||
      !(break_angle < 3.14159265358979323846))
    return RRP_EDOMAIN;
  rrp_binder_limit lim;
  const int status =
      rrp_binder_limit_set(form, critical[0], critical[1], critical[2], critical[3], &lim);
  if (status != RRP_OK) return status;
  law->limit = lim;
  law->strain = break_strain;
  law->angle = break_angle;
  return RRP_OK;
}

int rrp_binder_rupture_measured(const rrp_binder_rupture *law)
{
  const rrp_binder_limit *l = &law->limit;
  return l->axial > 0.0 || l->shear > 0.0 || l->bend > 0.0 || l->twist > 0.0;
}

int rrp_binder_rupture_any(const rrp_binder_rupture *law)
{
  return rrp_binder_rupture_measured(law) || law->strain > 0.0 || law->angle > 0.0;
}

enum rrp_binder_mode rrp_binder_breaks(const rrp_binder_rupture *law, const rrp_binder_load *l,
                                       double *released)
{
  enum rrp_binder_mode mode = RRP_BREAK_NONE, worst = RRP_BREAK_NONE;
  if (rrp_binder_rupture_measured(law) && rrp_binder_damage(&law->limit, l, &worst) >= 1.0)
    mode = worst;
  else if (law->strain > 0.0 && l->strain > law->strain)
    mode = RRP_BREAK_AXIAL;
  else if (law->angle > 0.0 && l->angle > law->angle)
    mode = RRP_BREAK_ROTATION;
  if (released) *released = mode != RRP_BREAK_NONE ? l->um + l->ua + l->us : 0.0;
  return mode;
}

int rrp_binder_section_of(const double d[3], const double fi[3], const double ti[3], double rb,
                          rrp_binder_section *s)
{
  memset(s, 0, sizeof(*s));
  double all = rb;
  for (int k = 0; k < 3; k++) all += d[k] + fi[k] + ti[k];
  if (!isfinite(all)) return RRP_ENONFINITE;
  const double L = sqrt(rrp_dot3(d, d));
  if (!(L > 0.0) || !(rb > 0.0)) return RRP_EDOMAIN;
  double dh[3], m[3], c[3];
  for (int k = 0; k < 3; k++) dh[k] = d[k] / L;
  const double fn = rrp_dot3(fi, dh);
  rrp_cross3(d, fi, c);
  double v2 = 0.0;
  for (int k = 0; k < 3; k++) {
    const double fs = fi[k] - fn * dh[k];
    v2 += fs * fs;
    m[k] = ti[k] + 0.5 * c[k];
  }
  const double mt = rrp_dot3(m, dh);
  double mb2 = 0.0;
  for (int k = 0; k < 3; k++) mb2 += (m[k] - mt * dh[k]) * (m[k] - mt * dh[k]);
  const double pi = 3.14159265358979323846;
  const double area = pi * rb * rb, inertia = 0.25 * area * rb * rb; /* I; J = 2 I */
  s->sigma = -fn / area;
  s->bend = sqrt(mb2) * rb / inertia;
  s->shear = sqrt(v2) / area;
  s->twist = fabs(mt) * rb / (2.0 * inertia);
  s->sigma_max = s->sigma + s->bend;
  s->tau_max = s->shear + s->twist;
  return isfinite(s->sigma_max + s->tau_max) ? RRP_OK : RRP_ENONFINITE;
}

int rrp_binder_strength_set(double tensile, double cohesion, double phi_degrees,
                            rrp_binder_strength *s)
{
  memset(s, 0, sizeof(*s));
  if (!(tensile > 0.0 && isfinite(tensile)) || !(cohesion > 0.0 && isfinite(cohesion)) ||
      !(phi_degrees >= 0.0 && phi_degrees < 90.0))
    return RRP_EDOMAIN;
  s->tensile = tensile;
  s->cohesion = cohesion;
  s->tan_phi = tan(phi_degrees * (3.14159265358979323846 / 180.0));
  s->moment_factor = 1.0;
  return RRP_OK;
}

int rrp_binder_strength_moment_factor(double beta, rrp_binder_strength *s)
{
  if (!(beta >= 0.0 && beta <= 1.0)) return RRP_EDOMAIN;
  s->moment_factor = beta;
  return RRP_OK;
}

enum rrp_binder_mode rrp_binder_strength_breaks(const rrp_binder_strength *st,
                                                const rrp_binder_section *sec)
{
  /* (beta = 1: the section's own sums, bit for bit) */
  const double beta = st->moment_factor;
  const double sigma_max = beta == 1.0 ? sec->sigma_max : sec->sigma + beta * sec->bend;
  const double tau_max = beta == 1.0 ? sec->tau_max : sec->shear + beta * sec->twist;
  if (sigma_max >= st->tensile) return RRP_BREAK_AXIAL;
  const double shear = st->cohesion - sec->sigma * st->tan_phi;
  if (tau_max >= (shear > 0.0 ? shear : 0.0)) return RRP_BREAK_SHEAR;
  return RRP_BREAK_NONE;
}
