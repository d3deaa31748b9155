/* ----------------------------------------------------------------------
   rrp-lammps: compute rrp/atom. See doc/compute_rrp_atom.rst.
   Columns 1-3 alpha, 4-7 quaternion (w,x,y,z) with w >= 0, 8-10 rotation vector theta.
------------------------------------------------------------------------- */

#include "compute_rrp_atom.h"

#include "atom.h"
#include "error.h"
#include "memory.h"
#include "modify.h"
#include "update.h"

#include "rrp_orientation.h"

#include "rrp/rotation.h"

#include <cstring>

using namespace LAMMPS_NS;

static constexpr int NCOLS = 10;

ComputeRRPAtom::ComputeRRPAtom(LAMMPS *lmp, int narg, char **arg) :
    Compute(lmp, narg, arg), fix_id(nullptr), nmax(0), check_pending(true), orient(nullptr)
{
  if (narg > 4)
    error->all(FLERR, "Illegal compute rrp/atom command: unexpected argument {} (expected compute "
                      "ID group rrp/atom)", arg[4]);
  if (narg == 4) fix_id = utils::strdup(arg[3]);
  peratom_flag = 1;
  size_peratom_cols = NCOLS;
}

ComputeRRPAtom::~ComputeRRPAtom()
{
  delete[] fix_id;
  memory->destroy(orient);
}

void ComputeRRPAtom::init()
{
  if (fix_id && !modify->get_fix_by_id(fix_id))
    error->all(FLERR, "Compute rrp/atom: fix {} does not exist", fix_id);
  check_pending = true;    // at the first use, when the fixes of the run are known
}

void ComputeRRPAtom::compute_peratom()
{
  invoked_peratom = update->ntimestep;
  if (check_pending) {
    RRPOrientation::check_reader(lmp, "Compute rrp/atom", groupbit, false);
    check_pending = false;
  }
  if (atom->nmax > nmax) {
    memory->destroy(orient);
    nmax = atom->nmax;
    memory->create(orient, nmax, NCOLS, "rrp/atom:orient");
    array_atom = orient;
  }

  const int nlocal = atom->nlocal;
  const int *mask = atom->mask;
  double **quat = RRPOrientation::array(lmp);
  for (int i = 0; i < nlocal; i++) {
    double *o = orient[i];
    if (!(mask[i] & groupbit)) {
      for (int k = 0; k < NCOLS; k++) o[k] = 0.0;
      continue;
    }
    rrp_quat_canonical(quat[i], &o[3]);
    rrp_alpha_from_quat(&o[3], &o[0]);    // +-inf at exactly a half-turn, never NaN
    rrp_quat_to_theta(&o[3], &o[7]);
  }
}

double ComputeRRPAtom::memory_usage()
{
  return (double) nmax * NCOLS * sizeof(double);
}
