/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix BOND_HISTORY/RRP, the reference states of bond_style rrp/binder: a
   LAMMPS bond history (per bond slot of each atom, migrating with the atoms and written to
   restart files; delete_bonds, fix bond/break ... find it by its style and clear or shift it)
   plus the BinderReferences section of write_data. A slot whose reference
   quaternions are zero has no reference yet: the binder captures it when it first computes the
   bond, so bonds made between runs or during a run get theirs too.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(BOND_HISTORY/RRP,FixRRPBinderHistory);
// clang-format on
#else

#ifndef LMP_FIX_RRP_BINDER_HISTORY_H
#define LMP_FIX_RRP_BINDER_HISTORY_H

#include "fix_bond_history.h"

namespace LAMMPS_NS {

class FixRRPBinderHistory : public FixBondHistory {
 public:
  FixRRPBinderHistory(class LAMMPS *, int, char **);
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;

  // the stored reference of local atom i's bond slot m (ndata values)
  const double *slot(int i, int m) const;
};

}    // namespace LAMMPS_NS

#endif
#endif
