/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder/kk (see bond_rrp_binder_kokkos.h).
------------------------------------------------------------------------- */

#include "bond_rrp_binder_kokkos.h"

#include "atom.h"
#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "fix_rrp_binder_history.h"
#include "neighbor.h"

#include "rrp_orientation.h"

using namespace LAMMPS_NS;

// blocks per batch: gathered and loaded by the threads, then applied in order (about 1.3 MB)
static constexpr int BATCH = 128;

BondRRPBinderKokkos::BondRRPBinderKokkos(LAMMPS *lmp) : BondRRPBinder(lmp)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  // the host's memory and threads (KOKKOS builds the bond list there for it)
  execution_space = Host;
  datamask_read = ALL_MASK;
  // forces and torques; ruptures remove bonds from the atoms' bond lists
  datamask_modify = F_MASK | TORQUE_MASK | ENERGY_MASK | VIRIAL_MASK | BOND_MASK | SPECIAL_MASK;
}

void BondRRPBinderKokkos::settings(int narg, char **arg)
{
  BondRRPBinder::settings(narg, arg);
  if (shear_form == RRP_SHEAR_PAPER)
    error->all(FLERR, "Bond style rrp/binder/kk: shear paper is not available with KOKKOS; use "
                      "shear convected or linear, or bond_style rrp/binder");
}

/* compute(), as the host style's, with the blocks gathered and loaded on the threads */

void BondRRPBinderKokkos::compute(int eflag, int vflag)
{
  if (first_compute && comm->me == 0)
    utils::logmesg(lmp, "Bond style rrp/binder/kk: blocks of binders on {} threads of {}\n",
                   LMPHostType().concurrency(), LMPHostType::name());
  compute_begin(eflag, vflag);
  double **quat = RRPOrientation::array(lmp, false);
  const int nbondlist = neighbor->nbondlist;
  int **bondlist = neighbor->bondlist;

  // the entry each block starts from: the host style's blocks (RRP_BINDER_BLOCK bonds that act)
  starts.clear();
  if (nbondlist > 0) starts.push_back(0);
  int count = 0;
  for (int n = 0; n < nbondlist; n++) {
    if (count == RRP_BINDER_BLOCK) {
      starts.push_back(n);
      count = 0;
    }
    if (bondlist[n][2] > 0) count++;
  }

  // bonds without a reference take the present state as theirs, here on one thread (a capture
  // also updates the largest rest length), where a bond can be new: at the first computation
  // of a run and after reneighboring (the bond list is made then); the host style does it as it
  // gathers, which the threads then never need to
  int ncaptured = 0;
  if (first_compute || neighbor->ago == 0) {
    tagint *tag = atom->tag;
    for (int n = 0; n < nbondlist; n++) {
      if (bondlist[n][2] <= 0) continue;
      const double *slot = fix_history->slot_of_bond(n);
      if (!slot || rrp_binder_slot_has_reference(slot)) continue;
      const int a = bondlist[n][0], c = bondlist[n][1];
      if (tag[a] < tag[c])
        capture(a, c, quat);
      else
        capture(c, a, quat);
      ncaptured++;
    }
  }

  const int nblocks = (int) starts.size();
  if ((int) batch.size() < BATCH) batch.resize(BATCH);
  captured.assign(BATCH, 0);
  for (int b0 = 0; b0 < nblocks; b0 += BATCH) {
    const int nb = nblocks - b0 < BATCH ? nblocks - b0 : BATCH;
    Kokkos::parallel_for(Kokkos::RangePolicy<LMPHostType>(0, nb), [&](const int k) {
      int next = starts[b0 + k];
      gather(batch[k], next, captured[k], quat);
      loads(batch[k], quat);
    });
    for (int k = 0; k < nb; k++) {
      apply(batch[k]);
      ncaptured += captured[k];
      captured[k] = 0;
    }
  }
  compute_end(ncaptured);
}
