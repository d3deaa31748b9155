/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/rigid, LAMMPS's fix rigid (RIGID package) with each body's orientation and
   angular momentum advanced by the variational RRP map for a general inertia tensor (as fix
   rrp/rigid/small). Everything else stays LAMMPS's (bodystyles single, molecule, group, custom;
   force/torque on/off; infile; reinit; langevin; restart; the computes). Also spelled rigid/rrp
   (its style inside LAMMPS; `-sf rrp` selects it for fix rigid).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/rigid,FixRRPRigid);
FixStyle(rigid/rrp,FixRRPRigid);
FixStyle(rigid/nve/rrp,FixRRPRigid);
// clang-format on
#else

#ifndef LMP_FIX_RRP_RIGID_H
#define LMP_FIX_RRP_RIGID_H

#include "fix_rigid.h"

namespace LAMMPS_NS {

class FixRRPRigid : public FixRigid {
 public:
  FixRRPRigid(class LAMMPS *, int, char **);
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
