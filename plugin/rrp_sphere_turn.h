/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: what a time-integrating fix needs to turn its spheres' orientations by the RRP
   map when another scheme (LAMMPS's Nose-Hoover fixes) makes the kicks, the thermostat and
   barostat scalings. The fix calls advance_drift() in place of its drift, with the spin of the
   half step (or advance_joined() for the whole first half in one pass): each orientation of the
   group turns by map (23)'s increment D(h, Omega), or map (25)'s where h |Omega| >= 1 (counted,
   warned once a run, reported at its end), through core/ (rrp_spheres_drift_turn,
   rrp_spheres_nh_first). The orientation is the one every rrp style sees
   (rrp_orientation.h: atom_style bpm/sphere's quat, or the store of atom_style sphere), which it
   sends to the ghost atoms when bond_style rrp/binder reads them there.
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
  // at the fix's post_constructor: the store of layout STORE (before restart data arrive)
  void post_constructor();
  // at init: the store, the one-integrator check, who sends the ghosts, who writes data files
  void init();
  // at setup: this run's count of fallbacks starts
  void setup();
  // the views of the group's owned spheres (igroup: the fix's group, for LAMMPS's first group)
  rrp_spheres views(int igroup);
  // the drift x += h v and the turn, in one pass
  void advance_drift(double h, bool dipole);
  // the first half in one pass (rrp_spheres_nh_first: scaling, kicks, drift, turn)
  void advance_joined(const rrp_spheres &p, double c, double scale, double dtf, double h,
                      bool dipole);
  // at the end of a run: the fallbacks of the run, if any, in one warning
  void post_run();
  // write_data: the Orientations section, by the one fix rrp_orientation.h names
  void write_data_header(FILE *fp);
  void write_data_section_size(int &nx, int &ny);
  void write_data_section_pack(double **buf);
  void write_data_section_keyword(FILE *fp);
  void write_data_section(FILE *fp, int n, double **buf);

 private:
  LAMMPS *lmp;
  Fix *fix;
  int layout;
  FixRRPOrientation *store;
  bool comm_ghosts;    // the binder reads ghost orientations: send them after each turn
  long fallbacks, fallbacks_run;
  bool fallback_warned;
  std::vector<double> qold;
  enum Pass { DRIFT, JOINED };
  void pass(const rrp_spheres &p, Pass what, double c, double scale, double dtf, double h,
            bool dipole);
};

}    // namespace LAMMPS_NS

#endif
