/* lammps_loader.h - the functions of the LAMMPS C library API that the driver uses, taken from a
 * liblammps.so opened at run time (dlopen), so that the driver runs against any LAMMPS built as
 * a shared library (with MPI) without being linked to one. */
#ifndef RRP_LAMMPS_LOADER_H
#define RRP_LAMMPS_LOADER_H

#include <mpi.h>
#include <stddef.h>

typedef struct rrp_lammps_api {
  void *handle;
  void *(*open)(int argc, char **argv, MPI_Comm comm, void **ptr);
  void (*close)(void *lmp);
  char *(*command)(void *lmp, const char *cmd);
  void *(*extract_compute)(void *lmp, const char *id, int style, int type);
  int (*has_error)(void *lmp);
  int (*get_last_error_message)(void *lmp, char *buf, int size);
  double (*get_natoms)(void *lmp);
  double (*get_thermo)(void *lmp, const char *keyword);
  void (*gather)(void *lmp, const char *name, int type, int count, void *data);
  int (*has_style)(void *lmp, const char *category, const char *name);
} rrp_lammps_api;

/* Opens the library at path and finds every function. Returns 0, or -1 with a message in err:
 * the file cannot be opened, it is not a LAMMPS library (no lammps_open), or it lacks one of the
 * functions (an older LAMMPS). */
int rrp_lammps_load(const char *path, rrp_lammps_api *api, char *err, size_t nerr);

#endif
