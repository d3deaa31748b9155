/* ----------------------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz/kk (see pair_rrp_hertz_kokkos.h). A Kokkos kernel over the
   neighbor list; each pair in contact is the core's rrp_hertz_pair_factor (rrp/contact.h), its
   force applied and tallied as the host style does: the force on i summed over its neighbors,
   then added, the force on j subtracted pair by pair. With friction, the host style's list and
   contact histories, the contacts' law on the host's threads (compute_friction_threads).
------------------------------------------------------------------------- */

#include "pair_rrp_hertz_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "kokkos.h"
#include "memory_kokkos.h"
#include "modify.h"
#include "neigh_list_kokkos.h"
#include "neigh_request.h"
#include "neighbor.h"
#include "update.h"

#include "rrp/contact.h"

#include <algorithm>
#include <climits>

using namespace LAMMPS_NS;

namespace LAMMPS_NS {

struct TagHertzOrdered {};
struct TagHertzFirst {};
struct TagHertzCount {};

}    // namespace LAMMPS_NS

namespace {

template <class DeviceType, int NEIGHFLAG, int NEWTON, int EVFLAG> struct HertzKernel {
  typedef DeviceType device_type;
  typedef RRPHertzSums value_type;
  typedef ArrayTypes<DeviceType> AT;

  typename AT::t_x_array_randomread x;
  // the forces: with half/thread lists a copy per thread summed after the kernel (OpenMP), or
  // atomic sums (a GPU); else the forces themselves
  Kokkos::Experimental::ScatterView<F_FLOAT *[3], typename DAT::t_f_array::array_layout,
                                    typename KKDevice<DeviceType>::value,
                                    Kokkos::Experimental::ScatterSum, NeedDup_v<NEIGHFLAG, DeviceType>>
      f;
  typename AT::t_float_1d_randomread radius;
  typename AT::t_int_1d_randomread type;
  typename AT::t_ffloat_2d_randomread kpp;
  typename AT::t_neighbors_2d neighbors;
  typename AT::t_int_1d_randomread numneigh, ilist;
  Kokkos::View<E_FLOAT *, typename DAT::t_efloat_1d::array_layout,
               typename KKDevice<DeviceType>::value,
               Kokkos::MemoryTraits<AtomicF<NEIGHFLAG>::value>>
      eatom;
  Kokkos::View<F_FLOAT *[6], typename DAT::t_virial_array::array_layout,
               typename KKDevice<DeviceType>::value,
               Kokkos::MemoryTraits<AtomicF<NEIGHFLAG>::value>>
      vatom;
  double special_lj[4];
  int nlocal, eflag_global, eflag_atom, vflag_global, vflag_atom;

  KOKKOS_INLINE_FUNCTION void init(value_type &s) const
  {
    s.evdwl = 0.0;
    for (int k = 0; k < 6; k++) s.v[k] = 0.0;
    s.bad_i = INT_MAX;
    s.bad_j = -1;
    s.status = RRP_OK;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &s, const value_type &t) const
  {
    s.evdwl += t.evdwl;
    for (int k = 0; k < 6; k++) s.v[k] += t.v[k];
    if (t.bad_i < s.bad_i) {
      s.bad_i = t.bad_i;
      s.bad_j = t.bad_j;
      s.status = t.status;
    }
  }

  // the share of a pair's energy and virial: the whole pair with a half list and newton on, each
  // local atom's half otherwise (a full list visits the pair from both atoms)
  KOKKOS_INLINE_FUNCTION void tally(value_type &s, int i, int j, double e, double fx, double fy,
                                    double fz, double dx, double dy, double dz) const
  {
    const double v[6] = {dx * fx, dy * fy, dz * fz, dx * fy, dx * fz, dy * fz};
    double share = 0.0;
    if (NEIGHFLAG == FULL)
      share = 0.5;
    else if (NEWTON)
      share = 1.0;
    else
      share = 0.5 * ((i < nlocal) + (j < nlocal));
    if (eflag_global) s.evdwl += share * e;
    if (vflag_global)
      for (int k = 0; k < 6; k++) s.v[k] += share * v[k];
    const bool on_j = NEIGHFLAG != FULL && (NEWTON || j < nlocal);
    if (eflag_atom) {
      eatom(i) += 0.5 * e;
      if (on_j) eatom(j) += 0.5 * e;
    }
    if (vflag_atom)
      for (int k = 0; k < 6; k++) {
        vatom(i, k) += 0.5 * v[k];
        if (on_j) vatom(j, k) += 0.5 * v[k];
      }
  }

  // the pairs of atom i: the force on each neighbor j written through sink.put(j, -F) as the pair
  // is met, the force on i summed over them and then put, as the host style does
  template <class Sink> KOKKOS_INLINE_FUNCTION void atom(const int i, value_type &s, Sink &sink) const
  {
    const double xi = x(i, 0), yi = x(i, 1), zi = x(i, 2), ri = radius(i);
    const int itype = type(i);
    const int jnum = numneigh(i);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    for (int jj = 0; jj < jnum; jj++) {
      int j = neighbors(i, jj);
      const double factor = special_lj[j >> SBBITS & 3];
      j &= NEIGHMASK;
      if (factor == 0.0) continue;
      const double dx = xi - x(j, 0), dy = yi - x(j, 1), dz = zi - x(j, 2);
      const double rsq = dx * dx + dy * dy + dz * dz;
      const double a = ri + radius(j);
      if (rsq >= a * a) continue;
      int status = RRP_OK;
      double e = 0.0;
      const double fs = rrp_hertz_pair_factor(kpp(itype, type(j)), a, rsq, EVFLAG ? &e : nullptr,
                                              &status);
      if (status != RRP_OK) {
        if (i < s.bad_i) {
          s.bad_i = i;
          s.bad_j = j;
          s.status = status;
        }
        continue;
      }
      const double fpair = factor * fs;
      const double fx = fpair * dx, fy = fpair * dy, fz = fpair * dz;
      fxi += fx;
      fyi += fy;
      fzi += fz;
      // (f - F and f + (-F) are the same number)
      if (NEIGHFLAG != FULL && (NEWTON || j < nlocal)) sink.put(j, -fx, -fy, -fz);
      if (EVFLAG) tally(s, i, j, factor * e, fx, fy, fz, dx, dy, dz);
    }
    sink.put(i, fxi, fyi, fzi);
  }

  // a GPU (or a full list): one atom per work item, the forces through the scatter view
  template <class Access> struct ScatterSink {
    Access a;
    KOKKOS_INLINE_FUNCTION void put(int j, double fx, double fy, double fz)
    {
      a(j, 0) += fx;
      a(j, 1) += fy;
      a(j, 2) += fz;
    }
  };
  KOKKOS_INLINE_FUNCTION void operator()(const int ii, value_type &s) const
  {
    auto a_f = f.template access<AtomicDup_v<NEIGHFLAG, DeviceType>>();
    ScatterSink<decltype(a_f)> sink{a_f};
    atom(ilist(ii), s, sink);
  }

  // the ordered path (a half list on the host's threads): the list cut into one run of atoms per
  // thread, each run's forces summed in the host style's order. An atom's force is written by
  // the first run that touches it ("first", made when the list is); the later runs put theirs on
  // a list of their own, added after the kernel run by run, in order: so every force is the sum
  // of the same terms in the same order as on one thread, bit for bit, on any number of threads
  typename AT::t_f_array fo;
  Kokkos::View<int *, DeviceType> first, bounds, dstart, dused, didx;
  Kokkos::View<double *[3], DeviceType> dval;
  Kokkos::View<RRPHertzSums *, DeviceType> csum;
  int single;    // one run: all forces written as they come

  struct OrderedSink {
    const HertzKernel &k;
    int t, pos;
    KOKKOS_INLINE_FUNCTION void put(int j, double fx, double fy, double fz)
    {
      if (k.single || k.first(j) == t) {
        k.fo(j, 0) += fx;
        k.fo(j, 1) += fy;
        k.fo(j, 2) += fz;
      } else {
        k.didx(pos) = j;
        k.dval(pos, 0) = fx;
        k.dval(pos, 1) = fy;
        k.dval(pos, 2) = fz;
        pos++;
      }
    }
  };
  KOKKOS_INLINE_FUNCTION void operator()(TagHertzOrdered, const int t) const
  {
    value_type s;
    init(s);
    OrderedSink sink{*this, t, single ? 0 : dstart(t)};
    for (int ii = bounds(t); ii < bounds(t + 1); ii++) atom(ilist(ii), s, sink);
    if (!single) dused(t) = sink.pos - dstart(t);
    csum(t) = s;
  }

  // when the list is made: the first run to touch each atom (a list entry counts as a touch:
  // a superset of the pairs in contact), then the length of each run's list of later forces
  template <class Visit> KOKKOS_INLINE_FUNCTION void touches(const int t, Visit &visit) const
  {
    for (int ii = bounds(t); ii < bounds(t + 1); ii++) {
      const int i = ilist(ii);
      visit(i);
      const int jnum = numneigh(i);
      for (int jj = 0; jj < jnum; jj++) {
        const int j = neighbors(i, jj) & NEIGHMASK;
        if (NEWTON || j < nlocal) visit(j);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagHertzFirst, const int t) const
  {
    auto visit = [&](int j) { Kokkos::atomic_min(&first(j), t); };
    touches(t, visit);
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagHertzCount, const int t) const
  {
    int n = 0;
    auto visit = [&](int j) { n += first(j) != t; };
    touches(t, visit);
    dused(t) = n;
  }
};

}    // namespace

template <class DeviceType>
PairRRPHertzKokkos<DeviceType>::PairRRPHertzKokkos(LAMMPS *lmp) :
    PairRRPHertz(lmp), neighflag(HALF), kpp_changed(true), plan_step(-1), plan_inum(-1), plan_nall(-1)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | F_MASK | TYPE_MASK | RADIUS_MASK | ENERGY_MASK | VIRIAL_MASK;
  datamask_modify = F_MASK | ENERGY_MASK | VIRIAL_MASK;
  no_virial_fdotr_compute = 1;    // the kernel tallies the virial
}

template <class DeviceType> PairRRPHertzKokkos<DeviceType>::~PairRRPHertzKokkos()
{
  if (copymode) return;
  memoryKK->destroy_kokkos(k_eatom, eatom);
  memoryKK->destroy_kokkos(k_vatom, vatom);
  eatom = nullptr;
  vatom = nullptr;
}

template <class DeviceType> void PairRRPHertzKokkos<DeviceType>::init_style()
{
  if (friction) {
    // the host style's fix NEIGH_HISTORY (asked for without the kk suffix), not LAMMPS's fix
    // NEIGH_HISTORY/KK: that one gives a pair's other atom the negative of every value of the
    // history (no transfer_history: here the torques change places and most values keep their
    // sign) and needs newton off. The fix reads the host's neighbor list: this style takes one
    // too, works on the host's arrays, and its restart files are the host style's
    // (the data-file section Contacts too: fix NEIGH_HISTORY/RRP, pair_rrp_hertz.cpp)
    attach_history(0);
    execution_space = Host;
    datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | TYPE_MASK |
        RADIUS_MASK | TAG_MASK | ENERGY_MASK | VIRIAL_MASK;
    datamask_modify = F_MASK | TORQUE_MASK | ENERGY_MASK | VIRIAL_MASK;
    no_virial_fdotr_compute = 0;    // (the host style's virial: from the forces, f . r)
  } else {
    execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
    datamask_read = X_MASK | F_MASK | TYPE_MASK | RADIUS_MASK | ENERGY_MASK | VIRIAL_MASK;
    datamask_modify = F_MASK | ENERGY_MASK | VIRIAL_MASK;
    no_virial_fdotr_compute = 1;
  }
  atomKK->sync(Host, RADIUS_MASK);    // the host style takes the largest radius
  PairRRPHertz::init_style();
  neighflag = lmp->kokkos->neighflag;
  if (friction) return;    // (the host style's request: a half list by size, on the host)
  auto request = neighbor->find_request(this);
  request->set_kokkos_host(std::is_same_v<DeviceType, LMPHostType> &&
                           !std::is_same_v<DeviceType, LMPDeviceType>);
  request->set_kokkos_device(std::is_same_v<DeviceType, LMPDeviceType>);
  if (neighflag == FULL) request->enable_full();
  kpp_changed = true;
}

template <class DeviceType> double PairRRPHertzKokkos<DeviceType>::init_one(int i, int j)
{
  kpp_changed = true;
  return PairRRPHertz::init_one(i, j);
}

template <class DeviceType>
template <int NEIGHFLAG, int NEWTON, int EVFLAG>
void PairRRPHertzKokkos<DeviceType>::launch(int inum, RRPHertzSums &s)
{
  HertzKernel<DeviceType, NEIGHFLAG, NEWTON, EVFLAG> k;
  k.x = atomKK->k_x.view<DeviceType>();
  k.radius = atomKK->k_radius.view<DeviceType>();
  k.type = atomKK->k_type.view<DeviceType>();
  k.kpp = k_kpp.template view<DeviceType>();
  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(list);
  k.neighbors = k_list->d_neighbors;
  k.numneigh = k_list->d_numneigh;
  k.ilist = k_list->d_ilist;
  if (eflag_atom) k.eatom = k_eatom.view<DeviceType>();
  if (vflag_atom) k.vatom = k_vatom.view<DeviceType>();
  for (int m = 0; m < 4; m++) k.special_lj[m] = force->special_lj[m];
  k.nlocal = atom->nlocal;
  k.eflag_global = eflag_global;
  k.eflag_atom = eflag_atom;
  k.vflag_global = vflag_global;
  k.vflag_atom = vflag_atom;
  auto f = atomKK->k_f.view<DeviceType>();

  constexpr bool on_host =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename DeviceType::memory_space>::accessible;
  if constexpr (on_host && NEIGHFLAG != FULL) {
    ordered(k, inum);
    k.fo = f;
    k.first = first;
    k.bounds = bounds;
    k.dstart = dstart;
    k.dused = dused;
    k.didx = didx;
    k.dval = dval;
    k.csum = csum;
    const int runs = (int) csum.extent(0);
    k.single = runs == 1;
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType, TagHertzOrdered>(0, runs), k);
    Kokkos::fence();
    // the later runs' forces, run by run (the first run has none)
    for (int t = 1; t < runs; t++)
      for (int m = dstart(t); m < dstart(t) + dused(t); m++)
        for (int c = 0; c < 3; c++) f(didx(m), c) += dval(m, c);
    k.init(s);
    for (int t = 0; t < runs; t++) k.join(s, csum(t));
  } else {
    // (a full list writes each atom's own force only; a half/thread list on a GPU, atomic sums)
    k.f = Kokkos::Experimental::create_scatter_view<Kokkos::Experimental::ScatterSum,
                                                    NeedDup_v<NEIGHFLAG, DeviceType>>(f);
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, inum), k, s);
    Kokkos::Experimental::contribute(f, k.f);
  }
}

/* the ordered path's plan, made again when the neighbor list is: the runs of the list (one per
   thread), the first run to touch each atom, where each run's list of later forces begins */

template <class DeviceType>
template <class Kernel>
void PairRRPHertzKokkos<DeviceType>::ordered(Kernel &k, int inum)
{
  const int runs = inum < 2 ? 1 : std::min<int>(typename DeviceType::execution_space().concurrency(), inum);
  const int nall = atom->nlocal + atom->nghost;
  // (lastcall: a list made on a step this style was not computed on)
  if (neighbor->ago != 0 && neighbor->lastcall == plan_step && plan_inum == inum &&
      plan_nall == nall && (int) csum.extent(0) == runs)
    return;
  plan_step = neighbor->lastcall;
  plan_inum = inum;
  plan_nall = nall;
  if ((int) csum.extent(0) != runs) {
    csum = decltype(csum)("rrp/hertz:csum", runs);
    bounds = decltype(bounds)("rrp/hertz:bounds", runs + 1);
    dstart = decltype(dstart)("rrp/hertz:dstart", runs + 1);
    dused = decltype(dused)("rrp/hertz:dused", runs);
  }
  for (int t = 0; t <= runs; t++) bounds(t) = (int) ((long) inum * t / runs);
  if (runs == 1) return;
  if ((int) first.extent(0) < nall) first = decltype(first)("rrp/hertz:first", atom->nmax);
  Kokkos::deep_copy(Kokkos::subview(first, std::make_pair(0, nall)), runs);
  k.first = first;
  k.bounds = bounds;
  k.dused = dused;
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType, TagHertzFirst>(0, runs), k);
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType, TagHertzCount>(0, runs), k);
  Kokkos::fence();
  dstart(0) = 0;
  for (int t = 0; t < runs; t++) dstart(t + 1) = dstart(t) + dused(t);
  if ((int) didx.extent(0) < dstart(runs)) {
    didx = decltype(didx)("rrp/hertz:didx", dstart(runs));
    dval = decltype(dval)("rrp/hertz:dval", dstart(runs));
  }
}

template <class DeviceType> void PairRRPHertzKokkos<DeviceType>::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag, 0);

  if (kpp_changed) {    // the coefficients (type pairs), to the device
    const int n = atom->ntypes + 1;
    if ((int) k_kpp.extent(0) != n)
      k_kpp = typename ArrayTypes<DeviceType>::tdual_ffloat_2d("rrp/hertz:kpp", n, n);
    for (int i = 1; i < n; i++)
      for (int j = 1; j < n; j++) k_kpp.h_view(i, j) = kpp[i][j];
    k_kpp.template modify<LMPHostType>();
    k_kpp.template sync<DeviceType>();
    kpp_changed = false;
  }
  if (eflag_atom) {
    memoryKK->destroy_kokkos(k_eatom, eatom);
    memoryKK->create_kokkos(k_eatom, eatom, maxeatom, "pair:eatom");
  }
  if (vflag_atom) {
    memoryKK->destroy_kokkos(k_vatom, vatom);
    memoryKK->create_kokkos(k_vatom, vatom, maxvatom, "pair:vatom");
  }

  if (friction) {
    compute_friction_threads(eflag);
    return;
  }

  atomKK->sync(execution_space, datamask_read);
  atomKK->modified(execution_space, datamask_modify);

  RRPHertzSums s;
  const int inum = list->inum;
  const bool ev = eflag || vflag;
  if (neighflag == FULL) {
    if (ev) launch<FULL, 0, 1>(inum, s); else launch<FULL, 0, 0>(inum, s);
  } else if (neighflag == HALFTHREAD) {
    if (force->newton_pair) {
      if (ev) launch<HALFTHREAD, 1, 1>(inum, s); else launch<HALFTHREAD, 1, 0>(inum, s);
    } else {
      if (ev) launch<HALFTHREAD, 0, 1>(inum, s); else launch<HALFTHREAD, 0, 0>(inum, s);
    }
  } else {
    if (force->newton_pair) {
      if (ev) launch<HALF, 1, 1>(inum, s); else launch<HALF, 1, 0>(inum, s);
    } else {
      if (ev) launch<HALF, 0, 1>(inum, s); else launch<HALF, 0, 0>(inum, s);
    }
  }

  if (s.status != RRP_OK) {
    atomKK->sync(Host, X_MASK | TAG_MASK);
    const int i = s.bad_i, j = s.bad_j;
    error->one(FLERR, "Pair style rrp/hertz/kk: atoms {} and {} on step {}: {} (at ({}, {}, {}))",
               atom->tag[i], atom->tag[j], update->ntimestep,
               s.status == RRP_EDOMAIN ? "coincident centres" : "non-finite positions",
               atom->x[i][0], atom->x[i][1], atom->x[i][2]);
  }
  if (eflag_global) eng_vdwl += s.evdwl;
  if (vflag_global)
    for (int k = 0; k < 6; k++) virial[k] += s.v[k];
  if (eflag_atom) {
    k_eatom.template modify<DeviceType>();
    k_eatom.template sync<LMPHostType>();
  }
  if (vflag_atom) {
    k_vatom.template modify<DeviceType>();
    k_vatom.template sync<LMPHostType>();
  }
}

/* ----------------------------------------------------------------------
   with friction: the host style's compute_friction (pair_rrp_hertz.cpp) in two passes. The host
   style's list is cut into one run of atoms a thread; on its thread each run sweeps its pairs as
   the host style does (RRPFrictionSweep: the core's blocks, the histories updated) and records
   what each gives, in order. Then, on one thread, the records run by run: the forces, torques,
   works and tallies added in the list's order, as the host style adds them, so every sum is the
   host style's bit for bit on any number of threads. The second pass only adds: the law's cost
   is in the first
------------------------------------------------------------------------- */

template <class DeviceType>
void PairRRPHertzKokkos<DeviceType>::compute_friction_threads(int eflag)
{
  atomKK->sync(Host, datamask_read);    // (the integrator has: a compute pair or run 0 may not)
  double **x = atom->x, **f = atom->f, **torque = atom->torque;
  const int nlocal = atom->nlocal, newton_pair = force->newton_pair;
  const int inum = list->inum;
  const int *ilist = list->ilist, *numneigh = list->numneigh;
  const RRPFrictionPairs pairs = friction_pairs();

  // the runs: the list cut where each holds about as many of its entries
  const int runs = std::max(1, std::min<int>(LMPHostType().concurrency(), inum));
  friction_runs.resize(runs);
  friction_faults.assign(runs, FrictionFault());
  while ((int) friction_sweeps.size() < runs) friction_sweeps.emplace_back(new RRPFrictionSweep);
  friction_cuts.assign(runs + 1, inum);
  friction_cuts[0] = 0;
  long total = 0, seen = 0;
  for (int ii = 0; ii < inum; ii++) total += numneigh[ilist[ii]];
  for (int ii = 0, t = 1; ii < inum && t < runs; ii++) {
    seen += numneigh[ilist[ii]];
    while (t < runs && seen * runs >= total * t) friction_cuts[t++] = ii + 1;
  }

  Kokkos::parallel_for(Kokkos::RangePolicy<LMPHostType>(0, runs), [&](const int t) {
    std::vector<RRPFrictionPair> &records = friction_runs[t];
    records.clear();
    FrictionFault &fault = friction_faults[t];
    fault.kind = friction_sweeps[t]->run(
        pairs, friction_cuts[t], friction_cuts[t + 1], eflag,
        [&](const RRPFrictionPair &c) { records.push_back(c); }, fault.i, fault.j);
  });

  double step_work[4] = {0.0, 0.0, 0.0, 0.0};
  for (int t = 0; t < runs; t++) {
    for (const RRPFrictionPair &c : friction_runs[t]) {
      for (int k = 0; k < 4; k++) step_work[k] += c.w[k];
      if (!c.contact) continue;
      const int i = c.i, j = c.j;
      for (int k = 0; k < 3; k++) {
        f[i][k] += c.F[k];
        torque[i][k] += c.ti[k];
        if (c.both) {
          f[j][k] -= c.F[k];
          torque[j][k] += c.tj[k];
        }
      }
      if (evflag)
        ev_tally_xyz(i, j, nlocal, newton_pair, c.e, 0.0, c.F[0], c.F[1], c.F[2],
                     x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]);
    }
    // (a run's fault after its pairs before it, as the host style meets it)
    const FrictionFault &fault = friction_faults[t];
    if (fault.kind != RRPFrictionFault::NONE)
      error->one(FLERR, "Pair style rrp/hertz/kk: atoms {} and {} on step {}: {}",
                 atom->tag[fault.i], atom->tag[fault.j], update->ntimestep,
                 rrp_friction_fault_text(fault.kind));
  }
  if (vflag_fdotr) virial_fdotr_compute();
  atomKK->modified(Host, F_MASK | TORQUE_MASK);
  if (eflag_atom) k_eatom.modify_host();
  if (vflag_atom) k_vatom.modify_host();

  // the works of the step over all ranks, as the host style sums them
  double all[4];
  MPI_Allreduce(step_work, all, 4, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < 4; k++) friction_work[k] += all[k];
}

namespace LAMMPS_NS {
template class PairRRPHertzKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairRRPHertzKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
