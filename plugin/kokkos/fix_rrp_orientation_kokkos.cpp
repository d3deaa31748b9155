/* ----------------------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION/kk (see fix_rrp_orientation_kokkos.h). The host
   paths are the host fix's, with the view's host side synced first and marked modified after a
   write.
------------------------------------------------------------------------- */

#include "fix_rrp_orientation_kokkos.h"

#include "atom.h"
#include "atom_masks.h"
#include "comm_kokkos.h"
#include "memory.h"
#include "memory_kokkos.h"
#include "rrp_register.h"

using namespace LAMMPS_NS;
using namespace FixConst;

static constexpr int NQUAT = 4;

FixRRPOrientationKokkos::FixRRPOrientationKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPOrientation(lmp, narg, arg, false)
{
  kokkosable = 1;
  execution_space = Device;
  exchange_comm_device = sort_device = forward_comm_device = 1;
  maxexchange = 1 + NQUAT;    // the offset of the atom's values, then its quaternion
  comm_border = 0;
  // its hooks (post_neighbor) send its own rows to the ghost atoms: no array of the atoms read or
  // written (the rows move with the atoms in the hooks of exchange and sort, which sync them)
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
  RRPRegister::set_name(style, RRPOrientation::STORE_FIX_STYLE);    // (see post_constructor)
  // the rows atom->add_custom made, replaced by the host side of the view (identity rows)
  memory->destroy(atom->darray[index]);
  memoryKK->create_kokkos(k_quat, atom->darray[index], atom->nmax, "rrp:quat");
  for (int i = 0; i < atom->nmax; i++) FixRRPOrientation::set_arrays(i);
  k_quat.modify_host();
}

/* an internal fix, named as the host's store, RRP/ORIENTATION, also when LAMMPS names it
   RRP/ORIENTATION/kk after the constructor (-sf kk): LAMMPS matches a per-atom restart record to
   a fix by its exact style (Modify::add_fix), so the rows a run writes under KOKKOS are read by a
   run without it, and the other way round */

void FixRRPOrientationKokkos::post_constructor()
{
  RRPRegister::set_name(style, RRPOrientation::STORE_FIX_STYLE);
}

FixRRPOrientationKokkos::~FixRRPOrientationKokkos()
{
  if (copymode) return;
  // the view frees the rows; the host fix's destructor then removes the emptied array
  if (index >= 0) memoryKK->destroy_kokkos(k_quat, atom->darray[index]);
}

int FixRRPOrientationKokkos::setmask()
{
  return POST_NEIGHBOR;
}

/* the ghost atoms' rows, after the borders made them (KOKKOS on the device) */

void FixRRPOrientationKokkos::setup_post_neighbor()
{
  forward();
}

void FixRRPOrientationKokkos::post_neighbor()
{
  forward();
}

/* ----------------------------------------------------------------------
   exchange on the device, in the layout of CommKokkos::exchange_device: for the k-th atom sent,
   buf[k] is the offset of its values (counted from the buffer's start), which follow the nsend
   offsets; an atom that moves into a sent atom's place (copylist) takes its row here
------------------------------------------------------------------------- */

int FixRRPOrientationKokkos::pack_exchange_kokkos(const int &nsend, DAT::tdual_xfloat_2d &k_buf,
                                                  DAT::tdual_int_1d k_sendlist,
                                                  DAT::tdual_int_1d k_copylist,
                                                  ExecutionSpace /*space*/)
{
  k_quat.sync_device();
  k_buf.sync_device();
  k_sendlist.sync_device();
  k_copylist.sync_device();
  auto q = k_quat.d_view;
  auto sendlist = k_sendlist.d_view;
  auto copylist = k_copylist.d_view;
  DAT::t_xfloat_1d_um buf(k_buf.d_view.data(), k_buf.extent(0) * k_buf.extent(1));
  const int n = nsend;
  // the values of every sent atom first, then the holes filled: a copy source may itself be sent
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPDeviceType>(0, n), KOKKOS_LAMBDA(const int k) {
    const int i = sendlist(k);
    const int m = n + NQUAT * k;
    buf(k) = d_ubuf(m).d;
    for (int c = 0; c < NQUAT; c++) buf(m + c) = q(i, c);
  });
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPDeviceType>(0, n), KOKKOS_LAMBDA(const int k) {
    const int i = sendlist(k), j = copylist(k);
    if (j > -1)
      for (int c = 0; c < NQUAT; c++) q(i, c) = q(j, c);
  });
  k_quat.modify_device();
  return n * (1 + NQUAT);
}

void FixRRPOrientationKokkos::unpack_exchange_kokkos(DAT::tdual_xfloat_2d &k_buf,
                                                     DAT::tdual_int_1d &k_indices, int nrecv,
                                                     int nrecv1, int nextrarecv1,
                                                     ExecutionSpace /*space*/)
{
  k_quat.sync_device();
  auto q = k_quat.d_view;
  auto indices = k_indices.d_view;
  DAT::t_xfloat_1d_um buf(k_buf.d_view.data(), k_buf.extent(0) * k_buf.extent(1));
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPDeviceType>(0, nrecv), KOKKOS_LAMBDA(const int k) {
    const int index = indices(k);
    if (index < 0) return;
    int m = (int) d_ubuf(buf(k)).i;
    if (k >= nrecv1) m = nextrarecv1 + (int) d_ubuf(buf(nextrarecv1 + k - nrecv1)).i;
    for (int c = 0; c < NQUAT; c++) q(index, c) = buf(m + c);
  });
  k_quat.modify_device();
}

void FixRRPOrientationKokkos::sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &Sorter)
{
  k_quat.sync_device();
  Sorter.sort(LMPDeviceType(), k_quat.d_view);
  k_quat.modify_device();
}

/* ----------------------------------------------------------------------
   the owned rows to the ghost atoms through CommKokkos's device path. On a build without a GPU
   LAMMPS sends a fix's rows with the classic host routines (forward_fix_comm_classic, set by
   KokkosLMP), one thread packing them: the flag is lifted for this call only, so the rows are
   packed and unpacked on the device's threads, the same values in the same places. Another
   communication style (comm_style tiled: CommTiledKokkos) takes the host fix's path
------------------------------------------------------------------------- */

void FixRRPOrientationKokkos::forward()
{
  auto *kk = dynamic_cast<CommKokkos *>(comm);
  if (!kk) {
    FixRRPOrientation::forward();
    return;
  }
  const bool classic = kk->forward_fix_comm_classic;
  kk->forward_fix_comm_classic = false;
  comm->forward_comm(this);
  kk->forward_fix_comm_classic = classic;
}

int FixRRPOrientationKokkos::pack_forward_comm_kokkos(int n, DAT::tdual_int_1d k_sendlist,
                                                      DAT::tdual_xfloat_1d &k_buf,
                                                      int /*pbc_flag*/, int * /*pbc*/)
{
  k_quat.sync_device();
  auto q = k_quat.d_view;
  auto list = k_sendlist.view<LMPDeviceType>();
  auto buf = k_buf.view<LMPDeviceType>();
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPDeviceType>(0, n), KOKKOS_LAMBDA(const int k) {
    const int i = list(k);
    for (int c = 0; c < NQUAT; c++) buf(NQUAT * k + c) = q(i, c);
  });
  return NQUAT * n;
}

void FixRRPOrientationKokkos::unpack_forward_comm_kokkos(int n, int first,
                                                         DAT::tdual_xfloat_1d &k_buf)
{
  k_quat.sync_device();
  auto q = k_quat.d_view;
  auto buf = k_buf.view<LMPDeviceType>();
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPDeviceType>(0, n), KOKKOS_LAMBDA(const int k) {
    for (int c = 0; c < NQUAT; c++) q(first + k, c) = buf(NQUAT * k + c);
  });
  k_quat.modify_device();
}

void FixRRPOrientationKokkos::host_access(bool write)
{
  k_quat.sync_host();
  if (write) k_quat.modify_host();
}

void FixRRPOrientationKokkos::grow_arrays(int nmax)
{
  k_quat.sync_host();
  memoryKK->grow_kokkos(k_quat, atom->darray[index], nmax, "rrp:quat");
  k_quat.modify_host();
}

void FixRRPOrientationKokkos::copy_arrays(int i, int j, int delflag)
{
  host_access(true);
  FixRRPOrientation::copy_arrays(i, j, delflag);
}

void FixRRPOrientationKokkos::set_arrays(int i)
{
  host_access(true);
  FixRRPOrientation::set_arrays(i);
}

int FixRRPOrientationKokkos::pack_border(int n, int *list, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_border(n, list, buf);
}

int FixRRPOrientationKokkos::unpack_border(int n, int first, double *buf)
{
  host_access(true);
  return FixRRPOrientation::unpack_border(n, first, buf);
}

int FixRRPOrientationKokkos::pack_exchange(int i, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_exchange(i, buf);
}

int FixRRPOrientationKokkos::unpack_exchange(int nlocal, double *buf)
{
  host_access(true);
  return FixRRPOrientation::unpack_exchange(nlocal, buf);
}

int FixRRPOrientationKokkos::pack_restart(int i, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_restart(i, buf);
}

void FixRRPOrientationKokkos::unpack_restart(int nlocal, int nth)
{
  host_access(true);
  FixRRPOrientation::unpack_restart(nlocal, nth);
}

// (the classic forward communication is the host fix's: it calls pack_border and unpack_border,
// which sync the host rows)
