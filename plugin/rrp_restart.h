/* -*- c++ -*- ----------------------------------------------------------
   rrp-lammps: the one restart record of every style that writes one. A record is
     {RRP_MAGIC, the style's record version, the count n, n values}
   all doubles (an int is exact in a double). Written by rank 0; read back and checked in order
   (the marker, the version, the count) before any value is used, with an ERROR that names the
   style and what the file holds. A fix's global record (Fix::write_restart/restart) goes with
   its size, as LAMMPS frames it; a pair's or bond's record (write_restart/read_restart) is read
   on rank 0 and broadcast.
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

}    // namespace RRPRestart

#endif
