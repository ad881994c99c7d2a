/* The limits every search polls: a shared memory budget
 * (include/gridlab/limits.h) and the per-search meter
 * (src/gridlab/meter.h).  The budget's counters are updated with atomic
 * builtins so that the threads of a batch can share it. */
#include "gridlab/meter.h"
#include "gridlab/timing.h"

#include <string.h>

void gl_budget_init(gl_budget *b, size_t cap)
{
    b->used = 0;
    b->peak = 0;
    b->cap = cap ? cap : gl_default_mem_cap();
}

int gl_budget_take(gl_budget *b, size_t n)
{
    size_t cur = __atomic_load_n(&b->used, __ATOMIC_RELAXED);
    for (;;) {
        if (n > b->cap || cur > b->cap - n) return -1;
        if (__atomic_compare_exchange_n(&b->used, &cur, cur + n, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            break;
    }
    size_t now = cur + n, pk = __atomic_load_n(&b->peak, __ATOMIC_RELAXED);
    while (now > pk && !__atomic_compare_exchange_n(&b->peak, &pk, now, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return 0;
}

void gl_budget_give(gl_budget *b, size_t n) { __atomic_fetch_sub(&b->used, n, __ATOMIC_RELAXED); }

size_t gl_budget_used(const gl_budget *b) { return __atomic_load_n(&b->used, __ATOMIC_RELAXED); }

size_t gl_limits_mem_cap(const gl_limits *lim)
{
    if (lim && lim->budget) return lim->budget->cap;
    return (lim && lim->mem_cap) ? lim->mem_cap : gl_default_mem_cap();
}

void gl_meter_start(gl_meter *m, const gl_limits *lim)
{
    memset(m, 0, sizeof *m);
    m->lim = lim;
    m->start_ns = gl_now_ns();
    /* A limit too far away for a 64-bit deadline (about 290 years and
     * more, infinity included) is no limit; converting it would overflow.
     * Not a number is no limit either (the comparison is false). */
    if (lim && lim->limit_ms > 0) {
        double ns = lim->limit_ms * 1e6;
        m->deadline_ns = ns < 9e18 ? m->start_ns + (uint64_t)ns : UINT64_MAX;
    }
    m->cap = gl_limits_mem_cap(lim);
}

int gl_meter_check(gl_meter *m)
{
    m->work = 0;
    if (m->stopped) return 1;
    if (m->lim && m->lim->interrupt && *m->lim->interrupt) m->stopped = "interrupted";
    else if (m->deadline_ns && gl_now_ns() >= m->deadline_ns) m->stopped = "time limit";
    return m->stopped != NULL;
}

int gl_meter_charge(gl_meter *m, size_t n)
{
    const gl_limits *lim = m->lim;
    if (lim && lim->budget) {
        if (gl_budget_take(lim->budget, n) != 0) {
            m->stopped = "memory limit";
            return -1;
        }
    } else if (n > m->cap || m->bytes > m->cap - n) {
        m->stopped = "memory limit";
        return -1;
    }
    m->bytes += n;
    if (m->bytes > m->peak) m->peak = m->bytes;
    return 0;
}

void gl_meter_refund(gl_meter *m, size_t n)
{
    if (n > m->bytes) n = m->bytes;
    m->bytes -= n;
    if (m->lim && m->lim->budget) gl_budget_give(m->lim->budget, n);
}

double gl_meter_ms(const gl_meter *m) { return gl_ms_since(m->start_ns); }

double gl_meter_end(gl_meter *m)
{
    gl_meter_refund(m, m->bytes);
    return gl_meter_ms(m);
}
