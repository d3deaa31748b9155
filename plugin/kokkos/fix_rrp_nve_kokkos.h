/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve/kk, the KOKKOS twin of fix rrp/nve (fix_rrp_nve.h) for atom_style
   sphere (or hybrid sphere ...): the same maps, each sphere's half step the core's inline
   kernel (rrp/sphere_kernel.h) in a Kokkos kernel, the orientations in fix RRP/ORIENTATION/kk's
   view. The bookkeeping (keywords, checks, restart and data records, output) is fix rrp/nve's.
   It keeps its name, rrp/nve/kk (info fixes, the log); under -sf kk LAMMPS writes its restart
   record as rrp/nve's, so that restart files interchange with runs without KOKKOS.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_NVE_KOKKOS_H
#define LMP_FIX_RRP_NVE_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_nve.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixRRPNVEKokkos : public FixRRPNVE {
 public:
  FixRRPNVEKokkos(class LAMMPS *, int, char **);
  void post_constructor() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void final_integrate() override;
  int modify_param(int, char **) override;

 private:
  // the device's memory is the host's (Serial, OpenMP, Threads): each thread runs the core's
  // blocked loops on a chunk of the atoms; else (a GPU) a kernel per atom
  static constexpr bool on_host =
      std::is_same_v<typename DeviceType::memory_space, Kokkos::HostSpace>;
  bool per_atom;    // fix_modify kernel atom: the per-atom kernel on the host too
  rrp_spheres host_views(const typename RRPKokkos::tdual_quat::t_dev &q, int n);
  class FixRRPOrientationKokkos *store_kk;
  bool said_kokkos;    // the log line that the /kk style runs (once)
  void sync_output();
};

}    // namespace LAMMPS_NS

#endif
