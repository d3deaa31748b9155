/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/damping. See doc/fix_rrp_damping.rst.
   Bookkeeping only: the loads and their power come from rrp/damping.h in core/. post_force adds
   each atom's load (from the velocities then: the half-step velocities, as fix viscous and fix
   damping/cundall) and keeps it to the end of the step, where its power at the full-step
   velocities is integrated in time by the trapezoid rule. Each atom keeps both velocities, so
   that a run continued (or read from a restart file) starts with the loads of an uninterrupted
   run.
------------------------------------------------------------------------- */

#include "fix_rrp_damping.h"

#include "rrp_respa.h"
#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "memory.h"
#include "modify.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

/* fix ID group rrp/damping viscous|cundall Ct Cr */

FixRRPDamping::FixRRPDamping(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), saved(nullptr), saved_step(-1), work{0.0, 0.0}, last_power{0.0, 0.0},
    total{0.0, 0.0}, reduced_step(-1)
{
  if (narg < 6) utils::missing_cmd_args(FLERR, "fix rrp/damping", error);
  if (narg > 6)
    error->all(FLERR, "Illegal fix rrp/damping command: unexpected argument {} (expected fix ID "
                      "group rrp/damping viscous|cundall Ct Cr)", arg[6]);
  enum rrp_damping_form form;
  if (strcmp(arg[3], "viscous") == 0)
    form = RRP_DAMPING_VISCOUS;
  else if (strcmp(arg[3], "cundall") == 0)
    form = RRP_DAMPING_CUNDALL;
  else
    error->all(FLERR, "Fix rrp/damping form {} is unknown: use viscous or cundall", arg[3]);
  const double ct = utils::numeric(FLERR, arg[4], false, lmp);
  const double cr = utils::numeric(FLERR, arg[5], false, lmp);
  if (rrp_damping_set(form, ct, cr, &damping) != RRP_OK)
    error->all(FLERR, "Fix rrp/damping {} coefficients {} {} must be finite and >= 0{}", arg[3],
               arg[4], arg[5], form == RRP_DAMPING_CUNDALL ? ", and below 1" : "");
  if (cr > 0.0 && !(atom->omega_flag && atom->torque_flag))
    error->all(FLERR, "Fix rrp/damping rotational coefficient {} needs omega and torque (atom_style "
                      "sphere or bpm/sphere)", arg[5]);

  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 2;    // the work dissipated from translation, from rotation
  global_freq = 1;
  extscalar = 1;
  extvector = 1;
  ecouple_flag = 1;    // the dissipated energy, which thermo counts in ecouple and econserve
  restart_global = 1;
  dynamic_group_allow = 1;
  respa_level_support = 1;
  nevery = 1;
  restart_peratom = 1;
  create_attribute = 1;
  FixRRPDamping::grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
}

FixRRPDamping::~FixRRPDamping()
{
  if (modify->nfix) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  memory->destroy(saved);
}

int FixRRPDamping::setmask()
{
  return POST_FORCE | POST_FORCE_RESPA | END_OF_STEP;
}

void FixRRPDamping::init()
{
  ilevel_respa = RRPRespa::force_level(lmp, respa_level);
  // Cundall's load scales the total force: fixes that add force after this one escape it
  if (damping.form == RRP_DAMPING_CUNDALL && comm->me == 0) {
    bool after = false;
    for (auto &f : modify->get_fix_list()) {
      if (f == this) {
        after = true;
        continue;
      }
      if (after && (f->setmask() & POST_FORCE))
        error->warning(FLERR, "Fix rrp/damping cundall is defined before fix {} ({}), whose force it "
                              "does not see: define fix rrp/damping last", f->id, f->style);
    }
  }
}

void FixRRPDamping::setup(int vflag)
{
  // a run that starts at the step of the saved velocities, each atom's velocities still the
  // full-step ones of that step (a run continued, or read from a restart file), computes its load
  // from the velocities of that step's load: the forces of the step are those of an uninterrupted
  // run. Other atoms (velocities set anew, atoms added) get a load from their velocities now.
  reuse = saved_step == update->ntimestep;
  RRPRespa::setup_force(lmp, this, vflag, ilevel_respa);
  reuse = false;
  // the power at the start: the set-up's velocities are full-step velocities
  power(last_power);
}

void FixRRPDamping::post_force(int /*vflag*/)
{
  double **f = atom->f, **v = atom->v;
  double **torque = atom->torque_flag ? atom->torque : nullptr;
  double **omega = atom->omega_flag ? atom->omega : nullptr;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  load.assign(6 * (size_t) nlocal, 0.0);
  const double zero[3] = {0.0, 0.0, 0.0};
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double *s = saved[i];
    // the velocities of the load: now, or at set-up those the step's load was computed from
    const bool same = reuse && memcmp(s + 6, v[i], 3 * sizeof(double)) == 0 &&
        memcmp(s + 9, omega ? omega[i] : zero, 3 * sizeof(double)) == 0;
    if (!same)
      for (int k = 0; k < 3; k++) {
        s[k] = v[i][k];
        s[3 + k] = omega ? omega[i][k] : 0.0;
      }
    double *fd = &load[6 * (size_t) i], *td = fd + 3;
    rrp_damping_load(&damping, f[i], s, torque ? torque[i] : nullptr, omega ? s + 3 : nullptr, fd, td);
    for (int k = 0; k < 3; k++) f[i][k] += fd[k];
    if (torque)
      for (int k = 0; k < 3; k++) torque[i][k] += td[k];
  }
}

void FixRRPDamping::post_force_respa(int vflag, int ilevel, int /*iloop*/)
{
  if (ilevel == ilevel_respa) post_force(vflag);
}

/* this rank's power of its loads at the current velocities: translation, rotation */

void FixRRPDamping::power(double p[2]) const
{
  p[0] = p[1] = 0.0;
  double **v = atom->v;
  double **omega = atom->omega_flag ? atom->omega : nullptr;
  const int *mask = atom->mask;
  const int n = std::min(atom->nlocal, (int) (load.size() / 6));
  for (int i = 0; i < n; i++) {
    if (!(mask[i] & groupbit)) continue;
    const double *fd = &load[6 * (size_t) i];
    p[0] += rrp_damping_power(fd, v[i], nullptr, nullptr);
    if (omega) p[1] += rrp_damping_power(fd + 3, omega[i], nullptr, nullptr);
  }
}

/* the work of the step: the trapezoid of the power at the last and this step's full-step
   velocities (rrp/damping.h) */

void FixRRPDamping::end_of_step()
{
  double p[2];
  power(p);
  // the full-step velocities: a run that starts here with them takes the step's load again
  double **v = atom->v;
  double **omega = atom->omega_flag ? atom->omega : nullptr;
  for (int i = 0; i < atom->nlocal; i++)
    for (int k = 0; k < 3; k++) {
      saved[i][6 + k] = v[i][k];
      saved[i][9 + k] = omega ? omega[i][k] : 0.0;
    }
  saved_step = update->ntimestep;
  const double h = update->dt;
  for (int k = 0; k < 2; k++) {
    work[k] -= 0.5 * h * (last_power[k] + p[k]);
    last_power[k] = p[k];
  }
}

void FixRRPDamping::reduce()
{
  if (reduced_step == update->ntimestep) return;
  MPI_Allreduce(work, total, 2, MPI_DOUBLE, MPI_SUM, world);
  reduced_step = update->ntimestep;
}

double FixRRPDamping::compute_scalar()
{
  reduced_step = -1;
  reduce();
  return total[0] + total[1];
}

double FixRRPDamping::compute_vector(int n)
{
  reduced_step = -1;
  reduce();
  return total[n];
}

/* restart: the work so far (rank 0 carries the total) and the step of the saved velocities;
   the record's version (rrp_restart.h) is 2 */

void FixRRPDamping::write_restart(FILE *fp)
{
  reduced_step = -1;
  reduce();
  RRPRestart::write_fix(lmp, fp, 2, {total[0], total[1], (double) saved_step});
}

void FixRRPDamping::restart(char *buf)
{
  const auto list = RRPRestart::read_fix(lmp, buf, fmt::format("Fix {} {}", style, id), 2, 3);
  // the total is this rank's share on rank 0 only, so that the ranks' sum is the total
  work[0] = comm->me == 0 ? list[0] : 0.0;
  work[1] = comm->me == 0 ? list[1] : 0.0;
  if (!(list[2] >= -1.0 && list[2] <= (double) MAXBIGINT))
    error->all(FLERR, "Fix {} {}: the restart file names step {} for its saved velocities",
               style, id, list[2]);
  saved_step = (bigint) list[2];
}

/* ---------------------------------------------------------------------- */

void FixRRPDamping::grow_arrays(int nmax)
{
  memory->grow(saved, nmax, NSAVED, "rrp/damping:saved");
  for (int i = nmax_saved; i < nmax; i++) FixRRPDamping::set_arrays(i);
  nmax_saved = std::max(nmax_saved, nmax);
}

// a new atom has no saved load: it gets one from its velocities at the next set-up
void FixRRPDamping::set_arrays(int i)
{
  for (int k = 0; k < NSAVED; k++) saved[i][k] = NAN;
}

void FixRRPDamping::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < NSAVED; k++) saved[j][k] = saved[i][k];
}

int FixRRPDamping::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < NSAVED; k++) buf[k] = saved[i][k];
  return NSAVED;
}

int FixRRPDamping::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < NSAVED; k++) saved[nlocal][k] = buf[k];
  return NSAVED;
}

int FixRRPDamping::pack_restart(int i, double *buf)
{
  // buf[0] is the count of values including itself: other fixes skip over it that way
  buf[0] = NSAVED + 1;
  for (int k = 0; k < NSAVED; k++) buf[k + 1] = saved[i][k];
  return NSAVED + 1;
}

void FixRRPDamping::unpack_restart(int nlocal, int nth)
{
  const std::string who = fmt::format("Fix {} {}", style, id);
  int count = 0;
  const double *rec = RRPRestart::atom_record(lmp, nlocal, nth, who, count);
  if (count != NSAVED)
    error->one(FLERR, "{}: the restart file's saved velocities of atom {} are damaged ({} values)",
               who, atom->tag[nlocal], count);
  for (int k = 0; k < NSAVED; k++) saved[nlocal][k] = rec[k];
}

int FixRRPDamping::size_restart(int /*nlocal*/)
{
  return NSAVED + 1;
}

int FixRRPDamping::maxsize_restart()
{
  return NSAVED + 1;
}

double FixRRPDamping::memory_usage()
{
  return (double) atom->nmax * NSAVED * sizeof(double);
}
