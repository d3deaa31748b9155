"""Build hook of the rrp_lammps package (pip install ./python): records where the plugin is,
so that the installed package finds it by itself. The place is $RRP_PLUGIN if set, else the
rrpplugin.so of this source tree's build (build/plugin), if there is one; rrp_lammps.plugin_path()
reads it after the argument of load() and $RRP_PLUGIN."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPy(build_py):
    def run(self):
        super().run()
        plugin = os.environ.get("RRP_PLUGIN") or os.path.join(HERE, "..", "build", "plugin", "rrpplugin.so")
        plugin = os.path.abspath(plugin) if os.path.exists(plugin) else ""
        target = os.path.join(self.build_lib, "rrp_lammps", "_install.py")
        with open(target, "w") as fh:
            fh.write('"""Written when the package was built (python/setup.py): the plugin it was built with."""\n')
            fh.write(f"PLUGIN = {plugin!r}\n")


setup(cmdclass={"build_py": BuildPy})
