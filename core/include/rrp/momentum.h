/* rrp/momentum.h - momenta and kinetic energies of spheres, the conserved quantities of
 * Baker & Gonzalez (2021) section 2.5, eqs. (32) and (34) (orbital plus spin angular momentum).
 *
 *   enum { RRP_MOM_P = 0, RRP_MOM_L = 3, RRP_MOM_KET = 6, RRP_MOM_KER = 7, RRP_MOM_N = 8 };
 *   void rrp_momentum_add(double m, double J, const double x[3], const double v[3],
 *                         const double omega[3], double acc[RRP_MOM_N]);
 *   void rrp_momentum_add_body(double m, const double I[3], const double q[4], const double x[3],
 *                              const double v[3], const double L[3], double acc[RRP_MOM_N]);
 */
#ifndef RRP_MOMENTUM_H
#define RRP_MOMENTUM_H

#ifdef __cplusplus
extern "C" {
#endif

/* layout of the accumulator: linear momentum (3), angular momentum about the origin (3),
 * translational and rotational kinetic energy (mass * velocity^2: LAMMPS's force->mvv2e
 * converts them to energy) */
enum { RRP_MOM_P = 0, RRP_MOM_L = 3, RRP_MOM_KET = 6, RRP_MOM_KER = 7, RRP_MOM_N = 8 };

/* acc += (m v, m x x v + J Omega, m|v|^2/2, J|Omega|^2/2) of one sphere of mass m and rotational
 * inertia J (mass * length^2); x unwrapped. */
void rrp_momentum_add(double m, double J, const double x[3], const double v[3],
                      const double omega[3], double acc[RRP_MOM_N]);

/* acc += (m v, m x x v + L, m|v|^2/2, Pi . I^-1 Pi / 2) of one rigid body with principal moments
 * I, body-to-space unit quaternion q (w,x,y,z) and spatial angular momentum L (LAMMPS's angmom):
 * Pi = R(q)^T L is its body-frame angular momentum; x unwrapped. */
void rrp_momentum_add_body(double m, const double I[3], const double q[4], const double x[3],
                           const double v[3], const double L[3], double acc[RRP_MOM_N]);

#ifdef __cplusplus
}
#endif

#endif
