/* ----------------------------------------------------------------------
   rrp-lammps: the thermostatted and barostatted rigid fixes with the variational map.
   See doc/fix_rrp_rigid_nh.rst and fix_rrp_rigid_nh.h. initial_integrate is LAMMPS's
   (RIGID/fix_rigid_nh_small.cpp, fix_rigid_nh.cpp, 4Feb2025) with steps 1.3-1.13 (the torque's
   kick of the conjugate quaternion momentum and the NO_SQUISH rotation) replaced by: the torque's
   half kick of the angular momentum, the thermostat's and barostat's scaling of it, and the
   variational turn with it held; conjqm is then set from the new angmom, as LAMMPS's
   final_integrate reads it.
------------------------------------------------------------------------- */

#include "fix_rrp_rigid_nh.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "force.h"
#include "kspace.h"
#include "math_extra.h"
#include "rigid_const.h"

#include <cmath>

namespace LAMMPS_NS {

using namespace RigidConst;

template <class Base> double RRPRigidNHEnergy<Base>::compute_scalar()
{
  const double kt = this->boltz * this->t_target;
  double energy = 0.0;
  if (this->tstat_flag) {
    energy += kt * (this->nf_t * this->eta_t[0] + this->nf_r * this->eta_r[0]);
    for (int i = 1; i < this->t_chain; i++) energy += kt * (this->eta_t[i] + this->eta_r[i]);
    for (int i = 0; i < this->t_chain; i++) {
      energy += 0.5 * this->q_t[i] * (this->eta_dot_t[i] * this->eta_dot_t[i]);
      energy += 0.5 * this->q_r[i] * (this->eta_dot_r[i] * this->eta_dot_r[i]);
    }
  }
  if (this->pstat_flag) {
    double e = 0.0;
    for (int i = 0; i < 3; i++)
      if (this->p_flag[i]) e += this->epsilon_mass[i] * this->epsilon_dot[i] * this->epsilon_dot[i];
    energy += e * (0.5 / this->pdim);
    Domain *domain = this->domain;
    const double vol = domain->dimension == 2 ? domain->xprd * domain->yprd
                                              : domain->xprd * domain->yprd * domain->zprd;
    const double p0 = (this->p_target[0] + this->p_target[1] + this->p_target[2]) / 3.0;
    energy += p0 * vol / this->nktv2p;
    for (int i = 0; i < this->p_chain; i++) {
      energy += kt * this->eta_b[i];
      energy += 0.5 * this->q_b[i] * (this->eta_dot_b[i] * this->eta_dot_b[i]);
    }
  }
  return energy;
}

/* the scale factors of LAMMPS's initial_integrate */

template <class Base> typename RRPRigidNHEnergy<Base>::Scales RRPRigidNHEnergy<Base>::scales() const
{
  const double dtq = this->dtq, dtv = this->dtv;
  Scales s{{1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, 1.0};
  if (this->tstat_flag) {
    const double tmp = exp(-dtq * this->eta_dot_t[0]);
    s.t[0] = s.t[1] = s.t[2] = tmp;
    s.r = exp(-dtq * this->eta_dot_r[0]);
  }
  if (this->pstat_flag) {
    for (int d = 0; d < 3; d++) s.t[d] *= exp(-dtq * (this->epsilon_dot[d] + this->mtk_term2));
    s.r *= exp(-dtq * (this->pdim * this->mtk_term2));
    for (int d = 0; d < 3; d++) {
      const double tmp = dtq * this->epsilon_dot[d];
      s.v[d] = dtv * exp(tmp) * const_cast<RRPRigidNHEnergy *>(this)->maclaurin_series(tmp);
    }
  }
  return s;
}

template <class Base>
int RRPRigidNHEnergy<Base>::turn_body(const double torque[3], double angmom[3], double quat[4],
                                      const double inertia[3], double ex[3], double ey[3],
                                      double ez[3], double conjqm[4], double omega[3],
                                      double scale_r, double *hw)
{
  const double dtf = this->dtf;
  for (int d = 0; d < 3; d++) angmom[d] += dtf * torque[d];
  if (this->tstat_flag || this->pstat_flag)
    for (int d = 0; d < 3; d++) angmom[d] *= scale_r;
  const int status = RRPRigid::turn(inertia, angmom, quat, this->dtv, hw);
  if (status != RRP_OK) return status;
  MathExtra::q_to_exyz(quat, ex, ey, ez);
  double mbody[3];
  MathExtra::transpose_matvec(ex, ey, ez, angmom, mbody);
  MathExtra::quatvec(quat, mbody, conjqm);
  for (int d = 0; d < 4; d++) conjqm[d] *= 2.0;
  MathExtra::angmom_to_omega(angmom, ex, ey, ez, const_cast<double *>(inertia), omega);
  return RRP_OK;
}

/* the end of both fixes' first half, as LAMMPS's: the virial set-up, the box's two half remaps
   around the atoms placed from their bodies (set_xv), and KSpace's coefficients after */

template <class Base> void RRPRigidNHEnergy<Base>::place_atoms(int vflag)
{
  this->v_init(vflag);
  if (this->pstat_flag) this->remap();
  this->set_xv();
  if (this->pstat_flag) {
    this->remap();
    if (this->kspace_flag) this->force->kspace->setup();
  }
}

/* ----------------------------------------------------------------------
   fix rigid/n?t/small: LAMMPS's FixRigidNHSmall::initial_integrate with the variational turn
------------------------------------------------------------------------- */

template <class Base> void FixRRPRigidNHSmall<Base>::initial_integrate(int vflag)
{
  const auto s = this->scales();
  const bool scaled = this->tstat_flag || this->pstat_flag;
  const double dtf = this->dtf, dtv = this->dtv;

  for (int ibody = 0; ibody < this->nlocal_body; ibody++) {
    auto *b = &this->body[ibody];

    // step 1.1 - update vcm by 1/2 step
    const double dtfm = dtf / b->mass;
    b->vcm[0] += dtfm * b->fcm[0];
    b->vcm[1] += dtfm * b->fcm[1];
    b->vcm[2] += dtfm * b->fcm[2];
    if (scaled) {
      b->vcm[0] *= s.t[0];
      b->vcm[1] *= s.t[1];
      b->vcm[2] *= s.t[2];
    }

    // step 1.2 - update xcm by full step
    if (!this->pstat_flag) {
      b->xcm[0] += dtv * b->vcm[0];
      b->xcm[1] += dtv * b->vcm[1];
      b->xcm[2] += dtv * b->vcm[2];
    } else {
      b->xcm[0] += s.v[0] * b->vcm[0];
      b->xcm[1] += s.v[1] * b->vcm[1];
      b->xcm[2] += s.v[2] * b->vcm[2];
    }

    // steps 1.3 - 1.13: the variational map in place of NO_SQUISH
    double hw = 0.0;
    const int status = this->turn_body(b->torque, b->angmom, b->quat, b->inertia, b->ex_space,
                                       b->ey_space, b->ez_space, b->conjqm, b->omega, s.r, &hw);
    if (status != RRP_OK)
      RRPRigid::fail_turn(this->lmp, this->style,
                          RRPRigid::body_name(RRPRigid::BY_ATOM, this->atom->tag[b->ilocal]),
                          status, b->mass, b->inertia, b->angmom, b->quat, dtv, hw);
  }

  // as LAMMPS's, from here on
  this->commflag = INITIAL;
  this->comm->forward_comm(this, 29);

  if (scaled) {
    double akin_t = 0.0, akin_r = 0.0;
    for (int ibody = 0; ibody < this->nlocal_body; ibody++) {
      auto *b = &this->body[ibody];
      akin_t += b->mass * (b->vcm[0] * b->vcm[0] + b->vcm[1] * b->vcm[1] + b->vcm[2] * b->vcm[2]);
      akin_r += b->angmom[0] * b->omega[0] + b->angmom[1] * b->omega[1] +
          b->angmom[2] * b->omega[2];
    }
    double ke[2] = {akin_t, akin_r}, keall[2];
    MPI_Allreduce(ke, keall, 2, MPI_DOUBLE, MPI_SUM, this->world);
    this->akin_t = keall[0];
    this->akin_r = keall[1];
  }
  if (this->tstat_flag) {
    this->compute_temp_target();
    if (this->dynamic) this->compute_dof();
    this->nhc_temp_integrate();
  }
  if (this->pstat_flag) this->nhc_press_integrate();
  this->place_atoms(vflag);
}

/* ----------------------------------------------------------------------
   fix rigid/n?t: LAMMPS's FixRigidNH::initial_integrate with the variational turn
------------------------------------------------------------------------- */

template <class Base> void FixRRPRigidNH<Base>::initial_integrate(int vflag)
{
  const auto s = this->scales();
  const bool scaled = this->tstat_flag || this->pstat_flag;
  const double dtf = this->dtf, dtv = this->dtv;
  if (scaled) this->akin_t = this->akin_r = 0.0;

  for (int ibody = 0; ibody < this->nbody; ibody++) {
    double *vcm = this->vcm[ibody], *xcm = this->xcm[ibody];
    const double *fcm = this->fcm[ibody], *fflag = this->fflag[ibody];

    // step 1.1 - update vcm by 1/2 step
    const double dtfm = dtf / this->masstotal[ibody];
    vcm[0] += dtfm * fcm[0] * fflag[0];
    vcm[1] += dtfm * fcm[1] * fflag[1];
    vcm[2] += dtfm * fcm[2] * fflag[2];
    if (scaled) {
      vcm[0] *= s.t[0];
      vcm[1] *= s.t[1];
      vcm[2] *= s.t[2];
      this->akin_t += this->masstotal[ibody] * (vcm[0] * vcm[0] + vcm[1] * vcm[1] + vcm[2] * vcm[2]);
    }

    // step 1.2 - update xcm by full step
    if (!this->pstat_flag) {
      xcm[0] += dtv * vcm[0];
      xcm[1] += dtv * vcm[1];
      xcm[2] += dtv * vcm[2];
    } else {
      xcm[0] += s.v[0] * vcm[0];
      xcm[1] += s.v[1] * vcm[1];
      xcm[2] += s.v[2] * vcm[2];
    }

    // steps 1.3 - 1.13: the variational map in place of NO_SQUISH
    double *torque = this->torque[ibody];
    for (int d = 0; d < 3; d++) torque[d] *= this->tflag[ibody][d];
    double *angmom = this->angmom[ibody], *omega = this->omega[ibody];
    double hw = 0.0;
    const int status = this->turn_body(torque, angmom, this->quat[ibody], this->inertia[ibody],
                                       this->ex_space[ibody], this->ey_space[ibody],
                                       this->ez_space[ibody], this->conjqm[ibody], omega, s.r, &hw);
    if (status != RRP_OK)
      RRPRigid::fail_turn(this->lmp, this->style, RRPRigid::body_name(RRPRigid::BY_NUMBER, ibody + 1),
                          status, this->masstotal[ibody], this->inertia[ibody], angmom,
                          this->quat[ibody], dtv, hw);
    if (scaled)
      this->akin_r += angmom[0] * omega[0] + angmom[1] * omega[1] + angmom[2] * omega[2];
  }

  // as LAMMPS's, from here on
  if (this->tstat_flag) {
    this->compute_temp_target();
    this->nhc_temp_integrate();
  }
  if (this->pstat_flag) this->nhc_press_integrate();
  this->place_atoms(vflag);
}

template class RRPRigidNHEnergy<FixRigidNVTSmall>;
template class RRPRigidNHEnergy<FixRigidNPTSmall>;
template class RRPRigidNHEnergy<FixRigidNPHSmall>;
template class RRPRigidNHEnergy<FixRigidNVT>;
template class RRPRigidNHEnergy<FixRigidNPT>;
template class RRPRigidNHEnergy<FixRigidNPH>;
template class FixRRPRigidNHSmall<FixRigidNVTSmall>;
template class FixRRPRigidNHSmall<FixRigidNPTSmall>;
template class FixRRPRigidNHSmall<FixRigidNPHSmall>;
template class FixRRPRigidNH<FixRigidNVT>;
template class FixRRPRigidNH<FixRigidNPT>;
template class FixRRPRigidNH<FixRigidNPH>;

}    // namespace LAMMPS_NS
