/* rrp/damping.h - damping for quasi-static loading, with its dissipated work tallied so that an
 * energy budget stays closed (beyond the papers; doc/theory.rst section 7).
 *
 *   int rrp_damping_set(enum rrp_damping_form form, double translational, double rotational,
 *                       rrp_damping *d);
 *   void rrp_damping_load(const rrp_damping *d, const double f[3], const double v[3],
 *                         const double t[3], const double w[3], double fd[3], double td[3]);
 *   double rrp_damping_power(const double fd[3], const double v[3], const double td[3],
 *                            const double w[3]);
 *
 * Two forms, each on the translation (force f, velocity v) and the rotation (torque t, spatial
 * angular velocity w) of a particle, with coefficients c_t and c_r:
 *   viscous:  f_d = -c_t v, t_d = -c_r w (c_t: force per velocity, c_r: torque per angular
 *             velocity); LAMMPS's fix viscous and fix viscous/sphere
 *   cundall:  local non-viscous damping, per component k: f_d,k = -c_t sgn(f_k v_k) f_k,
 *             t_d,k = -c_r sgn(t_k w_k) t_k (c in [0, 1), dimensionless; sgn(0) = 1); LAMMPS's
 *             fix damping/cundall, and Cundall's local damping of PFC and Yade
 * Both only remove energy: f_d . v + t_d . w <= 0.
 *
 * The work: the load is computed at step n from the velocities then (LAMMPS's post_force: the
 * half-step velocities); its power P_n = f_d . v_n + t_d . w_n is evaluated with the full-step
 * velocities (after the second half kick), and the dissipated work up to t_n is
 * W_n = W_{n-1} - h/2 (P_{n-1} + P_n), the power's trapezoid in time (P_0 at the set-up's
 * velocities). The kinetic and potential energy plus W are then constant to second order in h
 * (tests/core/test_damping.c measures order 2.00 for both forms).
 */
#ifndef RRP_DAMPING_H
#define RRP_DAMPING_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

enum rrp_damping_form {
  RRP_DAMPING_VISCOUS = 0, /* f_d = -c_t v, t_d = -c_r w */
  RRP_DAMPING_CUNDALL = 1  /* f_d,k = -c_t sgn(f_k v_k) f_k, likewise t_d */
};

typedef struct rrp_damping {
  enum rrp_damping_form form;
  double t; /* translational coefficient c_t: viscous force/velocity, cundall unitless */
  double r; /* rotational coefficient c_r: viscous torque/(angular velocity), that is
             * energy * time, cundall unitless */
} rrp_damping;

/* A damping of the form with coefficients c_t, c_r: RRP_OK, or RRP_EDOMAIN for an unknown form,
 * a negative or non-finite coefficient, or a Cundall coefficient of 1 or more (it would reverse
 * the force). */
int rrp_damping_set(enum rrp_damping_form form, double translational, double rotational,
                    rrp_damping *d);

/* The damping force fd and torque td of a particle with force f, velocity v, torque t and
 * angular velocity w (t, w and td may be NULL for a particle without rotation). */
void rrp_damping_load(const rrp_damping *d, const double f[3], const double v[3],
                      const double t[3], const double w[3], double fd[3], double td[3]);

/* The power fd . v + td . w (td, w may be NULL): minus the rate at which the load dissipates. */
double rrp_damping_power(const double fd[3], const double v[3], const double td[3],
                         const double w[3]);

#ifdef __cplusplus
}
#endif

#endif
