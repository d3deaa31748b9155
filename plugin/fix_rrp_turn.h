/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/turn, a prescribed turn of each atom of a group about a fixed spatial axis
   through its own centre, by an angle an equal-style variable gives at each step: the
   orientation is R(angle(t) a) R(0) (its positions untouched). Torsion and bending of binders
   under a prescribed history (an oscillatory shear rheometer's torsion, a step or ramp of
   twist), with the torque about the axis as its output.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/turn,FixRRPTurn);
// clang-format on
#else

#ifndef LMP_FIX_RRP_TURN_H
#define LMP_FIX_RRP_TURN_H

#include "fix.h"

#include <string>

namespace LAMMPS_NS {

class FixRRPTurn : public Fix {
 public:
  FixRRPTurn(class LAMMPS *, int, char **);
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  double compute_vector(int) override;

 private:
  double axis[3];         // unit axis
  std::string var;        // the angle's equal-style variable
  int ivar;
  double angle_now;       // the angle the orientations are turned to (radians)
  double angle(const char *when);
};

}    // namespace LAMMPS_NS

#endif
#endif
