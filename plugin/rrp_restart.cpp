/* ----------------------------------------------------------------------
   rrp-lammps: the restart record of every style (rrp_restart.h).
------------------------------------------------------------------------- */

#include "rrp_restart.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "utils.h"

#include <cstring>

using namespace LAMMPS_NS;

namespace {

constexpr int HEAD = 3;    // marker, version, count

/* the head of a record checked in order; the error names the style and what the file holds */

void check(LAMMPS *lmp, const double head[HEAD], const std::string &who, int version,
           std::size_t n)
{
  if (head[0] != RRPRestart::MAGIC)
    lmp->error->all(FLERR,
                    "{}: the restart file's record of this style is not one that rrp-lammps "
                    "writes (a pre-release's, or a damaged file): run the input that made it "
                    "with this plugin and write the restart again",
                    who);
  if (head[1] != version)
    lmp->error->all(FLERR,
                    "{}: the restart file's record of this style has version {}; this plugin "
                    "reads version {}: run the input that made it with this plugin and write "
                    "the restart again, or read it with the rrp-lammps that wrote it",
                    who, head[1], version);
  if (head[2] != (double) n)
    lmp->error->all(FLERR,
                    "{}: the restart file's record of this style holds {} values where this "
                    "plugin reads {} (version {}): the file is damaged",
                    who, head[2], n, version);
}

}    // namespace

void RRPRestart::write_fix(LAMMPS *lmp, FILE *fp, int version, const std::vector<double> &values)
{
  if (lmp->comm->me != 0) return;
  const int size = (int) (sizeof(double) * (HEAD + values.size()));
  fwrite(&size, sizeof(int), 1, fp);
  write(fp, version, values);
}

std::vector<double> RRPRestart::read_fix(LAMMPS *lmp, const char *buf, const std::string &who,
                                         int version, std::size_t n)
{
  // each value is read only once the ones before it say that it is there
  double head[HEAD] = {0.0, 0.0, 0.0};
  for (int k = 0; k < HEAD; k++) {
    memcpy(&head[k], buf + k * sizeof(double), sizeof(double));
    if (k == 0 && head[0] != MAGIC) break;
    if (k == 1 && head[1] != version) break;
  }
  check(lmp, head, who, version, n);
  std::vector<double> values(n);
  if (n > 0) memcpy(values.data(), buf + HEAD * sizeof(double), n * sizeof(double));
  return values;
}

void RRPRestart::write(FILE *fp, int version, const std::vector<double> &values)
{
  const double head[HEAD] = {MAGIC, (double) version, (double) values.size()};
  fwrite(head, sizeof(double), HEAD, fp);
  if (!values.empty()) fwrite(values.data(), sizeof(double), values.size(), fp);
}

std::vector<double> RRPRestart::read(LAMMPS *lmp, FILE *fp, const std::string &who, int version,
                                     std::size_t n)
{
  double head[HEAD] = {0.0, 0.0, 0.0};
  if (lmp->comm->me == 0) utils::sfread(FLERR, head, sizeof(double), HEAD, fp, nullptr, lmp->error);
  MPI_Bcast(head, HEAD, MPI_DOUBLE, 0, lmp->world);
  check(lmp, head, who, version, n);
  std::vector<double> values(n);
  if (n > 0) {
    if (lmp->comm->me == 0)
      utils::sfread(FLERR, values.data(), sizeof(double), n, fp, nullptr, lmp->error);
    MPI_Bcast(values.data(), (int) n, MPI_DOUBLE, 0, lmp->world);
  }
  return values;
}

const double *RRPRestart::atom_record(LAMMPS *lmp, int i, int nth, const std::string &who,
                                      int &count)
{
  const double *row = lmp->atom->extra[i];
  const int width = lmp->atom->nextra_store;
  int m = 0;
  for (int k = 0; k <= nth; k++) {
    const double len = m < width ? row[m] : 0.0;
    if (!(len >= 1.0 && len <= width - m) || len != (double) (int) len)
      lmp->error->one(FLERR,
                      "{}: the restart file's per-atom data of atom {} are damaged (a record of "
                      "length {} at {} of {} values)",
                      who, lmp->atom->tag[i], len, m, width);
    if (k < nth) m += (int) len;
  }
  count = (int) row[m] - 1;
  return row + m + 1;
}
