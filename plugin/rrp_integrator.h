/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: checks every time-integrating fix of the plugin makes.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_INTEGRATOR_H
#define LMP_RRP_INTEGRATOR_H

namespace LAMMPS_NS {
class LAMMPS;
class Fix;
namespace RRPIntegrator {

  // at init: another time-integrating fix on atoms of self's group is an error naming it, the
  // number of atoms both move and one of them (LAMMPS itself only warns, and the atoms would be
  // moved twice); used by every integrator of the plugins
  void check_one_integrator(LAMMPS *lmp, Fix *self);

  // at init: a time step that is zero or not finite is an error naming the fix
  void check_timestep(LAMMPS *lmp, Fix *self);

}    // namespace RRPIntegrator
}    // namespace LAMMPS_NS

#endif
