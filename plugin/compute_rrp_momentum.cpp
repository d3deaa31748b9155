/* ----------------------------------------------------------------------
   rrp-lammps: compute rrp/momentum. See doc/compute_rrp_momentum.md.
   Vector of 8: P (3), L about the origin (3) = sum m x_unwrapped x v + J Omega, KE_trans, KE_rot.
------------------------------------------------------------------------- */

#include "compute_rrp_momentum.h"

#include "atom.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "modify.h"
#include "update.h"

#include "fix_rrp_nve.h"
#include "rrp/momentum.h"

using namespace LAMMPS_NS;

ComputeRRPMomentum::ComputeRRPMomentum(LAMMPS *lmp, int narg, char **arg) :
    Compute(lmp, narg, arg), fix_id(nullptr), fix(nullptr)
{
  if (narg != 4)
    error->all(FLERR,
               "Illegal compute rrp/momentum command: expected compute ID group rrp/momentum FIXID");
  fix_id = utils::strdup(arg[3]);
  vector_flag = 1;
  size_vector = RRP_MOM_N;
  extvector = 1;
  vector = new double[RRP_MOM_N];
}

ComputeRRPMomentum::~ComputeRRPMomentum()
{
  delete[] fix_id;
  delete[] vector;
}

void ComputeRRPMomentum::init()
{
  Fix *f = modify->get_fix_by_id(fix_id);
  if (!f) error->all(FLERR, "Compute rrp/momentum: fix {} does not exist", fix_id);
  fix = dynamic_cast<FixRRPNVE *>(f);
  if (!fix) error->all(FLERR, "Compute rrp/momentum: fix {} is not of style rrp/nve", fix_id);
}

void ComputeRRPMomentum::compute_vector()
{
  invoked_vector = update->ntimestep;

  double local[RRP_MOM_N] = {0.0};
  double **x = atom->x;
  double **v = atom->v;
  double **omega = atom->omega;
  const double *rmass = atom->rmass;
  const imageint *image = atom->image;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double unwrap[3];
    domain->unmap(x[i], image[i], unwrap);
    rrp_momentum_add(rmass[i], fix->inertia(i), unwrap, v[i], omega[i], local);
  }
  MPI_Allreduce(local, vector, RRP_MOM_N, MPI_DOUBLE, MPI_SUM, world);
  vector[RRP_MOM_KET] *= force->mvv2e;
  vector[RRP_MOM_KER] *= force->mvv2e;
}
