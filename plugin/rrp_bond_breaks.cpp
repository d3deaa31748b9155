/* ----------------------------------------------------------------------
   rrp-lammps: the breaks of a bond style (see rrp_bond_breaks.h).
------------------------------------------------------------------------- */

#include "rrp_bond_breaks.h"

#include "atom.h"
#include "error.h"
#include "fix_bond_history.h"
#include "fix_store_local.h"
#include "force.h"
#include "modify.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

// the values a break record may hold (store/local keyword)
enum { ST_ID1, ST_ID2, ST_TIME, ST_X, ST_Y, ST_Z, ST_MODE, ST_ENERGY, ST_STRAIN, ST_SHEAR, ST_BEND, ST_TWIST };
static const char *const STORE_NAMES[] = {"id1", "id2", "time", "x", "y", "z", "mode", "energy",
                                          "strain", "shear", "bend", "twist"};
static constexpr int NSTORE = sizeof(STORE_NAMES) / sizeof(STORE_NAMES[0]);

int LAMMPS_NS::rrp_bond_slot(const Atom *atom, int a, tagint partner)
{
  for (int m = 0; m < atom->num_bond[a]; m++)
    if (atom->bond_atom[a][m] == partner) return m;
  return -1;
}

RRPBondBreaks::RRPBondBreaks(LAMMPS *lmp, const std::string &style_name) :
    Pointers(lmp), released(0.0), nbroken(0.0), dissipated(0.0), step_dissipated(0.0), style(style_name), store_freq(0), store(nullptr)
{
  for (int m = 0; m <= NMODES; m++) nbroken_mode[m] = step[m] = 0.0;
}

RRPBondBreaks::~RRPBondBreaks()
{
  if (store && modify->nfix && modify->get_fix_by_id(id_store)) modify->delete_fix(id_store);
}

int RRPBondBreaks::parse_store_local(int narg, char **arg, int iarg)
{
  const std::string keyword = "bond_style " + style + " store/local";
  if (iarg + 4 > narg) utils::missing_cmd_args(FLERR, keyword, error);
  id_store = arg[iarg + 1];
  store_freq = utils::inumeric(FLERR, arg[iarg + 2], false, lmp);
  if (store_freq <= 0)
    error->all(FLERR, "{} {} {}: the interval must be a positive number of steps", keyword,
               arg[iarg + 1], arg[iarg + 2]);
  store_values.clear();
  iarg += 3;
  while (iarg < narg) {
    int v = 0;
    while (v < NSTORE && strcmp(arg[iarg], STORE_NAMES[v]) != 0) v++;
    if (v == NSTORE) break;
    store_values.push_back(v);
    iarg++;
  }
  if (store_values.empty())
    error->all(FLERR, "{} {}: name at least one value (id1 id2 time x y z mode energy strain "
                      "shear bend twist)", keyword, id_store);
  store = nullptr;
  return iarg;
}

void RRPBondBreaks::make_store_local()
{
  if (id_store.empty()) return;
  const int nvalues = (int) store_values.size();
  Fix *f = modify->get_fix_by_id(id_store);
  if (!f)
    f = modify->add_fix(fmt::format("{} all STORE/LOCAL {} {}", id_store, store_freq, nvalues));
  store = dynamic_cast<FixStoreLocal *>(f);
  if (!store || store->nvalues != nvalues)
    error->all(FLERR, "Bond style {} store/local: fix {} exists and is not a STORE/LOCAL fix of "
                      "{} values", style, id_store, nvalues);
  row.assign(nvalues, 0.0);
}

void RRPBondBreaks::broke(int i, int j, int mode, double energy, const rrp_binder_load &load,
                          double w)
{
  step[0] += w * energy;
  step[mode] += w;
  record(i, j, mode, energy, load);
  broken.push_back({i, j});
}

/* a break record for fix STORE/LOCAL (once per bond: on the rank of its lower-ID atom i when
   newton_bond is off, as LAMMPS's BPM bonds) */

void RRPBondBreaks::record(int i, int j, int mode, double energy, const rrp_binder_load &load)
{
  if (!store || !(force->newton_bond || i < atom->nlocal)) return;
  double **x = atom->x;
  for (size_t v = 0; v < store_values.size(); v++) {
    double &out = row[v];
    switch (store_values[v]) {
      case ST_ID1: out = (double) atom->tag[i]; break;
      case ST_ID2: out = (double) atom->tag[j]; break;
      case ST_TIME:
        out = update->atime + (double) (update->ntimestep - update->atimestep) * update->dt;
        break;
      case ST_X: out = 0.5 * (x[i][0] + x[j][0]); break;
      case ST_Y: out = 0.5 * (x[i][1] + x[j][1]); break;
      case ST_Z: out = 0.5 * (x[i][2] + x[j][2]); break;
      case ST_MODE: out = mode; break;
      case ST_ENERGY: out = energy; break;
      case ST_STRAIN: out = load.strain; break;
      case ST_SHEAR: out = load.shear; break;
      case ST_BEND: out = load.bend; break;
      case ST_TWIST: out = load.twist; break;
    }
  }
  store->add_data(row.data(), i, j);
}

/* a broken bond leaves the bond lists of its local atoms, with its slot of history, as LAMMPS's
   BPM bond styles remove broken bonds: the last slot moves into its place */

void RRPBondBreaks::remove(int i, int j, FixBondHistory *history)
{
  tagint *tag = atom->tag;
  for (int side = 0; side < 2; side++) {
    const int a = side ? j : i, b = side ? i : j;
    if (a >= atom->nlocal) continue;
    const int m = rrp_bond_slot(atom, a, tag[b]);
    if (m < 0) continue;
    const int last = atom->num_bond[a] - 1;
    atom->bond_type[a][m] = atom->bond_type[a][last];
    atom->bond_atom[a][m] = atom->bond_atom[a][last];
    history->shift_history(a, m, last);
    history->delete_history(a, last);
    atom->num_bond[a]--;
  }
}

bool RRPBondBreaks::end_step(FixBondHistory *history)
{
  for (const auto &b : broken) remove(b.i, b.j, history);
  const bool moved = !broken.empty();
  broken.clear();
  double mine[NMODES + 2], all[NMODES + 2];
  std::copy(step, step + NMODES + 1, mine);
  mine[NMODES + 1] = step_dissipated;
  MPI_Allreduce(mine, all, NMODES + 2, MPI_DOUBLE, MPI_SUM, world);
  released += all[0];
  dissipated += all[NMODES + 1];
  step_dissipated = 0.0;
  double count = 0.0;
  for (int m = 1; m <= NMODES; m++) {
    nbroken_mode[m] += all[m];
    count += all[m];
  }
  nbroken += count;
  atom->nbonds -= static_cast<bigint>(std::llround(count));    // thermo bonds, write_data
  for (double &s : step) s = 0.0;
  return moved;
}
