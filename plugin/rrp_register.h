/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the styles of a plugin library as a table, and their registration with LAMMPS
   (shared by the plugins).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_REGISTER_H
#define LMP_RRP_REGISTER_H

#include "lammps.h"
#include "lammpsplugin.h"
#include "utils.h"
#include "version.h"

#include <cstddef>

namespace RRPRegister {

template <class T> void *create_v1(void *lmp)
{
  return new T(static_cast<LAMMPS_NS::LAMMPS *>(lmp));
}

template <class T> void *create_v2(void *lmp, int argc, char **argv)
{
  return new T(static_cast<LAMMPS_NS::LAMMPS *>(lmp), argc, argv);
}

struct entry {
  const char *style;
  const char *name;
  const char *info;
  lammpsplugin_factory1 *create1;    // pair and bond styles, commands
  lammpsplugin_factory2 *create2;    // fix and compute styles
};

// register the n styles of `styles` (the arguments of lammpsplugin_init)
inline void all(const entry *styles, std::size_t n, void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = (lammpsplugin_regfunc) regfunc;
  for (std::size_t k = 0; k < n; k++) {
    const entry &s = styles[k];
    lammpsplugin_t plugin;
    plugin.version = LAMMPS_VERSION;
    plugin.style = s.style;
    plugin.name = s.name;
    plugin.info = s.info;
    plugin.author = "rrp-lammps";
    if (s.create1)
      plugin.creator.v1 = s.create1;
    else
      plugin.creator.v2 = s.create2;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}

// LAMMPS names a style found by its suffix (-sf rrp: nve/sphere/rrp, -sf kk: rrp/nve/kk) after
// its constructor: a style's post_constructor gives it back its one name inside LAMMPS, which the
// styles look each other up by (restart files strip a suffix anyway)
inline void own_name(char *&style, const char *name)
{
  delete[] style;
  style = LAMMPS_NS::utils::strdup(name);
}

// the styles of rrpplugin.so (rrp_styles.cpp)
void host_styles(void *lmp, void *handle, void *regfunc);

}    // namespace RRPRegister

#endif
