/* ----------------------------------------------------------------------
   rrp-lammps: fix rrp/nvt/asphere, rrp/npt/asphere, rrp/nph/asphere.
   See doc/fix_rrp_nh_asphere.rst.
------------------------------------------------------------------------- */

#include "fix_rrp_nh_asphere.h"

#include "rrp_ellipsoids.h"
#include "rrp_integrator.h"

#include "atom.h"

#include "rrp/bodies.h"

namespace LAMMPS_NS {

template <class Base>
FixRRPNHAsphere<Base>::FixRRPNHAsphere(LAMMPS *lmp, int narg, char **arg) : Base(lmp, narg, arg)
{
  RRPEllipsoids::avec_of(lmp, this);
}

/* LAMMPS's checks, then: every atom of the group an ellipsoid of positive mass and moments, and
   one time integrator per atom */

template <class Base> void FixRRPNHAsphere<Base>::init()
{
  Base::init();
  RRPEllipsoids::check_bodies(this->lmp, this, this->avec);
  RRPIntegrator::check_one_integrator(this->lmp, this);
}

template <class Base> void FixRRPNHAsphere<Base>::nve_x()
{
  FixNH::nve_x();
  Atom *atom = this->atom;
  int nlocal = atom->nlocal;
  if (this->igroup == atom->firstgroup) nlocal = atom->nfirst;
  const rrp_bodies p = RRPEllipsoids::views(this->lmp, this, this->avec, nlocal);
  rrp_step_report bad = {-1, 0.0};
  const int status = rrp_bodies_turn(&p, this->dtv, &bad);
  if (status != RRP_OK) RRPEllipsoids::report(this->lmp, this, this->avec, status, bad, this->dtv);
}

template class FixRRPNHAsphere<FixNVTAsphere>;
template class FixRRPNHAsphere<FixNPTAsphere>;
template class FixRRPNHAsphere<FixNPHAsphere>;

}    // namespace LAMMPS_NS
