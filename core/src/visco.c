/* visco.c - the viscoelastic binder (rrp/visco.h): Prony series per load mode, the exact
 * recursive update of its branch stresses and their dissipated work, the loads of the branches,
 * the Burgers model's equivalent series and the time-temperature shift factors. */
#include "rrp/visco.h"

#include "rrp/binder_kernel.h"
#include "rrp/kernel.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* where each mode's measure starts in the measures (and in a state): eps, shear, bend, tau */
static const int MEASURE_AT[RRP_VISCO_MODES] = {0, 1, 4, 7};

static int is_finite(double v)
{
  return rrp_finite(v);
}

int rrp_visco_series_check(const rrp_visco_series *s, int *term)
{
  int bad = -1, fault = RRP_VISCO_FINE;
  if (s->n < 0 || s->n > RRP_VISCO_TERMS) {
    fault = RRP_VISCO_COUNT;
  } else {
    double sum = 0.0;
    for (int k = 0; k < s->n && fault == RRP_VISCO_FINE; k++) {
      if (!(s->g[k] > 0.0) || !(s->g[k] <= 1.0))
        fault = RRP_VISCO_WEIGHT;
      else if (!(s->tau[k] > 0.0) || !is_finite(s->tau[k]))
        fault = RRP_VISCO_TIME;
      if (fault != RRP_VISCO_FINE) bad = k;
      sum += s->g[k];
    }
    if (fault == RRP_VISCO_FINE && sum > 1.0 + RRP_VISCO_SUM_TOL) fault = RRP_VISCO_SUM;
  }
  if (term) *term = bad;
  return fault;
}

double rrp_visco_equilibrium(const rrp_visco_series *s)
{
  double sum = 0.0;
  for (int k = 0; k < s->n; k++) sum += s->g[k];
  const double eq = 1.0 - sum;
  return fabs(eq) <= RRP_VISCO_SUM_TOL ? 0.0 : eq;
}

/* The Burgers model: sigma + p1 sigma' + p2 sigma'' = q1 eps' + q2 eps'' with
 * p1 = eta1/e1 + eta1/e2 + eta2/e2, p2 = eta1 eta2/(e1 e2), q1 = eta1, q2 = eta1 eta2/e2. Its
 * relaxation modulus is [(q1 - q2 r1) exp(-r1 t) - (q1 - q2 r2) exp(-r2 t)]/A with
 * A = sqrt(p1^2 - 4 p2) > 0 and r1,2 = (p1 -+ A)/(2 p2); r1 = 2/(p1 + A) without cancellation
 * (r1 r2 = 1/p2). The weights add up to q2/p2 = e1. */
int rrp_visco_burgers(double e1, double eta1, double e2, double eta2, rrp_visco_series *s)
{
  const double v[4] = {e1, eta1, e2, eta2};
  for (int k = 0; k < 4; k++)
    if (!(v[k] > 0.0) || !is_finite(v[k])) return RRP_EDOMAIN;
  const double a = eta1 / e1, b = eta1 / e2, c = eta2 / e2;
  const double p1 = a + b + c, p2 = a * c;
  /* p1^2 - 4 p2 = (a - c)^2 + b (b + 2 a + 2 c), a sum of positive terms */
  const double A = sqrt((a - c) * (a - c) + b * (b + 2.0 * a + 2.0 * c));
  const double tau1 = 0.5 * (p1 + A), tau2 = p2 / tau1; /* 1/r1, 1/r2 */
  /* k1 = (q1 - q2/tau1)/A = eta1 (tau1 - c)/(tau1 A) and k2 = (q2/tau2 - q1)/A = e1 (tau1 - a)/A
   * (q1 = eta1, q2 = eta1 c, tau1 tau2 = a c), with tau1 - c = (b + (a - c) + A)/2 and
   * tau1 - a = (b - (a - c) + A)/2, sums of the small quantities rather than differences of the
   * nearly equal tau1 and c (or a) when b is small; and where A and -(a - c) or (a - c) nearly
   * cancel (a and c far apart, b small), A -+ (a - c) = b (b + 2 a + 2 c)/(A +- (a - c)) */
  const double D = a - c, B = b * (b + 2.0 * a + 2.0 * c);
  const double apd = D >= 0.0 ? A + D : B / (A - D), amd = D <= 0.0 ? A - D : B / (A + D);
  const double k1 = eta1 * (0.5 * (b + apd)) / (tau1 * A), k2 = e1 * (0.5 * (b + amd)) / A;
  if (!is_finite(tau1) || !is_finite(tau2) || !(tau2 > 0.0) || !(k1 > 0.0) || !(k2 > 0.0) ||
      !is_finite(k1 + k2))
    return RRP_EDOMAIN;
  s->n = 2;
  s->g[0] = k1 / e1;
  s->g[1] = k2 / e1;
  s->tau[0] = tau1;
  s->tau[1] = tau2;
  for (int k = 2; k < RRP_VISCO_TERMS; k++) s->g[k] = s->tau[k] = 0.0;
  return RRP_OK;
}

double rrp_visco_burgers_creep(double e1, double eta1, double e2, double eta2, double t)
{
  return 1.0 / e1 + t / eta1 - expm1(-e2 * t / eta2) / e2;
}

double rrp_visco_relaxation(const rrp_visco_series *s, double t)
{
  double e = rrp_visco_equilibrium(s);
  for (int k = 0; k < s->n; k++) e += s->g[k] * exp(-t / s->tau[k]);
  return e;
}

void rrp_visco_dynamic(const rrp_visco_series *s, double omega, double *storage, double *loss)
{
  double e1 = rrp_visco_equilibrium(s), e2 = 0.0;
  for (int k = 0; k < s->n; k++) {
    const double wt = omega * s->tau[k], den = 1.0 + wt * wt;
    e1 += s->g[k] * wt * wt / den;
    e2 += s->g[k] * wt / den;
  }
  *storage = e1;
  *loss = e2;
}

int rrp_visco_shift_wlf(double c1, double c2, double tref, double t, double *at)
{
  if (!is_finite(c1) || !is_finite(c2) || !is_finite(tref) || !is_finite(t)) return RRP_EDOMAIN;
  const double den = c2 + t - tref;
  if (!(den > 0.0)) return RRP_EDOMAIN;
  const double a = pow(10.0, -c1 * (t - tref) / den);
  if (!is_finite(a) || !(a > 0.0)) return RRP_ENONFINITE;
  *at = a;
  return RRP_OK;
}

int rrp_visco_shift_arrhenius(double ta, double tref, double t, double *at)
{
  if (!is_finite(ta) || !is_finite(tref) || !is_finite(t) || !(t > 0.0) || !(tref > 0.0))
    return RRP_EDOMAIN;
  const double a = exp(ta * (1.0 / t - 1.0 / tref));
  if (!is_finite(a) || !(a > 0.0)) return RRP_ENONFINITE;
  *at = a;
  return RRP_OK;
}

int rrp_visco_state_size(const int terms[RRP_VISCO_MODES])
{
  int size = RRP_VISCO_BRANCHES;
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    if (terms[m] < 0 || terms[m] > RRP_VISCO_TERMS) return -1;
    size += RRP_VISCO_COMPONENTS(m) * terms[m];
  }
  return size;
}

/* w3 = (x - 2 (1 - a) + (1 - a^2)/2)/x^2: its series below x = 0.5, where the difference
 * cancels (the terms of x^n/n! (-1)^(n+1) (2^(n-1) - 2), n >= 3, over x^2; to n = 30 the rest is
 * below 1e-30), else the difference as 1/x - (1 - a)(3 - a)/(2 x^2) (at x = 0.5 it loses a factor
 * of about 17 to cancellation), which goes to 0 as x grows without an infinity over another */
static double weight3(double x, double a)
{
  if (x < 0.5) {
    double sum = 0.0, term = x / 6.0, pow2 = 4.0; /* n = 3: x^(n-2)/n!, 2^(n-1) */
    for (int n = 3; n <= 30; n++) {
      const double sign = (n & 1) ? 1.0 : -1.0;
      sum += sign * (pow2 - 2.0) * term;
      term *= x / (n + 1);
      pow2 *= 2.0;
    }
    return sum;
  }
  return 1.0 / x - (1.0 - a) * (3.0 - a) / (2.0 * x * x);
}

int rrp_visco_step_set(const rrp_visco_series s[RRP_VISCO_MODES],
                       const double stiffness[RRP_VISCO_MODES], double dxi, rrp_visco_step *st)
{
  if (!(dxi >= 0.0)) return RRP_EDOMAIN;
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    if (rrp_visco_series_check(&s[m], NULL) != RRP_VISCO_FINE || !(stiffness[m] >= 0.0) ||
        !is_finite(stiffness[m]))
      return RRP_EDOMAIN;
  memset(st, 0, sizeof(*st));
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    st->n[m] = s[m].n;
    for (int k = 0; k < s[m].n; k++) {
      const double x = dxi / s[m].tau[k]; /* may be +inf: dxi infinite */
      const double om = -expm1(-x);       /* 1 - a, exact for small x */
      const double a = 1.0 - om;
      st->k[m][k] = stiffness[m] * s[m].g[k];
      st->a[m][k] = exp(-x);
      st->f[m][k] = x > 0.0 ? om / x : 1.0;
      st->w[m][k][0] = -0.5 * expm1(-2.0 * x);
      st->w[m][k][1] = x > 0.0 ? 0.5 * om * om / x : 0.0;
      st->w[m][k][2] = weight3(x, a);
    }
  }
  return RRP_OK;
}

/* a binder's geometry: what its measures and its branch loads need */
typedef struct geometry {
  double L, invL, invL0;
  double dh[3];     /* d^ */
  double th[3];     /* theta */
  double tau, b;    /* theta . d^; b of J^-1 */
  double gi[3], gj[3], g[3], invn; /* convected bond directions, their mean, 1/|g_i + g_j| */
  double shear[3];  /* g - d^ */
  double bend[3];   /* theta - tau d^ */
} geometry;

static int geometry_of(const double d[3], const double qi[4], const double qj[4],
                       const double ri[3], const double p[4], geometry *G)
{
  double rh[3], qr[4], fw[2];
  const int frame = rrp_binder_frame(d, ri, &G->L, &G->invL, &G->invL0, G->dh, rh);
  const double angle = rrp_binder_theta(qi, p, qj, qr, G->th, fw);
  G->tau = rrp_dot3(G->th, G->dh);
  G->b = rrp_binder_jacobian_b(angle, fw[0], fw[1]);
  const double qrc[4] = {qr[0], -qr[1], -qr[2], -qr[3]};
  rrp_qrot(qi, rh, G->gi);
  rrp_qrot(qrc, G->gi, G->gj);
  double gs[3];
  for (int k = 0; k < 3; k++) gs[k] = G->gi[k] + G->gj[k];
  const double n2 = rrp_dot3(gs, gs);
  G->invn = 1.0 / sqrt(n2 > 1e-300 ? n2 : 1e-300); /* g_i = -g_j only at a half-turn */
  for (int k = 0; k < 3; k++) {
    G->g[k] = gs[k] * G->invn;
    G->shear[k] = G->g[k] - G->dh[k];
    G->bend[k] = G->th[k] - G->tau * G->dh[k];
  }
  return frame;
}

/* v in the body frame of the particle of orientation q */
static void to_body(const double q[4], const double v[3], double out[3])
{
  const double qc[4] = {q[0], -q[1], -q[2], -q[3]};
  rrp_qrot(qc, v, out);
}

static void measures_of(const geometry *G, const double qi[4], double m[RRP_VISCO_MEASURES])
{
  m[0] = G->L * G->invL0 - 1.0;
  to_body(qi, G->shear, m + 1);
  to_body(qi, G->bend, m + 4);
  m[7] = G->tau;
}

void rrp_visco_measures(const double d[3], const double qi[4], const double qj[4],
                        const double ri[3], const double p[4], double m[RRP_VISCO_MEASURES])
{
  geometry G;
  geometry_of(d, qi, qj, ri, p, &G);
  measures_of(&G, qi, m);
}

/* J^-1 v (sign +1: v - theta x v/2 + b theta x (theta x v)) or J^-T v (sign -1: + theta x v/2) */
static void jacobian_inverse(const geometry *G, const double v[3], double sign, double out[3])
{
  double c1[3], c2[3];
  rrp_cross3(G->th, v, c1);
  rrp_cross3(G->th, c1, c2);
  for (int k = 0; k < 3; k++) out[k] = v[k] - sign * 0.5 * c1[k] + G->b * c2[k];
}

/* the loads of generalized stresses s (body frame of i: axial, shear 3, bend 3, twist): minus
 * the gradient of s . e with s turning with i (rrp/visco.h) */
static void branch_loads(const geometry *G, const double qi[4], const double s[RRP_VISCO_MEASURES],
                         rrp_visco_load *out)
{
  double *fi = out->fi, *ti = out->ti, *tj = out->tj, v[3], u[3];
  /* axial: e = L/L0 - 1 */
  for (int k = 0; k < 3; k++) fi[k] = -s[0] * G->invL0 * G->dh[k];
  for (int k = 0; k < 3; k++) ti[k] = tj[k] = 0.0;
  /* twist: e = theta . d^; de/dtheta = d^ */
  jacobian_inverse(G, G->dh, -1.0, u);
  jacobian_inverse(G, G->dh, 1.0, v);
  for (int k = 0; k < 3; k++) {
    ti[k] -= s[7] * u[k];
    tj[k] += s[7] * v[k];
    fi[k] -= s[7] * G->bend[k] * G->invL;
  }
  /* bending: e = theta - tau d^; de/dtheta = P = I - d^ d^T */
  double sig[3], ps[3], c[3];
  rrp_qrot(qi, s + 4, sig);
  const double sd = rrp_dot3(sig, G->dh);
  for (int k = 0; k < 3; k++) ps[k] = sig[k] - sd * G->dh[k];
  jacobian_inverse(G, ps, -1.0, u);
  jacobian_inverse(G, ps, 1.0, v);
  rrp_cross3(G->bend, sig, c);
  for (int k = 0; k < 3; k++) {
    ti[k] += c[k] - u[k];
    tj[k] += v[k];
    fi[k] += (sd * G->th[k] + G->tau * sig[k] - 2.0 * G->tau * sd * G->dh[k]) * G->invL;
  }
  /* shear: e = g - d^, g = (g_i + g_j)/|g_i + g_j| */
  rrp_qrot(qi, s + 1, sig);
  const double sg = rrp_dot3(sig, G->g), sdh = rrp_dot3(sig, G->dh);
  double w[3], a[3], b[3];
  for (int k = 0; k < 3; k++) w[k] = (sig[k] - sg * G->g[k]) * G->invn;
  rrp_cross3(w, G->gi, a);
  rrp_cross3(w, G->gj, b);
  rrp_cross3(G->shear, sig, c);
  for (int k = 0; k < 3; k++) {
    ti[k] += a[k] + c[k];
    tj[k] += b[k];
    fi[k] += (sig[k] - sdh * G->dh[k]) * G->invL;
  }
}

int rrp_visco_binder(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
                     const double d[3], const double qi[4], const double qj[4],
                     const double ri[3], const double p[4], double *state, rrp_visco_load *out)
{
  memset(out, 0, sizeof(*out));
  for (int m = 0; m < RRP_VISCO_MODES; m++)
    if (st->n[m] > terms[m]) return RRP_EDOMAIN;
  geometry G;
  const int frame = geometry_of(d, qi, qj, ri, p, &G);
  if (frame != RRP_OK) return frame;
  double e[RRP_VISCO_MEASURES], s[RRP_VISCO_MEASURES] = {0, 0, 0, 0, 0, 0, 0, 0};
  measures_of(&G, qi, e);

  /* the branches of each mode, into a copy of the state (kept only when all is finite) */
  const int size = rrp_visco_state_size(terms);
  double next[RRP_VISCO_BRANCHES + 8 * RRP_VISCO_TERMS];
  memcpy(next, state, (size_t) size * sizeof(double));
  double dissipated = 0.0;
  int at = RRP_VISCO_BRANCHES;
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    const int nc = RRP_VISCO_COMPONENTS(m), e0 = MEASURE_AT[m];
    double de[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < nc; c++) de[c] = e[e0 + c] - state[e0 + c];
    for (int k = 0; k < st->n[m]; k++) {
      double *h = next + at + nc * k;
      const double K = st->k[m][k], a = st->a[m][k], f = st->f[m][k];
      const double *w = st->w[m][k];
      if (!(K > 0.0)) {
        for (int c = 0; c < nc; c++) h[c] = 0.0;
        continue;
      }
      double hh = 0.0, hd = 0.0, dd = 0.0;
      for (int c = 0; c < nc; c++) {
        hh += h[c] * h[c];
        hd += h[c] * de[c];
        dd += de[c] * de[c];
      }
      const double dk = w[0] * hh / K + 2.0 * w[1] * hd + w[2] * K * dd;
      dissipated += dk > 0.0 ? dk : 0.0; /* >= 0 exactly; rounding may leave a tiny negative */
      double h2 = 0.0;
      for (int c = 0; c < nc; c++) {
        h[c] = a * h[c] + K * f * de[c];
        h[c] = fabs(h[c]) < RRP_VISCO_FLUSH ? 0.0 : h[c]; /* (rrp/visco.h) */
        h2 += h[c] * h[c];
        s[e0 + c] += h[c];
      }
      out->stored[m] += 0.5 * h2 / K;
    }
    at += nc * terms[m];
  }
  for (int c = 0; c < RRP_VISCO_MEASURES; c++) next[c] = e[c];
  next[RRP_VISCO_DISSIPATED] = state[RRP_VISCO_DISSIPATED] + dissipated;
  out->dissipated = dissipated;
  branch_loads(&G, qi, s, out);

  double all = dissipated;
  for (int k = 0; k < 3; k++) all += out->fi[k] + out->ti[k] + out->tj[k];
  for (int m = 0; m < RRP_VISCO_MODES; m++) all += out->stored[m];
  for (int c = 0; c < size; c++) all += 0.0 * next[c];
  if (!is_finite(all)) {
    memset(out, 0, sizeof(*out));
    return RRP_ENONFINITE;
  }
  memcpy(state, next, (size_t) size * sizeof(double));
  return RRP_OK;
}

double rrp_visco_stored(const rrp_visco_step *st, const int terms[RRP_VISCO_MODES],
                        const double *state, double by_mode[RRP_VISCO_MODES])
{
  double total = 0.0;
  int at = RRP_VISCO_BRANCHES;
  for (int m = 0; m < RRP_VISCO_MODES; m++) {
    const int nc = RRP_VISCO_COMPONENTS(m);
    double um = 0.0;
    for (int k = 0; k < st->n[m] && k < terms[m]; k++) {
      const double *h = state + at + nc * k;
      double h2 = 0.0;
      for (int c = 0; c < nc; c++) h2 += h[c] * h[c];
      if (st->k[m][k] > 0.0) um += 0.5 * h2 / st->k[m][k];
    }
    if (by_mode) by_mode[m] = um;
    total += um;
    at += nc * terms[m];
  }
  return total;
}
