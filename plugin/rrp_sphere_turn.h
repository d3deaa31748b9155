/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: what every fix that turns spheres' orientations by the RRP map shares: fix
   rrp/nve (which makes the whole step) and LAMMPS's Nose-Hoover sphere fixes with the RRP turn
   (fix rrp/nvt/sphere ..., whose kicks, thermostat and barostat scalings LAMMPS makes):
   - the orientation array and its life: atom_style bpm/sphere's quat, or the store of
     atom_style sphere (rrp_orientation.h), sent to the ghost atoms after each turn when
     bond_style rrp/binder reads them there;
   - the one-integrator check, who writes the Orientations section of a data file;
   - the count of atom-steps where the exact map (23) had no increment (h |omega| >= 1) and took
     map (25)'s, warned at the first of a run and reported at its end;
   - update dipole: each dipole turns with its sphere's increment;
   - the error that stops a run at an atom the core could not step.
   The Nose-Hoover fixes call advance_drift() in place of their drift, with the spin of the half
   step (or advance_joined() for the whole first half in one pass), through core/
   (rrp_spheres_drift_turn, rrp_spheres_nh_first).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_SPHERE_TURN_H
#define LMP_RRP_SPHERE_TURN_H

#include <cstdio>
#include <vector>

#include "rrp/integrator.h"

namespace LAMMPS_NS {
class LAMMPS;
class Fix;
class FixRRPOrientation;

class RRPSphereTurn {
 public:
  RRPSphereTurn(LAMMPS *lmp, Fix *fix);
  // at the fix's constructor: the per-atom arrays it needs, an error naming those missing
  void require(bool radius, bool torque);
  // the inertia rule of the fix's spheres and the name of its per-atom vector (inertia atom
  // d_NAME), for the error naming an atom that cannot be stepped
  void inertia_is(const rrp_inertia *in, const char *name);
  void inertia_ratio(double c);    // J = c m r^2 (the Nose-Hoover fixes)
  // at the fix's post_constructor: the store of layout STORE (before restart data arrive)
  void post_constructor();
  // at init: the store still there, the one-integrator check, who writes data files; the ghost
  // orientations sent after each turn where the binder reads them (send_ghosts() may decide)
  void init();
  void send_ghosts(bool yes);
  // at setup: this run's count of fallbacks starts
  void setup();
  // at the end of a run: the fallbacks of the run, if any, in one warning
  void post_run();

  int layout() const { return layout_; }
  FixRRPOrientation *store() const { return store_; }
  // the views of the group's owned spheres (igroup: the fix's group, for LAMMPS's first group)
  rrp_spheres views(int igroup);

  // the drift x += h v and the turn, in one pass
  void advance_drift(double h, bool dipole);
  // the first half in one pass (rrp_spheres_nh_first: scaling, kicks, drift, turn)
  void advance_joined(const rrp_spheres &p, double c, double scale, double dtf, double h,
                      bool dipole);

  // a step's pieces for a fix that makes the step itself (fix rrp/nve and its KOKKOS twin):
  // the count the core adds its fallbacks to, and the warning after a pass that did
  long *counter() { return &fallbacks; }
  long count() const { return fallbacks; }
  void warn_since(long before);
  void add(long n);    // n more fallbacks (a parallel reduction's), warned
  // update dipole: the orientations before the turn, and each dipole turned after it
  void save_dipoles(const rrp_spheres &p);
  void turn_dipoles(const rrp_spheres &p);
  // the new orientations to the ghost atoms (layout STORE, where they are read)
  void forward();
  // a pass that could not step atom i (status of the core, h |w| = hw): the error naming it
  void step_error(int status, int i, double hw, double h);

  // write_data: the Orientations section, by the one fix rrp_orientation.h names
  void write_data_header(FILE *fp);
  void write_data_section_size(int &nx, int &ny);
  void write_data_section_pack(double **buf);
  void write_data_section_keyword(FILE *fp);
  void write_data_section(FILE *fp, int n, double **buf);

 private:
  LAMMPS *lmp;
  Fix *fix;
  int layout_;
  FixRRPOrientation *store_;
  bool comm_ghosts;    // the binder reads ghost orientations: send them after each turn
  long fallbacks, fallbacks_run;
  bool fallback_warned;
  const rrp_inertia *rule;    // the inertia rule (inertia_is, inertia_ratio)
  const char *inertia_name;
  rrp_inertia own_inertia;    // of inertia_ratio()
  std::vector<double> qold;
  enum Pass { DRIFT, JOINED };
  void pass(const rrp_spheres &p, Pass what, double c, double scale, double dtf, double h,
            bool dipole);
};

}    // namespace LAMMPS_NS

#endif
