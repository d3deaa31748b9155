/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the styles of a plugin library as a table, their registration with LAMMPS (shared
   by the plugins), and their names.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_REGISTER_H
#define LMP_RRP_REGISTER_H

#include "fix.h"
#include "lammps.h"
#include "lammpsplugin.h"
#include "modify.h"
#include "utils.h"
#include "version.h"

#include <cstddef>
#include <cstring>
#include <vector>

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

// is `style` the style `name` or its KOKKOS twin (name/kk, name/kk/host, name/kk/device)? The
// styles look each other up by these names (a /kk style keeps its name, as LAMMPS's do)
inline bool is_style(const char *style, const char *name)
{
  const std::size_t n = std::strlen(name);
  if (std::strncmp(style, name, n) != 0) return false;
  const char *rest = style + n;
  return !*rest || !std::strcmp(rest, "/kk") || !std::strcmp(rest, "/kk/host") ||
      !std::strcmp(rest, "/kk/device");
}

// the fixes of style `name` and of its KOKKOS twins, in the order of the fix list
inline std::vector<LAMMPS_NS::Fix *> fixes_of(LAMMPS_NS::Modify *modify, const char *name)
{
  std::vector<LAMMPS_NS::Fix *> found;
  for (auto *f : modify->get_fix_list())
    if (is_style(f->style, name)) found.push_back(f);
  return found;
}

// the style's name made `name`
inline void set_name(char *&style, const char *name)
{
  delete[] style;
  style = LAMMPS_NS::utils::strdup(name);
}

// LAMMPS names a style found by a suffix after its constructor: -sf rrp spells fix rrp/nve
// nve/sphere/rrp, which its constructor and post_constructor turn back into `name`, the one name
// the styles look each other up by; a KOKKOS twin keeps its /kk name (restart files name the
// host style under -sf kk: LAMMPS strips the suffix)
inline void own_name(char *&style, const char *name)
{
  if (!is_style(style, name)) set_name(style, name);
}

// the styles of rrpplugin.so (rrp_styles.cpp)
void host_styles(void *lmp, void *handle, void *regfunc);

}    // namespace RRPRegister

#endif
