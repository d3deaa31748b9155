/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: LAMMPS's ellipsoids (atom_style ellipsoid) as core bodies (rrp/bodies.h), for
   every fix that turns them by the variational map (fix rrp/nve/asphere and the thermostatted
   twins rrp/nvt/asphere, ...): the views of the per-atom arrays and bonus records, the checks,
   and the error that says what is wrong with a body the map cannot step.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_ELLIPSOIDS_H
#define LMP_RRP_ELLIPSOIDS_H

#include "rrp/bodies.h"

namespace LAMMPS_NS {
class LAMMPS;
class Fix;
class AtomVecEllipsoid;
namespace RRPEllipsoids {

  // the atom style's ellipsoid part; an error naming `style` when there is none or when
  // angmom, torque or rmass are missing
  AtomVecEllipsoid *avec_of(LAMMPS *lmp, Fix *fix);

  // the views of the first nlocal owned atoms and their bonus records (group of fix)
  rrp_bodies views(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec, int nlocal);

  // at init: every atom of the group is an ellipsoid of positive mass and moments (else report)
  void check_bodies(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec);

  // stop with what is wrong with the body the map could not step (h: the step)
  [[noreturn]] void report(LAMMPS *lmp, Fix *fix, AtomVecEllipsoid *avec, int status,
                           const rrp_step_report &bad, double h);

}    // namespace RRPEllipsoids
}    // namespace LAMMPS_NS

#endif
