/* ----------------------------------------------------------------------
   rrp-lammps: the rigid-body styles, a plugin of their own (they build on LAMMPS's RIGID
   package, which a LAMMPS without it cannot load; rrpplugin.so loads without it).
   Load with:  plugin load /path/to/rrprigidplugin.so
------------------------------------------------------------------------- */

#include "rrp_register.h"

#include "fix_rrp_rigid.h"
#include "fix_rrp_rigid_nh.h"
#include "fix_rrp_rigid_small.h"

using namespace LAMMPS_NS;

namespace {
using namespace RRPRegister;

const entry STYLES[] = {
    {"fix", "rrp/rigid/small", "fix rigid/small with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidSmall>},
    {"fix", "rigid/small/rrp", "fix rigid/small with the variational RRP map (suffix spelling)",
     nullptr, &create_v2<FixRRPRigidSmall>},
    {"fix", "rigid/nve/small/rrp", "fix rrp/rigid/small (suffix spelling of rigid/nve/small)",
     nullptr, &create_v2<FixRRPRigidSmall>},
    {"fix", "rigid/nve/rrp", "fix rrp/rigid (suffix spelling of rigid/nve)", nullptr,
     &create_v2<FixRRPRigid>},
    {"fix", "rrp/rigid", "fix rigid with the variational RRP map for each body", nullptr,
     &create_v2<FixRRPRigid>},
    {"fix", "rigid/rrp", "fix rigid with the variational RRP map (suffix spelling)", nullptr,
     &create_v2<FixRRPRigid>},
    {"fix", "rrp/rigid/nvt/small", "fix rigid/nvt/small with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNVTSmall>},
    {"fix", "rigid/nvt/small/rrp", "fix rrp/rigid/nvt/small (suffix spelling)", nullptr, &create_v2<FixRRPRigidNVTSmall>},
    {"fix", "rrp/rigid/npt/small", "fix rigid/npt/small with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNPTSmall>},
    {"fix", "rigid/npt/small/rrp", "fix rrp/rigid/npt/small (suffix spelling)", nullptr, &create_v2<FixRRPRigidNPTSmall>},
    {"fix", "rrp/rigid/nph/small", "fix rigid/nph/small with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNPHSmall>},
    {"fix", "rigid/nph/small/rrp", "fix rrp/rigid/nph/small (suffix spelling)", nullptr, &create_v2<FixRRPRigidNPHSmall>},
    {"fix", "rrp/rigid/nvt", "fix rigid/nvt with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNVT>},
    {"fix", "rigid/nvt/rrp", "fix rrp/rigid/nvt (suffix spelling)", nullptr, &create_v2<FixRRPRigidNVT>},
    {"fix", "rrp/rigid/npt", "fix rigid/npt with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNPT>},
    {"fix", "rigid/npt/rrp", "fix rrp/rigid/npt (suffix spelling)", nullptr, &create_v2<FixRRPRigidNPT>},
    {"fix", "rrp/rigid/nph", "fix rigid/nph with the variational RRP map for each body",
     nullptr, &create_v2<FixRRPRigidNPH>},
    {"fix", "rigid/nph/rrp", "fix rrp/rigid/nph (suffix spelling)", nullptr, &create_v2<FixRRPRigidNPH>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  RRPRegister::all(STYLES, sizeof(STYLES) / sizeof(STYLES[0]), lmp, handle, regfunc);
}
