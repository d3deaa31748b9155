/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: compute rrp/energy, the energy of each interaction of a particle-binder composite
   (Baker & Gonzalez 2021, Fig. 4): U^m, U^a, U^s (bond_style rrp/binder), U^pp (pair_style
   rrp/hertz), U^pw (every fix rrp/wall).
------------------------------------------------------------------------- */

#ifdef COMPUTE_CLASS
// clang-format off
ComputeStyle(rrp/energy,ComputeRRPEnergy);
// clang-format on
#else

#ifndef LMP_COMPUTE_RRP_ENERGY_H
#define LMP_COMPUTE_RRP_ENERGY_H

#include "compute.h"

namespace LAMMPS_NS {

class ComputeRRPEnergy : public Compute {
 public:
  ComputeRRPEnergy(class LAMMPS *, int, char **);
  ~ComputeRRPEnergy() override;
  void init() override {}
  void compute_vector() override;

 private:
  void *extract_from(class Bond *, const char *name);
};

}    // namespace LAMMPS_NS

#endif
#endif
