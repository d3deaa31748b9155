/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: fix rrp/nve, the explicit variational integrator on rescaled Rodrigues
   parameters of Baker & Gonzalez (2021), maps (23), (25), (27), for finite-size spheres.
   Bookkeeping only: the maps are in core/ (rrp/integrator.h).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rrp/nve,FixRRPNVE);
// clang-format on
#else

#ifndef LMP_FIX_RRP_NVE_H
#define LMP_FIX_RRP_NVE_H

#include "fix.h"

#include "rrp/integrator.h"

namespace LAMMPS_NS {

class FixRRPNVE : public Fix {
 public:
  FixRRPNVE(class LAMMPS *, int, char **);
  ~FixRRPNVE() override;
  int setmask() override;
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;
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
  void *extract(const char *, int &) override;
  void write_restart(FILE *) override;
  void write_data_section_size(int, int &, int &) override;
  void write_data_section_pack(int, double **) override;
  void write_data_section_keyword(int, FILE *) override;
  void write_data_section(int, FILE *, int, double **, int) override;
  void restart(char *) override;

  // for the other rrp styles: per-atom unit quaternions (w,x,y,z), body to space, owned and
  // ghost atoms; and the rotational inertia of atom i
  double **quat;
  double inertia(int i) const;
  const char *scheme_name() const { return scheme->name; }

  // the single fix rrp/nve of this LAMMPS instance, or an error naming the caller
  static FixRRPNVE *find(class LAMMPS *, const char *caller);

 private:
  const rrp_scheme *scheme;
  rrp_inertia inertia_spec;
  char *alpha_str[3];
  bool alpha_given;
  char *quat_str[4];
  bool quat_given;
  int ghost_mode;    // GHOSTS_AUTO or GHOSTS_ALWAYS
  bool comm_ghosts;  // send orientations to ghost atoms every step

  void set_alpha();
  void set_quat();
  double **eval_columns(char **strs, int n, const char *keyword);
  void check_atoms();
  rrp_spheres views(int nlocal);
};

}    // namespace LAMMPS_NS

#endif
#endif
