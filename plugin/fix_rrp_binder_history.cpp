/* ----------------------------------------------------------------------
   rrp-lammps: internal fix BOND_HISTORY/RRP (see fix_rrp_binder_history.h).
------------------------------------------------------------------------- */

#include "fix_rrp_binder_history.h"

#include "atom.h"
#include "bond.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"

#include "rrp_bond_breaks.h"
#include "rrp_orientation.h"
#include "rrp_restart.h"

#include "rrp/binder.h"
#include "rrp/rotation.h"
#include "rrp/visco.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

// the per-atom array of the slots
static constexpr const char *SLOTS_NAME = "rrp_binder_refs";
// the restart record's version (rrp_restart.h), the slot layout: the count of values per slot,
// the reference's (7 or 11), the branch state's terms per mode (4)
static constexpr int LAYOUT = 4;

/* the values of a slot of a reference of nref values and a branch state of vterms, or -1 */
static int slot_width(int nref, const int vterms[4])
{
  const bool any = vterms[0] || vterms[1] || vterms[2] || vterms[3];
  const int v = rrp_visco_state_size(vterms);
  if ((nref != 7 && nref != 11) || v < 0) return -1;
  return nref + (any ? v : 0);
}

FixRRPBinderHistory::FixRRPBinderHistory(LAMMPS *lmp, int narg, char **arg) :
    FixBondHistory(lmp, narg, arg), stale(true), nref(ndata == 11 ? 11 : 7), vterms{0, 0, 0, 0},
    data_counts(false), data_released(0.0), data_nbroken(0.0), data_dissipated(0.0)
{
  if (ndata < 7)
    error->all(FLERR, "Fix {} is internal to bond_style rrp/binder (7 or more values per slot)",
               style);
  // references are captured bond by bond; what is stored is always valid
  stored_flag = 1;
  restart_peratom = 1;
  maxexchange = nbond * ndata;
  wd_header = wd_section = 2;    // the orientations and the binders

  // the slots are a per-atom array of this fix (not LAMMPS's fix property/atom, whose width is
  // fixed before restart data say which layout they hold), with rows for the owned atoms only
  // (ensure()); callbacks are registered here, while this fix is not yet in the fix list
  // (Atom::add_callback)
  index = atom->add_custom(SLOTS_NAME, 1, nbond * ndata);
  memory->destroy(atom->darray[index]);
  rows = 0;
  ensure(atom->nlocal + 1);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
}

/* rows for n atoms at least: the owned atoms and the one past them (LAMMPS's sort and exchange
   write there); ghost atoms need none, the slots are read for owned atoms only. New rows have
   no reference. The array moves: the index into it is stale. */

void FixRRPBinderHistory::ensure(int n)
{
  if (n <= rows) return;
  const int old = rows;
  rows = std::max(n, std::max(64, rows + rows / 4));
  memory->grow(atom->darray[index], rows, nbond * ndata, "rrp:binder_refs");
  double **s = atom->darray[index];
  for (int i = old; i < rows; i++)
    for (int k = 0; k < nbond * ndata; k++) s[i][k] = 0.0;
  stale = true;
}

FixRRPBinderHistory::~FixRRPBinderHistory()
{
  if (copymode) return;
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  if (index >= 0) atom->remove_custom(index, 1, nbond * ndata);
}

/* (no fix property/atom for the slots, as FixBondHistory would make) */

void FixRRPBinderHistory::post_constructor() {}

void FixRRPBinderHistory::resize(int ndata_new)
{
  if (ndata_new == ndata) return;
  ndata = ndata_new;
  maxexchange = nbond * ndata;
  memory->destroy(atom->darray[index]);
  atom->dcols[index] = nbond * ndata;
  rows = 0;
  ensure(atom->nlocal + 1);
}

/* the layout of the slots, for their width (set by their maker: the binder, rrp/read_data) */

void FixRRPBinderHistory::set_layout(int nref_new, const int vterms_new[4])
{
  if (slot_width(nref_new, vterms_new) != ndata)
    error->all(FLERR, "Fix {} {}: a layout of {} reference values and viscous terms {} {} {} {} "
               "does not make slots of {} values", style, id, nref_new, vterms_new[0],
               vterms_new[1], vterms_new[2], vterms_new[3], ndata);
  nref = nref_new;
  std::copy(vterms_new, vterms_new + 4, vterms);
}

void FixRRPBinderHistory::widen(const int vterms_new[4])
{
  const int wide = slot_width(nref, vterms_new);
  if (wide < ndata || ndata != nref)
    error->all(FLERR, "Fix {} {}: slots of {} values cannot take a branch state of terms {} {} "
               "{} {}", style, id, ndata, vterms_new[0], vterms_new[1], vterms_new[2],
               vterms_new[3]);
  const int old = ndata, nlocal = atom->nlocal;
  std::vector<double> keep((size_t) nlocal * nbond * old);
  for (int i = 0; i < nlocal; i++)
    std::copy(atom->darray[index][i], atom->darray[index][i] + nbond * old,
              keep.begin() + (size_t) i * nbond * old);
  resize(wide);
  for (int i = 0; i < nlocal; i++)
    for (int m = 0; m < nbond; m++)
      std::copy(keep.begin() + ((size_t) i * nbond + m) * old,
                keep.begin() + ((size_t) i * nbond + m + 1) * old, slot(i, m));
  std::copy(vterms_new, vterms_new + 4, vterms);
}

double FixRRPBinderHistory::memory_usage()
{
  return (double) rows * nbond * ndata * sizeof(double) +
      (double) bond_slot.capacity() * sizeof(double *);
}

void FixRRPBinderHistory::grow_arrays(int /*nmax*/)
{
  ensure(atom->nlocal + 1);
}

void FixRRPBinderHistory::set_arrays(int i)
{
  ensure(i + 1);
  FixBondHistory::set_arrays(i);
}

void FixRRPBinderHistory::copy_arrays(int i, int j, int /*delflag*/)
{
  ensure(std::max(i, j) + 1);
  double **s = atom->darray[index];
  for (int k = 0; k < nbond * ndata; k++) s[j][k] = s[i][k];
}

int FixRRPBinderHistory::pack_exchange(int i, double *buf)
{
  double **s = atom->darray[index];
  for (int k = 0; k < nbond * ndata; k++) buf[k] = s[i][k];
  return nbond * ndata;
}

int FixRRPBinderHistory::unpack_exchange(int nlocal, double *buf)
{
  ensure(nlocal + 1);
  double **s = atom->darray[index];
  for (int k = 0; k < nbond * ndata; k++) s[nlocal][k] = buf[k];
  return nbond * ndata;
}

/* ----------------------------------------------------------------------
   the index of the bond list into the slots: for bond n, the address of its slot on the first
   local atom of the two whose slots name the other (valid until the bond list is made again,
   the slots move, or the per-atom array grows: stale)
------------------------------------------------------------------------- */

void FixRRPBinderHistory::index_slots()
{
  const int nbondlist = neighbor->nbondlist;
  int **bondlist = neighbor->bondlist;
  const int nlocal = atom->nlocal;
  tagint *tag = atom->tag;
  bond_slot.resize((size_t) nbondlist);
  bond_twin.resize((size_t) nbondlist);
  const int ntypes = atom->nbondtypes;
  for (int n = 0; n < nbondlist; n++) {
    bond_slot[n] = bond_twin[n] = nullptr;
    // LAMMPS's read_restart takes the bond types as they are: one beyond the types would read
    // past every per-type coefficient
    if (bondlist[n][2] > ntypes)
      error->one(FLERR, "Bond style rrp/binder: bond {}-{} has type {} of {} bond types",
                 tag[bondlist[n][0]], tag[bondlist[n][1]], bondlist[n][2], ntypes);
    for (int side = 0; side < 2; side++) {
      const int a = bondlist[n][side], b = bondlist[n][1 - side];
      if (a >= nlocal) continue;
      const int m = rrp_bond_slot(atom, a, tag[b]);
      if (m < 0) continue;
      (bond_slot[n] ? bond_twin[n] : bond_slot[n]) = slot(a, m);
    }
  }
  stale = false;
}

void FixRRPBinderHistory::setup_post_neighbor()
{
  index_slots();
}

void FixRRPBinderHistory::post_neighbor()
{
  index_slots();
}

void FixRRPBinderHistory::set_bond(int i, int j, const double *values)
{
  tagint *tag = atom->tag;
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    if (a >= atom->nlocal) continue;
    for (int m = 0; m < atom->num_bond[a]; m++)
      if (atom->bond_atom[a][m] == tag[b]) {
        double *s = slot(a, m);
        for (int k = 0; k < nref; k++) s[k] = values[k];
        for (int k = nref; k < ndata; k++) s[k] = 0.0;    // branches relaxed at bonding
      }
  }
}

/* ----------------------------------------------------------------------
   restart: the layout and width in the global data, each atom's slots with their width in the
   per-atom data
------------------------------------------------------------------------- */

void FixRRPBinderHistory::write_restart(FILE *fp)
{
  RRPRestart::write_fix(lmp, fp, LAYOUT,
                        {(double) ndata, (double) nref, (double) vterms[0], (double) vterms[1],
                         (double) vterms[2], (double) vterms[3]});
}

void FixRRPBinderHistory::restart(char *buf)
{
  const auto r = RRPRestart::read_fix(lmp, buf, fmt::format("Fix {} {} (the binders' "
                                                             "references)", style, id),
                                      LAYOUT, 6);
  stored_flag = 1;
  int vt[4];
  for (int m = 0; m < 4; m++) vt[m] = (r[2 + m] >= 0.0 && r[2 + m] <= RRP_VISCO_TERMS) ? (int) r[2 + m] : -1;
  const int width = (r[1] == 7.0 || r[1] == 11.0) ? slot_width((int) r[1], vt) : -1;
  if (width < 0 || width != r[0])
    error->all(FLERR, "Fix {} {}: the restart file's binders have {} values per bond, which is "
               "not a reference of {} values with viscous terms {} {} {} {}", style, id, r[0], r[1],
               r[2], r[3], r[4], r[5]);
  resize(width);
  set_layout((int) r[1], vt);
}

int FixRRPBinderHistory::pack_restart(int i, double *buf)
{
  // buf[0] is the count of values including itself: other fixes skip over it that way
  const double *s = atom->darray[index][i];
  buf[0] = 3 + nbond * ndata;
  buf[1] = ndata;
  buf[2] = nbond;
  for (int k = 0; k < nbond * ndata; k++) buf[3 + k] = s[k];
  return 3 + nbond * ndata;
}

void FixRRPBinderHistory::unpack_restart(int nlocal, int nth)
{
  ensure(nlocal + 1);
  // the atom's record: the values per slot (those of the global record), the slots, the slots'
  // values; a record that does not add up, or a slot whose values are not a reference, is a
  // damaged file
  const std::string who = fmt::format("Fix {} {}", style, id);
  int count = 0;
  const double *rec = RRPRestart::atom_record(lmp, nlocal, nth, who, count);
  const double nd_file = count >= 2 ? rec[0] : -1.0, nb_file = count >= 2 ? rec[1] : -1.0;
  if (nd_file != ndata || !(nb_file >= 0.0 && nb_file == std::floor(nb_file)) ||
      count != 2.0 + nb_file * nd_file)
    error->one(FLERR,
               "{}: the restart file's binder references of atom {} are damaged ({} values for {} "
               "slots of {})",
               who, atom->tag[nlocal], count, nb_file, nd_file);
  const int nb = static_cast<int>(nb_file);
  double *s = atom->darray[index][nlocal];
  for (int k = 0; k < nbond * ndata; k++) s[k] = 0.0;
  for (int slot = 0; slot < std::min(nb, nbond); slot++) {
    double *to = s + slot * ndata;
    std::copy(rec + 2 + slot * ndata, rec + 2 + (slot + 1) * ndata, to);
    int which = 0;
    double norm = 0.0;
    bool finite = true;
    for (int k = nref; k < ndata; k++) finite = finite && std::isfinite(to[k]);
    if (!finite || rrp_binder_slot_unit(to, nref, RRP_QUAT_UNIT_TOL, &which, &norm) != RRP_OK)
      error->one(FLERR,
                 "{}: the restart file's binder reference {} of atom {} is damaged (a value not "
                 "finite, or a quaternion of norm {})",
                 who, slot + 1, atom->tag[nlocal], norm);
  }
}

int FixRRPBinderHistory::size_restart(int /*nlocal*/)
{
  return 3 + nbond * ndata;
}

int FixRRPBinderHistory::maxsize_restart()
{
  return 3 + nbond * ndata;
}

/* ----------------------------------------------------------------------
   write_data: a header line (which plain read_data stops at, with the line as its message) and
   the sections Orientations (mth 0) and Binders (mth 1): one line per bond, in the bonds of
   the Bonds section (type not 0), "ID_i ID_j" (i the lower ID) and the slot's values, at most
   VALUES_PER_LINE to a line (read_data's lines end at 256 characters), zeros for a bond
   without a reference yet; the released energy and rupture count in the header line
------------------------------------------------------------------------- */

void FixRRPBinderHistory::write_data_header(FILE *fp, int mth)
{
  if (mth == 0) {
    RRPOrientation::write_data_note(fp);
    return;
  }
  double released = 0.0, nbroken = 0.0;
  int dim;
  if (RRPOrientation::binder(lmp)) {
    auto *r = (double *) force->bond->extract("released", dim);
    auto *b = (double *) force->bond->extract("nbroken", dim);
    if (r) released = *r;
    if (b) nbroken = *b;
  }
  double dissipated = 0.0;
  if (RRPOrientation::binder(lmp)) {
    auto *d = (double *) force->bond->extract("dissipated_broken", dim);
    if (d) dissipated = *d;
  }
  fmt::print(fp, "{} {} values per bond, released {:.17g} in {} ruptures; reference {} viscous "
                 "{} {} {} {} dissipated {:.17g}; read this data file with the command "
                 "rrp/read_data of the rrp-lammps plugin\n",
             DATA_HEADER, ndata, released, nbroken, nref, vterms[0], vterms[1], vterms[2],
             vterms[3], dissipated);
}

void FixRRPBinderHistory::write_data_section_size(int mth, int &nx, int &ny)
{
  if (mth == 0) {
    RRPOrientation::write_data_size(lmp, nx, ny);
    return;
  }
  const int newton_bond = force->newton_bond;
  nx = 0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++)
      if (atom->bond_type[i][m] != 0 && (newton_bond || atom->tag[i] < atom->bond_atom[i][m]))
        nx++;
  ny = 2 + ndata;
}

void FixRRPBinderHistory::write_data_section_pack(int mth, double **buf)
{
  if (mth == 0) {
    RRPOrientation::write_data_pack(lmp, buf);
    return;
  }
  const int newton_bond = force->newton_bond;
  tagint *tag = atom->tag;
  int row = 0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const tagint partner = atom->bond_atom[i][m];
      if (atom->bond_type[i][m] == 0 || !(newton_bond || tag[i] < partner)) continue;
      buf[row][0] = ubuf(std::min(tag[i], partner)).d;
      buf[row][1] = ubuf(std::max(tag[i], partner)).d;
      const double *s = slot(i, m);
      for (int k = 0; k < ndata; k++) buf[row][2 + k] = s[k];
      row++;
    }
}

void FixRRPBinderHistory::write_data_section_keyword(int mth, FILE *fp)
{
  if (mth == 0) {
    RRPOrientation::write_data_keyword(fp);
    return;
  }
  fmt::print(fp,
             "\n{} # bond_style rrp/binder: ID_i ID_j (i the lower ID), r_i (3), p (4){}{} "
             "(zeros: not yet captured)\n\n",
             DATA_SECTION, nref == 11 ? ", q_j0 (4)" : "",
             ndata > nref ? ", the viscous branch state" : "");
}

void FixRRPBinderHistory::write_data_section(int mth, FILE *fp, int n, double **buf,
                                             int /*index*/)
{
  if (mth == 0) {
    RRPOrientation::write_data_rows(fp, n, buf);
    return;
  }
  for (int i = 0; i < n; i++) {
    const tagint a = ubuf(buf[i][0]).i, b = ubuf(buf[i][1]).i;
    for (int first = 0; first < ndata; first += VALUES_PER_LINE) {
      std::string line = fmt::format("{} {}", a, b);
      for (int k = first; k < std::min(ndata, first + VALUES_PER_LINE); k++)
        line += fmt::format(" {}", buf[i][2 + k]);
      fmt::print(fp, "{}\n", line);
    }
  }
}
