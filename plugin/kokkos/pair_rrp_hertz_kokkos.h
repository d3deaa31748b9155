/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz/kk, the KOKKOS twin of pair_style rrp/hertz
   (pair_rrp_hertz.h): each pair's law the core's inline kernel rrp_hertz_pair_factor in a Kokkos
   kernel over the neighbor list (half, half/thread or full, as -pk kokkos neigh sets it), with
   energies and virials tallied in the kernel. Coefficients, restart and data records, single()
   are the host style's.
------------------------------------------------------------------------- */

#ifndef LMP_PAIR_RRP_HERTZ_KOKKOS_H
#define LMP_PAIR_RRP_HERTZ_KOKKOS_H

#include "rrp_kokkos.h"

#include "pair_rrp_hertz.h"

#include <Kokkos_ScatterView.hpp>

namespace LAMMPS_NS {

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
  // the per-thread copies of the forces for half/thread lists on OpenMP, kept from one
  // computation to the next (zeroed, not allocated, each time)
  Kokkos::Experimental::ScatterView<F_FLOAT *[3], typename DAT::t_f_array::array_layout,
                                    typename KKDevice<DeviceType>::value,
                                    Kokkos::Experimental::ScatterSum,
                                    NeedDup_v<HALFTHREAD, DeviceType>>
      dup_f;
  int dup_rows;    // the rows of dup_f (those of the forces when it was made)
  template <int NEIGHFLAG, int NEWTON, int EVFLAG> void launch(int inum, struct RRPHertzSums &s);
};

}    // namespace LAMMPS_NS

#endif
