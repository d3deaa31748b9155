/* ----------------------------------------------------------------------
   rrp-lammps: pair_style rrp/hertz. See doc/pair_rrp_hertz.rst.
   Bookkeeping only: neighbor list, special-bond weights, newton, tallies; the contact law is
   rrp_hertz_pair() in core/.
------------------------------------------------------------------------- */

#include "pair_rrp_hertz.h"

#include "fix_rrp_contact_history.h"
#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "neigh_request.h"
#include "update.h"

#include "rrp/contact.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

// the fix of the contacts' histories, and its placeholder until init (pair granular's scheme: the
// fix keeps its place among the input's fixes)
static const char *const HISTORY_ID = "NEIGH_HISTORY_RRP_HERTZ";
static const char *const DUMMY_ID = "NEIGH_HISTORY_RRP_HERTZ_DUMMY";

PairRRPHertz::PairRRPHertz(LAMMPS *_lmp) :
    Pair(_lmp), kpp(nullptr), maxrad(0.0), friction(false), law(),
    contact_point(RRP_CONTACT_POINT_MIDDLE), fix_history(nullptr), friction_work{0.0, 0.0, 0.0, 0.0}
{
  single_enable = 1;
  restartinfo = 1;
  writedata = 1;
}

PairRRPHertz::~PairRRPHertz()
{
  if (friction && modify->nfix)
    for (const char *id : {HISTORY_ID, DUMMY_ID})
      if (modify->get_fix_by_id(id)) modify->delete_fix(id);
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

/* pair_style rrp/hertz [friction linear|mindlin KT MU] [rolling KR MUR]
   [twisting marshall | twisting sds KTW MUTW] [contact middle|lammps] */

void PairRRPHertz::settings(int narg, char **arg)
{
  int tangential = RRP_TANGENTIAL_NONE, twisting = RRP_TWISTING_NONE;
  double kt = 0.0, mu = 0.0, kroll = 0.0, muroll = 0.0, ktwist = 0.0, mutwist = 0.0;
  contact_point = RRP_CONTACT_POINT_MIDDLE;
  bool any = false;
  auto number = [&](int k, const char *what) {
    if (k >= narg)
      utils::missing_cmd_args(FLERR, std::string("pair_style rrp/hertz ") + what, error);
    return utils::numeric(FLERR, arg[k], false, lmp);
  };
  for (int iarg = 0; iarg < narg;) {
    const std::string key = arg[iarg];
    if (key == "friction") {
      if (iarg + 1 >= narg) utils::missing_cmd_args(FLERR, "pair_style rrp/hertz friction", error);
      const std::string model = arg[iarg + 1];
      if (model == "linear") tangential = RRP_TANGENTIAL_LINEAR;
      else if (model == "mindlin") tangential = RRP_TANGENTIAL_MINDLIN;
      else
        error->all(FLERR, "Pair style rrp/hertz friction {} is unknown: use linear (LAMMPS's "
                          "linear_history) or mindlin", model);
      kt = number(iarg + 2, "friction");
      mu = number(iarg + 3, "friction");
      iarg += 4;
    } else if (key == "rolling") {
      kroll = number(iarg + 1, "rolling");
      muroll = number(iarg + 2, "rolling");
      if (!(kroll > 0.0))
        error->all(FLERR, "Pair style rrp/hertz rolling stiffness {} must be > 0", kroll);
      iarg += 3;
    } else if (key == "twisting") {
      if (iarg + 1 >= narg) utils::missing_cmd_args(FLERR, "pair_style rrp/hertz twisting", error);
      const std::string model = arg[iarg + 1];
      if (model == "marshall") {
        twisting = RRP_TWISTING_MARSHALL;
        iarg += 2;
      } else if (model == "sds") {
        twisting = RRP_TWISTING_SDS;
        ktwist = number(iarg + 2, "twisting sds");
        mutwist = number(iarg + 3, "twisting sds");
        iarg += 4;
      } else
        error->all(FLERR, "Pair style rrp/hertz twisting {} is unknown: use marshall or sds",
                   model);
    } else if (key == "contact") {
      if (iarg + 1 >= narg) utils::missing_cmd_args(FLERR, "pair_style rrp/hertz contact", error);
      const std::string where = arg[iarg + 1];
      if (where == "middle") contact_point = RRP_CONTACT_POINT_MIDDLE;
      else if (where == "lammps") contact_point = RRP_CONTACT_POINT_LAMMPS;
      else
        error->all(FLERR, "Pair style rrp/hertz contact {} is unknown: use middle or lammps",
                   where);
      iarg += 2;
    } else
      error->all(FLERR, "Illegal pair_style rrp/hertz command: unknown keyword {} (friction, "
                        "rolling, twisting, contact)", key);
    any = true;
  }
  if (any && tangential == RRP_TANGENTIAL_NONE)
    error->all(FLERR, "Pair style rrp/hertz: rolling, twisting and contact need friction "
                      "linear|mindlin KT MU");
  for (double v : {kt, mu, kroll, muroll, ktwist, mutwist})
    if (!(v >= 0.0) || !std::isfinite(v))
      error->all(FLERR, "Pair style rrp/hertz: the friction's stiffnesses and coefficients must "
                        "be finite and >= 0 (got {})", v);
  if (rrp_friction_set(static_cast<rrp_tangential_model>(tangential), kt, mu, kroll, muroll,
                       static_cast<rrp_twisting_model>(twisting), ktwist, mutwist, &law) != RRP_OK)
    error->all(FLERR, "Pair style rrp/hertz: the friction's stiffnesses must be > 0 (friction KT "
                      "{}, twisting sds KTW {})", kt, ktwist);
  if (friction && tangential == RRP_TANGENTIAL_NONE)
    error->all(FLERR, "Pair style rrp/hertz: friction cannot be switched off once on (its contact "
                      "histories): use pair_style none first");
  friction = tangential != RRP_TANGENTIAL_NONE;
  nondefault_history_transfer = friction ? 1 : 0;
  if (friction) make_dummy();
}

/* the placeholder of the contacts' history fix */

void PairRRPHertz::make_dummy()
{
  if (!modify->get_fix_by_id(HISTORY_ID) && !modify->get_fix_by_id(DUMMY_ID))
    modify->add_fix(std::string(DUMMY_ID) + " all DUMMY");
}

/* the history of a contact for its other atom (rrp/friction.h's layout): the tangential spring
   turns over (its slide is the relative motion of i against j), the rolling spring, twist angle,
   works and energy do not (the rolling and twist rates are the same from j's side); of the last
   loads the force on i turns over and the two torques change places */

void PairRRPHertz::transfer_history(double *source, double *target, int, int)
{
  transfer(source, target);
}

void PairRRPHertz::transfer(const double *source, double *target)
{
  rrp_friction_history_swap(source, target);
}

/* the fix of the contacts' histories: LAMMPS's fix NEIGH_HISTORY with the data-file section
   Contacts (fix NEIGH_HISTORY/RRP, of the same style name in restart files) */

void PairRRPHertz::attach_history(int trysuffix)
{
  if (fix_history) return;
  auto *read = dynamic_cast<FixRRPContactHistory *>(modify->get_fix_by_id(HISTORY_ID));
  if (read && !read->pair) {
    // made by rrp/read_data: its histories and the file's works
    if (modify->get_fix_by_id(DUMMY_ID)) modify->delete_fix(DUMMY_ID);
    double works[4];
    if (read->take_works(works))
      for (int k = 0; k < 4; k++) friction_work[k] = works[k];
    fix_history = read;
  } else {
    make_dummy();
    fix_history = dynamic_cast<FixNeighHistory *>(modify->replace_fix(
        DUMMY_ID, fmt::format("{} all NEIGH_HISTORY/RRP {}", HISTORY_ID, RRP_FRICTION_HISTORY),
        trysuffix));
  }
  if (!fix_history) error->all(FLERR, "Pair style rrp/hertz: no contact history fix");
  if (fix_history->get_dnum() != RRP_FRICTION_HISTORY)
    error->all(FLERR, "Pair style rrp/hertz: fix {} has {} values per contact, not {}",
               HISTORY_ID, fix_history->get_dnum(), RRP_FRICTION_HISTORY);
  fix_history->pair = this;
}

void PairRRPHertz::drop_read_history()
{
  auto *read = dynamic_cast<FixRRPContactHistory *>(modify->get_fix_by_id(HISTORY_ID));
  if (!read || read->pair) return;
  if (comm->me == 0)
    error->warning(FLERR, "Pair style rrp/hertz without friction: the {} lines of contact "
                          "histories of the data file's section {} (rrp/read_data) are "
                          "dropped", read->contacts_read(), FixRRPContactHistory::DATA_SECTION);
  modify->delete_fix(HISTORY_ID);
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
  if (friction) {
    if (!atom->omega_flag)
      error->all(FLERR, "Pair style rrp/hertz friction requires per-atom angular velocity "
                        "(atom_style sphere or bpm/sphere)");
    if (!comm->ghost_velocity)
      error->all(FLERR, "Pair style rrp/hertz friction reads the velocities of ghost atoms: use "
                        "comm_modify vel yes");
    // (as pair granular: a list by the particles' sizes, which marks the pairs in contact for
    // the history fix to keep across a rebuild)
    neighbor->add_request(this, NeighConst::REQ_SIZE | NeighConst::REQ_HISTORY);
    attach_history(1);
  } else {
    neighbor->add_request(this);
    drop_read_history();
  }

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
  if (friction) {
    compute_friction(eflag);
    if (vflag_fdotr) virial_fdotr_compute();
    return;
  }

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

/* restart (rrp_restart.h, version 2): the friction (on, its models and numbers, the contact
   point, the works dissipated so far and the exchange), then for each pair of types i <= j
   whether it is set and its K. The contacts' histories are their fix NEIGH_HISTORY's. */

static constexpr int RESTART_VERSION = 2;
static constexpr size_t FRICTION_VALUES = 14;

void PairRRPHertz::write_restart(FILE *fp)
{
  // (called on rank 0 only: the works are global, reduced every step)
  const double *work = friction_work;
  std::vector<double> r = {friction ? 1.0 : 0.0, (double) law.tangential, law.kt, law.mu,
                           law.kroll, law.muroll, (double) law.twisting, law.ktwist, law.mutwist,
                           (double) contact_point, work[0], work[1], work[2], work[3]};
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      r.push_back(setflag[i][j]);
      r.push_back(setflag[i][j] ? kpp[i][j] : 0.0);
    }
  RRPRestart::write(fp, RESTART_VERSION, r);
}

void PairRRPHertz::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->ntypes;
  const auto r = RRPRestart::read(lmp, fp, "Pair style rrp/hertz", RESTART_VERSION,
                                  FRICTION_VALUES + (size_t) n * (n + 1));
  friction = r[0] != 0.0;
  if (friction) {
    if (rrp_friction_set(static_cast<rrp_tangential_model>((int) r[1]), r[2], r[3], r[4], r[5],
                         static_cast<rrp_twisting_model>((int) r[6]), r[7], r[8], &law) != RRP_OK ||
        (r[9] != RRP_CONTACT_POINT_MIDDLE && r[9] != RRP_CONTACT_POINT_LAMMPS))
      error->all(FLERR, "Pair style rrp/hertz: the restart file's friction is out of range "
                        "(damaged?)");
    contact_point = static_cast<rrp_contact_point>((int) r[9]);
    nondefault_history_transfer = 1;
    make_dummy();
  }
  for (int k = 0; k < 4; k++) friction_work[k] = r[10 + k];
  size_t m = FRICTION_VALUES;
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
  dim = 1;
  if (strcmp(str, "friction_work") == 0) return (void *) friction_work;
  return nullptr;
}

/* ----------------------------------------------------------------------
   with friction: the list's contacts through the core's blocks (RRPFrictionSweep: the Hertz
   force of the core's law, as without friction, and each contact's friction on its history, all
   scaled by the special factor), applied pair by pair in the list's order; the energies of the
   springs with the Hertz energy; the work each slip dissipates (once per pair: halves where
   newton_pair is off and j a ghost), summed over the ranks into friction_work
------------------------------------------------------------------------- */

RRPFrictionPairs PairRRPHertz::friction_pairs() const
{
  RRPFrictionPairs p;
  const int any = atom->nlocal + atom->nghost > 0;
  p.x = any ? atom->x[0] : nullptr;
  p.v = any ? atom->v[0] : nullptr;
  p.omega = any ? atom->omega[0] : nullptr;
  p.radius = atom->radius;
  p.type = atom->type;
  p.special_lj = force->special_lj;
  p.kpp = kpp;
  p.ilist = list->ilist;
  p.numneigh = list->numneigh;
  p.firstneigh = list->firstneigh;
  p.firsttouch = fix_history->firstflag;
  p.firsthistory = fix_history->firstvalue;
  p.nlocal = atom->nlocal;
  p.newton_pair = force->newton_pair;
  p.law = &law;
  p.point = contact_point;
  p.dt = update->dt;
  p.update = update->setupflag == 0;
  return p;
}

void PairRRPHertz::compute_friction(int eflag)
{
  const int any = atom->nlocal + atom->nghost > 0;
  double *f = any ? atom->f[0] : nullptr, *torque = any ? atom->torque[0] : nullptr;
  double **x = atom->x;
  const int nlocal = atom->nlocal, newton_pair = force->newton_pair;
  double step_work[4] = {0.0, 0.0, 0.0, 0.0};
  if (!sweep) sweep.reset(new RRPFrictionSweep);
  int fi = 0, fj = 0;
  const RRPFrictionFault fault = sweep->run(
      friction_pairs(), 0, list->inum, eflag,
      [&](const RRPFrictionPair &c) {
        for (int k = 0; k < 4; k++) step_work[k] += c.w[k];
        if (!c.contact) return;
        const int i = c.i, j = c.j;
        for (int k = 0; k < 3; k++) {
          f[3 * i + k] += c.F[k];
          torque[3 * i + k] += c.ti[k];
        }
        if (c.both)
          for (int k = 0; k < 3; k++) {
            f[3 * j + k] -= c.F[k];
            torque[3 * j + k] += c.tj[k];
          }
        if (evflag)
          ev_tally_xyz(i, j, nlocal, newton_pair, c.e, 0.0, c.F[0], c.F[1], c.F[2],
                       x[i][0] - x[j][0], x[i][1] - x[j][1], x[i][2] - x[j][2]);
      },
      fi, fj);
  if (fault != RRPFrictionFault::NONE)
    error->one(FLERR, "Pair style rrp/hertz: atoms {} and {} on step {}: {}", atom->tag[fi],
               atom->tag[fj], update->ntimestep, rrp_friction_fault_text(fault));
  // the works of the step over all ranks, into the totals (the same on every rank: restart files
  // are written by rank 0 alone): one global reduction per step
  double all[4];
  MPI_Allreduce(step_work, all, 4, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < 4; k++) friction_work[k] += all[k];
}
