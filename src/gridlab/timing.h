/* Monotonic wall-clock timing, processor time and memory readings. */
#ifndef GRIDLAB_TIMING_H
#define GRIDLAB_TIMING_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nanoseconds from CLOCK_MONOTONIC. */
uint64_t gl_now_ns(void);
double gl_ms_since(uint64_t start_ns);
/* Processor time of the calling thread in milliseconds: what a benchmark
 * on a loaded machine compares, beside the wall time, and what the
 * players' time limits count.  Where there is no thread clock (the page's
 * WebAssembly), the process's, else the monotonic clock. */
double gl_thread_cpu_ms(void);
/* Peak resident set of this process in bytes (getrusage). */
size_t gl_peak_rss_bytes(void);
/* Physical memory of the machine in bytes (0 if unknown). */
size_t gl_phys_mem_bytes(void);
/* The default memory cap of a solver: half the machine, at most 8 GiB,
 * at least 256 MiB. */
size_t gl_default_mem_cap(void);

#ifdef __cplusplus
}
#endif
#endif
