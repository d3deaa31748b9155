/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the first half step of rigid bodies by the variational map, for the rigid fixes
   (fix rrp/rigid/small, fix rrp/rigid). The fixes gather their bodies into core records
   (rrp_body of rrp/bodies.h) a chunk at a time, step them with rrp_body_records_first() and
   scatter them back; a linear body's zero moment is taken as rrp_body_map_moments() says.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_RIGID_STEP_H
#define LMP_RRP_RIGID_STEP_H

#include "lmptype.h"
#include "pointers.h"

#include "rrp/bodies.h"

#include <string>

namespace LAMMPS_NS {
class Fix;
namespace RRPRigid {

  // bodies gathered per call of the core (on the stack)
  constexpr int CHUNK = 64;

  // how an error names a body: fix rigid/small's by one of its atoms, fix rigid's by number
  enum Naming { BY_ATOM, BY_NUMBER };
  std::string body_name(Naming naming, tagint id);

  // a body into a record (its moments as the map takes them) and the stepped state back
  void gather(rrp_body &r, double mass, const double I[3], const double x[3], const double v[3],
              const double f[3], const double L[3], const double t[3], const double q[4]);
  void scatter(const rrp_body &r, double x[3], double v[3], double L[3], double q[4]);

  // v += h/(2m) f; x += h v; L += h/2 t; q by the variational map, for n records (h: the
  // fix's dtv, the time step or run_style respa's innermost step); returns the index of a body
  // that cannot take the step (the records of its block untouched), else -1, with the core's
  // status and h |omega| in *status and *hw
  int step_records(LAMMPS *lmp, double h, rrp_body *r, int n, int *status, double *hw);

  // the free turn of a drift alone (the thermostatted fixes, which make their own kicks and
  // scalings): q by the variational map with the space-frame L held over h, a linear body's
  // zero moment as the map takes it; returns the core's status (q untouched unless RRP_OK)
  int turn(const double I[3], const double L[3], double q[4], double h, double *hw);
  // the error for a body (`who`, of mass m) that could not turn
  [[noreturn]] void fail_turn(LAMMPS *lmp, const char *style, const std::string &who, int status,
                              double mass, const double I[3], const double L[3],
                              const double q[4], double h, double hw);

  // the arguments of a fix command with its style spelled `style`: LAMMPS's rigid fixes
  // parse their keywords by the name of their style (rigid/n.t/small, ...), which the rrp/...
  // spelling must pass as the suffix spelling; valid until the next call
  char **respell(int narg, char **arg, const char *style);

  // the error for such a body, named `who`, with its principal moments I
  [[noreturn]] void fail(LAMMPS *lmp, const char *style, const std::string &who, int status,
                         const rrp_body &r, const double I[3], double h, double hw);

  // at setup: a body whose mass is not positive and finite is an error naming it and the value
  void check_mass(LAMMPS *lmp, const char *style, const std::string &who, double mass);

}    // namespace RRPRigid
}    // namespace LAMMPS_NS

#endif
