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

  // Cuts of [cut[0], cut[n]) into n runs (one a thread) such that each takes the same time:
  // run t took seconds[t] (over the same steps), its cost taken as uniform along it. Moves the
  // cuts and returns true when the slowest run took more than tol over the mean (else leaves
  // them). The runs' results do not depend on the cuts (sums in order), only their balance does.
  inline bool balance_cuts(int n, int *cut, const double *seconds, double tol)
  {
    double total = 0.0, slowest = 0.0;
    for (int t = 0; t < n; t++) {
      total += seconds[t];
      if (seconds[t] > slowest) slowest = seconds[t];
    }
    if (n < 2 || !(total > 0.0) || slowest <= (1.0 + tol) * total / n) return false;
    int old[65];
    if (n > 64) return false;
    for (int t = 0; t <= n; t++) old[t] = cut[t];
    // walk the runs with the cost gathered so far; cut k falls where it reaches k/n of the total
    int t = 0;
    double before = 0.0;    // the cost of runs 0 .. t-1
    for (int k = 1; k < n; k++) {
      const double want = total * k / n;
      while (t < n - 1 && before + seconds[t] < want) before += seconds[t++];
      const int len = old[t + 1] - old[t];
      const double frac = seconds[t] > 0.0 ? (want - before) / seconds[t] : 0.0;
      int c = old[t] + (int) (frac * len + 0.5);
      if (c < cut[k - 1]) c = cut[k - 1];
      if (c > old[n]) c = old[n];
      cut[k] = c;
    }
    return true;
  }

}    // namespace RRPKokkos
}    // namespace LAMMPS_NS

#endif
