# match3's bit engine comes in several wide-vector paths: its solvers'
# suite runs once more with each narrower path forced.
gl_simd_runs(match3 test_solvers)
