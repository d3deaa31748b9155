"""The plugin loads into LAMMPS and registers its styles."""
import rrptest as t

wd = t.workdir("plugin")
out = t.must_run("plugin load ${plugin}\nplugin list\n", wd)
STYLES = [("fix", "rrp/nve"), ("fix", "rrp/nve/asphere"), ("fix", "rrp/gravity"), ("fix", "rrp/wall"), ("fix", "rrp/turn"), ("bond", "rrp/binder"),
          ("pair", "rrp/hertz"), ("compute", "rrp/atom"), ("compute", "rrp/momentum"),
          ("compute", "rrp/energy"), ("command", "rrp/read_data"), ("fix", "RRP/ORIENTATION"),
          ("fix", "BOND_HISTORY/RRP"), ("fix", "RRP/READ_DATA"), ("fix", "NEIGH_HISTORY/RRP"),
          ("fix", "rrp/damping"),
          ("fix", "rrp/nvt/sphere"), ("fix", "rrp/npt/sphere"), ("fix", "rrp/nph/sphere"),
          # suffix spellings, which lmp -sf rrp selects
          ("fix", "nvt/sphere/rrp"), ("fix", "npt/sphere/rrp"), ("fix", "nph/sphere/rrp"), ("fix", "nve/sphere/rrp"),
          ("fix", "nve/bpm/sphere/rrp"), ("fix", "nve/asphere/rrp")]
for style, name in STYLES:
    t.check(f"registers {style} style {name}", f"{style} style plugin {name}" in out)
t.check("announces each style as it loads", out.count("Loading plugin:") == len(STYLES))
# -sf rrp: LAMMPS's integrators become the twins (LAMMPS names a style found by its suffix after
# the constructor; the twins take their own name back), and runs go through
SF = {"sphere": ("atom_style sphere\nlattice sc 1.0\ncreate_atoms 1 box\nset group all diameter 1.0\n"
                 "set group all density 1.0\nvelocity all create 1.0 4 loop geom\nfix 1 all nve/sphere\n"
                 "thermo_style custom step f_1\n"),
      "ellipsoid": ("atom_style ellipsoid\nlattice sc 1.0\ncreate_atoms 1 box\nset group all shape 1 0.8 0.6\n"
                    "set group all quat/random 3\nset group all density 1.0\nvelocity all create 1.0 4 loop geom\n"
                    "fix 1 all nve/asphere\n")}
for name, body in SF.items():
    sfwd = t.workdir(f"sf-{name}")
    with open(f"{sfwd}/in.sf", "w") as fh:
        fh.write("plugin load ${plugin}\nunits lj\n" + body.split("\n", 1)[0] + "\n"
                 "region b block 0 3 0 3 0 3\ncreate_box 1 b\n" + body.split("\n", 1)[1] + "run 20\n")
    p = t.subprocess.run([t.LMP, "-sf", "rrp", "-in", "in.sf", "-log", "none", "-echo", "none", "-var", "plugin",
                          t.PLUGIN], cwd=sfwd, stdout=t.subprocess.PIPE, stderr=t.subprocess.STDOUT, text=True)
    t.check(f"-sf rrp runs atom_style {name} with the twin of its integrator", p.returncode == 0
            and "Loop time" in p.stdout and "ERROR" not in p.stdout, p.stdout[-300:].replace("\n", " | "))
rc, out = t.run_lammps("units lj\natom_style sphere\nregion b block 0 1 0 1 0 1\ncreate_box 1 b\n"
                       "fix 1 all rrp/nve\n", wd)
t.check("without plugin load the styles are unknown", rc != 0 and "Unrecognized fix style 'rrp/nve'" in out)
t.finish()
