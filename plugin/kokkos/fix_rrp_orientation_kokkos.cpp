/* ----------------------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION/kk (see fix_rrp_orientation_kokkos.h). The host
   paths are the host fix's, with the view's host side synced first and marked modified after a
   write.
------------------------------------------------------------------------- */

#include "fix_rrp_orientation_kokkos.h"

#include "atom.h"
#include "memory.h"
#include "memory_kokkos.h"

using namespace LAMMPS_NS;

FixRRPOrientationKokkos::FixRRPOrientationKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPOrientation(lmp, narg, arg)
{
  // one style for LAMMPS (restart files name it): RRP/ORIENTATION, as without KOKKOS
  delete[] style;
  style = utils::strdup(RRPOrientation::STORE_FIX_STYLE);
  // the rows atom->add_custom made, replaced by the host side of the view (identity rows)
  memory->destroy(atom->darray[index]);
  memoryKK->create_kokkos(k_quat, atom->darray[index], atom->nmax, "rrp:quat");
  for (int i = 0; i < atom->nmax; i++) FixRRPOrientation::set_arrays(i);
  k_quat.modify_host();
}

/* made with -sf kk by the host's lookup of RRP/ORIENTATION, LAMMPS names it RRP/ORIENTATION/kk
   after the constructor: its one name again */

void FixRRPOrientationKokkos::post_constructor()
{
  delete[] style;
  style = utils::strdup(RRPOrientation::STORE_FIX_STYLE);
}

FixRRPOrientationKokkos::~FixRRPOrientationKokkos()
{
  if (copymode) return;
  // the view frees the rows; the host fix's destructor then removes the emptied array
  if (index >= 0) memoryKK->destroy_kokkos(k_quat, atom->darray[index]);
}

void FixRRPOrientationKokkos::host_access(bool write)
{
  k_quat.sync_host();
  if (write) k_quat.modify_host();
}

void FixRRPOrientationKokkos::grow_arrays(int nmax)
{
  k_quat.sync_host();
  memoryKK->grow_kokkos(k_quat, atom->darray[index], nmax, "rrp:quat");
  k_quat.modify_host();
}

void FixRRPOrientationKokkos::copy_arrays(int i, int j, int delflag)
{
  host_access(true);
  FixRRPOrientation::copy_arrays(i, j, delflag);
}

void FixRRPOrientationKokkos::set_arrays(int i)
{
  host_access(true);
  FixRRPOrientation::set_arrays(i);
}

int FixRRPOrientationKokkos::pack_border(int n, int *list, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_border(n, list, buf);
}

int FixRRPOrientationKokkos::unpack_border(int n, int first, double *buf)
{
  host_access(true);
  return FixRRPOrientation::unpack_border(n, first, buf);
}

int FixRRPOrientationKokkos::pack_exchange(int i, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_exchange(i, buf);
}

int FixRRPOrientationKokkos::unpack_exchange(int nlocal, double *buf)
{
  host_access(true);
  return FixRRPOrientation::unpack_exchange(nlocal, buf);
}

int FixRRPOrientationKokkos::pack_restart(int i, double *buf)
{
  host_access(false);
  return FixRRPOrientation::pack_restart(i, buf);
}

void FixRRPOrientationKokkos::unpack_restart(int nlocal, int nth)
{
  host_access(true);
  FixRRPOrientation::unpack_restart(nlocal, nth);
}

// (forward communication is the host fix's: it calls pack_border and unpack_border)
