/* rrp/friction_kernel.h - one frictional contact as straight-line code without a branch on its
 * values, shared by rrp_contact_kinematics and rrp_friction_step (one contact, friction.c) and
 * rrp_friction_contacts (blocks of contacts across SIMD lanes, friction_block.c): both run the
 * same operations in the same order, so they give the same bits. A condition on a value (a slip,
 * a turn of the history) evaluates both sides and selects; the models (tangential, rolling,
 * twisting on or off) are the caller's constants. Inline kernels (rrp/kernel.h); rrp/friction.h
 * is the interface to call and gives the laws. */
#ifndef RRP_FRICTION_KERNEL_H
#define RRP_FRICTION_KERNEL_H

#include "rrp/friction.h"
#include "rrp/kernel.h"

#include <math.h>

/* LAMMPS's threshold of a history's normal part, as a fraction of the limit, beyond which the
 * history is turned into the tangent plane */
#define RRP_FRICTION_FRAME_EPSILON 1e-10

/* The kinematics of a pair (rrp/friction.h) from d = x_i - x_j (not 0), the radii, the relative
 * velocity v = v_i - v_j and the angular velocities, with the contact point at the middle of the
 * overlap (middle 1) or LAMMPS's (0). */
RRP_KERNEL void rrp_contact_kin_kernel(const double d[3], double ri, double rj, const double v[3],
                                       const double wi[3], const double wj[3], int middle,
                                       rrp_contact_kin *c)
{
  const double r = sqrt(rrp_dot3(d, d)), rinv = 1.0 / r, radsum = ri + rj;
  c->r = r;
  c->delta = radsum - r;
  c->reff = ri * rj / radsum;
  const double dR = c->delta * c->reff;
  c->a = dR > 0.0 ? sqrt(fabs(dR)) : 0.0;
  c->arm_i = ri - 0.5 * c->delta;
  c->arm_j = rj - 0.5 * c->delta;
  c->point = middle ? RRP_CONTACT_POINT_MIDDLE : RRP_CONTACT_POINT_LAMMPS;
  const double li = middle ? c->arm_i : ri, lj = middle ? c->arm_j : rj;
  double vt[3], wr[3], t[3], relrot[3];
  for (int k = 0; k < 3; k++) c->n[k] = rinv * d[k];
  const double vnnr = rrp_dot3(v, c->n);
  for (int k = 0; k < 3; k++) {
    vt[k] = v[k] - vnnr * c->n[k];
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
    c->v[k] = v[k];
    c->wi[k] = wi[k];
    c->wj[k] = wj[k];
  }
}

/* p: the history s turned into the tangent plane of n, its length kept, where update is set and
 * its normal part is beyond LAMMPS's threshold (|s . n| k > epsilon limit); s itself otherwise */
RRP_KERNEL void rrp_friction_into_plane(const double s[3], const double n[3], double k,
                                        double limit, int update, double p[3])
{
  const double sn = rrp_dot3(s, n);
  const int turn = update & (fabs(sn) * k > RRP_FRICTION_FRAME_EPSILON * limit);
  const double mag = sqrt(rrp_dot3(s, s));
  double t[3];
  for (int q = 0; q < 3; q++) t[q] = s[q] - sn * n[q];
  const double prj = sqrt(rrp_dot3(t, t));
  const double scale = prj > 0 ? mag / prj : 0;
  for (int q = 0; q < 3; q++) p[q] = turn ? t[q] * scale : s[q];
}

/* The work a slip dissipates in a step: a spring of stiffness k with history s0 at the start of
 * the step, p once turned into the tangent plane, trial after the step's advance and held at the
 * step's end: the work of its forces over the step by the trapezoidal rule (what the Verlet
 * integrator's kinetic energy sees), minus the change of its energy,
 *   D = k/2 (p + held) . (trial - p) - (k/2 |held|^2 - k/2 |s0|^2).
 * Where the spring holds (held = trial) this is k/2 (|s0|^2 - |p|^2), 0 with the turn keeping
 * the length; in steady sliding (|p| = |held| = the limit's length) it is the limit's force times
 * the slip, |F_lim| (|trial| - |held|). With a stiffness that changes from step to step (mindlin,
 * marshall) it is taken with the step's own. */
RRP_KERNEL double rrp_friction_slip_work(double k, const double s0[3], const double p[3],
                                         const double trial[3], const double held[3])
{
  double w = 0.0;
  for (int q = 0; q < 3; q++) w += (p[q] + held[q]) * (trial[q] - p[q]);
  return 0.5 * k * (w - rrp_dot3(held, held) + rrp_dot3(s0, s0));
}

/* A spring of stiffness k on the history s (3 values; the tangential and the rolling springs of
 * LAMMPS's GranSubModTangentialLinearHistory / Mindlin and GranSubModRollingSDS): turned (with
 * update), advanced by dt v (with update), its force -k s held to limit. Its force into f, the
 * history held into held, the energy the slip lets go returned, the spring's energy into
 * stored. rolling: the held history's product in the order of LAMMPS's rolling model. */
RRP_KERNEL double rrp_friction_spring(int rolling, double k, double limit, const double s[3],
                                      const double n[3], const double v[3], double dt, int update,
                                      double f[3], double held[3], double *stored)
{
  double p[3], trial[3], ft[3];
  rrp_friction_into_plane(s, n, k, limit, update, p);
  for (int q = 0; q < 3; q++) trial[q] = update ? p[q] + dt * v[q] : p[q];
  for (int q = 0; q < 3; q++) ft[q] = -k * trial[q];
  const double magf = sqrt(rrp_dot3(ft, ft));
  const int slip = magf > limit;
  const int some = rrp_dot3(trial, trial) != 0.0; /* (|trial| != 0, as LAMMPS asks it) */
  const double inv = 1.0 / magf, back = -1.0 / k, kinv = 1.0 / k;
  for (int q = 0; q < 3; q++) {
    const double h = rolling ? -limit * kinv * inv * ft[q] : limit * inv * ft[q] * back;
    held[q] = (slip & some) ? h : trial[q];
    f[q] = slip ? (some ? ft[q] * (limit * inv) : 0.0) : ft[q];
  }
  const double lost = rrp_friction_slip_work(k, s, p, trial, held);
  *stored = k > 0.0 ? 0.5 * rrp_dot3(f, f) / k : 0.0;
  return slip ? lost : 0.0;
}

/* The twisting spring (GranSubModTwistingMarshall / SDS) of stiffness k and limit's coefficient
 * mu on the angle *angle (advanced with update, then held: written): the torque about n
 * returned, the energy the slip lets go into *lost, the spring's energy into *stored */
RRP_KERNEL double rrp_friction_twist(double k, double mu, double fncrit, double wn, double dt,
                                     int lammps_point, int update, double *angle, double *lost,
                                     double *stored)
{
  const double a0 = *angle;
  const double trial = update ? a0 + wn * dt : a0;
  const double m = -k * trial;
  const double rate = lammps_point ? wn : trial;
  const double sign = (rate > 0) - (rate < 0), limit = mu * fncrit;
  const int slip = fabs(m) > limit;
  const double held = slip ? limit * sign / k : trial;
  const double mo = slip ? -limit * sign : m;
  /* (the slip's work for one component: the history is not turned) */
  const double w = 0.5 * k * ((a0 + held) * (trial - a0) - held * held + a0 * a0);
  *lost = slip ? w : 0.0;
  *angle = held;
  *stored = k > 0.0 ? 0.5 * mo * mo / k : 0.0;
  return mo;
}

/* The parts of one step of a contact's friction (rrp_friction_kernel, below), each on the fields
 * of c it names, the normal force's magnitude fncrit and out, in this order: the tangential
 * spring (it sets out's force and torques), the rolling and the twisting springs (they add to the
 * torques) and the exchange (it reads all of out and the last step's loads). A block of contacts
 * runs each over all its contacts before the next (fewer values live at once). */

/* tangential (law->tangential not none): c's a, n, vs, arm_i, arm_j; history 0-2 */
RRP_KERNEL void rrp_friction_tangential_part(const rrp_friction *law, const rrp_contact_kin *c,
                                             double fncrit, double dt, int update,
                                             double *history, rrp_friction_out *out)
{
  const double k = law->tangential == RRP_TANGENTIAL_MINDLIN ? law->kt * c->a : law->kt;
  double held[3], nf[3];
  out->dissipated[0] = rrp_friction_spring(0, k, fncrit * law->mu, history, c->n, c->vs, dt,
                                           update, out->f, held, &out->u[0]);
  for (int q = 0; q < 3; q++) history[q] = held[q];
  /* torques -(n x F_t) times the arms (GranularModel::calculate_forces) */
  rrp_cross3(c->n, out->f, nf);
  for (int q = 0; q < 3; q++) {
    out->ti[q] = -nf[q] * c->arm_i;
    out->tj[q] = -nf[q] * c->arm_j;
  }
}

/* rolling (law->kroll > 0): c's n, vr, reff; history 3-5 */
RRP_KERNEL void rrp_friction_rolling_part(const rrp_friction *law, const rrp_contact_kin *c,
                                          double fncrit, double dt, int update, double *history,
                                          rrp_friction_out *out)
{
  double fr[3], tr[3], held[3];
  out->dissipated[1] = rrp_friction_spring(1, law->kroll, law->muroll * fncrit, history + 3, c->n,
                                           c->vr, dt, update, fr, held, &out->u[1]);
  /* (the rolling history is written only with update) */
  for (int q = 0; q < 3; q++) history[3 + q] = update ? held[q] : history[3 + q];
  rrp_cross3(c->n, fr, tr);
  for (int q = 0; q < 3; q++) {
    tr[q] *= c->reff;
    out->ti[q] += tr[q];
    out->tj[q] -= tr[q];
  }
}

/* twisting (law->twisting not none): c's a, n, wn, point; history 6 */
RRP_KERNEL void rrp_friction_twisting_part(const rrp_friction *law, const rrp_contact_kin *c,
                                           double fncrit, double dt, int update, double *history,
                                           rrp_friction_out *out)
{
  const int marshall = law->twisting == RRP_TWISTING_MARSHALL;
  const double k = marshall ? 0.5 * law->kt * c->a * c->a : law->ktwist;
  const double mu = marshall ? (2.0 / 3.0) * law->mu * c->a : law->mutwist;
  const double m =
      rrp_friction_twist(k, mu, fncrit, c->wn, dt, c->point == RRP_CONTACT_POINT_LAMMPS, update,
                         history + 6, &out->dissipated[2], &out->u[2]);
  for (int q = 0; q < 3; q++) {
    out->ti[q] += m * c->n[q];
    out->tj[q] -= m * c->n[q];
  }
}

/* the step's whole work on the springs (the trapezoidal rule with the loads of the last step,
 * kept in the history, over the particles' motions in the step) less the change of their
 * energy, less the slips' works: the exchange (rrp/friction.h); then this step's loads and
 * energies kept as the last. c's v, wi, wj; history RRP_FRICTION_LOADS on */
RRP_KERNEL void rrp_friction_exchange_part(const rrp_contact_kin *c, double dt, int update,
                                           double *history, rrp_friction_out *out)
{
  double *last = history + RRP_FRICTION_LOADS;
  const double u = (out->u[0] + out->u[1]) + out->u[2];
  double work = 0.0;
  for (int q = 0; q < 3; q++)
    work -= 0.5 * dt *
        ((last[q] + out->f[q]) * c->v[q] + (last[3 + q] + out->ti[q]) * c->wi[q] +
         (last[6 + q] + out->tj[q]) * c->wj[q]);
  work = update ? work : 0.0;
  const double u0 = (last[9] + last[10]) + last[11];
  out->exchange =
      work - (u - u0) - ((out->dissipated[0] + out->dissipated[1]) + out->dissipated[2]);
  for (int q = 0; q < 3; q++) {
    last[q] = out->f[q];
    last[3 + q] = out->ti[q];
    last[6 + q] = out->tj[q];
  }
  for (int q = 0; q < 3; q++) last[9 + q] = out->u[q];
}

/* One step of a contact's friction (rrp_friction_step, rrp/friction.h) with the models' switches
 * tangential (law->tangential not none), rolling (law->kroll > 0) and twisting (law->twisting not
 * none) as the caller's constants: out (zeroed by the caller) and the history (in place), but for
 * its works, which it neither reads nor writes (rrp_friction_add_works adds the step's). */
RRP_KERNEL void rrp_friction_kernel(int tangential, int rolling, int twisting,
                                    const rrp_friction *law, const rrp_contact_kin *c, double fn,
                                    double dt, int update, double *history, rrp_friction_out *out)
{
  const double fncrit = fabs(fn);
  if (tangential) rrp_friction_tangential_part(law, c, fncrit, dt, update, history, out);
  if (rolling) rrp_friction_rolling_part(law, c, fncrit, dt, update, history, out);
  if (twisting) rrp_friction_twisting_part(law, c, fncrit, dt, update, history, out);
  rrp_friction_exchange_part(c, dt, update, history, out);
}

/* the step's works (out) into the history's totals since the contact began */
RRP_KERNEL void rrp_friction_add_works(double *history, const rrp_friction_out *out)
{
  for (int q = 0; q < 3; q++) history[RRP_FRICTION_WORK + q] += out->dissipated[q];
  history[RRP_FRICTION_EXCHANGE] += out->exchange;
}

#endif
