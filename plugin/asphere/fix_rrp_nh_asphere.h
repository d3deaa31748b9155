/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nvt/asphere, rrp/npt/asphere, rrp/nph/asphere (also spelled
   nvt/asphere/rrp, npt/asphere/rrp, nph/asphere/rrp, which `-sf rrp` selects). LAMMPS's fix
   nvt/asphere, npt/asphere and nph/asphere (ASPHERE package), every keyword of them, with each
   ellipsoid's free turn of the step made by the variational general-inertia map (core
   rrp_bodies_turn: the Legendre relation with the thermostatted angular momentum held over the
   drift) in place of Richardson iteration. The kicks, the thermostat and barostat scalings of
   v and angmom, x, and ecouple are LAMMPS's. See doc/fix_rrp_nh_asphere.rst.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/nvt/asphere,FixRRPNVTAsphere);
FixStyle(nvt/asphere/rrp,FixRRPNVTAsphere);
FixStyle(rrp/npt/asphere,FixRRPNPTAsphere);
FixStyle(npt/asphere/rrp,FixRRPNPTAsphere);
FixStyle(rrp/nph/asphere,FixRRPNPHAsphere);
FixStyle(nph/asphere/rrp,FixRRPNPHAsphere);
// clang-format on
#else

#ifndef LMP_FIX_RRP_NH_ASPHERE_H
#define LMP_FIX_RRP_NH_ASPHERE_H

#include "fix_nph_asphere.h"
#include "fix_npt_asphere.h"
#include "fix_nvt_asphere.h"

namespace LAMMPS_NS {

// Base: LAMMPS's FixNVTAsphere, FixNPTAsphere or FixNPHAsphere
template <class Base> class FixRRPNHAsphere : public Base {
 public:
  FixRRPNHAsphere(class LAMMPS *lmp, int narg, char **arg);
  void init() override;

 protected:
  // FixNH's drift of the positions, then each ellipsoid's turn by the map
  void nve_x() override;
};

class FixRRPNVTAsphere : public FixRRPNHAsphere<FixNVTAsphere> {
 public:
  using FixRRPNHAsphere<FixNVTAsphere>::FixRRPNHAsphere;
};
class FixRRPNPTAsphere : public FixRRPNHAsphere<FixNPTAsphere> {
 public:
  using FixRRPNHAsphere<FixNPTAsphere>::FixRRPNHAsphere;
};
class FixRRPNPHAsphere : public FixRRPNHAsphere<FixNPHAsphere> {
 public:
  using FixRRPNHAsphere<FixNPHAsphere>::FixRRPNHAsphere;
};

}    // namespace LAMMPS_NS

#endif
#endif
