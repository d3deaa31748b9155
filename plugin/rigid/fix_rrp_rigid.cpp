/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid (see fix_rrp_rigid.h). Bookkeeping only.
------------------------------------------------------------------------- */

#include "fix_rrp_rigid.h"

#include "atom.h"
#include "math_extra.h"

#include "rrp_rigid_step.h"

using namespace LAMMPS_NS;

FixRRPRigid::FixRRPRigid(LAMMPS *lmp, int narg, char **arg) : FixRigid(lmp, narg, arg)
{
  // LAMMPS's computes erotate/rigid, ke/rigid and rigid/local know a rigid fix by its style
  delete[] style;
  style = utils::strdup("rigid/rrp");
}

/* one time integrator per atom (LAMMPS only warns); bodies of positive mass */

void FixRRPRigid::init()
{
  FixRigid::init();
  RRPRigid::check_one_integrator(lmp, this);
}

void FixRRPRigid::setup(int vflag)
{
  for (int ibody = 0; ibody < nbody; ibody++)
    RRPRigid::check_mass(lmp, style, fmt::format("body {}", ibody + 1), masstotal[ibody]);
  FixRigid::setup(vflag);
}

/* ----------------------------------------------------------------------
   the first half of each body's step by the variational map, with fix rigid's force and torque
   flags (force/torque off: that component is not applied); then LAMMPS's axes and omega, and
   the atoms from the bodies
------------------------------------------------------------------------- */

void FixRRPRigid::initial_integrate(int vflag)
{
  for (int ibody = 0; ibody < nbody; ibody++) {
    const double f[3] = {fcm[ibody][0] * fflag[ibody][0], fcm[ibody][1] * fflag[ibody][1],
                         fcm[ibody][2] * fflag[ibody][2]};
    const double t[3] = {torque[ibody][0] * tflag[ibody][0], torque[ibody][1] * tflag[ibody][1],
                         torque[ibody][2] * tflag[ibody][2]};
    RRPRigid::body_first_half(lmp, style, fmt::format("body {}", ibody + 1), masstotal[ibody],
                         inertia[ibody], xcm[ibody], vcm[ibody], f, angmom[ibody], t,
                         quat[ibody]);
    MathExtra::q_to_exyz(quat[ibody], ex_space[ibody], ey_space[ibody], ez_space[ibody]);
    MathExtra::angmom_to_omega(angmom[ibody], ex_space[ibody], ey_space[ibody], ez_space[ibody],
                               inertia[ibody], omega[ibody]);
  }

  // as fix rigid: virial setup, the atoms from the bodies
  v_init(vflag);
  set_xv();
}
