/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small (see fix_rrp_rigid_small.h). Bookkeeping only: the step of
   each body is rrp_bodies_first() of core/; the second half kick is LAMMPS's (the same).
------------------------------------------------------------------------- */

#include "fix_rrp_rigid_small.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "math_extra.h"
#include "rigid_const.h"
#include "update.h"

#include "rrp/bodies.h"

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

/* ----------------------------------------------------------------------
   the first half of the step of each owned body: v += h/(2m) F, x += h v, L += h/2 T and the
   orientation by the variational map (rrp_bodies_first); then LAMMPS's axes, omega, ghost
   bodies and atoms. A linear body (a dimer, a straight chain) has a zero principal moment, which
   LAMMPS sets for moments below 1e-7 of the largest: the rotation about its own axis moves none
   of its atoms, and the map takes the other moment there (a sphere's map on that axis), so that
   the axis turns about L as a free rotor's does; omega along the axis stays 0 (LAMMPS's).
------------------------------------------------------------------------- */

void FixRRPRigidSmall::initial_integrate(int vflag)
{
  for (int ibody = 0; ibody < nlocal_body; ibody++) {
    Body *b = &body[ibody];
    double I[3] = {b->inertia[0], b->inertia[1], b->inertia[2]};
    double big = std::max(I[0], std::max(I[1], I[2]));
    if (!(big > 0.0)) big = 1.0;    // a body of one point: its orientation moves no atom
    for (double &m : I)
      if (m == 0.0) m = big;
    const rrp_bodies view = {1,       nullptr, 0,       &b->mass, (const double(*)[3]) I,
                             (double(*)[3]) b->xcm,     (double(*)[3]) b->vcm,
                             (const double(*)[3]) b->fcm, (double(*)[3]) b->angmom,
                             (const double(*)[3]) b->torque, nullptr, b->quat, nullptr, 4};
    rrp_step_report bad = {-1, 0.0};
    const int status = rrp_bodies_first(&view, update->dt, force->ftm2v, &bad);
    if (status != RRP_OK) {
      const tagint owner = atom->tag[b->ilocal];
      if (status == RRP_EDOMAIN)
        error->one(FLERR,
                   "Fix {}: the body of atom {} has mass {} and principal moments ({}, {}, {}): "
                   "they must be positive and finite",
                   style, owner, b->mass, b->inertia[0], b->inertia[1], b->inertia[2]);
      error->one(FLERR,
                 "Fix {}: the body of atom {} on step {}: {} (h |omega| = {:.6g}, angmom ({}, {}, "
                 "{}), principal moments ({}, {}, {})); reduce the timestep",
                 style, owner, update->ntimestep,
                 status == RRP_ENOCONV ? "the variational map has no solution for this step"
                                       : "a non-finite force, torque or state",
                 bad.hw, b->angmom[0], b->angmom[1], b->angmom[2], b->inertia[0], b->inertia[1],
                 b->inertia[2]);
    }
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
