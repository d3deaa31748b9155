/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/turn. See doc/fix_rrp_turn.rst.
   Each step the group's orientations turn by the change of the angle about the axis,
   q <- q(delta a) q: rotations about one axis commute, so after any number of steps the
   orientation is R((angle(t) - angle(t0)) a) R(t0) to round-off, with no per-atom state.
------------------------------------------------------------------------- */

#include "fix_rrp_turn.h"

#include "atom.h"
#include "error.h"
#include "input.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include "rrp_orientation.h"

#include "rrp/rotation.h"

#include <cmath>

using namespace LAMMPS_NS;
using namespace FixConst;

FixRRPTurn::FixRRPTurn(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), axis{0.0, 0.0, 0.0}, ivar(-1), angle_now(0.0)
{
  if (narg < 7) utils::missing_cmd_args(FLERR, "fix rrp/turn", error);
  if (narg > 7)
    error->all(FLERR, "Illegal fix rrp/turn command: unexpected argument {} (expected fix ID group "
                      "rrp/turn ax ay az v_angle)", arg[7]);
  double n2 = 0.0;
  for (int d = 0; d < 3; d++) {
    axis[d] = utils::numeric(FLERR, arg[3 + d], false, lmp);
    if (!std::isfinite(axis[d]))
      error->all(FLERR, "Fix rrp/turn: axis component {} must be finite", arg[3 + d]);
    n2 += axis[d] * axis[d];
  }
  if (!(n2 > 0.0)) error->all(FLERR, "Fix rrp/turn: the axis ({} {} {}) is zero", arg[3], arg[4], arg[5]);
  // the unit axis: the core normalises it as the vector part of a quaternion
  double q[4] = {0.0, axis[0], axis[1], axis[2]};
  rrp_quat_normalize(q);
  for (int d = 0; d < 3; d++) axis[d] = q[1 + d];
  if (!utils::strmatch(arg[6], "^v_"))
    error->all(FLERR, "Fix rrp/turn: the angle {} must be an equal-style variable, v_name", arg[6]);
  var = arg[6] + 2;
  time_integrate = 1;
  vector_flag = 1;
  size_vector = 2;
  global_freq = 1;
  extvector = 0;
}

int FixRRPTurn::setmask()
{
  return INITIAL_INTEGRATE;
}

/* the angle now, from the variable, checked */

double FixRRPTurn::angle(const char *when)
{
  const double a = input->variable->compute_equal(ivar);
  if (!std::isfinite(a))
    error->all(FLERR, "Fix rrp/turn {}: variable {} gives angle {} {}", id, var, a, when);
  return a;
}

void FixRRPTurn::init()
{
  ivar = input->variable->find(var.c_str());
  if (ivar < 0) error->all(FLERR, "Fix rrp/turn {}: variable {} does not exist", id, var);
  if (!input->variable->equalstyle(ivar))
    error->all(FLERR, "Fix rrp/turn {}: variable {} is not equal-style", id, var);
  if (RRPOrientation::layout(lmp) == RRPOrientation::NONE)
    error->all(FLERR, "Fix rrp/turn {} turns orientations, and atom_style {} carries none: use "
               "atom_style bpm/sphere, or keep them with fix rrp/nve on other atoms", id,
               atom->atom_style);
  // no other fix may advance these atoms' orientations (or move them at all)
  for (auto &f : modify->get_fix_list()) {
    if (f == this || !f->time_integrate) continue;
    const int both = RRPOrientation::count_in_both(lmp, groupbit, f->groupbit);
    if (both > 0)
      error->all(FLERR, "Fix rrp/turn {} prescribes the orientations of {} atoms that fix {} "
                 "(style {}) integrates too: take them out of its group", id, both, f->id, f->style);
  }
}

/* the angle at the start of a run: the turns are its changes from here */

void FixRRPTurn::setup(int /*vflag*/)
{
  angle_now = angle("at the setup");
}

void FixRRPTurn::initial_integrate(int /*vflag*/)
{
  const double next = angle(fmt::format("on step {}", update->ntimestep).c_str());
  const double delta = next - angle_now;
  angle_now = next;
  double th[3], dq[4];
  for (int d = 0; d < 3; d++) th[d] = delta * axis[d];
  rrp_theta_to_quat(th, dq);
  double **quat = RRPOrientation::array(lmp);
  double **omega = atom->omega_flag ? atom->omega : nullptr;
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    rrp_quat_multiply(dq, quat[i], quat[i]);
    rrp_quat_normalize(quat[i]);
    if (omega)
      for (int d = 0; d < 3; d++) omega[i][d] = axis[d] * delta / update->dt;
  }
}

/* 1: the angle (radians); 2: the torque about the axis on the group's atoms (all ranks) */

double FixRRPTurn::compute_vector(int n)
{
  if (n == 0) return angle_now;
  double t = 0.0, all = 0.0;
  double **torque = atom->torque;
  const int *mask = atom->mask;
  if (torque)
    for (int i = 0; i < atom->nlocal; i++)
      if (mask[i] & groupbit)
        t += torque[i][0] * axis[0] + torque[i][1] * axis[1] + torque[i][2] * axis[2];
  MPI_Allreduce(&t, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}
