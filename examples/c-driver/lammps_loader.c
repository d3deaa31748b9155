/* lammps_loader.c - see lammps_loader.h. */
#include "lammps_loader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* dlsym returns void *; ISO C does not convert it to a function pointer, a copy of the bytes does */
static int find(void *handle, const char *name, void *fp, size_t size)
{
  void *sym = dlsym(handle, name);
  if (!sym) return 0;
  memcpy(fp, &sym, size);
  return 1;
}

int rrp_lammps_load(const char *path, rrp_lammps_api *api, char *err, size_t nerr)
{
  memset(api, 0, sizeof(*api));
  /* global: the plugin that LAMMPS opens in turn resolves LAMMPS's symbols against this library */
  api->handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  if (!api->handle) {
    snprintf(err, nerr, "cannot open the LAMMPS library %s: %s", path, dlerror());
    return -1;
  }
  if (!find(api->handle, "lammps_open", &api->open, sizeof(api->open))) {
    snprintf(err, nerr, "%s is not a LAMMPS library: it has no function lammps_open", path);
    dlclose(api->handle);
    api->handle = NULL;
    return -1;
  }
  struct {
    const char *name;
    void *fp;
    size_t size;
  } fns[] = {
      {"lammps_close", &api->close, sizeof(api->close)},
      {"lammps_command", &api->command, sizeof(api->command)},
      {"lammps_extract_compute", &api->extract_compute, sizeof(api->extract_compute)},
      {"lammps_has_error", &api->has_error, sizeof(api->has_error)},
      {"lammps_get_last_error_message", &api->get_last_error_message,
       sizeof(api->get_last_error_message)},
      {"lammps_get_natoms", &api->get_natoms, sizeof(api->get_natoms)},
      {"lammps_get_thermo", &api->get_thermo, sizeof(api->get_thermo)},
      {"lammps_gather", &api->gather, sizeof(api->gather)},
      {"lammps_has_style", &api->has_style, sizeof(api->has_style)},
  };
  for (size_t k = 0; k < sizeof(fns) / sizeof(fns[0]); k++)
    if (!find(api->handle, fns[k].name, fns[k].fp, fns[k].size)) {
      snprintf(err, nerr, "the LAMMPS library %s lacks the function %s (LAMMPS 2023 or later is needed)",
               path, fns[k].name);
      dlclose(api->handle);
      api->handle = NULL;
      return -1;
    }
  return 0;
}
