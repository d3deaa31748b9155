/* rrp/field.h - a uniform field acting at a body-fixed lever arm (the 3D pendulum).
 *
 * Baker & Gonzalez (2021), section 3, eqs. (39)-(41), with the erratum of doc/theory.md section 3: the
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

#ifdef __cplusplus
extern "C" {
#endif

/* Returns U = -m g.(R l) and adds the spatial torque m (R l) x g to torque[3]; finite for
 * m |g| |l| within the double range. */
double rrp_lever_field(double m, const double q[4], const double l[3], const double g[3],
                       double torque[3]);

#ifdef __cplusplus
}
#endif

#endif
