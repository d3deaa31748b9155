"""fix rrp/nve as a drop-in: every granular, granregion, pour and bpm example of the LAMMPS tree,
and the dipole example, run to their end with the integrator line swapped (fix nve/sphere or
nve/bpm/sphere -> fix rrp/nve, keeping its keywords: update dipole, disc) and every run capped at
CAP steps. Where the exact map has no increment (h |w| >= 1), fix rrp/nve takes map (25)'s
increment for that atom and step and counts it (limit newmark, the default); limit stop stops
there, naming the atom. update dipole turns the dipoles with the spheres; disc gives fix
nve/sphere disc's trajectory. The plugin is loaded by LAMMPS_PLUGIN_PATH, so no other line
changes."""
import os
import re
import subprocess

import rrptest as t

CAP = 1000

# input, the integrator as the input writes it, files next to it the input reads
EXAMPLES = [
    ("granular/in.pour.drum", ()),
    ("granular/in.pour.flatwall", ()),
    ("granular/in.pour.heat", ()),
    ("granular/in.restitution", ("data.particles",)),
    ("granular/in.tableting.200", ("spheres200.data",)),
    ("granular/in.triaxial.compaction.12", ("spheres12.data",)),
    ("granregion/in.granregion.box", ()),
    ("granregion/in.granregion.funnel", ()),
    ("granregion/in.granregion.mixer", ()),
    ("pour/in.pour", ()),
    ("pour/in.pour.2d", ()),
    ("bpm/impact/in.bpm.impact.rotational", ()),
    ("bpm/pour/in.bpm.pour", ("rect.mol",)),
    ("dipole/in.dipole", ()),
]
INTEGRATOR = re.compile(r"^(\s*fix\s+\S+\s+\S+\s+)nve/(?:bpm/)?sphere\b", re.M)
RUN = re.compile(r"^(\s*run\s+)(\S+)", re.M)


def expr(word):
    """a run length in a formula: ${name} as v_name (an immediate $() takes no ${} inside)"""
    return re.sub(r"\$\{(\w+)\}", r"v_\1", word)


def swapped(rel, cwd, extra, limit=""):
    src = os.path.join(t.LAMMPS_EXAMPLES, rel)
    with open(src) as fh:
        text = fh.read()
    text, n = INTEGRATOR.subn(lambda m: m.group(1) + "rrp/nve" + limit, text)
    text = RUN.sub(lambda m: f"{m.group(1)}$(round(ternary(({expr(m.group(2))})>{CAP},{CAP},{expr(m.group(2))})))",
                   text)
    for name in extra:
        link = os.path.join(cwd, name)
        if not os.path.exists(link):
            os.symlink(os.path.join(os.path.dirname(src), name), link)
    path = os.path.join(cwd, "in.dropin")
    with open(path, "w") as fh:
        fh.write(text)
    return path, n


for rel, extra in EXAMPLES:
    wd = t.workdir("dropin")
    path, n = swapped(rel, wd, extra)
    try:
        out = t.run_example(path, wd)
        ok, note = n >= 1 and "Total wall time" in out, ""
        m = re.findall(r"in (\d+) atom-steps of this run the exact map had no increment", out)
        if m:
            note = f"; fallbacks to map (25)'s increment: {sum(int(x) for x in m)} atom-steps"
    except RuntimeError as e:
        ok, note = False, str(e)
    t.check(f"{rel}: runs to its end with fix rrp/nve ({n} integrator line{'s' if n != 1 else ''} swapped)",
            ok, note.lstrip("; "))

# the exact map's limit: a sphere spun so fast that h |w| = 2 (no exact increment). By default
# the run goes on, the atom-steps counted (warned about, f_ID); x, v and omega are those of fix
# nve/sphere bitwise; with limit stop it stops naming the atom
FAST = """
units lj
atom_style sphere
boundary f f f
region box block -3 3 -3 3 -3 3
create_box 1 box
create_atoms 1 single -1 0 0
create_atoms 1 single 1 0 0
set group all diameter 1.0
set group all density 1.0
set atom 2 omega 0 0 200
fix 1 all INTEGRATOR
compute w all property/atom omegax omegay omegaz
thermo_style custom step f_COUNT
timestep 0.01
run 10
write_dump all custom end.dump id x y z vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
wd = t.workdir("dropin-limit")
runs = {}
for name, fix, count in (("rrp", "rrp/nve", "1"), ("ref", "nve/sphere", "1"), ("stop", "rrp/nve limit stop", "1")):
    script = FAST.replace("INTEGRATOR", fix)
    if name == "ref":
        script = script.replace("thermo_style custom step f_COUNT\n", "")
    else:
        script = script.replace("COUNT", count)
    os.makedirs(os.path.join(wd, name), exist_ok=True)
    with open(os.path.join(wd, name, "in.fast"), "w") as fh:
        fh.write(script)
    p = subprocess.run([t.LMP, "-in", "in.fast", "-log", "none", "-echo", "none", "-nocite"],
                       cwd=os.path.join(wd, name), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=t.plugin_path_env())
    runs[name] = p
out = runs["rrp"].stdout
counts = [int(x) for x in re.findall(r"in (\d+) atom-steps of this run the exact map had no increment", out)]
first = next((l for l in out.splitlines() if "had no increment for" in l), "")
last_row = [l.split() for l in out.splitlines() if l.split()[:1] == ["10"]]
same = runs["ref"].returncode == 0 and runs["rrp"].returncode == 0 and \
    t.dump_lines(os.path.join(wd, "rrp", "end.dump")) == t.dump_lines(os.path.join(wd, "ref", "end.dump"))
t.check("past the exact map's limit the run goes on, counted and warned about (limit newmark)",
        runs["rrp"].returncode == 0 and counts == [10] and first != "" and last_row and last_row[-1][1] == "10",
        f"{counts} fallbacks, f_1 = {last_row[-1][1] if last_row else None}; {first}")
t.check("... and x, v, omega are those of fix nve/sphere bitwise", same)
err = next((l for l in runs["stop"].stdout.splitlines() if "ERROR" in l), "")
t.check("with limit stop it stops, naming the atom and h |w|",
        runs["stop"].returncode != 0 and "step too large for the exact map at atom 2 on step 1" in err, err)

# update dipole: each dipole turns with its sphere, so in the sphere's own frame it stays what it
# was (R^T mu = mu0, the orientations starting at the identity), and keeps its length
DIPOLE = """
units lj
atom_style hybrid sphere dipole
dimension 3
boundary p p p
lattice sc 0.3
region box block 0 4 0 4 0 4
create_box 1 box
create_atoms 1 box
set group all diameter 1.0
set group all density 1.0
set group all dipole/random 4928 0.75
velocity all create 1.0 87287 loop geom
pair_style lj/sf/dipole/sf 3.0
pair_coeff * * 1.0 1.0
compute o all rrp/atom
fix 1 all rrp/nve update dipole
write_dump all custom start.dump id mux muy muz modify sort id format float %.17g
timestep 0.002
run 1000
write_dump all custom end.dump id mux muy muz c_o[4] c_o[5] c_o[6] c_o[7] mu modify sort id format float %.17g
"""
wd = t.workdir("dropin-dipole")
with open(os.path.join(wd, "in.dipole"), "w") as fh:
    fh.write(DIPOLE)
out = t.run_example(os.path.join(wd, "in.dipole"), wd)
a = {int(l.split()[0]): [float(v) for v in l.split()[1:]] for l in t.dump_lines(os.path.join(wd, "start.dump"))}
b = {int(l.split()[0]): [float(v) for v in l.split()[1:]] for l in t.dump_lines(os.path.join(wd, "end.dump"))}
body, length, turned = 0.0, 0.0, 0.0
for i in a:
    mu, q = b[i][:3], b[i][3:7]
    R = t.quat_to_matrix(q)
    mb = [sum(R[r][c] * mu[r] for r in range(3)) for c in range(3)]   # R^T mu
    body = max(body, max(abs(mb[k] - a[i][k]) for k in range(3)))
    length = max(length, abs(sum(m * m for m in mu) ** 0.5 - b[i][7]))
    turned = max(turned, max(abs(mu[k] - a[i][k]) for k in range(3)))
t.check("update dipole: each dipole turns with its sphere (R^T mu = mu0) and keeps its length",
        body < 1e-12 and length < 1e-12 and turned > 0.1,
        f"max |R^T mu - mu0| {body:.2g}, max ||mu| - mu| {length:.2g}, dipoles turned by up to {turned:.3g}")

# disc (2d): J = m r^2 / 2, the trajectory of fix nve/sphere disc bitwise (x, v, omega); refused in 3d
DISC = """
units lj
atom_style sphere
dimension 2
boundary p p p
lattice sq 0.7
region box block 0 8 0 8 -0.5 0.5
create_box 1 box
create_atoms 1 box
set group all diameter 1.0
set group all density 1.0
velocity all create 1.0 4928 loop geom
set group all omega 0 0 2.0
pair_style granular
pair_coeff * * hooke 1000.0 0.5 tangential linear_history 280 1.0 0.3 damping mass_velocity
comm_modify vel yes
fix 1 all INTEGRATOR
fix 2 all enforce2d
timestep 0.001
run 500
write_dump all custom end.dump id x y z vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
lines = {}
for name, fix in (("rrp", "rrp/nve disc"), ("ref", "nve/sphere disc")):
    d = os.path.join(t.workdir("dropin-disc"))
    with open(os.path.join(d, "in.disc"), "w") as fh:
        fh.write(DISC.replace("INTEGRATOR", fix))
    t.run_example(os.path.join(d, "in.disc"), d)
    lines[name] = t.dump_lines(os.path.join(d, "end.dump"))
t.check("disc: fix rrp/nve disc moves the discs as fix nve/sphere disc, bitwise",
        len(lines["rrp"]) == 64 and lines["rrp"] == lines["ref"])
d = t.workdir("dropin-disc")
with open(os.path.join(d, "in.disc3"), "w") as fh:
    fh.write(FAST.replace("INTEGRATOR", "rrp/nve disc").replace("thermo_style custom step f_COUNT\n", ""))
p = subprocess.run([t.LMP, "-in", "in.disc3", "-log", "none", "-echo", "none", "-nocite"], cwd=d,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=t.plugin_path_env())
err = next((l for l in p.stdout.splitlines() if "ERROR" in l), "")
t.check("disc in 3d is refused", p.returncode != 0 and "disc requires a 2d simulation" in err, err)
t.finish()
