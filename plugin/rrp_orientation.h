/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the one place that answers "the orientation of atom i" for every rrp style.

   Two layouts, chosen by the atom style:
     ATOM_QUAT  the atom style carries a quaternion (atom->quat_flag: atom_style bpm/sphere, or
                hybrid with it). That quaternion is the orientation: fix rrp/nve integrates it,
                LAMMPS migrates it and writes it to restarts; LAMMPS sends it to ghosts with
                comm_modify vel yes, fix rrp/nve with vel no; every style and output that reads
                atom->quat sees it.
     STORE      atom_style sphere carries none: the orientation is the per-atom array d2_rrp_quat
                of the internal fix RRP_ORIENTATION (fix_rrp_orientation.h), which the first fix
                rrp/nve creates and which outlives it.
   Quaternions are unit (w,x,y,z), body to space, for owned and ghost rows alike.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_ORIENTATION_H
#define LMP_RRP_ORIENTATION_H

#include <cstdio>

#include "rrp/integrator.h"

namespace LAMMPS_NS {
class LAMMPS;
class Fix;
class Bond;

namespace RRPOrientation {

  enum Layout { NONE = 0, ATOM_QUAT = 1, STORE = 2 };

  // name of the per-atom array (d2_rrp_quat) and ID of the fix that keeps it
  constexpr const char *STORE_NAME = "rrp_quat";
  constexpr const char *STORE_FIX_ID = "RRP_ORIENTATION";
  constexpr const char *STORE_FIX_STYLE = "RRP/ORIENTATION";

  // is this a style of the plugin that advances spheres' orientations (fix rrp/nve and the
  // thermostatted twins rrp/nvt/sphere, ...)?
  bool sphere_integrator(const char *style);
  // the layout in use now
  int layout(LAMMPS *lmp);

  // bond_style rrp/binder, which reads the orientations of ghost atoms every step, or its
  // KOKKOS twin (rrp/binder/kk, .../kk/host, .../kk/device), also as a substyle of hybrid;
  // nullptr if the run has none
  class Bond *binder(LAMMPS *lmp);

  // what the store of layout STORE (fix RRP/ORIENTATION, and its KOKKOS twin
  // RRP/ORIENTATION/kk, whose rows live in a Kokkos view) offers beyond a fix
  class Store {
   public:
    // a style about to read the rows on the host (write: and to write them) calls this first
    // (array() does): the KOKKOS twin brings its view's host side up to date
    virtual void host_access(bool write) = 0;
    virtual bool kokkos() const = 0;

   protected:
    ~Store() = default;    // (a fix: deleted as a Fix)
  };

  // the layout an atom style implies (ATOM_QUAT or STORE)
  int layout_of_atom_style(LAMMPS *lmp);

  // what the layout is, in words, for messages
  const char *describe(int layout);

  // the orientation array (owned and ghost rows), nullptr in layout NONE; fetch it anew before
  // each use, since it moves when the atom arrays grow. Current on the host for reading, and
  // (write) for writing: a KOKKOS store (fix RRP/ORIENTATION/kk) syncs its view's host side
  double **array(LAMMPS *lmp, bool write = true);
  // core views (rrp/integrator.h) of the first nlocal atoms' arrays and orientations; mask
  // nullptr selects every atom, else the atoms of groupbit
  rrp_spheres sphere_views(LAMMPS *lmp, int nlocal, const int *mask, int groupbit);

  // the number of atoms, over all ranks, in both groups (collective)
  int count_in_both(LAMMPS *lmp, int groupbit_a, int groupbit_b);

  // does fix f advance the orientation of its atoms in this layout?
  bool advances(Fix *f, int layout);

  // A style that reads orientations (named `reader`, of the atoms of groupbit) checks at setup
  // that they exist and are current: stops with an error that names the reader and the other
  // style when there is no orientation, when a time integrator moves atoms of the group
  // without advancing it (unless fixed_ok: the reader was told that the orientations are held
  // fixed on purpose), or (ghosts) when ghost atoms would not carry it.
  void check_reader(LAMMPS *lmp, const char *reader, int groupbit, bool ghosts,
                    bool fixed_ok = false);

  // communication buffers: the rows q[list[0..n-1]] packed, rows first..first+n-1 unpacked;
  // both return the number of values (4 n)
  int pack_rows(double **q, int n, const int *list, double *buf);
  int unpack_rows(double **q, int n, int first, const double *buf);

  // the orientation array of layout STORE, made (fix RRP_ORIENTATION) if there is none yet
  double **store_array(LAMMPS *lmp);

  // write_data: a header line, which plain read_data stops at with the line as its message, and
  // the section Orientations, "atom-ID qw qx qy qz" (the identity where no orientation is kept
  // yet), read by the command rrp/read_data. One fix writes it: data_writer().
  constexpr const char *DATA_HEADER = "rrp-lammps orientations:";
  constexpr const char *DATA_SECTION = "Orientations";
  Fix *data_writer(LAMMPS *lmp);
  void write_data_note(FILE *fp);    // the header line that names rrp/read_data
  void write_data_size(LAMMPS *lmp, int &nx, int &ny);
  void write_data_pack(LAMMPS *lmp, double **buf);
  void write_data_keyword(FILE *fp);
  void write_data_rows(FILE *fp, int n, double **buf);

}    // namespace RRPOrientation
}    // namespace LAMMPS_NS

#endif
