// The core's inline kernels compiled for an NVIDIA GPU (scripts/kokkos-cuda.sh compiles this
// first, before Kokkos and LAMMPS): each kernel the KOKKOS styles run on the device, called from
// a __global__ function, so that host-only code in them (a call into the compiled library, a
// static variable, a C library function CUDA lacks) fails here, in seconds.
#define RRP_KERNEL static __host__ __device__ inline
#include "rrp/binder_kernel.h"
#include "rrp/contact.h"
#include "rrp/field.h"
#include "rrp/sphere_kernel.h"

__global__ void rrp_device_kernels(int n, double *x, double *v, double *w, double *q,
                                   const double *f, double *t, const double *r, int *status,
                                   double *energy)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int fell = 0;
  double hw = 0.0, dtm, dtj, force;
  rrp_sphere_kick_factors(RRP_INERTIA_RATIO, 0.4, 0.0, 1.0, r[i], 5e-4, 5e-4 / 0.4, &dtm, &dtj);
  status[i] = rrp_sphere_valid(RRP_INERTIA_RATIO, 0.0, 1.0, r[i])
      ? rrp_sphere_first(1e-3, dtm, dtj, 1, 1, 1.0, f + 3 * i, t + 3 * i, x + 3 * i, v + 3 * i,
                         w + 3 * i, q + 4 * i, &fell, &hw)
      : RRP_EDOMAIN;
  rrp_sphere_kick(dtm, dtj, f + 3 * i, t + 3 * i, v + 3 * i, w + 3 * i);
  int s = RRP_OK;
  const double lever[3] = {0.0, 0.0, 1.0}, g[3] = {0.0, 0.0, -1.0};
  energy[i] = rrp_hertz_pair_factor(2100.0, 2.0 * r[i], x[3 * i] * x[3 * i], &energy[i], &s) +
      rrp_hertz_wall(2100.0, r[i], x[3 * i + 2], &force) +
      rrp_lever_field(1.0, q + 4 * i, lever, g, t + 3 * i);
  // the loads of a binder between i and its neighbour (both shear forms, with the twist term)
  if (i + 1 < n) {
    rrp_binder_load l;
    const double d[3] = {x[3 * i] - x[3 * i + 3], x[3 * i + 1] - x[3 * i + 4], x[3 * i + 2] - x[3 * i + 5]};
    const double ri[3] = {1.0, 0.0, 0.0}, p[4] = {1.0, 0.0, 0.0, 0.0};
    for (int linear = 0; linear < 2; linear++) {
      status[i] |= rrp_binder_kernel(linear, 1, 10.0, 12.0, 200.0, 200.0, 1, d, q + 4 * i,
                                     q + 4 * i + 4, ri, p, &l);
      energy[i] += l.um + l.ua + l.us;
    }
  }
}
