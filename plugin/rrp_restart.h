/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the one restart record of every style that writes one. A record is
     {RRP_MAGIC, the style's record version, the count n, n values}
   all doubles (an int is exact in a double). Written by rank 0; read back and checked in order
   (the marker, the version, the count) before any value is used, with an ERROR that names the
   style and what the file holds. A fix's global record (Fix::write_restart/restart) goes with
   its size, as LAMMPS frames it; a pair's or bond's record (write_restart/read_restart) is read
   on rank 0 and broadcast. A fix's per-atom records (pack_restart/unpack_restart) are LAMMPS's
   {length, values}, found in the atom's row with their lengths checked.
------------------------------------------------------------------------- */

#ifndef LMP_RRP_RESTART_H
#define LMP_RRP_RESTART_H

#include <cstdio>
#include <string>
#include <vector>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace RRPRestart {

// "RRP" in a double: an unlikely first value of anything else
constexpr double MAGIC = 7256980.0;

// Fix::write_restart: the size, then the record (rank 0 only writes)
void write_fix(LAMMPS_NS::LAMMPS *lmp, FILE *fp, int version, const std::vector<double> &values);
// Fix::restart: the n values of the record in buf, checked (who: "Fix rrp/nve 1", as errors
// name a style)
std::vector<double> read_fix(LAMMPS_NS::LAMMPS *lmp, const char *buf, const std::string &who,
                             int version, std::size_t n);

// Pair/Bond::write_restart(_settings): the record (called on rank 0 only)
void write(FILE *fp, int version, const std::vector<double> &values);
// Pair/Bond::read_restart(_settings): the n values, read on rank 0, checked, on every rank
std::vector<double> read(LAMMPS_NS::LAMMPS *lmp, FILE *fp, const std::string &who, int version,
                         std::size_t n);

// Fix::unpack_restart: the values of this fix's per-atom record for atom `i` (the nth record of
// its row in atom->extra, after its length), and their count; the lengths of the records before
// it and of its own are checked to lie in the row, an ERROR naming the atom otherwise
const double *atom_record(LAMMPS_NS::LAMMPS *lmp, int i, int nth, const std::string &who,
                          int &count);

}    // namespace RRPRestart

#endif
