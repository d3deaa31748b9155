/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small (see fix_rrp_rigid_small.h). Bookkeeping only: the step of
   each body is rrp_bodies_first() of core/; the second half kick is LAMMPS's (the same).
------------------------------------------------------------------------- */

#include "fix_rrp_rigid_small.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "math_extra.h"
#include "rigid_const.h"

#include "rrp_integrator.h"
#include "rrp_rigid_step.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;
using namespace RigidConst;

// the loops over atoms fetch the body of the atom this far ahead into the cache
static constexpr int AHEAD = 8;

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
  RRPIntegrator::check_one_integrator(lmp, this);
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
  // virial setup (fix rigid/small makes it after the bodies' step, which reads none of it): it
  // decides, with the ghost bodies, whether the atoms are placed by set_xv_plain()
  v_init(vflag);
  const bool plain = plain_step();

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
      if (!plain) continue;
      // the geometric center, as set_xv() updates it (set_xv_plain leaves it to this pass)
      MathExtra::matvec(b[j].ex_space, b[j].ey_space, b[j].ez_space, b[j].xgc_body, b[j].xgc);
      b[j].xgc[0] += b[j].xcm[0];
      b[j].xgc[1] += b[j].xcm[1];
      b[j].xgc[2] += b[j].xcm[2];
    }
  }

  // as fix rigid/small: the bodies to their ghosts, the atoms from the bodies
  bodies_to_atoms(true);
}

/* ----------------------------------------------------------------------
   as fix rigid/small's final_integrate, with the ghost bodies' communication only when some
   atom reads them (see ghosts_current)
------------------------------------------------------------------------- */

void FixRRPRigidSmall::final_integrate()
{
  if (!earlyflag) compute_forces_and_torques();
  if (domain->dimension == 2) enforce2d();

  for (int ibody = 0; ibody < nlocal_body; ibody++) {
    Body *b = &body[ibody];
    const double dtfm = dtf / b->mass;
    b->vcm[0] += dtfm * b->fcm[0];
    b->vcm[1] += dtfm * b->fcm[1];
    b->vcm[2] += dtfm * b->fcm[2];
    b->angmom[0] += dtf * b->torque[0];
    b->angmom[1] += dtf * b->torque[1];
    b->angmom[2] += dtf * b->torque[2];
    MathExtra::angmom_to_omega(b->angmom, b->ex_space, b->ey_space, b->ez_space, b->inertia,
                               b->omega);
  }

  bodies_to_atoms(false);
}

/* ----------------------------------------------------------------------
   the bodies to their ghost copies when an atom reads them (fix rigid/small's INITIAL and FINAL
   communications), then the atoms from the bodies: positions and velocities after the first
   half step, velocities after the second
------------------------------------------------------------------------- */

void FixRRPRigidSmall::bodies_to_atoms(bool positions)
{
  if (ghosts_current()) {
    commflag = positions ? INITIAL : FINAL;
    comm->forward_comm(this, positions ? 29 : 10);
  }
  const bool plain = plain_step();
  if (positions)
    plain ? set_xv_plain() : set_xv();
  else
    plain ? set_v_plain() : set_v();
}

/* ----------------------------------------------------------------------
   the force and torque on each body, as fix rigid/small sums them; without ghost bodies that
   any atom reads, only the owned bodies are summed (the ghosts' sums would be zero) and nothing
   is sent back
------------------------------------------------------------------------- */

void FixRRPRigidSmall::compute_forces_and_torques()
{
  if (ghosts_current()) {
    FixRigidSmall::compute_forces_and_torques();
    return;
  }

  double **x = atom->x;
  double **f = atom->f;
  const int nlocal = atom->nlocal;

  for (int ibody = 0; ibody < nlocal_body; ibody++) {
    double *fcm = body[ibody].fcm, *tcm = body[ibody].torque;
    fcm[0] = fcm[1] = fcm[2] = 0.0;
    tcm[0] = tcm[1] = tcm[2] = 0.0;
  }

  double unwrap[3];
  for (int i = 0; i < nlocal; i++) {
    prefetch_body_of(i + AHEAD, nlocal);
    if (atom2body[i] < 0) continue;
    Body *b = &body[atom2body[i]];
    double *fcm = b->fcm;
    fcm[0] += f[i][0];
    fcm[1] += f[i][1];
    fcm[2] += f[i][2];
    domain->unmap(x[i], xcmimage[i], unwrap);
    const double *xcm = b->xcm;
    const double dx = unwrap[0] - xcm[0];
    const double dy = unwrap[1] - xcm[1];
    const double dz = unwrap[2] - xcm[2];
    double *tcm = b->torque;
    tcm[0] += dy * f[i][2] - dz * f[i][1];
    tcm[1] += dz * f[i][0] - dx * f[i][2];
    tcm[2] += dx * f[i][1] - dy * f[i][0];
  }

  if (extended) {
    double **torque = atom->torque;
    for (int i = 0; i < nlocal; i++) {
      if (atom2body[i] < 0 || !(eflags[i] & TORQUE)) continue;
      double *tcm = body[atom2body[i]].torque;
      tcm[0] += torque[i][0];
      tcm[1] += torque[i][1];
      tcm[2] += torque[i][2];
    }
  }

  if (langflag) {
    for (int ibody = 0; ibody < nlocal_body; ibody++) {
      double *fcm = body[ibody].fcm, *tcm = body[ibody].torque;
      fcm[0] += langextra[ibody][0];
      fcm[1] += langextra[ibody][1];
      fcm[2] += langextra[ibody][2];
      tcm[0] += langextra[ibody][3];
      tcm[1] += langextra[ibody][4];
      tcm[2] += langextra[ibody][5];
    }
  }

  if (id_gravity) {
    for (int ibody = 0; ibody < nlocal_body; ibody++) {
      const double mass = body[ibody].mass;
      double *fcm = body[ibody].fcm;
      fcm[0] += gvec[0] * mass;
      fcm[1] += gvec[1] * mass;
      fcm[2] += gvec[2] * mass;
    }
  }
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

void FixRRPRigidSmall::find_ghost_readers()
{
  int mine = 0;
  const int nlocal = atom->nlocal;
  for (int i = 0; i < nlocal && !mine; i++) mine = atom2body[i] >= nlocal_body;
  MPI_Allreduce(&mine, &ghosts_read, 1, MPI_INT, MPI_MAX, world);
}

/* fix_modify bodycomm always|needed (see ghosts_current); other keywords are fix rigid/small's */

int FixRRPRigidSmall::modify_param(int narg, char **arg)
{
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

/* the body of atom i (if any, and if i is an owned atom) into the cache: a Body is 392 bytes, and
   the bodies are not in the atoms' order */

void FixRRPRigidSmall::prefetch_body_of(int i, int nlocal) const
{
  if (i >= nlocal || atom2body[i] < 0) return;
  const char *p = reinterpret_cast<const char *>(&body[atom2body[i]]);
  for (int off = 0; off < (int) sizeof(Body); off += 64) __builtin_prefetch(p + off);
}

/* ----------------------------------------------------------------------
   the atoms' x and v from the bodies, as fix rigid/small's set_xv() and set_v() compute them
   (the same operations in the same order: the same bits), on a plain step: 3d, no extended
   particles, no virial on this step, no ghost body read. The bodies' geometric centers, which
   set_xv() also updates, are updated in the map's pass (initial_integrate).
------------------------------------------------------------------------- */

bool FixRRPRigidSmall::plain_step() const
{
  return !evflag && domain->dimension == 3 && !extended && !ghosts_current();
}

void FixRRPRigidSmall::set_xv_plain()
{
  const double xprd = domain->xprd, yprd = domain->yprd, zprd = domain->zprd;
  const double xy = domain->xy, xz = domain->xz, yz = domain->yz;
  double **x = atom->x;
  double **v = atom->v;
  const int nlocal = atom->nlocal;

  for (int i = 0; i < nlocal; i++) {
    prefetch_body_of(i + AHEAD, nlocal);
    if (atom2body[i] < 0) continue;
    const Body *b = &body[atom2body[i]];
    const int xbox = (xcmimage[i] & IMGMASK) - IMGMAX;
    const int ybox = (xcmimage[i] >> IMGBITS & IMGMASK) - IMGMAX;
    const int zbox = (xcmimage[i] >> IMG2BITS) - IMGMAX;
    MathExtra::matvec(b->ex_space, b->ey_space, b->ez_space, displace[i], x[i]);
    v[i][0] = b->omega[1] * x[i][2] - b->omega[2] * x[i][1] + b->vcm[0];
    v[i][1] = b->omega[2] * x[i][0] - b->omega[0] * x[i][2] + b->vcm[1];
    v[i][2] = b->omega[0] * x[i][1] - b->omega[1] * x[i][0] + b->vcm[2];
    if (triclinic == 0) {
      x[i][0] += b->xcm[0] - xbox * xprd;
      x[i][1] += b->xcm[1] - ybox * yprd;
      x[i][2] += b->xcm[2] - zbox * zprd;
    } else {
      x[i][0] += b->xcm[0] - xbox * xprd - ybox * xy - zbox * xz;
      x[i][1] += b->xcm[1] - ybox * yprd - zbox * yz;
      x[i][2] += b->xcm[2] - zbox * zprd;
    }
  }
}

void FixRRPRigidSmall::set_v_plain()
{
  double **v = atom->v;
  const int nlocal = atom->nlocal;
  double delta[3];

  for (int i = 0; i < nlocal; i++) {
    prefetch_body_of(i + AHEAD, nlocal);
    if (atom2body[i] < 0) continue;
    const Body *b = &body[atom2body[i]];
    MathExtra::matvec(b->ex_space, b->ey_space, b->ez_space, displace[i], delta);
    v[i][0] = b->omega[1] * delta[2] - b->omega[2] * delta[1] + b->vcm[0];
    v[i][1] = b->omega[2] * delta[0] - b->omega[0] * delta[2] + b->vcm[1];
    v[i][2] = b->omega[0] * delta[1] - b->omega[1] * delta[0] + b->vcm[2];
  }
}
