/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the command rrp/read_data, read_data for data files that write_data wrote with
   the rrp styles: it reads the Orientations section (into the orientation every style reads,
   rrp_orientation.h), the Binders section (into the binders' references, fix
   BOND_HISTORY/RRP), the Contacts section (into the contact histories of pair_style rrp/hertz
   friction, fix NEIGH_HISTORY/RRP) and the WallContacts sections (kept for the fix rrp/wall of
   each, which takes them when defined), so that a run continues from the data file as from a
   restart file.

     rrp/read_data file keyword value ...     (the arguments of read_data)

   The sections are read by the internal fix RRP/READ_DATA, which read_data's fix keyword names;
   it exists for the command's duration only.
------------------------------------------------------------------------- */

#ifdef COMMAND_CLASS
// clang-format off
CommandStyle(rrp/read_data,ReadDataRRP);
// clang-format on
#elif defined(FIX_CLASS)
// clang-format off
FixStyle(RRP/READ_DATA,FixRRPReadData);
// clang-format on
#else

#ifndef LMP_FIX_RRP_READ_DATA_H
#define LMP_FIX_RRP_READ_DATA_H

#include "command.h"
#include "fix.h"
#include "tokenizer.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class ReadDataRRP : public Command {
 public:
  ReadDataRRP(class LAMMPS *lmp) : Command(lmp) {}
  void command(int, char **) override;
};

class FixRRPReadData : public Fix {
 public:
  FixRRPReadData(class LAMMPS *, int, char **);
  int setmask() override { return 0; }
  void read_data_header(char *) override;
  bigint read_data_skip_lines(char *) override;
  void read_data_section(char *, int, char *, tagint) override;

  // after read_data: check the counts, hand the released energy to the binders, warn about
  // what the file did not have
  void after_read(const std::string &file);

  // fix rrp/wall's data-file section (it writes, this reads): its header line's mark, its
  // keyword, the values to a line
  static constexpr const char *WALL_HEADER = "rrp-lammps wall contacts:";
  static constexpr const char *WALL_SECTION = "WallContacts";
  static constexpr int WALL_PER_LINE = 7;

  // the WallContacts sections (fix rrp/wall friction), one a wall, in the order of their header
  // lines: the wall's ID, atoms, works; every line's atom and line number, the values of this
  // rank's atoms. The reader stays (internal fix RRP_READ_DATA) until each wall of the file
  // has been defined and taken its histories (FixRRPWall::take_data)
  struct WallData {
    std::string id;
    bigint natoms = 0;
    double works[4] = {0.0, 0.0, 0.0, 0.0};
    std::vector<tagint> all, tags;
    std::vector<bigint> lines;
    std::vector<double> values;
    bool read = false, taken = false;
  };
  std::vector<WallData> walls;
  WallData *wall_data(const std::string &id);
  bool walls_pending() const;

 private:
  bigint nbonds_before;       // bonds before read_data (read_data ... add)
  bool orient_header, binder_header;
  bool orient_read, binder_read;
  int ndata;                  // values per bond in the Binders section
  double released, nbroken;   // from the binders' header line
  int nref, vterms[4];        // and the slots' layout: reference values, viscous terms per mode
  double dissipated;          // work dissipated by ruptured viscous binders
  bigint norient;             // orientations set on this rank
  bigint nslots;              // slots set on this rank
  bigint orient_line, binder_line;    // lines of each section read so far (for messages)
  // a bond's values spread over more than one line
  tagint pending_a, pending_b;
  std::vector<double> pending;
  // the bonds of this rank's atoms, kept until read_data has made the bond lists (its second
  // pass, after the sections of fixes): IDs (lower first) and ndata values each
  struct Record {
    tagint lo, hi;
    size_t at;
  };
  std::vector<Record> records;
  std::vector<double> values;
  // the orientations of this rank's atoms, kept until read_data has set every new atom's
  // per-atom values of fixes to their defaults (at its end)
  std::vector<tagint> orient_tag;
  std::vector<double> orient_q;

  // the Contacts section (pair_style rrp/hertz friction, fix_rrp_contact_history.h): from the
  // header line the count of contacts, values each and the works; every line's IDs and line
  // number (for the checks over all ranks), the values of those naming this rank's atoms
  bool contact_header, contact_read;
  bigint ncontacts, contact_line;
  int contact_dnum;
  double contact_works[4];
  tagint cpending_a, cpending_b;
  bigint cpending_line;
  std::vector<double> cpending;
  std::vector<tagint> contact_all, contact_ab;
  std::vector<bigint> contact_lines;
  std::vector<double> contact_values;
  void read_contact_header(char *line);
  void read_contact_line(ValueTokenizer &values, tagint a, tagint b, const std::string &text);
  void set_contacts(const std::string &file);
  int wall_section;    // the wall whose section is being read
  bigint wall_line;
  tagint wpending_a;
  bigint wpending_line;
  std::vector<double> wpending;
  void read_wall_header(char *line);
  void read_wall_line(ValueTokenizer &values, tagint a, const std::string &text);
  void check_walls(const std::string &file);

  tagint atom_id(tagint id, const char *keyword, bigint line, const std::string &text);
  void check_bond(std::vector<double> &v, bigint line);
  void keep_bond(tagint a, tagint b, const std::vector<double> &v);
  void set_bonds();
};

}    // namespace LAMMPS_NS

#endif
#endif
