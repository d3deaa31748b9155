/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the KOKKOS twins of the per-atom force fixes: fix rrp/gravity/kk (the lever-arm
   field, rrp_lever_field) and fix rrp/wall/kk (the Hertzian wall, rrp_hertz_wall), each atom the
   core's inline kernel in a Kokkos kernel, energies and forces summed in it. Keywords, output,
   restart and the moving wall's work are the host styles'. A run that asks for per-atom virials
   (compute stress/atom) has the wall's step made by the host style, with the same kernel.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_FIELD_KOKKOS_H
#define LMP_FIX_RRP_FIELD_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_gravity.h"
#include "fix_rrp_wall.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixRRPGravityKokkos : public FixRRPGravity {
 public:
  FixRRPGravityKokkos(class LAMMPS *, int, char **);
  void post_constructor() override;
  void post_force(int) override;
};

template <class DeviceType> class FixRRPWallKokkos : public FixRRPWall {
 public:
  FixRRPWallKokkos(class LAMMPS *, int, char **);
  void post_constructor() override;
  void post_force(int) override;
};

}    // namespace LAMMPS_NS

#endif
