"""Every keyword and keyword value that a style's parser accepts appears on its page of the manual.

The words are read from the parsers themselves: every string literal that the style's sources
compare an argument with (strcmp(arg, "word") == 0, word == "word", utils::strmatch(arg,
"^word")), and the tables of names they accept. A word that a source compares but that is not an
input word (another style's name it looks for, an internal tag) is listed in NOT_INPUT with why.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrptest as t  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# page -> the sources whose parsers read its command's arguments
PAGES = {
    "fix_rrp_nve": ["plugin/fix_rrp_nve.cpp"],
    "fix_rrp_nve_asphere": ["plugin/fix_rrp_nve_asphere.cpp"],
    "fix_rrp_turn": ["plugin/fix_rrp_turn.cpp"],
    "fix_rrp_wall": ["plugin/fix_rrp_wall.cpp"],
    "fix_rrp_damping": ["plugin/fix_rrp_damping.cpp"],
    "fix_rrp_gravity": ["plugin/fix_rrp_gravity.cpp"],
    "fix_rrp_rigid_small": ["plugin/rigid/fix_rrp_rigid_small.cpp", "plugin/rigid/fix_rrp_rigid.cpp"],
    "fix_rrp_rigid_nh": ["plugin/rigid/fix_rrp_rigid_nh.cpp"],
    "bond_rrp_binder": ["plugin/bond_rrp_binder.cpp", "plugin/bond_rrp_binder_visco.cpp",
                        "plugin/bond_rrp_binder_io.cpp", "plugin/rrp_bond_breaks.cpp"],
    "pair_rrp_hertz": ["plugin/pair_rrp_hertz.cpp", "plugin/rrp_friction_sweep.cpp"],
    "compute_rrp_atom": ["plugin/compute_rrp_atom.cpp"],
    "compute_rrp_energy": ["plugin/compute_rrp_energy.cpp"],
    "compute_rrp_momentum": ["plugin/compute_rrp_momentum.cpp"],
    "rrp_read_data": ["plugin/fix_rrp_read_data.cpp"],
}

# words the sources compare that are not words of the command's input, and why
NOT_INPUT = {
    "fix_rrp_nve": {"erotate/sphere": "computes of LAMMPS the fix looks for (their rotational energy)",
                    "temp/sphere": "computes of LAMMPS the fix looks for (their rotational energy)"},
    "fix_rrp_wall": {"respa": "the run style LAMMPS runs (run_style respa)"},
    "bond_rrp_binder": {"respa": "the run style LAMMPS runs (run_style respa)"},
    "pair_rrp_hertz": {"pour": "fixes of LAMMPS that insert atoms, looked for",
                       "deposit": "fixes of LAMMPS that insert atoms, looked for"},
}

COMPARED = [
    re.compile(r'strcmp\(\s*[^,()]+(?:\[[^\]]*\])?\s*,\s*"([^"]+)"\s*\)'),
    re.compile(r'==\s*"([^"]+)"'),
    re.compile(r'strmatch\(\s*[^,()]+(?:\[[^\]]*\])?\s*,\s*"\^?([^"]+)"\s*\)'),
]
# tables of accepted names: const char *name[N] = {"a", "b", ...}
TABLE = re.compile(r'const\s+char\s*\*\s*(?:const\s+)?\w+\s*\[\w*\]\s*=\s*\{([^}]*)\}')


def words(path):
    text = open(os.path.join(TOP, path)).read()
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)    # (not the comments)
    found = set()
    for pat in COMPARED:
        found |= {w.lstrip("^") for w in pat.findall(text)}
    for table in TABLE.findall(text):
        found |= {w for w in re.findall(r'"([^"]+)"', table) if re.fullmatch(r"[A-Za-z][\w/]*", w)}
    # (prefixes such as v_ and d_ are forms of a value, not words)
    return {w for w in found if re.fullmatch(r"[A-Za-z][\w/]*", w) and not w.endswith("_")}


for page, sources in PAGES.items():
    path = os.path.join(TOP, "doc", page + ".rst")
    if not os.path.exists(path):
        t.check(f"{page}.rst exists", False)
        continue
    text = open(path).read()
    want = set().union(*(words(s) for s in sources)) - set(NOT_INPUT.get(page, {}))
    missing = sorted(w for w in want if not re.search(rf"(?<![\w/]){re.escape(w)}(?![\w/])", text))
    t.check(f"{page}.rst names every word its parser accepts ({len(want)})", not missing,
            "missing: " + ", ".join(missing) if missing else "")
t.finish()
