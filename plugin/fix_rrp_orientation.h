/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: internal fix RRP/ORIENTATION, the orientations of atom_style sphere (which has no
   quaternion of its own): the per-atom array d2_rrp_quat, unit quaternions (w,x,y,z), grown,
   migrated, sent to ghosts and written to restart files with the atoms, the identity for new
   atoms. Created by the first fix rrp/nve (ID RRP_ORIENTATION), it outlives it, so that several
   fix rrp/nve on disjoint groups, and any style, see one orientation (rrp_orientation.h).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(RRP/ORIENTATION,FixRRPOrientation);
// clang-format on
#else

#ifndef LMP_FIX_RRP_ORIENTATION_H
#define LMP_FIX_RRP_ORIENTATION_H

#include "fix.h"
#include "rrp_orientation.h"

namespace LAMMPS_NS {

class FixRRPOrientation : public Fix, public RRPOrientation::Store {
 public:
  // borders: send the rows to new ghost atoms with the atoms' borders (the KOKKOS twin does not:
  // a border callback would turn KOKKOS to its classic communication; it forwards them after)
  FixRRPOrientation(class LAMMPS *, int, char **, bool borders = true);
  ~FixRRPOrientation() override;
  int setmask() override;
  double memory_usage() override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_border(int, int *, double *) override;
  int unpack_border(int, int, double *) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  // send the owned rows to the ghost atoms now (between reneighborings)
  virtual void forward();

  // RRPOrientation::Store: the host rows are the rows (the KOKKOS twin syncs its view)
  void host_access(bool /*write*/) override {}
  bool kokkos() const override { return false; }

 protected:
  int index;    // of d2_rrp_quat among the atom's custom arrays
  bool borders;
  double **quat() const;
};

}    // namespace LAMMPS_NS

#endif
#endif
