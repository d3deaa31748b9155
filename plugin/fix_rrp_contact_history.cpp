/* ----------------------------------------------------------------------
   rrp-lammps: internal fix NEIGH_HISTORY/RRP (see fix_rrp_contact_history.h). Bookkeeping only.
------------------------------------------------------------------------- */

#include "fix_rrp_contact_history.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "my_page.h"
#include "neighbor.h"
#include "pair.h"

#include "rrp/friction.h"

#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;

/* ---------------------------------------------------------------------- */

FixRRPContactHistory::FixRRPContactHistory(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistory(lmp, narg, arg), nwrite(0), nread(0),
    pending_works(false), data_works{0.0, 0.0, 0.0, 0.0}
{
  // LAMMPS's style name: the restart files of LAMMPS's fix and of this one are the same
  delete[] style;
  style = utils::strdup("NEIGH_HISTORY");
  wd_header = 1;
  wd_section = 1;
}

/* ----------------------------------------------------------------------
   FixNeighHistory::init makes its pages anew when neigh_modify has changed their sizes, which
   would leave the partner arrays (read from a data file, or kept between runs) in freed pages:
   they are copied across
------------------------------------------------------------------------- */

void FixRRPContactHistory::init()
{
  if (!pair)
    error->all(FLERR,
               "Fix {} holds the contact histories of {} lines of a data file's section {} "
               "(rrp/read_data), and pair style {} does not take them: define pair_style "
               "rrp/hertz with friction, or unfix {} to drop them",
               id, nread, DATA_SECTION, force->pair_style ? force->pair_style : "none", id);
  const int nlocal = atom->nlocal;
  const bool remake = ipage_atom && (pgsize != neighbor->pgsize || oneatom != neighbor->oneatom);
  std::vector<tagint> ids;
  std::vector<double> values;
  if (remake)
    for (int i = 0; i < nlocal; i++) {
      ids.insert(ids.end(), partner[i], partner[i] + npartner[i]);
      values.insert(values.end(), valuepartner[i], valuepartner[i] + dnum * npartner[i]);
    }
  FixNeighHistory::init();
  if (remake) {
    size_t at = 0;
    for (int i = 0; i < nlocal; i++) {
      const int n = npartner[i];
      partner[i] = ipage_atom->get(n);
      valuepartner[i] = dpage_atom->get(dnum * n);
      if (!partner[i] || !valuepartner[i])
        error->one(FLERR, "Neighbor history overflow, boost neigh_modify one");
      std::copy(ids.begin() + at, ids.begin() + at + n, partner[i]);
      std::copy(values.begin() + dnum * at, values.begin() + dnum * (at + n), valuepartner[i]);
      at += n;
    }
  }
  count();
}

/* the partner arrays hold the histories at the end of a run (FixNeighHistory::post_run) */

void FixRRPContactHistory::post_run()
{
  FixNeighHistory::post_run();
  count();
}

/* ----------------------------------------------------------------------
   write_data, from the partner arrays of the owned atoms: current after a run (post_run), after
   rrp/read_data, and carried by write_data's own exchange of atoms. Partner m of atom i has a
   line when newton_pair is off (each side its own), or i has the lower ID (the other side is
   transfer_history of it)
------------------------------------------------------------------------- */

bool FixRRPContactHistory::writes(int i, int m) const
{
  return !newton_pair || atom->tag[i] < partner[i][m];
}

void FixRRPContactHistory::count()
{
  bigint n = 0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < npartner[i]; m++) n += writes(i, m) ? 1 : 0;
  MPI_Allreduce(&n, &nwrite, 1, MPI_LMP_BIGINT, MPI_SUM, world);
}

void FixRRPContactHistory::write_data_header(FILE *fp, int /*mth*/)
{
  // (rank 0 alone: the pair's works are global totals)
  double works[4] = {0.0, 0.0, 0.0, 0.0};
  int dim = 0;
  const auto *w = pair ? static_cast<const double *>(pair->extract("friction_work", dim)) : nullptr;
  for (int k = 0; k < 4; k++) works[k] = w ? w[k] : data_works[k];
  fmt::print(fp,
             "{} {} lines of {} values, works {:.17g} {:.17g} {:.17g} {:.17g}; read this data "
             "file with the command rrp/read_data of the rrp-lammps plugin\n",
             DATA_HEADER, nwrite, dnum, works[0], works[1], works[2], works[3]);
}

void FixRRPContactHistory::write_data_section_size(int /*mth*/, int &nx, int &ny)
{
  bigint n = 0, all = 0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < npartner[i]; m++) n += writes(i, m) ? 1 : 0;
  MPI_Allreduce(&n, &all, 1, MPI_LMP_BIGINT, MPI_SUM, world);
  if (all != nwrite)
    error->all(FLERR,
               "write_data: fix {} counted {} contacts for the header line and has {} "
               "now (write_data noinit after the atoms changed?)",
               id, nwrite, all);
  nx = (int) n;
  ny = 2 + dnum;
}

void FixRRPContactHistory::write_data_section_pack(int /*mth*/, double **buf)
{
  int row = 0;
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < npartner[i]; m++) {
      if (!writes(i, m)) continue;
      buf[row][0] = ubuf(atom->tag[i]).d;
      buf[row][1] = ubuf(partner[i][m]).d;
      memcpy(&buf[row][2], &valuepartner[i][dnum * m], dnumbytes);
      row++;
    }
}

void FixRRPContactHistory::write_data_section_keyword(int /*mth*/, FILE *fp)
{
  fmt::print(fp,
             "\n{} # pair_style rrp/hertz friction: ID_i ID_j and the contact's {} history "
             "values as atom ID_i holds them, {} to a line\n\n",
             DATA_SECTION, dnum, VALUES_PER_LINE);
}

void FixRRPContactHistory::write_data_section(int /*mth*/, FILE *fp, int n, double **buf,
                                              int /*index*/)
{
  for (int i = 0; i < n; i++) {
    const tagint a = ubuf(buf[i][0]).i, b = ubuf(buf[i][1]).i;
    for (int first = 0; first < dnum; first += VALUES_PER_LINE) {
      std::string line = fmt::format("{} {}", a, b);
      for (int k = first; k < std::min(dnum, first + VALUES_PER_LINE); k++)
        line += fmt::format(" {}", buf[i][2 + k]);
      fmt::print(fp, "{}\n", line);
    }
  }
}

/* ----------------------------------------------------------------------
   rrp/read_data: the lines naming this rank's atoms (no pair twice: the reader checks) into the
   partner arrays, as FixNeighHistory::unpack_restart fills them; an atom named second of a line
   with no line of its own for the contact gets the transfer of the line's history
------------------------------------------------------------------------- */

void FixRRPContactHistory::set_contacts(const std::vector<tagint> &ab,
                                        const std::vector<double> &values, const double works[4],
                                        bigint nlines)
{
  if (ipage_atom == nullptr) allocate_pages();
  const int nlocal = atom->nlocal;
  const size_t nrec = ab.size() / 2;
  // the records by their first atom, to find a line of the other side
  std::vector<size_t> order(nrec);
  for (size_t r = 0; r < nrec; r++) order[r] = r;
  auto key = [&](size_t r) {
    return std::make_pair(ab[2 * r], ab[2 * r + 1]);
  };
  std::sort(order.begin(), order.end(), [&](size_t r, size_t s) {
    return key(r) < key(s);
  });
  auto has_line = [&](tagint a, tagint b) {
    auto it = std::lower_bound(order.begin(), order.end(), std::make_pair(a, b),
                               [&](size_t r, const std::pair<tagint, tagint> &k) {
                                 return key(r) < k;
                               });
    return it != order.end() && key(*it) == std::make_pair(a, b);
  };
  // entries of each local atom: (record, whether transferred)
  std::vector<std::vector<std::pair<size_t, bool>>> entries(nlocal);
  for (size_t r = 0; r < nrec; r++) {
    const int ia = atom->map(ab[2 * r]), ib = atom->map(ab[2 * r + 1]);
    if (ia >= 0 && ia < nlocal) entries[ia].emplace_back(r, false);
    if (ib >= 0 && ib < nlocal && !has_line(ab[2 * r + 1], ab[2 * r]))
      entries[ib].emplace_back(r, true);
  }
  for (int i = 0; i < nlocal; i++) {
    const int n = (int) entries[i].size();
    npartner[i] = n;
    partner[i] = ipage_atom->get(n);
    valuepartner[i] = dpage_atom->get(dnum * n);
    if (!partner[i] || !valuepartner[i])
      error->one(FLERR, "Neighbor history overflow, boost neigh_modify one");
    for (int m = 0; m < n; m++) {
      const size_t r = entries[i][m].first;
      const double *v = &values[dnum * r];
      double *to = &valuepartner[i][dnum * m];
      if (entries[i][m].second) {
        partner[i][m] = ab[2 * r];
        rrp_friction_history_swap(v, to);    // (the pair's transfer_history)
      } else {
        partner[i][m] = ab[2 * r + 1];
        memcpy(to, v, dnumbytes);
      }
    }
    maxpartner = std::max(maxpartner, n);
  }
  maxexchange = (dnum + 1) * maxpartner + 1;
  for (int k = 0; k < 4; k++) data_works[k] = works[k];
  pending_works = true;
  nread = nlines;
  count();
}

bool FixRRPContactHistory::take_works(double works[4])
{
  if (!pending_works) return false;
  for (int k = 0; k < 4; k++) works[k] = data_works[k];
  pending_works = false;
  return true;
}
