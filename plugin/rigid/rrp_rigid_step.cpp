/* ----------------------------------------------------------------------
   rrp-lammps: the rigid bodies' first half step (see rrp_rigid_step.h); the numbers are
   rrp_body_records_first() of core/.
------------------------------------------------------------------------- */

#include "rrp_rigid_step.h"

#include "atom.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "modify.h"
#include "update.h"

#include "rrp/bodies.h"

#include <cmath>
#include <vector>

using namespace LAMMPS_NS;

std::string RRPRigid::body_name(Naming naming, tagint id)
{
  return naming == BY_ATOM ? fmt::format("the body of atom {}", id) : fmt::format("body {}", id);
}

void RRPRigid::gather(rrp_body &r, double mass, const double I[3], const double x[3],
                      const double v[3], const double f[3], const double L[3], const double t[3],
                      const double q[4])
{
  r.mass = mass;
  rrp_body_map_moments(I, r.inertia);    // a linear body's zero moment (rrp/bodies.h)
  for (int d = 0; d < 3; d++) {
    r.x[d] = x[d];
    r.v[d] = v[d];
    r.f[d] = f[d];
    r.angmom[d] = L[d];
    r.torque[d] = t[d];
  }
  for (int d = 0; d < 4; d++) r.quat[d] = q[d];
}

void RRPRigid::scatter(const rrp_body &r, double x[3], double v[3], double L[3], double q[4])
{
  for (int d = 0; d < 3; d++) {
    x[d] = r.x[d];
    v[d] = r.v[d];
    L[d] = r.angmom[d];
  }
  for (int d = 0; d < 4; d++) q[d] = r.quat[d];
}

int RRPRigid::turn(const double I[3], const double L[3], double q[4], double h, double *hw)
{
  double J[3];
  rrp_body_map_moments(I, J);
  return rrp_body_turn(J, L, q, h, hw);
}

void RRPRigid::fail_turn(LAMMPS *lmp, const char *style, const std::string &who, int status,
                         double mass, const double I[3], const double L[3], const double q[4],
                         double h, double hw)
{
  rrp_body r;
  const double zero[3] = {0.0, 0.0, 0.0};
  gather(r, mass, I, zero, zero, zero, L, zero, q);
  fail(lmp, style, who, status, r, I, h, hw);
}

char **RRPRigid::respell(int narg, char **arg, const char *style)
{
  static std::vector<char *> args;
  static std::string name;
  name = style;
  args.assign(arg, arg + narg);
  if (narg > 2) args[2] = &name[0];
  return args.data();
}

int RRPRigid::step_records(LAMMPS *lmp, double h, rrp_body *r, int n, int *status, double *hw)
{
  rrp_step_report bad = {-1, 0.0};
  *status = rrp_body_records_first(r, n, h, lmp->force->ftm2v, &bad);
  *hw = bad.hw;
  return *status == RRP_OK ? -1 : bad.index;
}

void RRPRigid::fail(LAMMPS *lmp, const char *style, const std::string &who, int status,
                    const rrp_body &r, const double I[3], double h, double hw)
{
  if (status == RRP_EDOMAIN)
    lmp->error->one(FLERR,
                    "Fix {}: {} has mass {} and principal moments ({}, {}, {}): the mass must be "
                    "positive and finite",
                    style, who, r.mass, I[0], I[1], I[2]);
  lmp->error->one(FLERR,
                  "Fix {}: {} on step {}: {} (h |omega| = {:.6g}, angmom ({}, {}, {}), principal "
                  "moments ({}, {}, {})); reduce the timestep",
                  style, who, lmp->update->ntimestep,
                  status == RRP_ENOCONV ? "the variational map has no solution for this step"
                                        : "a non-finite force, torque or state",
                  hw, r.angmom[0] + 0.5 * h * lmp->force->ftm2v * r.torque[0],
                  r.angmom[1] + 0.5 * h * lmp->force->ftm2v * r.torque[1],
                  r.angmom[2] + 0.5 * h * lmp->force->ftm2v * r.torque[2], I[0], I[1],
                  I[2]);
}

void RRPRigid::check_mass(LAMMPS *lmp, const char *style, const std::string &who, double mass)
{
  if (!(mass > 0.0) || !std::isfinite(mass))
    lmp->error->one(FLERR, "Fix {}: {} has mass {}: it must be positive and finite", style, who,
                    mass);
}
