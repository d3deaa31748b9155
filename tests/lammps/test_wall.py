"""fix rrp/wall tallies its virial as LAMMPS's wall fixes do (fix_modify virial yes; no by
default): the pressure of a sphere pressed into the wall equals the one LAMMPS's own fix
wall/table gives with the same Hertz law tabulated, U(s) = 2/5 K (1 - s/R)^{5/2}."""
import os

import rrptest as t

K, R, S = 2100.0, 0.5, 0.4    # stiffness, radius, centre 0.1 inside the wall's reach
N = 2000
wd = t.workdir("wall")
with open(os.path.join(wd, "hertz.table"), "w") as fh:
    fh.write("# U = 2/5 K (1 - s/R)^(5/2), F = K/R (1 - s/R)^(3/2) (rrp_hertz_wall)\n\nHERTZ\nN %d\n\n" % N)
    for k in range(N):
        s = R * (k + 1) / N
        g = max(0.0, 1.0 - s / R)
        fh.write(f"{k + 1} {s:.17g} {0.4 * K * g ** 2.5:.17g} {K / R * g ** 1.5:.17g}\n")

BASE = """
plugin load ${{plugin}}
units           lj
atom_style      sphere
boundary        f p p
region          box block -1 3 -2 2 -2 2
create_box      1 box
create_atoms    1 single {x} 0 0
set             group all diameter {d}
set             group all density 1.0
{wall}
{modify}
compute         p all pressure NULL virial
thermo_style    custom step c_p[1] f_w
thermo_modify   format float %.17g
run             0
print           "PXX $(c_p[1]:%.17g) E $(f_w:%.17g)"
"""
WALLS = {"rrp/wall": f"fix w all rrp/wall xlo 0.0 {K}",
         "wall/table": f"fix w all wall/table spline {N} xlo 0.0 hertz.table HERTZ {R}"}
got = {}
for name, wall in WALLS.items():
    for modify in ("fix_modify w virial yes energy yes", "fix_modify w energy yes"):
        out = t.must_run(BASE.format(x=S, d=2 * R, wall=wall, modify=modify), wd)
        line = next(l for l in out.splitlines() if l.startswith("PXX"))
        got[(name, "virial" in modify)] = (float(line.split()[1]), float(line.split()[3]))
ours, ref = got[("rrp/wall", True)], got[("wall/table", True)]
t.check("fix rrp/wall virial: pressure xx equals fix wall/table's with the same Hertz law",
        ref[0] > 0.0 and abs(ours[0] - ref[0]) < 1e-6 * ref[0],
        f"rrp/wall {ours[0]:.12g}, wall/table {ref[0]:.12g} (energies {ours[1]:.10g}, {ref[1]:.10g})")
t.check("without fix_modify virial yes neither wall adds to the pressure (LAMMPS's default)",
        got[("rrp/wall", False)][0] == 0.0 and got[("wall/table", False)][0] == 0.0,
        f"{got[('rrp/wall', False)][0]}, {got[('wall/table', False)][0]}")
t.finish()
