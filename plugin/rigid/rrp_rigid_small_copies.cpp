/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/rigid/small's COPIES OF LAMMPS CODE, all of them in this file.

   Each function here is a copy, made for speed, of a function of FixRigidSmall, or of a part of
   one, in LAMMPS 4Feb2025 (src/RIGID/fix_rigid_small.cpp). It does the same floating-point
   operations in the same order as the original, so a run gives the same bits.

   here (RRPRigidSmallCopies::)    copy of FixRigidSmall::       changed
   final_integrate              final_integrate               no forward communication to the
                                                              ghost bodies (FINAL); set_v_plain
                                                              on a plain step
   compute_forces_and_torques   compute_forces_and_torques    the owned bodies only: the ghosts
                                                              not zeroed, nothing sent back
                                                              (reverse communication); the
                                                              atoms' bodies prefetched
   bodies_to_atoms              the last lines of             no forward communication (INITIAL,
                                initial_integrate and         FINAL); set_xv_plain, set_v_plain
                                final_integrate               on a plain step
   set_xv_plain, set_v_plain    set_xv, set_v                 a plain step's branches only (3d,
                                                              no extended particles, no virial);
                                                              the atoms' bodies prefetched;
                                                              set_xv's last loop left out
   geometric_centers            set_xv's last loop (the       the owned bodies only, called from
                                geometric centers)            the map's pass (initial_integrate)

   The copies run only while no atom of any rank reads a ghost body (decided at each
   reneighboring, find_ghost_readers: then nothing reads what they skip) and fix_modify bodycomm
   is not always; otherwise fix rigid/small's own runs (final_integrate and
   compute_forces_and_torques call it, bodies_to_atoms communicates as it and calls set_xv and
   set_v). set_xv_plain, set_v_plain and geometric_centers run on plain steps only (plain_step).

   Why: around the map (4% of the fix's time) fix rigid/small's bookkeeping is the fix's cost.
   Measured for issue 35 on 1e5 4-atom bodies with LJ on one rank (one LAMMPS process running
   the variants in turn, Modify time, median of 5 rounds): with one of them switched back to
   LAMMPS's code and the others kept, the fix takes 1.32x its time with all the copies for
   final_integrate (set_v with it), 1.31x for compute_forces_and_torques, 1.29x set_xv_plain,
   1.08x set_v_plain, 1.23x the INITIAL communication, 1.48x the prefetch, 1.01x and 1.09x (8
   rounds) the geometric centers in a pass of their own; 2.2x with LAMMPS's code throughout
   (copies off). Every copy pays for itself; none was replaced by a call of fix rigid/small's
   own. (Earlier figures: studies/performance.md, "Issue 23, continued".)

   `fix_modify ID copies off` (a diagnostic, doc/fix_rrp_rigid_small.rst) makes each of them call
   fix rigid/small's own instead and keeps the ghost bodies current as fix rigid/small does.
   tests/lammps/test_rigid_copies.py runs LAMMPS's rigid/small inputs with the copies and with
   the originals, on 1 and on 2 ranks, and checks that the atoms' x and v, the bodies' state and
   the thermo output (virial included) are bitwise equal. With a new LAMMPS, compare these with
   its fix_rigid_small.cpp and run that test.
------------------------------------------------------------------------- */

#include "rrp_rigid_small_copies.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "math_extra.h"
#include "rigid_const.h"

using namespace LAMMPS_NS;
using namespace RigidConst;

// the loops over atoms fetch the body of the atom this far ahead into the cache
static constexpr int AHEAD = 8;

/* ----------------------------------------------------------------------
   a plain step, where set_xv_plain and set_v_plain hold: 3d, no extended particles, no virial on
   this step, no ghost body read (nor copies off)
------------------------------------------------------------------------- */

bool RRPRigidSmallCopies::plain_step() const
{
  return !evflag && domain->dimension == 3 && !extended && !ghosts_current();
}

/* ----------------------------------------------------------------------
   FixRigidSmall::final_integrate, without the bodies' forward communication when no atom reads
   a ghost body (else fix rigid/small's own: the same)
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::final_integrate()
{
  if (ghosts_current()) {
    FixRigidSmall::final_integrate();
    return;
  }

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
   the ends of FixRigidSmall::initial_integrate (positions) and final_integrate: the bodies to
   their ghost copies (INITIAL, FINAL) when an atom reads them, then the atoms' x and v (v only)
   from the bodies
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::bodies_to_atoms(bool positions)
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
   FixRigidSmall::compute_forces_and_torques; when no atom reads a ghost body, only the owned
   bodies are summed (the ghosts' sums would be zero) and nothing is sent back
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::compute_forces_and_torques()
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
   set_xv's update of the geometric centers, for the owned bodies ibody .. ibody+n-1, in the
   map's pass over them (a plain step: set_xv_plain leaves them out)
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::geometric_centers(int ibody, int n)
{
  for (Body *b = body + ibody; b < body + ibody + n; b++) {
    MathExtra::matvec(b->ex_space, b->ey_space, b->ez_space, b->xgc_body, b->xgc);
    b->xgc[0] += b->xcm[0];
    b->xgc[1] += b->xcm[1];
    b->xgc[2] += b->xcm[2];
  }
}

/* the body of atom i (if any, and if i is an owned atom) into the cache: a Body is 392 bytes, and
   the bodies are not in the atoms' order */

void RRPRigidSmallCopies::prefetch_body_of(int i, int nlocal) const
{
  if (i >= nlocal || atom2body[i] < 0) return;
  const char *p = reinterpret_cast<const char *>(&body[atom2body[i]]);
  for (int off = 0; off < (int) sizeof(Body); off += 64) __builtin_prefetch(p + off);
}

/* ----------------------------------------------------------------------
   FixRigidSmall::set_xv and set_v on a plain step (plain_step): the atoms' x and v from the
   bodies, the branches for the virial, 2d and extended particles left out; set_xv's update of
   the geometric centers is geometric_centers, in the map's pass
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::set_xv_plain()
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

void RRPRigidSmallCopies::set_v_plain()
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

/* ----------------------------------------------------------------------
   (not a copy) whether an atom of any rank is in a ghost body: then the copies give way to fix
   rigid/small's own code until the next reneighboring
------------------------------------------------------------------------- */

void RRPRigidSmallCopies::find_ghost_readers()
{
  int mine = 0;
  const int nlocal = atom->nlocal;
  for (int i = 0; i < nlocal && !mine; i++) mine = atom2body[i] >= nlocal_body;
  MPI_Allreduce(&mine, &ghosts_read, 1, MPI_INT, MPI_MAX, world);
}
