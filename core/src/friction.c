/* friction.c - frictional contacts (rrp/friction.h). Each sub-model follows LAMMPS's
 * gran_sub_mod_tangential.cpp, gran_sub_mod_rolling.cpp and gran_sub_mod_twisting.cpp
 * (4Feb2025) operation by operation, with their damping coefficients 0, so that a step gives
 * the numbers LAMMPS's pair granular gives; the work of each slip is the energy its spring lets
 * go. */
#include "rrp/friction.h"

#include "vec3.h"

#include <math.h>
#include <string.h>

/* LAMMPS's threshold of a history's normal part, as a fraction of the limit, beyond which the
 * history is turned into the tangent plane */
#define FRAME_EPSILON 1e-10

static int finite3(const double v[3])
{
  return isfinite(v[0] + v[1] + v[2]);
}

int rrp_contact_kinematics(const double d[3], double ri, double rj, const double vi[3],
                           const double vj[3], const double wi[3], const double wj[3],
                           enum rrp_contact_point point, rrp_contact_kin *c)
{
  memset(c, 0, sizeof(*c));
  if (!finite3(d) || !finite3(vi) || !finite3(vj) || !finite3(wi) || !finite3(wj) ||
      !isfinite(ri + rj))
    return RRP_ENONFINITE;
  const double rsq = rrp_dot3(d, d);
  if (!(rsq > 0.0)) return RRP_EDOMAIN;
  const double r = sqrt(rsq), rinv = 1.0 / r, radsum = ri + rj;
  c->r = r;
  c->delta = radsum - r;
  c->reff = ri * rj / radsum;
  const double dR = c->delta * c->reff;
  c->a = dR > 0.0 ? sqrt(dR) : 0.0;
  c->arm_i = ri - 0.5 * c->delta;
  c->arm_j = rj - 0.5 * c->delta;
  const int middle = point == RRP_CONTACT_POINT_MIDDLE;
  c->point = middle ? RRP_CONTACT_POINT_MIDDLE : RRP_CONTACT_POINT_LAMMPS;
  const double li = middle ? c->arm_i : ri, lj = middle ? c->arm_j : rj;
  double vr[3], vn[3], vt[3], wr[3], t[3], relrot[3];
  for (int k = 0; k < 3; k++) {
    c->n[k] = rinv * d[k];
    vr[k] = vi[k] - vj[k];
  }
  const double vnnr = rrp_dot3(vr, c->n);
  for (int k = 0; k < 3; k++) {
    vn[k] = vnnr * c->n[k];
    vt[k] = vr[k] - vn[k];
    wr[k] = li * wi[k] + lj * wj[k];
    relrot[k] = wi[k] - wj[k];
  }
  rrp_cross3(wr, c->n, t);
  for (int k = 0; k < 3; k++) c->vs[k] = vt[k] - t[k];
  c->vr[0] = c->reff * (relrot[1] * c->n[2] - relrot[2] * c->n[1]);
  c->vr[1] = c->reff * (relrot[2] * c->n[0] - relrot[0] * c->n[2]);
  c->vr[2] = c->reff * (relrot[0] * c->n[1] - relrot[1] * c->n[0]);
  c->wn = rrp_dot3(relrot, c->n);
  for (int k = 0; k < 3; k++) {
    c->v[k] = vr[k];
    c->wi[k] = wi[k];
    c->wj[k] = wj[k];
  }
  return RRP_OK;
}

int rrp_wall_contact_kinematics(const double n[3], double s, double ri, const double vi[3],
                                double vwall, const double wi[3], enum rrp_contact_point point,
                                rrp_contact_kin *c)
{
  memset(c, 0, sizeof(*c));
  if (!finite3(n) || !finite3(vi) || !finite3(wi) || !isfinite(s + ri + vwall))
    return RRP_ENONFINITE;
  c->r = s;
  c->delta = ri - s;
  c->reff = ri;
  const double dR = c->delta * ri;
  c->a = dR > 0.0 ? sqrt(dR) : 0.0;
  const int middle = point == RRP_CONTACT_POINT_MIDDLE;
  c->point = middle ? RRP_CONTACT_POINT_MIDDLE : RRP_CONTACT_POINT_LAMMPS;
  /* (fix wall/gran's torque arm is R: the arm is where the slide is taken) */
  const double li = middle ? ri - 0.5 * c->delta : ri;
  c->arm_i = li;
  double vt[3], wr[3], t[3];
  for (int k = 0; k < 3; k++) {
    c->n[k] = n[k];
    c->v[k] = vi[k] - vwall * n[k];
    c->wi[k] = wi[k];
  }
  const double vnnr = rrp_dot3(c->v, n);
  for (int k = 0; k < 3; k++) {
    vt[k] = c->v[k] - vnnr * n[k];
    wr[k] = li * wi[k];
  }
  rrp_cross3(wr, n, t);
  for (int k = 0; k < 3; k++) c->vs[k] = vt[k] - t[k];
  c->vr[0] = ri * (wi[1] * n[2] - wi[2] * n[1]);
  c->vr[1] = ri * (wi[2] * n[0] - wi[0] * n[2]);
  c->vr[2] = ri * (wi[0] * n[1] - wi[1] * n[0]);
  c->wn = rrp_dot3(wi, n);
  return RRP_OK;
}

int rrp_friction_set(enum rrp_tangential_model model, double kt, double mu, double kroll,
                     double muroll, enum rrp_twisting_model twist, double ktwist, double mutwist,
                     rrp_friction *law)
{
  memset(law, 0, sizeof(*law));
  const double all[6] = {kt, mu, kroll, muroll, ktwist, mutwist};
  for (int k = 0; k < 6; k++)
    if (!(all[k] >= 0.0) || !isfinite(all[k])) return RRP_EDOMAIN;
  if (model != RRP_TANGENTIAL_NONE && model != RRP_TANGENTIAL_LINEAR &&
      model != RRP_TANGENTIAL_MINDLIN)
    return RRP_EDOMAIN;
  if (twist != RRP_TWISTING_NONE && twist != RRP_TWISTING_MARSHALL && twist != RRP_TWISTING_SDS)
    return RRP_EDOMAIN;
  /* a spring needs a stiffness (a zero stiffness cannot hold a history at its limit) */
  if ((model != RRP_TANGENTIAL_NONE && !(kt > 0.0)) ||
      (twist == RRP_TWISTING_SDS && !(ktwist > 0.0)) ||
      (twist == RRP_TWISTING_MARSHALL && model == RRP_TANGENTIAL_NONE))
    return RRP_EDOMAIN;
  law->tangential = model;
  law->kt = model != RRP_TANGENTIAL_NONE ? kt : 0.0;
  law->mu = model != RRP_TANGENTIAL_NONE ? mu : 0.0;
  law->kroll = kroll;
  law->muroll = kroll > 0.0 ? muroll : 0.0;
  law->twisting = twist;
  law->ktwist = twist == RRP_TWISTING_SDS ? ktwist : 0.0;
  law->mutwist = twist == RRP_TWISTING_SDS ? mutwist : 0.0;
  return RRP_OK;
}

/* turn a history s into the tangent plane of n, its length kept, where its normal part is
 * beyond LAMMPS's threshold (|s . n| k > FRAME_EPSILON limit) */
static void into_plane(double s[3], const double n[3], double k, double limit)
{
  const double sn = rrp_dot3(s, n);
  if (!(fabs(sn) * k > FRAME_EPSILON * limit)) return;
  const double mag = sqrt(rrp_dot3(s, s));
  for (int c = 0; c < 3; c++) s[c] -= sn * n[c];
  const double prj = sqrt(rrp_dot3(s, s));
  const double scale = prj > 0 ? mag / prj : 0;
  for (int c = 0; c < 3; c++) s[c] *= scale;
}

/* The work a slip dissipates in a step: a spring of stiffness k with history s0 at the start of
 * the step, p once turned into the tangent plane, trial after the step's advance and held the
 * step's end: the work of its forces over the step by the trapezoidal rule (what the Verlet
 * integrator's kinetic energy sees), minus the change of its energy,
 *   D = k/2 (p + held) . (trial - p) - (k/2 |held|^2 - k/2 |s0|^2).
 * Where the spring holds (held = trial) this is k/2 (|s0|^2 - |p|^2), 0 with the turn keeping
 * the length; in steady sliding (|p| = |held| = the limit's length) it is the limit's force times
 * the slip, |F_lim| (|trial| - |held|). With a stiffness that changes from step to step (mindlin,
 * marshall) it is taken with the step's own. */
static double slip_work(double k, const double s0[3], const double p[3], const double trial[3],
                        const double held[3])
{
  double w = 0.0;
  for (int q = 0; q < 3; q++) w += (p[q] + held[q]) * (trial[q] - p[q]);
  return 0.5 * k * (w - rrp_dot3(held, held) + rrp_dot3(s0, s0));
}

/* the tangential spring (GranSubModTangentialLinearHistory / Mindlin::calculate_forces): the
 * force into f, the energy let go by a slip returned */
static double tangential(const rrp_friction *law, const rrp_contact_kin *c, double fncrit,
                         double dt, int update, double *s, double f[3], double *stored)
{
  const double k = law->tangential == RRP_TANGENTIAL_MINDLIN ? law->kt * c->a : law->kt;
  const double limit = fncrit * law->mu;
  const double s0[3] = {s[0], s[1], s[2]};
  if (update) into_plane(s, c->n, k, limit);
  const double p[3] = {s[0], s[1], s[2]};
  if (update)
    for (int q = 0; q < 3; q++) s[q] += dt * c->vs[q];
  for (int q = 0; q < 3; q++) f[q] = -k * s[q];
  const double magf = sqrt(rrp_dot3(f, f));
  double lost = 0.0;
  if (magf > limit) {
    const double trial[3] = {s[0], s[1], s[2]};
    if (sqrt(rrp_dot3(s, s)) != 0.0) {
      const double inv = 1.0 / magf, back = -1.0 / k;
      for (int q = 0; q < 3; q++) s[q] = limit * inv * f[q] * back;
      for (int q = 0; q < 3; q++) f[q] *= limit * inv;
    } else {
      f[0] = f[1] = f[2] = 0.0;
    }
    lost = slip_work(k, s0, p, trial, s);
  }
  *stored = k > 0.0 ? 0.5 * rrp_dot3(f, f) / k : 0.0;
  return lost;
}

/* the rolling spring (GranSubModRollingSDS::calculate_forces): its force into fr, the energy let
 * go returned; the history written only with update */
static double rolling(const rrp_friction *law, const rrp_contact_kin *c, double fncrit, double dt,
                      int update, double *s, double fr[3], double *stored)
{
  const double k = law->kroll, limit = law->muroll * fncrit;
  double h[3] = {s[0], s[1], s[2]};
  if (update) into_plane(h, c->n, k, limit);
  const double p[3] = {h[0], h[1], h[2]};
  if (update)
    for (int q = 0; q < 3; q++) h[q] += dt * c->vr[q];
  for (int q = 0; q < 3; q++) fr[q] = -k * h[q];
  const double magf = sqrt(rrp_dot3(fr, fr));
  double lost = 0.0;
  if (magf > limit) {
    const double trial[3] = {h[0], h[1], h[2]};
    if (sqrt(rrp_dot3(h, h)) != 0.0) {
      const double kinv = 1.0 / k, inv = 1.0 / magf;
      for (int q = 0; q < 3; q++) h[q] = -limit * kinv * inv * fr[q];
      for (int q = 0; q < 3; q++) fr[q] *= limit * inv;
    } else {
      fr[0] = fr[1] = fr[2] = 0.0;
    }
    lost = slip_work(k, s, p, trial, h);
  }
  if (update) memcpy(s, h, sizeof(h));
  *stored = 0.5 * rrp_dot3(fr, fr) / k;
  return lost;
}

/* the twisting spring (GranSubModTwistingMarshall / SDS::calculate_forces): the torque about n
 * into *m, the energy let go returned */
static double twisting(const rrp_friction *law, const rrp_contact_kin *c, double fncrit, double dt,
                       int update, double *angle, double *m, double *stored)
{
  double k, mu;
  if (law->twisting == RRP_TWISTING_MARSHALL) {
    k = 0.5 * law->kt * c->a * c->a;
    mu = (2.0 / 3.0) * law->mu * c->a;
  } else {
    k = law->ktwist;
    mu = law->mutwist;
  }
  const double a0 = *angle;
  if (update) *angle += c->wn * dt;
  *m = -k * *angle;
  const double rate = c->point == RRP_CONTACT_POINT_LAMMPS ? c->wn : *angle;
  const double sign = (rate > 0) - (rate < 0), limit = mu * fncrit;
  double lost = 0.0;
  if (fabs(*m) > limit) {
    const double trial = *angle;
    *angle = limit * sign / k;
    *m = -limit * sign;
    /* (slip_work for one component: the history is not turned) */
    lost = 0.5 * k * ((a0 + *angle) * (trial - a0) - *angle * *angle + a0 * a0);
  }
  *stored = k > 0.0 ? 0.5 * *m * *m / k : 0.0;
  return lost;
}

void rrp_friction_step(const rrp_friction *law, const rrp_contact_kin *c, double fn, double dt,
                       int update, double *history, rrp_friction_out *out)
{
  memset(out, 0, sizeof(*out));
  const double fncrit = fabs(fn);
  if (law->tangential != RRP_TANGENTIAL_NONE) {
    double nf[3];
    out->dissipated[0] = tangential(law, c, fncrit, dt, update, history, out->f, &out->u[0]);
    /* torques -(n x F_t) times the arms (GranularModel::calculate_forces) */
    rrp_cross3(c->n, out->f, nf);
    for (int q = 0; q < 3; q++) {
      out->ti[q] = -nf[q] * c->arm_i;
      out->tj[q] = -nf[q] * c->arm_j;
    }
  }
  if (law->kroll > 0.0) {
    double fr[3], tr[3];
    out->dissipated[1] = rolling(law, c, fncrit, dt, update, history + 3, fr, &out->u[1]);
    rrp_cross3(c->n, fr, tr);
    for (int q = 0; q < 3; q++) {
      tr[q] *= c->reff;
      out->ti[q] += tr[q];
      out->tj[q] -= tr[q];
    }
  }
  if (law->twisting != RRP_TWISTING_NONE) {
    double m;
    out->dissipated[2] = twisting(law, c, fncrit, dt, update, history + 6, &m, &out->u[2]);
    for (int q = 0; q < 3; q++) {
      out->ti[q] += m * c->n[q];
      out->tj[q] -= m * c->n[q];
    }
  }
  /* the step's whole work on the springs (the trapezoidal rule with the loads of the last step,
   * kept in the history, over the particles' motions in the step) less the change of their
   * energy, less the slips' works: the exchange (rrp/friction.h) */
  double *last = history + RRP_FRICTION_LOADS;
  const double u = (out->u[0] + out->u[1]) + out->u[2];
  double work = 0.0;
  if (update)
    for (int q = 0; q < 3; q++)
      work -= 0.5 * dt *
          ((last[q] + out->f[q]) * c->v[q] + (last[3 + q] + out->ti[q]) * c->wi[q] +
           (last[6 + q] + out->tj[q]) * c->wj[q]);
  const double u0 = (last[9] + last[10]) + last[11];
  out->exchange =
      work - (u - u0) - ((out->dissipated[0] + out->dissipated[1]) + out->dissipated[2]);
  for (int q = 0; q < 3; q++) {
    last[q] = out->f[q];
    last[3 + q] = out->ti[q];
    last[6 + q] = out->tj[q];
    history[RRP_FRICTION_WORK + q] += out->dissipated[q];
  }
  for (int q = 0; q < 3; q++) last[9 + q] = out->u[q];
  history[RRP_FRICTION_EXCHANGE] += out->exchange;
}

void rrp_friction_release(const rrp_contact_kin *c, double dt, int update, double *history,
                          rrp_friction_out *out)
{
  memset(out, 0, sizeof(*out));
  const double *last = history + RRP_FRICTION_LOADS;
  double work = 0.0;
  if (update)
    for (int q = 0; q < 3; q++)
      work -= 0.5 * dt * (last[q] * c->v[q] + last[3 + q] * c->wi[q] + last[6 + q] * c->wj[q]);
  for (int q = 0; q < 3; q++) out->dissipated[q] = last[9 + q];
  out->exchange = work;
  for (int q = 0; q < RRP_FRICTION_HISTORY; q++) history[q] = 0.0;
}

void rrp_friction_history_swap(const double *source, double *target)
{
  for (int k = 0; k < RRP_FRICTION_HISTORY; k++) target[k] = source[k];
  const int loads = RRP_FRICTION_LOADS;
  for (int k = 0; k < 3; k++) {
    target[k] = -source[k];
    target[loads + k] = -source[loads + k];
    target[loads + 3 + k] = source[loads + 6 + k];
    target[loads + 6 + k] = source[loads + 3 + k];
  }
}
