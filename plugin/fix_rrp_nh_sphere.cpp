/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nvt/sphere, rrp/npt/sphere, rrp/nph/sphere. See doc/fix_rrp_nh_sphere.rst.
   LAMMPS's FixNHSphere fixes with the RRP turn (fix_rrp_nh_sphere.h, rrp_sphere_turn.h).
------------------------------------------------------------------------- */

#include "fix_rrp_nh_sphere.h"

namespace LAMMPS_NS {
template class FixRRPNHSphere<FixNVTSphere>;
template class FixRRPNHSphere<FixNPTSphere>;
template class FixRRPNHSphere<FixNPHSphere>;
}    // namespace LAMMPS_NS
