/* flood's tools in the program: `gridlab batch flood`, `show --groups`
 * and `gridlab bench flood` (flood_bench.c).
 *
 * gridlab batch flood: the public benchmark format (SPEC 2.1).
 *
 * One board per line (W*H symbols, row-major); one solution per output
 * line in input order (the colour symbols, or a JSON object with --json),
 * and a summary on stderr.  The input is streamed: a regular file is first
 * read through once to check every line (bad input fails before any work)
 * and count the boards, then again to solve them; standard input is
 * checked line by line as it comes.
 *
 * With --jobs N, N threads take the next board from the input in turn; a
 * finished board's line is printed as soon as every board before it is,
 * so the lines come in input order for any N (and are the same lines
 * while each board's search has one thread).  Results wait in a window of slots
 * (board i in slot i mod the window's size), and a thread does not take a
 * board beyond the window, so memory stays flat whatever the input's
 * length: the boards in flight and the results waiting for an earlier one.
 * The solvers share the process's one memory budget (--mem-mb).
 *
 * Ctrl-C (SIGINT) or SIGTERM stops the batch: no new board is taken, the
 * solvers in flight stop, and the results already complete are printed, up
 * to the first board that was not: so the output is always a prefix of the
 * full one, line k for board k.  The summary says the batch was
 * interrupted and how many boards were not solved; exit status 130.
 *
 * The input is read through a small reader of its own over the file
 * descriptor: a line longer than a board can be is refused as soon as it
 * is (so /dev/zero, one endless line, is refused at once, not read for
 * ever), a byte-order mark at the start is skipped, and a stream waits in
 * poll(), so that Ctrl-C stops a batch waiting for its input (the signal
 * handler restarts reads: main.c). */
#include "cli.h"
#include "games/flood/flood.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    char *text;      /* the output line, once done and printable */
    int done;        /* the worker is finished with this board */
    int interrupted; /* its search was interrupted: not printed, nor anything after it */
    int moves, optimal, solved;
    double ms;
} result;

/* The input: a file descriptor and a buffer (see the top). */
typedef struct {
    int fd;
    int stream;      /* not a regular file: wait in poll() */
    int bom_checked; /* the start was looked at for a byte-order mark */
    size_t pos, len; /* the bytes not yet taken: buf[pos..len) */
    char buf[1 << 16];
} reader;

typedef struct {
    const gl_game *game;
    reader *in;
    const char *file; /* the input's name in messages */
    int w, h, start;
    const char *algo;
    gl_kvlist *opts;
    gl_limits lim;
    int json;
    long window; /* result slots */
    /* shared, under mu */
    pthread_mutex_t mu;
    pthread_cond_t cv;   /* a result was printed, or the batch stops */
    long lineno;         /* input lines read */
    long next_board;     /* boards taken */
    long next_print;     /* boards printed */
    int eof, stop;       /* no more boards: the input ended / the batch stops */
    int cut;             /* a board was interrupted: nothing more is printed */
    result *slot;
    int failed;
    gl_error err;
    /* totals of the printed boards */
    long long total_moves;
    long optimal, solved;
    double ms;
} batch;

/* Reads more into r's buffer, after what is left in it: 1, 0 at the end,
 * -1 on a read error (errno), -2 when Ctrl-C came while a stream was
 * waited for. */
static int fill(reader *r)
{
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->len -= r->pos;
        r->pos = 0;
    }
    for (;;) {
        if (r->stream) {
            if (gl_cli_interrupted) return -2;
            struct pollfd p = {r->fd, POLLIN, 0};
            int k = poll(&p, 1, 200);
            if (k == 0 || (k < 0 && errno == EINTR)) continue;
            if (k < 0) return -1;
        }
        ssize_t n = read(r->fd, r->buf + r->len, sizeof r->buf - r->len);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n < 0) return -1;
        r->len += (size_t)n;
        return n > 0;
    }
}

enum { RD_END = -1, RD_ERROR = -2, RD_STOP = -3, RD_TWO_MARKS = -4 };

/* The next byte, or RD_END, RD_ERROR (errno), RD_STOP (interrupted). */
static int next_byte(reader *r)
{
    if (r->pos == r->len) {
        int k = fill(r);
        if (k <= 0) return k == 0 ? RD_END : k == -1 ? RD_ERROR : RD_STOP;
    }
    return (unsigned char)r->buf[r->pos++];
}

/* Skips a byte-order mark at the start of the input: 0, or a negative
 * RD_ code (RD_TWO_MARKS: a second one follows, as gl_read_file refuses). */
static int skip_bom(reader *r)
{
    r->bom_checked = 1;
    while (r->len - r->pos < 6) {
        int k = fill(r);
        if (k == 0) break;
        if (k < 0) return k == -1 ? RD_ERROR : RD_STOP;
    }
    if (r->len - r->pos >= 3 && gl_text_has_bom(r->buf + r->pos, 3)) {
        r->pos += 3;
        if (gl_text_has_bom(r->buf + r->pos, r->len - r->pos)) return RD_TWO_MARKS;
    }
    return 0;
}

/* Reads the next board line into buf (at most cap bytes, the line's '\r'
 * included; a longer line is refused as soon as it is known to be one, a
 * comment line beyond GL_TEXT_MAX_LINE bytes too), skipping '#' lines and
 * blank lines and counting every line in *lineno.  1 with a line (*len its
 * length), 0 at the end, -1 on a read error, -2 interrupted while waiting
 * for input, -3 a line too long (*lineno is its number), -4 two byte-order
 * marks at the start. */
static int next_line(reader *r, char *buf, long cap, long *len, long *lineno)
{
    if (!r->bom_checked) {
        int k = skip_bom(r);
        if (k < 0) return k == RD_ERROR ? -1 : k == RD_STOP ? -2 : -4;
    }
    for (;;) {
        long n = 0;
        int c, any = 0, comment = 0;
        for (;;) {
            c = next_byte(r);
            if (c == RD_ERROR) return -1;
            if (c == RD_STOP) return -2;
            if (c == RD_END || c == '\n') break;
            if (!any) comment = c == '#';
            any = 1;
            if (n == (comment ? GL_TEXT_MAX_LINE : cap)) {
                ++*lineno;
                return -3;
            }
            if (!comment) buf[n] = (char)c;
            n++;
        }
        if (c == RD_END && !any) return 0;
        ++*lineno;
        if (comment) continue;
        if (n && buf[n - 1] == '\r') n--;
        if (n == 0) continue;
        *len = n;
        return 1;
    }
}

/* The longest line that can be a board: its symbols and a '\r'. */
static long line_cap(const batch *B) { return (long)B->w * B->h + 1; }

/* The board of a line, or -1 with "FILE:LINE: message". */
static int board_of(const batch *B, const char *line, long len, long lineno, flood_board *fb, gl_error *err)
{
    long need = (long)B->w * B->h;
    int at = lineno > INT_MAX ? INT_MAX : (int)lineno;
    if (len != need) return gl_error_at(err, B->file, at, "%ld symbols where %dx%d needs %ld", len, B->w, B->h, need);
    if (flood_board_from_line(fb, line, (int)len, B->w, B->h, B->start, err) != 0) {
        char msg[GL_ERROR_MAX];
        snprintf(msg, sizeof msg, "%s", err->msg);
        return gl_error_at(err, B->file, at, "%s", msg);
    }
    return 0;
}

/* The message of next_line's -3 (a line too long to be a board) or -4
 * (two byte-order marks): "FILE:LINE: ...". */
static int bad_line(const batch *B, int got, long lineno, gl_error *err)
{
    if (got == -4) return gl_error_at(err, B->file, 1, "two byte-order marks at the start (one is skipped, not two)");
    int at = lineno > INT_MAX ? INT_MAX : (int)lineno;
    return gl_error_at(err, B->file, at, "line too long (more than %ld bytes: a %dx%d board is %ld symbols)",
                       line_cap(B), B->w, B->h, (long)B->w * B->h);
}

/* Stops the batch on an error (the first one is kept): no new board, and
 * the solvers in flight stop as on Ctrl-C.  Under mu. */
static void fail(batch *B, const gl_error *err)
{
    if (!B->failed) {
        B->failed = 1;
        B->err = *err;
    }
    B->stop = 1;
    gl_cli_interrupted = 1;
    pthread_cond_broadcast(&B->cv);
}

/* Prints the results that are next in input order.  Under mu. */
static void print_ready(batch *B)
{
    int wrote = 0;
    while (!B->cut && !B->failed && B->next_print < B->next_board) {
        result *r = &B->slot[B->next_print % B->window];
        if (!r->done) break;
        if (r->interrupted) {
            B->cut = 1;
            break;
        }
        if (fputs(r->text, stdout) == EOF) break;
        wrote = 1;
        B->total_moves += r->moves;
        B->optimal += r->optimal;
        B->solved += r->solved;
        B->ms += r->ms;
        free(r->text);
        memset(r, 0, sizeof *r);
        B->next_print++;
    }
    if ((wrote || ferror(stdout)) && (fflush(stdout) != 0 || ferror(stdout))) {
        gl_error err = {0};
        gl_error_set(&err, "<stdout>: write error: %s", strerror(errno ? errno : EIO));
        fail(B, &err);
    }
    pthread_cond_broadcast(&B->cv);
}

/* Solves board i into its slot's fields; 0, or -1 with err set. */
static int solve_board(batch *B, const flood_board *fb, result *r, gl_error *err)
{
    gl_solution sol;
    gl_solution_init(&sol);
    gl_strbuf out = GL_STRBUF_INIT;
    /* a private copy of the options: the solver marks them used */
    gl_kvlist opts;
    gl_kv_init(&opts);
    for (int k = 0; k < B->opts->n; k++) gl_kv_add(&opts, B->opts->items[k].key, B->opts->items[k].value, 0);
    int rc = gl_cli_run_solver(B->game, (const gl_board *)fb, B->algo, &opts, &B->lim, NULL, &sol, err);
    gl_kv_free(&opts);
    if (rc == 0 && sol.solved && gl_cli_replay(B->game, (const gl_board *)fb, &sol, err) != 0) rc = -1;
    if (rc == 0) {
        r->interrupted = sol.stopped && strcmp(sol.stopped, "interrupted") == 0;
        r->moves = sol.nmoves;
        r->optimal = sol.optimal;
        r->solved = sol.solved;
        r->ms = sol.ms;
        if (B->json) gl_cli_solution_json(B->game, (const gl_board *)fb, gl_game_solver(B->game, B->algo)->name, &sol, &out);
        else gl_cli_moves_text(B->game, (const gl_board *)fb, &sol, "", &out);
        gl_sb_putc(&out, '\n');
        if (!r->interrupted && !(r->text = strdup(gl_sb_str(&out)))) rc = gl_error_set(err, "out of memory");
    }
    gl_sb_free(&out);
    gl_solution_free(&sol);
    return rc;
}

static void *worker(void *arg)
{
    batch *B = arg;
    char line[FLOOD_MAX_CELLS + 2];
    pthread_mutex_lock(&B->mu);
    for (;;) {
        /* the next board, once its slot is free */
        while (!B->stop && !B->eof && !gl_cli_interrupted && B->next_board >= B->next_print + B->window)
            pthread_cond_wait(&B->cv, &B->mu);
        if (gl_cli_interrupted) B->stop = 1;
        if (B->stop || B->eof) break;
        long len;
        int got = next_line(B->in, line, line_cap(B), &len, &B->lineno);
        gl_error err = {0};
        if (got == -2) {
            /* Ctrl-C while waiting for input (a pipe, a terminal) */
            B->stop = 1;
            pthread_cond_broadcast(&B->cv);
            break;
        }
        if (got == -3 || got == -4) {
            bad_line(B, got, B->lineno, &err);
            fail(B, &err);
            break;
        }
        if (got < 0) {
            gl_error_set(&err, "%s: read error: %s", B->file, strerror(errno ? errno : EIO));
            fail(B, &err);
            break;
        }
        if (got == 0) {
            B->eof = 1;
            pthread_cond_broadcast(&B->cv);
            break;
        }
        flood_board fb;
        if (board_of(B, line, len, B->lineno, &fb, &err) != 0) {
            fail(B, &err);
            break;
        }
        long i = B->next_board++;
        pthread_mutex_unlock(&B->mu);

        result r = {0};
        int rc = solve_board(B, &fb, &r, &err);

        pthread_mutex_lock(&B->mu);
        if (rc != 0) {
            free(r.text);
            fail(B, &err);
            break;
        }
        r.done = 1;
        B->slot[i % B->window] = r;
        print_ready(B);
    }
    pthread_mutex_unlock(&B->mu);
    return NULL;
}

/* Checks every board line of a regular file before any is solved, and
 * counts them; the file is then read again from its start.  0, or -1 with
 * the first bad line in err. */
static int check_all(batch *B, long *boards, gl_error *err)
{
    char line[FLOOD_MAX_CELLS + 2];
    long len, lineno = 0;
    int got;
    *boards = 0;
    while ((got = next_line(B->in, line, line_cap(B), &len, &lineno)) > 0) {
        flood_board fb;
        if (board_of(B, line, len, lineno, &fb, err) != 0) return -1;
        ++*boards;
    }
    if (got == -3 || got == -4) return bad_line(B, got, lineno, err);
    if (got < 0 || lseek(B->in->fd, 0, SEEK_SET) != 0)
        return gl_error_set(err, "%s: read error: %s", B->file, strerror(errno ? errno : EIO));
    B->in->pos = B->in->len = 0;
    B->in->bom_checked = 0;
    return 0;
}

static const char BATCH_HELP[] =
    "Solves every board of a benchmark file: one board per line, W*H colour\n"
    "symbols (0-9, a-z) in row-major order; '#' lines and blank lines are skipped.\n"
    "Prints one solution per board in input order (the move symbols, no spaces),\n"
    "each as soon as every board before it is done, and a summary on stderr.\n"
    "FILE - reads standard input.  Options:\n"
    "  --size WxH          the boards' size (required)\n"
    "  --start corner|center  where the flood starts (default corner)\n"
    "  --algo A            astar (default), ida, greedy, beam\n"
    "  --json              one JSON object per line (as solve --json)\n"
    "  --limit-ms N        time limit per board (then optimal is false)\n"
    "  --mem-mb N          memory cap of the whole batch, shared by the jobs\n"
    "  --jobs N            boards solved at once (the same output for any N while\n"
    "                      each board has one thread); with fewer boards than\n"
    "                      jobs, astar gives each board jobs/boards threads\n"
    "  --threads N         astar's threads per board (solve --threads); a board\n"
    "                      on several threads has the same length and optimality,\n"
    "                      but its moves may be another optimal solution\n"
    "  --KEY VALUE         a solver option (depth, width, threads)\n"
    "Ctrl-C or SIGTERM stops it: the boards done are printed (line k for board k,\n"
    "up to the first board not done) and the summary says how many were not.\n"
    "Exit status: 0 all solved, 1 some board not solved, 2 bad input or a failed\n"
    "write, 130 interrupted.\n";

static int cmd_batch(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status,
                       "batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N] [--threads T] "
                       "[--json] [--limit-ms N] [--mem-mb N]",
                       BATCH_HELP))
        return status;
    int rc = GL_EXIT_OK;
    batch B;
    memset(&B, 0, sizeof B);
    gl_kvlist sopts;
    gl_kv_init(&sopts);
    if ((rc = gl_args_expect(&a, 2, 2, "batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N]")))
        goto out;
    if (strcmp(a.pos[0], "flood") != 0) {
        rc = gl_cli_failf("batch: only flood has a batch format, not '%s' (usage: gridlab batch flood FILE ...)",
                          a.pos[0]);
        goto out;
    }
    int w = 0, h = 0, start = 0;
    long long jobs = 1;
    if (gl_kv_size(&a.opts, "size", 1, FLOOD_MAX_SIDE, 1, FLOOD_MAX_SIDE, &w, &h, &err) != 0 ||
        gl_kv_choice(&a.opts, "start", "corner|center", &start, &err) != 0 ||
        gl_kv_int(&a.opts, "jobs", 1, 256, &jobs, &err) != 0 || gl_args_limits(&a, &B.lim, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (!w) {
        rc = gl_cli_failf("batch: --size WxH is required");
        goto out;
    }
    if (jobs > 1 && gl_kv_get(&a.opts, "mpi")) {
        rc = gl_cli_failf("batch: --mpi solves one board at a time over all the processes: leave out --jobs");
        goto out;
    }
    B.algo = gl_kv_get(&a.opts, "algo");
    for (int i = 0; i < a.opts.n; i++)
        if (!a.opts.items[i].used) gl_kv_add(&sopts, a.opts.items[i].key, a.opts.items[i].value, 0);
    B.game = gl_game_find("flood");
    if (!gl_game_solver(B.game, B.algo)) {
        rc = gl_cli_failf("flood has no solver '%s' (solvers: astar, ida, greedy, beam)", B.algo);
        goto out;
    }
    int from_stdin = strcmp(a.pos[1], "-") == 0;
    B.file = from_stdin ? "<stdin>" : a.pos[1];
    B.in = malloc(sizeof *B.in);
    if (!B.in) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    memset(B.in, 0, offsetof(reader, buf));
    B.in->fd = from_stdin ? 0 : open(a.pos[1], O_RDONLY | O_CLOEXEC);
    if (B.in->fd < 0) {
        rc = gl_cli_failf("%s: cannot open: %s", B.file, strerror(errno));
        goto out;
    }
    B.w = w;
    B.h = h;
    B.start = start;
    B.opts = &sopts;
    B.json = gl_args_flag(&a, flags, "json");
    /* a regular file is checked whole first, and its boards counted */
    long boards = -1;
    struct stat st;
    B.in->stream = !(fstat(B.in->fd, &st) == 0 && S_ISREG(st.st_mode));
    if (!from_stdin && !B.in->stream && check_all(&B, &boards, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    int nt = (int)jobs;
    if (boards >= 0 && nt > boards) {
        nt = boards > 0 ? (int)boards : 1;
        /* fewer boards than jobs: the jobs left over go to each board's
         * own search, where the solver can use them */
        long per = jobs / nt;
        char buf[24];
        if (per > 1 && !gl_kv_get(&sopts, "threads") && strcmp(B.algo ? B.algo : "astar", "astar") == 0) {
            snprintf(buf, sizeof buf, "%ld", per > 64 ? 64L : per);
            gl_kv_add(&sopts, "threads", buf, 0);
        }
    }
    B.window = 64L * nt < 256 ? 256 : 64L * nt;
    B.slot = calloc((size_t)B.window, sizeof *B.slot);
    if (!B.slot) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    pthread_mutex_init(&B.mu, NULL);
    pthread_cond_init(&B.cv, NULL);
    gl_cli_catch_sigint(); /* SIGTERM too */
    uint64_t t0 = gl_now_ns();
    pthread_t *th = malloc((size_t)nt * sizeof *th);
    int started = 0;
    if (th)
        for (; started < nt - 1; started++)
            if (pthread_create(&th[started], NULL, worker, &B) != 0) break;
    worker(&B);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    free(th);
    pthread_cond_destroy(&B.cv);
    pthread_mutex_destroy(&B.mu);
    double wall = gl_ms_since(t0);
    if (!B.failed && (fflush(stdout) != 0 || ferror(stdout))) {
        gl_error_set(&err, "<stdout>: write error: %s", strerror(errno ? errno : EIO));
        B.failed = 1;
        B.err = err;
    }
    if (B.failed) {
        rc = gl_cli_fail(&B.err);
        goto out;
    }
    const gl_solver *sv = gl_game_solver(B.game, B.algo);
    long printed = B.next_print;
    if (B.stop) {
        /* interrupted: the boards not printed were not solved */
        if (boards >= 0)
            fprintf(stderr, "flood batch: interrupted: %ld of %ld boards solved and printed, %ld not solved; ", printed,
                    boards, boards - printed);
        else
            fprintf(stderr, "flood batch: interrupted: %ld boards solved and printed, %ld read and not solved, "
                            "the rest of the input not read; ",
                    printed, B.next_board - printed);
        fprintf(stderr, "%s, total moves %lld, %ld proved optimal, %.1f ms solver time, %.1f ms wall with %d jobs\n",
                sv->name, B.total_moves, B.optimal, B.ms, wall, nt);
        rc = 130;
        goto out;
    }
    fprintf(stderr, "flood batch: %ld boards, %s, total moves %lld, %ld solved, %ld proved optimal, "
                    "%.1f ms solver time (%.3f ms mean), %.1f ms wall with %d jobs\n",
            printed, sv->name, B.total_moves, B.solved, B.optimal, B.ms, printed ? B.ms / (double)printed : 0.0, wall,
            nt);
    if (B.solved < printed) rc = GL_EXIT_NO;
out:
    if (B.slot)
        for (long i = 0; i < B.window; i++) free(B.slot[i].text);
    free(B.slot);
    if (B.in && B.in->fd > 0) close(B.in->fd);
    free(B.in);
    gl_kv_free(&sopts);
    gl_args_free(&a);
    return rc;
}

static const gl_cli_command commands[] = {
    {"batch", "batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N] [--threads T] [--json]",
     "flood: solve a benchmark file, one board per line", cmd_batch},
    {NULL, NULL, NULL, NULL},
};

/* `gridlab show --groups`: the component graph, each cell as group/colour. */
static void show_groups(const gl_board *b, gl_strbuf *out, int colour)
{
    flood_render_groups((const flood_board *)b, out, colour);
}

static const gl_cli_view groups = {"groups", "each cell as group/colour: the component graph the solvers work on",
                                   show_groups};

#ifdef GL_HAVE_MPI
void flood_mpi_install(void); /* flood_mpi.c */
#define FLOOD_MPI flood_mpi_install
#else
#define FLOOD_MPI NULL
#endif
const gl_cli_tools gl_cli_tools_flood = {
    .game = "flood", .commands = commands, .view = &groups, .bench = gl_bench_flood, .mpi = FLOOD_MPI};
