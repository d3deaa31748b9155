/* ----------------------------------------------------------------------
   rrp-lammps: compute rrp/energy. See doc/compute_rrp_energy.md.
------------------------------------------------------------------------- */

#include "compute_rrp_energy.h"

#include "error.h"
#include "force.h"
#include "modify.h"
#include "pair.h"
#include "update.h"

#include "bond_rrp_binder.h"
#include "fix_rrp_wall.h"
#include "pair_rrp_hertz.h"

using namespace LAMMPS_NS;

static constexpr int NTERMS = 5;    // summed over the ranks
static constexpr int NVALUES = 7;   // plus released energy and ruptured binders

ComputeRRPEnergy::ComputeRRPEnergy(LAMMPS *lmp, int narg, char **arg) : Compute(lmp, narg, arg)
{
  if (narg != 3) error->all(FLERR, "Illegal compute rrp/energy command: expected compute ID all rrp/energy");
  if (igroup) error->all(FLERR, "Compute rrp/energy must use group all");
  vector_flag = 1;
  size_vector = NVALUES;
  extvector = 1;
  peflag = 1;
  timeflag = 1;
  vector = new double[NVALUES];
}

ComputeRRPEnergy::~ComputeRRPEnergy()
{
  delete[] vector;
}

void ComputeRRPEnergy::compute_vector()
{
  invoked_vector = update->ntimestep;
  if (update->eflag_global != invoked_vector)
    error->all(FLERR, "Compute rrp/energy: energy was not tallied on the needed timestep");

  double local[NTERMS] = {0.0, 0.0, 0.0, 0.0, 0.0};
  if (auto bond = dynamic_cast<BondRRPBinder *>(force->bond))
    for (int k = 0; k < 3; k++) local[k] = bond->eterm[k];
  if (auto pair = dynamic_cast<PairRRPHertz *>(force->pair_match("^rrp/hertz", 0)))
    local[3] = pair->eng_vdwl;
  for (auto &fix : modify->get_fix_by_style("^rrp/wall$"))
    local[4] += dynamic_cast<FixRRPWall *>(fix)->energy_local();
  MPI_Allreduce(local, vector, NTERMS, MPI_DOUBLE, MPI_SUM, world);
  vector[5] = vector[6] = 0.0;
  if (auto bond = dynamic_cast<BondRRPBinder *>(force->bond)) {
    vector[5] = bond->released;
    vector[6] = bond->nbroken;
  }
}
