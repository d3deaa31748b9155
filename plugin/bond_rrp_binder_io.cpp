/* ----------------------------------------------------------------------
   rrp-lammps: bond_style rrp/binder's restart and data files (see bond_rrp_binder.h). The
   binders' reference states travel with their atoms in fix BOND_HISTORY/RRP's records
   (fix_rrp_binder_history.cpp); here are the style's settings and coefficients.
------------------------------------------------------------------------- */

#include "bond_rrp_binder.h"

#include "atom.h"
#include "comm.h"
#include "error.h"

#include "rrp_bond_breaks.h"

using namespace LAMMPS_NS;

// the restart record: this marker (negative: no stiffness), the version, the settings, the
// coefficients
static constexpr double RESTART_MAGIC = -7256980.0;
static constexpr double RESTART_VERSION = 4.0;
// the settings record of bond_style hybrid: the shear form's int plus this tag ...
static constexpr int SETTINGS_TAG = 0x5252;
// ... with keyword orientation fixed as this bit (in both records)
static constexpr int ORIENTATION_FIXED_BIT = 0x100;
static constexpr int NMODES = RRPBondBreaks::NMODES;

/* the shear form and the orientation keyword of a restart file's int */

void BondRRPBinder::set_form(int form)
{
  orientation_fixed = (form & ORIENTATION_FIXED_BIT) != 0;
  form &= ~ORIENTATION_FIXED_BIT;
  if (form != RRP_SHEAR_CONVECTED && form != RRP_SHEAR_PAPER && form != RRP_SHEAR_LINEAR)
    error->all(FLERR, "Bond style rrp/binder: the restart file has shear form {}, unknown to "
                      "this plugin", form);
  shear_form = static_cast<rrp_shear_form>(form);
}

/* ----------------------------------------------------------------------
   restart, version 4: the marker and the version, the settings (shear form with the orientation
   bit, break strain, break twist, released energy, rupture count and counts by mode), then per
   type Kb Kt Ka Ks and the four critical values
------------------------------------------------------------------------- */

void BondRRPBinder::write_restart(FILE *fp)
{
  const double head[2] = {RESTART_MAGIC, RESTART_VERSION};
  fwrite(head, sizeof(double), 2, fp);
  const int form = static_cast<int>(shear_form) | (orientation_fixed ? ORIENTATION_FIXED_BIT : 0);
  fwrite(&form, sizeof(int), 1, fp);
  const double settings[4] = {break_strain, break_twist, breaks->released, breaks->nbroken};
  fwrite(settings, sizeof(double), 4, fp);
  fwrite(&breaks->nbroken_mode[1], sizeof(double), NMODES, fp);
  const int n = atom->nbondtypes;
  for (double *k : {kb, kt, ka, ks}) fwrite(&k[1], sizeof(double), n, fp);
  for (auto &c : crit) fwrite(&c[1], sizeof(double), n, fp);
}

void BondRRPBinder::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->nbondtypes;
  int form = 0;
  double settings[4];
  if (comm->me == 0) {
    double head[2] = {0.0, 0.0};
    utils::sfread(FLERR, head, sizeof(double), 1, fp, nullptr, error);
    if (head[0] == RESTART_MAGIC) utils::sfread(FLERR, &head[1], sizeof(double), 1, fp, nullptr, error);
    if (head[0] != RESTART_MAGIC || head[1] != RESTART_VERSION)
      error->one(FLERR,
                 "Bond style rrp/binder: the restart file's record of this style (version {}) is "
                 "not one this plugin writes (version {}); it comes from a pre-release or a "
                 "later rrp-lammps: run the input that made it with this plugin and write the "
                 "restart again",
                 head[0] == RESTART_MAGIC ? head[1] : 0.0, RESTART_VERSION);
    utils::sfread(FLERR, &form, sizeof(int), 1, fp, nullptr, error);
    utils::sfread(FLERR, settings, sizeof(double), 4, fp, nullptr, error);
    utils::sfread(FLERR, &breaks->nbroken_mode[1], sizeof(double), NMODES, fp, nullptr, error);
    for (double *k : {kb, kt, ka, ks}) utils::sfread(FLERR, &k[1], sizeof(double), n, fp, nullptr, error);
    for (auto &c : crit) utils::sfread(FLERR, &c[1], sizeof(double), n, fp, nullptr, error);
  }
  MPI_Bcast(&form, 1, MPI_INT, 0, world);
  MPI_Bcast(settings, 4, MPI_DOUBLE, 0, world);
  MPI_Bcast(breaks->nbroken_mode, NMODES + 1, MPI_DOUBLE, 0, world);
  for (double *k : {kb, kt, ka, ks}) MPI_Bcast(&k[1], n, MPI_DOUBLE, 0, world);
  for (auto &c : crit) MPI_Bcast(&c[1], n, MPI_DOUBLE, 0, world);
  set_form(form);
  break_strain = settings[0];
  break_twist = settings[1];
  breaks->released = settings[2];
  breaks->nbroken = settings[3];
  for (int i = 1; i <= n; i++) setflag[i] = 1;
}

/* the settings record for bond_style hybrid's restart: the shear form's int (with the tag and
   the orientation bit), break strain, released energy, rupture count, break twist */

void BondRRPBinder::write_restart_settings(FILE *fp)
{
  const int tagged =
      SETTINGS_TAG + (static_cast<int>(shear_form) | (orientation_fixed ? ORIENTATION_FIXED_BIT : 0));
  fwrite(&tagged, sizeof(int), 1, fp);
  const double settings[4] = {break_strain, breaks->released, breaks->nbroken, break_twist};
  fwrite(settings, sizeof(double), 4, fp);
}

void BondRRPBinder::read_restart_settings(FILE *fp)
{
  int form = 0;
  double settings[4];
  if (comm->me == 0) {
    utils::sfread(FLERR, &form, sizeof(int), 1, fp, nullptr, error);
    if (form < SETTINGS_TAG)
      error->one(FLERR,
                 "Bond style rrp/binder: the restart file's settings of this style (bond_style "
                 "hybrid) are not a record this plugin writes; they come from a pre-release of "
                 "rrp-lammps: run the input that made it with this plugin and write the restart "
                 "again");
    utils::sfread(FLERR, settings, sizeof(double), 4, fp, nullptr, error);
  }
  MPI_Bcast(&form, 1, MPI_INT, 0, world);
  MPI_Bcast(settings, 4, MPI_DOUBLE, 0, world);
  set_form(form - SETTINGS_TAG);
  break_strain = settings[0];
  breaks->released = settings[1];
  breaks->nbroken = settings[2];
  break_twist = settings[3];
}

/* Bond Coeffs: Km Ka Ks (Kb Kt Ka Ks where a type's twist stiffness differs from its bending
   one), and the critical values when a type has them */

void BondRRPBinder::write_data(FILE *fp)
{
  bool any_crit = false, any_twist = false;
  for (int i = 1; i <= atom->nbondtypes; i++) {
    any_crit = any_crit || crit[0][i] > 0.0 || crit[1][i] > 0.0 || crit[2][i] > 0.0 ||
        crit[3][i] > 0.0;
    any_twist = any_twist || kt[i] != kb[i];
  }
  for (int i = 1; i <= atom->nbondtypes; i++) {
    std::string line = any_twist ? fmt::format("{} {} {} {} {}", i, kb[i], kt[i], ka[i], ks[i])
                                 : fmt::format("{} {} {} {}", i, kb[i], ka[i], ks[i]);
    if (any_crit)
      line += fmt::format(" {} {} {} {}", crit[0][i], crit[1][i], crit[2][i], crit[3][i]);
    fmt::print(fp, "{}\n", line);
  }
}
