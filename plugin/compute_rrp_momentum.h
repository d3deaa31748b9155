/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: compute rrp/momentum, the conserved quantities of Baker & Gonzalez (2021)
   sec. 2.5: total linear momentum, total angular momentum about the origin (orbital plus spin),
   translational and rotational kinetic energy. The rotational inertia of each atom is the one of
   the fix rrp/nve that integrates it (read through extract("inertia")), else 0.4 m r^2.
------------------------------------------------------------------------- */

#ifdef COMPUTE_CLASS
// clang-format off
ComputeStyle(rrp/momentum,ComputeRRPMomentum);
// clang-format on
#else

#ifndef LMP_COMPUTE_RRP_MOMENTUM_H
#define LMP_COMPUTE_RRP_MOMENTUM_H

#include "compute.h"

#include "rrp/integrator.h"

#include <vector>

namespace LAMMPS_NS {

class ComputeRRPMomentum : public Compute {
 public:
  ComputeRRPMomentum(class LAMMPS *, int, char **);
  ~ComputeRRPMomentum() override;
  void init() override;
  void compute_vector() override;

 private:
  char *fix_id;    // optional, for inputs of earlier versions: checked to exist
  class AtomVecEllipsoid *avec;    // with atom_style ellipsoid (or hybrid with it)
  enum { SPHERE, ELLIPSOID, POINT };
  int kind(int i) const;
  struct rule {
    class Fix *fix;
    int groupbit;
    const rrp_inertia *inertia;
  };
  std::vector<rule> rules;    // the fix rrp/nve of the atoms, in fix order
  rrp_inertia sphere;         // J = 0.4 m r^2 for atoms integrated otherwise
};

}    // namespace LAMMPS_NS

#endif
#endif
