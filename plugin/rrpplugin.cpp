/* ----------------------------------------------------------------------
   rrp-lammps: registers every style of the plugin with LAMMPS.
   Load with:  plugin load /path/to/rrpplugin.so
------------------------------------------------------------------------- */

#include "rrp_register.h"

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  RRPRegister::host_styles(lmp, handle, regfunc);
}
