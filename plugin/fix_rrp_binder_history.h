/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix BOND_HISTORY/RRP, the reference states of bond_style rrp/binder: a
   LAMMPS bond history (per bond slot of each atom; delete_bonds, fix bond/break ... find it by
   its style and clear or shift it) that keeps one copy of each reference, in the atoms' slots:
   the binder reads a bond's reference in place through an index built at each reneighboring
   (no per-bond copy as FixBondHistory's bondstore). The slots migrate with their atoms and go
   into restart files (self-describing: the layout and width travel with each atom's data).
   write_data writes them in the Binders section, one line per bond, which rrp/read_data reads.

   Slot layout (ndata values, i the bond's atom with the lower ID): the reference, nref values:
   r_i (3), p (4) as rrp_binder_ref, then for nref = 11 q_j0 (4), which only the printed shear
   form reads; then, for viscoelastic binders, the branch state of rrp/visco.h with vterms terms
   per mode (ndata = nref + rrp_visco_state_size(vterms)). A slot whose p is zero has no
   reference yet: the binder captures it when it first computes the bond.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(BOND_HISTORY/RRP,FixRRPBinderHistory);
// clang-format on
#else

#ifndef LMP_FIX_RRP_BINDER_HISTORY_H
#define LMP_FIX_RRP_BINDER_HISTORY_H

#include "atom.h"
#include "fix_bond_history.h"

#include <vector>

namespace LAMMPS_NS {

class FixRRPBinderHistory : public FixBondHistory {
 public:
  FixRRPBinderHistory(class LAMMPS *, int, char **);
  ~FixRRPBinderHistory() override;
  void post_constructor() override;
  void setup_post_neighbor() override;
  void post_neighbor() override;
  void pre_exchange() override {}
  double memory_usage() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;

  void write_data_header(FILE *, int) override;
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;

  // the stored reference of local atom i's bond slot m (ndata values)
  double *slot(int i, int m) const { return &atom->darray[index][i][m * ndata]; }
  // the slot of bond n of the bond list (valid from one reneighboring to the next; after a
  // bond list entry's slots move, index_slots() again), nullptr if no local atom holds it
  double *slot_of_bond(int n) const { return bond_slot[n]; }
  void index_slots();
  // the per-atom array has moved since index_slots() (grown): index again before use
  bool stale;
  // with newton_bond off, the other local atom's slot of bond n when both atoms are local (its
  // copy, which the binder's branch update keeps equal), else nullptr
  double *twin_of_bond(int n) const { return bond_twin[n]; }
  // the reference of bond (i, j) into its slots on its local atoms (nref values, the widest
  // reference's first), its branch state relaxed
  void set_bond(int i, int j, const double *values);

  // the layout: values of the reference (7, 11) and the terms per mode of the branch state
  int nref;
  int vterms[4];
  void set_layout(int nref_new, const int vterms_new[4]);
  // the branch state of a slot (nullptr when there is none)
  double *branches(double *s) const { return ndata > nref ? s + nref : nullptr; }
  // slots made wider to hold a branch state, every reference kept, the new values 0
  void widen(const int vterms_new[4]);

  // released energy and rupture count brought by a data file, for the binder (once)
  bool data_counts;
  double data_released, data_nbroken, data_dissipated;

  // another width of the slots (all set to none)
  void resize(int ndata_new);

  static constexpr const char *DATA_HEADER = "rrp-lammps binders:";
  static constexpr const char *DATA_SECTION = "Binders";
  static constexpr int VALUES_PER_LINE = 7;

 private:
  std::vector<double *> bond_slot;    // per bond list entry: its slot, or nullptr
  std::vector<double *> bond_twin;    // and the other local copy (newton_bond off)
  int rows;                           // rows of the per-atom array (owned atoms, and one more)
  void ensure(int n);
};

}    // namespace LAMMPS_NS

#endif
#endif
