/* ----------------------------------------------------------------------
   rrp-lammps: compute rrp/momentum. See doc/compute_rrp_momentum.rst.
   Vector of 8: P (3), L about the origin (3) = sum m x_unwrapped x v + spin (J Omega of a sphere,
   angmom of an ellipsoid), KE_trans, KE_rot.
------------------------------------------------------------------------- */

#include "compute_rrp_momentum.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "update.h"

#include "rrp/bodies.h"
#include "rrp/momentum.h"
#include "rrp_register.h"

using namespace LAMMPS_NS;

ComputeRRPMomentum::ComputeRRPMomentum(LAMMPS *lmp, int narg, char **arg) :
    Compute(lmp, narg, arg), fix_id(nullptr), avec(nullptr), sphere{RRP_INERTIA_RATIO, 0.4, nullptr}
{
  if (narg > 4)
    error->all(FLERR, "Illegal compute rrp/momentum command: unexpected argument {} (expected "
                      "compute ID group rrp/momentum)", arg[4]);
  if (narg == 4) fix_id = utils::strdup(arg[3]);
  if (!atom->rmass_flag || !(atom->omega_flag || atom->ellipsoid_flag))
    error->all(FLERR, "Compute rrp/momentum requires per-atom rmass, and omega (atom_style sphere "
                      "or bpm/sphere) or ellipsoids (atom_style ellipsoid)");
  avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  vector_flag = 1;
  size_vector = RRP_MOM_N;
  extvector = 1;
  vector = new double[RRP_MOM_N];
}

ComputeRRPMomentum::~ComputeRRPMomentum()
{
  delete[] fix_id;
  delete[] vector;
}

void ComputeRRPMomentum::init()
{
  if (fix_id && !modify->get_fix_by_id(fix_id))
    error->all(FLERR, "Compute rrp/momentum: fix {} does not exist", fix_id);
  rules.clear();
  for (const auto &f : RRPRegister::fixes_of(modify, "rrp/nve")) {
    int dim = -1;
    auto in = static_cast<const rrp_inertia *>(f->extract("inertia", dim));
    if (!in || dim != 0)
      error->all(FLERR, "Compute rrp/momentum: fix {} publishes no rotational inertia", f->id);
    rules.push_back({f, f->groupbit, in});
  }

  // spheres that no fix rrp/nve integrates count with J = 0.4 m r^2, LAMMPS's solid sphere
  int other = 0;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(atom->mask[i] & groupbit) || kind(i) != SPHERE) continue;
    bool found = false;
    for (const auto &r : rules) found = found || (atom->mask[i] & r.groupbit);
    if (!found) other++;
  }
  int all = 0;
  MPI_Allreduce(&other, &all, 1, MPI_INT, MPI_SUM, world);
  if (all > 0 && !atom->radius_flag)
    error->all(FLERR, "Compute rrp/momentum: {} atoms of group {} are not integrated by fix "
                      "rrp/nve and have no radius for J = 0.4 m r^2", all, group->names[igroup]);
  if (all > 0 && domain->dimension == 2 && comm->me == 0)
    error->warning(FLERR, "Compute rrp/momentum: {} atoms are not integrated by fix rrp/nve and "
                          "count with J = 0.4 m r^2 (a sphere; the disc option of fix nve/sphere "
                          "uses 0.5 m r^2)", all);
}

/* what carries atom i's spin: an ellipsoid (angmom, with the inertia of its shape), a sphere
 * (omega), or nothing (a point particle of atom_style ellipsoid) */
int ComputeRRPMomentum::kind(int i) const
{
  if (avec && atom->ellipsoid[i] >= 0) return ELLIPSOID;
  return atom->omega_flag ? SPHERE : POINT;
}

void ComputeRRPMomentum::compute_vector()
{
  invoked_vector = update->ntimestep;

  double local[RRP_MOM_N] = {0.0};
  double **x = atom->x;
  double **v = atom->v;
  double **omega = atom->omega;
  const double *rmass = atom->rmass;
  const double *radius = atom->radius;
  const imageint *image = atom->image;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  // the rules anew: a per-atom inertia moves when the atom arrays grow
  for (auto &r : rules) {
    int dim = -1;
    r.inertia = static_cast<const rrp_inertia *>(r.fix->extract("inertia", dim));
  }
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const rrp_inertia *in = &sphere;
    for (const auto &r : rules)
      if (mask[i] & r.groupbit) {
        in = r.inertia;
        break;
      }
    double unwrap[3];
    domain->unmap(x[i], image[i], unwrap);
    const int k = kind(i);
    if (k == ELLIPSOID) {
      const auto &b = avec->bonus[atom->ellipsoid[i]];
      double I[3];
      rrp_ellipsoid_inertia(rmass[i], b.shape, I);
      rrp_momentum_add_body(rmass[i], I, b.quat, unwrap, v[i], atom->angmom[i], local);
    } else if (k == SPHERE) {
      const double j = rrp_inertia_of_atom(in, i, rmass[i], radius ? radius[i] : 0.0);
      rrp_momentum_add(rmass[i], j, unwrap, v[i], omega[i], local);
    } else {
      const double zero[3] = {0.0, 0.0, 0.0};
      rrp_momentum_add(rmass[i], 0.0, unwrap, v[i], zero, local);
    }
  }
  MPI_Allreduce(local, vector, RRP_MOM_N, MPI_DOUBLE, MPI_SUM, world);
  vector[RRP_MOM_KET] *= force->mvv2e;
  vector[RRP_MOM_KER] *= force->mvv2e;
}
