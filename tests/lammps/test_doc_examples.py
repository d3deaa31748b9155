"""Every input example of the manual runs, as a doctest runs the examples of a docstring.

Each page of doc/ names the system its examples need in a comment (invisible in the HTML):

    .. rrp-example-setup: NAME

and every ``.. code-block:: LAMMPS`` of the page outside its Syntax section is run by LAMMPS
with the plugin: the setup NAME (SETUPS below), then the block, then ``run 2`` (unless the block
runs itself). A block may name another setup by a comment of its own just before it, or be
skipped with ``.. rrp-example-skip: REASON`` (the reason is printed). A literal data file
(``.. rrp-data-file: FILE`` just before a ``code-block:: none``) is written to the run's folder
as FILE before the page's examples run.

    test_doc_examples.py [PAGE.rst ...]    (default: every page of doc/, and README.md's inputs:
                                            its fenced blocks that load the plugin)
"""
import glob
import os
import re
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LMP_DIR = os.path.dirname(t.PLUGIN)

# the systems the examples need; each loads the plugin (rrpplugin.so, and the rigid and asphere
# plugins beside it where the setup needs them)
BOX = """units           lj
lattice         sc 1.0
region          box block 0 6 0 6 0 6
"""
SPHERES = """set             group all diameter 1.0
set             group all density 1.9
velocity        all create 0.1 4928 loop geom
region          low block INF INF INF INF INF 2.5
group           low region low
group           mobile subtract all low
timestep        0.001
"""
SETUPS = {
    # atom_style sphere, spheres in contact (pair rrp/hertz), no integrator
    "sphere": "plugin load ${plugin}\n" + BOX + """atom_style      sphere
create_box      2 box
create_atoms    1 box
""" + SPHERES + """pair_style      rrp/hertz
pair_coeff      * * 2100.0
""",
    # the same, integrated by fix rrp/nve (ID int)
    "sphere-nve": None,
    # atom_style bpm/sphere, every neighbour bonded (bond type 1, bond_style zero until the
    # example sets its own), contacts, fix rrp/nve (ID int)
    "bpm": "plugin load ${plugin}\n" + BOX + """atom_style      bpm/sphere
create_box      2 box bond/types 1 extra/bond/per/atom 6 extra/special/per/atom 6
create_atoms    1 box
""" + SPHERES + """special_bonds   lj 0.0 1.0 1.0 coul 0.0 1.0 1.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      zero
bond_coeff      *
create_bonds    many all all 1 0.99 1.01
fix             int all rrp/nve
""",
    # free ellipsoids (atom_style ellipsoid), no integrator; the asphere plugin loaded
    "ellipsoid": "plugin load ${plugin}\nplugin load ${asphere}\n" + BOX + """atom_style      ellipsoid
create_box      2 box
create_atoms    1 box
set             group all shape 1.0 0.6 0.4
set             group all quat/random 18238
set             group all density 1.9
velocity        all create 0.1 4928 loop geom
pair_style      zero 1.2
pair_coeff      * *
timestep        0.001
""",
    # rigid rods of 4 atoms in a row along x (molecule IDs 1..36, atom_style bond), LJ, no
    # integrator; the rigid plugin loaded; the group of all atoms is rods as well
    "rigid": "plugin load ${plugin}\nplugin load ${rigid}\n" + BOX.replace("0 6 0 6", "0 4 0 6") + """atom_style      bond
create_box      2 box
create_atoms    1 box
mass            * 1.0
variable        mol atom floor((id-1)/4)+1
set             group all mol v_mol
group           rods union all
velocity        all create 0.1 4928 loop geom
pair_style      lj/cut 1.1
pair_coeff      * * 0.1 1.0
neigh_modify    exclude molecule/intra all
comm_modify     cutoff 5.0
timestep        0.001
""",
    # nothing: the block is a whole input (it loads the plugin itself, as ${plugin})
    "none": "",
}
SETUPS["sphere-nve"] = SETUPS["sphere"] + "fix             int all rrp/nve\n"

MARK_SETUP = re.compile(r"^\.\. rrp-example-setup:\s*(\S+)\s*$")
MARK_SKIP = re.compile(r"^\.\. rrp-example-skip:\s*(.+?)\s*$")
MARK_DATA = re.compile(r"^\.\. rrp-data-file:\s*(\S+)\s*$")
HEADING = re.compile(r'^(["=\-~^#*+])\1{2,}\s*$')


def blocks(path):
    """the page's code blocks: (kind, section, setup, skip, data file, text) in order; kind is
    the code-block's language"""
    lines = open(path).read().splitlines()
    out, section, page_setup = [], "", None
    pending = {}
    k = 0
    while k < len(lines):
        line = lines[k]
        if k + 1 < len(lines) and HEADING.match(lines[k + 1]) and line.strip() and not line.startswith(" "):
            section = line.strip()
        m = MARK_SETUP.match(line)
        if m:
            if page_setup is None and not out and "setup" not in pending:
                page_setup = m.group(1)
            else:
                pending["setup"] = m.group(1)
        m = MARK_SKIP.match(line)
        if m:
            pending["skip"] = m.group(1)
        m = MARK_DATA.match(line)
        if m:
            pending["data"] = m.group(1)
        m = re.match(r"^(\s*)\.\. code-block::\s*(\S+)", line)
        if m:
            indent, kind = len(m.group(1)), m.group(2)
            k += 1
            body = []
            while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > indent):
                body.append(lines[k])
                k += 1
            text = "\n".join(body).strip("\n")
            pad = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
            text = "\n".join(b[pad:] for b in text.splitlines())
            out.append((kind, section, pending.get("setup", page_setup), pending.get("skip"),
                        pending.get("data"), text))
            pending = {}
            continue
        k += 1
    return out


def run_page(path):
    name = os.path.basename(path)
    found = blocks(path)
    wd = t.workdir("doc-" + name.replace(".rst", ""))
    for kind, _, _, _, data, text in found:
        if data and kind == "none":
            with open(os.path.join(wd, data), "w") as fh:
                fh.write(text + "\n")
    ran = 0
    for n, (kind, section, setup, skip, _, text) in enumerate(found):
        if kind != "LAMMPS" or section == "Syntax":
            continue
        where = f"{name} block {n + 1} ({section})"
        if skip:
            print(f"SKIP {where}: {skip}")
            continue
        if setup not in SETUPS:
            t.check(f"{where} names its setup", False, f"setup {setup!r}: add '.. rrp-example-setup: NAME', "
                    f"NAME one of {', '.join(SETUPS)}")
            continue
        need = {"ellipsoid": "rrpasphereplugin.so", "rigid": "rrprigidplugin.so"}.get(setup)
        if need and not os.path.exists(os.path.join(LMP_DIR, need)):
            print(f"SKIP {where}: no {need} (a LAMMPS without the package it needs)")
            continue
        script = SETUPS[setup] + text + "\n"
        if not re.search(r"^\s*(run|minimize|rerun)\b", text, re.M):
            script += "run 2\n"
        rc, out = t.run_lammps(script, wd, variables={
            "asphere": os.path.join(LMP_DIR, "rrpasphereplugin.so"),
            "rigid": os.path.join(LMP_DIR, "rrprigidplugin.so")}, timeout=300)
        bad = [ln for ln in out.splitlines() if "ERROR" in ln]
        t.check(f"{where} runs", rc == 0 and not bad, (bad or out.strip().splitlines()[-1:] or [""])[0])
        ran += 1
    return ran


def run_readme(path):
    """README.md's inputs: its fenced blocks that load the plugin, each a whole input"""
    fences = re.findall(r"^```[^\n]*\n(.*?)^```", open(path).read(), re.M | re.S)
    ran = 0
    for n, text in enumerate(f for f in fences if f.lstrip().startswith("plugin load")):
        rc, out = t.run_lammps(text, t.workdir("doc-readme"), timeout=300)
        bad = [ln for ln in out.splitlines() if "ERROR" in ln]
        t.check(f"README.md input {n + 1} runs", rc == 0 and not bad, (bad or out.strip().splitlines()[-1:] or [""])[0])
        ran += 1
    return ran


pages = sys.argv[1:] or sorted(glob.glob(os.path.join(TOP, "doc", "*.rst"))) + [os.path.join(TOP, "README.md")]
total = 0
for page in pages:
    total += run_readme(page) if page.endswith(".md") else run_page(page)
t.check("the manual has examples and they ran", total > 0, f"{total} blocks")
t.finish()
