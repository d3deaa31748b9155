#!/usr/bin/env python3
"""Golden trajectories of the 3D pendulum (Baker & Gonzalez 2021, sec. 3) for the LAMMPS test,
written from the paper's equations alone, independently of core/ and of the plugin: the
orientation is a rotation matrix built from rescaled Rodrigues parameters by eq. (4) and composed
by eq. (5), R_{k+1} = R(da) R_k (the plugin stores quaternions instead). Plain Python floats.

  m = J = 1, g = e3, lever rho0 = e3; spatial torque T = m g (R rho0) x e3 (eq. 40 with e3 for
  the printed R^T e3), energy E = |Omega|^2 J/2 - m g e3 . (R rho0);
  alpha(0) = (0, 2 tan(3 pi/8), 0), Omega(0) = 0.4 sin(pi/4)^2 (1, 0, 1).
  map (23) exact:   w = Omega + h/(2J) T;  da = 2h/(1 + sqrt(1 - h^2|w|^2)) w;
                    Omega' = w + h/(2J) T'
  map (25) newmark: the same with da = h w
  map (27) euler:   Omega' = Omega + h/J T;  da = h Omega'

Writes golden-<scheme>.csv: t, energy, Omega1..3, R11..R33 every 10 steps of h = 0.01 to t = 10.
"""
import math

H, STEPS, EVERY = 0.01, 1000, 10


def hat(a):
    return [[0.0, -a[2], a[1]], [a[2], 0.0, -a[0]], [-a[1], a[0], 0.0]]


def matmul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def rot(alpha):
    """eq. (4): R(alpha) = I + (4 hat(alpha) + 2 hat(alpha)^2) / (4 + |alpha|^2)"""
    a2 = sum(c * c for c in alpha)
    A = hat(alpha)
    A2 = matmul(A, A)
    s = 1.0 / (4.0 + a2)
    return [[(1.0 if i == j else 0.0) + s * (4.0 * A[i][j] + 2.0 * A2[i][j]) for j in range(3)]
            for i in range(3)]


def torque(R):
    r = [R[0][2], R[1][2], R[2][2]]    # R rho0 = R e3
    return [r[1], -r[0], 0.0]          # (R rho0) x e3


def energy(R, W):
    return 0.5 * sum(c * c for c in W) - R[2][2]


def run(scheme):
    R = rot([0.0, 2.0 * math.tan(3.0 * math.pi / 8.0), 0.0])
    W = [0.4 * math.sin(math.pi / 4.0) ** 2, 0.0, 0.4 * math.sin(math.pi / 4.0) ** 2]
    rows = []
    for k in range(STEPS + 1):
        if k % EVERY == 0:
            rows.append([k * H, energy(R, W)] + W + [R[i][j] for i in range(3) for j in range(3)])
        if k == STEPS:
            break
        T = torque(R)
        if scheme == "euler":
            W = [W[d] + H * T[d] for d in range(3)]
            da = [H * c for c in W]
        else:
            w = [W[d] + 0.5 * H * T[d] for d in range(3)]
            hw2 = H * H * sum(c * c for c in w)
            scale = 2.0 * H / (1.0 + math.sqrt(1.0 - hw2)) if scheme == "exact" else H
            da = [scale * c for c in w]
        R = matmul(rot(da), R)    # eq. (5): alpha <- alpha (+) da
        if scheme != "euler":
            T = torque(R)
            W = [w[d] + 0.5 * H * T[d] for d in range(3)]
    return rows


if __name__ == "__main__":
    for scheme in ("exact", "newmark", "euler"):
        with open(f"golden-{scheme}.csv", "w") as fh:
            fh.write("t,energy,W1,W2,W3,R11,R12,R13,R21,R22,R23,R31,R32,R33\n")
            for r in run(scheme):
                fh.write(",".join(f"{v:.17g}" for v in r) + "\n")
