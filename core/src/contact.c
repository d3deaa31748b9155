/* contact.c - Hertzian contacts, Baker & Gonzalez (2021) (56)-(57) with the erratum of doc/theory.rst section 3. */
#include "rrp/contact.h"

#include "vec3.h"

#include <math.h>

int rrp_hertz_pair(double K, double Ri, double Rj, const double xi[3], const double xj[3],
                   double fi[3], double *energy)
{
  fi[0] = fi[1] = fi[2] = 0.0;
  *energy = 0.0;
  double d[3];
  for (int k = 0; k < 3; k++) d[k] = xi[k] - xj[k];
  const double r = sqrt(rrp_dot3(d, d));
  const double a = Ri + Rj;
  if (!isfinite(r) || !isfinite(a) || !isfinite(K)) return RRP_ENONFINITE;
  if (r >= a) return RRP_OK;
  if (r == 0.0) return RRP_EDOMAIN;
  const double delta = 1.0 - r / a;
  const double sd = sqrt(delta);
  *energy = 0.4 * K * delta * delta * sd;
  rrp_scale3(K / a * delta * sd / r, d, fi);
  return RRP_OK;
}

/* every value computed on every lane, the results selected: the operations of
 * rrp_hertz_pair_factor in its order, so the same bits */
RRP_CLONES int rrp_hertz_pair_factors(int n, const double *K, const double *a, const double *rsq,
                                      double *fs, double *energy)
{
  int bad = 0;
  for (int k = 0; k < n; k++) {
    const double r = sqrt(rsq[k]);
    const double delta = 1.0 - r / a[k];
    const double sd = sqrt(fabs(delta));
    const int overlap = rsq[k] < a[k] * a[k];
    const int nan = !(rsq[k] < a[k] * a[k]) & !(rsq[k] >= a[k] * a[k]);
    bad |= nan | (overlap & (rsq[k] == 0.0));
    const double f = K[k] / a[k] * delta * sd / r;
    fs[k] = overlap ? f : 0.0;
  }
  if (energy)
    for (int k = 0; k < n; k++) {
      const double r = sqrt(rsq[k]);
      const double delta = 1.0 - r / a[k];
      const double e = 0.4 * K[k] * delta * delta * sqrt(fabs(delta));
      energy[k] = rsq[k] < a[k] * a[k] ? e : 0.0;
    }
  return bad ? RRP_ENONFINITE : RRP_OK;
}

double rrp_hertz_mix(double K1, double K2)
{
  return sqrt(K1 * K2);
}

void rrp_wall_work_step(rrp_wall_work *w, double coord, double dudc)
{
  if (w->have_last) w->work += 0.5 * (dudc + w->last_dudc) * (coord - w->last_coord);
  w->last_coord = coord;
  w->last_dudc = dudc;
  w->have_last = 1;
}

double rrp_hertz_wall_stiffness(double K, double R, double s)
{
  const double delta = 1.0 - s / R;
  if (!(delta > 0.0)) return 0.0;
  return 1.5 * K / (R * R) * sqrt(delta);
}

double rrp_servo_step(double F, double Fc, double k, double alpha, double dmax)
{
  const double error = F - Fc;
  double d;
  if (k > 0.0)
    d = alpha * error / k;
  else
    d = error > 0.0 ? dmax : (error < 0.0 ? -dmax : 0.0);
  if (d > dmax) d = dmax;
  if (d < -dmax) d = -dmax;
  return d;
}
