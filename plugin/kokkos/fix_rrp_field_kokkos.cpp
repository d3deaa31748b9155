/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/gravity/kk and fix rrp/wall/kk (see fix_rrp_field_kokkos.h).
------------------------------------------------------------------------- */

#include "fix_rrp_field_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "modify.h"
#include "update.h"

#include "fix_rrp_orientation_kokkos.h"
#include "rrp/contact.h"
#include "rrp/field.h"
#include "rrp_orientation.h"
#include "rrp_register.h"

using namespace LAMMPS_NS;

namespace {

// the lever-arm field on each atom of the group: its torque added, its energy summed
template <class DeviceType> struct LeverKernel {
  typedef DeviceType device_type;
  typedef double value_type;
  typename ArrayTypes<DeviceType>::t_f_array torque;
  typename ArrayTypes<DeviceType>::t_float_1d_randomread rmass;
  typename ArrayTypes<DeviceType>::t_int_1d_randomread mask;
  typename RRPKokkos::tdual_quat::t_dev_const quat;
  double g[3], lever[3];
  int groupbit;

  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &energy) const
  {
    if (!(mask(i) & groupbit)) return;
    const double q[4] = {quat(i, 0), quat(i, 1), quat(i, 2), quat(i, 3)};
    double t[3] = {torque(i, 0), torque(i, 1), torque(i, 2)};
    energy += rrp_lever_field(rmass(i), q, lever, g, t);
    for (int d = 0; d < 3; d++) torque(i, d) = t[d];
  }
};

// what the wall kernel sums: energy, force along the normal, virial along it
struct WallSums {
  double energy, force, virial;
  KOKKOS_INLINE_FUNCTION WallSums() : energy(0.0), force(0.0), virial(0.0) {}
  KOKKOS_INLINE_FUNCTION WallSums &operator+=(const WallSums &o)
  {
    energy += o.energy;
    force += o.force;
    virial += o.virial;
    return *this;
  }
};

template <class DeviceType> struct WallKernel {
  typedef DeviceType device_type;
  typedef WallSums value_type;
  typename ArrayTypes<DeviceType>::t_x_array_randomread x;
  typename ArrayTypes<DeviceType>::t_f_array f;
  typename ArrayTypes<DeviceType>::t_float_1d_randomread radius;
  typename ArrayTypes<DeviceType>::t_int_1d_randomread mask;
  int groupbit, dim, side;
  double coord, kpw;

  KOKKOS_INLINE_FUNCTION void operator()(const int i, WallSums &s) const
  {
    if (!(mask(i) & groupbit)) return;
    double force;
    const double d = side * (x(i, dim) - coord);    // distance of the centre from the wall
    s.energy += rrp_hertz_wall(kpw, radius(i), d, &force);
    f(i, dim) += side * force;
    s.force += force;
    s.virial += force * d;
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixRRPGravityKokkos<DeviceType>::FixRRPGravityKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPGravity(lmp, narg, arg)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;    // post_force syncs what it reads
  datamask_modify = EMPTY_MASK;
}

template <class DeviceType> void FixRRPGravityKokkos<DeviceType>::post_constructor()
{
  RRPRegister::own_name(style, "rrp/gravity");
}

/* the orientations of fix RRP/ORIENTATION/kk on the device; any other store (the host's, or the
   atom style's quaternion) has the host style make the step */

template <class DeviceType> void FixRRPGravityKokkos<DeviceType>::post_force(int vflag)
{
  auto store = dynamic_cast<FixRRPOrientationKokkos *>(
      modify->get_fix_by_id(RRPOrientation::STORE_FIX_ID));
  if (!store) {
    atomKK->sync(Host, RMASS_MASK | TORQUE_MASK | MASK_MASK);
    FixRRPGravity::post_force(vflag);
    atomKK->modified(Host, TORQUE_MASK);
    return;
  }
  atomKK->sync(execution_space, RMASS_MASK | TORQUE_MASK | MASK_MASK);
  LeverKernel<DeviceType> k;
  k.torque = atomKK->k_torque.view<DeviceType>();
  k.rmass = atomKK->k_rmass.view<DeviceType>();
  k.mask = atomKK->k_mask.view<DeviceType>();
  k.quat = store->device_view<DeviceType>(false);
  for (int d = 0; d < 3; d++) {
    k.g[d] = g[d];
    k.lever[d] = lever[d];
  }
  k.groupbit = groupbit;
  energy = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), k, energy);
  energy_reduced = 0;
  atomKK->modified(execution_space, TORQUE_MASK);
}

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixRRPWallKokkos<DeviceType>::FixRRPWallKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPWall(lmp, narg, arg)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
}

template <class DeviceType> void FixRRPWallKokkos<DeviceType>::post_constructor()
{
  RRPRegister::own_name(style, "rrp/wall");
}

template <class DeviceType> void FixRRPWallKokkos<DeviceType>::post_force(int vflag)
{
  v_init(vflag);
  if (vflag_atom) {    // per-atom virials: the host style's step (the same kernel)
    atomKK->sync(Host, X_MASK | F_MASK | RADIUS_MASK | MASK_MASK);
    FixRRPWall::post_force(vflag);
    atomKK->modified(Host, F_MASK);
    return;
  }
  update_coord();
  atomKK->sync(execution_space, X_MASK | F_MASK | RADIUS_MASK | MASK_MASK);
  WallKernel<DeviceType> k;
  k.x = atomKK->k_x.view<DeviceType>();
  k.f = atomKK->k_f.view<DeviceType>();
  k.radius = atomKK->k_radius.view<DeviceType>();
  k.mask = atomKK->k_mask.view<DeviceType>();
  k.groupbit = groupbit;
  k.dim = dim;
  k.side = side;
  k.coord = coord;
  k.kpw = kpw;
  WallSums s;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), k, s);
  atomKK->modified(execution_space, F_MASK);
  local[0] = s.energy;
  local[1] = s.force;
  reduced = 0;
  if (vflag_global) virial[dim] += s.virial;    // (x_i - x_wall) f_i along the normal
  // a moving wall's work, as the host style tallies it (once per step)
  if (coord_var && update->ntimestep != last_step) {
    reduce();
    rrp_wall_work_step(&wall_work, coord, side * total[1]);
    last_step = update->ntimestep;
  }
}

namespace LAMMPS_NS {
template class FixRRPGravityKokkos<LMPDeviceType>;
template class FixRRPWallKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixRRPGravityKokkos<LMPHostType>;
template class FixRRPWallKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
