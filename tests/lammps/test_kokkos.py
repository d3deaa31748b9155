"""The KOKKOS twins (rrpkkplugin.so) in a LAMMPS built with KOKKOS (scripts/lammps-kokkos.sh,
OpenMP backend, Kokkos's DualView modify check on: a kernel that forgets a sync or marks both
sides modified stops the run). Each /kk style must give its host style's trajectory: the same
input run with the host styles (the KOKKOS lmp without -k) and with -k on -sf kk on 1 and 2
threads and on 2 MPI ranks, compared after 1,000 steps (positions, velocities, spins and
orientations to 1e-12 relative); host styles that read the orientations (fix rrp/gravity, compute
rrp/atom, the dump) run beside the /kk fix, so the store's view is synced both ways every step.
Restart and data files written under KOKKOS continue without it (also in the plain LAMMPS built
without KOKKOS), and the other way round. The /kk styles keep their /kk names (info fixes, the
log), each is registered from its own file, and bond_style rrp/binder/kk/device is refused.
Viscoelastic binders (the fused block kernel of shear linear, elastic and viscous types in the
same blocks) under bond_style rrp/binder/kk give the host style's run bitwise on 1 and 2
threads."""
import os
import re
import subprocess

import rrptest as t

LMP_KK = os.environ["RRP_LMP_KOKKOS"]
PLUGIN_KK = os.environ["RRP_KK_PLUGIN"]
GPU = os.environ.get("RRP_KOKKOS_DEVICE", "threads") == "gpu"    # (scripts/kokkos-cuda.sh)
COLS = "id x y z vx vy vz omegax omegay omegaz c_o[4] c_o[5] c_o[6] c_o[7] fx fy fz"

# a dense gas of rotating spheres in Hertzian contact (pair rrp/hertz), a lever-arm field that
# reads each sphere's orientation (fix rrp/gravity); positions set from the lattice, velocities,
# spins and orientations from positions (not IDs: create_atoms numbers atoms rank by rank; and
# not velocity create, whose temperature sum -sf kk makes on threads, in another order)
GAS = """
plugin load ${plugin}
variable mode index full
variable hostpair index no
if "${mode} == read" then "read_restart ${restart}" elif "${mode} == data" &
  "atom_style sphere" "pair_style rrp/hertz" "rrp/read_data ${data}" else &
  "units lj" &
  "atom_style sphere" &
  "boundary p p p" &
  "region box block 0 8 0 8 0 8" &
  "create_box 1 box" &
  "lattice sc 1.0" &
  "create_atoms 1 region box" &
  "displace_atoms all random 0.08 0.08 0.08 87287 units box" &
  "set group all diameter 1.05" &
  "set group all density 1.9" &
  "variable vx atom 1.4*sin(2.1*y+0.3*z)" &
  "variable vy atom 1.4*cos(1.7*z+0.5*x)" &
  "variable vz atom 1.4*sin(0.9*x+1.1*y+0.4)" &
  "set group all vx v_vx vy v_vy vz v_vz" &
  "variable ox atom 3.0*sin(1.3*x+0.2*y)" &
  "variable oy atom 3.0*cos(0.7*y+0.3*z)" &
  "variable oz atom 2.0*sin(0.4*z+1.0)" &
  "set group all omega v_ox v_oy v_oz"
comm_modify     vel yes
# (KOKKOS sorts atoms by its own rule: off, so that the atom order, hence the order of the
# neighbor lists, is the host run's, and restarts continue bitwise)
variable sort index 0
atom_modify     sort ${sort} 0.0
# hostpair yes: the host pair style in a KOKKOS run (its forces bitwise the host run's)
if "${hostpair} == yes" then "suffix off"
pair_style      rrp/hertz
if "${hostpair} == yes" then "suffix on"
pair_coeff      * * 2100.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
variable        ax atom 0.5*sin(x)
variable        ay atom 0.5*cos(2.0*y)
variable        az atom 0.3+0.1*z
# (the initial orientations: read back from restart and data files in those modes)
if "${mode} == read || ${mode} == data" then "fix 1 all rrp/nve ${scheme}" &
  else "fix 1 all rrp/nve ${scheme} alpha v_ax v_ay v_az"
# kernel atom (KOKKOS runs only): the per-atom kernel of a GPU, in place of the core's loops on
# chunks of atoms that backends with the host's memory run
variable kernel index chunk
if "${kernel} == atom" then "fix_modify 1 kernel atom"
fix             2 all rrp/gravity 0.0 0.0 -2.0 0.25 0.0 0.0
compute         o all rrp/atom 1
timestep        0.002
thermo          500
if "${mode} == write" then "run ${nsteps}" "write_restart ${restart}" "write_data ${data}" "quit"
if "${mode} == twice" then "run ${nsteps}"
run             ${nsteps}
write_dump      all custom ${dump} %s modify sort id format float %%.17g
""" % COLS


def lmp_kk(args, wd, kk, threads=1, np=1, pk=(), env=None):
    """Run the KOKKOS lmp with args in wd: kk False runs the host styles (no -k), else -k on with
    threads (or the GPU) -sf kk and -pk kokkos pk; np MPI ranks. LAMMPS failing is an exception
    (its last lines printed); returns its output."""
    cmd = [LMP_KK] + list(args) + ["-log", "none", "-echo", "none", "-nocite"]
    if kk:
        cmd += ["-k", "on"] + (["g", "1"] if GPU else ["t", str(threads)]) + ["-sf", "kk"]
        if pk:
            cmd += ["-pk", "kokkos"] + list(pk)
    if np > 1:
        cmd = [t.MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np", str(np)] + cmd
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS=str(threads), **(env or {}))
    env.pop("LD_LIBRARY_PATH", None)    # (the plain LAMMPS's library: the KOKKOS lmp has its own)
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=900, stdin=subprocess.DEVNULL, env=env)
    if p.returncode != 0 or "ERROR" in p.stdout:
        print(p.stdout[-3000:])
        raise RuntimeError(f"LAMMPS failed (exit {p.returncode}) in {wd}")
    return p.stdout


def run(wd, kk, np=1, threads=1, pk=(), **var):
    """The gas in the KOKKOS lmp (lmp_kk), its variables var over the defaults."""
    variables = {"mode": "full", "nsteps": 1000, "scheme": "scheme exact", "dump": "end.dump"}
    variables.update(var)
    with open(os.path.join(wd, "in.gas"), "w") as fh:
        fh.write(GAS)
    args = ["-in", "in.gas", "-var", "plugin", PLUGIN_KK]
    for k, v in variables.items():
        args += ["-var", k, str(v)]
    return lmp_kk(args, wd, kk, threads, np, pk)


def max_rel(a, b):
    """The largest difference of two dumps' values, over the scale of each column."""
    worst = 0.0
    ids = sorted(a)
    ncol = len(a[ids[0]])
    for c in range(ncol):
        scale = max(abs(a[i][c]) for i in ids) or 1.0
        worst = max(worst, max(abs(a[i][c] - b[i][c]) for i in ids) / scale)
    return worst


def dump(wd, name="end.dump"):
    return t.read_dump(os.path.join(wd, name))


# 1. fix rrp/nve/kk beside the host pair style (suffix off): the same forces, so the kernels'
#    trajectory must be the host fix's, on 1 and 2 threads and 2 MPI ranks, for each map
host = {}
for scheme in ("exact", "newmark", "euler"):
    arg = f"scheme {scheme}"
    for np in (1, 2):
        wd = t.workdir(f"kk-host-{scheme}-np{np}")
        run(wd, False, np=np, scheme=arg)
        host[scheme, np] = dump(wd)
    ref = host[scheme, 1]
    for label, np, threads, kernel in (("1 thread", 1, 1, "chunk"), ("2 threads", 1, 2, "chunk"),
                                       ("2 ranks", 2, 1, "chunk"), ("1 thread, per-atom kernel", 1, 1, "atom"),
                                       ("2 threads, per-atom kernel", 1, 2, "atom")):
        wd = t.workdir(f"kk-{scheme}-{label.replace(' ', '').replace(',', '')}")
        out = run(wd, True, np=np, threads=threads, scheme=arg, hostpair="yes", kernel=kernel)
        got = dump(wd)
        err = max_rel(host[scheme, np], got)
        t.check(f"{scheme}, {label}: fix rrp/nve/kk gives fix rrp/nve's x, v, omega, orientations "
                f"and forces after 1,000 steps", len(got) == len(ref) == 512 and err <= 1e-12,
                f"{len(got)} atoms, max relative difference {err:.2g}")
        said = [l for l in out.splitlines() if l.startswith("Fix rrp/nve/kk 1:")]
        t.check(f"{scheme}, {label}: -sf kk picks fix rrp/nve/kk, which says so once",
                len(said) == 1 and "Kokkos kernels" in said[0], " | ".join(said))
    turned = sum(1 for v in ref.values() if abs(v[9]) < 1.0 - 1e-6)
    t.check(f"{scheme}: the spheres turned (the comparison covers orientations that move)",
            turned > 400, f"{turned} of {len(ref)}")

# 2. pair rrp/hertz/kk as well (all /kk): with a half list on 1 thread it sums each atom's force
#    in the host style's order, so the run is the host run's; on 2 MPI ranks likewise
for label, np in (("1 thread", 1), ("2 ranks", 2)):
    wd = t.workdir(f"kk-pair-np{np}")
    run(wd, True, np=np)
    err = max_rel(host["exact", np], dump(wd))
    t.check(f"pair rrp/hertz/kk and fix rrp/nve/kk, {label}: the host styles' run after 1,000 steps",
            err <= 1e-12, f"max relative difference {err:.2g}")
# on 2 threads (half/thread) the forces are summed in the host style's order too (the list cut
# into one run a thread, the later runs' forces on atoms an earlier run touches added after, in
# order), so the run is the host run's as long as KOKKOS's neighbor list is the host's (its
# binning on threads may order the atoms of a bin otherwise: round-off); with full lists the
# forces are the host's to round-off; the gas is chaotic, so such a trajectory only stays near
# the host's: the forces of the first step to 1e-12, the trajectory after 1,000 steps bounded
step0 = t.workdir("kk-host-step0")
run(step0, False, nsteps=0)
f0 = {i: v[-3:] for i, v in dump(step0).items()}
FULL = ("neigh", "full", "newton", "off")
for label, threads, pk in (("2 threads, half/thread list", 2, ()), ("1 thread, full list", 1, FULL),
                           ("2 threads, full list", 2, FULL),
                           ("2 threads, half/thread list, newton off", 2, ("newton", "off"))):
    wd = t.workdir("kk-pair-step0")
    run(wd, True, threads=threads, pk=pk, nsteps=0)
    err = max_rel(f0, {i: v[-3:] for i, v in dump(wd).items()})
    t.check(f"pair rrp/hertz/kk, {label}: the forces of the first step are the host's to round-off",
            err <= 1e-12, f"max relative difference {err:.2g}")
    wd = t.workdir("kk-pair-run")
    run(wd, True, threads=threads, pk=pk)
    err = max_rel(host["exact", 1], dump(wd))
    t.check(f"pair rrp/hertz/kk, {label}: after 1,000 steps of the chaotic gas the run stays near "
            f"the host's (round-off grown, no error)", err <= 1e-5, f"max relative difference {err:.2g}")

# 3. KOKKOS sorts the atoms on the device and moves their orientations with them: sorted every
#    10 steps, the run is the unsorted host run's to round-off (the pair sums' order changes with
#    the atoms' order); an orientation left behind would differ by its whole size
for np in (1, 2):
    ref_wd = t.workdir("kk-sort-host")
    run(ref_wd, False, np=np, nsteps=200)
    wd = t.workdir("kk-sort")
    run(wd, True, np=np, nsteps=200, sort=10)
    err = max_rel(dump(ref_wd), dump(wd))
    t.check(f"atoms sorted on the device every 10 steps ({np} rank(s)): the orientations move with "
            f"their atoms (200 steps, round-off only)", err <= 1e-9, f"max relative difference {err:.2g}")

# 4. the torus of examples/torus (80 spheres, binders, contacts, the wall) under -sf kk: fix
#    rrp/nve/kk, pair rrp/hertz/kk, fix rrp/wall/kk beside the host bond_style rrp/binder, which
#    reads the orientations (ghost rows too) every step: 1,000 steps through the impact
def torus(wd, kk, threads=1, np=1):
    data = os.path.join(wd, "data.torus")
    if not os.path.exists(data):
        t.rrplmp.make_torus(data)
    out = lmp_kk(["-in", os.path.join(t.EXAMPLES, "torus", "in.torus"), "-var", "plugin", PLUGIN_KK,
                  "-var", "data", data, "-var", "scheme", "exact", "-var", "tend", "1.0", "-var", "every",
                  "10", "-var", "out", "torus.dat", "-var", "dump", "torus.dump", "-var", "dumpevery",
                  "1000"], wd, kk, threads, np)
    return dump(wd, "torus.dump"), t.read_table(os.path.join(wd, "torus.dat")), out


host_torus, host_energy, _ = torus(t.workdir("kk-torus-host"), False)
wall_energy = max(abs(r[8]) for r in host_energy)
t.check("torus: the impact is within the 1,000 steps (wall energy)", wall_energy > 1e-3,
        f"max U_pw {wall_energy:.3g}")
# (4 threads on 2 cores: runs that meet more often; sums still in the host's order)
for label, threads, np in (("1 thread", 1, 1), ("2 threads", 2, 1), ("4 threads", 4, 1), ("2 ranks", 1, 2)):
    got, energy, out = torus(t.workdir("kk-torus"), True, threads=threads, np=np)
    ref = host_torus if np == 1 else torus(t.workdir("kk-torus-host2"), False, np=2)[0]
    err = max_rel(ref, got)
    t.check(f"torus, {label}: the /kk styles give the host styles' positions and orientations after "
            f"1,000 steps (through the impact)", len(got) == 80 and err <= 1e-12,
            f"max relative difference {err:.2g}")
    t.check(f"torus, {label}: -sf kk picks fix rrp/nve/kk, pair rrp/hertz/kk and bond rrp/binder/kk",
            "Fix rrp/nve/kk integrate:" in out and "pair rrp/hertz/kk" in out
            and f"Bond style rrp/binder/kk: binders on {threads} threads" in out,
            " | ".join(l for l in out.splitlines() if "/kk" in l))
    # each column over its largest value, or 1 (energies and momenta of order 1 to 100; a
    # momentum component that stays at round-off is compared absolutely)
    eerr = max(max(abs(ra[c] - rb[c]) for ra, rb in zip(host_energy, energy)) /
               max(max(abs(r[c]) for r in host_energy), 1.0) for c in range(len(host_energy[0])))
    # (on 2 threads too: the forces and torques are summed in the host's order; the energies,
    # sums over the pairs and the wall, in another, to round-off)
    tol = 1e-12
    if np == 1:
        t.check(f"torus, {label}: every energy term every 10 steps as the host's (wall included)",
                len(energy) == len(host_energy) and eerr <= tol,
                f"max relative difference {eerr:.2g} (bound {tol:g})")

# 5. the composite of examples/composite: a packed sample of 400 spheres compressed between two
#    walls until about 100 binders break (887 steps; fix rrp/damping, without a twin, beside the
#    /kk styles): the breaks (which binder, when, by which mode, the energy released) and the
#    final state as the host styles'
comp = t.workdir("kk-composite")
subprocess.run([t.LMP, "-in", os.path.join(t.EXAMPLES, "composite", "in.pack"), "-log", "none", "-echo",
                "none", "-screen", "none", "-var", "plugin", t.PLUGIN, "-var", "n", "400", "-var", "data",
                "data.composite"], cwd=comp, check=True, stdin=subprocess.DEVNULL)


def compress(name, kk, threads=1, np=1):
    lmp_kk(["-in", os.path.join(t.EXAMPLES, "composite", "in.compress"), "-var", "plugin", PLUGIN_KK,
            "-var", "data", "data.composite", "-var", "rate", "0.05", "-var", "ramp", "0.2", "-var", "emax",
            "0.06", "-var", "out", f"{name}.dat", "-var", "breaks", f"{name}.brk", "-var", "dump",
            f"{name}.dump", "-var", "final", f"{name}.final", "-var", "dumpevery", "100000"],
           comp, kk, threads, np)
    with open(os.path.join(comp, f"{name}.brk")) as fh:
        breaks = sorted(tuple(l.split()[:3]) + (l.split()[6],) for l in fh
                        if l.strip() and not l.startswith("ITEM") and len(l.split()) == 8)
    return dump(comp, f"{name}.final"), breaks


host_c = {np: compress(f"host{np}", False, np=np) for np in (1, 2)}
t.check("composite: binders break within the run", len(host_c[1][1]) > 50, f"{len(host_c[1][1])} breaks")
for label, threads, np in (("1 thread", 1, 1), ("2 threads", 2, 1), ("4 threads", 4, 1), ("2 ranks", 1, 2)):
    final, breaks = compress(f"kk{threads}{np}", True, threads=threads, np=np)
    ref_final, ref_breaks = host_c[np]
    err = max_rel(ref_final, final)
    t.check(f"composite, {label}: the same binders break at the same steps by the same modes as "
            f"with the host styles, the final state to 1e-12", breaks == ref_breaks and err <= 1e-12,
            f"{len(breaks)} breaks ({len(ref_breaks)} on the host), final state max relative "
            f"difference {err:.2g}")

# 6. LAMMPS's own granular example examples/granular/in.tableting.200 (pair granular, fix
#    wall/gran/region, fix gravity: LAMMPS's /kk twin of fix gravity under -sf kk), with its
#    integrator swapped to fix rrp/nve and its first run cut to 1,000 steps
TAB_DUMP = ("write_dump all custom end.dump id x y z vx vy vz omegax omegay omegaz d2_rrp_quat[1] "
            "d2_rrp_quat[2] d2_rrp_quat[3] d2_rrp_quat[4] modify sort id format float %.17g\nquit")
tab = {}
for label, kk, threads, np in (("host", False, 1, 1), ("1 thread", True, 1, 1), ("2 threads", True, 2, 1),
                               ("host 2 ranks", False, 1, 2), ("2 ranks", True, 1, 2)):
    wd = t.workdir("kk-tableting")
    path = t.lammps_example("granular/in.tableting.200", [
        ("fix 1 all nve/sphere", "fix 1 all rrp/nve"),
        ("run ${settling_steps}", "run 1000\n" + TAB_DUMP)], wd, extra_files=("spheres200.data",))
    lmp_kk(["-in", path], wd, kk, threads, np,
           env={"LAMMPS_PLUGIN_PATH": os.path.dirname(os.path.abspath(PLUGIN_KK))})
    tab[label] = dump(wd)
    if kk:
        ref = tab["host 2 ranks" if np > 1 else "host"]
        err = max_rel(ref, tab[label])
        t.check(f"LAMMPS's in.tableting.200 with fix rrp/nve, {label} under -sf kk: the host run's "
                f"x, v, omega and orientations after 1,000 steps", len(ref) == 200 and err <= 1e-12,
                f"{len(tab[label])} atoms, max relative difference {err:.2g}")

# restart and data files interchange: 500 steps under one, written, 500 more under the other,
# against the run that makes the same two runs of 500 steps without writing and reading (a run
# builds its neighbor lists anew at its start: their order is part of the round-off)
full_wd = t.workdir("kk-full")
run(full_wd, False, mode="twice", nsteps=500)
full = t.read_dump(os.path.join(full_wd, "end.dump"))
for first, second in ((True, False), (False, True), (False, False)):
    wd = t.workdir("kk-restart")
    run(wd, first, mode="write", nsteps=500, restart="half.restart", data="half.data",
        dump="w.dump")
    run(wd, second, mode="read", nsteps=500, restart="half.restart", dump="r.dump")
    err = max_rel(full, t.read_dump(os.path.join(wd, "r.dump")))
    names = ("KOKKOS" if first else "host", "KOKKOS" if second else "host")
    t.check(f"a restart file written by the {names[0]} styles continues under the {names[1]} "
            f"styles", err <= 1e-12, f"max relative difference {err:.2g} against the unbroken run")
    run(wd, second, mode="data", nsteps=500, data="half.data", dump="d.dump")
    err = max_rel(full, t.read_dump(os.path.join(wd, "d.dump")))
    t.check(f"a data file written by the {names[0]} styles continues under the {names[1]} styles "
            f"(rrp/read_data)", err <= 1e-12, f"max relative difference {err:.2g}")


# 7. names: a /kk style keeps its /kk name (info fixes, the log), as LAMMPS's KOKKOS styles do;
#    the store keeps the host store's (LAMMPS matches its per-atom restart record by the exact
#    name); -sf rrp still gives fix rrp/nve; each /kk style, one a file, is registered with its
#    /kk/host and /kk/device spellings; bond_style rrp/binder/kk/device is refused in one line
TORUS_INFO = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        m m m
read_data       ${data}
mass            1 1.0
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      ${bond}
bond_coeff      1 10.0 200.0 200.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
neighbor        0.1 bin
comm_modify     cutoff 0.5
fix             integrate all ${integrator}
fix             wall all rrp/wall xlo 0.0 2100.0
fix             field all rrp/gravity 0.0 0.0 -1.0 0.1 0.0 0.0
run             10
info            fixes styles
plugin          list
"""


def torus_info(wd, kk, bond="rrp/binder", integrator="rrp/nve", suffix=()):
    """The torus with every style of a twin, 10 steps, then info fixes and info styles; returns
    (exit status, output) of the KOKKOS lmp (kk: -k on t 1, and -sf kk unless suffix is given)."""
    data = os.path.join(wd, "data.torus")
    if not os.path.exists(data):
        t.rrplmp.make_torus(data)
    with open(os.path.join(wd, "in.info"), "w") as fh:
        fh.write(TORUS_INFO)
    cmd = [LMP_KK, "-in", "in.info", "-var", "plugin", PLUGIN_KK, "-var", "data", data, "-var", "bond",
           bond, "-var", "integrator", integrator, "-log", "none", "-echo", "none", "-nocite"]
    if kk:
        cmd += ["-k", "on"] + (["g", "1"] if GPU else ["t", "1"])
    cmd += list(suffix) if suffix or not kk else ["-sf", "kk"]
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="1")
    env.pop("LD_LIBRARY_PATH", None)
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=900, stdin=subprocess.DEVNULL, env=env)
    return p.returncode, p.stdout


def fix_styles(out):
    """{fix ID: style} from the output of info fixes."""
    return dict(re.findall(r"^Fix\[\s*\d+\]:\s+(\S+?),?\s+style = (\S+?),?\s", out, re.M))


info_wd = t.workdir("kk-info")
rc, out = torus_info(info_wd, True)
styles = fix_styles(out)
t.check("-sf kk: info fixes names the /kk fixes rrp/nve/kk, rrp/wall/kk and rrp/gravity/kk, and the "
        "store RRP/ORIENTATION", rc == 0 and styles.get("integrate") == "rrp/nve/kk"
        and styles.get("wall") == "rrp/wall/kk" and styles.get("field") == "rrp/gravity/kk"
        and styles.get("RRP_ORIENTATION") == "RRP/ORIENTATION", f"exit {rc}: {styles}")
t.check("-sf kk: the log names the /kk styles (fix rrp/nve/kk, bond rrp/binder/kk)",
        "Fix rrp/nve/kk integrate: runs in Kokkos kernels" in out
        and "Bond style rrp/binder/kk: binders on 1 threads" in out,
        " | ".join(l for l in out.splitlines() if "/kk" in l)[:400])
# (info styles leaves out the /kk/host and /kk/device spellings; plugin list has them all)
twins = ("rrp/nve", "rrp/gravity", "rrp/wall", "rrp/binder", "rrp/hertz")
styles_listed = out.split("Styles information:")[-1].split("Currently loaded plugins")[0].split()
missing = [f"{s}/kk" for s in twins if f"{s}/kk" not in styles_listed]
t.check("info styles lists each /kk style (gravity and wall from their own files)", not missing,
        f"missing {missing}")
plugins = re.findall(r"^\s*\d+: (\w+) style plugin (\S+)$", out, re.M)
want = [f"{s}/kk{v}" for s in twins for v in ("", "/host", "/device")]
missing = [w for w in want if w not in {name for _, name in plugins}]
t.check("plugin list has every /kk style with its /kk/host and /kk/device spellings",
        not missing, f"{len(plugins)} styles, missing {missing}")
rc, out = torus_info(t.workdir("kk-info-named"), True, bond="rrp/binder/kk/host",
                     integrator="rrp/nve/kk/host", suffix=("-sf", "kk"))
styles = fix_styles(out)
t.check("a /kk/host style named in the input keeps that name (info fixes)",
        rc == 0 and styles.get("integrate") == "rrp/nve/kk/host", f"exit {rc}: {styles}")
rc, out = torus_info(t.workdir("kk-info-rrp"), False, integrator="nve/sphere", suffix=("-sf", "rrp"))
styles = fix_styles(out)
t.check("-sf rrp with rrpkkplugin.so: fix nve/sphere runs as fix rrp/nve, named so",
        rc == 0 and "ERROR" not in out and styles.get("integrate") == "rrp/nve", f"exit {rc}: {styles}")
rc, out = torus_info(t.workdir("kk-device"), True, bond="rrp/binder/kk/device", suffix=("-sf", "kk"))
said = [l for l in out.splitlines() if l.startswith("ERROR")]
t.check("bond_style rrp/binder/kk/device is refused with one line saying the style runs on the "
        "host's threads", rc != 0 and len(said) == 1 and "rrp/binder/kk/device: the style runs on "
        "the host's threads" in said[0] and "Segmentation" not in out, f"exit {rc}: {said}")

# 8. a restart written under KOKKOS (-k on t 1 -sf kk: every /kk style, the binders' references,
#    the store's rows) continues in the plain LAMMPS without KOKKOS, and one written there
#    continues under KOKKOS: 500 steps, the restart, 500 more (through the impact) against the
#    same two runs unbroken; every restart record is taken up (LAMMPS says so)
TORUS_RESTART = """
plugin load ${plugin}
if "${mode} == read" then "read_restart ${restart}" else &
  "units lj" &
  "atom_style hybrid sphere bond" &
  "boundary m m m" &
  "read_data ${data}" &
  "mass 1 1.0" &
  "special_bonds lj/coul 1.0 1.0 1.0" &
  "bond_style rrp/binder" &
  "bond_coeff 1 10.0 200.0 200.0" &
  "pair_style rrp/hertz" &
  "pair_coeff * * 2100.0"
neighbor        0.1 bin
neigh_modify    delay 0 every 1 check yes
comm_modify     cutoff 0.5
fix             integrate all rrp/nve scheme exact inertia value 1.0
fix             wall all rrp/wall xlo 0.0 2100.0
compute         o all rrp/atom integrate
timestep        0.001
run             500
if "${mode} == write" then "write_restart ${restart}" "quit"
if "${mode} == twice" then "run 500"
write_dump      all custom ${dump} id x y z vx vy vz omegax omegay omegaz c_o[4] c_o[5] c_o[6] c_o[7] fx fy fz &
                modify sort id format float %.17g
"""


def torus_restart(wd, kk, **var):
    """The torus of TORUS_RESTART in the KOKKOS lmp (kk: -k on t 1 -sf kk) or, kk None, in the
    plain LAMMPS with rrpplugin.so; returns the output."""
    data = os.path.join(wd, "data.torus")
    if not os.path.exists(data):
        t.rrplmp.make_torus(data)
    with open(os.path.join(wd, "in.restart"), "w") as fh:
        fh.write(TORUS_RESTART)
    var = dict(var, data=data)
    if kk is None:
        return t.must_run(None, wd, variables=var, input_file=os.path.join(wd, "in.restart"))
    args = ["-in", "in.restart", "-var", "plugin", PLUGIN_KK]
    for k, v in var.items():
        args += ["-var", k, str(v)]
    return lmp_kk(args, wd, kk)


straight = {}
for label, kk in (("plain", None), ("KOKKOS", True)):
    wd = t.workdir(f"kk-torus-twice-{label}")
    torus_restart(wd, kk, mode="twice", dump="end.dump")
    straight[label] = dump(wd)
err = max_rel(straight["plain"], straight["KOKKOS"])
t.check("torus, 1,000 steps in two runs: the plain LAMMPS and -k on t 1 -sf kk give the same state",
        len(straight["plain"]) == 80 and err <= 1e-12, f"max relative difference {err:.2g}")
for first, second in (("KOKKOS", "plain"), ("plain", "KOKKOS")):
    kk = {"plain": None, "KOKKOS": True}
    wd = t.workdir("kk-torus-restart")
    torus_restart(wd, kk[first], mode="write", restart="half.restart", dump="w.dump")
    out = torus_restart(wd, kk[second], mode="read", restart="half.restart", dump="r.dump")
    err = max_rel(straight[second], dump(wd, "r.dump"))
    taken = ("All restart file global fix info was re-assigned" in out
             and "All restart file peratom fix info was re-assigned" in out and "Unused" not in out)
    reset = [l.strip() for l in out.splitlines() if l.strip().startswith("fix style:")]
    t.check(f"torus: a restart written by the {first} LAMMPS{' (-sf kk)' if first == 'KOKKOS' else ''} "
            f"continues in the {second} one: every fix record taken up, the unbroken run's state after "
            f"500 more steps", taken and err <= 1e-12,
            f"max relative difference {err:.2g}; records: {reset}")
    if second == "KOKKOS":
        t.check("torus: read under -sf kk, LAMMPS's log names the fixes by their /kk names",
                "fix style: rrp/nve/kk, fix ID: integrate" in out
                and "fix style: rrp/wall/kk, fix ID: wall" in out, f"records: {reset}")


# 9. viscoelastic binders (bond_coeff prony, shear linear): bond_style rrp/binder/kk runs their
#    fused block kernel (rrp_visco_loads) in the host style's gather, loads and apply, on its
#    threads. A lattice with two viscous types of other term counts (the fused kernel's states
#    padded to 3 terms) and an elastic type, their bonds in the same blocks; energies every 50
#    steps (blocks gathered in batches, applied in order) and between them the runs of 2 threads:
#    after 400 steps the host style's state bitwise, with every energy, dissipated and stored work
VISCO = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        p p p
lattice         sc 1.0
region          box block 0 8 0 8 0 6
create_box      1 box bond/types 3 extra/bond/per/atom 6 extra/special/per/atom 6
create_atoms    1 box
set             group all diameter 1.04
set             group all density 1.9
region          left block 0 3.5 INF INF INF INF
group           a region left
group           b subtract all a
pair_style      zero 1.1
pair_coeff      * *
bond_style      zero
bond_coeff      *
create_bonds    many a a 1 0.99 1.01
create_bonds    many b b 2 0.99 1.01
create_bonds    many a b 3 0.99 1.01
special_bonds   lj/coul 1.0 1.0 1.0
variable        vx atom 0.4*sin(2.1*y+0.3*z)
variable        vy atom 0.4*cos(1.7*z+0.5*x)
variable        vz atom 0.4*sin(0.9*x+1.1*y+0.4)
set             group all vx v_vx vy v_vy vz v_vz
variable        ox atom 2.0*sin(1.3*x+0.2*y)
variable        oy atom 2.0*cos(0.7*y+0.3*z)
variable        oz atom 1.5*sin(0.4*z+1.0)
set             group all omega v_ox v_oy v_oz
comm_modify     vel yes
atom_modify     sort 0 0.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 4.0 200.0 200.0 prony all 0.5 0.05 0.3 1.0
bond_coeff      2 8.0 5.0 150.0 150.0 prony axial 0.4 0.2 prony bend 0.3 0.1 0.2 0.5 0.1 3.0
bond_coeff      3 10.0 4.0 200.0 200.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
fix             1 all rrp/nve
compute         o all rrp/atom 1
compute         e all rrp/energy
thermo_style    custom step pe ebond c_e[13] c_e[14]
thermo_modify   norm no format float %.17g
thermo          50
timestep        0.002
run             400
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz c_o[4] c_o[5] c_o[6] c_o[7] fx fy fz &
                modify sort id format float %.17g
"""


def visco_lattice(wd, kk, threads=1):
    """The viscous lattice in the KOKKOS lmp; its dump and its thermo rows (step, pe, ebond,
    dissipated, stored)."""
    with open(os.path.join(wd, "in.visco"), "w") as fh:
        fh.write(VISCO)
    out = lmp_kk(["-in", "in.visco", "-var", "plugin", PLUGIN_KK], wd, kk, threads)
    rows = [l.split() for l in out.splitlines() if re.match(r"^\s*\d+ +[-\d.e+]+ +[-\d.e+]+ +[-\d.e+]+ +[-\d.e+]+\s*$", l)]
    return dump(wd), rows, out


host_v, host_rows, _ = visco_lattice(t.workdir("kk-visco-host"), False)
t.check("viscous lattice: the binders dissipate and store (dissipated work, branch energy > 0)",
        len(host_rows) == 9 and float(host_rows[-1][3]) > 0.0 and float(host_rows[-1][4]) > 0.0,
        f"{host_rows[-1] if host_rows else 'no thermo'}")
for threads in (1, 2):
    got, rows, out = visco_lattice(t.workdir("kk-visco"), True, threads)
    err = max_rel(host_v, got)
    # (pe: pair rrp/hertz/kk sums the pair energies on 2 threads in another order, to round-off)
    perr = max((abs(float(a[1]) - float(b[1])) / abs(float(a[1])) for a, b in zip(host_rows, rows)),
               default=1.0)
    same = len(rows) == len(host_rows) and all(a[0] == b[0] and a[2:] == b[2:]
                                               for a, b in zip(host_rows, rows))
    t.check(f"viscous lattice, {threads} thread(s): bond_style rrp/binder/kk gives the host style's "
            f"state bitwise after 400 steps, and its bond energy, dissipated and stored work at each "
            f"thermo step", len(got) == len(host_v) == 384 and err == 0.0 and same and perr <= 1e-12
            and f"Bond style rrp/binder/kk: binders on {threads} threads" in out,
            f"{len(got)} atoms, max relative difference {err:.2g}; thermo: bond columns "
            f"{'equal' if same else 'differ'}, pe to {perr:.2g}")

# 10. Mohr-Coulomb strengths (bond_coeff mohr): the viscous lattice with its elastic type given a
#     strength that some of its binders exceed; the cross-section's radii read on the host. The
#     same binders break at the same steps, and the state after 400 steps is the host's bitwise
MOHR = VISCO.replace("bond_coeff      3 10.0 4.0 200.0 200.0",
                     "bond_coeff      3 10.0 4.0 200.0 200.0 mohr 5.0 14.0 30.0 0.8").replace(
    "thermo_style    custom step pe ebond c_e[13] c_e[14]",
    "thermo_style    custom step pe ebond c_e[7] c_e[8] c_e[9] bonds")
wd_m = t.workdir("kk-mohr")
with open(os.path.join(wd_m, "in.mohr"), "w") as fh:
    fh.write(MOHR)
mohr_out = {}
for name, kk, threads in (("host", False, 1), ("kk1", True, 1), ("kk2", True, 2)):
    out = lmp_kk(["-in", "in.mohr", "-var", "plugin", PLUGIN_KK], wd_m, kk, threads)
    rows = [l.split() for l in out.splitlines() if re.match(r"^\s*\d+( +[-\d.e+]+){5} +\d+\s*$", l)]
    mohr_out[name] = (dump(wd_m), rows)
host_m, host_mrows = mohr_out["host"]
broken = float(host_mrows[-1][3]) if host_mrows else 0.0
t.check("Mohr-Coulomb lattice: binders of the strong type break over the run, in tension and in "
        "shear, not all", host_mrows and 0 < broken < 0.5 * float(host_mrows[0][6])
        and float(host_mrows[-1][4]) > 0 and float(host_mrows[-1][5]) > 0,
        f"broken (all, tension, shear) by thermo step {[r[3:6] for r in host_mrows]} of "
        f"{host_mrows[0][6] if host_mrows else '?'}")
for name in ("kk1", "kk2"):
    got, rows = mohr_out[name]
    t.check(f"Mohr-Coulomb lattice, {name[2]} thread(s): the same ruptures at each thermo step and the "
            f"host style's state bitwise after 400 steps",
            [r[3:] for r in rows] == [r[3:] for r in host_mrows] and max_rel(host_m, got) == 0.0,
            f"ruptures {[r[3] for r in rows]} against {[r[3] for r in host_mrows]}, "
            f"max relative difference {max_rel(host_m, got):.2g}")

# 11. pair_style rrp/hertz friction (mindlin, rolling, twisting marshall) under -sf kk: a packing of
#     125 spinning spheres in contact (test_friction.py's), 300 steps, a restart file, 300 more.
#     The /kk style keeps the host style's neighbor list and contact histories (fix NEIGH_HISTORY)
#     and applies its threads' loads in the list's order: on 1 and 2 threads the host run's state,
#     forces and torques bitwise, and its pe and friction works (compute rrp/energy 15-18) at every
#     thermo step; on 2 MPI ranks the host's own 2-rank run, newton off too. A restart written by
#     the /kk run continues, with and without KOKKOS, as the host run does
FRICTION_PACK = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        p p p
newton          ${newton}
processors      ${grid}
""" + t.jittered_lattice(5, slots=0, specials=0, jitter=0.03, seed=7781, diameter=1.06).replace(
    " bond/types 1 extra/bond/per/atom 0 extra/special/per/atom 0", "") + t.spinning(
    spin=2.0, speed=0.5) + """
comm_modify     vel yes
# (KOKKOS would sort the atoms by its own rule: see GAS)
atom_modify     sort 0 0.0
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
pair_style      rrp/hertz friction mindlin 4000.0 0.4 rolling 40.0 0.08 twisting marshall
pair_coeff      * * 5000.0
"""
FRICTION_TAIL = """fix             1 all rrp/nve
compute         e all rrp/energy
thermo_style    custom step pe c_e[15] c_e[16] c_e[17] c_e[18]
thermo_modify   norm no format float %.17g
thermo          100
timestep        0.0005
"""
# (per-atom energies and virials, tallied pair by pair, dumped at steps 0, 300 and 600)
FRICTION_RUN = FRICTION_PACK + FRICTION_TAIL + """compute         pa all pe/atom
compute         sa all stress/atom NULL virial
dump            pa all custom 300 peratom.dump id c_pa c_sa[1] c_sa[2] c_sa[3] c_sa[4] c_sa[5] &
                c_sa[6]
dump_modify     pa sort id format float %.17g
run             300
write_restart   mid.restart noinit
run             300
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz &
                modify sort id format float %.17g
"""
FRICTION_RESUME = """
plugin load ${plugin}
read_restart    ${restart}
comm_modify     vel yes
atom_modify     sort 0 0.0
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
""" + FRICTION_TAIL + """run             300
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz &
                modify sort id format float %.17g
"""


def friction_run(script, kk, threads=1, np=1, pk=(), **var):
    """A friction input in the KOKKOS lmp: its dump, thermo rows (step, pe, works) and output."""
    wd = t.workdir("kk-friction")
    with open(os.path.join(wd, "in.friction"), "w") as fh:
        fh.write(script)
    args = ["-in", "in.friction", "-var", "plugin", PLUGIN_KK]
    for k, v in var.items():
        args += ["-var", k, str(v)]
    out = lmp_kk(args, wd, kk, threads, np, pk)
    rows = [l.split() for l in out.splitlines() if re.match(r"^\s*\d+( +[-\d.e+]+){5}\s*$", l)]
    return wd, dump(wd), rows, out


def same_run(a, b):
    """max relative difference of two friction runs' dumps; whether their thermo rows are equal"""
    err = max_rel(a[1], b[1])
    if os.path.exists(os.path.join(a[0], "peratom.dump")):
        err = max(err, max_rel(dump(a[0], "peratom.dump"), dump(b[0], "peratom.dump")))
    return err, len(a[2]) == len(b[2]) > 0 and a[2] == b[2]


fr_host = friction_run(FRICTION_RUN, False, newton="on", grid="* * *")
works = [float(v) for v in fr_host[2][-1][2:6]] if fr_host[2] else [0.0] * 4
t.check("friction packing (host style): the contacts slide, roll and twist (their works grow)",
        len(fr_host[1]) == 125 and len(fr_host[2]) == 8 and min(works[:3]) > 0.0,
        f"{len(fr_host[1])} atoms, works (slip, rolling, twisting, exchange) at step 600 {works}")
fr_kk = {}
for threads in (1, 2):
    fr_kk[threads] = friction_run(FRICTION_RUN, True, threads, newton="on", grid="* * *")
    err, same = same_run(fr_host, fr_kk[threads])
    t.check(f"friction packing, {threads} thread(s): pair rrp/hertz/kk gives the host style's "
            f"positions, velocities, spins, forces and torques bitwise after 600 steps, its pe and "
            f"friction works (compute rrp/energy 15-18) at every thermo step, per-atom energies "
            f"and virials",
            "pair rrp/hertz/kk" in fr_kk[threads][3] and err == 0.0 and same,
            f"max relative difference {err:.2g}; thermo rows {'equal' if same else 'differ'}: "
            f"{fr_kk[threads][2][-1] if fr_kk[threads][2] else 'none'} vs {fr_host[2][-1]}")
# (-pk kokkos neigh full: friction keeps the host style's half list all the same)
fr_hosts = {(1, "on"): fr_host}
for np, newton, threads, pk in ((2, "on", 1, ()), (2, "off", 2, ()), (1, "off", 2, ()),
                                (1, "off", 2, ("neigh", "full", "newton", "off"))):
    grid = "1 2 1" if np == 2 else "* * *"
    if (np, newton) not in fr_hosts:
        fr_hosts[np, newton] = friction_run(FRICTION_RUN, False, np=np, newton=newton, grid=grid)
    host = fr_hosts[np, newton]
    got = friction_run(FRICTION_RUN, True, threads, np=np, pk=pk, newton=newton, grid=grid)
    err, same = same_run(host, got)
    t.check(f"friction packing on {np} rank(s) (processors {grid}), newton {newton}, {threads} "
            f"thread(s){', -pk kokkos neigh full' if pk else ''}: the host style's run of the "
            f"same ranks bitwise, thermo rows equal",
            err == 0.0 and same, f"max relative difference {err:.2g}; thermo rows "
            f"{'equal' if same else 'differ'}")
# the /kk run's restart file (2 threads), continued with and without KOKKOS: the host run's end
restart = os.path.join(fr_kk[2][0], "mid.restart")
for kk, threads in ((True, 2), (False, 1)):
    got = friction_run(FRICTION_RESUME, kk, threads, restart=restart)
    err = max_rel(fr_host[1], got[1])
    same = bool(got[2]) and got[2][-1] == fr_host[2][-1]
    t.check(f"friction packing: the restart file of the /kk run continues "
            f"{'under -sf kk' if kk else 'without KOKKOS'} as the host run does, bitwise (the "
            f"contact histories in fix NEIGH_HISTORY, the works in the pair's record)",
            err == 0.0 and same,
            f"max relative difference {err:.2g}; step 600 {got[2][-1] if got[2] else 'none'} vs "
            f"{fr_host[2][-1]}")
# coincident centres stop the /kk run with the host style's error, naming the atoms
FRICTION_BAD = """
plugin load ${plugin}
units           lj
atom_style      sphere
region          box block -2 2 -2 2 -2 2
create_box      1 box
create_atoms    1 single 0.1 0 0
create_atoms    1 single 0.1 0 0
set             group all diameter 1.0 density 1.0
comm_modify     vel yes
pair_style      rrp/hertz friction linear 1000.0 0.5
pair_coeff      * * 1000.0
fix             1 all nve/sphere
run             1
"""
wd_f = t.workdir("kk-friction")
with open(os.path.join(wd_f, "in.friction"), "w") as fh:
    fh.write(FRICTION_BAD)
env_f = dict(os.environ, OMP_NUM_THREADS="2")
env_f.pop("LD_LIBRARY_PATH", None)
p = subprocess.run([LMP_KK, "-in", "in.friction", "-var", "plugin", PLUGIN_KK, "-log", "none",
                    "-echo", "none", "-k", "on", "t", "2", "-sf", "kk"], cwd=wd_f,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env_f,
                   stdin=subprocess.DEVNULL, timeout=300)
said = [l for l in p.stdout.splitlines() if l.startswith("ERROR")]
t.check("pair_style rrp/hertz/kk friction: coincident centres stop the run in one line naming the "
        "atoms", p.returncode != 0 and len(said) == 1 and
        "rrp/hertz/kk: atoms 1 and 2 on step 0: coincident centres" in said[0], f"{said}")

t.finish()
