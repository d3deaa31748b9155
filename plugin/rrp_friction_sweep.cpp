/* ----------------------------------------------------------------------
   rrp-lammps: the contacts of a stretch of a half neighbor list with friction, in the core's
   blocks (rrp_friction_sweep.h)
------------------------------------------------------------------------- */

#include "rrp_friction_sweep.h"

using namespace LAMMPS_NS;

/* ----------------------------------------------------------------------
   a contact that ends: its springs let go (their energy dissipated), the last loads' half of the
   step's work; given after the block's contacts before it. A pair excluded now (by a bond made
   while in contact) lets go what it held in full
------------------------------------------------------------------------- */

void RRPFrictionSweep::end_contact(const RRPFrictionPairs &p, int i, int j, double factor,
                                   const double d[3], double *history)
{
  rrp_contact_kin kin;
  rrp_friction_out out;
  rrp_contact_kinematics(d, p.radius[i], p.radius[j], &p.v[3 * i], &p.v[3 * j],
                         &p.omega[3 * i], &p.omega[3 * j], p.point, &kin);
  rrp_friction_release(&kin, p.dt, p.update, history, &out);
  Ended e;
  e.at = n;
  RRPFrictionPair &r = e.pair;
  r.contact = false;
  r.both = false;
  r.i = i;
  r.j = j;
  const double share =
      ((p.newton_pair || j < p.nlocal) ? 1.0 : 0.5) * (factor != 0.0 ? factor : 1.0);
  for (int k = 0; k < 3; k++) r.w[k] = share * out.dissipated[k];
  r.w[3] = share * out.exchange;
  r.e = 0.0;
  ended.push_back(e);
}

/* ----------------------------------------------------------------------
   contact k from the one-contact functions (a block the core reports bad), scaled as from_block
   scales the block's
------------------------------------------------------------------------- */

RRPFrictionFault RRPFrictionSweep::one_by_one(const RRPFrictionPairs &p, int k, int eflag,
                                              RRPFrictionPair &out)
{
  const int i = bi[k], j = bj[k];
  const double d[3] = {block.d[0][k], block.d[1][k], block.d[2][k]};
  const double rsq = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  int status = RRP_OK;
  double ehertz = 0.0;
  const double fs = rrp_hertz_pair_factor(p.kpp[p.type[i]][p.type[j]], p.radius[i] + p.radius[j],
                                          rsq, &ehertz, &status);
  rrp_contact_kin kin;
  if (status == RRP_OK)
    status = rrp_contact_kinematics(d, p.radius[i], p.radius[j], &p.v[3 * i], &p.v[3 * j],
                                    &p.omega[3 * i], &p.omega[3 * j], p.point, &kin);
  if (status != RRP_OK)
    return status == RRP_EDOMAIN ? RRPFrictionFault::CENTRES : RRPFrictionFault::VELOCITIES;
  rrp_friction_out o;
  rrp_friction_step(p.law, &kin, fs * kin.r, p.dt, p.update, bhistory[k], &o);
  scaled(p, i, j, bfactor[k], d, fs, ehertz, o, eflag, out);
  return RRPFrictionFault::NONE;
}
