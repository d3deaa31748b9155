/* ----------------------------------------------------------------------
   rrp-lammps: the command rrp/read_data and its section reader, fix RRP/READ_DATA (see
   fix_rrp_read_data.h). Bookkeeping only.
------------------------------------------------------------------------- */

#include "fix_rrp_read_data.h"

#include "fix_rrp_binder_history.h"
#include "fix_rrp_contact_history.h"
#include "rrp_orientation.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "modify.h"
#include "read_data.h"
#include "tokenizer.h"

#include "rrp/binder.h"
#include "rrp/friction.h"
#include "rrp/rotation.h"
#include "rrp/visco.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

using namespace LAMMPS_NS;

static constexpr const char *READER_ID = "RRP_READ_DATA";
static constexpr const char *HISTORY_ID = "RRP_BINDER_HISTORY";
// the contact histories' fix of pair_style rrp/hertz (pair_rrp_hertz.cpp)
static constexpr const char *CONTACTS_ID = "NEIGH_HISTORY_RRP_HERTZ";
// the section a pre-release wrote (per atom, d0 qi0 qj0 per slot): read only to refuse it
static constexpr const char *LEGACY_SECTION = "BinderReferences";

/* ---------------------------------------------------------------------- */

void ReadDataRRP::command(int narg, char **arg)
{
  if (narg < 1) utils::missing_cmd_args(FLERR, "rrp/read_data", error);
  if (modify->get_fix_by_id(READER_ID)) modify->delete_fix(READER_ID);

  // read_data looks up the fixes its fix keyword names before it makes the box, and LAMMPS lets
  // only a few fix styles exist before a box (fix property/atom, DUMMY, ...); the reader uses
  // nothing of the box, so it is made as if the box existed
  const int box = domain->box_exist;
  domain->box_exist = 1;
  try {
    modify->add_fix(fmt::format("{} all RRP/READ_DATA", READER_ID));
  } catch (...) {
    domain->box_exist = box;
    throw;
  }
  domain->box_exist = box;
  auto *reader = dynamic_cast<FixRRPReadData *>(modify->get_fix_by_id(READER_ID));

  std::vector<std::string> words(arg, arg + narg);
  for (const char *section : {RRPOrientation::DATA_SECTION, FixRRPBinderHistory::DATA_SECTION,
                              FixRRPContactHistory::DATA_SECTION, FixRRPReadData::WALL_SECTION,
                              LEGACY_SECTION}) {
    words.emplace_back("fix");
    words.emplace_back(READER_ID);
    if (strcmp(section, RRPOrientation::DATA_SECTION) == 0)
      words.emplace_back(RRPOrientation::DATA_HEADER);
    else if (strcmp(section, FixRRPBinderHistory::DATA_SECTION) == 0)
      words.emplace_back(FixRRPBinderHistory::DATA_HEADER);
    else if (strcmp(section, FixRRPContactHistory::DATA_SECTION) == 0)
      words.emplace_back(FixRRPContactHistory::DATA_HEADER);
    else if (strcmp(section, FixRRPReadData::WALL_SECTION) == 0)
      words.emplace_back(FixRRPReadData::WALL_HEADER);
    else
      words.emplace_back("NULL");
    words.emplace_back(section);
  }
  std::vector<char *> argv;
  for (auto &w : words) argv.push_back(&w[0]);
  ReadData read_data(lmp);
  read_data.command((int) argv.size(), argv.data());

  reader->after_read(arg[0]);
  // (kept while a wall of the file has not taken its histories)
  if (!reader->walls_pending()) modify->delete_fix(READER_ID);
}

/* ---------------------------------------------------------------------- */

FixRRPReadData::FixRRPReadData(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), nbonds_before(atom->nbonds), orient_header(false),
    binder_header(false), orient_read(false), binder_read(false), ndata(0), released(0.0),
    nbroken(0.0), nref(7), vterms{0, 0, 0, 0}, dissipated(0.0), norient(0), nslots(0), orient_line(0), binder_line(0), pending_a(0),
    pending_b(0), contact_header(false), contact_read(false), ncontacts(0), contact_line(0),
    contact_dnum(0), contact_works{0.0, 0.0, 0.0, 0.0}, cpending_a(0), cpending_b(0),
    cpending_line(0), wall_section(-1), wall_line(0), wpending_a(0), wpending_line(0)
{
  if (narg != 3 || strcmp(id, READER_ID) != 0)
    error->all(FLERR, "Fix {} is internal to the command rrp/read_data", style);
}

/* the header lines written by write_data: "rrp-lammps orientations: ..." and
   "rrp-lammps binders: N values per bond, released E in K ruptures; ..." */

void FixRRPReadData::read_data_header(char *line)
{
  if (strstr(line, RRPOrientation::DATA_HEADER)) {
    orient_header = true;
    return;
  }
  if (strstr(line, FixRRPContactHistory::DATA_HEADER)) {
    read_contact_header(line);
    return;
  }
  if (strstr(line, FixRRPReadData::WALL_HEADER)) {
    read_wall_header(line);
    return;
  }
  if (!strstr(line, FixRRPBinderHistory::DATA_HEADER)) return;
  binder_header = true;
  auto words = utils::split_words(strstr(line, FixRRPBinderHistory::DATA_HEADER) +
                                  strlen(FixRRPBinderHistory::DATA_HEADER));
  for (auto &w : words)
    if (!w.empty() && (w.back() == ';' || w.back() == ',')) w.pop_back();
  try {
    ndata = utils::inumeric(FLERR, words.at(0), false, lmp);
    // (a file of an earlier version has no layout: its slots are references alone)
    nref = ndata;
    for (int &v : vterms) v = 0;
    for (size_t k = 0; k + 1 < words.size(); k++) {
      if (words[k] == "released") released = utils::numeric(FLERR, words[k + 1], false, lmp);
      if (words[k] == "in") nbroken = utils::numeric(FLERR, words[k + 1], false, lmp);
      if (words[k] == "reference") nref = utils::inumeric(FLERR, words[k + 1], false, lmp);
      if (words[k] == "dissipated") dissipated = utils::numeric(FLERR, words[k + 1], false, lmp);
      if (words[k] == "viscous")
        for (int m = 0; m < 4; m++) vterms[m] = utils::inumeric(FLERR, words.at(k + 1 + m), false, lmp);
    }
  } catch (std::out_of_range &) {
    ndata = 0;
  }
  const bool viscous = vterms[0] || vterms[1] || vterms[2] || vterms[3];
  const int vsize = rrp_visco_state_size(vterms);
  if ((nref != 7 && nref != 11) || vsize < 0 || ndata != nref + (viscous ? vsize : 0))
    error->all(FLERR, "rrp/read_data: the data file's binder header line is not one that "
                      "write_data writes (7 or 11 reference values per bond and a viscous state "
                      "that adds up): {}", utils::trim(line));
}

bigint FixRRPReadData::read_data_skip_lines(char *keyword)
{
  if (strcmp(keyword, LEGACY_SECTION) == 0)
    error->all(FLERR,
               "rrp/read_data: the data file holds binder references in section {}, which a "
               "pre-release of rrp-lammps wrote; this plugin reads section Binders, which its "
               "write_data writes: run the input that made the file with this plugin and "
               "write_data again",
               LEGACY_SECTION);
  if (strcmp(keyword, FixRRPBinderHistory::DATA_SECTION) == 0) {
    if (!binder_header)
      error->all(FLERR, "rrp/read_data: section {} without its header line ({} ...)", keyword,
                 FixRRPBinderHistory::DATA_HEADER);
    const int per_bond = (ndata + FixRRPBinderHistory::VALUES_PER_LINE - 1) /
        FixRRPBinderHistory::VALUES_PER_LINE;
    return (atom->nbonds - nbonds_before) * per_bond;
  }
  if (strcmp(keyword, FixRRPContactHistory::DATA_SECTION) == 0) {
    if (!contact_header)
      error->all(FLERR, "rrp/read_data: section {} without its header line ({} ...)", keyword,
                 FixRRPContactHistory::DATA_HEADER);
    const int per_contact = (contact_dnum + FixRRPContactHistory::VALUES_PER_LINE - 1) /
        FixRRPContactHistory::VALUES_PER_LINE;
    return ncontacts * per_contact;
  }
  if (strcmp(keyword, FixRRPReadData::WALL_SECTION) == 0) {
    if (++wall_section >= (int) walls.size())
      error->all(FLERR, "rrp/read_data: section {} number {} without its header line ({} ...)",
                 keyword, wall_section + 1, FixRRPReadData::WALL_HEADER);
    wall_line = 0;
    const int per_atom = (RRP_FRICTION_HISTORY + 1 + FixRRPReadData::WALL_PER_LINE - 1) /
        FixRRPReadData::WALL_PER_LINE;
    return walls[wall_section].natoms * per_atom;
  }
  return -1;    // Orientations: one line per atom
}

/* ----------------------------------------------------------------------
   lines of the sections: "ID qw qx qy qz" (Orientations), "ID_i ID_j v ..." (Binders,
   Contacts), "ID v ..." (WallContacts); each
   rank reads every line (the same on all: errors are error->all) and keeps what belongs to its
   atoms. A quaternion whose norm is off 1 by more than RRP_QUAT_UNIT_TOL is refused, one
   within it normalised (rrp_quat_from_unit_values).
------------------------------------------------------------------------- */

void FixRRPReadData::read_data_section(char *keyword, int n, char *buf, tagint id_offset)
{
  const bool orient = strcmp(keyword, RRPOrientation::DATA_SECTION) == 0;
  const bool contact = strcmp(keyword, FixRRPContactHistory::DATA_SECTION) == 0;
  const bool wall = strcmp(keyword, FixRRPReadData::WALL_SECTION) == 0;
  if (orient) orient_read = true;
  else if (contact) contact_read = true;
  else if (wall) walls[wall_section].read = true;
  else binder_read = true;
  const int nlocal = atom->nlocal;
  // an atomic system (atom_style sphere without bonds) has no atom map: a temporary one, as
  // read_data makes for its Velocities section
  const bool temporary_map = atom->map_style == Atom::MAP_NONE;
  if (temporary_map) {
    atom->map_init();
    atom->map_set();
  }

  bigint &line = orient ? orient_line
                        : (contact ? contact_line : (wall ? wall_line : binder_line));
  for (int l = 0; l < n; l++) {
    char *next = strchr(buf, '\n');
    if (!next) error->all(FLERR, "rrp/read_data: missing data in section {}", keyword);
    *next = '\0';
    const std::string text = utils::trim_comment(buf);
    buf = next + 1;
    line++;
    ValueTokenizer values(text);
    if (values.count() == 0) continue;
    try {
      const tagint a = atom_id(values.next_tagint() + id_offset, keyword, line, text);
      if (wall) {
        read_wall_line(values, a, text);
        continue;
      }
      if (contact) {
        read_contact_line(values, a, atom_id(values.next_tagint() + id_offset, keyword, line, text),
                          text);
        continue;
      }
      if (orient) {
        if (values.count() != 5)
          error->all(FLERR, "rrp/read_data: incorrect line in section {}: {}", keyword, text);
        double in[4], q[4], norm = 0.0;
        for (double &v : in) v = values.next_double();
        if (rrp_quat_from_unit_values(in, RRP_QUAT_UNIT_TOL, q, &norm) != RRP_OK)
          error->all(FLERR, "rrp/read_data: line {} of section {} (atom {}): the orientation "
                            "({}, {}, {}, {}) has norm {}, not 1 within {}",
                     line, keyword, a, in[0], in[1], in[2], in[3], norm, RRP_QUAT_UNIT_TOL);
        const int i = atom->map(a);
        if (i < 0 || i >= nlocal) continue;
        orient_tag.push_back(a);
        for (double v : q) orient_q.push_back(v);
        continue;
      }
      const tagint b = atom_id(values.next_tagint() + id_offset, keyword, line, text);
      const int nv = (int) values.count() - 2;
      if (pending.empty() || pending_a != a || pending_b != b) {
        if (!pending.empty())
          error->all(FLERR, "rrp/read_data: section {}: bond {}-{} has {} of its {} values",
                     keyword, pending_a, pending_b, pending.size(), ndata);
        pending_a = a;
        pending_b = b;
      }
      if (nv <= 0 || (int) pending.size() + nv > ndata)
        error->all(FLERR, "rrp/read_data: incorrect line in section {}: {}", keyword, text);
      for (int k = 0; k < nv; k++) pending.push_back(values.next_double());
      if ((int) pending.size() < ndata) continue;
      check_bond(pending, line);
      keep_bond(a, b, pending);
      pending.clear();
    } catch (TokenizerException &e) {
      error->all(FLERR, "rrp/read_data: incorrect line {} in section {}: {} ({})", line, keyword,
                 text, e.what());
    }
  }
  if (temporary_map) {
    atom->map_delete();
    atom->map_style = Atom::MAP_NONE;
  }
}

/* an atom ID of a section's line: one of the data file's IDs (atom->map reads no further) */

tagint FixRRPReadData::atom_id(tagint id, const char *keyword, bigint line,
                               const std::string &text)
{
  if (id <= 0 || id > atom->map_tag_max)
    error->all(FLERR, "rrp/read_data: line {} of section {}: {} is not an atom ID of the data "
                      "file: {}", line, keyword, id, text);
  return id;
}

/* a bond's values (pending_a, pending_b): finite, p (with q_j0 of the printed shear form) a unit
   quaternion within RRP_QUAT_UNIT_TOL, normalised, unless p is zero (no reference yet)
   (rrp_binder_slot_unit) */

void FixRRPReadData::check_bond(std::vector<double> &v, bigint line)
{
  int which = 0;
  double norm = 0.0;
  int status = rrp_binder_slot_unit(v.data(), nref, RRP_QUAT_UNIT_TOL, &which, &norm);
  for (int k = nref; k < (int) v.size() && status == RRP_OK; k++)
    if (!std::isfinite(v[k])) {
      status = RRP_ENONFINITE;
      which = k;
    }
  if (status == RRP_OK) return;
  if (status == RRP_ENONFINITE)
    error->all(FLERR, "rrp/read_data: line {} of section {} (bond {}-{}): value {} is {}", line,
               FixRRPBinderHistory::DATA_SECTION, pending_a, pending_b, which + 1, v[which]);
  const size_t at = which == 0 ? offsetof(rrp_binder_ref, p) / sizeof(double) : RRP_BINDER_SLOT;
  error->all(FLERR, "rrp/read_data: line {} of section {} (bond {}-{}): the reference "
                    "quaternion {} ({}, {}, {}, {}) has norm {}, not 1 within {}",
             line, FixRRPBinderHistory::DATA_SECTION, pending_a, pending_b,
             which == 0 ? "p" : "q_j0", v[at], v[at + 1], v[at + 2], v[at + 3], norm,
             RRP_QUAT_UNIT_TOL);
}

/* a bond of the section, kept when one of its atoms is this rank's */

void FixRRPReadData::keep_bond(tagint a, tagint b, const std::vector<double> &v)
{
  const int ia = atom->map(a), ib = atom->map(b);
  const int nlocal = atom->nlocal;
  if (!((ia >= 0 && ia < nlocal) || (ib >= 0 && ib < nlocal))) return;
  records.push_back({std::min(a, b), std::max(a, b), values.size()});
  values.insert(values.end(), v.begin(), v.end());
}

/* the kept values into the slots of the local atoms' bonds; the binders' history is made here,
   with the file's width */

void FixRRPReadData::set_bonds()
{
  auto *history = dynamic_cast<FixRRPBinderHistory *>(modify->get_fix_by_id(HISTORY_ID));
  if (!history) {
    modify->add_fix(fmt::format("{} all BOND_HISTORY/RRP 0 {}", HISTORY_ID, ndata));
    history = dynamic_cast<FixRRPBinderHistory *>(modify->get_fix_by_id(HISTORY_ID));
    if (history) history->set_layout(nref, vterms);
  }
  if (!history)
    error->all(FLERR, "rrp/read_data: fix {} exists and is not the binders' history", HISTORY_ID);
  if (history->get_ndata() != ndata || history->nref != nref ||
      !std::equal(vterms, vterms + 4, history->vterms))
    error->all(FLERR, "rrp/read_data: the data file's binders have {} values per bond, those "
                      "defined already {}: read the file into a new box", ndata,
               history->get_ndata());
  auto before = [](const Record &r, const Record &s) {
    return r.lo < s.lo || (r.lo == s.lo && r.hi < s.hi);
  };
  std::sort(records.begin(), records.end(), before);
  tagint *tag = atom->tag;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const tagint other = atom->bond_atom[i][m];
      const Record key = {std::min(tag[i], other), std::max(tag[i], other), 0};
      auto r = std::lower_bound(records.begin(), records.end(), key, before);
      if (r == records.end() || r->lo != key.lo || r->hi != key.hi) continue;
      double *s = history->slot(i, m);
      for (int k = 0; k < ndata; k++) s[k] = values[r->at + k];
      nslots++;
    }
  records.clear();
  records.shrink_to_fit();
  values.clear();
  values.shrink_to_fit();
}

/* ---------------------------------------------------------------------- */

/* "rrp-lammps contacts: N lines of D values, works W1 W2 W3 W4; ..." */

void FixRRPReadData::read_contact_header(char *line)
{
  contact_header = true;
  auto words = utils::split_words(strstr(line, FixRRPContactHistory::DATA_HEADER) +
                                  strlen(FixRRPContactHistory::DATA_HEADER));
  for (auto &w : words)
    if (!w.empty() && (w.back() == ';' || w.back() == ',')) w.pop_back();
  bool ok = words.size() >= 10 && words[1] == "lines" && words[4] == "values" &&
      words[5] == "works";
  try {
    if (ok) {
      ncontacts = utils::bnumeric(FLERR, words[0], false, lmp);
      contact_dnum = utils::inumeric(FLERR, words[3], false, lmp);
      for (int k = 0; k < 4; k++)
        contact_works[k] = utils::numeric(FLERR, words[6 + k], false, lmp);
    }
  } catch (std::exception &) {
    ok = false;
  }
  if (!ok || ncontacts < 0)
    error->all(FLERR, "rrp/read_data: the data file's contacts header line is not one that "
                      "write_data writes: {}", utils::trim(line));
  if (contact_dnum != RRP_FRICTION_HISTORY)
    error->all(FLERR, "rrp/read_data: the data file's contacts have {} history values each; "
                      "pair_style rrp/hertz friction keeps {}", contact_dnum,
               RRP_FRICTION_HISTORY);
}

/* a line of the Contacts section: "ID_i ID_j" and up to VALUES_PER_LINE of the contact's
   values; a contact's values follow each other on lines of the same IDs */

void FixRRPReadData::read_contact_line(ValueTokenizer &values, tagint a, tagint b,
                                       const std::string &text)
{
  const char *keyword = FixRRPContactHistory::DATA_SECTION;
  if (a == b)
    error->all(FLERR, "rrp/read_data: line {} of section {}: a contact of atom {} with itself: {}",
               contact_line, keyword, a, text);
  const int nv = (int) values.count() - 2;
  if (cpending.empty()) {
    cpending_a = a;
    cpending_b = b;
    cpending_line = contact_line;
  } else if (cpending_a != a || cpending_b != b)
    error->all(FLERR, "rrp/read_data: line {} of section {}: contact {}-{} of line {} has {} of "
                      "its {} values: {}", contact_line, keyword, cpending_a, cpending_b,
               cpending_line, cpending.size(), contact_dnum, text);
  if (nv <= 0 || nv > FixRRPContactHistory::VALUES_PER_LINE ||
      (int) cpending.size() + nv > contact_dnum)
    error->all(FLERR, "rrp/read_data: line {} of section {}: {} values, where a contact has {}, "
                      "at most {} to a line: {}", contact_line, keyword, nv, contact_dnum,
               FixRRPContactHistory::VALUES_PER_LINE, text);
  for (int k = 0; k < nv; k++) {
    const double v = values.next_double();
    if (!std::isfinite(v))
      error->all(FLERR, "rrp/read_data: line {} of section {}: value {} is not finite: {}",
                 contact_line, keyword, v, text);
    cpending.push_back(v);
  }
  if ((int) cpending.size() < contact_dnum) return;
  contact_all.push_back(a);
  contact_all.push_back(b);
  contact_lines.push_back(cpending_line);
  const int ia = atom->map(a), ib = atom->map(b), nlocal = atom->nlocal;
  if ((ia >= 0 && ia < nlocal) || (ib >= 0 && ib < nlocal)) {
    contact_ab.push_back(a);
    contact_ab.push_back(b);
    contact_values.insert(contact_values.end(), cpending.begin(), cpending.end());
  }
  cpending.clear();
}

/* the contacts, checked over all ranks (no contact twice; every atom one of the file's), into
   the histories' fix, made here for the pair to take */

void FixRRPReadData::set_contacts(const std::string &file)
{
  const char *keyword = FixRRPContactHistory::DATA_SECTION;
  if (!cpending.empty())
    error->all(FLERR, "rrp/read_data: section {}: contact {}-{} (line {}) has {} of its {} values",
               keyword, cpending_a, cpending_b, cpending_line, cpending.size(), contact_dnum);
  const size_t n = contact_lines.size();
  std::vector<size_t> order(n);
  for (size_t r = 0; r < n; r++) order[r] = r;
  auto key = [&](size_t r) { return std::make_pair(contact_all[2 * r], contact_all[2 * r + 1]); };
  std::sort(order.begin(), order.end(), [&](size_t r, size_t s) { return key(r) < key(s); });
  for (size_t k = 1; k < n; k++)
    if (key(order[k]) == key(order[k - 1]))
      error->all(FLERR, "rrp/read_data: lines {} and {} of section {} of {} are both contact "
                        "{}-{}", contact_lines[order[k - 1]], contact_lines[order[k]], keyword,
                 file, contact_all[2 * order[k]], contact_all[2 * order[k] + 1]);

  const bool temporary_map = atom->map_style == Atom::MAP_NONE;    // an atomic system
  if (temporary_map) {
    atom->map_init();
    atom->map_set();
  }
  // each atom named must be an atom of the file (IDs may have gaps)
  std::vector<int> found(2 * n, 0), all(2 * n, 0);
  for (size_t k = 0; k < 2 * n; k++) {
    const int i = atom->map(contact_all[k]);
    found[k] = (i >= 0 && i < atom->nlocal) ? 1 : 0;
  }
  if (n) MPI_Allreduce(found.data(), all.data(), (int) (2 * n), MPI_INT, MPI_SUM, world);
  for (size_t k = 0; k < 2 * n; k++)
    if (all[k] != 1)
      error->all(FLERR, "rrp/read_data: line {} of section {} of {}: atom {} is not an atom of "
                        "the data file", contact_lines[k / 2], keyword, file, contact_all[k]);

  if (modify->get_fix_by_id(CONTACTS_ID))
    error->all(FLERR, "rrp/read_data: contact histories exist already (fix {}): read the data "
                      "file's section {} into a new box", CONTACTS_ID, keyword);
  modify->add_fix(fmt::format("{} all NEIGH_HISTORY/RRP {}", CONTACTS_ID, contact_dnum));
  auto *history = dynamic_cast<FixRRPContactHistory *>(modify->get_fix_by_id(CONTACTS_ID));
  if (!history) error->all(FLERR, "rrp/read_data: no fix {}", CONTACTS_ID);
  history->set_contacts(contact_ab, contact_values, contact_works, (bigint) n);
  if (temporary_map) {
    atom->map_delete();
    atom->map_style = Atom::MAP_NONE;
  }
  contact_ab.clear();
  contact_values.clear();
  contact_all.clear();
  contact_lines.clear();
}

/* "rrp-lammps wall contacts: fix ID, N atoms of D values, works W1 W2 W3 W4; ..." */

void FixRRPReadData::read_wall_header(char *line)
{
  auto words = utils::split_words(strstr(line, FixRRPReadData::WALL_HEADER) +
                                  strlen(FixRRPReadData::WALL_HEADER));
  for (auto &w : words)
    if (!w.empty() && (w.back() == ';' || w.back() == ',')) w.pop_back();
  WallData wall;
  int nvalues = 0;
  bool ok = words.size() >= 12 && words[0] == "fix" && words[3] == "atoms" &&
      words[6] == "values" && words[7] == "works";
  try {
    if (ok) {
      wall.id = words[1];
      wall.natoms = utils::bnumeric(FLERR, words[2], false, lmp);
      nvalues = utils::inumeric(FLERR, words[5], false, lmp);
      for (int k = 0; k < 4; k++) wall.works[k] = utils::numeric(FLERR, words[8 + k], false, lmp);
    }
  } catch (std::exception &) {
    ok = false;
  }
  if (!ok || wall.natoms < 0)
    error->all(FLERR, "rrp/read_data: the data file's wall contacts header line is not one that "
                      "write_data writes: {}", utils::trim(line));
  if (nvalues != RRP_FRICTION_HISTORY + 1)
    error->all(FLERR, "rrp/read_data: the data file's wall {} has {} history values per atom; "
                      "fix rrp/wall friction keeps {}", wall.id, nvalues, RRP_FRICTION_HISTORY + 1);
  if (wall_data(wall.id))
    error->all(FLERR, "rrp/read_data: the data file has two header lines of wall {}", wall.id);
  walls.push_back(wall);
}

/* a line of a WallContacts section: "ID" and up to DATA_PER_LINE of the atom's values */

void FixRRPReadData::read_wall_line(ValueTokenizer &values, tagint a, const std::string &text)
{
  const char *keyword = FixRRPReadData::WALL_SECTION;
  WallData &w = walls[wall_section];
  const int nvalues = RRP_FRICTION_HISTORY + 1;
  const int nv = (int) values.count() - 1;
  if (wpending.empty()) {
    wpending_a = a;
    wpending_line = wall_line;
  } else if (wpending_a != a)
    error->all(FLERR, "rrp/read_data: line {} of section {} (wall {}): atom {} of line {} has {} "
                      "of its {} values: {}", wall_line, keyword, w.id, wpending_a, wpending_line,
               wpending.size(), nvalues, text);
  if (nv <= 0 || nv > FixRRPReadData::WALL_PER_LINE || (int) wpending.size() + nv > nvalues)
    error->all(FLERR, "rrp/read_data: line {} of section {} (wall {}): {} values, where an atom "
                      "has {}, at most {} to a line: {}", wall_line, keyword, w.id, nv, nvalues,
               FixRRPReadData::WALL_PER_LINE, text);
  for (int k = 0; k < nv; k++) {
    const double v = values.next_double();
    if (!std::isfinite(v))
      error->all(FLERR, "rrp/read_data: line {} of section {} (wall {}): value {} is not finite: "
                        "{}", wall_line, keyword, w.id, v, text);
    wpending.push_back(v);
  }
  if ((int) wpending.size() < nvalues) return;
  w.all.push_back(a);
  w.lines.push_back(wpending_line);
  const int i = atom->map(a);
  if (i >= 0 && i < atom->nlocal) {
    w.tags.push_back(a);
    w.values.insert(w.values.end(), wpending.begin(), wpending.end());
  }
  wpending.clear();
}

/* each wall's lines: complete, no atom twice, every atom one of the file's */

void FixRRPReadData::check_walls(const std::string &file)
{
  const char *keyword = FixRRPReadData::WALL_SECTION;
  if (!wpending.empty())
    error->all(FLERR, "rrp/read_data: section {} (wall {}): atom {} of line {} has {} of its {} "
                      "values", keyword, walls[wall_section].id, wpending_a, wpending_line,
               wpending.size(), RRP_FRICTION_HISTORY + 1);
  const bool temporary_map = atom->map_style == Atom::MAP_NONE;    // an atomic system
  if (temporary_map) {
    atom->map_init();
    atom->map_set();
  }
  for (auto &w : walls) {
    if (!w.read && w.natoms > 0)
      error->all(FLERR, "rrp/read_data: {} has the header line of wall {} and not its section {}",
                 file, w.id, keyword);
    const size_t n = w.all.size();
    std::vector<size_t> order(n);
    for (size_t r = 0; r < n; r++) order[r] = r;
    std::sort(order.begin(), order.end(), [&](size_t r, size_t s) { return w.all[r] < w.all[s]; });
    for (size_t k = 1; k < n; k++)
      if (w.all[order[k]] == w.all[order[k - 1]])
        error->all(FLERR, "rrp/read_data: lines {} and {} of section {} (wall {}) of {} are both "
                          "atom {}", w.lines[order[k - 1]], w.lines[order[k]], keyword, w.id,
                   file, w.all[order[k]]);
    std::vector<int> found(n, 0), all(n, 0);
    for (size_t k = 0; k < n; k++) {
      const int i = atom->map(w.all[k]);
      found[k] = (i >= 0 && i < atom->nlocal) ? 1 : 0;
    }
    if (n) MPI_Allreduce(found.data(), all.data(), (int) n, MPI_INT, MPI_SUM, world);
    for (size_t k = 0; k < n; k++)
      if (all[k] != 1)
        error->all(FLERR, "rrp/read_data: line {} of section {} (wall {}) of {}: atom {} is not "
                          "an atom of the data file", w.lines[k], keyword, w.id, file, w.all[k]);
    w.all.clear();
    w.lines.clear();
  }
  if (temporary_map) {
    atom->map_delete();
    atom->map_style = Atom::MAP_NONE;
  }
}

FixRRPReadData::WallData *FixRRPReadData::wall_data(const std::string &wall_id)
{
  for (auto &w : walls)
    if (w.id == wall_id) return &w;
  return nullptr;
}

bool FixRRPReadData::walls_pending() const
{
  for (const auto &w : walls)
    if (!w.taken) return true;
  return false;
}

/* ---------------------------------------------------------------------- */

void FixRRPReadData::after_read(const std::string &file)
{
  check_walls(file);
  if (contact_header && !contact_read && ncontacts > 0)
    error->all(FLERR, "rrp/read_data: {} has a contacts header line and no section {}", file,
               FixRRPContactHistory::DATA_SECTION);
  if (contact_header) set_contacts(file);
  if (!pending.empty())
    error->all(FLERR, "rrp/read_data: section {}: bond {}-{} has {} of its {} values",
               FixRRPBinderHistory::DATA_SECTION, pending_a, pending_b, pending.size(), ndata);
  if (binder_read) set_bonds();
  if (orient_read) {
    double **quat = RRPOrientation::store_array(lmp);
    const bool temporary_map = atom->map_style == Atom::MAP_NONE;    // an atomic system
    if (temporary_map) {
      atom->map_init();
      atom->map_set();
    }
    std::vector<char> seen(atom->nlocal, 0);
    for (size_t r = 0; r < orient_tag.size(); r++) {
      const int i = atom->map(orient_tag[r]);
      if (i < 0 || i >= atom->nlocal) continue;
      if (seen[i]++)
        error->one(FLERR, "rrp/read_data: section {} of {} has two lines of atom {}",
                   RRPOrientation::DATA_SECTION, file, orient_tag[r]);
      for (int k = 0; k < 4; k++) quat[i][k] = orient_q[4 * r + k];
      norient++;
    }
    if (temporary_map) {
      atom->map_delete();
      atom->map_style = Atom::MAP_NONE;
    }
    orient_tag.clear();
    orient_q.clear();
  }
  bigint counts[2] = {norient, nslots}, all[2];
  MPI_Allreduce(counts, all, 2, MPI_LMP_BIGINT, MPI_SUM, world);
  const bigint nbonds = atom->nbonds - nbonds_before;

  if (orient_read && all[0] != atom->natoms)
    error->all(FLERR, "rrp/read_data: section {} of {} gives the orientations of {} of the {} "
                      "atoms", RRPOrientation::DATA_SECTION, file, all[0], atom->natoms);
  if (binder_read) {
    const bigint expected = nbonds * (force->newton_bond ? 1 : 2);
    if (all[1] != expected)
      error->all(FLERR, "rrp/read_data: section {} of {} names {} bond slots of the {} bonds of "
                        "the Bonds section (expected {}): each line must name a bond of that "
                        "section, which must come first",
                 FixRRPBinderHistory::DATA_SECTION, file, all[1], nbonds, expected);
    auto *history = dynamic_cast<FixRRPBinderHistory *>(modify->get_fix_by_id(HISTORY_ID));
    if (history) {
      history->data_counts = true;
      history->data_released = released;
      history->data_nbroken = nbroken;
      history->data_dissipated = dissipated;
    }
  }

  if (comm->me != 0) return;
  if (!orient_read && !binder_read && !contact_header && walls.empty()) {
    error->warning(FLERR,
                   "rrp/read_data: {} has no rrp-lammps sections (it was written with write_data "
                   "nofix, or not by write_data): the orientations start at the identity{}",
                   file,
                   nbonds > 0 ? fmt::format(", and the {} binders will take the positions and "
                                            "orientations of their first computation as reference "
                                            "state (a prestress is lost)", nbonds)
                              : std::string());
  } else if (!binder_read && nbonds > 0) {
    error->warning(FLERR,
                   "rrp/read_data: {} has no Binders section: its {} bonds will take the positions "
                   "and orientations of their first computation as reference state", file, nbonds);
  } else if (!orient_read) {
    error->warning(FLERR, "rrp/read_data: {} has no Orientations section: the orientations start "
                          "at the identity", file);
  }
  utils::logmesg(lmp, "rrp/read_data: {} orientations, {} binder references ({} values each)\n",
                 all[0], binder_read ? nbonds : 0, ndata);
  if (contact_header)
    utils::logmesg(lmp, "rrp/read_data: {} lines of contact histories ({} values each), "
                        "friction works {} {} {} {}\n", ncontacts, contact_dnum,
                   contact_works[0], contact_works[1], contact_works[2], contact_works[3]);
  for (const auto &w : walls)
    utils::logmesg(lmp, "rrp/read_data: wall {}: the contact histories of {} atoms, friction "
                        "works {} {} {} {}, kept for fix rrp/wall {}\n", w.id, w.natoms,
                   w.works[0], w.works[1], w.works[2], w.works[3], w.id);
}
