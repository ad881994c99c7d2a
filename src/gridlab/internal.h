/* Everything of the library for its own code, the program's front ends
 * and the tests: the public API (<gridlab/gridlab.h>) and the internal
 * headers of src/gridlab/ (what games and solvers are written with, the
 * search kernels and the helpers), which are not installed and whose
 * functions the library does not export (docs/architecture.md, "The
 * API"). */
#ifndef GRIDLAB_INTERNAL_H
#define GRIDLAB_INTERNAL_H

#include <gridlab/gridlab.h>

#include <gridlab/game_impl.h>
#include <gridlab/meter.h>
#include <gridlab/text.h>
#include <gridlab/timing.h>
#include <gridlab/bucketq.h>
#include <gridlab/hash.h>
#include <gridlab/bitset.h>
#include <gridlab/cpu.h>
#include <gridlab/search.h>
#include <gridlab/grid_bfs.h>
#include <gridlab/link_bfs.h>

#endif
