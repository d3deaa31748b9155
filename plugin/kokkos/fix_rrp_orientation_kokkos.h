/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION/kk, the KOKKOS twin of fix RRP/ORIENTATION (the
   orientations of atom_style sphere, fix_rrp_orientation.h). The rows live in a Kokkos DualView;
   its host side is the per-atom array d2_rrp_quat, so every host style, restart and data file
   reads and writes the same rows as without KOKKOS. Host access goes through
   RRPOrientation::array (a sync of the host side, then, for writers, marked modified there);
   the KOKKOS styles take the device side with device_view(). Its style is RRP/ORIENTATION, the
   host store's, so restart files interchange with runs without KOKKOS. The rows migrate with
   their atoms and are sorted with them on the device (KOKKOS's exchange and sort, not the classic
   ones); ghost rows are sent after each reneighboring (post_neighbor), not with the borders,
   which KOKKOS would otherwise make on the host. They are sent (forward) through KOKKOS's device
   communication, packed and unpacked on the device's threads, also where LAMMPS sends a fix's
   rows with its classic host routines (builds without a GPU).
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_ORIENTATION_KOKKOS_H
#define LMP_FIX_RRP_ORIENTATION_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_orientation.h"
#include "kokkos_base.h"

namespace LAMMPS_NS {

class FixRRPOrientationKokkos : public FixRRPOrientation, public KokkosBase {
 public:
  FixRRPOrientationKokkos(class LAMMPS *, int, char **);
  ~FixRRPOrientationKokkos() override;
  void post_constructor() override;
  int setmask() override;
  void setup_post_neighbor() override;
  void post_neighbor() override;

  // KOKKOS's own exchange and sort of the atoms, on the device (no classic communication)
  int pack_exchange_kokkos(const int &nsend, DAT::tdual_xfloat_2d &k_buf,
                           DAT::tdual_int_1d k_sendlist, DAT::tdual_int_1d k_copylist,
                           ExecutionSpace space) override;
  void unpack_exchange_kokkos(DAT::tdual_xfloat_2d &k_buf, DAT::tdual_int_1d &indices, int nrecv,
                              int nrecv1, int nextrarecv1, ExecutionSpace space) override;
  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &Sorter) override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_border(int, int *, double *) override;
  int unpack_border(int, int, double *) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;

  // the owned rows to the ghost atoms, on the device (forward_comm_device of CommKokkos)
  void forward() override;
  int pack_forward_comm_kokkos(int n, DAT::tdual_int_1d k_sendlist, DAT::tdual_xfloat_1d &k_buf,
                               int pbc_flag, int *pbc) override;
  void unpack_forward_comm_kokkos(int n, int first, DAT::tdual_xfloat_1d &k_buf) override;

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
