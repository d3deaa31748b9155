"""compute rrp/momentum: the values for a hand-computed pair of spheres, and conservation of
total linear and angular momentum (orbital plus spin) by fix rrp/nve for an isolated cluster of
spinning spheres with frictional contacts (pair granular: tangential, rolling and twisting
torques exchange spin and orbital angular momentum), all three schemes."""
import math
import os

import rrptest as t

PAIR = """
plugin load ${plugin}
units lj
atom_style sphere
boundary f f f
region box block -5 5 -5 5 -5 5
create_box 1 box
create_atoms 1 single 1.0 2.0 3.0
create_atoms 1 single -1.0 0.5 0.0
set atom 1 diameter 1.0
set atom 1 mass 2.0
set atom 2 diameter 0.5
set atom 2 mass 3.0
velocity all set 0 0 0
set atom 1 vx 0.5
set atom 1 vy -1.0
set atom 1 vz 2.0
set atom 2 vz 1.0
set atom 1 omega 0.0 1.0 -1.0
set atom 2 omega 2.0 0.0 0.0
pair_style zero 1.0
pair_coeff * *
fix 1 all rrp/nve
compute m all rrp/momentum 1
thermo_style custom step c_m[1] c_m[2] c_m[3] c_m[4] c_m[5] c_m[6] c_m[7] c_m[8]
thermo_modify format float %.17g norm no
run 0
"""

wd = t.workdir("momentum")
out = t.must_run(PAIR, wd)
line = out.splitlines()[[i for i, l in enumerate(out.splitlines()) if l.split()[:2] == ["Step", "c_m[1]"]][0] + 1]
got = [float(x) for x in line.split()[1:]]
# by hand: J = 0.4 m r^2 (inertia sphere); L = sum m x x v + J Omega
m1, m2, J1, J2 = 2.0, 3.0, 0.4 * 2.0 * 0.25, 0.4 * 3.0 * 0.0625
x1, v1, w1 = (1.0, 2.0, 3.0), (0.5, -1.0, 2.0), (0.0, 1.0, -1.0)
x2, v2, w2 = (-1.0, 0.5, 0.0), (0.0, 0.0, 1.0), (2.0, 0.0, 0.0)
cross = lambda a, b: (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
c1, c2 = cross(x1, v1), cross(x2, v2)
expected = [m1 * v1[d] + m2 * v2[d] for d in range(3)] + \
           [m1 * c1[d] + J1 * w1[d] + m2 * c2[d] + J2 * w2[d] for d in range(3)] + \
           [0.5 * (m1 * sum(c * c for c in v1) + m2 * sum(c * c for c in v2)),
            0.5 * (J1 * sum(c * c for c in w1) + J2 * sum(c * c for c in w2))]
err = max(abs(a - b) for a, b in zip(got, expected))
t.check("compute rrp/momentum equals the hand-computed values", len(got) == 8 and err < 1e-14,
        f"max deviation {err:.3g}")

# a cluster of touching spheres with frictional contacts: tangential (Mindlin), rolling and
# twisting resistance exert torques, so spin and orbital angular momentum are exchanged, and only
# their sum is conserved (the contacts are dissipative: energy is not)
CLUSTER = """
plugin load ${plugin}
units lj
atom_style sphere
boundary f f f
comm_modify vel yes
region box block -20 20 -20 20 -20 20
create_box 1 box
lattice fcc 1.4
region ball sphere 0 0 0 2.2 units box
create_atoms 1 region ball
displace_atoms all random 0.05 0.05 0.05 771 units box
set group all diameter 1.0
set group all mass 1.0
velocity all create 0.5 4928459 loop geom
variable ox atom 3.0*sin(1.3*id)
variable oy atom 3.0*cos(0.7*id)
variable oz atom 2.0*sin(0.4*id+1.0)
set group all omega v_ox v_oy v_oz
pair_style granular
pair_coeff * * hertz/material 1e4 0.3 0.3 tangential mindlin NULL 1.0 0.5 damping tsuji &
    rolling sds 1e3 1e3 0.3 twisting marshall
neighbor 0.3 bin
fix 1 all rrp/nve scheme ${scheme}
compute m all rrp/momentum
compute o all property/atom omegax omegay omegaz
compute w all reduce sum c_o[1] c_o[2] c_o[3]
fix out all ave/time 1 1 50 c_m[1] c_m[2] c_m[3] c_m[4] c_m[5] c_m[6] c_w[1] c_w[2] c_w[3] file mom.dat format " %.17g"
timestep 2e-4
run 5000
"""
J = 0.4 * 1.0 * 0.5 ** 2    # J = 0.4 m r^2 of every sphere
for scheme in ("exact", "newmark", "euler"):
    wd = t.workdir(f"momentum-{scheme}")
    t.must_run(CLUSTER, wd, variables={"scheme": scheme})
    rows = t.read_table(os.path.join(wd, "mom.dat"))
    P0, L0 = rows[0][1:4], rows[0][4:7]
    nP = max(math.sqrt(sum(c * c for c in r[1:4])) for r in rows)
    nL = math.sqrt(sum(c * c for c in L0))
    dP = max(math.sqrt(sum((r[1 + d] - P0[d]) ** 2 for d in range(3))) for r in rows)
    dL = max(math.sqrt(sum((r[4 + d] - L0[d]) ** 2 for d in range(3))) for r in rows)
    spin = [[J * c for c in r[7:10]] for r in rows]
    dS = max(math.sqrt(sum((s[d] - spin[0][d]) ** 2 for d in range(3))) for s in spin)
    t.check(f"{scheme}: linear momentum conserved over 5000 steps", len(rows) == 101 and dP < 1e-12,
            f"max |P - P0| = {dP:.3g} (|P| up to {nP:.3g})")
    t.check(f"{scheme}: frictional contacts exchange spin and orbital angular momentum",
            dS > 0.05 * nL, f"spin angular momentum changed by up to {dS:.3g}, |L0| = {nL:.3g}")
    t.check(f"{scheme}: angular momentum (orbital + spin) conserved over 5000 steps",
            dL < 1e-12 * max(nL, 1.0), f"max |L - L0| = {dL:.3g}, |L0| = {nL:.3g}")
t.finish()
