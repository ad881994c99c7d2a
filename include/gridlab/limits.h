/* What a search may spend: the limits a caller gives a solve or a hint.
 *
 * A gl_limits bounds the time, the memory of the search's own tables and
 * carries the flag that interrupts it (set by the caller's Ctrl-C
 * handler).  With a gl_budget in the limits, every search that gets them
 * charges the same budget: the tables of one search, and the searches of
 * a batch running on several threads, all count against one cap.  Without
 * one, the cap applies to each search alone.
 *
 * A search polls its limits inside its inner loops, so it stops within a
 * bounded interval of any of them; a stopped search keeps its best answer
 * so far and says why it stopped ("time limit", "memory limit",
 * "interrupted": gl_solution.stopped) with optimal = 0.  (How a search
 * polls them, gl_meter, is the library's own: src/gridlab/meter.h.) */
#ifndef GRIDLAB_LIMITS_H
#define GRIDLAB_LIMITS_H

#include "api.h"

#include <signal.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A process-wide memory budget, shared by threads (atomic counters). */
typedef struct gl_budget {
    volatile size_t used;  /* only through the functions below */
    volatile size_t peak;
    size_t cap;
} gl_budget;

/* A budget of cap bytes; 0: the default cap, half the machine's memory,
 * at most 8 GiB and at least 256 MiB. */
GL_API void gl_budget_init(gl_budget *b, size_t cap);
/* The bytes the searches sharing b hold now. */
GL_API size_t gl_budget_used(const gl_budget *b);

typedef struct gl_limits {
    double limit_ms;                   /* 0: no time limit */
    size_t mem_cap;                    /* bytes, without a budget; 0: the default cap (above) */
    volatile sig_atomic_t *interrupt;  /* non-zero once the user pressed Ctrl-C; may be NULL */
    gl_budget *budget;                 /* shared by every search of the process; may be NULL */
} gl_limits;

#ifdef __cplusplus
}
#endif
#endif
