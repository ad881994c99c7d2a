/* Monotonic time and memory readings, in one place so that every solver
 * and benchmark measures the same way. */
#define _POSIX_C_SOURCE 200809L
#include "gridlab/timing.h"

#include <stdint.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

uint64_t gl_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

double gl_ms_since(uint64_t start_ns) { return (double)(gl_now_ns() - start_ns) / 1e6; }

double gl_thread_cpu_ms(void)
{
    /* WebAssembly's clock_gettime knows no thread clock (EINVAL): the page
     * runs one thread, so the process's clock is the same; failing that,
     * the monotonic clock, so that a limit on processor time still ends */
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0 && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0 &&
        clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

size_t gl_peak_rss_bytes(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    return (size_t)ru.ru_maxrss * 1024; /* Linux reports kilobytes */
}

size_t gl_phys_mem_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0) return 0;
    return (size_t)pages * (size_t)size;
}

size_t gl_default_mem_cap(void)
{
    size_t phys = gl_phys_mem_bytes();
    size_t cap = phys ? phys / 2 : ((size_t)2 << 30);
#if SIZE_MAX > 0xffffffffu
    const size_t most = (size_t)8 << 30;
#else
    const size_t most = (size_t)1 << 30; /* a 32-bit address space (WebAssembly) */
#endif
    if (cap > most) cap = most;
    if (cap < ((size_t)256 << 20)) cap = (size_t)256 << 20;
    return cap;
}
