/* integrator.c - maps (23), (25) and (27) of Baker & Gonzalez (2021) for spheres, split into
 * LAMMPS's two Verlet halves; orientations as unit quaternions (SPEC section 1). */
#include "rrp/integrator.h"

#include "rrp/rotation.h"
#include "vec3.h"

#include <math.h>
#include <string.h>

double rrp_inertia_of(const rrp_inertia *in, double m, double r)
{
  return in->kind == RRP_INERTIA_VALUE ? in->value : in->value * m * r * r;
}

static inline int selected(const rrp_spheres *p, int i)
{
  return p->mask == NULL || (p->mask[i] & p->groupbit);
}

static inline double radius_of(const rrp_spheres *p, int i)
{
  return p->radius ? p->radius[i] : 0.0;
}

int rrp_exact_increment(double h, const double w[3], double da[3])
{
  const double hw2 = h * h * rrp_dot3(w, w);
  if (!isfinite(hw2)) return RRP_ENONFINITE;
  if (!(hw2 < 1.0)) return RRP_ESTEP;
  rrp_scale3(2.0 * h / (1.0 + sqrt(1.0 - hw2)), w, da);
  return RRP_OK;
}

/* the shared first half of maps (23) and (25): half kick, drift, w = Omega + h/(2J) T */
static int verlet_first(const rrp_spheres *p, const rrp_inertia *in, double h, double ftm2v,
                        int exact, rrp_step_report *bad)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    const double m = p->mass[i];
    const double dtfm = dtf / m;
    const double dtfj = dtf / rrp_inertia_of(in, m, radius_of(p, i));
    double w[3], da[3];
    for (int d = 0; d < 3; d++) w[d] = p->omega[i][d] + dtfj * p->torque[i][d];
    int status;
    if (exact) {
      status = rrp_exact_increment(h, w, da);
    } else {
      rrp_scale3(h, w, da);
      status = isfinite(rrp_dot3(da, da)) ? RRP_OK : RRP_ENONFINITE;
    }
    if (status != RRP_OK) {
      if (bad) {
        bad->index = i;
        bad->hw = h * sqrt(rrp_dot3(w, w));
      }
      return status;
    }
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtfm * p->f[i][d]; /* (23a): x + h v + h^2/(2m) F */
      p->x[i][d] += h * p->v[i][d];
      p->omega[i][d] = w[d];
    }
    rrp_quat_apply_alpha(da, p->quat[i]); /* (23b)/(25b): R <- R(da) R */
  }
  return RRP_OK;
}

static int exact_first(const rrp_spheres *p, const rrp_inertia *in, double h, double ftm2v,
                       rrp_step_report *bad)
{
  return verlet_first(p, in, h, ftm2v, 1, bad);
}

static int newmark_first(const rrp_spheres *p, const rrp_inertia *in, double h, double ftm2v,
                         rrp_step_report *bad)
{
  return verlet_first(p, in, h, ftm2v, 0, bad);
}

/* (23c,d) and (25c,d): the second half kick with the new force and torque */
static void verlet_second(const rrp_spheres *p, const rrp_inertia *in, double h, double ftm2v)
{
  const double dtf = 0.5 * h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    const double m = p->mass[i];
    const double dtfm = dtf / m;
    const double dtfj = dtf / rrp_inertia_of(in, m, radius_of(p, i));
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtfm * p->f[i][d];
      p->omega[i][d] += dtfj * p->torque[i][d];
    }
  }
}

/* map (27), Campello's symplectic Euler: all of it before the new force */
static int euler_first(const rrp_spheres *p, const rrp_inertia *in, double h, double ftm2v,
                       rrp_step_report *bad)
{
  const double dtf = h * ftm2v;
  for (int i = 0; i < p->n; i++) {
    if (!selected(p, i)) continue;
    const double m = p->mass[i];
    const double dtfm = dtf / m;
    const double dtfj = dtf / rrp_inertia_of(in, m, radius_of(p, i));
    double w[3], da[3];
    for (int d = 0; d < 3; d++) w[d] = p->omega[i][d] + dtfj * p->torque[i][d]; /* (27d) */
    rrp_scale3(h, w, da);                                                       /* (27b) */
    if (!isfinite(rrp_dot3(da, da))) {
      if (bad) {
        bad->index = i;
        bad->hw = h * sqrt(rrp_dot3(w, w));
      }
      return RRP_ENONFINITE;
    }
    for (int d = 0; d < 3; d++) {
      p->v[i][d] += dtfm * p->f[i][d]; /* (27c) */
      p->x[i][d] += h * p->v[i][d];    /* (27a) */
      p->omega[i][d] = w[d];
    }
    rrp_quat_apply_alpha(da, p->quat[i]);
  }
  return RRP_OK;
}

const rrp_scheme rrp_schemes[] = {
    {"exact", 2, "(23)", exact_first, verlet_second},
    {"newmark", 2, "(25)", newmark_first, verlet_second},
    {"euler", 1, "(27)", euler_first, NULL},
};
const int rrp_nschemes = (int) (sizeof(rrp_schemes) / sizeof(rrp_schemes[0]));

const rrp_scheme *rrp_scheme_find(const char *name)
{
  if (name == NULL) return NULL;
  for (int i = 0; i < rrp_nschemes; i++)
    if (strcmp(rrp_schemes[i].name, name) == 0) return &rrp_schemes[i];
  return NULL;
}

int rrp_spheres_first(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in, double h,
                      double ftm2v, rrp_step_report *bad)
{
  return s->first(p, in, h, ftm2v, bad);
}

void rrp_spheres_second(const rrp_scheme *s, const rrp_spheres *p, const rrp_inertia *in,
                        double h, double ftm2v)
{
  if (s->second) s->second(p, in, h, ftm2v);
}
