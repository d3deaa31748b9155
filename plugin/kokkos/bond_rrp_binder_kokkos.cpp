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
#include "lammps.h"
#include "neighbor.h"

#include "rrp_orientation.h"

#include <algorithm>

using namespace LAMMPS_NS;

// steps between looks at the runs' times, and the imbalance that cuts them again
static constexpr int BALANCE_EVERY = 20;
static constexpr double BALANCE_TOL = 0.03;

// blocks per batch of a step with energies: gathered and loaded by the threads, then applied in
// order (about 4 MB, 2.4 MB of it the room for the viscous binders' branch states)
static constexpr int BATCH = 128;

// what compute() reads and writes of the atoms on the host: positions and IDs (gather,
// capture, the break records), the bond lists (the slots of the references), the forces and
// torques it adds to, energies and virials; with rupture it also writes the bond lists
// (init_style adds them)
static constexpr unsigned int READ =
    X_MASK | TAG_MASK | BOND_MASK | F_MASK | TORQUE_MASK | ENERGY_MASK | VIRIAL_MASK;
static constexpr unsigned int MODIFY = F_MASK | TORQUE_MASK | ENERGY_MASK | VIRIAL_MASK;

BondRRPBinderKokkos::BondRRPBinderKokkos(LAMMPS *lmp) : BondRRPBinder(lmp)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  // the host's memory and threads (KOKKOS builds the bond list there for it)
  execution_space = Host;
  datamask_read = READ;
  datamask_modify = MODIFY;
}

/* bond_style rrp/binder/kk/device: refused (the style runs on the host's threads) */

void *BondRRPBinderKokkos::refuse_device(void *lmp)
{
  static_cast<LAMMPS *>(lmp)->error->all(
      FLERR, "Bond style rrp/binder/kk/device: the style runs on the host's threads; use "
             "rrp/binder/kk or rrp/binder/kk/host");
  return nullptr;
}

/* the bonds' lists are read (the longest rest length) on the host, and with ruptures written by
   each computation */

void BondRRPBinderKokkos::init_style()
{
  atomKK->sync(Host, BOND_MASK);
  BondRRPBinder::init_style();
  datamask_modify = rupture ? MODIFY | BOND_MASK : MODIFY;
  // a Mohr-Coulomb strength's cross-section scales with the particles' radii
  bool mohr_any = false;
  for (int i = 1; i <= atom->nbondtypes; i++) mohr_any = mohr_any || mohr[0][i] > 0.0;
  datamask_read = mohr_any ? READ | RADIUS_MASK : READ;
}

void BondRRPBinderKokkos::settings(int narg, char **arg)
{
  BondRRPBinder::settings(narg, arg);
  if (shear_form == RRP_SHEAR_PAPER)
    error->all(FLERR, "Bond style rrp/binder/kk: shear paper is not available with KOKKOS; use "
                      "shear convected or linear, or bond_style rrp/binder");
}

/* KOKKOS makes the bond list on threads, each atom's bonds in order but the atoms in the order
   the threads reach them; the host's list runs through the atoms in order. The binders' loads
   are summed on the atoms in the list's order, so the list is put in the host's order (a stable
   sort by the first atom) and the slots indexed again: the host style's sums, bit for bit,
   whatever the threads did. (On the host's memory, which this style runs on; nothing else
   depends on the order.) */

void BondRRPBinderKokkos::host_order()
{
  const int nbondlist = neighbor->nbondlist;
  int **bondlist = neighbor->bondlist;
  int n = 1;
  while (n < nbondlist && bondlist[n - 1][0] <= bondlist[n][0]) n++;
  if (n >= nbondlist) return;
  rows.resize((size_t) nbondlist);
  for (int m = 0; m < nbondlist; m++) rows[m] = {bondlist[m][0], bondlist[m][1], bondlist[m][2]};
  std::stable_sort(rows.begin(), rows.end(),
                   [](const std::array<int, 3> &a, const std::array<int, 3> &b) { return a[0] < b[0]; });
  for (int m = 0; m < nbondlist; m++)
    for (int c = 0; c < 3; c++) bondlist[m][c] = rows[m][c];
  fix_history->index_slots();
}

/* compute(), as the host style's: on threads, a step without energies in runs of the bond list
   (runs()); a step with energies, whose sums go through every binder in order, in batches of
   blocks gathered and loaded on the threads and applied one by one (batches()) */

void BondRRPBinderKokkos::compute(int eflag, int vflag)
{
  const int nthreads = LMPHostType().concurrency();
  if (first_compute && comm->me == 0)
    utils::logmesg(lmp, "Bond style rrp/binder/kk: binders on {} threads of {}\n", nthreads,
                   LMPHostType::name());
  // (a list made on a step this style was not computed on: lastcall is that step)
  const bool new_list = first_compute || neighbor->ago == 0 || neighbor->lastcall != list_step;
  list_step = neighbor->lastcall;
  if (new_list) {
    host_order();
    plan_stale = true;    // (a step with energies may pass before the runs are cut)
  }
  if (check_pending) atomKK->sync(Host, MASK_MASK);    // (the first computation's check)
  compute_begin(eflag, vflag);
  double **quat = RRPOrientation::array(lmp, false);
  const int nbondlist = neighbor->nbondlist;
  int **bondlist = neighbor->bondlist;

  // bonds without a reference take the present state as theirs, here on one thread (a capture
  // also updates the largest rest length), where a bond can be new: at the first computation
  // of a run and after reneighboring (the bond list is made then); the host style does it as it
  // gathers, which the threads then never need to
  int ncaptured = 0;
  if (new_list) {
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

  if (nthreads > 1 && !evflag && nbondlist >= nthreads)
    ncaptured += runs(nthreads, quat);
  else
    ncaptured += batches(quat);
  compute_end(ncaptured);
}

/* ----------------------------------------------------------------------
   runs: the bond list cut into one run a thread, each run gathered, loaded and applied block by
   block by its thread. An atom's forces and torques are written by the first run whose bonds
   touch it (first, made with the list); the later runs keep theirs and add them after the
   threads, run by run, in order: every atom sums the same terms in the same order as the host
   style, bit for bit. Each run keeps its breaks and its first half-turn warning too, taken in
   order after the threads. The bonds are in order of their first atom, so the runs' atoms meet
   only at the runs' ends: the threads write apart and few loads wait. The runs are cut to equal
   lengths with each new list, then where their times differ (the loads' cost varies along the
   list, and broken binders cost nothing); the result does not depend on the cuts.
------------------------------------------------------------------------- */

int BondRRPBinderKokkos::runs(int nthreads, double **quat)
{
  const int nbondlist = neighbor->nbondlist;
  const int nall = atom->nlocal + atom->nghost;
  bool cut = false;
  if (plan_stale || (int) run.size() != nthreads || plan_bonds != nbondlist || plan_atoms != nall) {
    plan_stale = false;
    plan_bonds = nbondlist;
    plan_atoms = nall;
    if ((int) run.size() != nthreads) run.assign(nthreads, Run());
    cuts.resize(nthreads + 1);
    for (int t = 0; t <= nthreads; t++) cuts[t] = (int) ((long) nbondlist * t / nthreads);
    cut = true;
  } else if (++since_balance == BALANCE_EVERY) {
    // the runs' times since the last look: cut again where one is slower than the rest
    std::vector<double> seconds(nthreads);
    for (int t = 0; t < nthreads; t++) seconds[t] = run[t].seconds;
    cut = RRPKokkos::balance_cuts(nthreads, cuts.data(), seconds.data(), BALANCE_TOL);
    since_balance = 0;
  }
  if (cut) {
    since_balance = 0;
    for (int t = 0; t < nthreads; t++) {
      run[t].begin = cuts[t];
      run[t].end = cuts[t + 1];
    }
    first.assign(atom->nmax, nthreads);
    int **bondlist = neighbor->bondlist;
    int *f = first.data();
    Kokkos::parallel_for(Kokkos::RangePolicy<LMPHostType>(0, nthreads), [&](const int t) {
      for (int n = run[t].begin; n < run[t].end; n++) {
        Kokkos::atomic_min(&f[bondlist[n][0]], t);
        Kokkos::atomic_min(&f[bondlist[n][1]], t);
      }
    });
  }
  if (since_balance == 0)    // (the times from here to the next look)
    for (int t = 0; t < nthreads; t++) run[t].seconds = 0.0;

  double *f0 = atom->f[0], *t0 = atom->torque[0];
  Kokkos::parallel_for(Kokkos::RangePolicy<LMPHostType>(0, nthreads), [&](const int t) {
    Kokkos::Timer clock;
    Run &r = run[t];
    r.later.clear();
    r.breaks.clear();
    r.twist = -1;
    r.captured = 0;
    Block &blk = r.block;
    int next = r.begin;
    while (next < r.end) {
      gather(blk, next, r.end, r.captured, quat);
      loads(blk, quat);
      for (int o = 0; o < blk.nb; o++) {
        const int k = blk.order[o];    // (the bond list's order, as apply)
        if (r.twist < 0 && twist_near(blk, k)) {
          r.twist = blk.bond[k];
          r.twist_angle = blk.b.angle[k];
          r.twist_i = blk.bi[k];
          r.twist_j = blk.bj[k];
        }
        double energy = 0.0;
        const int mode = breaks_now(blk, k, energy);
        if (mode) {
          r.breaks.push_back({blk.bi[k], blk.bj[k], blk.bond[k], mode, energy,
                              rrp_binder_block_get(&blk.b, k)});
          continue;
        }
        put_loads(blk, k, [&](int a, const double *fa, const double *ta) {
          if (first[a] == t) {
            for (int d = 0; d < 3; d++) {
              f0[3 * a + d] += fa[d];
              t0[3 * a + d] += ta[d];
            }
          } else {
            r.later.push_back({a, {fa[0], fa[1], fa[2], ta[0], ta[1], ta[2]}});
          }
        });
      }
    }
    r.seconds += clock.seconds();
  });

  int ncaptured = 0;
  for (int t = 0; t < nthreads; t++) {
    const Run &r = run[t];
    ncaptured += r.captured;
    if (r.twist >= 0 && !twist_warned) warn_twist(r.twist_i, r.twist_j, r.twist_angle);
    for (const auto &b : r.breaks) broke(b.i, b.j, b.bond, b.mode, b.energy, b.load);
    for (const auto &l : r.later)
      for (int d = 0; d < 3; d++) {
        f0[3 * l.atom + d] += l.load[d];
        t0[3 * l.atom + d] += l.load[3 + d];
      }
  }
  return ncaptured;
}

/* ----------------------------------------------------------------------
   batches: the host style's blocks, a batch of them gathered and loaded on the threads at once,
   then applied one by one in order (energies and virials tallied as the host style does)
------------------------------------------------------------------------- */

int BondRRPBinderKokkos::batches(double **quat)
{
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
  const int nblocks = (int) starts.size();
  int ncaptured = 0;
  if ((int) batch.size() < BATCH) batch.resize(BATCH);
  captured.assign(BATCH, 0);
  for (int b0 = 0; b0 < nblocks; b0 += BATCH) {
    const int nb = nblocks - b0 < BATCH ? nblocks - b0 : BATCH;
    Kokkos::parallel_for(Kokkos::RangePolicy<LMPHostType>(0, nb), [&](const int k) {
      int next = starts[b0 + k];
      gather(batch[k], next, nbondlist, captured[k], quat);
      loads(batch[k], quat);
    });
    for (int k = 0; k < nb; k++) {
      apply(batch[k]);
      ncaptured += captured[k];
      captured[k] = 0;
    }
  }
  return ncaptured;
}
