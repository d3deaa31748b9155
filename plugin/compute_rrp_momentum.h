/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: compute rrp/momentum, the conserved quantities of Baker & Gonzalez (2021)
   sec. 2.5: total linear momentum, total angular momentum about the origin (orbital plus spin
   with the inertia of fix rrp/nve), translational and rotational kinetic energy.
------------------------------------------------------------------------- */

#ifdef COMPUTE_CLASS
// clang-format off
ComputeStyle(rrp/momentum,ComputeRRPMomentum);
// clang-format on
#else

#ifndef LMP_COMPUTE_RRP_MOMENTUM_H
#define LMP_COMPUTE_RRP_MOMENTUM_H

#include "compute.h"

namespace LAMMPS_NS {

class ComputeRRPMomentum : public Compute {
 public:
  ComputeRRPMomentum(class LAMMPS *, int, char **);
  ~ComputeRRPMomentum() override;
  void init() override;
  void compute_vector() override;

 private:
  char *fix_id;
  class FixRRPNVE *fix;
};

}    // namespace LAMMPS_NS

#endif
#endif
