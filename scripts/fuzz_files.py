#!/usr/bin/env python3
"""Mutation fuzz of the composite's data and restart files: does LAMMPS with the rrp plugin stop
with an ERROR (or run) on a damaged file, or does it crash or hang inside the plugin?

Once per fuzz run, in a temporary folder: examples/composite/in.pack makes a small composite
(a few hundred spheres, both orientation layouts) and writes it with write_data (sections
Orientations and Binders) and write_restart; a third sample has the printed shear form's 11
values per binder, a fourth viscoelastic binders (relaxation series in three modes) with
their branch states. Then each case takes one of these files, applies one to three mutations
(numbers, signs, NaN and infinities, counts, IDs, quaternion norms, truncation, swapped, dropped,
duplicated or renamed sections and lines, the plugin's header lines; bytes, doubles, ints and
chunks of a restart file, 40% of them just after the name of one of the plugin's styles, whose
record follows), reads the mutant (rrp/read_data or read_restart), runs 40 steps with the
plugin's styles and writes data and restart files again. Regression cases come first: the
crashes the fuzz found, fixed; each must end in an ERROR.

Each run (one lmp process at a time, serial, with a time and memory limit) is one of:
  error      LAMMPS stopped with an ERROR line (what a damaged file should give)
  completed  the run finished (counted apart when its thermo output has NaN or inf)
  crash      a signal, or an exit without an ERROR line, or a hang past the time limit.
A crash is run again under gdb (a hang is attached to) for a backtrace: a frame of rrp code
(functions rrp_*, *RRP*, or in rrpplugin.so) makes it a crash in rrp code, which fails the
fuzz; a crash whose backtrace has no rrp frame is inside LAMMPS's own code (its read_restart or
read_data on a damaged file): counted and listed, not a failure. gdb is needed only when
something crashes; without it a crash counts as one in rrp code.

Cases are deterministic from --seed (case k draws from seed and k alone: --case k repeats it).
  scripts/fuzz_files.py --quick            # the test command's form (about 100 cases)
  scripts/fuzz_files.py --cases 3000       # the long form (studies/reliability.md)
  scripts/fuzz_files.py --case 17 --keep /tmp/case17   # one case, its files kept
Environment: RRP_LMP (lmp), RRP_PLUGIN (rrpplugin.so), as the tests (scripts/rrplmp.py).
Standard library only."""
import argparse
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import rrplmp  # noqa: E402  (paths of lmp and the plugin)

PACK = os.path.join(TOP, "examples", "composite", "in.pack")

# in.pack at a few hundred spheres with short stages (a sample in about 10 s)
PACK_VARS = {"n": 300, "npush": 100, "ncompact": 800, "nquench": 300, "nrelax": 200,
             "nbisect": 8, "nclass": 4, "every": 200, "restart": 1}
LAYOUTS = {"sphere": "hybrid sphere bond", "bpm": "bpm/sphere"}

# the input that reads a mutant: the composite's styles, binders that can break, 40 steps, the
# state written again
READ_COMMON = """
special_bonds   lj/coul 1.0 1.0 1.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
comm_modify     cutoff 2.2 vel yes
fix             integrate all rrp/nve
fix             wlo all rrp/wall zlo 0.0 2100.0
fix             whi all rrp/wall zhi $(zhi) 2100.0
compute         e all rrp/energy
compute         o all rrp/atom
compute         m all rrp/momentum
thermo_style    custom step pe ke c_e[1] c_e[2] c_e[3] c_e[4] c_m[7] bonds
thermo_modify   norm no
thermo          10
timestep        0.005
run             40
write_data      out.data
write_restart   out.restart
"""
READ_DATA = """plugin load ${plugin}
units           lj
atom_style      ${astyle}
boundary        p p f
bond_style      rrp/binder shear ${shear}
pair_style      rrp/hertz
rrp/read_data   ${file}
bond_coeff      1 10.0 200.0 200.0 0.02 0.15 0.15 0.25 ${series}
pair_coeff      * * 2100.0
""" + READ_COMMON
READ_RESTART = """plugin load ${plugin}
read_restart    ${file}
""" + READ_COMMON

# the printed shear form's sample: the sphere sample's data file read without its Binders
# section under shear paper (the references captured at the first step), written again
MAKE_PAPER = READ_DATA.replace("run             40", "run             20").replace(
    "write_data      out.data", "write_data      paper.data nocoeff").replace(
    "write_restart   out.restart", "write_restart   paper.data.restart")

# the viscoelastic sample: the bpm sample read with relaxation series (branches relaxed), run,
# written again with its branch states
SERIES = "prony axial 0.5 0.3 prony bend 0.4 2.0 0.2 0.1 prony twist 0.3 1.0"
MAKE_VISCO = READ_DATA.replace("run             40", "run             20").replace(
    "bond_style      rrp/binder shear ${shear}", "bond_style      rrp/binder shear ${shear} branches relaxed").replace(
    "write_data      out.data", "write_data      visco.data").replace(
    "write_restart   out.restart", "write_restart   visco.data.restart")
SAMPLE_SERIES = {"visco": SERIES}

TIMEOUT = 30.0          # seconds for one case (a normal case takes about 1 s)
MEMORY = 3 << 30        # address space of one lmp (a damaged count asks for more: an ERROR)
RRP_FRAME = re.compile(r"(\brrp_\w+|\w*RRP\w*|rrpplugin\.so|rrpkkplugin\.so)")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.setsid()


def lmp_command(lmp, plugin, infile, variables):
    cmd = [lmp, "-in", infile, "-log", "none", "-echo", "none", "-nocite", "-var", "plugin", plugin]
    for k, v in variables.items():
        cmd += ["-var", k, str(v)]
    return cmd


def run(cmd, cwd, timeout):
    """(status, output, seconds, pid): status 'ok', 'error' (an ERROR line), 'signal N', 'exit N'
    (no ERROR line) or 'hang' (the process is left stopped for gdb; the caller kills it)."""
    t0 = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, preexec_fn=limits)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", "", time.time() - t0, p
    text = out.decode(errors="replace")
    dt = time.time() - t0
    if re.search(r"^ERROR", text, re.M):
        return "error", text, dt, p
    if p.returncode == 0:
        return "ok", text, dt, p
    if p.returncode < 0:
        return f"signal {-p.returncode}", text, dt, p
    return f"exit {p.returncode}", text, dt, p


def backtrace_attach(p):
    """The stack of a hung process's main thread (gdb attaches), then it is killed."""
    try:
        out = subprocess.run(["gdb", "-batch", "-nx", "-p", str(p.pid), "-ex", "thread apply 1 bt 40"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120,
                             stdin=subprocess.DEVNULL).stdout.decode(errors="replace")
    except (OSError, subprocess.TimeoutExpired) as e:
        out = f"(gdb failed: {e})"
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.communicate()
    return out


# gdb on a crashing run: the stack of every exception thrown (an exit without an ERROR line is a
# C++ exception that no ERROR caught, e.g. std::bad_alloc) and of the signal
GDB_SCRIPT = """set pagination off
set confirm off
set startup-with-shell off
catch throw
commands
bt 40
continue
end
run
bt 40
"""


def backtrace_rerun(cmd, cwd):
    """The run again under gdb: the stack where it stopped (a signal, or the last exception
    thrown before it exited)."""
    with open(os.path.join(cwd, "gdb.cmd"), "w") as fh:
        fh.write(GDB_SCRIPT)
    try:
        r = subprocess.run(["gdb", "-batch", "-nx", "-x", "gdb.cmd", "--args"] + cmd, cwd=cwd,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=4 * TIMEOUT,
                           stdin=subprocess.DEVNULL, preexec_fn=os.setsid)
        out = r.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "(gdb timed out)"
    marks = [m.end() for m in re.finditer(r"received signal|Catchpoint \d+ \(exception thrown\)", out)]
    return out[marks[-1]:] if marks else out


def frames(bt):
    return [l for l in bt.splitlines() if re.match(r"#\d+\s", l)]


def rrp_frames(bt):
    """The backtrace's frames in rrp code (the function's name, or the library it is in); without
    gdb a crash cannot be placed, and counts as one in rrp code."""
    if not shutil.which("gdb"):
        return ["(no gdb: the crash is not placed, and counts as one in rrp code)"]
    return rrp_of(frames(bt))


def rrp_of(stack):
    """The frames of rrp code in a stack (innermost first). The command rrp/read_data calls
    LAMMPS's read_data: its frame below a frame of ReadData::command does not make a crash in
    read_data one of ours (our section reader, called by read_data, would be a frame above)."""
    out = []
    for k, f in enumerate(stack):
        name = f.split(" at ")[0]
        if not RRP_FRAME.search(name):
            continue
        if re.search(r"ReadDataRRP(::|7)command", name) and any(
                re.search(r"ReadData(::|7)command", g) and not RRP_FRAME.search(g.split(" at ")[0])
                for g in stack[:k]):
            continue
        out.append(f)
    return out


# ---------------------------------------------------------------------------------------------
# data file mutations (text)

NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
SPECIAL = ["0", "-0", "nan", "NaN", "inf", "-inf", "1e999", "-1e999", "1e308", "-1e308", "1e-320",
           "1e300", "2147483647", "2147483648", "-2147483649", "9223372036854775807",
           "9223372036854775808", "-1", "1", "3", "abc", "", "1e", ".", "0x10", "1.5"]
OUR_SECTIONS = ("Orientations", "Binders")
HEADER_COUNTS = re.compile(r"^\s*(-?\d+)\s+(atoms|bonds|atom types|bond types|extra bond per atom|"
                           r"extra special per atom|angles|ellipsoids)\s*$")


def parse_sections(lines):
    """[(keyword, index of the keyword line, index after its last line)]; a section's lines are
    those up to the next keyword line (a capitalised word at the start of a line)."""
    keys = []
    for i, l in enumerate(lines):
        w = l.split("#")[0].strip()
        if i == 0:
            continue    # the title
        if w and w[0].isupper() and not NUM.match(w.split()[0]):
            keys.append((w, i))
    out = []
    for k, (w, i) in enumerate(keys):
        end = keys[k + 1][1] if k + 1 < len(keys) else len(lines)
        out.append((w, i, end))
    return out


def content_lines(lines, sec):
    _, i, end = sec
    return [j for j in range(i + 1, end) if lines[j].strip()]


def pick_line(rng, lines, ours_bias=0.6):
    secs = parse_sections(lines)
    ours = [s for s in secs if s[0].split()[0] in OUR_SECTIONS]
    pool = ours if ours and rng.random() < ours_bias else secs
    if not pool or rng.random() < 0.1:
        head_end = secs[0][1] if secs else len(lines)
        cand = [j for j in range(head_end) if lines[j].strip()]
    else:
        cand = content_lines(lines, rng.choice(pool))
    return rng.choice(cand) if cand else None


def new_number(rng, tok):
    r = rng.random()
    if r < 0.45:
        return rng.choice(SPECIAL)
    try:
        x = float(tok)
    except ValueError:
        x = 1.0
    if r < 0.55:
        return repr(-x) if "." in tok or "e" in tok.lower() else str(-int(x) if x == int(x) else -x)
    if r < 0.75:
        f = rng.choice([0.5, 2.0, 10.0, 1e3, 1e-3, 1 + 1e-8, 1 + 1e-5, 1e10, 1e-10])
        return repr(x * f)
    if r < 0.9 and x == int(x) and abs(x) < 1e15:
        return str(int(x) + rng.choice([-2, -1, 1, 2, 1000, 10 ** 6]))
    return repr(rng.uniform(-10, 10))


def m_number(rng, lines):
    j = pick_line(rng, lines)
    if j is None:
        return "number: no line"
    toks = lines[j].split()
    idx = [k for k, t in enumerate(toks) if NUM.match(t)]
    if not idx:
        return "number: no number"
    k = rng.choice(idx)
    old = toks[k]
    toks[k] = new_number(rng, old)
    lines[j] = " ".join(toks)
    return f"number line {j + 1} token {k + 1}: {old} -> {toks[k]!r}"


def m_sign(rng, lines):
    j = pick_line(rng, lines)
    if j is None:
        return "sign: no line"
    toks = lines[j].split()
    idx = [k for k, t in enumerate(toks) if NUM.match(t)]
    if not idx:
        return "sign: no number"
    k = rng.choice(idx)
    toks[k] = toks[k][1:] if toks[k].startswith("-") else "-" + toks[k]
    lines[j] = " ".join(toks)
    return f"sign line {j + 1} token {k + 1}"


def m_count(rng, lines):
    cand = [j for j, l in enumerate(lines[:60]) if HEADER_COUNTS.match(l)]
    if not cand:
        return "count: none"
    j = rng.choice(cand)
    m = HEADER_COUNTS.match(lines[j])
    n = int(m.group(1))
    new = rng.choice([n + 1, n - 1, 0, -1, 2 * n, n // 2, 10 ** 9, 2 ** 31, 2 ** 63, n + 1000])
    lines[j] = f"{new} {m.group(2)}"
    return f"count {m.group(2)}: {n} -> {new}"


def m_box(rng, lines):
    cand = [j for j, l in enumerate(lines[:60]) if re.search(r"[xyz]lo [xyz]hi|xy xz yz", l)]
    if not cand:
        return "box: none"
    j = rng.choice(cand)
    toks = lines[j].split()
    k = rng.randrange(2)
    old = toks[k]
    toks[k] = new_number(rng, old)
    lines[j] = " ".join(toks)
    return f"box line {j + 1}: {old} -> {toks[k]!r}"


def m_header(rng, lines):
    """the plugin's header lines: values per bond, released energy, ruptures; or gone"""
    cand = [j for j, l in enumerate(lines[:60]) if l.startswith("rrp-lammps")]
    if not cand:
        return "header: none"
    j = rng.choice(cand)
    r = rng.random()
    if r < 0.25:
        del lines[j]
        return f"header line {j + 1} deleted"
    if "binders:" in lines[j] and r < 0.7:
        v = rng.choice(["0", "1", "6", "8", "11", "7", "12", "-7", "1000000", "7.5", "nan", "x"])
        lines[j] = re.sub(r"binders: \S+ values", f"binders: {v} values", lines[j])
        return f"header: {v} values per bond"
    if "binders:" in lines[j]:
        v = rng.choice(["nan", "1e999", "-5", "x", "1e300", ""])
        lines[j] = re.sub(rng.choice([r"released \S+", r"in \S+ ruptures"]),
                          lambda m: m.group(0).split()[0] + " " + v + (" ruptures" if "ruptures" in m.group(0) else ""),
                          lines[j])
        return f"header: released/ruptures {v!r}"
    lines[j] = lines[j][:rng.randrange(len(lines[j]) + 1)]
    return f"header line {j + 1} cut"


def m_truncate(rng, lines):
    j = rng.randrange(len(lines))
    cut = lines[j][:rng.randrange(len(lines[j]) + 1)]
    del lines[j:]
    if rng.random() < 0.5:
        lines.append(cut)
    return f"truncated at line {j + 1}"


def m_sections(rng, lines):
    secs = parse_sections(lines)
    if len(secs) < 2:
        return "sections: too few"
    ours = [k for k, s in enumerate(secs) if s[0].split()[0] in OUR_SECTIONS]
    r = rng.random()
    a = rng.choice(ours) if ours and rng.random() < 0.7 else rng.randrange(len(secs))
    blocks = [lines[s[1]:s[2]] for s in secs]
    head = lines[:secs[0][1]]
    what = ""
    if r < 0.3:
        b = rng.randrange(len(secs))
        blocks[a], blocks[b] = blocks[b], blocks[a]
        what = f"sections {secs[a][0].split()[0]} and {secs[b][0].split()[0]} swapped"
    elif r < 0.5:
        what = f"section {secs[a][0].split()[0]} dropped"
        del blocks[a]
    elif r < 0.65:
        b = rng.randrange(len(secs) + 1)
        blocks.insert(b, list(blocks[a]))
        what = f"section {secs[a][0].split()[0]} duplicated"
    elif r < 0.85:
        new = rng.choice(["Orientations", "Binders", "Velocities", "Bonds", "Atoms", "BinderReferences",
                          "Orientation", "Binders # x", "Ellipsoids", "Bodies"])
        what = f"section {secs[a][0].split()[0]} renamed {new}"
        blocks[a] = [new] + blocks[a][1:]
    else:
        # the section's lines shuffled (the order of Binders lines of a bond of 11 values matters)
        body = [l for l in blocks[a][1:] if l.strip()]
        rng.shuffle(body)
        blocks[a] = [blocks[a][0], ""] + body + [""]
        what = f"section {secs[a][0].split()[0]} shuffled"
    lines[:] = head + [l for b in blocks for l in b]
    return what


def m_lines(rng, lines):
    j = pick_line(rng, lines)
    if j is None:
        return "lines: none"
    r = rng.random()
    if r < 0.3:
        del lines[j]
        return f"line {j + 1} deleted"
    if r < 0.5:
        lines.insert(j, lines[j])
        return f"line {j + 1} duplicated"
    if r < 0.65:
        k = pick_line(rng, lines)
        lines[j], lines[k] = lines[k], lines[j]
        return f"lines {j + 1} and {k + 1} swapped"
    toks = lines[j].split()
    if r < 0.8 and toks:
        del toks[rng.randrange(len(toks))]
        lines[j] = " ".join(toks)
        return f"line {j + 1}: a value deleted"
    if r < 0.9:
        toks.insert(rng.randrange(len(toks) + 1), new_number(rng, "1.0"))
        lines[j] = " ".join(toks)
        return f"line {j + 1}: a value added"
    k = rng.randrange(len(toks) + 1)
    lines[j:j + 1] = [" ".join(toks[:k]), " ".join(toks[k:])]
    return f"line {j + 1} split at value {k}"


def m_ids(rng, lines):
    """an atom ID of the plugin's sections or Bonds: 0, negative, beyond the atoms, another's"""
    secs = [s for s in parse_sections(lines) if s[0].split()[0] in OUR_SECTIONS + ("Bonds",)]
    if not secs:
        return "ids: none"
    sec = rng.choice(secs)
    cand = content_lines(lines, sec)
    if not cand:
        return "ids: empty"
    j = rng.choice(cand)
    toks = lines[j].split()
    first = 2 if sec[0].startswith("Bonds") else 0
    last = first + (0 if sec[0].startswith("Orientations") else 1)
    k = rng.randint(first, min(last, len(toks) - 1))
    old = toks[k]
    natoms = next((int(l.split()[0]) for l in lines[:30] if re.match(r"^\d+ atoms$", l.strip())), 1000)
    natoms = max(natoms, 1)    # (a count mutated before)
    toks[k] = str(rng.choice([0, -1, -natoms, natoms + 1, natoms + 2, 2 ** 31 - 1, 2 ** 31, 10 ** 12,
                              rng.randint(1, natoms)]))
    lines[j] = " ".join(toks)
    return f"id {sec[0].split()[0]} line {j + 1}: {old} -> {toks[k]}"


def m_quat(rng, lines):
    """a quaternion of Orientations or a binder's p scaled (norms 0.5, 1 + 1e-8, 1 + 1e-5, 0, -1)"""
    secs = [s for s in parse_sections(lines) if s[0].split()[0] in OUR_SECTIONS]
    if not secs:
        return "quat: none"
    sec = rng.choice(secs)
    cand = content_lines(lines, sec)
    if not cand:
        return "quat: empty"
    j = rng.choice(cand)
    toks = lines[j].split()
    at = 1 if sec[0].startswith("Orientations") else 5
    if len(toks) < at + 4:
        return "quat: short line"
    f = rng.choice([0.5, 1 + 1e-8, 1 + 1e-5, 0.0, -1.0, 1e300, 1e-300, 2.0])
    for k in range(at, at + 4):
        try:
            toks[k] = repr(float(toks[k]) * f)
        except ValueError:
            pass
    lines[j] = " ".join(toks)
    return f"quat {sec[0].split()[0]} line {j + 1} x {f}"


def m_chars(rng, lines):
    j = pick_line(rng, lines)
    if j is None or not lines[j]:
        return "chars: none"
    s = list(lines[j])
    for _ in range(rng.randint(1, 3)):
        s[rng.randrange(len(s))] = rng.choice("0123456789.-+eE #x\t")
    lines[j] = "".join(s)
    return f"chars line {j + 1}"


DATA_MUTATIONS = [(m_number, 6), (m_sign, 2), (m_count, 2), (m_box, 1), (m_header, 2),
                  (m_truncate, 2), (m_sections, 3), (m_lines, 4), (m_ids, 3), (m_quat, 3),
                  (m_chars, 2)]


# ---------------------------------------------------------------------------------------------
# restart file mutations (bytes)

def rrp_regions(blob):
    """offsets of the plugin's records: after the style names it writes (rrp/..., RRP...) and the
    per-atom section at the end (atoms, with their fixes' values)"""
    offs = [m.end() for m in re.finditer(rb"(rrp/[a-z/]+|RRP[A-Z_/]*|BOND_HISTORY/RRP)", blob)]
    return offs


def r_offset(rng, blob):
    regions = rrp_regions(blob)
    r = rng.random()
    if regions and r < 0.4:
        return min(len(blob) - 1, rng.choice(regions) + rng.randrange(0, 160))
    if r < 0.7:    # the per-atom data: the last 70% of the file
        return rng.randrange(int(0.3 * len(blob)), len(blob))
    return rng.randrange(len(blob))


def r_bytes(rng, blob):
    at = r_offset(rng, blob)
    n = rng.randint(1, 4)
    for k in range(n):
        if at + k < len(blob):
            blob[at + k] = rng.randrange(256)
    return f"bytes at {at} ({n})"


def r_double(rng, blob):
    at = r_offset(rng, blob)
    v = rng.choice([float("nan"), float("inf"), -float("inf"), 0.0, -1.0, 1e300, -1e300, 5e-324,
                    2.0, 7.0, 11.0, 1e9, -7256980.0, 0.5])
    blob[at:at + 8] = struct.pack("<d", v)[:len(blob[at:at + 8])]
    return f"double {v} at {at}"


def r_int(rng, blob):
    at = r_offset(rng, blob)
    v = rng.choice([0, -1, 1, 2, 7, 11, 2 ** 31 - 1, -2 ** 31, 1000000, 16, 17, 255])
    blob[at:at + 4] = struct.pack("<i", v)[:len(blob[at:at + 4])]
    return f"int {v} at {at}"


def r_truncate(rng, blob):
    at = r_offset(rng, blob) if rng.random() < 0.5 else rng.randrange(len(blob))
    del blob[at:]
    return f"truncated at {at}"


def r_chunk(rng, blob):
    at = r_offset(rng, blob)
    n = rng.choice([1, 4, 8, 16, 64, 1024])
    r = rng.random()
    if r < 0.4:
        del blob[at:at + n]
        return f"{n} bytes deleted at {at}"
    if r < 0.7:
        blob[at:at] = blob[at:at + n]
        return f"{n} bytes duplicated at {at}"
    b = rng.randrange(len(blob))
    x, y = bytes(blob[at:at + n]), bytes(blob[b:b + n])
    if len(x) == len(y):
        blob[at:at + n], blob[b:b + n] = y, x
    return f"{n} bytes at {at} and {b} swapped"


RESTART_MUTATIONS = [(r_bytes, 3), (r_double, 4), (r_int, 3), (r_truncate, 1), (r_chunk, 2)]


def weighted(rng, table):
    total = sum(w for _, w in table)
    x = rng.uniform(0, total)
    for f, w in table:
        x -= w
        if x <= 0:
            return f
    return table[-1][0]


# ---------------------------------------------------------------------------------------------
# regression cases: crashes the fuzz found, fixed; each runs in every fuzz run, and must end in
# an ERROR (never a crash)

def set_token(lines, section, k, value):
    """the k-th token of the first line of a section set to value"""
    sec = next(s for s in parse_sections(lines) if s[0].startswith(section))
    j = content_lines(lines, sec)[0]
    toks = lines[j].split()
    toks[k] = value
    lines[j] = " ".join(toks)


def reg_orientation_id_beyond(lines):
    set_token(lines, "Orientations", 0, "123456789")
    return "Orientations: atom ID 123456789 (atom->map read past its array)"


def reg_binder_id_negative(lines):
    set_token(lines, "Binders", 1, "-5")
    return "Binders: atom ID -5"


def reg_binder_norm_half(lines):
    sec = next(s for s in parse_sections(lines) if s[0].startswith("Binders"))
    j = content_lines(lines, sec)[0]
    toks = lines[j].split()
    toks[5:9] = [repr(0.5 * float(v)) for v in toks[5:9]]
    lines[j] = " ".join(toks)
    return "Binders: p of norm 0.5"


def reg_restart_bond_type(blob):
    """a bond type beyond the bond types in a restart file's atoms (LAMMPS's read_restart takes
    it: bond rrp/binder read its coefficients at index 285212673). An atom's bonds are written
    as num_bond, its types, its partners' IDs (64-bit integers): the first atom with two or
    more bonds of type 1 gets type 0x11000001 for its first."""
    for o in range(0, len(blob) - 8 * 40):
        k = struct.unpack_from("<q", blob, o)[0]
        if not 2 <= k <= 16:
            continue
        v = struct.unpack_from(f"<{2 * k}q", blob, o + 8)
        if all(t == 1 for t in v[:k]) and all(1 <= a <= 10 ** 6 for a in v[k:]):
            blob[o + 8:o + 16] = struct.pack("<q", 0x11000001)
            return f"restart: bond type 285212673 at {o + 8} (bond rrp/binder read past its coefficients)"
    raise RuntimeError("fuzz: no atom with bonds found in the restart file")


def reg_restart_peratom_count(blob):
    """an atom's per-atom record of the binders' references {3 + 7 nb, 7, nb, ...} with the
    length 1e9: the orientation store after it in the atom's row skipped by that length and read
    far past the row"""
    for o in range(0, len(blob) - 24):
        n, nd, nb = struct.unpack_from("<3d", blob, o)
        if nd == 7.0 and 1.0 <= nb <= 64.0 and nb == int(nb) and n == 3.0 + 7.0 * nb:
            struct.pack_into("<d", blob, o, 1e9)
            return f"restart: per-atom record length 1e9 at {o} (the fix after it read past the row)"
    raise RuntimeError("fuzz: no per-atom binder record found in the restart file")


def reg_restart_atom_type(blob):
    """an atom type beyond the atom types in a restart file's atoms (LAMMPS's read_restart takes
    it: pair rrp/hertz, and LAMMPS's neighbor binning before it, read per-type arrays past their
    end). An atom's record starts x, y, z, then tag, type, mask and image as 64-bit integers: the
    first atom of type 1 gets type 15."""
    for o in range(0, len(blob) - 8 * 7):
        x = struct.unpack_from("<3d", blob, o)
        tag, typ, mask = struct.unpack_from("<3q", blob, o + 24)
        if all(0.0 < c < 100.0 for c in x) and 1 <= tag <= 10 ** 6 and typ == 1 and 1 <= mask <= 15:
            struct.pack_into("<q", blob, o + 32, 15)
            return f"restart: atom type 15 at {o + 32} (pair rrp/hertz read past its coefficients)"
    raise RuntimeError("fuzz: no atom record found in the restart file")


def reg_visco_state_nan(lines):
    """a viscoelastic binder's branch state with a NaN (rrp/read_data must refuse it: the
    reference part alone was checked before branch states)"""
    sec = next(s for s in parse_sections(lines) if s[0].startswith("Binders"))
    k = sec[1] + 2 + 1    # the second line of the first bond (values 8 to 14: the branch state)
    w = lines[k].split()
    w[4] = "nan"
    lines[k] = " ".join(w)
    return "data: NaN in a binder's branch state"


REGRESSIONS = [("sphere", "data", reg_orientation_id_beyond), ("bpm", "data", reg_binder_id_negative),
               ("sphere", "data", reg_binder_norm_half), ("bpm", "restart", reg_restart_bond_type),
               ("sphere", "restart", reg_restart_peratom_count), ("sphere", "restart", reg_restart_atom_type),
               ("visco", "data", reg_visco_state_nan)]


# ---------------------------------------------------------------------------------------------

def make_samples(lmp, plugin, wd):
    """the four samples (sphere, bpm, paper, visco), each a data file and a restart file"""
    samples = {}
    for name, astyle in LAYOUTS.items():
        d = os.path.join(wd, name)
        os.makedirs(d)
        v = dict(PACK_VARS, astyle=astyle, data=f"{name}.data")
        st, out, dt, p = run(lmp_command(lmp, plugin, PACK, v), d, 20 * TIMEOUT)
        if st != "ok":
            sys.exit(f"fuzz: in.pack failed ({st}) in {d}:\n{out[-2000:]}")
        samples[name] = (astyle, "convected", os.path.join(d, f"{name}.data"),
                         os.path.join(d, f"{name}.data.restart"))
        log(f"fuzz: sample {name}: {dt:.1f} s")
    # paper: the sphere sample without its Binders section, read under shear paper
    d = os.path.join(wd, "paper")
    os.makedirs(d)
    with open(samples["sphere"][2]) as fh:
        lines = fh.read().split("\n")
    lines = [l for l in lines if not l.startswith("rrp-lammps binders:")]
    sec = next(s for s in parse_sections(lines) if s[0].startswith("Binders"))
    del lines[sec[1]:sec[2]]
    with open(os.path.join(d, "nobinders.data"), "w") as fh:
        fh.write("\n".join(lines))
    with open(os.path.join(d, "in.paper"), "w") as fh:
        fh.write(MAKE_PAPER)
    st, out, dt, p = run(lmp_command(lmp, plugin, "in.paper", {"astyle": "hybrid sphere bond", "shear": "paper",
                                                               "file": "nobinders.data", "series": ""}), d, 10 * TIMEOUT)
    if st != "ok":
        sys.exit(f"fuzz: the paper sample failed ({st}) in {d}:\n{out[-2000:]}")
    samples["paper"] = ("hybrid sphere bond", "paper", os.path.join(d, "paper.data"),
                        os.path.join(d, "paper.data.restart"))
    # visco: the bpm sample with relaxation series and their branch states
    d = os.path.join(wd, "visco")
    os.makedirs(d)
    with open(os.path.join(d, "in.visco"), "w") as fh:
        fh.write(MAKE_VISCO)
    st, out, dt, p = run(lmp_command(lmp, plugin, "in.visco", {"astyle": "bpm/sphere", "shear": "convected",
                                                               "file": samples["bpm"][2], "series": SERIES}),
                         d, 10 * TIMEOUT)
    if st != "ok":
        sys.exit(f"fuzz: the viscoelastic sample failed ({st}) in {d}:\n{out[-2000:]}")
    samples["visco"] = ("bpm/sphere", "convected", os.path.join(d, "visco.data"),
                        os.path.join(d, "visco.data.restart"))
    return samples


def make_case(seed, k, samples):
    """(sample name, kind, mutated bytes or text, descriptions) of case k"""
    rng = random.Random(f"{seed}:{k}")
    name = rng.choice(["sphere", "sphere", "bpm", "bpm", "paper", "visco"])
    kind = "data" if rng.random() < 0.6 else "restart"
    nmut = rng.choice([1, 1, 1, 2, 2, 3])
    desc = []
    if kind == "data":
        with open(samples[name][2]) as fh:
            lines = fh.read().split("\n")
        for _ in range(nmut):
            desc.append(weighted(rng, DATA_MUTATIONS)(rng, lines))
        return name, kind, "\n".join(lines).encode(), desc
    with open(samples[name][3], "rb") as fh:
        blob = bytearray(fh.read())
    for _ in range(nmut):
        if len(blob) < 16:
            break
        desc.append(weighted(rng, RESTART_MUTATIONS)(rng, blob))
    return name, kind, bytes(blob), desc


def run_case(lmp, plugin, samples, cdir, name, kind, content, timeout):
    astyle, shear, _, _ = samples[name]
    fname = "mutant.data" if kind == "data" else "mutant.restart"
    with open(os.path.join(cdir, fname), "wb") as fh:
        fh.write(content)
    with open(os.path.join(cdir, "in.read"), "w") as fh:
        fh.write(READ_DATA if kind == "data" else READ_RESTART)
    cmd = lmp_command(lmp, plugin, "in.read", {"astyle": astyle, "shear": shear, "file": fname,
                                               "series": SAMPLE_SERIES.get(name, "")})
    st, out, dt, p = run(cmd, cdir, timeout)
    result = {"status": st, "seconds": dt, "cmd": cmd, "out": out}
    if st == "hang":
        bt = backtrace_attach(p)
        result["bt"] = bt
        result["rrp"] = rrp_frames(bt)
    elif st not in ("ok", "error"):
        # Open MPI's own handler prints the stack of a signal in the run's output (mangled
        # names, the library of each frame); gdb runs it again for names and lines, and for the
        # stack of an exception that no ERROR caught (without address randomisation: a crash
        # that depends on the addresses may not repeat there)
        ompi = [l for l in out.splitlines() if re.match(r"\[[^\]]+\] \[\s*\d+\] ", l)]
        bt = backtrace_rerun(cmd, cdir)
        result["bt"] = bt + ("\n\nOpen MPI's stack of the run:\n" + "\n".join(ompi) if ompi else "")
        result["rrp"] = rrp_frames(bt) + rrp_of(ompi)
        if not frames(bt) and ompi:
            result["first"] = ompi[1] if len(ompi) > 1 else ompi[0]
    if st == "ok":
        thermo = [l for l in out.splitlines() if re.match(r"^\s+\d+\s", l)]
        result["nan"] = any(re.search(r"(?i)\b-?(nan|inf)\b", l) for l in thermo)
    if st == "error":
        result["error"] = next(l for l in out.splitlines() if l.startswith("ERROR"))
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=43)
    ap.add_argument("--cases", type=int, default=400)
    ap.add_argument("--quick", action="store_true", help="the test command's form: 100 cases")
    ap.add_argument("--case", type=int, help="run case K alone (with --keep: its files kept)")
    ap.add_argument("--keep", help="folder for the files of the cases that crash (or of --case)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT)
    ap.add_argument("--lmp", default=rrplmp.LMP)
    ap.add_argument("--plugin", default=rrplmp.PLUGIN)
    ap.add_argument("--work", help="folder of the samples (reused if they exist); default: a temporary one")
    args = ap.parse_args()
    lmp, plugin = args.lmp, os.path.abspath(args.plugin)
    for what, path in (("lmp", lmp), ("plugin", plugin)):
        if not (os.path.exists(path) or shutil.which(path)):
            sys.exit(f"fuzz: {what} {path} not found (RRP_LMP, RRP_PLUGIN)")
    ncases = 100 if args.quick else args.cases
    t0 = time.time()
    wd = args.work or tempfile.mkdtemp(prefix="rrp-fuzz-")
    if args.work and os.path.exists(os.path.join(wd, "visco", "visco.data.restart")):
        samples = {n: (a, s, os.path.join(wd, n, f"{n}.data"), os.path.join(wd, n, f"{n}.data.restart"))
                   for n, (a, s) in {"sphere": ("hybrid sphere bond", "convected"),
                                     "bpm": ("bpm/sphere", "convected")}.items()}
        samples["paper"] = ("hybrid sphere bond", "paper", os.path.join(wd, "paper", "paper.data"),
                            os.path.join(wd, "paper", "paper.data.restart"))
        samples["visco"] = ("bpm/sphere", "convected", os.path.join(wd, "visco", "visco.data"),
                            os.path.join(wd, "visco", "visco.data.restart"))
    else:
        os.makedirs(wd, exist_ok=True)
        samples = make_samples(lmp, plugin, wd)
    keep = args.keep
    if keep:
        os.makedirs(keep, exist_ok=True)

    cases = []
    if args.case is not None:
        cases = [("case", args.case)]
    else:
        cases = [("regression", r) for r in range(len(REGRESSIONS))] + [("case", k) for k in range(ncases)]
    counts = {"cases": 0, "error": 0, "ok": 0, "nan": 0, "rrp": 0, "lammps": 0}
    found = []
    errors = {}
    for label, k in cases:
        cdir = tempfile.mkdtemp(prefix=f"{label}{k}-", dir=wd)
        if label == "regression":
            name, kind, mutate = REGRESSIONS[k]
            if kind == "data":
                with open(samples[name][2]) as fh:
                    lines = fh.read().split("\n")
                desc = [mutate(lines)]
                content = "\n".join(lines).encode()
            else:
                with open(samples[name][3], "rb") as fh:
                    blob = bytearray(fh.read())
                desc = [mutate(blob)]
                content = bytes(blob)
        else:
            name, kind, content, desc = make_case(args.seed, k, samples)
        r = run_case(lmp, plugin, samples, cdir, name, kind, content, args.timeout)
        counts["cases"] += 1
        st = r["status"]
        tag = f"{label} {k} ({name} {kind}: {'; '.join(desc)})"
        if st == "error":
            counts["error"] += 1
            key = re.sub(r"[-+]?\d[\d.eE+-]*", "#", r["error"])[:90]
            errors[key] = errors.get(key, 0) + 1
            bad = False
        elif st == "ok":
            counts["ok"] += 1
            counts["nan"] += r["nan"]
            bad = label == "regression"    # a regression case must end in an ERROR
            if bad:
                found.append((tag, "completed without an ERROR", ""))
        else:
            where = "rrp" if r["rrp"] else "lammps"
            counts[where] += 1
            first = (r["rrp"] or frames(r["bt"]) or [r.get("first", "(no frames)")])[0]
            found.append((tag, f"{st} in {where} code", first))
            log(f"fuzz: {tag}: {st}, {'rrp' if r['rrp'] else 'LAMMPS'} frame: {first}")
            bad = True
        if args.case is not None or (bad and keep):
            dest = os.path.join(keep, f"{label}{k}") if keep else cdir
            if keep:
                shutil.copytree(cdir, dest, dirs_exist_ok=True)
                with open(os.path.join(dest, "result.txt"), "w") as fh:
                    fh.write(f"{tag}\nstatus {st}\ncommand {' '.join(r['cmd'])}\n\n{r['out'][-4000:]}\n\n"
                             f"{r.get('bt', '')}\n")
            if args.case is not None:
                print(f"{tag}: {st}" + (f": {r.get('error')}" if st == "error" else ""))
                if r.get("bt"):
                    print(r["bt"][-6000:])
        shutil.rmtree(cdir, ignore_errors=True)
        if counts["cases"] % 50 == 0:
            log(f"fuzz: {counts['cases']}/{len(cases)} cases, {time.time() - t0:.0f} s")

    print(f"fuzz (seed {args.seed}): {counts['cases']} cases ({len(REGRESSIONS) if args.case is None else 0} "
          f"regression cases), {time.time() - t0:.0f} s")
    print(f"  ERROR exits                  {counts['error']}")
    print(f"  runs completed               {counts['ok']} (with NaN or inf in the thermo output: {counts['nan']})")
    print(f"  crashes/hangs in rrp code    {counts['rrp']}")
    print(f"  crashes/hangs in LAMMPS code {counts['lammps']} (LAMMPS's own readers on a damaged file: "
          f"reported, not a failure)")
    if "-v" in sys.argv or not args.quick:
        print("  ERROR messages (numbers as #), most frequent first:")
        for key, n in sorted(errors.items(), key=lambda x: -x[1])[:40]:
            print(f"    {n:5d}  {key}")
    for tag, what, frame in found:
        print(f"  {what}: {tag}\n      {frame}")
    if not args.work and args.case is None:
        shutil.rmtree(wd, ignore_errors=True)
    fail = counts["rrp"] > 0 or any(w == "completed without an ERROR" for _, w, _ in found)
    print("FAIL: a crash or hang inside rrp code" if fail else "PASS: no crash or hang inside rrp code")
    sys.exit(1 if fail else 0)


if __name__ == "__main__":
    main()
