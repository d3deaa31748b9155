/* momentum.c - linear and angular momentum, kinetic energies of spheres (eqs. 32, 34) and of
 * rigid bodies with a general inertia tensor. */
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

void rrp_momentum_add_body(double m, const double I[3], const double q[4], const double x[3],
                           const double v[3], const double L[3], double acc[RRP_MOM_N])
{
  double xv[3], t[3], tu[3];
  rrp_cross3(x, v, xv);
  for (int d = 0; d < 3; d++) {
    acc[RRP_MOM_P + d] += m * v[d];
    acc[RRP_MOM_L + d] += m * xv[d] + L[d];
  }
  acc[RRP_MOM_KET] += 0.5 * m * rrp_dot3(v, v);
  /* Pi = R^T L: L turned by the conjugate of q (t = 2 L x u, Pi = L + w t + t x u) */
  const double u[3] = {q[1], q[2], q[3]};
  rrp_cross3(L, u, t);
  rrp_cross3(t, u, tu);
  double ke = 0.0;
  for (int d = 0; d < 3; d++) {
    const double pi = L[d] + 2.0 * (q[0] * t[d] + tu[d]);
    ke += pi * pi / I[d];
  }
  acc[RRP_MOM_KER] += 0.5 * ke;
}
