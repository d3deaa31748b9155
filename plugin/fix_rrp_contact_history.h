/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix NEIGH_HISTORY/RRP, the contact histories of pair_style rrp/hertz
   with friction: LAMMPS's fix NEIGH_HISTORY (its partner arrays, restart data and style name,
   so restart files of either read into the other) that also writes the histories into data
   files, in the section Contacts, and takes them from rrp/read_data.

   The section: a header line "rrp-lammps contacts: N lines of 23 values, works W1 W2 W3 W4;
   ..." (the pair's friction works, compute rrp/energy 15-18), then for each contact "ID_i ID_j"
   and the history as atom ID_i holds it (rrp/friction.h's layout), at most VALUES_PER_LINE
   values to a line (read_data's lines end at 256 characters). With newton_pair on a contact
   has one line (i the lower ID); with it off a contact that straddles two ranks has one line
   from each side (each rank's own history). A contact whose other side has no line gets the
   pair's transfer_history of it, as FixNeighHistory::pre_exchange_newton gives it.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(NEIGH_HISTORY/RRP,FixRRPContactHistory);
// clang-format on
#else

#ifndef LMP_FIX_RRP_CONTACT_HISTORY_H
#define LMP_FIX_RRP_CONTACT_HISTORY_H

#include "fix_neigh_history.h"

#include <vector>

namespace LAMMPS_NS {

class FixRRPContactHistory : public FixNeighHistory {
 public:
  FixRRPContactHistory(class LAMMPS *, int, char **);
  void init() override;
  void post_run() override;

  void write_data_header(FILE *, int) override;
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;

  // from rrp/read_data: the contacts of this rank's atoms (IDs a, b of each, dnum values each,
  // as a holds them) into the partner arrays, and the file's works (over all ranks)
  void set_contacts(const std::vector<tagint> &ab, const std::vector<double> &values,
                    const double works[4], bigint nlines);
  // the works of the data file, until the pair takes them (true once)
  bool take_works(double works[4]);
  bigint contacts_read() const { return nread; }

  static constexpr const char *DATA_HEADER = "rrp-lammps contacts:";
  static constexpr const char *DATA_SECTION = "Contacts";
  static constexpr int VALUES_PER_LINE = 7;

 private:
  bigint nwrite;         // lines the next write_data writes (over all ranks)
  bigint nread;          // lines of the data file read
  bool pending_works;    // data_works not yet taken by the pair
  double data_works[4];

  bool writes(int i, int m) const;
  void count();
};

}    // namespace LAMMPS_NS

#endif
#endif
