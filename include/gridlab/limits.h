/* What a search may spend, and the meter every search reads it through.
 *
 * A search gets a gl_limits (time, memory, an interrupt flag) and keeps a
 * gl_meter for the length of its run.  The meter is polled inside the
 * search's inner loops: gl_meter_tick() costs one flag test and an add, and
 * reads the clock once every GL_METER_INTERVAL units of work, so a search
 * that ticks once per node (or once per unit of comparable work) stops
 * within a bounded interval of any limit.
 *
 * Memory is charged before it is allocated (gl_meter_charge), including the
 * new table of a rehash while the old one still lives.  With a gl_budget
 * in the limits, every meter of the process charges the same budget: the
 * tables of one search, and the searches of a batch running on several
 * threads, all count against one cap.  Without one, the cap applies to the
 * meter alone.
 *
 * A stopped search keeps its best answer so far and reports
 * meter.stopped ("time limit", "memory limit", "interrupted") with
 * optimal = false. */
#ifndef GRIDLAB_LIMITS_H
#define GRIDLAB_LIMITS_H

#include "api.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A process-wide memory budget, shared by threads (atomic counters). */
typedef struct gl_budget {
    volatile size_t used;  /* only through the functions below */
    volatile size_t peak;
    size_t cap;
} gl_budget;

GL_API void gl_budget_init(gl_budget *b, size_t cap);
/* Takes n bytes; 0, or -1 (nothing taken) when the cap would be passed. */
GL_API int gl_budget_take(gl_budget *b, size_t n);
GL_API void gl_budget_give(gl_budget *b, size_t n);
GL_API size_t gl_budget_used(const gl_budget *b);

typedef struct gl_limits {
    double limit_ms;                   /* 0: no time limit */
    size_t mem_cap;                    /* bytes, without a budget; 0: gl_default_mem_cap() */
    volatile sig_atomic_t *interrupt;  /* non-zero once the user pressed Ctrl-C; may be NULL */
    gl_budget *budget;                 /* shared by every search of the process; may be NULL */
} gl_limits;

/* The cap that applies: the budget's, else mem_cap, else the default. */
GL_API size_t gl_limits_mem_cap(const gl_limits *lim);

#define GL_METER_INTERVAL 1024u

typedef struct gl_meter {
    const gl_limits *lim;  /* may be NULL: no limits */
    uint64_t start_ns;
    uint64_t deadline_ns;  /* 0: none */
    size_t bytes;          /* charged by this search and not refunded */
    size_t peak;           /* the most it held at once */
    size_t cap;            /* this meter's own cap (without a budget) */
    uint32_t work;         /* units since the clock was last read */
    const char *stopped;   /* NULL, or why the search must stop */
} gl_meter;

GL_API void gl_meter_start(gl_meter *m, const gl_limits *lim);
/* Reads the clock and the flag now: 1 (m->stopped set) when the search
 * must stop. */
GL_API int gl_meter_check(gl_meter *m);
/* Charges n bytes before they are allocated: 0, or -1 with m->stopped =
 * "memory limit" (nothing charged). */
GL_API int gl_meter_charge(gl_meter *m, size_t n);
/* Gives back n bytes of what this meter charged. */
GL_API void gl_meter_refund(gl_meter *m, size_t n);
/* Refunds whatever is still charged; the elapsed milliseconds. */
GL_API double gl_meter_end(gl_meter *m);
GL_API double gl_meter_ms(const gl_meter *m);

/* Polled in inner loops: `units` of work done since the last call. */
static inline int gl_meter_tick(gl_meter *m, uint32_t units)
{
    if (m->stopped) return 1;
    if (m->lim && m->lim->interrupt && *m->lim->interrupt) {
        m->stopped = "interrupted";
        return 1;
    }
    m->work += units;
    if (m->work < GL_METER_INTERVAL) return 0;
    return gl_meter_check(m);
}

#ifdef __cplusplus
}
#endif
#endif
