/* ----------------------------------------------------------------------
   rrp-lammps: compute rrp/energy. See doc/compute_rrp_energy.rst.
------------------------------------------------------------------------- */

#include "compute_rrp_energy.h"

#include "bond.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "modify.h"
#include "pair.h"
#include "update.h"

#include "rrp_orientation.h"
#include "rrp_register.h"

using namespace LAMMPS_NS;

static constexpr int NTERMS = 5;    // summed over the ranks
static constexpr int NMODES = 5;    // ruptures by mode: axial, shear, bending, twist, rotation
// plus released energy, ruptured binders, by mode; the work dissipated by the binders' viscous
// branches and the energy in their springs (part of elements 1-3)
// and the work dissipated by the contacts' friction (slip, rolling, twisting) and that of their
// springs' stiffness changes
static constexpr int NVALUES = 7 + NMODES + 2 + 4;

ComputeRRPEnergy::ComputeRRPEnergy(LAMMPS *lmp, int narg, char **arg) : Compute(lmp, narg, arg)
{
  if (narg > 3)
    error->all(FLERR, "Illegal compute rrp/energy command: unexpected argument {} (expected compute "
                      "ID all rrp/energy)", arg[3]);
  if (igroup) error->all(FLERR, "Compute rrp/energy must use group all");
  vector_flag = 1;
  size_vector = NVALUES;
  extvector = 1;
  peflag = 1;
  timeflag = 1;
  vector = new double[NVALUES];
}

void *ComputeRRPEnergy::extract_from(Bond *bond, const char *name)
{
  int dim = -1;
  void *p = bond->extract(name, dim);
  if (!p) error->all(FLERR, "Compute rrp/energy: bond style {} publishes no {}", force->bond_style, name);
  return p;
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

  // each style's own tallies, read through extract()
  double local[NTERMS + 2] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  Bond *bond = RRPOrientation::binder(lmp);
  if (bond) {
    auto eterm = static_cast<double *>(extract_from(bond, "eterm"));
    for (int k = 0; k < 3; k++) local[k] = eterm[k];
    auto vterm = static_cast<double *>(extract_from(bond, "vterm"));
    local[NTERMS] = vterm[1];        // dissipated by the living binders
    local[NTERMS + 1] = vterm[0];    // in their branch springs
  }
  if (Pair *pair = force->pair_match("^rrp/hertz", 0)) {
    local[3] = pair->eng_vdwl;
  }
  for (auto &fix : RRPRegister::fixes_of(modify, "rrp/wall")) {
    int dim = -1;
    auto e = static_cast<double *>(fix->extract("energy_local", dim));
    if (!e) error->all(FLERR, "Compute rrp/energy: fix {} publishes no energy", fix->id);
    local[4] += *e;
  }
  double all[NTERMS + 2];
  MPI_Allreduce(local, all, NTERMS + 2, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < NTERMS; k++) vector[k] = all[k];
  for (int k = NTERMS; k < NVALUES; k++) vector[k] = 0.0;
  vector[12] = all[NTERMS];
  vector[13] = all[NTERMS + 1];
  // (the friction's works are totals over the ranks already)
  if (Pair *pair = force->pair_match("^rrp/hertz", 0)) {
    int dim = -1;
    if (auto w = static_cast<double *>(pair->extract("friction_work", dim)))
      for (int k = 0; k < 4; k++) vector[14 + k] = w[k];
  }
  // and the walls' (0 for a wall without friction)
  for (auto &fix : RRPRegister::fixes_of(modify, "rrp/wall")) {
    int dim = -1;
    if (auto w = static_cast<double *>(fix->extract("friction_work", dim)))
      for (int k = 0; k < 4; k++) vector[14 + k] += w[k];
  }
  if (bond) {
    vector[5] = *static_cast<double *>(extract_from(bond, "released"));
    vector[6] = *static_cast<double *>(extract_from(bond, "nbroken"));
    auto modes = static_cast<double *>(extract_from(bond, "nbroken_mode"));
    for (int m = 0; m < NMODES; m++) vector[7 + m] = modes[1 + m];
    vector[12] += *static_cast<double *>(extract_from(bond, "dissipated_broken"));
  }
}
