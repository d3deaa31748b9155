/* rrp/integrator.h - explicit variational integrators for spheres (scalar inertia J) on
 * rescaled Rodrigues parameters.
 *
 * Baker & Gonzalez (2021): map (23) "exact", map (25) "newmark" (a la velocity Verlet) and
 * Campello's symplectic Euler map (27) "euler", all in the spatial frame (Omega = R omega,
 * T = R M). Split into the two halves LAMMPS's Verlet loop calls around the force computation:
 *
 *   first  (initial_integrate, forces F_k, T_k):  v += h/(2m) F;  x += h v;
 *          w = Omega + h/(2J) T;  da = D(h, w);  R <- R(da) R;  Omega = w
 *   second (final_integrate, forces F_k+1, T_k+1): v += h/(2m) F;  Omega += h/(2J) T
 *
 * with D = 2h/(1 + sqrt(1 - h^2 |w|^2)) w for (23) and D = h w for (25). Map (27) does
 * v += h/m F; x += h v; Omega += h/J T; da = h Omega in the first half and nothing in the second.
 * Orientations are unit quaternions updated by R <- R(da) R (doc/theory.rst section 1). A scheme
 * is data (rrp_scheme) that the halves read: the part of the kick before the drift (1/2, or 1
 * for (27)) and whether the increment is (23)'s.
 *
 *   const rrp_scheme *rrp_scheme_find(const char *name);
 *   extern const rrp_scheme rrp_schemes[];  extern const int rrp_nschemes;
 *   double rrp_inertia_of(const rrp_inertia *in, double m, double r);
 *   double rrp_inertia_of_atom(const rrp_inertia *in, int i, double m, double r);
 *   int  rrp_exact_increment(double h, const double w[3], double da[3]);
 *   int  rrp_spheres_first(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in,
 *                          double h, double ftm2v, const rrp_first_options *opt,
 *                          rrp_step_report *bad);
 *   void rrp_spheres_second(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in,
 *                           double h, double ftm2v);
 *   void rrp_spheres_kick(const rrp_spheres *p, const rrp_inertia *in, double dt, double ftm2v);
 *   int  rrp_spheres_turn(const rrp_spheres *p, double h, long *fallbacks, rrp_step_report *bad);
 *   int  rrp_spheres_nh_first(const rrp_spheres *p, double c, double scale, double dtf, double h,
 *                             long *fallbacks, rrp_step_report *bad);
 *   int  rrp_spheres_drift_turn(const rrp_spheres *p, double h, long *fallbacks,
 *                               rrp_step_report *bad);
 *   void rrp_spheres_nh_kick(const rrp_spheres *p, double c, double dtf);
 *   void rrp_spheres_scale(const rrp_spheres *p, double scale);
 *
 * Units: h time; ftm2v converts force * time / mass to velocity (rrp/conventions.h); the inertia
 * J mass * length^2, its ratio c (J = c m r^2) unitless.
 */
#ifndef RRP_INTEGRATOR_H
#define RRP_INTEGRATOR_H

#include "rrp/conventions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The rotational inertia J of a sphere of mass m and radius r. */
enum rrp_inertia_kind {
  RRP_INERTIA_RATIO = 0, /* J = value * m * r^2 (value unitless, 0.4 for a solid sphere) */
  RRP_INERTIA_VALUE = 1, /* J = value for every particle (mass * length^2) */
  RRP_INERTIA_ATOM = 2   /* J = per_atom[i], particle by particle (value unused) */
};
typedef struct rrp_inertia {
  enum rrp_inertia_kind kind;
  double value;
  const double *per_atom; /* RRP_INERTIA_ATOM: J of each particle (mass * length^2), indexed
                           * like the views */
} rrp_inertia;

/* J of a particle of mass m and radius r under the rules RATIO and VALUE (0 for ATOM, which
 * needs the particle: rrp_inertia_of_atom). */
double rrp_inertia_of(const rrp_inertia *in, double m, double r);

/* J of particle i of mass m and radius r, under any rule. */
double rrp_inertia_of_atom(const rrp_inertia *in, int i, double m, double r);

/* Views of n particles' per-atom arrays, n x 3 interleaved as LAMMPS stores them. A particle is
 * integrated when mask is NULL or (mask[i] & groupbit) != 0. radius may be NULL with
 * RRP_INERTIA_VALUE. quat holds unit quaternions (w,x,y,z), body to space. */
typedef struct rrp_spheres {
  int n;
  const int *mask;
  int groupbit;
  const double *mass;
  const double *radius;
  double (*x)[3];
  double (*v)[3];
  const double (*f)[3];
  double (*omega)[3];
  const double (*torque)[3];
  double (*quat)[4];
} rrp_spheres;

/* Where a first half-step stopped: the particle's index and h |w| (w = Omega + h/(2J) T). */
typedef struct rrp_step_report {
  int index;
  double hw;
} rrp_step_report;

/* A scheme, as data that the halves read (see the top of this file). */
typedef struct rrp_scheme {
  const char *name;     /* "exact", "newmark", "euler" */
  int order;            /* order of convergence of the energy error (38) */
  const char *equation; /* the map's number in Baker & Gonzalez (2021) */
  double kick_fraction; /* the part of the step's kick made before the drift: 1/2 for (23) and
                         * (25), whose second half makes the other half; 1 for (27), which has
                         * no second half (no other value) */
  int exact;            /* 1: the increment da = D(h, w) of (23), which has none where
                         * h |w| >= 1; 0: da = h w of (25) and (27) */
} rrp_scheme;

extern const rrp_scheme rrp_schemes[];
extern const int rrp_nschemes;

/* The scheme of that name, or NULL. */
const rrp_scheme *rrp_scheme_find(const char *name);

/* da = 2h/(1 + sqrt(1 - h^2|w|^2)) w, eq. (23b)/(16). Returns RRP_ESTEP when h|w| >= 1 and
 * RRP_ENONFINITE for a non-finite w (da untouched in both cases). */
int rrp_exact_increment(double h, const double w[3], double da[3]);

/* What a first half does beyond the plain step (rrp_spheres_first); a field zero or NULL: not
 * that. joined and clear_f leave the particles with the bits of the calls they stand for. */
typedef struct rrp_first_options {
  long *fallbacks;           /* map (23) where h|w| >= 1: map (25)'s da = h w for that particle
                              * and step, one added here; NULL: RRP_ESTEP there */
  int joined;                /* nonzero: first the second half of the step before, not made */
  double (*clear_f)[3];      /* p->f, writable: set to zero once read (NULL: none cleared) */
  double (*clear_torque)[3]; /* p->torque, writable: set to zero with clear_f */
} rrp_first_options;

/* The first half of one step of scheme s (see the top of this file) on the particles of p: h is
 * the time step, ftm2v converts force * time / mass (and torque * time / inertia) to velocity
 * (LAMMPS's force->ftm2v; 1 in consistent units); forces and torques are spatial. Returns RRP_OK,
 * or at the first particle that cannot take the step, which is left untouched and reported in
 * *bad (may be NULL): RRP_EDOMAIN (a mass, or with RRP_INERTIA_RATIO a radius, or with
 * RRP_INERTIA_ATOM an inertia, that is not positive and finite), RRP_ESTEP (map (23) without
 * fallbacks) or RRP_ENONFINITE (a non-finite force, velocity, torque or angular velocity).
 * opt (NULL: all options off):
 *   fallbacks  the step never fails for its size: x, v and Omega are those of either map, which
 *              differ in the orientation's increment only; schemes other than (23) never fall back
 *   joined     rrp_spheres_second of the step before, then this first half, in one pass over the
 *              particles instead of two: block by block, the second half's kick, then the first
 *              half while the block is in cache; the same operations in the same order, so the
 *              same bits as the two calls, also on an error (the blocks after the failing
 *              particle's still get their second half). Between the steps the velocities stay
 *              those of the half step: join only when nothing reads them there. Map (27), which
 *              has no second half: no effect
 *   clear_f    the force and torque of every particle 0 .. n-1, selected or not, set to zero
 *              block by block once read, while in cache: a caller that clears the forces before
 *              the next force computation (LAMMPS's Verlet run) may skip those rows, and save a
 *              pass over them. On a return other than RRP_OK the forces and torques are those of
 *              the failing particle's block on, or zero */
int rrp_spheres_first(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in, double h,
                      double ftm2v, const rrp_first_options *opt, rrp_step_report *bad);

/* The second half: the kick (1 - s->kick_fraction) h with the new force and torque (the half
 * kick of (23) and (25); nothing for map (27)). A particle with an invalid mass or inertia is
 * skipped: the next first half reports it. */
void rrp_spheres_second(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in,
                        double h, double ftm2v);

/* A kick of the velocities and angular velocities by dt with the present force and torque,
 * v += dt/m F, Omega += dt/J T (run_style respa's outer levels): dt = h/2 at the start of a step
 * for the Verlet schemes (23) and (25), dt = h for map (27), whose whole kick comes first
 * (dt = s->kick_fraction h). Particles with an invalid mass or inertia are skipped. */
void rrp_spheres_kick(const rrp_spheres *p, const rrp_inertia *in, double dt, double ftm2v);

/* The turn of the first half alone, R <- R(da) R with da = D(h, Omega) of map (23), for
 * integrators that make their own kicks and velocity scalings (the thermostatted and barostatted
 * fixes, whose Nose-Hoover factors scale Omega before the drift): only omega and quat are read,
 * quat written. rrp_spheres_first with exact is the kicks of its step and this turn (the same
 * bits). Where h |Omega| >= 1: with fallbacks, map (25)'s increment da = h Omega, counted in
 * *fallbacks; without, RRP_ESTEP. RRP_ENONFINITE for a non-finite Omega. On an error the
 * particle is reported in *bad (may be NULL) and left untouched, those before it turned. */
int rrp_spheres_turn(const rrp_spheres *p, double h, long *fallbacks, rrp_step_report *bad);

/* The passes of a Nose-Hoover thermostatted step of spheres (the scheme of LAMMPS's fix
 * nvt/sphere, FixNHSphere), each in one pass over the particles and with the operations of
 * LAMMPS's separate loops in their order, so with their bits; inertia J = c m r^2 (c = 0.4 for
 * a solid sphere, 0.5 for a disc), dtf the half step's kick factor (h/2 ftm2v), mass and radius
 * not checked (the caller's fix has):
 *   rrp_spheres_nh_first:   v *= scale; Omega *= scale (the thermostat's factor, 1 for none);
 *                           v += dtf/m F; Omega += (dtf/c)/(r^2 m) T; x += h v; then the turn of
 *                           rrp_spheres_turn (same returns; on an error the particle has been
 *                           kicked and moved, and the caller stops)
 *   rrp_spheres_drift_turn: x += h v, then the turn (after kicks and scalings made elsewhere)
 *   rrp_spheres_nh_kick:    v += dtf/m F; Omega += (dtf/c)/(r^2 m) T
 *   rrp_spheres_scale:      v *= scale; Omega *= scale */
int rrp_spheres_nh_first(const rrp_spheres *p, double c, double scale, double dtf, double h,
                         long *fallbacks, rrp_step_report *bad);
int rrp_spheres_drift_turn(const rrp_spheres *p, double h, long *fallbacks, rrp_step_report *bad);
void rrp_spheres_nh_kick(const rrp_spheres *p, double c, double dtf);
void rrp_spheres_scale(const rrp_spheres *p, double scale);

#ifdef __cplusplus
}
#endif

#endif
