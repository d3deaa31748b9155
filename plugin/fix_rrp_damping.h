/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/damping, viscous or Cundall damping of translation and rotation for
   quasi-static loading, with its dissipated work tallied (a global scalar LAMMPS counts in
   ecouple, so that econserve stays constant). The loads and the work are rrp/damping.h's.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/damping,FixRRPDamping);
// clang-format on
#else

#ifndef LMP_FIX_RRP_DAMPING_H
#define LMP_FIX_RRP_DAMPING_H

#include "fix.h"

#include "rrp/damping.h"

#include <vector>

namespace LAMMPS_NS {

class FixRRPDamping : public Fix {
 public:
  FixRRPDamping(class LAMMPS *, int, char **);
  ~FixRRPDamping() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void post_force(int) override;
  void post_force_respa(int, int, int) override;
  void end_of_step() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  void grow_arrays(int) override;
  void set_arrays(int) override;
  void copy_arrays(int, int, int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  double memory_usage() override;

 private:
  rrp_damping damping;
  int ilevel_respa = 0;
  // per atom: the velocity and angular velocity the last step's load was computed from (the
  // half-step ones), then the full-step ones (NSAVED values); they travel with the atom and go
  // into restart files, so that a run's set-up computes the loads of the step it starts from as
  // an uninterrupted run did (LAMMPS's damping fixes take the full-step velocities)
  static constexpr int NSAVED = 12;
  double **saved;
  int nmax_saved = 0;          // rows of saved that have been set
  bigint saved_step;           // the step of the saved loads
  bool reuse = false;          // set-up: the saved velocities of the load, where they are still current
  std::vector<double> load;    // this step's damping force and torque of each local atom (6 each)
  double work[2];              // this rank's dissipated work so far: translation, rotation
  double last_power[2];        // this rank's power of the last step (full-step velocities)
  double total[2];             // all ranks' work (at the last reduction)
  bigint reduced_step;

  void power(double p[2]) const;
  void reduce();
};

}    // namespace LAMMPS_NS

#endif
#endif
