"""Sphinx configuration of the rrp-lammps manual: the pages of doc/ in LAMMPS's own format
(reStructuredText as LAMMPS's doc/src), built with Debian's python3-sphinx:

    sphinx-build -W --keep-going -n -b html doc build/doc/html

(-W: a warning fails the build; -n: every cross-reference must resolve). The HTML opens at
build/doc/html/index.html."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "_ext"))

project = "rrp-lammps"
author = "the rrp-lammps authors"
copyright = "2026, " + author

extensions = ["sphinx.ext.mathjax", "sphinx.ext.extlinks", "lammps_lexer"]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "*.md"]
highlight_language = "LAMMPS"
nitpicky = True
numfig = False

# LAMMPS's own pages: :lammps:`fix nve/sphere <fix_nve_sphere>`
extlinks = {"lammps": ("https://docs.lammps.org/%s.html", "%s")}

# MathJax from Debian's libjs-mathjax (no network at build or read time); without the package
# the equations show as their LaTeX source
mathjax_path = "file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML"

html_theme = "alabaster"
html_title = "rrp-lammps manual"
html_theme_options = {"page_width": "1100px", "sidebar_width": "260px", "show_relbars": True}
html_show_sourcelink = False
html_copy_source = False
