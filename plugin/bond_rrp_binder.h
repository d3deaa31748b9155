/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: bond_style rrp/binder, the binder between two spheres of a particle-binder
   composite (Baker & Gonzalez 2021, sec. 4): torsion/bending, axial and shear loads with
   torques, measured from a reference state captured when the bond is first computed.
   The loads come from core/ (rrp/binder.h).
------------------------------------------------------------------------- */

#ifdef BOND_CLASS
// clang-format off
BondStyle(rrp/binder,BondRRPBinder);
// clang-format on
#else

#ifndef LMP_BOND_RRP_BINDER_H
#define LMP_BOND_RRP_BINDER_H

#include "bond.h"

#include "rrp/binder.h"

#include <vector>

namespace LAMMPS_NS {

class BondRRPBinder : public Bond {
 public:
  BondRRPBinder(class LAMMPS *);
  ~BondRRPBinder() override;
  void compute(int, int) override;
  void settings(int, char **) override;
  void coeff(int, char **) override;
  void init_style() override;
  double equilibrium_distance(int) override;
  void write_restart(FILE *) override;
  void read_restart(FILE *) override;
  void write_restart_settings(FILE *) override;
  void read_restart_settings(FILE *) override;
  void write_data(FILE *) override;
  double single(int, double, int, int, double &) override;
  void *extract(const char *, int &) override;

  double eterm[3];     // this rank's U^m, U^a, U^s of the last energy evaluation
  double released;     // energy of all ruptured binders so far (the same on every rank)
  double nbroken;      // number of ruptured binders so far (the same on every rank)
  double nbroken_mode[6];    // of them, by mode (1 axial ... 5 rotation; 0 unused)

  // rupture modes: rrp_binder_mode 1-4 of the combined criterion, and break twist's rotation
  enum { MODE_ROTATION = RRP_BREAK_ROTATION };

 protected:
  double *kb, *kt, *ka, *ks;    // per type: bending, twist, axial, shear stiffness
  double *crit[4];              // per type: critical strain, shear, bend, twist angles (0: none)
  rrp_binder_rupture *law;      // per type: the rupture law of crit and break (made at init)
  int *measured;                // per type: the law reads the measures (a combined criterion)
  enum rrp_shear_form shear_form;
  bool orientation_fixed;    // keyword orientation fixed: no integrator need advance it
  double break_strain;    // rupture when L/L0 - 1 exceeds it; 0: no rupture
  double break_twist;     // rupture when the relative rotation angle exceeds it; 0: none
  bool twist_warned;      // the half-turn warning was given (this rank)
  char *ref_array;        // d2_ per-atom array with written reference states, or nullptr
  bool ref_pending;       // ref_array still to be read (the first computation after it is set)
  bool check_pending;     // orientation check still to be made (at the first computation after init)
  bool first_compute;     // the first computation since init (captures are counted then)
  bool rupture;           // some binders can break (break keyword or critical values): set at init
  double r0_max;
  char *id_fix_dummy, *id_fix_history;
  class FixRRPBinderHistory *fix_history;
  int ndata;              // values per slot of the history (rrp_binder_slot_size)

  // break records through fix STORE/LOCAL (store/local keyword)
  char *id_fix_store_local;
  int store_local_freq;
  std::vector<int> store_values;
  class FixStoreLocal *fix_store_local;
  std::vector<double> store_row;

  struct Broken {
    int i, j, mode;
  };
  std::vector<Broken> broken;    // this step's ruptures, removed after the bond loop
  rrp_binder_block *block;       // the bonds of one block: inputs and loads

  void allocate();
  void capture(int n, int i, int j, double **quat);
  void remove_bond(int i, int j);
  int reference_from_array(int i, int j, double s[11]);
  int reference_of(int i, int j, const double *&slot);
  void make_laws();
  void set_form(int);
  void make_store_local();
  void record(int i, int j, int mode, double energy, const rrp_binder_load &load);
  void loads_one_by_one(int nb, const int *bi, const int *bj, const double *const *slot);
};

}    // namespace LAMMPS_NS

#endif
#endif
