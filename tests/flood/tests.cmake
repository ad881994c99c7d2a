# flood's kernels come in several wide-vector paths (docs/flood.md): its
# suite runs once more with each narrower path forced.
gl_simd_runs(flood test_flood)

# The A* over several processes (tests/flood/mpi.sh): 2 processes in the
# default run; 4, signals and a killed process with the label
# full.  Both skip (77) in a build without MPI, after checking that --mpi
# is refused there.
add_test(NAME cli/flood_mpi COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/flood/mpi.sh)
# Labelled with its game, as the game's own test (a build without the game
# has no --mpi).  Under the sanitizers (Open MPI's own allocations
# suppressed for LeakSanitizer: mpi.supp, and the unwinder set in mpi.sh)
# the default pass runs cli/flood_mpi_quick, each way through the MPI code
# once (MPI_QUICK=1: 54 s of processor time there instead of 80), and
# leaves the whole to the full run (plain-only).
set(mpi_labels "cli;${game}")
if(GL_SANITIZE)
  set(mpi_labels "cli;${game};plain-only")
  add_test(NAME cli/flood_mpi_quick COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/flood/mpi.sh)
  set_tests_properties(cli/flood_mpi_quick PROPERTIES LABELS "cli;${game}" TIMEOUT 900 SKIP_RETURN_CODE 77
    ENVIRONMENT "${GL_CLI_ENV};MPI_QUICK=1" RESOURCE_LOCK mpi)
endif()
set_tests_properties(cli/flood_mpi PROPERTIES LABELS "${mpi_labels}" TIMEOUT 900 SKIP_RETURN_CODE 77
  ENVIRONMENT "${GL_CLI_ENV}")
add_test(NAME cli/flood_mpi_full COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/flood/mpi.sh)
set_tests_properties(cli/flood_mpi_full PROPERTIES LABELS "cli;${game};full" TIMEOUT 900 SKIP_RETURN_CODE 77
  ENVIRONMENT "${GL_CLI_ENV};MPI_FULL=1")
# Never the two at once: each job's processes take the machine's cores
# (Open MPI's processes poll while they wait), and 2 + 4 of them on two
# cores beside valgrind stretched a watchdog's 3 s to 114 s (the full run
# without onet, 2026-12-06).
set_tests_properties(cli/flood_mpi cli/flood_mpi_full PROPERTIES RESOURCE_LOCK mpi)
