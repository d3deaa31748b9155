/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nve/kk (see fix_rrp_nve_kokkos.h). Kokkos kernels over the group's
   spheres, each calling the core's kernel of one sphere; bookkeeping is fix rrp/nve's.
------------------------------------------------------------------------- */

#include "fix_rrp_nve_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "modify.h"
#include "output.h"
#include "update.h"

#include "fix_rrp_orientation_kokkos.h"
#include "rrp/sphere_kernel.h"
#include "rrp_orientation.h"

#include <climits>
#include <cstring>

using namespace LAMMPS_NS;
using namespace RRPOrientation;

namespace {

// what a first half found over the atoms: the fallbacks taken, and the first atom (lowest
// index) it could not step, with its status and h |w|
struct FirstResult {
  long fell;
  int bad;
  int status;
  double hw;
};

template <class DeviceType> struct SphereViews {
  typename ArrayTypes<DeviceType>::t_x_array x;
  typename ArrayTypes<DeviceType>::t_v_array v, omega;
  typename ArrayTypes<DeviceType>::t_f_array_const f, torque;
  typename ArrayTypes<DeviceType>::t_float_1d_const rmass, radius;
  typename ArrayTypes<DeviceType>::t_int_1d_const mask;
  typename RRPKokkos::tdual_quat::t_dev quat;
  int groupbit;
  int kind;            // the inertia rule (enum rrp_inertia_kind: ratio or value)
  double value;        // its value
};

// the first half (rrp_sphere_first), one sphere per work item
template <class DeviceType> struct SphereFirst {
  typedef DeviceType device_type;
  typedef FirstResult value_type;
  SphereViews<DeviceType> a;
  double h, dtf, dtc;
  int exact, fallback;

  KOKKOS_INLINE_FUNCTION void init(value_type &r) const
  {
    r.fell = 0;
    r.bad = INT_MAX;
    r.status = RRP_OK;
    r.hw = 0.0;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &r, const value_type &s) const
  {
    r.fell += s.fell;
    if (s.bad < r.bad) {
      r.bad = s.bad;
      r.status = s.status;
      r.hw = s.hw;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type &r) const
  {
    if (!(a.mask(i) & a.groupbit)) return;
    const double m = a.rmass(i), rad = a.radius(i);
    int status = RRP_EDOMAIN, fell = 0;
    double hw = 0.0;
    if (rrp_sphere_valid(a.kind, 0.0, m, rad)) {
      double dtfm, dtfj;
      rrp_sphere_kick_factors(a.kind, a.value, 0.0, m, rad, dtf, dtc, &dtfm, &dtfj);
      const double f[3] = {a.f(i, 0), a.f(i, 1), a.f(i, 2)};
      const double t[3] = {a.torque(i, 0), a.torque(i, 1), a.torque(i, 2)};
      double x[3] = {a.x(i, 0), a.x(i, 1), a.x(i, 2)};
      double v[3] = {a.v(i, 0), a.v(i, 1), a.v(i, 2)};
      double w[3] = {a.omega(i, 0), a.omega(i, 1), a.omega(i, 2)};
      double q[4] = {a.quat(i, 0), a.quat(i, 1), a.quat(i, 2), a.quat(i, 3)};
      status = rrp_sphere_first(h, dtfm, dtfj, exact, fallback, 1.0, f, t, x, v, w, q, &fell, &hw);
      if (status == RRP_OK) {
        for (int d = 0; d < 3; d++) {
          a.x(i, d) = x[d];
          a.v(i, d) = v[d];
          a.omega(i, d) = w[d];
        }
        for (int k = 0; k < 4; k++) a.quat(i, k) = q[k];
      }
    }
    r.fell += fell;
    if (status != RRP_OK && i < r.bad) {
      r.bad = i;
      r.status = status;
      r.hw = hw;
    }
  }
};

// the second half's kick (rrp_sphere_kick); atoms with an invalid mass or radius are skipped
// (the next first half reports them), as without KOKKOS
template <class DeviceType> struct SphereSecond {
  typedef DeviceType device_type;
  SphereViews<DeviceType> a;
  double dtf, dtc;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!(a.mask(i) & a.groupbit)) return;
    const double m = a.rmass(i), rad = a.radius(i);
    if (!rrp_sphere_valid(a.kind, 0.0, m, rad)) return;
    double dtfm, dtfj;
    rrp_sphere_kick_factors(a.kind, a.value, 0.0, m, rad, dtf, dtc, &dtfm, &dtfj);
    const double f[3] = {a.f(i, 0), a.f(i, 1), a.f(i, 2)};
    const double t[3] = {a.torque(i, 0), a.torque(i, 1), a.torque(i, 2)};
    double v[3] = {a.v(i, 0), a.v(i, 1), a.v(i, 2)};
    double w[3] = {a.omega(i, 0), a.omega(i, 1), a.omega(i, 2)};
    rrp_sphere_kick(dtfm, dtfj, f, t, v, w);
    for (int d = 0; d < 3; d++) {
      a.v(i, d) = v[d];
      a.omega(i, d) = w[d];
    }
  }
};

constexpr unsigned int READ = X_MASK | V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK |
    RADIUS_MASK | MASK_MASK;

}    // namespace

template <class DeviceType>
FixRRPNVEKokkos<DeviceType>::FixRRPNVEKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPNVE(lmp, narg, arg), store_kk(nullptr), said_kokkos(false)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;    // each half syncs what it reads
  datamask_modify = EMPTY_MASK;

  if (layout != STORE)
    error->all(FLERR, "Fix rrp/nve/kk: atom_style {} carries a quaternion, which no KOKKOS atom "
                      "style of LAMMPS has; use atom_style sphere (or hybrid sphere ...)",
               atom->atom_style);
  if (update_dipole)
    error->all(FLERR, "Fix rrp/nve/kk: the keyword update dipole is not available with KOKKOS; "
                      "use fix rrp/nve");
  if (inertia_spec.kind == RRP_INERTIA_ATOM)
    error->all(FLERR, "Fix rrp/nve/kk: inertia atom d_{} is not available with KOKKOS; use "
                      "inertia sphere, ratio or value, or fix rrp/nve",
               inertia_name);
  // join and clear save a pass over the host's arrays: the kernels here make each half in one
  // pass, and KOKKOS clears the forces itself; the trajectory is the same
  join = false;
  clear = false;
}

/* the orientations: fix RRP/ORIENTATION/kk, made here if no fix rrp/nve made a store yet */

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::post_constructor()
{
  Fix *f = modify->get_fix_by_id(STORE_FIX_ID);
  if (!f) f = modify->add_fix(fmt::format("{} all {}/kk", STORE_FIX_ID, STORE_FIX_STYLE), 0);
  store_kk = dynamic_cast<FixRRPOrientationKokkos *>(f);
  if (!store_kk)
    error->all(FLERR, "Fix rrp/nve/kk {}: the orientations are kept by fix {} without KOKKOS (made "
                      "by a fix rrp/nve defined before this one): define the fix rrp/nve/kk first, "
                      "or run every fix rrp/nve with KOKKOS (-sf kk)",
               id, STORE_FIX_ID);
  FixRRPNVE::post_constructor();
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::init()
{
  // the host checks of fix rrp/nve read the masses, radii and orientations there
  atomKK->sync(Host, RMASS_MASK | RADIUS_MASK | MASK_MASK);
  FixRRPNVE::init();
  if (modify->get_fix_by_id(STORE_FIX_ID) != store_kk)
    error->all(FLERR, "Fix rrp/nve/kk {}: fix {}, which holds the orientations, was replaced", id,
               STORE_FIX_ID);
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::setup(int vflag)
{
  FixRRPNVE::setup(vflag);
  array_atom = RRPOrientation::array(lmp, false);
  if (!said_kokkos && comm->me == 0)
    utils::logmesg(lmp, "Fix rrp/nve/kk {}: runs in Kokkos kernels ({})\n", id,
                   DeviceType::execution_space::name());
  said_kokkos = true;
}

/* the per-atom output (f_ID[1..4]) reads the host rows: current on output steps */

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::sync_output()
{
  if (update->ntimestep == output->next) array_atom = RRPOrientation::array(lmp, false);
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::initial_integrate(int /*vflag*/)
{
  int nlocal = atom->nlocal;
  if (igroup == atom->firstgroup) nlocal = atom->nfirst;
  const double h = update->dt;

  atomKK->sync(execution_space, READ);
  SphereFirst<DeviceType> k;
  k.a.x = atomKK->k_x.view<DeviceType>();
  k.a.v = atomKK->k_v.view<DeviceType>();
  k.a.omega = atomKK->k_omega.view<DeviceType>();
  k.a.f = atomKK->k_f.view<DeviceType>();
  k.a.torque = atomKK->k_torque.view<DeviceType>();
  k.a.rmass = atomKK->k_rmass.view<DeviceType>();
  k.a.radius = atomKK->k_radius.view<DeviceType>();
  k.a.mask = atomKK->k_mask.view<DeviceType>();
  k.a.quat = store_kk->device_view<DeviceType>(true);
  k.a.groupbit = groupbit;
  k.a.kind = inertia_spec.kind;
  k.a.value = inertia_spec.value;
  k.h = h;
  k.dtf = scheme->kick_fraction * h * force->ftm2v;
  k.dtc = inertia_spec.kind == RRP_INERTIA_RATIO ? k.dtf / inertia_spec.value : 0.0;
  k.exact = scheme->exact;
  k.fallback = limit_stop ? 0 : 1;
  FirstResult r;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), k, r);
  atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);

  fallbacks += r.fell;
  said_fallbacks(r.fell);
  if (r.status != RRP_OK) {
    atomKK->sync(Host, ALL_MASK);
    step_error(r.status, r.bad, r.hw, h);
  }
  // new orientations reach the ghost atoms (on reneighboring steps borders() sends them again)
  if (comm_ghosts) store->forward();
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::final_integrate()
{
  if (scheme->kick_fraction < 1.0) {
    int nlocal = atom->nlocal;
    if (igroup == atom->firstgroup) nlocal = atom->nfirst;
    atomKK->sync(execution_space, V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK |
                                      RADIUS_MASK | MASK_MASK);
    SphereSecond<DeviceType> k;
    k.a.v = atomKK->k_v.view<DeviceType>();
    k.a.omega = atomKK->k_omega.view<DeviceType>();
    k.a.f = atomKK->k_f.view<DeviceType>();
    k.a.torque = atomKK->k_torque.view<DeviceType>();
    k.a.rmass = atomKK->k_rmass.view<DeviceType>();
    k.a.radius = atomKK->k_radius.view<DeviceType>();
    k.a.mask = atomKK->k_mask.view<DeviceType>();
    k.a.groupbit = groupbit;
    k.a.kind = inertia_spec.kind;
    k.a.value = inertia_spec.value;
    k.dtf = (1.0 - scheme->kick_fraction) * update->dt * force->ftm2v;
    k.dtc = inertia_spec.kind == RRP_INERTIA_RATIO ? k.dtf / inertia_spec.value : 0.0;
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), k);
    atomKK->modified(execution_space, V_MASK | OMEGA_MASK);
  }
  sync_output();
}

namespace LAMMPS_NS {
template class FixRRPNVEKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixRRPNVEKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
