/* damping.c - viscous and Cundall damping of translation and rotation, and their power
 * (rrp/damping.h). */
#include "rrp/damping.h"

#include <math.h>
#include <stddef.h>

int rrp_damping_set(enum rrp_damping_form form, double translational, double rotational,
                    rrp_damping *d)
{
  if (form != RRP_DAMPING_VISCOUS && form != RRP_DAMPING_CUNDALL) return RRP_EDOMAIN;
  if (!(translational >= 0.0) || !isfinite(translational) || !(rotational >= 0.0) ||
      !isfinite(rotational))
    return RRP_EDOMAIN;
  if (form == RRP_DAMPING_CUNDALL && (translational >= 1.0 || rotational >= 1.0))
    return RRP_EDOMAIN;
  d->form = form;
  d->t = translational;
  d->r = rotational;
  return RRP_OK;
}

/* one vector's damping: viscous -c x, Cundall -c sgn(l_k x_k) l_k per component */
static void damp(enum rrp_damping_form form, double c, const double load[3], const double x[3],
                 double out[3])
{
  for (int k = 0; k < 3; k++)
    out[k] = form == RRP_DAMPING_VISCOUS ? -c * x[k]
                                         : -c * (load[k] * x[k] >= 0.0 ? load[k] : -load[k]);
}

void rrp_damping_load(const rrp_damping *d, const double f[3], const double v[3],
                      const double t[3], const double w[3], double fd[3], double td[3])
{
  damp(d->form, d->t, f, v, fd);
  if (td) {
    if (t && w)
      damp(d->form, d->r, t, w, td);
    else
      td[0] = td[1] = td[2] = 0.0;
  }
}

double rrp_damping_power(const double fd[3], const double v[3], const double td[3],
                         const double w[3])
{
  double p = fd[0] * v[0] + fd[1] * v[1] + fd[2] * v[2];
  if (td && w) p += td[0] * w[0] + td[1] * w[1] + td[2] * w[2];
  return p;
}
