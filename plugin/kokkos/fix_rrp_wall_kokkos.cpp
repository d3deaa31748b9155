/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/wall/kk (see fix_rrp_wall_kokkos.h).
------------------------------------------------------------------------- */

#include "fix_rrp_wall_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "update.h"

#include "rrp/contact.h"

using namespace LAMMPS_NS;

namespace {

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

// what the step reads and writes of the atoms (on the device, or on the host)
constexpr unsigned int READ = X_MASK | F_MASK | RADIUS_MASK | MASK_MASK;
constexpr unsigned int MODIFY = F_MASK;
// and with friction
constexpr unsigned int FRICTION_READ = V_MASK | OMEGA_MASK | TORQUE_MASK;

}    // namespace

/* the data masks are empty: the step runs on the device or (per-atom virials) on the host, so
   each hook syncs what it reads where it reads it (as LAMMPS's fix setforce/kk does) */

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

template <class DeviceType> void FixRRPWallKokkos<DeviceType>::post_force(int vflag)
{
  v_init(vflag);
  // a moving wall's or a load's equal-style variable is evaluated on the host, where it may read
  // any of the atoms' arrays (group functions such as xcm): all of them current there
  if (host_variables()) atomKK->sync(Host, ALL_MASK);
  // per-atom virials, a wall driven by a load (its contact force summed in the order of the
  // atom IDs, as the host style sums it), or friction (its contact histories are per-atom host
  // arrays, moved between ranks by LAMMPS's classic exchange): the host style's step
  if (vflag_atom || driven || friction) {
    // (the IDs: a driven wall's ordered sum; the velocities and torques: friction)
    atomKK->sync(Host, READ | TAG_MASK | (friction ? FRICTION_READ : 0u));
    FixRRPWall::post_force(vflag);
    atomKK->modified(Host, MODIFY | (friction ? TORQUE_MASK : 0u));
    return;
  }
  update_coord();
  atomKK->sync(execution_space, READ);
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
  atomKK->modified(execution_space, MODIFY);
  local[0] = s.energy;
  local[1] = s.force;
  reduced = 0;
  if (vflag_global) virial[dim] += s.virial;    // (x_i - x_wall) f_i along the normal
  // a moving wall's work, a driven wall's load and net force, as the host style's (its
  // initial_integrate and final_integrate move the wall, touching no atom)
  step_done();
}

namespace LAMMPS_NS {
template class FixRRPWallKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixRRPWallKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
