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
#include "rrp_restart.h"

#include <algorithm>

using namespace LAMMPS_NS;

// the restart records' version (rrp_restart.h): the style's own record and the settings record
// of bond_style hybrid
static constexpr int RESTART_VERSION = 8;
// the shear form, with keyword orientation fixed as this bit (in both records)
static constexpr int ORIENTATION_FIXED_BIT = 0x100;
static constexpr int NMODES = RRPBondBreaks::NMODES;

/* the shear form and the orientation keyword in one number of the records, and back */

double BondRRPBinder::form_code() const
{
  return static_cast<int>(shear_form) | (orientation_fixed ? ORIENTATION_FIXED_BIT : 0);
}

void BondRRPBinder::set_form(double code)
{
  const int form = (code >= 0.0 && code < 2.0 * ORIENTATION_FIXED_BIT) ? (int) code : -1;
  const int shear = form & ~ORIENTATION_FIXED_BIT;
  if (form < 0 || (double) form != code ||
      (shear != RRP_SHEAR_CONVECTED && shear != RRP_SHEAR_PAPER && shear != RRP_SHEAR_LINEAR))
    error->all(FLERR, "Bond style rrp/binder: the restart file has shear form {}, unknown to this "
               "plugin", code);
  orientation_fixed = (form & ORIENTATION_FIXED_BIT) != 0;
  shear_form = static_cast<rrp_shear_form>(shear);
}

/* ----------------------------------------------------------------------
   restart (rrp_restart.h): the settings (shear form with the orientation bit, break strain,
   break twist, released energy, rupture count and counts by mode), then per type Kb Kt Ka Ks,
   the four critical values and the five Mohr-Coulomb numbers (0: none)
------------------------------------------------------------------------- */

void BondRRPBinder::write_restart(FILE *fp)
{
  std::vector<double> r = {form_code(), break_strain, break_twist, breaks->released,
                           breaks->nbroken};
  r.insert(r.end(), &breaks->nbroken_mode[1], &breaks->nbroken_mode[1] + NMODES);
  const int n = atom->nbondtypes;
  for (double *k : {kb, kt, ka, ks}) r.insert(r.end(), &k[1], &k[1] + n);
  for (auto &c : crit) r.insert(r.end(), &c[1], &c[1] + n);
  for (auto &c : mohr) r.insert(r.end(), &c[1], &c[1] + n);
  RRPRestart::write(fp, RESTART_VERSION, r);
  visco_write_restart(fp, RESTART_VERSION);
}

void BondRRPBinder::read_restart(FILE *fp)
{
  allocate();
  const int n = atom->nbondtypes;
  const auto r = RRPRestart::read(lmp, fp, "Bond style rrp/binder",
                                  RESTART_VERSION, 5 + NMODES + 13 * (size_t) n);
  set_form(r[0]);
  break_strain = r[1];
  break_twist = r[2];
  breaks->released = r[3];
  breaks->nbroken = r[4];
  auto next = r.begin() + 5;
  std::copy(next, next + NMODES, &breaks->nbroken_mode[1]);
  next += NMODES;
  for (double *k : {kb, kt, ka, ks}) {
    std::copy(next, next + n, &k[1]);
    next += n;
  }
  for (auto &c : crit) {
    std::copy(next, next + n, &c[1]);
    next += n;
  }
  for (auto &c : mohr) {
    std::copy(next, next + n, &c[1]);
    next += n;
  }
  for (int i = 1; i <= n; i++) setflag[i] = 1;
  visco_read_restart(fp, RESTART_VERSION);
  check_coefficients("the restart file");
}

/* the settings record of bond_style hybrid's restart: the shear form (with the orientation
   bit), break strain, released energy, rupture count, break twist */

void BondRRPBinder::write_restart_settings(FILE *fp)
{
  RRPRestart::write(fp, RESTART_VERSION,
                    {form_code(), break_strain, breaks->released, breaks->nbroken, break_twist});
}

void BondRRPBinder::read_restart_settings(FILE *fp)
{
  const auto r = RRPRestart::read(lmp, fp, "Bond style rrp/binder (in bond_style hybrid)",
                                  RESTART_VERSION, 5);
  set_form(r[0]);
  break_strain = r[1];
  breaks->released = r[2];
  breaks->nbroken = r[3];
  break_twist = r[4];
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
    if (mohr[0][i] > 0.0)
      line += fmt::format(" mohr {} {} {} {}", mohr[0][i], mohr[1][i], mohr[2][i], mohr[3][i]) +
          (mohr[4][i] != 1.0 ? fmt::format(" mcf {}", mohr[4][i]) : std::string());
    line += visco_coeff_words(i);
    // (read_data reads lines of up to 255 characters)
    if (line.size() > 255)
      error->one(FLERR, "Bond style rrp/binder: bond type {}'s coefficients with its relaxation "
                        "series take {} characters, more than the 255 of a data file's line: "
                        "write_data ... nocoeff, and give them with bond_coeff",
                 i, line.size());
    fmt::print(fp, "{}\n", line);
  }
}
