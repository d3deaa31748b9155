/* field.c - uniform field at a body-fixed lever arm, eqs. (39)-(40) with the erratum of doc/theory.md section 3. */
#include "rrp/field.h"

#include "rrp/rotation.h"
#include "vec3.h"

double rrp_lever_field(double m, const double q[4], const double l[3], const double g[3],
                       double torque[3])
{
  double rl[3], t[3];
  rrp_quat_rotate(q, l, rl);
  rrp_cross3(rl, g, t); /* T = m (R l) x g = -d U / d(rotation) */
  for (int d = 0; d < 3; d++) torque[d] += m * t[d];
  return -m * rrp_dot3(g, rl);
}
