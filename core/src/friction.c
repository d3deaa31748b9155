/* friction.c - frictional contacts (rrp/friction.h), one at a time, on the kernels of
 * rrp/friction_kernel.h. Each sub-model follows LAMMPS's gran_sub_mod_tangential.cpp,
 * gran_sub_mod_rolling.cpp and gran_sub_mod_twisting.cpp (4Feb2025) operation by operation, with
 * their damping coefficients 0, so that a step gives the numbers LAMMPS's pair granular gives;
 * the work of each slip is the energy its spring lets go. */
#include "rrp/friction.h"
#include "rrp/friction_kernel.h"

#include "vec3.h"

#include <math.h>
#include <string.h>

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
  if (!(rrp_dot3(d, d) > 0.0)) return RRP_EDOMAIN;
  const double v[3] = {vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2]};
  rrp_contact_kin_kernel(d, ri, rj, v, wi, wj, point == RRP_CONTACT_POINT_MIDDLE, c);
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

void rrp_friction_step(const rrp_friction *law, const rrp_contact_kin *c, double fn, double dt,
                       int update, double *history, rrp_friction_out *out)
{
  memset(out, 0, sizeof(*out));
  rrp_friction_kernel(law->tangential != RRP_TANGENTIAL_NONE, law->kroll > 0.0,
                      law->twisting != RRP_TWISTING_NONE, law, c, fn, dt, update, history, out);
  rrp_friction_add_works(history, out);
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
