/* ----------------------------------------------------------------------
   rrp-lammps: the thermostatted ellipsoid styles, a plugin of their own (they build on LAMMPS's
   ASPHERE package, which a LAMMPS without it cannot load; rrpplugin.so loads without it).
   Load with:  plugin load /path/to/rrpasphereplugin.so
------------------------------------------------------------------------- */

#include "rrp_register.h"

#include "fix_rrp_nh_asphere.h"

using namespace LAMMPS_NS;

namespace {
using namespace RRPRegister;

const entry STYLES[] = {
    {"fix", "rrp/nvt/asphere", "fix nvt/asphere with the variational RRP map for each ellipsoid",
     nullptr, &create_v2<FixRRPNVTAsphere>},
    {"fix", "nvt/asphere/rrp", "fix rrp/nvt/asphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNVTAsphere>},
    {"fix", "rrp/npt/asphere", "fix npt/asphere with the variational RRP map for each ellipsoid",
     nullptr, &create_v2<FixRRPNPTAsphere>},
    {"fix", "npt/asphere/rrp", "fix rrp/npt/asphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNPTAsphere>},
    {"fix", "rrp/nph/asphere", "fix nph/asphere with the variational RRP map for each ellipsoid",
     nullptr, &create_v2<FixRRPNPHAsphere>},
    {"fix", "nph/asphere/rrp", "fix rrp/nph/asphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNPHAsphere>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  RRPRegister::all(STYLES, sizeof(STYLES) / sizeof(STYLES[0]), lmp, handle, regfunc);
}
