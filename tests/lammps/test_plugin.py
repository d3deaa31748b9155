"""The plugin loads into LAMMPS and registers its styles."""
import rrptest as t

wd = t.workdir("plugin")
out = t.must_run("plugin load ${plugin}\nplugin list\n", wd)
STYLES = [("fix", "rrp/nve"), ("fix", "rrp/nve/asphere"), ("fix", "rrp/gravity"), ("fix", "rrp/wall"), ("bond", "rrp/binder"),
          ("pair", "rrp/hertz"), ("compute", "rrp/atom"), ("compute", "rrp/momentum"),
          ("compute", "rrp/energy"), ("command", "rrp/read_data"), ("fix", "RRP/ORIENTATION"),
          ("fix", "BOND_HISTORY/RRP"), ("fix", "RRP/READ_DATA"), ("fix", "rrp/damping"),
          ("fix", "rrp/nvt/sphere"), ("fix", "rrp/npt/sphere"), ("fix", "rrp/nph/sphere"),
          # suffix spellings, which lmp -sf rrp selects
          ("fix", "nvt/sphere/rrp"), ("fix", "npt/sphere/rrp"), ("fix", "nph/sphere/rrp"), ("fix", "nve/sphere/rrp"),
          ("fix", "nve/bpm/sphere/rrp"), ("fix", "nve/asphere/rrp")]
for style, name in STYLES:
    t.check(f"registers {style} style {name}", f"{style} style plugin {name}" in out)
t.check("announces each style as it loads", out.count("Loading plugin:") == len(STYLES))
rc, out = t.run_lammps("units lj\natom_style sphere\nregion b block 0 1 0 1 0 1\ncreate_box 1 b\n"
                       "fix 1 all rrp/nve\n", wd)
t.check("without plugin load the styles are unknown", rc != 0 and "Unrecognized fix style 'rrp/nve'" in out)
t.finish()
