/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/gravity/kk, the KOKKOS twin of fix rrp/gravity (fix_rrp_gravity.h): the
   lever-arm field on each atom the core's inline kernel rrp_lever_field in a Kokkos kernel, the
   energy summed in it, the orientations read from fix RRP/ORIENTATION/kk's view. Keywords and
   output are the host style's; where the orientations are kept elsewhere (a host fix rrp/nve made
   the store), the host style's loop makes the step.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_GRAVITY_KOKKOS_H
#define LMP_FIX_RRP_GRAVITY_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_gravity.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixRRPGravityKokkos : public FixRRPGravity {
 public:
  FixRRPGravityKokkos(class LAMMPS *, int, char **);
  void setup(int) override;
  void min_setup(int) override;
  void post_force(int) override;
};

}    // namespace LAMMPS_NS

#endif
