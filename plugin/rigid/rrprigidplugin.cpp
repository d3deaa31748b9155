/* ----------------------------------------------------------------------
   rrp-lammps: the rigid-body styles, a plugin of their own (they build on LAMMPS's RIGID
   package, which a LAMMPS without it cannot load; rrpplugin.so loads without it).
   Load with:  plugin load /path/to/rrprigidplugin.so
------------------------------------------------------------------------- */

#include "rrp_register.h"

#include "fix_rrp_rigid.h"
#include "fix_rrp_rigid_small.h"

using namespace LAMMPS_NS;

namespace {
using namespace RRPRegister;

const entry STYLES[] = {
    {"fix", "rrp/rigid/small", "fix rigid/small with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidSmall>},
    {"fix", "rigid/small/rrp", "fix rigid/small with the variational RRP map (suffix spelling)",
     nullptr, &create_v2<FixRRPRigidSmall>},
    {"fix", "rrp/rigid", "fix rigid with the variational RRP map for each body", nullptr,
     &create_v2<FixRRPRigid>},
    {"fix", "rigid/rrp", "fix rigid with the variational RRP map (suffix spelling)", nullptr,
     &create_v2<FixRRPRigid>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  RRPRegister::all(STYLES, sizeof(STYLES) / sizeof(STYLES[0]), lmp, handle, regfunc);
}
