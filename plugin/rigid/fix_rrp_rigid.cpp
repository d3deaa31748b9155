/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid (see fix_rrp_rigid.h). Bookkeeping only.
------------------------------------------------------------------------- */

#include "fix_rrp_rigid.h"

#include "atom.h"
#include "math_extra.h"

#include "rrp_integrator.h"
#include "rrp_register.h"
#include "rrp_rigid_step.h"

#include <algorithm>

using namespace LAMMPS_NS;

FixRRPRigid::FixRRPRigid(LAMMPS *lmp, int narg, char **arg) :
    FixRigid(lmp, narg, RRPRigid::respell(narg, arg, "rigid"))    // its keywords are fix rigid's
{
  // LAMMPS's computes erotate/rigid, ke/rigid and rigid/local know a rigid fix by its style
  RRPRegister::own_name(style, "rigid/rrp");
}

/* one time integrator per atom (LAMMPS only warns); bodies of positive mass */

void FixRRPRigid::init()
{
  FixRigid::init();
  RRPIntegrator::check_one_integrator(lmp, this);
}

void FixRRPRigid::setup(int vflag)
{
  for (int ibody = 0; ibody < nbody; ibody++)
    RRPRigid::check_mass(lmp, style, RRPRigid::body_name(RRPRigid::BY_NUMBER, ibody + 1),
                         masstotal[ibody]);
  FixRigid::setup(vflag);
}

/* ----------------------------------------------------------------------
   the first half of each body's step by the variational map, with fix rigid's force and torque
   flags (force/torque off: that component is not applied); then LAMMPS's axes and omega, and
   the atoms from the bodies
------------------------------------------------------------------------- */

void FixRRPRigid::initial_integrate(int vflag)
{
  rrp_body rec[RRPRigid::CHUNK];
  for (int i0 = 0; i0 < nbody; i0 += RRPRigid::CHUNK) {
    const int n = std::min(RRPRigid::CHUNK, nbody - i0);
    for (int j = 0; j < n; j++) {
      const int ib = i0 + j;
      const double f[3] = {fcm[ib][0] * fflag[ib][0], fcm[ib][1] * fflag[ib][1],
                           fcm[ib][2] * fflag[ib][2]};
      const double t[3] = {torque[ib][0] * tflag[ib][0], torque[ib][1] * tflag[ib][1],
                           torque[ib][2] * tflag[ib][2]};
      RRPRigid::gather(rec[j], masstotal[ib], inertia[ib], xcm[ib], vcm[ib], f, angmom[ib], t,
                       quat[ib]);
    }
    int status;
    double hw;
    const int k = RRPRigid::step_records(lmp, dtv, rec, n, &status, &hw);
    if (k >= 0)
      RRPRigid::fail(lmp, style, RRPRigid::body_name(RRPRigid::BY_NUMBER, i0 + k + 1), status,
                     rec[k], inertia[i0 + k], dtv, hw);
    for (int j = 0; j < n; j++) {
      const int ib = i0 + j;
      RRPRigid::scatter(rec[j], xcm[ib], vcm[ib], angmom[ib], quat[ib]);
      MathExtra::q_to_exyz(quat[ib], ex_space[ib], ey_space[ib], ez_space[ib]);
      MathExtra::angmom_to_omega(angmom[ib], ex_space[ib], ey_space[ib], ez_space[ib], inertia[ib],
                                 omega[ib]);
    }
  }

  // as fix rigid: virial setup, the atoms from the bodies
  v_init(vflag);
  set_xv();
}
