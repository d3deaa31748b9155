/* rrp/field.h - a uniform field acting at a body-fixed lever arm (the 3D pendulum).
 *
 * Baker & Gonzalez (2021), section 3, eqs. (39)-(41), with the erratum of doc/theory.rst section 3: the
 * spatial torque is the rotational gradient of U, T = m (R l) x g (the printed R^T e3 is a typo).
 *
 *   double rrp_lever_field(double m, const double q[4], const double l[3], const double g[3],
 *                          double torque[3]);
 *
 * U = -m g . (R l) for a body of mass m whose point at body-fixed lever arm l (in the reference
 * orientation, measured from the pivot at the particle's centre) feels the field g. The
 * pendulum of the paper is g = (0,0,g), l = rho0 = (0,0,1). Only the torque about the pivot is
 * produced; the pivot's reaction cancels the force. Units: m mass, g force per mass, l length;
 * U and the torque in energy.
 */
#ifndef RRP_FIELD_H
#define RRP_FIELD_H

#include "rrp/kernel.h"

/* Returns U = -m g.(R l) and adds the spatial torque m (R l) x g to torque[3]; finite for
 * m |g| |l| within the double range. An inline kernel (rrp/kernel.h), run by fix
 * rrp/gravity/kk too. */
RRP_KERNEL double rrp_lever_field(double m, const double q[4], const double l[3],
                                  const double g[3], double torque[3])
{
  double rl[3], t[3];
  rrp_qrot(q, l, rl);
  rrp_cross3(rl, g, t); /* T = m (R l) x g = -d U / d(rotation) */
  for (int d = 0; d < 3; d++) torque[d] += m * t[d];
  return -m * rrp_dot3(g, rl);
}

#endif
