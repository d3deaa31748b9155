/* ----------------------------------------------------------------------
   rrp-lammps: internal fix BOND_HISTORY/RRP (see fix_rrp_binder_history.h).
------------------------------------------------------------------------- */

#include "fix_rrp_binder_history.h"

#include "atom.h"

using namespace LAMMPS_NS;

FixRRPBinderHistory::FixRRPBinderHistory(LAMMPS *lmp, int narg, char **arg) :
    FixBondHistory(lmp, narg, arg)
{
  // references are captured bond by bond; what is stored is always valid
  stored_flag = 1;
  wd_section = 1;
}

const double *FixRRPBinderHistory::slot(int i, int m) const
{
  return &atom->darray[index][i][m * ndata];
}

/* ----------------------------------------------------------------------
   write_data: section BinderReferences, per atom its ID and for each of its bond_per_atom slots
   the partner's ID and the ndata reference values (zeros for empty slots and slots without a
   reference); read back with fix property/atom and bond_style rrp/binder reference d2_NAME
------------------------------------------------------------------------- */

void FixRRPBinderHistory::write_data_section_size(int /*mth*/, int &nx, int &ny)
{
  nx = atom->nlocal;
  ny = 1 + (1 + ndata) * atom->bond_per_atom;
}

void FixRRPBinderHistory::write_data_section_pack(int /*mth*/, double **buf)
{
  const int stride = 1 + ndata;
  for (int i = 0; i < atom->nlocal; i++) {
    buf[i][0] = ubuf(atom->tag[i]).d;
    for (int m = 0; m < atom->bond_per_atom; m++) {
      double *out = &buf[i][1 + m * stride];
      for (int k = 0; k < stride; k++) out[k] = 0.0;
      if (m >= atom->num_bond[i] || atom->bond_type[i][m] <= 0) continue;
      const double *s = slot(i, m);
      if (s[3] == 0.0 && s[4] == 0.0 && s[5] == 0.0 && s[6] == 0.0) continue;    // none yet
      out[0] = (double) atom->bond_atom[i][m];
      for (int k = 0; k < ndata; k++) out[1 + k] = s[k];
    }
  }
}

void FixRRPBinderHistory::write_data_section_keyword(int /*mth*/, FILE *fp)
{
  fprintf(fp,
          "\nBinderReferences # bond_style rrp/binder: atom-ID, then %d x (partner-ID d0x d0y "
          "d0z qi0w qi0x qi0y qi0z qj0w qj0x qj0y qj0z)\n\n",
          atom->bond_per_atom);
}

void FixRRPBinderHistory::write_data_section(int /*mth*/, FILE *fp, int n, double **buf,
                                             int /*index*/)
{
  const int ncol = (1 + ndata) * atom->bond_per_atom;
  for (int i = 0; i < n; i++) {
    std::string line = fmt::format("{}", (tagint) ubuf(buf[i][0]).i);
    for (int k = 0; k < ncol; k++) {
      if (k % (1 + ndata) == 0)
        line += fmt::format(" {}", (tagint) buf[i][1 + k]);
      else
        line += fmt::format(" {:.17g}", buf[i][1 + k]);
    }
    fmt::print(fp, "{}\n", line);
  }
}
