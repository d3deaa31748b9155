/* ----------------------------------------------------------------------
   rrp-lammps: registers every style of the plugin with LAMMPS.
   Load with:  plugin load /path/to/rrpplugin.so
------------------------------------------------------------------------- */

#include "lammpsplugin.h"
#include "version.h"

#include "compute_rrp_atom.h"
#include "compute_rrp_momentum.h"
#include "fix_rrp_gravity.h"
#include "fix_rrp_nve.h"

using namespace LAMMPS_NS;

namespace {
template <class T> void *create_v2(void *lmp, int argc, char **argv)
{
  return new T(static_cast<LAMMPS *>(lmp), argc, argv);
}

const char *const AUTHOR = "rrp-lammps";

struct entry {
  const char *style;
  const char *name;
  const char *info;
  lammpsplugin_factory2 *create;
};

const entry STYLES[] = {
    {"fix", "rrp/nve", "RRP explicit variational integrator for spheres (Baker & Gonzalez 2021)",
     &create_v2<FixRRPNVE>},
    {"fix", "rrp/gravity", "uniform field at a body-fixed lever arm (3D pendulum)",
     &create_v2<FixRRPGravity>},
    {"compute", "rrp/atom", "per-atom RRP vector, quaternion and rotation vector",
     &create_v2<ComputeRRPAtom>},
    {"compute", "rrp/momentum", "total linear/angular momentum and kinetic energies",
     &create_v2<ComputeRRPMomentum>},
};
}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  for (const auto &s : STYLES) {
    lammpsplugin_t plugin;
    plugin.version = LAMMPS_VERSION;
    plugin.style = s.style;
    plugin.name = s.name;
    plugin.info = s.info;
    plugin.author = AUTHOR;
    plugin.creator.v2 = s.create;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}
