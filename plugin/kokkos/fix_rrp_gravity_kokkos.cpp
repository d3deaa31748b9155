/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/gravity/kk (see fix_rrp_gravity_kokkos.h).
------------------------------------------------------------------------- */

#include "fix_rrp_gravity_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "modify.h"

#include "fix_rrp_orientation_kokkos.h"
#include "rrp/field.h"
#include "rrp_orientation.h"

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

// what the step reads and writes of the atoms (on the device, or on the host)
constexpr unsigned int READ = RMASS_MASK | TORQUE_MASK | MASK_MASK;
constexpr unsigned int MODIFY = TORQUE_MASK;

}    // namespace

/* the data masks are empty: the step runs on the device or, without the store's view, on the
   host, so each hook syncs what it reads where it reads it (as LAMMPS's fix setforce/kk does) */

template <class DeviceType>
FixRRPGravityKokkos<DeviceType>::FixRRPGravityKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRRPGravity(lmp, narg, arg)
{
  kokkosable = 1;
  atomKK = (AtomKokkos *) atom;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
}

/* setup checks the group's integrators on the host (the atoms' masks), then makes the step */

template <class DeviceType> void FixRRPGravityKokkos<DeviceType>::setup(int vflag)
{
  atomKK->sync(Host, MASK_MASK);
  FixRRPGravity::setup(vflag);
}

template <class DeviceType> void FixRRPGravityKokkos<DeviceType>::min_setup(int vflag)
{
  atomKK->sync(Host, MASK_MASK);
  FixRRPGravity::min_setup(vflag);
}

/* the orientations of fix RRP/ORIENTATION/kk on the device; any other store (the host's, or the
   atom style's quaternion) has the host style make the step */

template <class DeviceType> void FixRRPGravityKokkos<DeviceType>::post_force(int vflag)
{
  auto store = dynamic_cast<FixRRPOrientationKokkos *>(
      modify->get_fix_by_id(RRPOrientation::STORE_FIX_ID));
  if (!store) {
    atomKK->sync(Host, READ);
    FixRRPGravity::post_force(vflag);
    atomKK->modified(Host, MODIFY);
    return;
  }
  atomKK->sync(execution_space, READ);
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
  atomKK->modified(execution_space, MODIFY);
}

namespace LAMMPS_NS {
template class FixRRPGravityKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixRRPGravityKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
