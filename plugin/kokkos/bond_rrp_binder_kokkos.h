/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: bond_style rrp/binder/kk, the KOKKOS twin of bond_style rrp/binder
   (bond_rrp_binder.h). The host style's passes over blocks of bonds (gathered, loaded by the
   core's SIMD kernel, applied to the atoms) on the threads of the host's execution space: the
   bond list in the host's order and cut into one run a thread, each atom's sums taken in the
   host's order (bond_rrp_binder_kokkos.cpp), so the host style's bits on any number of threads.
   Captures of reference states, ruptures and their records, energies, virials, restart and data
   are the host style's. It runs on the host's memory (KOKKOS's host execution space: OpenMP or
   Threads, or Serial), also in a LAMMPS built for a GPU; the per-bond kernel of a GPU is not
   written yet, and bond_style rrp/binder/kk/device is refused with an error that says so.
------------------------------------------------------------------------- */

#ifndef LMP_BOND_RRP_BINDER_KOKKOS_H
#define LMP_BOND_RRP_BINDER_KOKKOS_H

#include "rrp_kokkos.h"

#include "bond_rrp_binder.h"

#include <array>
#include <vector>

namespace LAMMPS_NS {

class BondRRPBinderKokkos : public BondRRPBinder {
 public:
  BondRRPBinderKokkos(class LAMMPS *);
  void compute(int, int) override;
  void init_style() override;
  void settings(int, char **) override;
  // the creator of bond_style rrp/binder/kk/device: an error, the style runs on the host
  static void *refuse_device(void *lmp);

 private:
  std::vector<Block> batch;    // blocks gathered and loaded by the threads at once
  std::vector<int> starts;     // the bond list entry each block starts from
  std::vector<int> captured;   // the captures of each block of the batch
  std::vector<std::array<int, 3>> rows;    // the bond list, sorted into the host's order
  void host_order();
  int batches(double **quat);    // (these two return the captures their gathers made)
  // runs(): the first run to touch each atom; per run (a thread), its entries of the bond list,
  // its block, its later forces and torques, its breaks and its first half-turn warning
  int runs(int nthreads, double **quat);
  std::vector<int> first;
  std::vector<int> cuts;     // the runs' first entries of the bond list (and its end)
  int since_balance = 0;     // steps since the runs' times were looked at
  bigint list_step = -1;                   // the step the bond list was made on (lastcall)
  bool plan_stale = true;                  // the bond list was made again since the runs were cut
  int plan_bonds = -1, plan_atoms = -1;    // the list the runs were cut from
  struct Later {
    int atom;
    double load[6];
  };
  struct Break {
    int i, j, bond, mode;
    double energy;
    rrp_binder_load load;
  };
  struct alignas(128) Run {    // (cache lines of its own: each thread fills one)
    int begin = 0, end = 0, captured = 0;
    double seconds = 0.0;    // its time since the last look
    Block block;
    std::vector<Later> later;
    std::vector<Break> breaks;
    int twist = -1, twist_i = 0, twist_j = 0;
    double twist_angle = 0.0;
  };
  std::vector<Run> run;
};

}    // namespace LAMMPS_NS

#endif
