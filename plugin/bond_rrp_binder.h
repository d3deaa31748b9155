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

#include "atom.h"
#include "bond.h"
#include "force.h"

#include "rrp/binder.h"
#include "rrp/visco.h"

#include <string>
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
  // this rank's viscous tallies of the last energy evaluation: the energy in the branch springs
  // (part of eterm) and the work the living binders' branches dissipated since bonding
  double vterm[2];

 protected:
  double *kb, *kt, *ka, *ks;    // per type: bending, twist (energy), axial, shear (force) stiffness
  double *crit[4];              // per type: critical strain, shear, bend, twist angles (0: none)
  // per type: Mohr-Coulomb strength (keyword mohr): tensile strength, cohesion (stresses),
  // friction angle (degrees), the cross-section's radius over the smaller particle's, the
  // moment factor beta (keyword mcf after mohr's numbers; 1 by default) (all 0: none)
  double *mohr[5];
  rrp_binder_strength *strength;    // per type: the strength of mohr (made at init)
  // viscoelastic binders (bond_rrp_binder_visco.cpp): per type and mode (rrp_visco_mode order:
  // axial, shear, bending, twist) the Prony series, and the Burgers numbers it came from (E1 0:
  // none); the equilibrium stiffnesses the elastic loads take (K g_inf: K itself for an elastic
  // type); the step factors of each type, made at each computation
  rrp_visco_series (*series)[RRP_VISCO_MODES];
  double (*burgers)[RRP_VISCO_MODES][4];
  double *kb_eq, *kt_eq, *ka_eq, *ks_eq;
  rrp_visco_step *vstep;
  rrp_visco_factors *vfactors;  // the step factors as the fused block kernel takes them
  int *viscous;                 // per type: a series in some mode
  int *fused;                   // per type: viscous, in the shear form of the fused kernel (linear)
  bool any_viscous;             // some type has one (set at init)
  bool any_fused;               // some type is fused
  int vblock_terms;             // the fused kernel's terms a mode (rrp_visco_block_terms)
  int vterms[RRP_VISCO_MODES];  // the branch states' layout: terms per mode, the most of any type
  int nref;                     // values of a slot's reference (7, 11): its branch state follows
  enum { SHIFT_NONE = 0, SHIFT_WLF = 1, SHIFT_ARRHENIUS = 2 } shift_kind;
  double shift_c[3];            // WLF: C1 C2 Tref; Arrhenius: Ta Tref
  std::string temperature_var;  // the temperature's equal-style variable (empty: the number)
  double temperature_value;
  bool branches_relaxed;        // keyword branches relaxed: references without branches take them
  double dxi_last;              // the reduced time step of the last computation
  bigint visco_step_done;       // the step the branch states were last updated on
  bool visco_seed;              // branches widened in: their last measures are those of now
  rrp_binder_rupture *law;      // per type: the rupture law of crit and break (made at init)
  int *measured;                // per type: the law reads the measures (a combined criterion)
  enum rrp_shear_form shear_form;
  bool orientation_fixed;    // keyword orientation fixed: no integrator need advance it
  double break_strain;    // rupture when L/L0 - 1 exceeds it; 0: no rupture
  double break_twist;     // rupture when the relative rotation angle exceeds it; 0: none
  bool twist_warned;      // the half-turn warning was given (this rank)
  bool check_pending;     // orientation check still to be made (at the first computation after init)
  bool first_compute;     // the first computation since init (captures are counted then)
  bool rupture;           // some binders can break (break keyword or critical values): set at init
  double r0_max;
  char *id_fix_dummy, *id_fix_history;
  class FixRRPBinderHistory *fix_history;
  int ndata;              // values per slot of the history (rrp_binder_slot_size)
  class RRPBondBreaks *breaks;    // break records, removal of broken bonds, their counts
  // the bonds of one block: the core's inputs and loads, and for each (lane) its entry of the
  // bond list, its two atoms (the lower ID first) and its reference slot
  struct Block {
    rrp_binder_block b;
    int nb;
    int bond[RRP_BINDER_BLOCK], bi[RRP_BINDER_BLOCK], bj[RRP_BINDER_BLOCK];
    double *bslot[RRP_BINDER_BLOCK];
    // viscous binders: energy in the branch springs, work dissipated since bonding
    double vstored[RRP_BINDER_BLOCK], vdissipated[RRP_BINDER_BLOCK];
    // the lanes by kernel: lanes 0 .. nelastic-1 take the elastic block kernel (the elastic types,
    // and every type in a shear form the fused kernel does not have), then one run of lanes per
    // fused viscous type, run r the lanes run_lo[r] .. run_lo[r + 1]-1 of type run_type[r]; the
    // bonds of each in the bond list's order, which order[o] (the lane of the block's o-th bond
    // in the list) keeps for apply
    int order[RRP_BINDER_BLOCK];
    int nelastic, nruns;
    int run_type[RRP_BINDER_BLOCK], run_lo[RRP_BINDER_BLOCK + 1];
    rrp_visco_block v;    // the fused lanes' branch states
  };
  Block *block;

  void allocate();
  void capture(int i, int j, double **quat);
  // what compute() does before the blocks (checks, tallies reset, slot index) and after them
  // (broken binders removed, the first computation's captures said)
  void compute_begin(int eflag, int vflag);
  void compute_end(int ncaptured);
  // the next block from bond list entry next on, before end (a bond without reference is
  // captured, counted in ncaptured), its loads, then applied to the atoms; the first two touch
  // nothing but the block (the KOKKOS twin runs them on several blocks at once)
  void gather(Block &k, int &next, int end, int &ncaptured, double **quat);
  void loads(Block &k, double **quat);
  void loads_one_by_one(Block &k, double **quat, int lo, int hi);
  void apply(const Block &k);
  // the branches of the viscous binders in lanes lo .. hi-1 of a block, one by one: their states
  // updated, their loads added to the elastic ones
  void visco_loads(Block &k, double **quat, int lo, int hi);
  // run r of a block's fused lanes: the fused kernel, the states back to their slots
  void visco_fused(Block &k, double **quat, int r);
  int visco_coeff(int narg, char **arg, int iarg, int ilo, int ihi);
  int visco_settings(int narg, char **arg, int iarg);
  void visco_allocate(int np1);
  void visco_destroy();
  void visco_init();
  void visco_begin();
  int strength_breaks(const Block &blk, int k, int type) const;
  void visco_seed_measures();
  double temperature_now();
  void visco_check_temperature();
  void visco_check_history();
  std::string visco_coeff_words(int type) const;
  void visco_write_restart(FILE *fp, int version) const;
  void visco_read_restart(FILE *fp, int version);
  // apply's steps for bond k of a block, in its order (the KOKKOS twin takes them on threads)
  bool twist_near(const Block &blk, int k) const;
  void warn_twist(int i, int j, double angle);
  int breaks_now(const Block &blk, int k, double &energy) const;
  void broke(int i, int j, int n, int mode, double energy, const rrp_binder_load &load);
  void tally(const Block &blk, int k);
  // the force and torque of bond k on each of its atoms this rank sums: put(atom, f, torque)
  template <class Put> void put_loads(const Block &blk, int k, Put &&put) const
  {
    const rrp_binder_block &b = blk.b;
    const int i = blk.bi[k], j = blk.bj[k];
    const bool all = force->newton_bond;
    const double fi[3] = {b.fi[0][k], b.fi[1][k], b.fi[2][k]};
    if (all || i < atom->nlocal) {
      const double ti[3] = {b.ti[0][k], b.ti[1][k], b.ti[2][k]};
      put(i, fi, ti);
    }
    if (all || j < atom->nlocal) {
      // (f - F and f + (-F) are the same number)
      const double fj[3] = {-fi[0], -fi[1], -fi[2]};
      const double tj[3] = {b.tj[0][k], b.tj[1][k], b.tj[2][k]};
      put(j, fj, tj);
    }
  }
  int reference_of(int i, int j, const double *&slot);
  void make_laws();
  void check_coefficients(const char *source);
  void check_mohr(const double v[5], const char *source, const std::string &types);
  void find_history();
  double longest_reference();
  double form_code() const;
  void set_form(double);
};

}    // namespace LAMMPS_NS

#endif
#endif
