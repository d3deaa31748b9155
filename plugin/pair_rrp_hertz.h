/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz, frictionless Hertzian contact between overlapping spheres,
   U = 2/5 K [1 - r/(R_i+R_j)]_+^{5/2} (Baker & Gonzalez 2021, eqs. 56-57 with the erratum of
   doc/theory.rst section 3). The force comes from core/ (rrp/contact.h).
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(rrp/hertz,PairRRPHertz);
// clang-format on
#else

#ifndef LMP_PAIR_RRP_HERTZ_H
#define LMP_PAIR_RRP_HERTZ_H

#include "pair.h"

#include "rrp_friction_sweep.h"

#include "rrp/friction.h"

#include <memory>
#include <vector>

namespace LAMMPS_NS {

class PairRRPHertz : public Pair {
 public:
  PairRRPHertz(class LAMMPS *);
  ~PairRRPHertz() override;
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  double init_one(int, int) override;
  void write_restart(FILE *) override;
  void read_restart(FILE *) override;
  void write_restart_settings(FILE *) override {}
  void read_restart_settings(FILE *) override {}
  void transfer_history(double *, double *, int, int) override;
  void write_data(FILE *) override;
  void write_data_all(FILE *) override;
  double single(int, int, int, int, double, double, double, double &) override;
  void *extract(const char *, int &) override;

  // a contact's history for its other atom (transfer_history, which reads no type)
  static void transfer(const double *source, double *target);

 protected:
  double **kpp;
  double maxrad;

  // friction (pair_style keywords friction, rolling, twisting, contact): the law, where the
  // sliding velocity takes the contact point, the contacts' histories (a fix NEIGH_HISTORY, made
  // in place of a dummy fix created with the keywords, as pair granular does); the work the
  // contacts dissipated by slip, rolling and twisting since the start (over all ranks)
  bool friction;
  rrp_friction law;
  rrp_contact_point contact_point;
  class FixNeighHistory *fix_history;
  double friction_work[4];    // (and the work of the stiffnesses' changes)
  void make_dummy();
  // init_style: the fix of the histories (trysuffix for replace_fix): the one rrp/read_data
  // made with a data file's Contacts, else one in place of the placeholder
  void attach_history(int trysuffix);
  // init_style without friction: drops, with a WARNING, histories rrp/read_data made
  void drop_read_history();
  void compute_friction(int eflag);
  // the list's contacts in the core's blocks (rrp_friction_sweep.h)
  std::unique_ptr<RRPFrictionSweep> sweep;
  RRPFrictionPairs friction_pairs() const;

  // pairs in contact gathered for rrp_hertz_pair_factors: atoms, stiffness, a = R_i + R_j,
  // |d|^2, special factor; the factors and energies
  static constexpr int BLOCK = 256;
  std::vector<int> pair_i, pair_j;
  std::vector<double> pair_k, pair_a, pair_rsq, pair_factor, pair_fs, pair_e;
  void reserve_pairs(int n);
  void apply_pairs(int np, int eflag);
  void allocate();
};

}    // namespace LAMMPS_NS

#endif
#endif
