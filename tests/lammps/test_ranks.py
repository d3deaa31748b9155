"""The composite example on 1, 2, 4 and 8 MPI ranks (oversubscribed), the box split along x and y
as well as z: the compression agrees before the first break to round-off growth; a restart
written on 8 ranks continues on 3; comm_style tiled with fix balance rcb leaves the results
unchanged to round-off; the example's outputs and plots are made (examples/composite, read with
rrp/read_data)."""
import os
import subprocess
import sys

import rrptest as t

PACK = os.path.join(t.EXAMPLES, "composite", "in.pack")
COMPRESS = os.path.join(t.EXAMPLES, "composite", "in.compress")
PLOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "plot_composite.py")

wd = t.workdir("ranks")
out = t.must_run(None, wd, input_file=PACK, variables={"n": 1000, "data": "data.composite"})
pack = next(l for l in out.splitlines() if l.startswith("PACK")).split()
bpa = float(pack[pack.index("binders_per_atom") + 1])
t.check("in.pack: a bonded packing with about 6 binders per sphere, turned", 5.5 < bpa < 6.5
        and float(pack[pack.index("max_1-qw") + 1]) > 0.5, " ".join(pack))

# before the first break: strain 0.008
SHORT = {"data": "data.composite", "emax": 0.008, "every": 20, "dumpevery": 10000}


def compress(np, grid="* * *", balance=0, tag="c"):
    variables = dict(SHORT, grid=grid, balance=balance, out=f"{tag}.dat", breaks=f"{tag}.breaks",
                     dump=f"{tag}.dump", final=f"{tag}.final")
    rc, out = t.run_lammps(None, wd, np=np, input_file=COMPRESS, variables=variables)
    return rc, out


def last_frame(path):
    frames = open(path).read().split("ITEM: TIMESTEP")
    lines = frames[-1].splitlines()
    start = next(k for k, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
    return {int(l.split()[0]): [float(v) for v in l.split()[3:10]] for l in lines[start + 1:] if l.strip()}


def rows(path):
    return [[float(v) for v in l.split()] for l in open(path) if not l.startswith("#")]


rc, out = compress(1, tag="np1")
ref, ref_rows = last_frame(os.path.join(wd, "np1.final")), rows(os.path.join(wd, "np1.dat"))
t.check("1 rank: compressed to strain 0.008 without a break", rc == 0 and ref_rows[-1][13:17] == [0, 0, 0, 0]
        and ref_rows[-1][3] > 0.0, f"stress {ref_rows[-1][3] if rc == 0 else out[-500:]}")


def compare(tag):
    b, r = last_frame(os.path.join(wd, f"{tag}.final")), rows(os.path.join(wd, f"{tag}.dat"))
    dx = max(abs(p - q) for i in ref for p, q in zip(ref[i][:3], b[i][:3]))
    dq = max(abs(p - q) for i in ref for p, q in zip(ref[i][3:], b[i][3:]))
    ds = max(abs(p[3] - q[3]) for p, q in zip(ref_rows, r))
    return dx, dq, ds, len(b) == len(ref)


for np, grid in ((2, "* * *"), (2, "1 2 1"), (4, "2 2 1"), (4, "1 1 4"), (8, "2 2 2"), (8, "4 2 1")):
    tag = f"np{np}-{grid.replace(' ', '').replace('*', 'a')}"
    rc, out = compress(np, grid, tag=tag)
    if rc != 0:
        t.check(f"{np} ranks, processors {grid}", False, out[-800:])
        continue
    dx, dq, ds, same = compare(tag)
    t.check(f"{np} ranks, processors {grid}: the same compression to round-off growth",
            same and dx < 1e-9 and dq < 1e-9 and ds < 1e-9,
            f"largest difference: positions {dx:.2g}, orientations {dq:.2g}, stress {ds:.2g}")

rc, out = compress(4, balance=1, tag="tiled")
if rc == 0:
    dx, dq, ds, same = compare("tiled")
    t.check("4 ranks, comm_style tiled with fix balance rcb: the same to round-off growth",
            "rcb" in open(COMPRESS).read() and same and dx < 1e-9 and dq < 1e-9 and ds < 1e-9,
            f"largest difference: positions {dx:.2g}, orientations {dq:.2g}, stress {ds:.2g}")
else:
    t.check("4 ranks, comm_style tiled with fix balance rcb", False, out[-800:])

# a restart written on 8 ranks continues on 3 (split along x): the compression's first half on 8 ranks, a
# restart file, the second half on 3 ranks (the walls made again from the positions the first
# run printed) against the whole on 8
with open(COMPRESS) as fh:
    text = fh.read()
first = text.replace("run             ${nsteps}", "run             $(floor(v_nsteps/2))\nwrite_restart   half.restart\n"
                     "run             $(v_nsteps-floor(v_nsteps/2))")
with open(os.path.join(wd, "in.first"), "w") as fh:
    fh.write(first)
rc1, out1 = t.run_lammps(None, wd, np=8, input_file=os.path.join(wd, "in.first"),
                         variables=dict(SHORT, out="whole.dat", breaks="whole.breaks", dump="whole.dump",
                                        final="whole.final"))
SECOND = """plugin load ${plugin}
processors      3 1 1
read_restart    half.restart
special_bonds   lj/coul 1.0 1.0 1.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
comm_modify     cutoff 2.5
variable        travel equal ${rate}*((time-${t0})-${ramp}*(1.0-exp(-(time-${t0})/${ramp})))
variable        zlo equal ${z0}+v_travel
variable        zhi equal ${z1}-v_travel
fix             integrate all rrp/nve
fix             wlo all rrp/wall zlo v_zlo 2100.0
fix             whi all rrp/wall zhi v_zhi 2100.0
fix_modify      wlo energy yes virial yes
fix_modify      whi energy yes virial yes
fix             damp all rrp/damping viscous 0.5 0.05
compute         o all rrp/atom
timestep        0.005
run             ${n2}
write_dump      all custom second.dump id type radius x y z c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g
"""
if rc1 == 0:
    walls = next(l.split() for l in out1.splitlines() if l.startswith("WALLS"))
    comp = next(l.split() for l in out1.splitlines() if l.startswith("compression:"))
    nsteps = int(comp[comp.index("steps") - 1])
    variables = {walls[k]: walls[k + 1] for k in range(1, len(walls), 2)}
    variables["n2"] = nsteps - nsteps // 2
    rc2, out2 = t.run_lammps(SECOND, wd, np=3, variables=variables)
    if rc2 == 0:
        a = last_frame(os.path.join(wd, "whole.final"))
        lines = open(os.path.join(wd, "second.dump")).read().splitlines()
        start = next(k for k, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
        b = {int(l.split()[0]): [float(v) for v in l.split()[3:10]] for l in lines[start + 1:] if l.strip()}
        dx = max(abs(p - q) for i in a for p, q in zip(a[i], b[i]))
        t.check("a restart written on 8 ranks continues on 3", len(a) == len(b) and dx < 1e-9,
                f"largest difference of positions and orientations against the run on 8 ranks: {dx:.2g}")
    else:
        t.check("a restart written on 8 ranks continues on 3", False, out2[-800:])
else:
    t.check("the compression on 8 ranks with a restart half way", False, out1[-800:])

# the whole example, short, and its plots
rc, out = t.run_lammps(None, wd, input_file=COMPRESS, np=2, variables={"data": "data.composite", "emax": 0.06})
line = next((l for l in out.splitlines() if l.startswith("COMPRESS")), "")
p = subprocess.run([sys.executable, PLOT, wd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
pngs = [f for f in ("composite-stress-strain.png", "composite-energy.png", "composite-damage.png")
        if os.path.exists(os.path.join(wd, f)) and os.path.getsize(os.path.join(wd, f)) > 10000]
w = line.split()
broken = float(w[w.index("broken") + 1]) if w else 0
t.check("the compression breaks binders and the plots are drawn", rc == 0 and broken > 10 and p.returncode == 0
        and len(pngs) == 3, f"{line}; {p.stdout.strip()}")
dump = open(os.path.join(wd, "compress.dump")).read()
t.check("the dump names the orientation columns OVITO reads", "quatw quati quatj quatk" in dump)
t.finish()
