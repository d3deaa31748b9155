/* ----------------------------------------------------------------------
   rrp-lammps: the rigid-body styles, a plugin of their own (they build on LAMMPS's RIGID
   package, which a LAMMPS without it cannot load; rrpplugin.so loads without it).
   Load with:  plugin load /path/to/rrprigidplugin.so
------------------------------------------------------------------------- */

#include "lammpsplugin.h"
#include "version.h"

#include "fix_rrp_rigid_small.h"

using namespace LAMMPS_NS;

namespace {
void *create_rigid_small(void *lmp, int argc, char **argv)
{
  return new FixRRPRigidSmall(static_cast<LAMMPS *>(lmp), argc, argv);
}
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  for (const char *name : {"rrp/rigid/small", "rigid/small/rrp"}) {
    lammpsplugin_t plugin;
    plugin.version = LAMMPS_VERSION;
    plugin.style = "fix";
    plugin.name = name;
    plugin.info = "fix rigid/small with the variational RRP map for each body";
    plugin.author = "rrp-lammps";
    plugin.creator.v2 = (lammpsplugin_factory2 *) &create_rigid_small;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}
