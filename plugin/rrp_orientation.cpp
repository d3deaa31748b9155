/* ----------------------------------------------------------------------
   rrp-lammps: the orientation of atom i, whichever style keeps it (see rrp_orientation.h).
------------------------------------------------------------------------- */

#include "rrp_orientation.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "lammps.h"
#include "modify.h"

#include "rrp_register.h"

#include <cstring>
#include <mpi.h>

using namespace LAMMPS_NS;

int RRPOrientation::layout_of_atom_style(LAMMPS *lmp)
{
  return lmp->atom->quat_flag ? ATOM_QUAT : STORE;
}

int RRPOrientation::layout(LAMMPS *lmp)
{
  if (lmp->atom->quat_flag) return ATOM_QUAT;
  int flag, cols;
  const int index = lmp->atom->find_custom(STORE_NAME, flag, cols);
  return (index >= 0 && flag == 1 && cols == 4) ? STORE : NONE;
}

Bond *RRPOrientation::binder(LAMMPS *lmp)
{
  for (const char *name :
       {"rrp/binder", "rrp/binder/kk", "rrp/binder/kk/host", "rrp/binder/kk/device"})
    if (Bond *b = lmp->force->bond_match(name)) return b;
  return nullptr;
}

const char *RRPOrientation::describe(int layout)
{
  switch (layout) {
    case ATOM_QUAT:
      return "the atom style's quaternion atom->quat";
    case STORE:
      return "the per-atom array d2_rrp_quat of fix rrp/nve";
    default:
      return "none";
  }
}

double **RRPOrientation::array(LAMMPS *lmp, bool write)
{
  Atom *atom = lmp->atom;
  if (atom->quat_flag) return atom->quat;
  int flag, cols;
  const int index = atom->find_custom(STORE_NAME, flag, cols);
  if (index < 0 || flag != 1 || cols != 4) return nullptr;
  // (only a KOKKOS run can have a store whose rows live elsewhere: no lookup otherwise)
  if (lmp->kokkos)
    if (auto store = dynamic_cast<Store *>(lmp->modify->get_fix_by_id(STORE_FIX_ID)))
      store->host_access(write);
  return atom->darray[index];
}

int RRPOrientation::count_in_both(LAMMPS *lmp, int groupbit_a, int groupbit_b)
{
  const int *mask = lmp->atom->mask;
  int both = 0;
  for (int i = 0; i < lmp->atom->nlocal; i++)
    if ((mask[i] & groupbit_a) && (mask[i] & groupbit_b)) both++;
  int all = 0;
  MPI_Allreduce(&both, &all, 1, MPI_INT, MPI_SUM, lmp->world);
  return all;
}

bool RRPOrientation::sphere_integrator(const char *style)
{
  static const char *const names[] = {"rrp/nve",        "rrp/nvt/sphere", "nvt/sphere/rrp",
                                      "rrp/npt/sphere", "npt/sphere/rrp", "rrp/nph/sphere",
                                      "nph/sphere/rrp"};
  for (const char *name : names)
    if (RRPRegister::is_style(style, name)) return true;
  return false;
}

bool RRPOrientation::advances(Fix *f, int layout)
{
  if (sphere_integrator(f->style) || utils::strmatch(f->style, "^rrp/turn")) return true;
  return layout == ATOM_QUAT && utils::strmatch(f->style, "^nve/bpm/sphere");
}

void RRPOrientation::check_reader(LAMMPS *lmp, const char *reader, int groupbit, bool ghosts,
                                  bool fixed_ok)
{
  Atom *atom = lmp->atom;
  Error *error = lmp->error;
  const int lay = layout(lmp);
  if (lay == NONE && atom->ellipsoid_flag)
    error->all(FLERR,
               "{} reads the orientations of spheres (kept by fix rrp/nve, or atom_style "
               "bpm/sphere's quaternion); atom_style {} keeps each ellipsoid's orientation in its "
               "ellipsoid data, which {} does not read",
               reader, atom->atom_style, reader);
  if (lay == NONE)
    error->all(FLERR,
               "{} needs the orientation of each atom, and atom_style {} carries none: integrate "
               "the spheres with fix rrp/nve, rrp/nvt/sphere, rrp/npt/sphere or rrp/nph/sphere "
               "(they keep the orientations of atom_style sphere), or use atom_style bpm/sphere, "
               "whose quaternion they and fix nve/bpm/sphere advance",
               reader, atom->atom_style);

  for (const auto &f : lmp->modify->get_fix_list()) {
    if (fixed_ok || !f->time_integrate || advances(f, lay)) continue;
    const int all = count_in_both(lmp, groupbit, f->groupbit);
    if (all > 0)
      error->all(FLERR,
                 "{} reads the orientation ({}) of {} atoms that fix {} (style {}) moves without "
                 "advancing it, so it would see particles that never turn: integrate them with fix "
                 "rrp/nve (or rrp/nvt/sphere, rrp/npt/sphere, rrp/nph/sphere){}",
                 reader, describe(lay), all, f->id, f->style,
                 lay == ATOM_QUAT ? " or fix nve/bpm/sphere" : " (or use atom_style bpm/sphere)");
  }

  // the ghosts' quaternions: LAMMPS sends them with comm_modify vel yes, else fix rrp/nve does
  if (ghosts && lay == ATOM_QUAT && !lmp->comm->ghost_velocity &&
      RRPRegister::fixes_of(lmp->modify, "rrp/nve").empty())
    error->all(FLERR,
               "{} reads the orientations of ghost atoms, and atom_style {} sends its quaternion "
               "to ghost atoms only with comm_modify vel yes (or define fix rrp/nve, which then "
               "sends it)",
               reader, atom->atom_style);
}

int RRPOrientation::pack_rows(double **q, int n, const int *list, double *buf)
{
  int m = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) buf[m++] = q[list[i]][k];
  return m;
}

int RRPOrientation::unpack_rows(double **q, int n, int first, const double *buf)
{
  int m = 0;
  for (int i = first; i < first + n; i++)
    for (int k = 0; k < 4; k++) q[i][k] = buf[m++];
  return m;
}

double **RRPOrientation::store_array(LAMMPS *lmp)
{
  if (lmp->atom->quat_flag) return lmp->atom->quat;
  Fix *f = lmp->modify->get_fix_by_id(STORE_FIX_ID);
  if (!f) f = lmp->modify->add_fix(fmt::format("{} all {}", STORE_FIX_ID, STORE_FIX_STYLE));
  if (!utils::strmatch(f->style, fmt::format("^{}", STORE_FIX_STYLE)))    // (or its /kk twin)
    lmp->error->all(FLERR, "Fix {} exists with style {}; the ID is reserved for the orientations "
                           "of rrp-lammps", STORE_FIX_ID, f->style);
  return array(lmp);
}

/* the binders' history writes the orientations with the references; without binders the first
   fix rrp/nve writes them */

Fix *RRPOrientation::data_writer(LAMMPS *lmp)
{
  auto history = lmp->modify->get_fix_by_style("^BOND_HISTORY/RRP$");
  if (!history.empty()) return history.front();
  for (const auto &f : lmp->modify->get_fix_list())
    if (sphere_integrator(f->style)) return f;
  return nullptr;
}

void RRPOrientation::write_data_note(FILE *fp)
{
  fmt::print(fp, "{} read this data file with the command rrp/read_data of the rrp-lammps "
                 "plugin\n", DATA_HEADER);
}

void RRPOrientation::write_data_size(LAMMPS *lmp, int &nx, int &ny)
{
  nx = lmp->atom->nlocal;
  ny = 5;
}

void RRPOrientation::write_data_pack(LAMMPS *lmp, double **buf)
{
  Atom *atom = lmp->atom;
  double **quat = array(lmp);
  for (int i = 0; i < atom->nlocal; i++) {
    buf[i][0] = ubuf(atom->tag[i]).d;
    for (int k = 0; k < 4; k++) buf[i][k + 1] = quat ? quat[i][k] : (k == 0 ? 1.0 : 0.0);
  }
}

void RRPOrientation::write_data_keyword(FILE *fp)
{
  fmt::print(fp, "\n{} # rrp-lammps: atom-ID qw qx qy qz\n\n", DATA_SECTION);
}

void RRPOrientation::write_data_rows(FILE *fp, int n, double **buf)
{
  for (int i = 0; i < n; i++)
    fmt::print(fp, "{} {} {} {} {}\n", (tagint) ubuf(buf[i][0]).i, buf[i][1], buf[i][2],
               buf[i][3], buf[i][4]);
}

rrp_spheres RRPOrientation::sphere_views(LAMMPS *lmp, int nlocal, const int *mask, int groupbit)
{
  Atom *atom = lmp->atom;
  const bool any = nlocal > 0;
  double **quat = array(lmp);
  rrp_spheres p{};
  p.n = nlocal;
  p.mask = mask;
  p.groupbit = groupbit;
  p.mass = atom->rmass;
  p.radius = atom->radius;
  p.x = any ? reinterpret_cast<double(*)[3]>(&atom->x[0][0]) : nullptr;
  p.v = any ? reinterpret_cast<double(*)[3]>(&atom->v[0][0]) : nullptr;
  p.f = any ? reinterpret_cast<const double(*)[3]>(&atom->f[0][0]) : nullptr;
  p.omega = any ? reinterpret_cast<double(*)[3]>(&atom->omega[0][0]) : nullptr;
  p.torque = any ? reinterpret_cast<const double(*)[3]>(&atom->torque[0][0]) : nullptr;
  p.quat = any ? reinterpret_cast<double(*)[4]>(&quat[0][0]) : nullptr;
  return p;
}
