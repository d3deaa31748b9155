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
    RRPRigid::check_mass(lmp, style, fmt::format("the body of atom {}", atom->tag[body[ibody].ilocal]),
                         body[ibody].mass);
  FixRigidSmall::setup(vflag);
}

/* ----------------------------------------------------------------------
   the first half of the step of each owned body by the variational map (rrp_rigid_step.h), then
   LAMMPS's axes and omega (0 along a linear body's axis), ghost bodies and atoms
------------------------------------------------------------------------- */

void FixRRPRigidSmall::initial_integrate(int vflag)
{
  for (int ibody = 0; ibody < nlocal_body; ibody++) {
    Body *b = &body[ibody];
    RRPRigid::body_first_half(lmp, style, fmt::format("the body of atom {}", atom->tag[b->ilocal]),
                         b->mass, b->inertia, b->xcm, b->vcm, b->fcm, b->angmom, b->torque,
                         b->quat);
    MathExtra::q_to_exyz(b->quat, b->ex_space, b->ey_space, b->ez_space);
    MathExtra::angmom_to_omega(b->angmom, b->ex_space, b->ey_space, b->ez_space, b->inertia,
                               b->omega);
  }

  // as fix rigid/small: virial setup, the bodies to their ghosts, the atoms from the bodies
  v_init(vflag);
  commflag = INITIAL;
  comm->forward_comm(this, 29);
  set_xv();
}
