/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: what a bond style with rupture does once a bond has broken, the role LAMMPS's
   BondBPM plays for its bpm styles: the break records (keyword store/local, through a fix
   STORE/LOCAL), the broken bond's removal from the bond lists of its local atoms with its
   history slot, and the counts (released energy, breaks by mode) summed over the ranks. Also
   the one lookup of a bond's slot by its partner's ID. Bookkeeping only: which bond breaks, in
   which mode and releasing what energy is the core's (rrp_binder_breaks).
------------------------------------------------------------------------- */

#ifndef LMP_RRP_BOND_BREAKS_H
#define LMP_RRP_BOND_BREAKS_H

#include "pointers.h"

#include "rrp/binder.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {
class FixBondHistory;
class FixStoreLocal;

// the slot m of local atom a's bond with the atom of ID partner (its first), or -1
int rrp_bond_slot(const class Atom *atom, int a, tagint partner);

class RRPBondBreaks : protected Pointers {
 public:
  static constexpr int NMODES = RRP_BREAK_ROTATION;    // modes 1 .. NMODES (rrp/binder.h)

  RRPBondBreaks(class LAMMPS *, const std::string &style);
  ~RRPBondBreaks() override;

  // keyword store/local FIX-ID N value ... at arg[iarg]; returns the index past its values
  int parse_store_local(int narg, char **arg, int iarg);
  // the records' fix STORE/LOCAL, made once the box exists (settings, else init)
  void make_store_local();
  bool store_pending() const { return !id_store.empty() && !store; }

  // one break of this step: bond i-j (i, j local or ghost), in mode, releasing energy with the
  // load at rupture; w is this rank's share of the bond (1 with newton_bond, else 1/2 per
  // local atom); the bond is removed at end_step()
  void broke(int i, int j, int mode, double energy, const rrp_binder_load &load, double w);
  // after the bond loop: the broken bonds leave the bond lists of their local atoms (with their
  // slots of history), the counts are summed over the ranks into the totals and atom->nbonds;
  // returns whether any bond of this rank left (its slots moved)
  bool end_step(FixBondHistory *history);

  // totals, the same on every rank (restart and data files carry them)
  double released;                 // energy released by all breaks so far
  double nbroken;                  // number of breaks so far
  double dissipated;               // work the broken binders' viscous branches had dissipated
  double step_dissipated;          // of it, this step's on this rank (the binder adds to it)
  double nbroken_mode[NMODES + 1];    // of them, by mode (index 0 unused)

 private:
  std::string style;
  std::string id_store;
  int store_freq;
  std::vector<int> store_values;
  FixStoreLocal *store;
  std::vector<double> row;
  struct Broken {
    int i, j;
  };
  std::vector<Broken> broken;        // this step's, removed at end_step()
  double step[NMODES + 1];           // this step's released energy (0), breaks by mode (1..)
  void record(int i, int j, int mode, double energy, const rrp_binder_load &load);
  void remove(int i, int j, FixBondHistory *history);
};

}    // namespace LAMMPS_NS

#endif
