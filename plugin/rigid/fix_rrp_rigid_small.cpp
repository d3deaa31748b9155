/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small (see fix_rrp_rigid_small.h). Bookkeeping only: the step of
   each body is rrp_bodies_first() of core/; the second half kick is LAMMPS's (the same).
------------------------------------------------------------------------- */

#include "fix_rrp_rigid_small.h"

#include "atom.h"
#include "comm.h"
#include "math_extra.h"
#include "rigid_const.h"

#include "rrp_rigid_step.h"

#include <algorithm>

using namespace LAMMPS_NS;
using namespace RigidConst;

FixRRPRigidSmall::FixRRPRigidSmall(LAMMPS *lmp, int narg, char **arg) :
    FixRigidSmall(lmp, narg, arg)
{
  // LAMMPS's computes erotate/rigid, ke/rigid and rigid/local know a rigid fix by its style
  // (rigid..., /small): the style is the suffix spelling whichever name was used
  delete[] style;
  style = utils::strdup("rigid/small/rrp");
}

/* one time integrator per atom (LAMMPS only warns); bodies of positive mass */

void FixRRPRigidSmall::init()
{
  FixRigidSmall::init();
  RRPRigid::check_one_integrator(lmp, this);
}

void FixRRPRigidSmall::setup(int vflag)
{
  for (int ibody = 0; ibody < nlocal_body; ibody++)
    RRPRigid::check_mass(lmp, style,
                         RRPRigid::body_name(RRPRigid::BY_ATOM, atom->tag[body[ibody].ilocal]),
                         body[ibody].mass);
  FixRigidSmall::setup(vflag);
}

/* ----------------------------------------------------------------------
   the first half of the step of each owned body by the variational map (rrp_rigid_step.h), then
   LAMMPS's axes and omega (0 along a linear body's axis), ghost bodies and atoms
------------------------------------------------------------------------- */

void FixRRPRigidSmall::initial_integrate(int vflag)
{
  rrp_body rec[RRPRigid::CHUNK];
  for (int i0 = 0; i0 < nlocal_body; i0 += RRPRigid::CHUNK) {
    const int n = std::min(RRPRigid::CHUNK, nlocal_body - i0);
    Body *b = body + i0;
    for (int j = 0; j < n; j++)
      RRPRigid::gather(rec[j], b[j].mass, b[j].inertia, b[j].xcm, b[j].vcm, b[j].fcm, b[j].angmom,
                       b[j].torque, b[j].quat);
    int status;
    double hw;
    const int k = RRPRigid::step_records(lmp, dtv, rec, n, &status, &hw);
    if (k >= 0)
      RRPRigid::fail(lmp, style, RRPRigid::body_name(RRPRigid::BY_ATOM, atom->tag[b[k].ilocal]),
                     status, rec[k], b[k].inertia, dtv, hw);
    for (int j = 0; j < n; j++) {
      RRPRigid::scatter(rec[j], b[j].xcm, b[j].vcm, b[j].angmom, b[j].quat);
      MathExtra::q_to_exyz(b[j].quat, b[j].ex_space, b[j].ey_space, b[j].ez_space);
      MathExtra::angmom_to_omega(b[j].angmom, b[j].ex_space, b[j].ey_space, b[j].ez_space,
                                 b[j].inertia, b[j].omega);
    }
  }

  // as fix rigid/small: virial setup, the bodies to their ghosts, the atoms from the bodies
  v_init(vflag);
  commflag = INITIAL;
  comm->forward_comm(this, 29);
  set_xv();
}
