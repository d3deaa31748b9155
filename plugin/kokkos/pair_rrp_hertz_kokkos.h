/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz/kk, the KOKKOS twin of pair_style rrp/hertz
   (pair_rrp_hertz.h): each pair's law the core's inline kernel rrp_hertz_pair_factor in a Kokkos
   kernel over the neighbor list (half, half/thread or full, as -pk kokkos neigh sets it), with
   energies and virials tallied in the kernel. Coefficients, restart and data records, single()
   are the host style's. With friction: the host style's neighbor list and contact histories
   (fix NEIGH_HISTORY), each contact's law on the host's threads, the loads applied in the list's
   order (pair_rrp_hertz_kokkos.cpp).
------------------------------------------------------------------------- */

#ifndef LMP_PAIR_RRP_HERTZ_KOKKOS_H
#define LMP_PAIR_RRP_HERTZ_KOKKOS_H

#include "rrp_kokkos.h"

#include "pair_rrp_hertz.h"

#include <Kokkos_ScatterView.hpp>

#include <vector>

namespace LAMMPS_NS {

// what the kernel sums over the pairs: energy, virial, and the first pair (lowest i) it could
// not evaluate, with its status
struct RRPHertzSums {
  double evdwl;
  double v[6];
  int bad_i, bad_j, status;
};

template <class DeviceType> class PairRRPHertzKokkos : public PairRRPHertz {
 public:
  PairRRPHertzKokkos(class LAMMPS *);
  ~PairRRPHertzKokkos() override;
  void compute(int, int) override;
  void init_style() override;
  double init_one(int, int) override;

 private:
  int neighflag;
  bool kpp_changed;    // the host's coefficients, copied to the view at the next compute
  typename ArrayTypes<DeviceType>::tdual_ffloat_2d k_kpp;
  DAT::tdual_efloat_1d k_eatom;
  DAT::tdual_virial_array k_vatom;
  // the ordered path on the host (pair_rrp_hertz_kokkos.cpp): the runs of the list, the first
  // run to touch each atom, each run's list of later forces (atom, force) and its sums
  Kokkos::View<int *, DeviceType> first, bounds, dstart, dused, didx;
  Kokkos::View<double *[3], DeviceType> dval;
  Kokkos::View<RRPHertzSums *, DeviceType> csum;
  bigint plan_step;            // the list the plan was made for: its step (lastcall), its size
  int plan_inum, plan_nall;
  template <class Kernel> void ordered(Kernel &k, int inum);
  template <int NEIGHFLAG, int NEWTON, int EVFLAG> void launch(int inum, RRPHertzSums &s);

  // friction: what each contact (or a contact's end) gives, made on a thread and applied after,
  // in the list's order: loads (scaled by the special factor), works (by their share), energy
  // what each thread's run of the list gives (rrp_friction_sweep.h), and where it stopped
  struct FrictionFault {
    RRPFrictionFault kind = RRPFrictionFault::NONE;
    int i = 0, j = 0;
  };
  std::vector<std::vector<RRPFrictionPair>> friction_runs;    // one a thread, its run of the list
  std::vector<FrictionFault> friction_faults;
  std::vector<std::unique_ptr<RRPFrictionSweep>> friction_sweeps;
  std::vector<int> friction_cuts;
  void compute_friction_threads(int eflag);
};

}    // namespace LAMMPS_NS

#endif
