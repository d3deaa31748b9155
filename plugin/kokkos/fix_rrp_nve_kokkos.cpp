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
  KOKKOS_INLINE_FUNCTION void init()
  {
    fell = 0;
    bad = INT_MAX;
    status = RRP_OK;
    hw = 0.0;
  }
  KOKKOS_INLINE_FUNCTION void join(const FirstResult &s)
  {
    fell += s.fell;
    if (s.bad < bad) {
      bad = s.bad;
      status = s.status;
      hw = s.hw;
    }
  }
};

// row i of a view of rows into r, and back
template <class View> KOKKOS_INLINE_FUNCTION void get_row(const View &a, int i, double *r, int n)
{
  for (int k = 0; k < n; k++) r[k] = a(i, k);
}
template <class View> KOKKOS_INLINE_FUNCTION void put_row(const View &a, int i, const double *r, int n)
{
  for (int k = 0; k < n; k++) a(i, k) = r[k];
}

template <class DeviceType> struct SphereViews {
  typename ArrayTypes<DeviceType>::t_x_array x;
  typename ArrayTypes<DeviceType>::t_v_array v, omega;
  typename ArrayTypes<DeviceType>::t_f_array_const f, torque;
  typename ArrayTypes<DeviceType>::t_float_1d_const rmass, radius;
  typename ArrayTypes<DeviceType>::t_int_1d_const mask;
  typename RRPKokkos::tdual_quat::t_dev quat;
  int groupbit;
  int kind;        // the inertia rule (enum rrp_inertia_kind: ratio or value)
  double value;    // its value
};

// the first half (rrp_sphere_first), one sphere per work item
template <class DeviceType> struct SphereFirst {
  typedef DeviceType device_type;
  typedef FirstResult value_type;
  SphereViews<DeviceType> a;
  double h, dtf, dtc;
  int exact, fallback;

  KOKKOS_INLINE_FUNCTION void init(value_type &r) const { r.init(); }
  KOKKOS_INLINE_FUNCTION void join(value_type &r, const value_type &s) const { r.join(s); }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type &r) const
  {
    if (!(a.mask(i) & a.groupbit)) return;
    const double m = a.rmass(i), rad = a.radius(i);
    int status = RRP_EDOMAIN, fell = 0;
    double hw = 0.0;
    if (rrp_sphere_valid(a.kind, 0.0, m, rad)) {
      double dtfm, dtfj;
      rrp_sphere_kick_factors(a.kind, a.value, 0.0, m, rad, dtf, dtc, &dtfm, &dtfj);
      double f[3], t[3], x[3], v[3], w[3], q[4];
      get_row(a.f, i, f, 3);
      get_row(a.torque, i, t, 3);
      get_row(a.x, i, x, 3);
      get_row(a.v, i, v, 3);
      get_row(a.omega, i, w, 3);
      get_row(a.quat, i, q, 4);
      status = rrp_sphere_first(h, dtfm, dtfj, exact, fallback, 1.0, f, t, x, v, w, q, &fell, &hw);
      if (status == RRP_OK) {
        put_row(a.x, i, x, 3);
        put_row(a.v, i, v, 3);
        put_row(a.omega, i, w, 3);
        put_row(a.quat, i, q, 4);
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
    double f[3], t[3], v[3], w[3];
    get_row(a.f, i, f, 3);
    get_row(a.torque, i, t, 3);
    get_row(a.v, i, v, 3);
    get_row(a.omega, i, w, 3);
    rrp_sphere_kick(dtfm, dtfj, f, t, v, w);
    put_row(a.v, i, v, 3);
    put_row(a.omega, i, w, 3);
  }
};

// the lambda form of SphereFirst's reduction (the chunked host path)
struct FirstReducer {
  typedef FirstReducer reducer;
  typedef FirstResult value_type;
  typedef Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> result_view_type;
  value_type &value;
  FirstReducer(value_type &v) : value(v) {}
  void join(value_type &r, const value_type &s) const { r.join(s); }
  void init(value_type &r) const { r.init(); }
  value_type &reference() const { return value; }
  result_view_type view() const { return result_view_type(&value); }
  bool references_scalar() const { return true; }
};

// atoms per work item of the chunked host path (a multiple of the core's block of 32)
constexpr int CHUNK = 2048;

// the core's views of the atoms i0 .. of a chunk
rrp_spheres chunk(const rrp_spheres &a, int i0)
{
  rrp_spheres p = a;
  p.n = a.n - i0 < CHUNK ? a.n - i0 : CHUNK;
  p.mask += i0;
  p.mass += i0;
  p.radius += i0;
  p.x += i0;
  p.v += i0;
  p.f += i0;
  p.omega += i0;
  p.torque += i0;
  p.quat += i0;
  return p;
}

// the device views the per-atom kernels read (both halves)
template <class DeviceType>
SphereViews<DeviceType> kernel_views(AtomKokkos *atomKK,
                                     const typename RRPKokkos::tdual_quat::t_dev &q, int groupbit,
                                     const rrp_inertia &in)
{
  SphereViews<DeviceType> a;
  a.x = atomKK->k_x.view<DeviceType>();
  a.v = atomKK->k_v.view<DeviceType>();
  a.omega = atomKK->k_omega.view<DeviceType>();
  a.f = atomKK->k_f.view<DeviceType>();
  a.torque = atomKK->k_torque.view<DeviceType>();
  a.rmass = atomKK->k_rmass.view<DeviceType>();
  a.radius = atomKK->k_radius.view<DeviceType>();
  a.mask = atomKK->k_mask.view<DeviceType>();
  a.quat = q;
  a.groupbit = groupbit;
  a.kind = in.kind;
  a.value = in.value;
  return a;
}

constexpr unsigned int READ =
    X_MASK | V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK;

}    // namespace

template <class DeviceType>
FixRRPNVEKokkos<DeviceType>::FixRRPNVEKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPNVE(lmp, narg, arg), per_atom(false), store_kk(nullptr), said_kokkos(false)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;    // each half syncs what it reads
  datamask_modify = EMPTY_MASK;

  if (turn.layout() != STORE)
    error->all(FLERR,
               "Fix rrp/nve/kk: atom_style {} carries a quaternion, which no KOKKOS atom "
               "style of LAMMPS has; use atom_style sphere (or hybrid sphere ...)",
               atom->atom_style);
  if (update_dipole)
    error->all(FLERR,
               "Fix rrp/nve/kk: the keyword update dipole is not available with KOKKOS; "
               "use fix rrp/nve");
  if (inertia_spec.kind == RRP_INERTIA_ATOM)
    error->all(FLERR,
               "Fix rrp/nve/kk: inertia atom d_{} is not available with KOKKOS; use "
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
    error->all(FLERR,
               "Fix rrp/nve/kk {}: the orientations are kept by fix {} without KOKKOS (made "
               "by a fix rrp/nve defined before this one): define the fix rrp/nve/kk first, "
               "or run every fix rrp/nve with KOKKOS (-sf kk)",
               id, STORE_FIX_ID);
  FixRRPNVE::post_constructor();
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::init()
{
  // fix rrp/nve's init reads on the host the masses, radii, groups and IDs (its checks and their
  // messages) and, at the first run, the atom-style variables of alpha or quat (any array)
  atomKK->sync(Host, orient_pending ? ALL_MASK : RMASS_MASK | RADIUS_MASK | MASK_MASK | TAG_MASK);
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

/* fix_modify ID kernel chunk|atom: on a backend whose memory the host reaches, the core's
   blocked loops on chunks of atoms (chunk, the default) or the kernel of one atom per work item,
   as on a GPU (atom: the same bits, slower; for comparisons) */

template <class DeviceType> int FixRRPNVEKokkos<DeviceType>::modify_param(int narg, char **arg)
{
  if (strcmp(arg[0], "kernel") != 0) return 0;
  if (narg < 2) utils::missing_cmd_args(FLERR, "fix_modify kernel", error);
  if (strcmp(arg[1], "atom") == 0)
    per_atom = true;
  else if (strcmp(arg[1], "chunk") == 0)
    per_atom = false;
  else
    error->all(FLERR, "Fix rrp/nve/kk {}: fix_modify kernel {} is unknown: use chunk or atom", id,
               arg[1]);
  return 2;
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
  auto quat = store_kk->device_view<DeviceType>(true);
  FirstResult r;
  bool chunked = false;
  if constexpr (on_host) {
    if (!per_atom) {
      chunked = true;
      // memory the host reaches: each thread runs the core's own loop (rrp_spheres_first,
      // blocked and vectorised, the host style's code and bits) on a chunk of the atoms
      const rrp_spheres all = host_views(quat, nlocal);
      const rrp_scheme *s = scheme;
      const rrp_inertia in = inertia_spec;
      const double ftm2v = force->ftm2v;
      const bool fallback = !limit_stop;
      Kokkos::parallel_reduce(
          Kokkos::RangePolicy<DeviceType>(0, (nlocal + CHUNK - 1) / CHUNK),
          [=](const int c, FirstResult &res) {
            const int i0 = c * CHUNK;
            const rrp_spheres p = chunk(all, i0);
            long fell = 0;
            rrp_step_report bad = {-1, 0.0};
            const rrp_first_options opt = {fallback ? &fell : nullptr, 0, nullptr, nullptr};
            const int status = rrp_spheres_first(s, &p, &in, h, ftm2v, &opt, &bad);
            res.fell += fell;
            if (status != RRP_OK && i0 + bad.index < res.bad) {
              res.bad = i0 + bad.index;
              res.status = status;
              res.hw = bad.hw;
            }
          },
          FirstReducer(r));
    }
  }
  if (!chunked) {
    SphereFirst<DeviceType> k;
    k.a = kernel_views<DeviceType>(atomKK, quat, groupbit, inertia_spec);
    k.h = h;
    k.dtf = scheme->kick_fraction * h * force->ftm2v;
    k.dtc = inertia_spec.kind == RRP_INERTIA_RATIO ? k.dtf / inertia_spec.value : 0.0;
    k.exact = scheme->exact;
    k.fallback = limit_stop ? 0 : 1;
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), k, r);
  }
  atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);

  turn.add(r.fell);
  if (r.status != RRP_OK) {
    atomKK->sync(Host, ALL_MASK);
    turn.step_error(r.status, r.bad, r.hw, h);
  }
  // new orientations reach the ghost atoms (on reneighboring steps borders() sends them again)
  turn.forward();
}

/* the core's views (rrp/integrator.h) of the first n atoms' arrays, where the host reaches the
   device's memory (rows of 3 and 4 doubles, contiguous: the views are LayoutRight) */

template <class DeviceType>
rrp_spheres FixRRPNVEKokkos<DeviceType>::host_views(const typename RRPKokkos::tdual_quat::t_dev &q,
                                                    int n)
{
  static_assert(std::is_same_v<typename DAT::t_x_array::array_layout, Kokkos::LayoutRight> &&
                    std::is_same_v<typename DAT::t_f_array::array_layout, Kokkos::LayoutRight> &&
                    std::is_same_v<typename DAT::t_v_array::array_layout, Kokkos::LayoutRight>,
                "the chunked host path reads the views as rows of 3 doubles");
  rrp_spheres p;
  p.n = n;
  p.mask = atomKK->k_mask.view<DeviceType>().data();
  p.groupbit = groupbit;
  p.mass = atomKK->k_rmass.view<DeviceType>().data();
  p.radius = atomKK->k_radius.view<DeviceType>().data();
  p.x = reinterpret_cast<double(*)[3]>(atomKK->k_x.view<DeviceType>().data());
  p.v = reinterpret_cast<double(*)[3]>(atomKK->k_v.view<DeviceType>().data());
  p.f = reinterpret_cast<const double(*)[3]>(atomKK->k_f.view<DeviceType>().data());
  p.omega = reinterpret_cast<double(*)[3]>(atomKK->k_omega.view<DeviceType>().data());
  p.torque = reinterpret_cast<const double(*)[3]>(atomKK->k_torque.view<DeviceType>().data());
  p.quat = reinterpret_cast<double(*)[4]>(q.data());
  return p;
}

template <class DeviceType> void FixRRPNVEKokkos<DeviceType>::final_integrate()
{
  if (scheme->kick_fraction < 1.0) {
    int nlocal = atom->nlocal;
    if (igroup == atom->firstgroup) nlocal = atom->nfirst;
    atomKK->sync(execution_space,
                 V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK);
    bool chunked = false;
    if constexpr (on_host) {    // the core's loop on chunks, as the first half
      if (!per_atom) {
        chunked = true;
        const rrp_spheres all = host_views(store_kk->device_view<DeviceType>(false), nlocal);
        const rrp_scheme *s = scheme;
        const rrp_inertia in = inertia_spec;
        const double h = update->dt, ftm2v = force->ftm2v;
        Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, (nlocal + CHUNK - 1) / CHUNK),
                             [=](const int c) {
                               const rrp_spheres p = chunk(all, c * CHUNK);
                               rrp_spheres_second(s, &p, &in, h, ftm2v);
                             });
      }
    }
    if (!chunked) {
      SphereSecond<DeviceType> k;
      k.a = kernel_views<DeviceType>(atomKK, store_kk->device_view<DeviceType>(false), groupbit,
                                     inertia_spec);
      k.dtf = (1.0 - scheme->kick_fraction) * update->dt * force->ftm2v;
      k.dtc = inertia_spec.kind == RRP_INERTIA_RATIO ? k.dtf / inertia_spec.value : 0.0;
      Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), k);
    }
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
