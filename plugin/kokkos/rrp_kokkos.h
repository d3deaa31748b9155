/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: what the KOKKOS styles share. Included first by each of them, so that the core's
   inline kernels (rrp/kernel.h) are compiled for the device too: RRP_KERNEL is Kokkos's
   function specifier (host and device under CUDA).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_KOKKOS_H
#define LMP_RRP_KOKKOS_H

#include "kokkos_type.h"

#ifdef RRP_KERNEL
#error "rrp_kokkos.h must come before any header of the core (rrp/*.h)"
#endif
#define RRP_KERNEL static KOKKOS_INLINE_FUNCTION

namespace LAMMPS_NS {
namespace RRPKokkos {

  // the orientations, unit quaternions (w,x,y,z) of owned and ghost atoms, one row per atom
  // (rows contiguous: the host side's rows are atom->darray's d2_rrp_quat)
  typedef Kokkos::DualView<double *[4], Kokkos::LayoutRight, LMPDeviceType> tdual_quat;

}    // namespace RRPKokkos
}    // namespace LAMMPS_NS

#endif
