/* The meter every search reads its limits through (the limits themselves,
 * gl_limits and gl_budget, are the API: include/gridlab/limits.h).
 *
 * A search keeps a gl_meter for the length of its run.  The meter is
 * polled inside the search's inner loops: gl_meter_tick() costs one flag
 * test and an add, and reads the clock once every GL_METER_INTERVAL units
 * of work, so a search that ticks once per node (or once per unit of
 * comparable work) stops within a bounded interval of any limit.
 *
 * Memory is charged before it is allocated (gl_meter_charge), including
 * the new table of a rehash while the old one still lives.  With a
 * gl_budget in the limits, every meter of the process charges the same
 * budget; without one, the cap applies to the meter alone.
 *
 * A stopped search keeps its best answer so far and reports
 * meter.stopped ("time limit", "memory limit", "interrupted") with
 * optimal = false. */
#ifndef GRIDLAB_METER_H
#define GRIDLAB_METER_H

#include <stddef.h>
#include <stdint.h>
#include <gridlab/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Takes n bytes of the budget; 0, or -1 (nothing taken) when the cap
 * would be passed. */
int gl_budget_take(gl_budget *b, size_t n);
void gl_budget_give(gl_budget *b, size_t n);

/* The cap that applies: the budget's, else mem_cap, else the default. */
size_t gl_limits_mem_cap(const gl_limits *lim);

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

void gl_meter_start(gl_meter *m, const gl_limits *lim);
/* Reads the clock and the flag now: 1 (m->stopped set) when the search
 * must stop. */
int gl_meter_check(gl_meter *m);
/* Charges n bytes before they are allocated: 0, or -1 with m->stopped =
 * "memory limit" (nothing charged). */
int gl_meter_charge(gl_meter *m, size_t n);
/* Gives back n bytes of what this meter charged. */
void gl_meter_refund(gl_meter *m, size_t n);
/* Refunds whatever is still charged; the elapsed milliseconds. */
double gl_meter_end(gl_meter *m);
double gl_meter_ms(const gl_meter *m);

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
