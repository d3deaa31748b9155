/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: compute rrp/atom, the per-atom orientation (rrp_orientation.h): alpha (RRP
   vector), unit quaternion (w,x,y,z) and rotation vector theta, for dump custom.
------------------------------------------------------------------------- */

#ifdef COMPUTE_CLASS
// clang-format off
ComputeStyle(rrp/atom,ComputeRRPAtom);
// clang-format on
#else

#ifndef LMP_COMPUTE_RRP_ATOM_H
#define LMP_COMPUTE_RRP_ATOM_H

#include "compute.h"

namespace LAMMPS_NS {

class ComputeRRPAtom : public Compute {
 public:
  ComputeRRPAtom(class LAMMPS *, int, char **);
  ~ComputeRRPAtom() override;
  void init() override;
  void compute_peratom() override;
  double memory_usage() override;

 private:
  char *fix_id;    // optional, for inputs of earlier versions: checked to exist
  int nmax;
  bool check_pending;    // orientation check at the first use after init
  double **orient;
};

}    // namespace LAMMPS_NS

#endif
#endif
