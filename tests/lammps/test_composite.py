"""Binder, contact and wall styles in LAMMPS: per-term energies add up to pe and match
compute bond/local through single(); bonded neighbours feel the contact only with
special_bonds lj/coul 1 1 1; binder rupture (break strain) releases the stored energy, the
binder stops acting and the contact between the two particles remains."""
import os

import rrptest as t

TWO = """
plugin load ${plugin}
units lj
atom_style hybrid sphere bond
boundary m m m
region box block -3 3 -3 3 -3 3
create_box 1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms 1 single -0.45 0 0
create_atoms 1 single 0.45 0 0
set group all diameter 1.0
mass 1 1.0
set group all mass 1.0
create_bonds single/bond 1 1 2
special_bonds lj/coul ${s12} 1.0 1.0
bond_style rrp/binder ${bondargs}
bond_coeff 1 10.0 200.0 200.0
pair_style rrp/hertz
pair_coeff * * 2100.0
fix 1 all rrp/nve inertia value 1.0
compute e all rrp/energy
compute m all rrp/momentum 1
compute pe all pe
variable E equal c_m[7]+c_m[8]+c_pe
variable Etot equal c_m[7]+c_m[8]+c_pe+c_e[6]
thermo_style custom step c_e[1] c_e[2] c_e[3] c_e[4] c_e[5] c_e[6] c_e[7] c_pe v_E v_Etot bonds
thermo_modify norm no format float %.17g
timestep 0.0005
"""


def thermo_tables(out):
    """The rows of each thermo table in the output, one list per run."""
    tables, on = [], False
    for line in out.splitlines():
        p = line.split()
        if p[:2] == ["Step", "c_e[1]"]:
            on = True
            tables.append([])
            continue
        if on:
            try:
                tables[-1].append([float(x) for x in p])
            except ValueError:
                on = False
    return tables


def thermo(out):
    return [r for table in thermo_tables(out) for r in table]


# contact between bonded neighbours: overlapping pair (r = 0.9 < 1.0) with special 1 and 0
for s12, expect in (("1.0", True), ("0.0", False)):
    wd = t.workdir("composite")
    rows = thermo(t.must_run(TWO + "run 0\n", wd, variables={"s12": s12, "bondargs": "shear convected"}))
    upp = rows[0][4]
    t.check(f"special_bonds lj/coul {s12}: bonded neighbours {'feel' if expect else 'do not feel'} the contact",
            (upp > 0.0) == expect, f"U_pp = {upp:.6g}")

# rupture: pull the pair apart until the axial strain passes 0.05, then push it back together
script = TWO + """
velocity all set 0 0 0
set atom 1 vx -1.0
set atom 2 vx 1.0
set atom 1 omega 0 0 3.0
thermo 1
run 200
set atom 1 vx 1.0
set atom 2 vx -1.0
run 300
write_data after.data
write_restart after.restart
""" 
wd = t.workdir("composite-break")
out = t.must_run(script, wd, variables={"s12": "1.0", "bondargs": "break strain 0.05"})
rows = thermo(out)
broken = rows[-1][7]
released = rows[-1][6]
before = [r for r in rows if r[7] == 0.0]
after = [r for r in rows if r[7] > 0.0]
t.check("the binder ruptures once", broken == 1.0 and before and after, f"{broken:g} ruptured")
bond_after = max(r[1] + r[2] + r[3] for r in after)
t.check("a ruptured binder stops acting", bond_after == 0.0, f"binder energy after rupture {bond_after:g}")
# thermo every step: the binder energy of the three steps before the rupture, extrapolated one
# step, is what it held at the breaking step, where it is released
e1, e2, e3 = (before[-k][1] + before[-k][2] + before[-k][3] for k in (1, 2, 3))
at_break = 3.0 * e1 - 3.0 * e2 + e3    # quadratic through the last three steps
t.check("its stored energy at the breaking step is reported as released",
        released > 0.0 and abs(released - at_break) < 1e-3 * released and abs(e1 - e2) > 1e-3 * released,
        f"released {released:.8g}, binder energy extrapolated to the breaking step {at_break:.8g} "
        f"(steps before: {e3:.8g}, {e2:.8g}, {e1:.8g})")
# the ruptured binder leaves the bond lists: the bonds count falls, write_data and restart agree
with open(os.path.join(wd, "after.data")) as fh:
    data = fh.read()
nb_data = int(next(l.split()[0] for l in data.splitlines() if l.strip().endswith(" bonds")))
rc, reread = t.run_lammps("plugin load ${plugin}\nread_restart after.restart\nfix 1 all rrp/nve inertia value 1.0\n"
                          "thermo_style custom step bonds\nrun 10\nprint \"BONDS $(bonds)\"\n", wd)
nb_restart = next((l.split()[1] for l in reread.splitlines() if l.startswith("BONDS")), "none")
t.check("after the rupture the bonds count is 0 in thermo, write_data and a restart",
        before[0][11] == 1.0 and rows[-1][11] == 0.0 and nb_data == 0 and "Bonds" not in data
        and nb_restart == "0", f"thermo {before[0][11]:g} -> {rows[-1][11]:g}, data file {nb_data}, "
        f"restart {nb_restart}")
contact = max(r[4] for r in after)
t.check("contact between the two particles remains", contact > 0.0, f"U_pp up to {contact:.4g} after rupture")
first = thermo_tables(out)[0]   # before the velocities are reset
# time-step error O(h^2) of the stiff overlapping start aside, the released energy accounts for
# what the binder held: without it the total drops by its share
drift = max(abs(r[10] - first[0][10]) for r in first) / abs(first[0][10])
loss = abs(first[-1][9] - first[0][9]) / abs(first[0][9])
t.check("kinetic + potential + released energy is conserved through the rupture",
        first[-1][7] == 1.0 and drift < 0.2 * loss, f"max relative change {drift:.3g}, "
        f"without the released energy {loss:.3g}")
# a half-turn: the binder's torsion/bending term uses the principal log, whose torque turns over
# at a relative rotation of pi. Spin one sphere about the bond axis hard enough to pass it.
TWIST = TWO + """
velocity all set 0 0 0
set atom 1 omega 16.0 0 0
thermo 1
run 2000
"""
wd = t.workdir("composite-twist")
out = t.must_run(TWIST, wd, variables={"s12": "1.0", "bondargs": "shear convected"})
warn = next((l for l in out.splitlines() if "WARNING" in l and "turned by" in l), "")
t.check("without break twist, a binder passing 0.9 pi is warned about (once)",
        warn != "" and "set a rupture angle with break twist THETA" in warn
        and sum("turned by" in l for l in out.splitlines()) == 1, warn)
wd = t.workdir("composite-twist")
out = t.must_run(TWIST, wd, variables={"s12": "1.0", "bondargs": "break twist 2.5"})
rows = thermo(out)
first_broken = next(r for r in rows if r[7] == 1.0)
before = [r for r in rows if r[7] == 0.0]
t.check("break twist 2.5: the binder ruptures when its relative rotation passes 2.5 rad",
        rows[-1][7] == 1.0 and "turned by" not in out and 0.5 * 10.0 * 2.5 ** 2 <= first_broken[6] < 0.5 * 10.0 * 2.6 ** 2
        and before and max(r[1] for r in before) < 0.5 * 10.0 * 2.5 ** 2,
        f"released {first_broken[6]:.6g} (Km/2 2.5^2 = {0.5 * 10.0 * 2.5 ** 2:.6g}), "
        f"largest U^m before {max(r[1] for r in before):.6g}")
rc, out = t.run_lammps(TWO + "run 0\n", t.workdir("composite"), variables={"s12": "1.0", "bondargs": "break twist 3.2"})
t.check("break twist must be below pi", rc != 0 and "break twist 3.2 must be an angle in radians between 0 and pi" in out,
        next((l for l in out.splitlines() if "ERROR" in l), "no ERROR"))
t.check("the settings reject special_bonds 0 with break",
        "requires special_bonds lj/coul 1.0" in t.run_lammps(TWO + "run 0\n", t.workdir("composite"),
                                                            variables={"s12": "0.0", "bondargs": "break strain 0.05"})[1])

# per-term energies of a deformed torus add up to pe, and compute bond/local (single()) agrees
TORUS = os.path.join(t.EXAMPLES, "torus")
wd = t.workdir("composite-torus")
import subprocess, sys  # noqa: E401,E402
subprocess.run([sys.executable, os.path.join(TORUS, "make_torus.py"), "--out", os.path.join(wd, "data.torus")],
               check=True, stdout=subprocess.DEVNULL)
with open(os.path.join(TORUS, "in.torus")) as fh:
    text = fh.read()
text = text.replace("run             ${nsteps}", """run             ${nsteps}
compute         bl all bond/local engpot b1 b2 b3
compute         sbl all reduce sum c_bl[1] c_bl[2] c_bl[3] c_bl[4] inputs local
thermo_style    custom step c_e[1] c_e[2] c_e[3] c_e[4] c_e[5] c_pe c_sbl[1] c_sbl[2] c_sbl[3] c_sbl[4]
thermo_modify   norm no format float %.17g
run             0""")
with open(os.path.join(wd, "in.bl"), "w") as fh:
    fh.write(text)
out = t.must_run(None, wd, input_file=os.path.join(wd, "in.bl"),
                 variables={"data": "data.torus", "tend": 0.3, "every": 100, "dumpevery": 0})
r = thermo(out)[-1]
terms, pe, bl = r[1:6], r[6], r[7:11]
t.check("the five energy terms add up to pe", abs(sum(terms) - pe) < 1e-12 * abs(pe),
        f"sum {sum(terms):.12g}, pe {pe:.12g}")
t.check("compute bond/local (single) gives the binder energy and its three terms",
        abs(bl[0] - sum(terms[:3])) < 1e-12 * abs(bl[0]) and all(abs(bl[1 + k] - terms[k]) < 1e-12 * max(abs(terms[k]), 1e-300) for k in range(3)),
        f"bond/local {bl[0]:.12g} ({bl[1]:.6g}, {bl[2]:.6g}, {bl[3]:.6g}), rrp/energy "
        f"{sum(terms[:3]):.12g} ({terms[0]:.6g}, {terms[1]:.6g}, {terms[2]:.6g})")
t.finish()
