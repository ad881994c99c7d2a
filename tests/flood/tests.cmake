# flood's kernels come in several wide-vector paths (docs/flood.md): its
# suite runs once more with each narrower path forced.
gl_simd_runs(flood test_flood)
