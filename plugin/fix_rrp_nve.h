/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve, the explicit variational integrator on rescaled Rodrigues
   parameters of Baker & Gonzalez (2021), maps (23), (25), (27), for finite-size spheres.
   Bookkeeping only: the maps are in core/ (rrp/integrator.h).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/nve,FixRRPNVE);
FixStyle(nve/sphere/rrp,FixRRPNVE);
FixStyle(nve/bpm/sphere/rrp,FixRRPNVE);
// clang-format on
#else

#ifndef LMP_FIX_RRP_NVE_H
#define LMP_FIX_RRP_NVE_H

#include "fix.h"

#include <string>

#include "rrp/integrator.h"
#include "rrp_clear.h"
#include "rrp_join.h"
#include "rrp_sphere_turn.h"

namespace LAMMPS_NS {

class FixRRPNVE : public Fix {
 public:
  FixRRPNVE(class LAMMPS *, int, char **);
  ~FixRRPNVE() override;
  int setmask() override;
  void post_constructor() override;
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void initial_integrate_respa(int, int, int) override;
  void final_integrate_respa(int, int) override;
  double memory_usage() override;

  void setup(int) override;
  void post_run() override;
  double compute_scalar() override;
  void pre_force(int) override;
  void *extract(const char *, int &) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void write_data_header(FILE *, int) override;
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;
  int pack_border(int, int *, double *) override;
  int unpack_border(int, int, double *) override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;

 protected:    // (the KOKKOS twin, FixRRPNVEKokkos, shares the bookkeeping)
  const rrp_scheme *scheme;
  rrp_inertia inertia_spec;
  char *inertia_name;      // inertia atom d_NAME: the per-atom vector of fix property/atom
  int inertia_index;       // its index among the atom's custom vectors
  bool inertia_warned;     // LAMMPS's sphere computes were warned about
  char *alpha_str[3];
  bool alpha_given;
  char *quat_str[4];
  bool quat_given;
  bool orient_pending;     // alpha or quat still to be applied (at the first init)
  int ghost_mode;          // GHOSTS_AUTO or GHOSTS_ALWAYS
  bool limit_stop;         // exact map past its limit: stop (limit stop) or take map (25)'s increment
  bool update_dipole;      // update dipole (or dipole/dlm): each dipole turns with its sphere
  bool send_quat;          // layout ATOM_QUAT, comm_modify vel no: this fix sends the quaternions
  bool forward_quat;       // ... and after each step, where a style reads them
  bool join;               // join a step's second half kick to the next step's first (keyword join)
  RRPJoin join_rule;       // when the second half may join the next step's first
  bool clear;              // clear the forces in place of the Verlet run (keyword clear)
  RRPClear clear_rule;     // whether it does, and the rows left to clear
  std::string clear_said;  // what the fix said last of who clears the forces
  double *step_respa;      // run_style respa: the step of each level
  RRPSphereTurn turn;      // the orientations, the fallback count, dipoles, step errors

  void parse_keywords(int narg, char **arg);
  int parse_inertia(int iarg, int narg, char **arg);
  void warn_inertia_computes();
  void init_clear();
  void init_ghosts();
  void advance_start(double h);     // kicks with this level's force and torque, drift, rotation
  void advance_end(double h);    // kicks only

  double **orientation() const;
  void set_alpha();
  void set_quat();
  void check_columns(char **strs, int n, const char *keyword);
  double **eval_columns(char **strs, int n, const char *keyword);
  void check_atoms();
  double inertia(int i) const;
  void find_inertia();
  rrp_spheres spheres(int nlocal);    // the core's views of the first nlocal atoms
};

}    // namespace LAMMPS_NS

#endif
#endif
