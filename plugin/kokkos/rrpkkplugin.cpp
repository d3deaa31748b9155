/* ----------------------------------------------------------------------
   rrp-lammps: registers the styles of rrpplugin.so and their KOKKOS twins with a LAMMPS built
   with KOKKOS. Load with:  plugin load /path/to/rrpkkplugin.so  (in place of rrpplugin.so), run
   with -k on t N -sf kk, or name the /kk styles. A /kk style keeps its name (info fixes, the log),
   as LAMMPS's KOKKOS styles do.
------------------------------------------------------------------------- */

#include "rrp_kokkos.h"

#include "rrp_register.h"

#include "bond_rrp_binder_kokkos.h"
#include "fix_rrp_gravity_kokkos.h"
#include "fix_rrp_nve_kokkos.h"
#include "fix_rrp_orientation_kokkos.h"
#include "fix_rrp_wall_kokkos.h"
#include "pair_rrp_hertz_kokkos.h"

using namespace LAMMPS_NS;

namespace {
using namespace RRPRegister;

const entry STYLES[] = {
    {"fix", "rrp/nve/kk", "fix rrp/nve with KOKKOS", nullptr,
     &create_v2<FixRRPNVEKokkos<LMPDeviceType>>},
    {"fix", "rrp/nve/kk/device", "fix rrp/nve with KOKKOS", nullptr,
     &create_v2<FixRRPNVEKokkos<LMPDeviceType>>},
    {"fix", "rrp/nve/kk/host", "fix rrp/nve with KOKKOS on the host", nullptr,
     &create_v2<FixRRPNVEKokkos<LMPHostType>>},
    {"fix", "rrp/gravity/kk", "fix rrp/gravity with KOKKOS", nullptr,
     &create_v2<FixRRPGravityKokkos<LMPDeviceType>>},
    {"fix", "rrp/gravity/kk/device", "fix rrp/gravity with KOKKOS", nullptr,
     &create_v2<FixRRPGravityKokkos<LMPDeviceType>>},
    {"fix", "rrp/gravity/kk/host", "fix rrp/gravity with KOKKOS on the host", nullptr,
     &create_v2<FixRRPGravityKokkos<LMPHostType>>},
    {"fix", "rrp/wall/kk", "fix rrp/wall with KOKKOS", nullptr,
     &create_v2<FixRRPWallKokkos<LMPDeviceType>>},
    {"fix", "rrp/wall/kk/device", "fix rrp/wall with KOKKOS", nullptr,
     &create_v2<FixRRPWallKokkos<LMPDeviceType>>},
    {"fix", "rrp/wall/kk/host", "fix rrp/wall with KOKKOS on the host", nullptr,
     &create_v2<FixRRPWallKokkos<LMPHostType>>},
    {"bond", "rrp/binder/kk", "bond_style rrp/binder with KOKKOS (the host's threads)",
     &create_v1<BondRRPBinderKokkos>, nullptr},
    {"bond", "rrp/binder/kk/host", "bond_style rrp/binder with KOKKOS (the host's threads)",
     &create_v1<BondRRPBinderKokkos>, nullptr},
    // (an error: the style runs on the host's threads)
    {"bond", "rrp/binder/kk/device", "bond_style rrp/binder with KOKKOS (refused on the device)",
     &BondRRPBinderKokkos::refuse_device, nullptr},
    {"pair", "rrp/hertz/kk", "pair_style rrp/hertz with KOKKOS",
     &create_v1<PairRRPHertzKokkos<LMPDeviceType>>, nullptr},
    {"pair", "rrp/hertz/kk/device", "pair_style rrp/hertz with KOKKOS",
     &create_v1<PairRRPHertzKokkos<LMPDeviceType>>, nullptr},
    {"pair", "rrp/hertz/kk/host", "pair_style rrp/hertz with KOKKOS on the host",
     &create_v1<PairRRPHertzKokkos<LMPHostType>>, nullptr},
    // internal: made by fix rrp/nve/kk (and by fix rrp/nve under -sf kk)
    {"fix", "RRP/ORIENTATION/kk", "orientations of atom_style sphere in a Kokkos view", nullptr,
     &create_v2<FixRRPOrientationKokkos>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  RRPRegister::host_styles(lmp, handle, regfunc);
  all(STYLES, sizeof(STYLES) / sizeof(STYLES[0]), lmp, handle, regfunc);
}
