# rrp_core_file_options(SRC [BASE...]): the per-file compile options of the core's sources in the
# folder SRC, each after the options BASE, set in the calling directory. One list for the core's
# own build (core/CMakeLists.txt) and for the in-tree LAMMPS (cmake/RRPInLAMMPS.cmake). None of
# them changes a value: each only lets the compiler, or keeps it from, reorganising loops.
function(rrp_core_file_options src)
  set(base ${ARGN})
  # The binder's one-bond code of 3- and 4-vectors runs 30% slower when GCC's SLP vectoriser
  # packs it into shuffled vectors (measured by rrp-kernel-bench: 98 -> 69 ns per bond-step)
  set_source_files_properties(${src}/binder.c PROPERTIES COMPILE_OPTIONS "${base};-fno-tree-vectorize")
  # The block kernels are vectorised across bonds, contacts and bodies; -fno-trapping-math lets GCC
  # evaluate both sides of their selects (the selects pick the same results). Without it only the
  # AVX-512 version (masked operations) of the bodies' kernel is vectorised.
  set_source_files_properties(${src}/binder_block.c ${src}/visco_block.c ${src}/bodies.c PROPERTIES
    COMPILE_OPTIONS "${base};-fno-trapping-math")
  # The contacts' block: GCC's jump threading turns the friction springs' nested selects (stick,
  # slip, a zero history) into branches with PHIs of 5 arguments, which if-conversion gives up on
  # (GCC 12: the loop was not vectorised, 123 ns a contact); without it the selects stay selects
  set_source_files_properties(${src}/friction_block.c PROPERTIES COMPILE_OPTIONS
    "${base};-fno-trapping-math;$<$<C_COMPILER_ID:GNU>:-fno-thread-jumps>")
  # The sphere kernels store a checked block with short copy loops; as calls of memcpy (rep movsq)
  # they cost more than the loops (measured: a fifth of the first half)
  set_source_files_properties(${src}/integrator.c PROPERTIES COMPILE_OPTIONS
    "${base};-fno-tree-loop-distribute-patterns")
endfunction()
