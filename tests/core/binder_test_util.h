/* binder_test_util.h - a random binder configuration near its reference state, shared by the
 * binder and viscoelastic binder tests. */
#ifndef RRP_BINDER_TEST_UTIL_H
#define RRP_BINDER_TEST_UTIL_H

#include "rrp/binder.h"
#include "rrp/rotation.h"

#include "test_util.h"

static inline void random_quat(rng_t *r, double q[4])
{
  for (int d = 0; d < 4; d++) q[d] = rng_range(r, -1, 1);
  rrp_quat_normalize(q);
}

/* a bond near but away from its reference state, with general reference orientations */
typedef struct config {
  double d0[3], qi0[4], qj0[4]; /* the state at bonding */
  rrp_binder_ref ref;           /* its reference (rrp_binder_reference) */
  double xi[3], xj[3], qi[4], qj[4];
} config;

static inline void random_config(rng_t *r, double strain, config *c)
{
  rng_vec(r, 1.0, c->d0);
  c->d0[0] += 1.5; /* |d0| away from 0 */
  random_quat(r, c->qi0);
  random_quat(r, c->qj0);
  rrp_binder_reference(c->d0, c->qi0, c->qj0, &c->ref);
  rng_vec(r, 2.0, c->xj);
  double dx[3];
  rng_vec(r, strain, dx);
  for (int k = 0; k < 3; k++) c->xi[k] = c->xj[k] + c->d0[k] + dx[k];
  double th[3], dq[4];
  rng_vec(r, 3.0 * strain, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->qi0, c->qi);
  rng_vec(r, 3.0 * strain, th);
  rrp_theta_to_quat(th, dq);
  rrp_quat_multiply(dq, c->qj0, c->qj);
}

#endif
