/* ----------------------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION (see fix_rrp_orientation.h). Per-atom storage
   bookkeeping only.
------------------------------------------------------------------------- */

#include "fix_rrp_orientation.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "group.h"
#include "memory.h"

#include "rrp_orientation.h"
#include "rrp_restart.h"

#include "rrp/rotation.h"

#include <cstring>

using namespace LAMMPS_NS;

static constexpr int NQUAT = 4;
// the restart record's version (rrp_restart.h): the values per atom of its per-atom data
static constexpr int RESTART_VERSION = 3;

FixRRPOrientation::FixRRPOrientation(LAMMPS *lmp, int narg, char **arg, bool borders_) :
    Fix(lmp, narg, arg), index(-1), borders(borders_)
{
  if (narg != 3 || strcmp(id, RRPOrientation::STORE_FIX_ID) != 0 || igroup != 0)
    error->all(FLERR, "Fix {} is internal to fix rrp/nve (fix {} all {})", style,
               RRPOrientation::STORE_FIX_ID, style);
  if (atom->quat_flag)
    error->all(FLERR, "Fix {}: atom_style {} carries its own quaternion, which is the orientation",
               style, atom->atom_style);
  int flag, cols;
  if (atom->find_custom(RRPOrientation::STORE_NAME, flag, cols) >= 0)
    error->all(FLERR, "Fix {}: a per-atom property {} exists already; the name is reserved for "
                      "the orientations of fix rrp/nve", style, RRPOrientation::STORE_NAME);

  restart_global = 1;
  restart_peratom = 1;
  create_attribute = 1;
  comm_forward = NQUAT;
  comm_border = NQUAT;

  index = atom->add_custom(RRPOrientation::STORE_NAME, 1, NQUAT);
  FixRRPOrientation::grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  if (borders) atom->add_callback(Atom::BORDER);
  for (int i = 0; i < atom->nmax; i++) FixRRPOrientation::set_arrays(i);
}

FixRRPOrientation::~FixRRPOrientation()
{
  if (copymode) return;
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  if (borders) atom->delete_callback(id, Atom::BORDER);
  if (index >= 0) atom->remove_custom(index, 1, NQUAT);
}

int FixRRPOrientation::setmask()
{
  return 0;
}

double **FixRRPOrientation::quat() const
{
  return atom->darray[index];
}

void FixRRPOrientation::forward()
{
  comm->forward_comm(this);
}

double FixRRPOrientation::memory_usage()
{
  return (double) atom->nmax * NQUAT * sizeof(double);
}

void FixRRPOrientation::grow_arrays(int nmax)
{
  memory->grow(atom->darray[index], nmax, NQUAT, "rrp:quat");
}

void FixRRPOrientation::copy_arrays(int i, int j, int /*delflag*/)
{
  double **q = quat();
  for (int k = 0; k < NQUAT; k++) q[j][k] = q[i][k];
}

void FixRRPOrientation::set_arrays(int i)
{
  double **q = quat();
  q[i][0] = 1.0;
  q[i][1] = q[i][2] = q[i][3] = 0.0;
}

int FixRRPOrientation::pack_exchange(int i, double *buf)
{
  double **q = quat();
  for (int k = 0; k < NQUAT; k++) buf[k] = q[i][k];
  return NQUAT;
}

int FixRRPOrientation::unpack_exchange(int nlocal, double *buf)
{
  double **q = quat();
  for (int k = 0; k < NQUAT; k++) q[nlocal][k] = buf[k];
  return NQUAT;
}

int FixRRPOrientation::pack_border(int n, int *list, double *buf)
{
  return RRPOrientation::pack_rows(quat(), n, list, buf);
}

int FixRRPOrientation::unpack_border(int n, int first, double *buf)
{
  return RRPOrientation::unpack_rows(quat(), n, first, buf);
}

int FixRRPOrientation::pack_forward_comm(int n, int *list, double *buf, int /*pbc_flag*/,
                                         int * /*pbc*/)
{
  return pack_border(n, list, buf);
}

void FixRRPOrientation::unpack_forward_comm(int n, int first, double *buf)
{
  unpack_border(n, first, buf);
}

/* global restart data: the layout of the per-atom data, so that a file written by another layout
   is refused before its per-atom data are read (Modify::add_fix calls restart() first) */

void FixRRPOrientation::write_restart(FILE *fp)
{
  RRPRestart::write_fix(lmp, fp, RESTART_VERSION, {(double) NQUAT});
}

void FixRRPOrientation::restart(char *buf)
{
  const double nq = RRPRestart::read_fix(lmp, buf, fmt::format("Fix {} {}", style, id),
                                         RESTART_VERSION, 1)[0];
  if (nq != NQUAT)
    error->all(FLERR, "Fix {} {}: the restart file holds {} values per atom; an orientation has {}",
               style, id, nq, NQUAT);
}

int FixRRPOrientation::pack_restart(int i, double *buf)
{
  // buf[0] is the count of values including itself: other fixes skip over it that way
  double **q = quat();
  buf[0] = NQUAT + 1;
  for (int k = 0; k < NQUAT; k++) buf[k + 1] = q[i][k];
  return NQUAT + 1;
}

void FixRRPOrientation::unpack_restart(int nlocal, int nth)
{
  const std::string who = fmt::format("Fix {} {}", style, id);
  int count = 0;
  const double *rec = RRPRestart::atom_record(lmp, nlocal, nth, who, count);
  double norm = 0.0;
  if (count != NQUAT ||
      rrp_quat_from_unit_values(rec, RRP_QUAT_UNIT_TOL, quat()[nlocal], &norm) != RRP_OK)
    error->one(FLERR,
               "{}: the restart file's orientation of atom {} is damaged ({} values, norm {})",
               who, atom->tag[nlocal], count, norm);
}

int FixRRPOrientation::size_restart(int /*nlocal*/)
{
  return NQUAT + 1;
}

int FixRRPOrientation::maxsize_restart()
{
  return NQUAT + 1;
}
