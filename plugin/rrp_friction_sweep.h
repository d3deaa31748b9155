/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the contacts of a stretch of a half neighbor list with friction (pair rrp/hertz,
   and its KOKKOS twin on the host's threads). The pairs that overlap are gathered into the
   core's blocks (rrp_friction_contacts: the Hertz force and the friction across SIMD lanes), the
   contacts that end are let go one by one (rrp_friction_release); what each pair gives reaches
   the caller in the list's order, so that the sums the caller makes of it are the same bits
   whatever the blocks. A block the core reports bad is computed again pair by pair with the
   one-contact functions, which find the bad pair (or give the block's bits).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_FRICTION_SWEEP_H
#define LMP_RRP_FRICTION_SWEEP_H

#include "lmptype.h"

#include "rrp/contact.h"
#include "rrp/friction.h"
#include "rrp/friction_kernel.h"

#include <vector>

namespace LAMMPS_NS {

// what a sweep reads: the atoms, the list and its histories (a fix NEIGH_HISTORY), the law
struct RRPFrictionPairs {
  const double *x, *v, *omega;    // LAMMPS's per-atom arrays (contiguous: x[3 i + k])
  const double *radius;
  const int *type;
  const double *special_lj;
  double **kpp;    // Hertz stiffness by types
  const int *ilist, *numneigh;
  int **firstneigh, **firsttouch;
  double **firsthistory;
  int nlocal, newton_pair;
  const rrp_friction *law;
  rrp_contact_point point;
  double dt;
  int update;    // LAMMPS's history_update (0 at a run's setup)
};

// what one pair gives: a contact's loads on i (F, ti) and on j (-F, tj: applied to j where
// both), its works (slip, rolling, twisting, exchange: its share, halves where newton_pair is off
// and j a ghost) and energy (with eflag); a contact that ended gives only its works
struct RRPFrictionPair {
  bool contact;
  bool both;
  int i, j;
  double F[3], ti[3], tj[3], w[4], e;
};

// a pair that stops the sweep: non-finite positions, coincident centres, non-finite velocities
enum class RRPFrictionFault { NONE, POSITIONS, CENTRES, VELOCITIES };

inline const char *rrp_friction_fault_text(RRPFrictionFault fault)
{
  return fault == RRPFrictionFault::POSITIONS ? "non-finite positions"
      : fault == RRPFrictionFault::CENTRES    ? "coincident centres"
                                              : "non-finite velocities";
}

class RRPFrictionSweep {
 public:
  // the pairs of list entries ii0..ii1-1, each handed to give(const RRPFrictionPair &) in the
  // list's order; the histories updated. Returns the first fault (the sweep stops there), its
  // atoms in fi, fj
  template <class Give>
  RRPFrictionFault run(const RRPFrictionPairs &p, int ii0, int ii1, int eflag, Give &&give,
                       int &fi, int &fj)
  {
    n = 0;
    ended.clear();
    for (int ii = ii0; ii < ii1; ii++) {
      // the histories of the atom PREFETCH entries ahead and its neighbors' positions and
      // velocities, on their way into the cache: the sweep reads the histories of the pairs in
      // contact only, a stream with gaps that the hardware's prefetchers lose, and the
      // neighbors' values wait on the list
      if (ii + PREFETCH < ii1) {
        const int ia = p.ilist[ii + PREFETCH];
        const char *h = reinterpret_cast<const char *>(p.firsthistory[ia]);
        const int bytes = p.numneigh[ia] * RRP_FRICTION_HISTORY * (int) sizeof(double);
        for (int off = 0; off < bytes; off += 64) __builtin_prefetch(h + off, 1);
        const int *ja = p.firstneigh[ia];
        for (int jj = 0; jj < p.numneigh[ia]; jj++) {
          const int j = ja[jj] & NEIGHMASK;
          __builtin_prefetch(&p.x[3 * j]);
          __builtin_prefetch(&p.v[3 * j]);
          __builtin_prefetch(&p.omega[3 * j]);
          __builtin_prefetch(&p.radius[j]);
          __builtin_prefetch(&p.type[j]);
        }
      }
      const int i = p.ilist[ii];
      const int *jlist = p.firstneigh[i];
      int *touch = p.firsttouch[i];
      double *allhistory = p.firsthistory[i];
      const double *xi = &p.x[3 * i];
      const double ri = p.radius[i];
      for (int jj = 0; jj < p.numneigh[i]; jj++) {
        int j = jlist[jj];
        const double factor = p.special_lj[j >> SBBITS & 3];
        j &= NEIGHMASK;
        double *history = &allhistory[RRP_FRICTION_HISTORY * jj];
        const double *xj = &p.x[3 * j];
        const double d[3] = {xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]};
        const double rsq = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        const double a = ri + p.radius[j];
        if (!(rsq < a * a) || factor == 0.0) {
          if (!(rsq >= a * a) && factor != 0.0) {
            fi = i;
            fj = j;
            return RRPFrictionFault::POSITIONS;
          }
          // (a pair not in contact holds a zero history: the fix of the histories zeroes a new
          // pair's, rrp_friction_release the history of a contact that ends)
          if (touch[jj]) end_contact(p, i, j, factor, d, history);
          touch[jj] = 0;
          continue;
        }
        touch[jj] = 1;
        put(p, i, j, factor, d, history);
        if (n == RRP_FRICTION_BLOCK) {
          const RRPFrictionFault fault = flush(p, eflag, give, fi, fj);
          if (fault != RRPFrictionFault::NONE) return fault;
        }
      }
    }
    return flush(p, eflag, give, fi, fj);
  }

 private:
  static constexpr int PREFETCH = 4;
  rrp_friction_block block;
  int n = 0;    // contacts in the block
  int bi[RRP_FRICTION_BLOCK], bj[RRP_FRICTION_BLOCK];
  double bfactor[RRP_FRICTION_BLOCK];
  double *bhistory[RRP_FRICTION_BLOCK];
  // the contacts that ended, in the list's order, each after the block's first `at` contacts
  struct Ended {
    int at;
    RRPFrictionPair pair;
  };
  std::vector<Ended> ended;

  // a pair that overlaps into the block: its inputs and history
  void put(const RRPFrictionPairs &p, int i, int j, double factor, const double d[3],
           double *history)
  {
    rrp_friction_block &b = block;
    const int k = n++;
    bi[k] = i;
    bj[k] = j;
    bfactor[k] = factor;
    bhistory[k] = history;
    const double *vi = &p.v[3 * i], *vj = &p.v[3 * j], *wi = &p.omega[3 * i],
                 *wj = &p.omega[3 * j];
    for (int q = 0; q < 3; q++) {
      b.d[q][k] = d[q];
      b.v[q][k] = vi[q] - vj[q];
      b.wi[q][k] = wi[q];
      b.wj[q][k] = wj[q];
    }
    b.ri[k] = p.radius[i];
    b.rj[k] = p.radius[j];
    b.K[k] = p.kpp[p.type[i]][p.type[j]];
    // (all but the works, which the block leaves to from_block)
#pragma GCC unroll 32
    for (int q = 0; q < RRP_FRICTION_WORK; q++) b.h[q][k] = history[q];
#pragma GCC unroll 32
    for (int q = RRP_FRICTION_LOADS; q < RRP_FRICTION_HISTORY; q++) b.h[q][k] = history[q];
  }
  void end_contact(const RRPFrictionPairs &p, int i, int j, double factor, const double d[3],
                   double *history);
  // contact k of the block from the one-contact functions (a block the core reports bad)
  RRPFrictionFault one_by_one(const RRPFrictionPairs &p, int k, int eflag, RRPFrictionPair &out);
  // a contact's loads, works and energy scaled by its special factor
  static void scaled(const RRPFrictionPairs &p, int i, int j, double factor, const double d[3],
                     double fs, double uh, const rrp_friction_out &o, int eflag,
                     RRPFrictionPair &out)
  {
    out.contact = true;
    out.both = p.newton_pair || j < p.nlocal;
    out.i = i;
    out.j = j;
    for (int q = 0; q < 3; q++) {
      out.F[q] = factor * (fs * d[q] + o.f[q]);
      out.ti[q] = factor * o.ti[q];
      out.tj[q] = factor * o.tj[q];
    }
    const double share = out.both ? 1.0 : 0.5;
    for (int q = 0; q < 3; q++) out.w[q] = share * factor * o.dissipated[q];
    out.w[3] = share * factor * o.exchange;
    out.e = eflag ? factor * (uh + o.u[0] + o.u[1] + o.u[2]) : 0.0;
  }

  // contact k from the block: its history written back (the springs, the works added, this
  // step's loads and energies kept as the last), its loads scaled
  void from_block(const RRPFrictionPairs &p, int k, int eflag, RRPFrictionPair &out)
  {
    const rrp_friction_block &b = block;
    rrp_friction_out o;
    for (int q = 0; q < 3; q++) {
      o.f[q] = b.f[q][k];
      o.ti[q] = b.ti[q][k];
      o.tj[q] = b.tj[q][k];
      o.u[q] = b.u[q][k];
      o.dissipated[q] = b.dissipated[q][k];
    }
    o.exchange = b.exchange[k];
    double *history = bhistory[k];
#pragma GCC unroll 32
    for (int q = 0; q < RRP_FRICTION_WORK; q++) history[q] = b.h[q][k];
    rrp_friction_add_works(history, &o);
    double *last = history + RRP_FRICTION_LOADS;
    for (int q = 0; q < 3; q++) {
      last[q] = o.f[q];
      last[3 + q] = o.ti[q];
      last[6 + q] = o.tj[q];
      last[9 + q] = o.u[q];
    }
    const double d[3] = {b.d[0][k], b.d[1][k], b.d[2][k]};
    scaled(p, bi[k], bj[k], bfactor[k], d, b.fs[k], b.uh[k], o, eflag, out);
  }

  template <class Give>
  RRPFrictionFault flush(const RRPFrictionPairs &p, int eflag, Give &give, int &fi, int &fj)
  {
    const int good = n ? rrp_friction_contacts(p.law, p.point, p.dt, p.update, &block, n) : RRP_OK;
    size_t e = 0;
    RRPFrictionPair out;
    for (int k = 0; k < n; k++) {
      for (; e < ended.size() && ended[e].at == k; e++) give(ended[e].pair);
      if (good == RRP_OK) {
        from_block(p, k, eflag, out);
      } else {
        const RRPFrictionFault fault = one_by_one(p, k, eflag, out);
        if (fault != RRPFrictionFault::NONE) {
          fi = bi[k];
          fj = bj[k];
          return fault;
        }
      }
      give(out);
    }
    for (; e < ended.size(); e++) give(ended[e].pair);
    n = 0;
    ended.clear();
    return RRPFrictionFault::NONE;
  }
};

}    // namespace LAMMPS_NS

#endif
