/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the first half step of one rigid body by the variational map, for the rigid fixes
   (fix rrp/rigid/small, fix rrp/rigid); a linear body's zero moment as rrp_body_map_moments()
   of core/ takes it.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_RIGID_STEP_H
#define LMP_RRP_RIGID_STEP_H

#include "pointers.h"

#include <string>

namespace LAMMPS_NS {
class Fix;
namespace RRPRigid {

  // v += h/(2m) f; x += h v; L += h/2 t; the orientation q by the variational map with the
  // principal moments I. Stops with an error naming `who` (e.g. "the body of atom 7") when the
  // body has no valid mass or moments or the map has no solution for the step.
  void body_first_half(LAMMPS *lmp, const char *style, const std::string &who, double mass,
                  const double I[3], double x[3], double v[3], const double f[3], double L[3],
                  const double t[3], double q[4]);

  // at init: another time-integrating fix on atoms of groupbit is an error naming it and an atom
  void check_one_integrator(LAMMPS *lmp, Fix *self);

  // at setup: a body whose mass is not positive and finite is an error naming it and the value
  void check_mass(LAMMPS *lmp, const char *style, const std::string &who, double mass);

}    // namespace RRPRigid
}    // namespace LAMMPS_NS

#endif
