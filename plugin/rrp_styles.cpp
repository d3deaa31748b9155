/* ----------------------------------------------------------------------
   rrp-lammps: the styles of rrpplugin.so, registered with LAMMPS (rrpkkplugin.so registers them
   and its KOKKOS twins).
------------------------------------------------------------------------- */

#include "rrp_register.h"

#include "bond_rrp_binder.h"
#include "compute_rrp_atom.h"
#include "compute_rrp_energy.h"
#include "compute_rrp_momentum.h"
#include "fix_rrp_binder_history.h"
#include "fix_rrp_contact_history.h"
#include "fix_rrp_damping.h"
#include "fix_rrp_gravity.h"
#include "fix_rrp_nh_sphere.h"
#include "fix_rrp_nve.h"
#include "fix_rrp_nve_asphere.h"
#include "fix_rrp_orientation.h"
#include "fix_rrp_read_data.h"
#include "fix_rrp_turn.h"
#include "fix_rrp_wall.h"
#include "pair_rrp_hertz.h"

using namespace LAMMPS_NS;

namespace {
using namespace RRPRegister;

const entry STYLES[] = {
    {"fix", "rrp/nve", "RRP explicit variational integrator for spheres (Baker & Gonzalez 2021)",
     nullptr, &create_v2<FixRRPNVE>},
    {"fix", "nve/sphere/rrp", "fix rrp/nve (suffix spelling)", nullptr, &create_v2<FixRRPNVE>},
    {"fix", "nve/bpm/sphere/rrp", "fix rrp/nve (suffix spelling)", nullptr, &create_v2<FixRRPNVE>},
    {"fix", "nve/asphere/rrp", "fix rrp/nve/asphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNVEAsphere>},
    {"fix", "rrp/nvt/sphere", "fix nvt/sphere with each sphere's orientation by the RRP map",
     nullptr, &create_v2<FixRRPNVTSphere>},
    {"fix", "nvt/sphere/rrp", "fix rrp/nvt/sphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNVTSphere>},
    {"fix", "rrp/npt/sphere", "fix npt/sphere with each sphere's orientation by the RRP map",
     nullptr, &create_v2<FixRRPNPTSphere>},
    {"fix", "npt/sphere/rrp", "fix rrp/npt/sphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNPTSphere>},
    {"fix", "rrp/nph/sphere", "fix nph/sphere with each sphere's orientation by the RRP map",
     nullptr, &create_v2<FixRRPNPHSphere>},
    {"fix", "nph/sphere/rrp", "fix rrp/nph/sphere (suffix spelling)", nullptr,
     &create_v2<FixRRPNPHSphere>},
    {"fix", "rrp/nve/asphere", "variational RRP map for ellipsoids (general inertia tensor)",
     nullptr, &create_v2<FixRRPNVEAsphere>},
    {"fix", "rrp/gravity", "uniform field at a body-fixed lever arm (3D pendulum)", nullptr,
     &create_v2<FixRRPGravity>},
    {"fix", "rrp/wall", "Hertzian particle-wall contact with a plane wall", nullptr,
     &create_v2<FixRRPWall>},
    {"fix", "rrp/turn", "prescribed turn of orientations about a fixed axis (an equal-style angle)",
     nullptr, &create_v2<FixRRPTurn>},
    {"fix", "rrp/damping", "viscous or Cundall damping with its dissipated work tallied", nullptr,
     &create_v2<FixRRPDamping>},
    {"bond", "rrp/binder", "binder bond: torsion/bending, axial and shear loads with torques",
     &create_v1<BondRRPBinder>, nullptr},
    {"pair", "rrp/hertz", "frictionless Hertzian contact between spheres",
     &create_v1<PairRRPHertz>, nullptr},
    {"compute", "rrp/atom", "per-atom RRP vector, quaternion and rotation vector", nullptr,
     &create_v2<ComputeRRPAtom>},
    {"compute", "rrp/momentum", "total linear/angular momentum and kinetic energies", nullptr,
     &create_v2<ComputeRRPMomentum>},
    {"compute", "rrp/energy", "energy of each binder, contact and wall term", nullptr,
     &create_v2<ComputeRRPEnergy>},
    {"command", "rrp/read_data", "read_data that continues a run from write_data's rrp sections",
     &create_v1<ReadDataRRP>, nullptr},
    // internal: created by fix rrp/nve and bond_style rrp/binder, not by inputs
    {"fix", "RRP/ORIENTATION", "orientations of atom_style sphere (internal to fix rrp/nve)",
     nullptr, &create_v2<FixRRPOrientation>},
    {"fix", "BOND_HISTORY/RRP", "binder reference states (internal to bond_style rrp/binder)",
     nullptr, &create_v2<FixRRPBinderHistory>},
    {"fix", "NEIGH_HISTORY/RRP", "contact histories (internal to pair_style rrp/hertz friction)",
     nullptr, &create_v2<FixRRPContactHistory>},
    {"fix", "RRP/READ_DATA", "section reader (internal to the command rrp/read_data)", nullptr,
     &create_v2<FixRRPReadData>},
};
}    // namespace

void RRPRegister::host_styles(void *lmp, void *handle, void *regfunc)
{
  all(STYLES, sizeof(STYLES) / sizeof(STYLES[0]), lmp, handle, regfunc);
}
