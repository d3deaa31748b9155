/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small (see fix_rrp_rigid_small.h). Bookkeeping only: the step of
   each body is rrp_bodies_first() of core/; the second half kick is LAMMPS's (the same). Its
   copies of fix rigid/small's functions, made for speed, are the layer under it
   (rrp_rigid_small_copies.h).
------------------------------------------------------------------------- */

#include "fix_rrp_rigid_small.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "math_extra.h"

#include "rrp_integrator.h"
#include "rrp_register.h"
#include "rrp_rigid_step.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;

FixRRPRigidSmall::FixRRPRigidSmall(LAMMPS *lmp, int narg, char **arg) :
    RRPRigidSmallCopies(lmp, narg, arg)
{
  // LAMMPS's computes erotate/rigid, ke/rigid and rigid/local know a rigid fix by its style
  // (rigid..., /small): the style is the suffix spelling whichever name was used
  RRPRegister::own_name(style, "rigid/small/rrp");
}

/* one time integrator per atom (LAMMPS only warns); bodies of positive mass */

void FixRRPRigidSmall::init()
{
  FixRigidSmall::init();
  RRPIntegrator::check_one_integrator(lmp, this);
}

void FixRRPRigidSmall::setup(int vflag)
{
  for (int ibody = 0; ibody < nlocal_body; ibody++)
    RRPRigid::check_mass(lmp, style,
                         RRPRigid::body_name(RRPRigid::BY_ATOM, atom->tag[body[ibody].ilocal]),
                         body[ibody].mass);
  steps_run = steps_copied = 0;
  FixRigidSmall::setup(vflag);
}

/* ----------------------------------------------------------------------
   the first half of the step of each owned body by the variational map (rrp_rigid_step.h), then
   LAMMPS's axes and omega (0 along a linear body's axis), ghost bodies and atoms
------------------------------------------------------------------------- */

void FixRRPRigidSmall::initial_integrate(int vflag)
{
  // virial setup (fix rigid/small makes it after the bodies' step, which reads none of it): it
  // decides, with the ghost bodies, whether the atoms are placed by set_xv_plain()
  v_init(vflag);
  const bool plain = plain_step();
  steps_run++;
  if (!ghosts_current()) steps_copied++;

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
    // the geometric centers, as set_xv() updates them (set_xv_plain leaves them to this pass)
    if (plain) geometric_centers(i0, n);
  }

  // as fix rigid/small: the bodies to their ghosts, the atoms from the bodies
  bodies_to_atoms(true);
}

/* ----------------------------------------------------------------------
   which bodies' ghosts are read: after fix rigid/small has found each atom's body (at setup and
   at each reneighboring), whether an atom of any rank is in a ghost body
------------------------------------------------------------------------- */

void FixRRPRigidSmall::setup_pre_neighbor()
{
  FixRigidSmall::setup_pre_neighbor();
  find_ghost_readers();
}

void FixRRPRigidSmall::pre_neighbor()
{
  FixRigidSmall::pre_neighbor();
  find_ghost_readers();
}

/* with fix_modify copies given: on how many steps of the run the copies ran (the same on every
   rank: ghosts_read is reduced over them) */

void FixRRPRigidSmall::post_run()
{
  if (copies_asked && comm->me == 0)
    utils::logmesg(lmp,
                   "fix {} {}: the copies of fix rigid/small's code ran on {} of {} steps "
                   "(copies {})\n",
                   style, id, steps_copied, steps_run, copies ? "on" : "off");
}

/* ----------------------------------------------------------------------
   fix_modify bodycomm always|needed (see ghosts_current); fix_modify copies on|off, a diagnostic:
   off makes each copy of fix rigid/small's code (rrp_rigid_small_copies.cpp) call fix
   rigid/small's own (tests/lammps/test_rigid_copies.py compares the two bitwise); other keywords
   are fix rigid/small's
------------------------------------------------------------------------- */

int FixRRPRigidSmall::modify_param(int narg, char **arg)
{
  if (strcmp(arg[0], "copies") == 0) {
    if (narg < 2) utils::missing_cmd_args(FLERR, "fix_modify copies", error);
    copies = utils::logical(FLERR, arg[1], false, lmp) != 0;
    copies_asked = true;
    return 2;
  }
  if (strcmp(arg[0], "bodycomm") != 0) return FixRigidSmall::modify_param(narg, arg);
  if (narg < 2) utils::missing_cmd_args(FLERR, "fix_modify bodycomm", error);
  if (strcmp(arg[1], "always") == 0)
    bodycomm = BODYCOMM_ALWAYS;
  else if (strcmp(arg[1], "needed") == 0)
    bodycomm = BODYCOMM_NEEDED;
  else
    error->all(FLERR, "Fix_modify {} bodycomm {}: the value must be always or needed", id,
               arg[1]);
  return 2;
}
