/* rrp/conventions.h - conventions fixed once for all of rrp-lammps, and status codes.
 *
 * Baker & Gonzalez (2021), "An explicit variational time integrator based on rescaled Rodrigues
 * parameters", section 2.
 *
 *   const char *rrp_strerror(int status);
 *
 * Frames.   R maps body-frame vectors to the inertial (spatial) frame: v_space = R v_body.
 *           Omega = R omega is the spatial angular velocity (LAMMPS's atom->omega); T = R M is the
 *           spatial torque (LAMMPS's atom->torque).
 * Order.    Composition of rescaled Rodrigues parameters (eq. 5): R(a1 (+) a2) = R(a2) R(a1),
 *           that is a1 first, then a2, both about inertial axes. Inverse of a is -a.
 * Quaternions are (w, x, y, z), scalar first, as LAMMPS stores them; q and -q are the same
 *           rotation; R(q) v = q v q*; R(p q) = R(p) R(q).
 * Matrices  are double R[3][3], row-major: R[i][j] is row i, column j.
 * Arrays    of n particles are n x 3 (or n x 4) interleaved, double (*x)[3], as LAMMPS stores them.
 * Units.    Kernels take the time step h and LAMMPS's conversion ftm2v (force * time / mass ->
 *           velocity); the same factor converts torque * time / inertia to angular velocity.
 * Errors.   Functions that can fail return one of the status codes below, never a silent NaN;
 *           status codes are passed as int, holding an enum rrp_status value.
 */
#ifndef RRP_CONVENTIONS_H
#define RRP_CONVENTIONS_H

#ifdef __cplusplus
extern "C" {
#endif

enum rrp_status {
  RRP_OK = 0,          /* success */
  RRP_ESTEP = 1,       /* exact map (23): h |Omega + h/(2J) T| >= 1, the step is too large */
  RRP_ESINGULAR = 2,   /* a rescaled Rodrigues vector is infinite (a half-turn) */
  RRP_ENONFINITE = 3,  /* an input or a result is NaN or infinite */
  RRP_EDOMAIN = 4,     /* an argument is outside its domain (negative mass, unknown name ...) */
  RRP_ENOCONV = 5      /* an implicit solve did not converge within its iteration limit */
};

/* A short English text for a status code ("ok", "step too large for the exact map", ...). */
const char *rrp_strerror(int status);

#ifdef __cplusplus
}
#endif

#endif
