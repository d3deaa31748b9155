/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/wall/kk, the KOKKOS twin of fix rrp/wall (fix_rrp_wall.h): the Hertzian
   wall contact of each atom the core's inline kernel rrp_hertz_wall in a Kokkos kernel, the
   energy, the force on the wall and the global virial summed in it. Keywords, output, restart,
   the moving wall's work and a driven wall's motion (load, mass) are the host style's. A step
   that asks for per-atom virials (compute stress/atom), every step of a wall driven by a load
   (whose contact force is summed in the order of the atom IDs) and every step of a wall with
   friction (its per-atom contact histories live on the host) is made by the host style, with
   the same kernel.
------------------------------------------------------------------------- */

#ifndef LMP_FIX_RRP_WALL_KOKKOS_H
#define LMP_FIX_RRP_WALL_KOKKOS_H

#include "rrp_kokkos.h"

#include "fix_rrp_wall.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixRRPWallKokkos : public FixRRPWall {
 public:
  FixRRPWallKokkos(class LAMMPS *, int, char **);
  void post_force(int) override;
};

}    // namespace LAMMPS_NS

#endif
