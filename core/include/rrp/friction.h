/* rrp/friction.h - frictional contacts between spheres: the tangential (sliding), rolling and
 * twisting resistances of LAMMPS's pair granular, step by step as its sub-models compute them,
 * with the work each dissipates.
 *
 *   int rrp_contact_kinematics(const double d[3], double ri, double rj, const double vi[3],
 *                              const double vj[3], const double wi[3], const double wj[3],
 *                              enum rrp_contact_point point, rrp_contact_kin *c);
 *   int rrp_wall_contact_kinematics(const double n[3], double s, double ri, const double vi[3],
 *                                   double vwall, const double wi[3],
 *                                   enum rrp_contact_point point, rrp_contact_kin *c);
 *   int rrp_friction_set(enum rrp_tangential_model model, double kt, double mu,
 *                        double kroll, double muroll, enum rrp_twisting_model twist,
 *                        double ktwist, double mutwist, rrp_friction *law);
 *   void rrp_friction_step(const rrp_friction *law, const rrp_contact_kin *c, double fn,
 *                          double dt, int update, double *history, rrp_friction_out *out);
 *   void rrp_friction_release(const rrp_contact_kin *c, double dt, int update, double *history,
 *                             rrp_friction_out *out);
 *   int rrp_friction_contacts(const rrp_friction *law, enum rrp_contact_point point, double dt,
 *                             int update, rrp_friction_block *b, int n);
 *
 * Kinematics (LAMMPS's GranularModel::calculate_forces): with d = x_i - x_j, r = |d|, the unit
 * normal n = d/r, the overlap delta = R_i + R_j - r, Reff = R_i R_j/(R_i + R_j) and the contact
 * radius a = sqrt(delta Reff) (Hertz); the relative velocity v = v_i - v_j, its tangential part
 * v_t = v - (v . n) n, the sliding velocity at the contact point
 *   v_s = v_t - (l_i w_i + l_j w_j) x n,
 * with the contact point at l_i = R_i, l_j = R_j from the centres as LAMMPS takes it
 * (RRP_CONTACT_POINT_LAMMPS), or at the middle of the overlap, l = R - delta/2, where the
 * torques act (RRP_CONTACT_POINT_MIDDLE: the slide is then the relative motion of the points the
 * forces work on, and a contact that sticks does no work; with LAMMPS's point the two differ by
 * (delta/2)(w_i + w_j) x n dt a step, a work of order delta/R of the spring's),
 * the rolling velocity v_r = Reff (w_i - w_j) x n and the twist rate w_n = (w_i - w_j) . n.
 *
 * A plane wall (fix rrp/wall; LAMMPS's fix wall/gran) is the sphere j of infinite radius and mass,
 * without rotation: with the wall's unit normal n toward the sphere, the signed distance s of the
 * centre from the plane and the wall's velocity vwall along n (it has no tangential velocity),
 * r = s, delta = R_i - s, Reff = R_i, a = sqrt(delta R_i), v = v_i - vwall n, w_j = 0, and the
 * contact point l_i = R_i (RRP_CONTACT_POINT_LAMMPS: the sphere's surface, where fix wall/gran
 * takes both the slide and the torque's arm) or R_i - delta/2 (the middle of the overlap, the
 * limit of the pair's as R_j -> infinity); the torque's arm arm_i is l_i, so that with either
 * point the slide is the motion of the point the force works on (the wall's does not move
 * tangentially), and arm_j is 0 (the wall takes no torque that does work: w_j = 0).
 *
 * Each resistance is a spring on a history (a displacement), turned into the tangent plane of
 * the step with its length kept, advanced by the step's velocity and held to its Coulomb limit
 * (the force the spring can carry, a friction coefficient times the normal force |fn|): where the
 * trial force exceeds the limit, the spring is shortened to carry the limit. The work the slip
 * dissipates in that step is the work of the spring's forces over the step by the trapezoidal
 * rule, the rule by which the Verlet integrator's kinetic energy changes, less the change of the
 * spring's energy: with s0 the history at the step's start, p once turned, s* after the advance
 * and s the history held (k the spring's stiffness),
 *   D = k/2 (p + s) . (s* - p) - (k/2 |s|^2 - k/2 |s0|^2),
 * so that kinetic + spring energy + dissipated work is conserved as the integrator conserves
 * energy, where the stiffness k is constant and the contact point is the middle; in steady
 * sliding D is the limit's force times the slip, k |s| (|s*| - |s|); a step without a slip
 * dissipates nothing. Beside the slips' works the step tallies the exchange X: the whole work the
 * contact's friction loads do on the particles over the step (the trapezoidal rule: the last
 * step's loads, kept in the history, and this step's, on the relative velocity and the angular
 * velocities the step moves with) less the change of the springs' energy, less the slips' works.
 * It holds what the springs' energy and the slips miss: the work of the stiffness's change where
 * it follows the contact radius (mindlin, marshall: the force jumps with the stiffness at a fixed
 * history, and LAMMPS's models have no normal force for the energy -d/d(delta) (k/2 |s|^2) this
 * takes), the work of the contact point's two places (contact lammps), and the springs' turns
 * with the contact; of either sign, 0 to the integrator's order for a constant stiffness and the
 * middle point. With it kinetic + springs' energy + slips' works + X is conserved as the
 * integrator conserves energy.
 * The models:
 *   tangential linear_history: k = kt, history s (length), F_t = -kt s, |F_t| <= mu |fn|;
 *   tangential mindlin: the same with k = kt a (kt a stress: 8 G* in Mindlin's theory);
 *   rolling sds: k = kroll, history s_r, F_r = -kroll s_r, |F_r| <= muroll |fn|, torque on i
 *     Reff n x F_r (and minus it on j);
 *   twisting marshall: k = kt a^2/2, limit 2/3 mu a |fn| (from the tangential model), twisting
 *     sds: k = ktwist, limit mutwist |fn|; history an angle, torque M_n n on i, -M_n n on j,
 *     M_n = -k angle held to the limit: to the limit with the trial angle's sign, or, with
 *     LAMMPS's contact point, as LAMMPS does, with the sign of the twist rate (which flips the
 *     stored angle where the rate changes sign in a slip, and at a run's setup, which reads the
 *     full step's angular velocities).
 * The tangential force acts at the middle of the overlap: force F_t on i and -F_t on j, torques
 * (R_i - delta/2) F_t x n on i and (R_j - delta/2) F_t x n on j, which conserve angular momentum.
 * No damping: LAMMPS's sub-models with their damping coefficients 0.
 *
 * Units: stiffnesses kt (linear_history) and kroll force/length, kt (mindlin) force/area,
 * ktwist energy/radian^2; friction coefficients unitless, mutwist a length; histories in length
 * (rolling included) and radians (twist); work and spring energies in energy.
 */
#ifndef RRP_FRICTION_H
#define RRP_FRICTION_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the kinematics of one contact (above) */
typedef struct rrp_contact_kin {
  double n[3];         /* unit normal, from j to i */
  double r, delta;     /* distance of the centres, overlap R_i + R_j - r */
  double reff, a;      /* Reff, contact radius sqrt(delta Reff) (0 without overlap) */
  double arm_i, arm_j; /* R_i - delta/2, R_j - delta/2: the torques' arms (a wall: above) */
  double vs[3];        /* sliding velocity v_s */
  double vr[3];        /* rolling velocity v_r */
  double wn;           /* twist rate w_n */
  int point;           /* the contact point taken (enum rrp_contact_point) */
  double v[3];         /* relative velocity v_i - v_j */
  double wi[3], wj[3]; /* angular velocities */
} rrp_contact_kin;

/* where the sliding velocity takes the contact point (above) */
enum rrp_contact_point { RRP_CONTACT_POINT_LAMMPS = 0, RRP_CONTACT_POINT_MIDDLE = 1 };

/* Fills c for a pair with d = x_i - x_j, radii ri, rj, velocities and angular velocities.
 * Returns RRP_OK, RRP_EDOMAIN for d = 0 (c zeroed), RRP_ENONFINITE for non-finite input. */
int rrp_contact_kinematics(const double d[3], double ri, double rj, const double vi[3],
                           const double vj[3], const double wi[3], const double wj[3],
                           enum rrp_contact_point point, rrp_contact_kin *c);

/* Fills c for a sphere of radius ri against a plane wall (above): n the wall's unit normal toward
 * the sphere, s the signed distance of the centre from the plane, vwall the wall's velocity along
 * n. Returns RRP_OK, RRP_ENONFINITE (c zeroed) for non-finite input. */
int rrp_wall_contact_kinematics(const double n[3], double s, double ri, const double vi[3],
                                double vwall, const double wi[3], enum rrp_contact_point point,
                                rrp_contact_kin *c);

enum rrp_tangential_model {
  RRP_TANGENTIAL_NONE = 0,
  RRP_TANGENTIAL_LINEAR = 1,
  RRP_TANGENTIAL_MINDLIN = 2
};
enum rrp_twisting_model { RRP_TWISTING_NONE = 0, RRP_TWISTING_MARSHALL = 1, RRP_TWISTING_SDS = 2 };

/* A frictional law: the models and their stiffnesses and limits (above; a resistance whose
 * model is none, or rolling with kroll 0, is left out). */
typedef struct rrp_friction {
  enum rrp_tangential_model tangential;
  double kt, mu;
  double kroll, muroll; /* rolling: kroll 0 is none */
  enum rrp_twisting_model twisting;
  double ktwist, mutwist; /* twisting sds */
} rrp_friction;

/* law from its numbers. Returns RRP_OK, or RRP_EDOMAIN (law zeroed) for a stiffness or
 * coefficient negative or not finite, a resistance with a stiffness and no limit's coefficient
 * set where it needs one, marshall twisting without a tangential model, or an unknown model. */
int rrp_friction_set(enum rrp_tangential_model model, double kt, double mu, double kroll,
                     double muroll, enum rrp_twisting_model twist, double ktwist, double mutwist,
                     rrp_friction *law);

/* the values of a contact's history: the tangential spring (3), the rolling spring (3), the
 * twist angle (1), the works since the contact began dissipated by slip, rolling and twisting
 * (3) and exchanged (1), the last step's loads (the force on i, the torques on i and on j: 9)
 * and its springs' energies (tangential, rolling, twisting: 3) */
#define RRP_FRICTION_HISTORY 23
#define RRP_FRICTION_WORK 7      /* index of the first dissipated work in a history */
#define RRP_FRICTION_EXCHANGE 10 /* index of the exchanged work */
#define RRP_FRICTION_LOADS 11    /* index of the last step's loads, then its springs' energies */

/* A contact's history as the other particle of the pair sees it (a half neighbor list keeps it
 * with i; LAMMPS's neighbor history hands it to j): the tangential and the last step's force
 * change sign, the last torques on i and j swap, the rest (rolling, twist, works, exchange,
 * energies) is the pair's own. Swapping twice gives the history back. source != target. */
void rrp_friction_history_swap(const double *source, double *target);

/* the loads of one contact's friction and what its springs hold */
typedef struct rrp_friction_out {
  double f[3];          /* tangential force on i (on j: -f) */
  double ti[3], tj[3];  /* torques on i and on j (sliding, rolling, twisting) */
  double u[3];          /* energies of the tangential, rolling and twisting springs after */
  double dissipated[3]; /* work dissipated in this step by slip, rolling, twisting */
  double exchange;      /* the exchange X of this step (above) */
} rrp_friction_out;

/* One step of a contact's friction under law, with the kinematics c, the normal force fn (its
 * magnitude sets the limits) and the step dt: with update (LAMMPS's history_update: 0 at a
 * run's setup, when the same step is computed again) the histories are turned and advanced,
 * otherwise only read; then held to their limits (which writes them: as LAMMPS does). The
 * history (RRP_FRICTION_HISTORY values, 0 at the contact's start) is updated in place, its works
 * by this step's. */
void rrp_friction_step(const rrp_friction *law, const rrp_contact_kin *c, double fn, double dt,
                       int update, double *history, rrp_friction_out *out);

/* A block of contacts between spheres for rrp_friction_contacts, as a structure of arrays (index
 * k of contact k): each pair's positions, radii, Hertz stiffness (rrp/contact.h), velocities and
 * history in; its Hertz force and energy and its friction's loads out, the history updated in
 * place. */
#define RRP_FRICTION_BLOCK 32
typedef struct rrp_friction_block {
  /* inputs */
  double d[3][RRP_FRICTION_BLOCK];  /* x_i - x_j */
  double ri[RRP_FRICTION_BLOCK], rj[RRP_FRICTION_BLOCK];
  double K[RRP_FRICTION_BLOCK];     /* Hertz stiffness K */
  double v[3][RRP_FRICTION_BLOCK];  /* v_i - v_j */
  double wi[3][RRP_FRICTION_BLOCK], wj[3][RRP_FRICTION_BLOCK];
  double h[RRP_FRICTION_HISTORY][RRP_FRICTION_BLOCK]; /* the histories, their springs updated
                                                       * (below) */
  /* outputs */
  double fs[RRP_FRICTION_BLOCK]; /* the Hertz force on i is fs d (rrp_hertz_pair_factor) */
  double uh[RRP_FRICTION_BLOCK]; /* the Hertz energy */
  double f[3][RRP_FRICTION_BLOCK], ti[3][RRP_FRICTION_BLOCK], tj[3][RRP_FRICTION_BLOCK];
  double u[3][RRP_FRICTION_BLOCK], dissipated[3][RRP_FRICTION_BLOCK];
  double exchange[RRP_FRICTION_BLOCK]; /* rrp_friction_out's fields */
  /* the kernel's own, between its passes: each contact's kinematics (rrp_contact_kin's fields)
   * and the magnitude of its normal force */
  double n[3][RRP_FRICTION_BLOCK], vs[3][RRP_FRICTION_BLOCK], vr[3][RRP_FRICTION_BLOCK];
  double a[RRP_FRICTION_BLOCK], reff[RRP_FRICTION_BLOCK], wn[RRP_FRICTION_BLOCK];
  double arm_i[RRP_FRICTION_BLOCK], arm_j[RRP_FRICTION_BLOCK], fncrit[RRP_FRICTION_BLOCK];
} rrp_friction_block;

/* Contacts 0..n-1 of a block (n <= RRP_FRICTION_BLOCK), each a pair that overlaps, across SIMD
 * lanes: for contact k its Hertz factor and energy (rrp_hertz_pair_factor), its kinematics
 * (rrp_contact_kinematics with the contact point point) and a step of its friction
 * (rrp_friction_step with the normal force fs r), with the same bits as those functions give it.
 * Of the histories the block writes the springs (0 to RRP_FRICTION_WORK - 1) only: the caller
 * adds the step's works (dissipated, exchange) to the history's (RRP_FRICTION_WORK to
 * RRP_FRICTION_EXCHANGE, which the block does not read) and keeps the step's loads and springs'
 * energies (f, ti, tj, u) as the last (RRP_FRICTION_LOADS on), as rrp_friction_step does: so a
 * block carries only what the step needs.
 * Returns RRP_OK when they would all return RRP_OK for every contact; otherwise (coincident
 * centres, a value not finite) the block's outputs and histories are not to be used: call those
 * functions on each contact, on its history as it was, to find the bad one. RRP_EDOMAIN, with
 * nothing computed, for a law without a tangential model (use rrp_friction_step). */
int rrp_friction_contacts(const rrp_friction *law, enum rrp_contact_point point, double dt,
                          int update, rrp_friction_block *b, int n);

/* The end of a contact (its spheres apart): the springs let go, their energies of the last step
 * dissipated (in out->dissipated, by resistance: the spring unloads by slipping as the normal
 * force goes), the last step's loads' half of the step's trapezoidal work in out->exchange (with
 * update; c the kinematics of the step, the spheres no longer touching); the history zeroed for a
 * next contact. The caller adds the works to its tallies: the history's own are gone. */
void rrp_friction_release(const rrp_contact_kin *c, double dt, int update, double *history,
                          rrp_friction_out *out);

#ifdef __cplusplus
}
#endif

#endif
