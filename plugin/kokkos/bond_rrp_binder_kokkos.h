/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: bond_style rrp/binder/kk, the KOKKOS twin of bond_style rrp/binder
   (bond_rrp_binder.h). The host style's passes over blocks of bonds, with the gathering and the
   loads (the core's SIMD kernel) of many blocks at once on the threads of the host's execution
   space, then each block applied to the atoms in the bond list's order, as the host style does:
   the same operations in the same order, so the host style's bits on any number of threads.
   Captures of reference states, ruptures and their records, energies, virials, restart and data
   are the host style's. It runs on the host's memory (KOKKOS's host execution space: OpenMP or
   Threads, or Serial); the per-bond kernel of a GPU is not written yet.
------------------------------------------------------------------------- */

#ifndef LMP_BOND_RRP_BINDER_KOKKOS_H
#define LMP_BOND_RRP_BINDER_KOKKOS_H

#include "rrp_kokkos.h"

#include "bond_rrp_binder.h"

#include <vector>

namespace LAMMPS_NS {

class BondRRPBinderKokkos : public BondRRPBinder {
 public:
  BondRRPBinderKokkos(class LAMMPS *);
  void compute(int, int) override;
  void settings(int, char **) override;

 private:
  std::vector<Block> batch;    // blocks gathered and loaded by the threads at once
  std::vector<int> starts;     // the bond list entry each block starts from
  std::vector<int> captured;   // the captures of each block of the batch
};

}    // namespace LAMMPS_NS

#endif
