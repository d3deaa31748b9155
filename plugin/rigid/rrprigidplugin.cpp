/* ----------------------------------------------------------------------
   rrp-lammps: the rigid-body styles, a plugin of their own (they build on LAMMPS's RIGID
   package, which a LAMMPS without it cannot load; rrpplugin.so loads without it).
   Load with:  plugin load /path/to/rrprigidplugin.so
------------------------------------------------------------------------- */

#include "lammpsplugin.h"
#include "version.h"

#include "fix_rrp_rigid.h"
#include "fix_rrp_rigid_small.h"

using namespace LAMMPS_NS;

namespace {
template <class T> void *create(void *lmp, int argc, char **argv)
{
  return new T(static_cast<LAMMPS *>(lmp), argc, argv);
}

struct entry {
  const char *name;
  const char *info;
  lammpsplugin_factory2 *create;
};

const entry STYLES[] = {
    {"rrp/rigid/small", "fix rigid/small with the variational RRP map for each body",
     &create<FixRRPRigidSmall>},
    {"rigid/small/rrp", "fix rigid/small with the variational RRP map (suffix spelling)",
     &create<FixRRPRigidSmall>},
    {"rrp/rigid", "fix rigid with the variational RRP map for each body", &create<FixRRPRigid>},
    {"rigid/rrp", "fix rigid with the variational RRP map (suffix spelling)",
     &create<FixRRPRigid>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  for (const auto &s : STYLES) {
    lammpsplugin_t plugin;
    plugin.version = LAMMPS_VERSION;
    plugin.style = "fix";
    plugin.name = s.name;
    plugin.info = s.info;
    plugin.author = "rrp-lammps";
    plugin.creator.v2 = s.create;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}
