/* `--mpi`: the program as one of several processes under mpirun.
 *
 * Every process runs the same command on the same input, and the game's
 * search spreads over them (the flood A*: docs/flood.md, "Many
 * processes").  Only rank 0 prints: the others' standard output and error
 * go to /dev/null, so the output is the one process's plus what the search
 * reports per process ("ranks" in --json).  The transport itself belongs
 * to the game (its GAME_mpi.c), installed through its tools table. */
#include "cli.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef GL_HAVE_MPI
#include <mpi.h>
#endif

#ifdef GL_HAVE_MPI
static int mpi_started;
#endif
static int err_fd = 2; /* the first standard error, kept on every rank */
static char **mpi_argv; /* the rewritten arguments */
static int ranks_n = -1;
static int abandoned; /* gl_cli_mpi_abandon */
static unsigned long long *ranks_nodes;
static size_t *ranks_peak;
static double *ranks_cpu;

int gl_cli_mpi_start(int *argc, char ***argv)
{
    int at = -1;
    for (int i = 1; i < *argc; i++)
        if (strcmp((*argv)[i], "--mpi") == 0) at = i;
    if (at < 0) return 0;
#ifndef GL_HAVE_MPI
    return gl_cli_failf("--mpi: this gridlab was built without MPI (configure with -DGRIDLAB_MPI=ON, with Debian's "
                        "libopenmpi-dev and openmpi-bin installed)");
#else
    for (int i = 2; i < *argc; i++)
        if (strcmp((*argv)[i], "-") == 0)
            return gl_cli_failf("--mpi: every process reads the input itself: give a FILE, not - (standard input "
                                "reaches one process only)");
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return gl_cli_failf("--mpi: MPI could not start");
    mpi_started = 1;
    /* --mpi becomes the solver option --mpi 1 (MPI_Init may have taken
     * arguments of its own: found again) */
    at = -1;
    for (int i = 1; i < *argc; i++)
        if (strcmp((*argv)[i], "--mpi") == 0) at = i;
    mpi_argv = calloc((size_t)*argc + 2, sizeof *mpi_argv);
    if (!mpi_argv) return gl_cli_failf("out of memory");
    int n = 0;
    for (int i = 0; i < *argc; i++) {
        mpi_argv[n++] = (*argv)[i];
        if (i == at) mpi_argv[n++] = "1";
    }
    *argc = n;
    *argv = mpi_argv;
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) {
        int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
        err_fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
        if (err_fd < 0) err_fd = 2;
        if (fd >= 0) {
            fflush(stdout);
            fflush(stderr);
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
    }
    for (int k = 0; gl_cli_tools_all[k]; k++)
        if (gl_cli_tools_all[k]->mpi) gl_cli_tools_all[k]->mpi();
    return 0;
#endif
}

int gl_cli_mpi_err_fd(void) { return err_fd; }

void gl_cli_mpi_abandon(void) { abandoned = 1; }

void gl_cli_mpi_end(void)
{
#ifdef GL_HAVE_MPI
    if (mpi_started && abandoned) {
        /* the others are mid-way through a search's end: MPI_Finalize
         * would wait for them */
        fflush(stdout);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, GL_EXIT_INTERRUPTED);
    }
    if (mpi_started) MPI_Finalize();
#endif
    free(mpi_argv);
    free(ranks_nodes);
    free(ranks_peak);
    free(ranks_cpu);
    ranks_cpu = NULL;
    mpi_argv = NULL;
    ranks_nodes = NULL;
    ranks_peak = NULL;
}

void gl_cli_mpi_ranks(int n, const unsigned long long *nodes, const size_t *peak, const double *cpu_ms)
{
    double *c = realloc(ranks_cpu, (size_t)(n > 0 ? n : 1) * sizeof *c);
    if (!c) {
        ranks_n = -1;
        return;
    }
    ranks_cpu = c;
    memcpy(ranks_cpu, cpu_ms, (size_t)n * sizeof *cpu_ms);
    unsigned long long *a = realloc(ranks_nodes, (size_t)(n > 0 ? n : 1) * sizeof *a);
    if (a) ranks_nodes = a;
    size_t *b = realloc(ranks_peak, (size_t)(n > 0 ? n : 1) * sizeof *b);
    if (b) ranks_peak = b;
    if (!a || !b) {
        ranks_n = -1;
        return;
    }
    memcpy(ranks_nodes, nodes, (size_t)n * sizeof *nodes);
    memcpy(ranks_peak, peak, (size_t)n * sizeof *peak);
    ranks_n = n;
}

void gl_cli_mpi_ranks_json(gl_strbuf *out)
{
    if (ranks_n < 0 || !out->len || out->data[out->len - 1] != '}') return;
    out->data[--out->len] = '\0';
    gl_sb_puts(out, ",\"ranks\":[");
    for (int i = 0; i < ranks_n; i++)
        gl_sb_printf(out, "%s{\"nodes\":%llu,\"peak_bytes\":%zu,\"cpu_ms\":%.1f}", i ? "," : "", ranks_nodes[i],
                     ranks_peak[i], ranks_cpu[i]);
    gl_sb_puts(out, "]}");
    ranks_n = -1;
}
