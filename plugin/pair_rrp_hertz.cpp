/* ----------------------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz. See doc/pair_rrp_hertz.md.
   Bookkeeping only: neighbor list, special-bond weights, newton, tallies; the contact law is
   rrp_hertz_pair() in core/.
------------------------------------------------------------------------- */

#include "pair_rrp_hertz.h"

#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "update.h"

#include "rrp/contact.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

PairRRPHertz::PairRRPHertz(LAMMPS *_lmp) : Pair(_lmp), kpp(nullptr), maxrad(0.0)
{
  single_enable = 1;
  restartinfo = 1;
  writedata = 1;
}

PairRRPHertz::~PairRRPHertz()
{
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
    memory->destroy(kpp);
  }
}

void PairRRPHertz::allocate()
{
  allocated = 1;
  const int np1 = atom->ntypes + 1;
  memory->create(setflag, np1, np1, "pair:setflag");
  memory->create(cutsq, np1, np1, "pair:cutsq");
  memory->create(kpp, np1, np1, "pair:kpp");
  for (int i = 1; i < np1; i++)
    for (int j = i; j < np1; j++) setflag[i][j] = 0;
}

void PairRRPHertz::settings(int narg, char **arg)
{
  if (narg > 0)
    error->all(FLERR, "Illegal pair_style rrp/hertz command: unexpected argument {} (it takes none)",
               arg[0]);
}

/* pair_coeff I J Kpp */

void PairRRPHertz::coeff(int narg, char **arg)
{
  if (narg != 3) error->all(FLERR, "Incorrect args for pair_coeff rrp/hertz: expected I J Kpp");
  if (!allocated) allocate();
  int ilo, ihi, jlo, jhi;
  utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
  utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);
  const double k = utils::numeric(FLERR, arg[2], false, lmp);
  if (!(k >= 0.0) || !std::isfinite(k))
    error->all(FLERR, "Pair_coeff rrp/hertz Kpp = {} must be a finite number >= 0", arg[2]);
  int count = 0;
  for (int i = ilo; i <= ihi; i++)
    for (int j = std::max(jlo, i); j <= jhi; j++) {
      kpp[i][j] = k;
      setflag[i][j] = 1;
      count++;
    }
  if (count == 0) error->all(FLERR, "Incorrect args for pair coefficients");
}

void PairRRPHertz::init_style()
{
  if (!atom->radius_flag)
    error->all(FLERR, "Pair style rrp/hertz requires per-atom radius (atom_style sphere)");
  neighbor->add_request(this);

  // cutoff: two of the largest radius, so every overlapping pair is in the list, counting the
  // atoms that fix pour and fix deposit will insert during the run (their largest radius of
  // each type, as pair granular takes it)
  double local = 0.0;
  for (int i = 0; i < atom->nlocal; i++) local = std::max(local, atom->radius[i]);
  // the per-type stiffnesses are read at each pair's types: a type beyond them (a damaged restart
  // file, which LAMMPS's read_restart takes as it is) would read past them
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->type[i] < 1 || atom->type[i] > atom->ntypes)
      error->one(FLERR, "Pair style rrp/hertz: atom {} has type {} of {} atom types", atom->tag[i],
                 atom->type[i], atom->ntypes);
  MPI_Allreduce(&local, &maxrad, 1, MPI_DOUBLE, MPI_MAX, world);
  for (const char *inserter : {"^pour", "^deposit"})
    for (auto &fix : modify->get_fix_by_style(inserter))
      for (int type = 1; type <= atom->ntypes; type++) {
        int itype = type;    // extract() may change it
        const auto *r = static_cast<const double *>(fix->extract("radius", itype));
        if (r && std::isfinite(*r)) maxrad = std::max(maxrad, *r);
      }
  if (!(maxrad > 0.0))
    error->all(FLERR, "Pair style rrp/hertz: the largest atom radius is {}; it must be positive "
                      "(with no atoms yet, fix pour or fix deposit defined before the run give "
                      "the radius of the atoms they insert)",
               maxrad);
}

double PairRRPHertz::init_one(int i, int j)
{
  if (setflag[i][j] == 0) kpp[i][j] = rrp_hertz_mix(kpp[i][i], kpp[j][j]);
  kpp[j][i] = kpp[i][j];
  return 2.0 * maxrad;
}

void PairRRPHertz::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag);

  double **x = atom->x;
  const double *radius = atom->radius;
  const int *type = atom->type;
  const double *special_lj = force->special_lj;

  const int inum = list->inum;
  const int *ilist = list->ilist;
  const int *numneigh = list->numneigh;
  int **firstneigh = list->firstneigh;

  // the pairs in contact (and any NaN distance) are gathered, a few atoms' worth at a time, their
  // Hertz factors evaluated across SIMD lanes (rrp_hertz_pair_factors), then the forces applied
  // in the order of the neighbor list, as one loop over it would: the same bits
  double *x0 = inum ? x[0] : nullptr;    // LAMMPS's per-atom arrays are contiguous
  int np = 0;
  for (int ii = 0; ii < inum; ii++) {
    const int i = ilist[ii];
    const int *jlist = firstneigh[i];
    const double xi = x0[3 * i], yi = x0[3 * i + 1], zi = x0[3 * i + 2], ri = radius[i];
    const double *kpi = kpp[type[i]];
    const int jnum = numneigh[i];
    if (np + jnum > static_cast<int>(pair_i.size())) reserve_pairs(np + jnum + BLOCK);
    for (int jj = 0; jj < jnum; jj++) {
      int j = jlist[jj];
      const double factor = special_lj[sbmask(j)];
      j &= NEIGHMASK;
      const double dx = xi - x0[3 * j], dy = yi - x0[3 * j + 1], dz = zi - x0[3 * j + 2];
      const double rsq = dx * dx + dy * dy + dz * dz;
      const double a = ri + radius[j];
      // kept when in contact, or a NaN for the kernel to report; excluded pairs (special_bonds)
      // not: written always, counted only if kept (whether a pair touches is as good as random,
      // a branch on it would be mispredicted often)
      pair_i[np] = i;
      pair_j[np] = j;
      pair_k[np] = kpi[type[j]];
      pair_a[np] = a;
      pair_rsq[np] = rsq;
      pair_factor[np] = factor;
      np += static_cast<int>(!(rsq >= a * a)) & static_cast<int>(factor != 0.0);
    }
    if (np >= BLOCK || ii == inum - 1) {
      apply_pairs(np, eflag);
      np = 0;
    }
  }
  if (vflag_fdotr) virial_fdotr_compute();
}

/* ----------------------------------------------------------------------
   room for n gathered pairs
------------------------------------------------------------------------- */

void PairRRPHertz::reserve_pairs(int n)
{
  pair_i.resize(n);
  pair_j.resize(n);
  for (auto *v : {&pair_k, &pair_a, &pair_rsq, &pair_factor, &pair_fs, &pair_e}) v->resize(n);
}

/* ----------------------------------------------------------------------
   the forces of the np gathered pairs, grouped by atom i in the neighbor list's order: the
   factors across SIMD lanes, then, pair by pair, F_j -= f and the sum of F_i added to f[i] when
   its pairs end, as the one-pair-at-a-time loop adds them
------------------------------------------------------------------------- */

void PairRRPHertz::apply_pairs(int np, int eflag)
{
  if (np == 0) return;
  double **x = atom->x;
  double *x0 = x[0], *f0 = atom->f[0];
  const int nlocal = atom->nlocal;
  const int newton_pair = force->newton_pair;
  if (rrp_hertz_pair_factors(np, pair_k.data(), pair_a.data(), pair_rsq.data(), pair_fs.data(),
                             eflag ? pair_e.data() : nullptr) != RRP_OK)
    for (int p = 0; p < np; p++) {
      int status = RRP_OK;
      rrp_hertz_pair_factor(pair_k[p], pair_a[p], pair_rsq[p], nullptr, &status);
      if (status != RRP_OK) {
        const int i = pair_i[p], j = pair_j[p];
        error->one(FLERR, "Pair style rrp/hertz: atoms {} and {} on step {}: {} (at ({}, {}, {}))",
                   atom->tag[i], atom->tag[j], update->ntimestep,
                   status == RRP_EDOMAIN ? "coincident centres" : "non-finite positions",
                   x[i][0], x[i][1], x[i][2]);
      }
    }
  double fxi = 0.0, fyi = 0.0, fzi = 0.0;
  for (int p = 0; p < np; p++) {
    const int i = pair_i[p], j = pair_j[p];
    const double fs = pair_fs[p];
    if (fs != 0.0) {
      const double dx = x0[3 * i] - x0[3 * j], dy = x0[3 * i + 1] - x0[3 * j + 1],
                   dz = x0[3 * i + 2] - x0[3 * j + 2];
      const double fpair = pair_factor[p] * fs;
      const double fx = fpair * dx, fy = fpair * dy, fz = fpair * dz;
      fxi += fx;
      fyi += fy;
      fzi += fz;
      if (newton_pair || j < nlocal) {
        f0[3 * j] -= fx;
        f0[3 * j + 1] -= fy;
        f0[3 * j + 2] -= fz;
      }
      if (evflag)
        ev_tally_xyz(i, j, nlocal, newton_pair, pair_factor[p] * (eflag ? pair_e[p] : 0.0), 0.0, fx,
                     fy, fz, dx, dy, dz);
    }
    if (p == np - 1 || pair_i[p + 1] != i) {
      f0[3 * i] += fxi;
      f0[3 * i + 1] += fyi;
      f0[3 * i + 2] += fzi;
      fxi = fyi = fzi = 0.0;
    }
  }
}

double PairRRPHertz::single(int i, int j, int itype, int jtype, double rsq, double /*factor_coul*/,
                            double factor_lj, double &fforce)
{
  double fi[3], evdwl;
  fforce = 0.0;
  double **x = atom->x;
  if (rrp_hertz_pair(kpp[itype][jtype], atom->radius[i], atom->radius[j], x[i], x[j], fi, &evdwl) !=
      RRP_OK)
    return 0.0;
  // central force: fi = fforce (x_i - x_j)
  fforce = factor_lj * (fi[0] * (x[i][0] - x[j][0]) + fi[1] * (x[i][1] - x[j][1]) +
                        fi[2] * (x[i][2] - x[j][2])) / rsq;
  return factor_lj * evdwl;
}

/* restart (rrp_restart.h, version 1): for each pair of types i <= j, whether it is set and its K */

void PairRRPHertz::write_restart(FILE *fp)
{
  std::vector<double> r;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      r.push_back(setflag[i][j]);
      r.push_back(setflag[i][j] ? kpp[i][j] : 0.0);
    }
  RRPRestart::write(fp, 1, r);
}

void PairRRPHertz::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->ntypes;
  const auto r = RRPRestart::read(lmp, fp, "Pair style rrp/hertz", 1, (size_t) n * (n + 1));
  size_t m = 0;
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++, m += 2) {
      setflag[i][j] = r[m] != 0.0 ? 1 : 0;
      if (setflag[i][j]) kpp[i][j] = r[m + 1];
      if (setflag[i][j] && !(kpp[i][j] >= 0.0 && std::isfinite(kpp[i][j])))
        error->all(FLERR, "Pair style rrp/hertz: the restart file has Kpp = {} for types {} {}; "
                   "it must be a finite number >= 0", kpp[i][j], i, j);
    }
}

void PairRRPHertz::write_data(FILE *fp)
{
  for (int i = 1; i <= atom->ntypes; i++) fmt::print(fp, "{} {}\n", i, kpp[i][i]);
}

void PairRRPHertz::write_data_all(FILE *fp)
{
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) fmt::print(fp, "{} {} {}\n", i, j, kpp[i][j]);
}

void *PairRRPHertz::extract(const char *str, int &dim)
{
  dim = 2;
  if (strcmp(str, "kpp") == 0) return (void *) kpp;
  return nullptr;
}
