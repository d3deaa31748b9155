/* momentum.c - linear and angular momentum, kinetic energies of spheres (eqs. 32, 34). */
#include "rrp/momentum.h"

#include "vec3.h"

void rrp_momentum_add(double m, double J, const double x[3], const double v[3],
                      const double omega[3], double acc[RRP_MOM_N])
{
  double xv[3];
  rrp_cross3(x, v, xv);
  for (int d = 0; d < 3; d++) {
    acc[RRP_MOM_P + d] += m * v[d];
    acc[RRP_MOM_L + d] += m * xv[d] + J * omega[d];
  }
  acc[RRP_MOM_KET] += 0.5 * m * rrp_dot3(v, v);
  acc[RRP_MOM_KER] += 0.5 * J * rrp_dot3(omega, omega);
}
