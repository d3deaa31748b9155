/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/wall, a rigid plane wall with the Hertzian particle-wall contact
   U = 2/5 K [1 - s/R]_+^{5/2} (Baker & Gonzalez 2021, sec. 4; doc/theory.rst section 3): at a
   fixed position, moved by an equal-style variable, or (keywords load, mass) a wall of mass M
   driven by an applied force against the contact forces, advanced by velocity Verlet; optionally
   with friction (rrp/friction.h: the tangential, rolling and twisting springs of LAMMPS's fix
   wall/gran), one contact history per atom.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/wall,FixRRPWall);
// clang-format on
#else

#ifndef LMP_FIX_RRP_WALL_H
#define LMP_FIX_RRP_WALL_H

#include "fix.h"

#include "rrp/contact.h"
#include "rrp/friction.h"

#include <vector>

namespace LAMMPS_NS {

class FixRRPWall : public Fix {
 public:
  FixRRPWall(class LAMMPS *, int, char **);
  ~FixRRPWall() override;
  int setmask() override;
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void setup(int) override;
  void min_setup(int) override;
  void post_force(int) override;
  void post_force_respa(int, int, int) override;
  void min_post_force(int) override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  void *extract(const char *, int &) override;

  // the contacts' histories (with friction), per atom as fix wall/gran keeps them
  double memory_usage() override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;

  // data files (with friction): a header line "rrp-lammps wall contacts: fix ID, N atoms of 24
  // values, works W1 W2 W3 W4; ..." and a section WallContacts, for each atom whose history is
  // not zero "ID" and its values, at most FixRRPReadData::WALL_PER_LINE to a line; rrp/read_data keeps them
  // until a fix rrp/wall of the same ID takes them (at its creation)
  void post_run() override;
  void write_data_header(FILE *, int) override;
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;

 protected:    // (and the KOKKOS twin's)
  int ilevel_respa = 0;    // run_style respa: the level of its force
  int dim, side;    // axis 0,1,2; +1 for a lo wall (atoms above it), -1 for a hi wall
  double coord, kpw;
  char *coord_var;    // v_name: the wall moves with an equal-style variable, or nullptr
  int coord_index;
  // a wall driven by a load (keywords load, mass): the applied force F (toward the atoms; a
  // number or an equal-style variable), the wall's mass, velocity along the axis, and the net
  // force on it side * (F - contact force), the same on every rank
  // driven: DRIVEN_MASS, a wall of mass M moved by F - the contact force (velocity Verlet);
  // DRIVEN_SERVO, a wall stepped toward the position where the contact force is F (keywords
  // servo ALPHA vmax V; velocity is then its last step over dt)
  enum { DRIVEN_MASS = 1, DRIVEN_SERVO = 2 };
  int driven;
  double load, mass, velocity, net_force, dtv, dtf;
  double alpha, vmax;    // the servo's fraction of the force error per step, its top speed
  double stiffness;      // a servo wall's contact stiffness (summed over its contacts and ranks)
  char *load_var;
  int load_index;
  rrp_wall_work load_work;    // the work of the applied force on the wall (trapezoid)
  // a driven wall's contacts: ID, force, stiffness
  struct Touch {
    tagint tag;
    double force, stiffness;
    bool operator<(const Touch &o) const { return tag < o.tag; }
  };
  std::vector<Touch> touching;
  double local[3], total[3];    // energy, force on the atoms along the normal, stiffness
  int reduced;
  // a moving wall's work on the atoms: sum over steps of dU/dcoord (trapezoid) times the step
  // of coord, with dU/dcoord = side * force
  rrp_wall_work wall_work;
  bigint last_step;

  // friction (keywords friction, rolling, twisting, contact): the law, the contact point, each
  // atom's contact history (rrp/friction.h's values, then 1 while it touches the wall), and the
  // works dissipated by slip, rolling, twisting and the exchange so far, over all ranks
  static constexpr int NHISTORY = RRP_FRICTION_HISTORY + 1;
  bool friction;
  rrp_friction law;
  int contact_point;
  double **history;
  double friction_work[4];
  bigint nwrite;    // atoms with a history (over all ranks), counted at init and a run's end
  bool writes(int i) const;
  void count_histories();
  void take_data();    // a data file's histories of this ID (rrp/read_data)

  void update_coord();
  void update_load();
  void reduce();
  bool host_variables() const { return coord_var || load_var; }
  void step_done();    // after the contact forces: the work tallies, a driven wall's net force
  void tally_normal(tagint tag, double radius, double s, double force);
  void ordered_sum();    // this rank's contact force, stiffness of `touching` by ID order
  void post_force_friction();    // the contacts with friction (post_force's loop)
  double wall_speed() const;     // the wall's velocity along its normal this step
};

}    // namespace LAMMPS_NS

#endif
#endif
