/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION/kk, the KOKKOS twin of fix RRP/ORIENTATION (the
   orientations of atom_style sphere, fix_rrp_orientation.h). The rows live in a Kokkos DualView;
   its host side is the per-atom array d2_rrp_quat, so every host style, restart and data file
   reads and writes the same rows as without KOKKOS. Host access goes through
   RRPOrientation::array (a sync of the host side, then, for writers, marked modified there);
   the KOKKOS styles take the device side with device_view(). Its style is RRP/ORIENTATION, so
   restart files interchange with runs without KOKKOS.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_ORIENTATION_KOKKOS_H
#define LMP_FIX_RRP_ORIENTATION_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_orientation.h"

namespace LAMMPS_NS {

class FixRRPOrientationKokkos : public FixRRPOrientation {
 public:
  FixRRPOrientationKokkos(class LAMMPS *, int, char **);
  ~FixRRPOrientationKokkos() override;
  void post_constructor() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_border(int, int *, double *) override;
  int unpack_border(int, int, double *) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;

  void host_access(bool write) override;
  bool kokkos() const override { return true; }

  // the rows on the device side, current; write: the caller writes them (marked modified there)
  template <class DeviceType> auto device_view(bool write)
  {
    k_quat.sync<DeviceType>();
    if (write) k_quat.modify<DeviceType>();
    return k_quat.view<DeviceType>();
  }

  RRPKokkos::tdual_quat k_quat;
};

}    // namespace LAMMPS_NS

#endif
