/* lines' tools in the program: `gridlab autoplay` and `train`, and
 * `gridlab bench lines` (lines_bench.c).
 *
 * gridlab autoplay lines: the AI players play whole games, optionally
 * recorded as one replay file (SPEC 2.2), and --check FILE re-simulates a
 * replay file turn by turn.
 *
 * Both stream: a run of any number of games holds one game at a time (its
 * record goes to the file when it ends, its line or JSON object is printed
 * then, and the median comes from a count per distinct score), and the
 * checker holds one line of the file at a time. */
#include "cli.h"
#include "games/lines/lines.h"
#include "games/lines/lines_train.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char autoplay_usage[] =
    "autoplay lines [--ai greedy|search|learned] [--games N] [--seed S] [--rules klines|lines98]\n"
    "       [--record FILE] [--json] [--max-turns T] [--ms MS]\n"
    "       [--candidates N] [--depth D] [--width W] [--discount P] [--weights FILE] [--top K]\n"
    "       [--branch M] [--samples N] [--decisions D]\n"
    "       [--size WxH] [--colors K] [--line L] [--spawn S]\n"
    "       gridlab autoplay lines --check FILE [--json]";

/* ------------------------------------------------------------ --check */

/* Reads the next line of f into buf (at most cap bytes, the newline not
 * kept): its length; -1 at the end of the file; -2 when the line is longer
 * than cap (reading stops there); -3 on a read error. */
static long read_line(FILE *f, char *buf, long cap)
{
    long n = 0;
    int c;
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        if (n == cap) return -2;
        buf[n++] = (char)c;
    }
    if (ferror(f)) return -3;
    return c == EOF && n == 0 ? -1 : n;
}

static int autoplay_check(const char *path, int json)
{
    gl_error err = {0};
    int stdin_ = strcmp(path, "-") == 0;
    const char *name = stdin_ ? "<stdin>" : path;
    FILE *f = stdin_ ? stdin : fopen(path, "rb");
    if (!f) return gl_cli_failf("%s: cannot open: %s", name, strerror(errno));
    /* one line and one board at a time, whatever the file's size */
    char *buf = malloc(LINES_REPLAY_MAX_LINE + 3); /* a byte-order mark may come first */
    lines_replay_checker *c = malloc(sizeof *c);
    if (!buf || !c) {
        free(buf);
        free(c);
        if (!stdin_) fclose(f);
        return gl_cli_failf("out of memory");
    }
    lines_replay_checker_init(c, name);
    int rc = 0, bad_input = 0;
    for (;;) {
        long n = read_line(f, buf, LINES_REPLAY_MAX_LINE + (c->line == 0 ? 3 : 0));
        if (n == -1) break;
        /* the first line may hold a byte-order mark besides its 65536
         * bytes, no more: 65,537 bytes without one are too long as well */
        if (n > LINES_REPLAY_MAX_LINE && !gl_text_has_bom(buf, (size_t)n)) n = -2;
        if (n == -2) {
            gl_error_at(&err, name, c->line + 1, "line too long (more than %d bytes)", LINES_REPLAY_MAX_LINE);
            rc = -1;
            bad_input = 1;
            break;
        }
        if (n == -3) {
            gl_error_set(&err, "%s: read error: %s", name, strerror(errno ? errno : EIO));
            rc = -1;
            bad_input = 1;
            break;
        }
        if ((rc = lines_replay_check_line(c, buf, (size_t)n, &err)) != 0) break;
    }
    if (rc == 0) rc = lines_replay_check_end(c, &err);
    int games = c->games;
    long long turns = c->turns;
    free(buf);
    free(c);
    if (!stdin_) fclose(f);
    if (bad_input) return gl_cli_fail(&err); /* not read to the end: bad input, exit 2 */
    if (rc != 0) {
        if (json) {
            gl_strbuf sb = GL_STRBUF_INIT;
            gl_json_escape(&sb, err.msg);
            printf("{\"valid\":false,\"error\":%s}\n", gl_sb_str(&sb));
            gl_sb_free(&sb);
        }
        fprintf(stderr, "gridlab: %s\n", err.msg);
        return GL_EXIT_NO;
    }
    if (json) printf("{\"valid\":true,\"games\":%d,\"turns\":%lld}\n", games, turns);
    else printf("%s: valid: %d games, %lld turns\n", path, games, turns);
    return GL_EXIT_OK;
}

/* ------------------------------------------------------------ the record */

/* The record is a log, not a save: each game goes to the file in one write
 * as it ends, so a run that is killed (SIGKILL, a power cut aside) keeps
 * every game it finished, each one checkable.  The file is opened before
 * any game is played, so a path that cannot be written is refused at once,
 * but emptied only when the first game ends: a run that finishes no game
 * leaves an existing file as it was, and removes one it created.
 *
 * It is opened without blocking (a FIFO with no reader would wait for one
 * for ever; anything but a regular file is refused), and locked for
 * writing (fcntl, so the lock goes with the process): a second run on the
 * same record is refused before it writes a byte, where two writers would
 * interleave, the one that empties the file cutting the other's games and
 * leaving it to write past the new end (a file of NUL bytes). */
typedef struct record_file {
    const char *path;
    int fd;
    int created; /* the run made the file */
    int started; /* emptied and written to */
} record_file;

static int record_open(record_file *f, const char *path, gl_error *err)
{
    f->path = path;
    f->started = 0;
    f->created = 1;
    f->fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666); /* read too: record_write */
    if (f->fd < 0 && errno == EEXIST) {
        f->created = 0;
        f->fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    }
    /* ENXIO: a FIFO nobody reads; EISDIR: a directory */
    if (f->fd < 0 && (errno == EISDIR || errno == ENXIO))
        return gl_error_set(err, "%s: cannot write: not a regular file", path);
    if (f->fd < 0) return gl_error_set(err, "%s: cannot write: %s", path, strerror(errno));
    struct stat st;
    int flags;
    if (fstat(f->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(f->fd);
        f->fd = -1;
        return gl_error_set(err, "%s: cannot write: not a regular file", path);
    }
    if ((flags = fcntl(f->fd, F_GETFL)) == -1 || fcntl(f->fd, F_SETFL, flags & ~O_NONBLOCK) == -1) {
        int e = errno;
        close(f->fd);
        f->fd = -1;
        return gl_error_set(err, "%s: cannot write: %s", path, strerror(e));
    }
    struct flock lk;
    memset(&lk, 0, sizeof lk);
    lk.l_type = F_WRLCK;
    lk.l_whence = SEEK_SET; /* l_start 0, l_len 0: the whole file */
    if (fcntl(f->fd, F_SETLK, &lk) == -1) {
        int e = errno;
        close(f->fd);
        f->fd = -1;
        if (e == EACCES || e == EAGAIN)
            return gl_error_set(err, "%s: another run is writing this record (it is locked): not written", path);
        return gl_error_set(err, "%s: cannot lock: %s", path, strerror(e));
    }
    return 0;
}

/* data at offset off, whole; 0 or -1 (errno). */
static int pwrite_all(int fd, const char *data, size_t len, off_t off)
{
    for (size_t done = 0; done < len;) {
        ssize_t w = pwrite(fd, data + done, len - done, off + (off_t)done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        done += (size_t)w;
    }
    return 0;
}

/* One game's lines.  A write that fails (a full disk, a file size limit)
 * takes nothing away: a game after the first is cut back off whole (the
 * games before it stay checkable), and the first, which replaces the
 * file's old content, is written over it from the start with the bytes it
 * covers kept, so that a failure puts them back (their blocks are the
 * file's already) and the old file stays as it was.  Only a first game
 * written whole empties the rest.  A file the run made is then removed by
 * record_close, as when no game finished. */
static int record_write(record_file *f, const char *data, size_t len, gl_error *err)
{
    int e = 0;
    errno = 0;
    if (f->started) {
        off_t at = lseek(f->fd, 0, SEEK_END);
        if (at < 0 || pwrite_all(f->fd, data, len, at) != 0) {
            e = errno ? errno : EIO;
            if (at >= 0 && ftruncate(f->fd, at) != 0) { /* the cut game stays: --check names it */
            }
        }
    } else {
        struct stat st;
        if (fstat(f->fd, &st) != 0) return gl_error_set(err, "%s: cannot write: %s", f->path, strerror(errno));
        size_t keep = (size_t)st.st_size < len ? (size_t)st.st_size : len;
        char *old = keep ? malloc(keep) : NULL;
        if (keep && !old) return gl_error_set(err, "%s: cannot write: out of memory", f->path);
        ssize_t got = keep ? pread(f->fd, old, keep, 0) : 0;
        if (got != (ssize_t)keep) e = errno ? errno : EIO;
        else if (pwrite_all(f->fd, data, len, 0) != 0 || ftruncate(f->fd, (off_t)len) != 0) {
            e = errno ? errno : EIO;
            if (pwrite_all(f->fd, old, keep, 0) != 0 || ftruncate(f->fd, st.st_size) != 0) {
                /* not put back: said below, the path named */
            }
        } else {
            f->started = 1;
        }
        free(old);
    }
    if (e) return gl_error_set(err, "%s: write failed: %s", f->path, strerror(e));
    return 0;
}

/* Closes the file (synced when written); without a game written, a file
 * the run created is removed.  0, or -1 with err. */
static int record_close(record_file *f, gl_error *err)
{
    if (f->fd < 0) return 0;
    int e = 0;
    if (f->started && fsync(f->fd) != 0 && errno != EINVAL) e = errno;
    if (close(f->fd) != 0 && !e) e = errno;
    f->fd = -1;
    if (!f->started && f->created) unlink(f->path);
    if (e) return gl_error_set(err, "%s: write failed: %s", f->path, strerror(e));
    return 0;
}

/* ------------------------------------------------------------ the median */

/* The scores seen, each distinct score once with its count, sorted: the
 * median of any number of games in memory bounded by the distinct scores
 * (a few thousand), not by the games. */
typedef struct score_counts {
    long long *score, *count;
    size_t n, cap;
} score_counts;

static int counts_add(score_counts *c, long long s)
{
    size_t lo = 0, hi = c->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c->score[mid] < s) lo = mid + 1;
        else hi = mid;
    }
    if (lo < c->n && c->score[lo] == s) {
        c->count[lo]++;
        return 0;
    }
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 256;
        long long *sc = realloc(c->score, sizeof *sc * cap);
        if (!sc) return -1;
        c->score = sc;
        long long *ct = realloc(c->count, sizeof *ct * cap);
        if (!ct) return -1;
        c->count = ct;
        c->cap = cap;
    }
    memmove(c->score + lo + 1, c->score + lo, sizeof *c->score * (c->n - lo));
    memmove(c->count + lo + 1, c->count + lo, sizeof *c->count * (c->n - lo));
    c->score[lo] = s;
    c->count[lo] = 1;
    c->n++;
    return 0;
}

/* The k-th smallest score (0-based) of the `total` counted. */
static long long counts_kth(const score_counts *c, long long k)
{
    for (size_t i = 0; i < c->n; i++) {
        if (k < c->count[i]) return c->score[i];
        k -= c->count[i];
    }
    return 0;
}

static double counts_median(const score_counts *c, long long total)
{
    if (total == 0) return 0;
    if (total % 2) return (double)counts_kth(c, total / 2);
    return ((double)counts_kth(c, total / 2 - 1) + (double)counts_kth(c, total / 2)) / 2.0;
}

/* ------------------------------------------------------------ autoplay */

typedef struct run_totals {
    long long played, max;
    double sum, ms, turns;
    score_counts counts;
} run_totals;

static void print_game(gl_json *j, gl_strbuf *out, int json, long long i, uint64_t seed, const lines_game_result *res)
{
    double mpm = res->turns ? res->ms / res->turns : 0;
    if (json) {
        gl_json_obj_begin(j);
        gl_json_key(j, "seed");
        gl_json_uint(j, seed);
        gl_json_key(j, "score");
        gl_json_int(j, res->score);
        gl_json_key(j, "turns");
        gl_json_int(j, res->turns);
        gl_json_key(j, "game_over");
        gl_json_bool(j, res->game_over);
        gl_json_key(j, "ms_per_move");
        gl_json_double(j, mpm);
        gl_json_obj_end(j);
    } else {
        gl_sb_printf(out, "game %lld (seed %llu): score %lld, %d turns%s, %.2f ms per move\n", i + 1,
                     (unsigned long long)seed, res->score, res->turns, res->game_over ? "" : " (turn cap)", mpm);
    }
    fputs(gl_sb_str(out), stdout);
    fflush(stdout);
    gl_sb_clear(out);
}

static void print_summary(gl_json *j, gl_strbuf *out, int json, const run_totals *t)
{
    double mean = t->played ? t->sum / (double)t->played : 0, median = counts_median(&t->counts, t->played);
    double mean_turns = t->played ? t->turns / (double)t->played : 0, mpm = t->turns ? t->ms / t->turns : 0;
    if (json) {
        gl_json_arr_end(j);
        gl_json_key(j, "finished");
        gl_json_int(j, t->played);
        gl_json_key(j, "mean_score");
        gl_json_double(j, mean);
        gl_json_key(j, "median_score");
        gl_json_double(j, median);
        gl_json_key(j, "max_score");
        gl_json_int(j, t->max);
        gl_json_key(j, "mean_turns");
        gl_json_double(j, mean_turns);
        gl_json_key(j, "ms_per_move");
        gl_json_double(j, mpm);
        gl_json_key(j, "interrupted");
        gl_json_bool(j, gl_cli_interrupted != 0);
        gl_json_obj_end(j);
        gl_sb_putc(out, '\n');
    } else {
        if (gl_cli_interrupted)
            gl_sb_printf(out, "interrupted: %lld games finished (a game cut short is neither counted nor recorded)\n",
                         t->played);
        gl_sb_printf(out, "%lld games: mean score %.1f, median %.1f, max %lld; mean %.1f turns; %.2f ms per move\n",
                     t->played, mean, median, t->max, mean_turns, mpm);
    }
    fputs(gl_sb_str(out), stdout);
    gl_sb_clear(out);
}

/* The game parameters are checked on one board before any game is played
 * (an unknown or wrong one is exit 2 with nothing played). */
static int check_params(gl_kvlist *params, uint64_t seed, gl_error *err)
{
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    gl_board *b = gl_game_lines.create(params, &rng, err);
    if (!b) return -1;
    gl_game_lines.destroy(b);
    int rc = gl_kv_check_used(params, err);
    for (int k = 0; k < params->n; k++) params->items[k].used = 0;
    return rc;
}

static int cmd_autoplay(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status, autoplay_usage,
                       "Plays N games of Color Lines with an AI player and prints each game's score\n"
                       "and turns as it ends, then the mean, median and max.  Game i (0-based) is a\n"
                       "new board from seed S+i (default S=1).  The default --ai: learned on 9x9\n"
                       "boards of 7 colours (the weights of their --rules installed), search on all\n"
                       "others; an option of one player chooses it.  search looks ahead;\n"
                       "greedy looks one move ahead.  search: the best --candidates (20) moves of the\n"
                       "one-move ranking, each with a plan of --depth (4, at most 6) further\n"
                       "spawn-free moves, --width (4) moves per depth, each counted at --discount (30)\n"
                       "percent; under KLines each candidate is played with one spawn sampled from the\n"
                       "player's own seeded rng, so games are reproducible; --ms (50) caps the CPU time\n"
                       "of a move.  learned (9x9, 7 colours): the value of the positions moves lead to\n"
                       "from weights learned by self-play (gridlab train lines), read from --weights\n"
                       "FILE or the file installed with gridlab for the rules (lines98.weights,\n"
                       "klines.weights); --top (8) moves played out,\n"
                       "the best --branch (8) of them valued again over sampled previews, --samples (4)\n"
                       "each in the first of the rounds that halve the moves and double the samples,\n"
                       "within --decisions (128) decisions of the expectimax a move (0: no budget): the\n"
                       "budget, not the clock, ends a move, so games do not depend on the machine's\n"
                       "speed; --ms is a safety ceiling.\n"
                       "The ms per move printed are CPU time of the player's thread.\n"
                       "--record FILE writes every game as a replay (JSON Lines, SPEC 2.2), all games\n"
                       "in one file, each written to FILE as it ends (FILE is emptied when the first\n"
                       "game ends), so a run that is killed keeps every game it finished.  A FILE that\n"
                       "cannot be written, is not a regular file, or that another run is writing is\n"
                       "refused before any game is played.\n"
                       "--max-turns stops a game early (0: play until the board is full).\n"
                       "Ctrl-C (or SIGTERM) stops the game in progress, which is neither counted nor\n"
                       "recorded; the games finished are summed up and recorded (FILE is left as it\n"
                       "was when none finished), and the exit status is 130.\n"
                       "--check FILE re-simulates a replay file and says whether it is valid\n"
                       "(exit 1 with the first wrong line when not; exit 2 for a file that cannot be\n"
                       "read or a line longer than 65536 bytes).\n"))
        return status;
    int json = gl_args_flag(&a, flags, "json");
    int rc = GL_EXIT_OK, recording = 0;
    gl_kvlist params, aiopts;
    gl_kv_init(&params);
    gl_kv_init(&aiopts);
    gl_strbuf rec = GL_STRBUF_INIT, out = GL_STRBUF_INIT;
    record_file recf = {NULL, -1, 0, 0};
    struct lines_net *net = NULL;
    run_totals tot;
    memset(&tot, 0, sizeof tot);
    const char *check = gl_kv_get(&a.opts, "check");
    if (check) {
        if ((rc = gl_args_expect(&a, 0, 1, "autoplay lines --check FILE [--json]"))) goto out;
        if (a.npos == 1 && strcmp(a.pos[0], "lines")) {
            rc = gl_cli_failf("autoplay: only 'lines' has replays, not '%s'", a.pos[0]);
            goto out;
        }
        for (int i = 0; i < a.opts.n; i++)
            if (strcmp(a.opts.items[i].key, "check") != 0) {
                rc = gl_cli_failf("autoplay: --check takes no option but --json, not --%s", a.opts.items[i].key);
                goto out;
            }
        if (a.opts.items[0].novalue) {
            rc = gl_cli_failf("option --check needs a value (a replay FILE, or - for standard input)");
            goto out;
        }
        rc = autoplay_check(check, json);
        goto out;
    }
    if ((rc = gl_args_expect(&a, 1, 1, autoplay_usage))) goto out;
    if (strcmp(a.pos[0], "lines") != 0) {
        rc = gl_cli_failf("autoplay: only 'lines' has AI players (usage: gridlab autoplay lines ...)");
        goto out;
    }
    uint64_t seed = 1;
    int given;
    long long games = 1, max_turns = 0;
    int ai_kind = -1; /* -1: lines_ai_default_kind, once the board is known */
    if (gl_args_seed(&a, &seed, &given, &err) || gl_kv_int(&a.opts, "games", 1, 1000000, &games, &err) ||
        gl_kv_int(&a.opts, "max-turns", 0, 1LL << 30, &max_turns, &err) ||
        gl_kv_choice(&a.opts, "ai", "greedy|search|learned", &ai_kind, &err)) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    static const char *const game_keys[] = {"rules", "size", "colors", "line", "spawn"};
    for (size_t i = 0; i < sizeof game_keys / sizeof *game_keys; i++) {
        const char *v = gl_kv_get(&a.opts, game_keys[i]);
        if (v) gl_kv_add(&params, game_keys[i], v, 0);
    }
    static const char *const ai_keys[] = {LINES_AI_SEARCH_KEYS, "top", "branch", "samples", "decisions"};
    for (size_t i = 0; i < sizeof ai_keys / sizeof *ai_keys; i++) {
        const char *v = gl_kv_get(&a.opts, ai_keys[i]);
        if (v) gl_kv_add(&aiopts, ai_keys[i], v, 0);
    }
    const char *record = gl_kv_get(&a.opts, "record");
    const char *weights = gl_kv_get(&a.opts, "weights");
    if (gl_kv_check_used(&a.opts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (ai_kind < 0) {
        /* the default player: the board's (a probe of the first game's) and the options' */
        gl_rng rng;
        gl_rng_seed(&rng, seed);
        gl_error perr = {0};
        lines_board *probe = (lines_board *)gl_game_lines.create(&params, &rng, &perr);
        ai_kind = weights ? LINES_AI_LEARNED : probe ? lines_ai_default_kind(probe, &aiopts) : LINES_AI_SEARCH;
        if (probe) gl_game_lines.destroy((gl_board *)probe);
        for (int k = 0; k < params.n; k++) params.items[k].used = 0;
    }
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, ai_kind);
    if (lines_ai_cfg_read(&cfg, &aiopts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    for (int k = 0; k < aiopts.n; k++)
        if (!aiopts.items[k].used) {
            rc = gl_cli_failf("autoplay: --%s is not an option of --ai %s", aiopts.items[k].key,
                              ai_kind == LINES_AI_GREEDY ? "greedy" : ai_kind == LINES_AI_SEARCH ? "search" : "learned");
            goto out;
        }
    if (weights && ai_kind != LINES_AI_LEARNED) {
        rc = gl_cli_failf("autoplay: --weights is an option of --ai learned");
        goto out;
    }
    if (check_params(&params, seed, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (ai_kind == LINES_AI_LEARNED) {
        /* the weights for the board's rules (a probe of the first game) */
        gl_rng rng;
        gl_rng_seed(&rng, seed);
        lines_board *probe = (lines_board *)gl_game_lines.create(&params, &rng, &err);
        net = probe ? lines_net_open(weights, probe->rules, &err) : NULL;
        int fits = net && lines_net_check_board(net, probe, &err) == 0;
        if (probe) gl_game_lines.destroy((gl_board *)probe);
        for (int k = 0; k < params.n; k++) params.items[k].used = 0;
        if (!fits) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        cfg.net = net;
    }
    if (record) {
        if (record_open(&recf, record, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        recording = 1;
    }
    gl_cli_catch_sigint();
    gl_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.interrupt = &gl_cli_interrupted; /* polled inside every move */
    gl_json j;
    gl_json_init(&j, &out);
    const char *rules = gl_kv_get(&params, "rules");
    if (json) {
        gl_json_obj_begin(&j);
        gl_json_key(&j, "ai");
        gl_json_str(&j, ai_kind == LINES_AI_GREEDY ? "greedy" : ai_kind == LINES_AI_SEARCH ? "search" : "learned");
        gl_json_key(&j, "rules");
        gl_json_str(&j, rules ? rules : "klines");
        gl_json_key(&j, "games");
        gl_json_arr_begin(&j);
    }
    for (long long i = 0; i < games && !gl_cli_interrupted; i++) {
        lines_game_result res;
        uint64_t s = seed + (uint64_t)i;
        if (lines_autoplay_game(&cfg, &params, s, max_turns, &lim, recording ? &rec : NULL, &res, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        if (res.stopped) break; /* the game in progress: neither counted nor recorded */
        if (recording) {
            if (record_write(&recf, rec.data ? rec.data : "", rec.len, &err) != 0) {
                rc = gl_cli_fail(&err);
                goto out;
            }
            gl_sb_clear(&rec);
        }
        if (counts_add(&tot.counts, res.score) != 0) {
            rc = gl_cli_failf("out of memory");
            goto out;
        }
        tot.played++;
        tot.sum += (double)res.score;
        if (res.score > tot.max) tot.max = res.score;
        tot.ms += res.ms;
        tot.turns += res.turns;
        print_game(&j, &out, json, i, s, &res);
    }
    print_summary(&j, &out, json, &tot);
    if (recording && tot.played == 0)
        fprintf(stderr, "gridlab: %s: not written: no game finished\n", record); /* the file stays as it was */
out:
    if (recording && record_close(&recf, &err) != 0 && rc == GL_EXIT_OK) rc = gl_cli_fail(&err);
    free(tot.counts.score);
    free(tot.counts.count);
    gl_sb_free(&rec);
    gl_sb_free(&out);
    gl_kv_free(&params);
    gl_kv_free(&aiopts);
    gl_args_free(&a);
    lines_net_close(net);
    return rc;
}


/* ------------------------------------------------------------ train */

/* gridlab train lines: self-play training of the learned player
 * (src/games/lines/lines_train.h), on --threads threads sharing one
 * network.  The threads and the clock are here: a monitor (this thread)
 * prints the progress line, writes a checkpoint every --checkpoint-min
 * minutes (the workers wait at the end of their games, so that a
 * checkpoint of a one-thread run holds every game it counts whole and a
 * run resumed from it goes on exactly as the run would have), and on
 * Ctrl-C or SIGTERM stops the workers inside their games and writes the
 * last checkpoint. */

static const char train_usage[] =
    "train lines --out FILE [--resume FILE] [--seed S] [--threads 1|2] [--games N]\n"
    "       [--minutes M] [--checkpoint-min M] [--progress-s S] [--export FILE]\n"
    "       [--alpha A] [--lambda L] [--top K] [--restart P] [--layout NAME] [--init zero|windows]\n"
    "       [--from FILE] [--rules lines98|klines] [--replace]";

typedef struct train_run {
    lines_trainer *tr;
    lines_train_worker *w;
    int nthreads;
    uint64_t games_limit; /* games in all (UINT64_MAX: no limit) */
    atomic_int stop;      /* stop inside the games */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int pausing;          /* a checkpoint is wanted: no new game */
    int waiting;          /* workers waiting at the end of a game */
    int active;           /* workers still running */
    uint64_t dropped;     /* the first game stopped inside (UINT64_MAX: none) */
} train_run;

typedef struct train_arg {
    train_run *run;
    int id;
} train_arg;

static void *train_worker(void *p)
{
    train_arg *a = p;
    train_run *run = a->run;
    for (;;) {
        pthread_mutex_lock(&run->mu);
        while (run->pausing && !atomic_load(&run->stop)) {
            run->waiting++;
            pthread_cond_broadcast(&run->cv);
            pthread_cond_wait(&run->cv, &run->mu);
            run->waiting--;
        }
        int done = atomic_load(&run->stop) != 0;
        uint64_t k = 0;
        if (!done) {
            k = lines_trainer_take(run->tr);
            if (k >= run->games_limit) {
                run->tr->next_game = k; /* not started after all (taken under mu: no other taker since) */
                done = 1;
            }
        }
        pthread_mutex_unlock(&run->mu);
        if (done) break;
        if (!lines_train_game(&run->w[a->id], k, &run->stop)) {
            pthread_mutex_lock(&run->mu);
            if (k < run->dropped) run->dropped = k;
            pthread_mutex_unlock(&run->mu);
            break;
        }
    }
    pthread_mutex_lock(&run->mu);
    run->active--;
    pthread_cond_broadcast(&run->cv);
    pthread_mutex_unlock(&run->mu);
    return NULL;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

/* Writes the checkpoint (and the plain weights when export is set). */
static int train_checkpoint(lines_trainer *tr, double seconds0, double cpu0, uint64_t t0, const char *out,
                            const char *export, gl_error *err)
{
    double s = tr->seconds, c = tr->cpu_seconds;
    tr->seconds = seconds0 + (double)(gl_now_ns() - t0) / 1e9;
    tr->cpu_seconds = cpu0 + cpu_seconds();
    size_t len = 0;
    unsigned char *state = lines_trainer_save(tr, &len);
    tr->seconds = s;
    tr->cpu_seconds = c;
    if (!state) return gl_error_set(err, "%s: cannot write: out of memory", out);
    int rc = lines_net_save(tr->net, LNET_FILE_CHECKPOINT, state, len, out, err);
    free(state);
    if (rc == 0 && export) rc = lines_net_save(tr->net, LNET_FILE_WEIGHTS, NULL, 0, export, err);
    return rc;
}

static void train_progress(lines_trainer *tr, uint64_t t0, uint64_t *last_turns, uint64_t *last_ns, FILE *f)
{
    uint64_t full, restarts, turns;
    double recent, mean;
    long long best;
    lines_trainer_counters(tr, &full, &restarts, &turns, &recent, &mean, &best);
    uint64_t now = gl_now_ns();
    double dt = (double)(now - *last_ns) / 1e9;
    fprintf(f, "games %llu (%llu from crisis positions), turns %llu, %.0f turns/s, mean score %.1f (last %d "
               "games %.1f), best %lld, %.1f min\n",
            (unsigned long long)(full + restarts), (unsigned long long)restarts, (unsigned long long)turns,
            dt > 0 ? (double)(turns - *last_turns) / dt : 0, mean, full < LTRAIN_RECENT ? (int)full : LTRAIN_RECENT,
            recent, best, (double)(now - t0) / 6e10);
    fflush(f);
    *last_turns = turns;
    *last_ns = now;
}

/* A decimal option from min (itself allowed when min_ok) to max. */
static int opt_real(gl_kvlist *opts, const char *key, double min, int min_ok, double max, double *out, gl_error *err)
{
    gl_kv *kv = gl_kv_find(opts, key);
    if (!kv) return 0;
    kv->used = 1;
    double v = 0;
    if (kv->novalue || gl_parse_real(kv->value, min, max, &v) != 0 || !(min_ok || v > min))
        return gl_error_set(err, "option --%s: expected a number %s %g and at most %g (decimal digits)", key,
                            min_ok ? "from" : "above", min, max);
    *out = v;
    return 0;
}

/* The lock of a training's checkpoint OUT: the file OUT.lock, locked for
 * writing (fcntl, so the lock goes with the process, even killed) while
 * the training runs, then removed.  The checkpoint itself cannot carry
 * the lock, being replaced (renamed over) at each write.  A lock file
 * removed by the run that held it between our open() and our lock is
 * opened again.  0 with *fd set, or -1 with err. */
static int train_lock(const char *out, char *lockpath, size_t cap, int *fd, gl_error *err)
{
    *fd = -1;
    if ((size_t)snprintf(lockpath, cap, "%s.lock", out) >= cap)
        return gl_error_set(err, "%s: the checkpoint's name is too long", out);
    for (int tries = 0; tries < 100; tries++) {
        int f = open(lockpath, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0666);
        if (f < 0 && (errno == EISDIR || errno == ENXIO))
            return gl_error_set(err, "%s: cannot lock the checkpoint: not a regular file", lockpath);
        if (f < 0) return gl_error_set(err, "%s: cannot lock the checkpoint: %s", lockpath, strerror(errno));
        struct stat st, now;
        if (fstat(f, &st) != 0 || !S_ISREG(st.st_mode)) {
            close(f);
            return gl_error_set(err, "%s: cannot lock the checkpoint: not a regular file", lockpath);
        }
        struct flock lk;
        memset(&lk, 0, sizeof lk);
        lk.l_type = F_WRLCK;
        lk.l_whence = SEEK_SET;
        if (fcntl(f, F_SETLK, &lk) == -1) {
            int e = errno;
            close(f);
            if (e == EACCES || e == EAGAIN)
                return gl_error_set(err, "%s: another training is writing this checkpoint (%s is locked): not started",
                                    out, lockpath);
            return gl_error_set(err, "%s: cannot lock the checkpoint: %s", lockpath, strerror(e));
        }
        if (stat(lockpath, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino) {
            *fd = f;
            return 0;
        }
        close(f); /* removed or replaced since: again */
    }
    return gl_error_set(err, "%s: cannot lock the checkpoint: it keeps changing", lockpath);
}

static void train_unlock(const char *lockpath, int fd)
{
    if (fd < 0) return;
    unlink(lockpath); /* while locked: a run waiting on this file opens the next one */
    close(fd);
}

/* --from FILE: a new training starting from FILE's weights (and, from a
 * checkpoint, its learning rates' sums). */
static int train_start_from(lines_trainer *tr, const char *path, gl_error *err)
{
    lines_net src;
    void *extra = NULL;
    size_t nextra = 0;
    if (lines_net_load(&src, path, &extra, &nextra, err) != 0) return -1;
    int rc = lines_trainer_start_from(tr, &src, extra, nextra, path, err);
    lines_net_free(&src);
    free(extra);
    return rc;
}

static int cmd_train(int argc, char **argv)
{
    char help[2600];
    lines_net probe;
    double wmb = 0, tmb = 0, pmb = 0, cmb = 0;
    if (lines_net_init(&probe) == 0) {
        wmb = (double)lines_net_bytes(&probe) / (1 << 20);
        tmb = (double)lines_trainer_bytes(&probe) / (1 << 20);
        pmb = (double)lines_train_worker_bytes(&probe, 8) / (1 << 20);
        /* a checkpoint is made in memory before it is written: the state,
         * then the file with the weights */
        cmb = (2.0 * (double)lines_trainer_bytes(&probe) + 4.0 * (double)probe.nw) / (1 << 20);
        lines_net_free(&probe);
    }
    snprintf(help, sizeof help,
             "Trains the learned Color Lines player (9x9, 7 colours; --rules lines98, the\n"
             "default, or klines, for a new training) by\n"
             "self-play: temporal-difference learning of an n-tuple network's afterstate\n"
             "values (docs/lines.md).  Game k of a run has a seed from 2^63 up, drawn from\n"
             "--seed (1) and k: no benchmark uses those.  With --threads 1 (default) a run is\n"
             "exactly reproducible from its seed; with 2 the threads share the weights.\n"
             "--out FILE: the checkpoint (the weights and the trainer's state), written\n"
             "atomically every --checkpoint-min minutes (5, at the end of a game), when\n"
             "--games N (games in all, this training's earlier runs included) or --minutes M\n"
             "is reached, and on Ctrl-C or SIGTERM (the games in progress are dropped; exit\n"
             "130).  --resume FILE goes on from a checkpoint (--out defaults to it); --alpha,\n"
             "--lambda, --top and --restart then default to the checkpoint's.  An existing\n"
             "--out file is replaced only by its own --resume or with --replace; while a\n"
             "training runs, FILE.lock is locked and another on FILE refused.  A checkpoint\n"
             "is a weights file: --weights FILE takes it; --export FILE also writes the\n"
             "weights alone at each checkpoint.  A progress line (games, turns per second,\n"
             "the mean score of the games started from a new board) every --progress-s\n"
             "seconds (30).\n"
             "--alpha (1): the share of a value's error corrected at once; --lambda (0.5):\n"
             "the share passed back to each afterstate before (TD(lambda), cut below 1%% or\n"
             "after %d);\n"
             "--top (8): moves played out at a decision; --restart (50): percent of games\n"
             "started from a crisis position of an earlier game.  A new training only:\n"
             "--layout NAME, the network's features (" LNET_DEFAULT_LAYOUT "); --init windows (the\n"
             "default) starts from the search player's window evaluation, zero from all\n"
             "weights 0; --from FILE from the weights of FILE (a weights file or checkpoint of\n"
             "the same tables whose stage boundaries the new layout's include, ntuple5 into\n"
             "ntuple6 say; each stage starts from the stage it lies in, and from a checkpoint\n"
             "the learning rates go on from its own too; global features the new layout adds,\n"
             "ntuple6 into ntuple7, start at 0).\n"
             "Memory (of the default layout): the network %.1f MB, the trainer %.1f MB (the\n"
             "learning rates' sums and the crisis positions), %.1f MB a thread, %.1f MB while a\n"
             "checkpoint is written: %.1f MB with two threads, the program itself aside.\n",
             LTRAIN_TRACE, wmb, tmb, pmb, cmb, wmb + tmb + 2 * pmb + cmb);
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "replace", &a, &status, train_usage, help)) return status;
    int rc = GL_EXIT_OK;
    lines_net net;
    lines_trainer tr;
    int net_ok = 0, tr_ok = 0;
    lines_train_worker w[2];
    int nw_ok = 0;
    void *extra = NULL;
    size_t nextra = 0;
    char lockpath[4200];
    int lockfd = -1;
    if (a.npos != 1 || strcmp(a.pos[0], "lines") != 0) {
        rc = gl_cli_failf("train: only 'lines' has a learned player (usage: gridlab %s)", train_usage);
        goto out;
    }
    uint64_t seed = 1;
    int seed_given;
    long long threads = 1, games = -1, minutes = 0, ckpt_min = 5, progress_s = 30, top = 8, restart = 50;
    double alpha = 1, lambda = 0.5;
    if (gl_args_seed(&a, &seed, &seed_given, &err) || gl_kv_int(&a.opts, "threads", 1, 2, &threads, &err) ||
        gl_kv_int(&a.opts, "games", 0, 1LL << 50, &games, &err) || /* absent: no limit */
        gl_kv_int(&a.opts, "minutes", 0, 1000000, &minutes, &err) ||
        gl_kv_int(&a.opts, "checkpoint-min", 1, 1000000, &ckpt_min, &err) ||
        gl_kv_int(&a.opts, "progress-s", 1, 1000000, &progress_s, &err) ||
        gl_kv_int(&a.opts, "top", 1, 64, &top, &err) || gl_kv_int(&a.opts, "restart", 0, 100, &restart, &err) ||
        opt_real(&a.opts, "alpha", 0, 0, 1, &alpha, &err) ||
        opt_real(&a.opts, "lambda", 0, 1, 0.99, &lambda, &err)) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    int top_given = gl_kv_find(&a.opts, "top") != NULL, restart_given = gl_kv_find(&a.opts, "restart") != NULL,
        alpha_given = gl_kv_find(&a.opts, "alpha") != NULL, lambda_given = gl_kv_find(&a.opts, "lambda") != NULL;
    const char *resume = gl_kv_get(&a.opts, "resume");
    const char *outp = gl_kv_get(&a.opts, "out");
    const char *exportp = gl_kv_get(&a.opts, "export");
    const char *layout = gl_kv_get(&a.opts, "layout");
    int init_windows = 1;
    if (gl_kv_choice(&a.opts, "init", "zero|windows", &init_windows, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    int rules = LINES_98;
    if (gl_kv_choice(&a.opts, "rules", "klines|lines98", &rules, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    int rules_given = gl_kv_find(&a.opts, "rules") != NULL;
    const char *from = gl_kv_get(&a.opts, "from");
    int replace = gl_args_flag(&a, "replace", "replace");
    if (from && (resume || gl_kv_find(&a.opts, "init"))) {
        rc = gl_cli_failf("train lines: --from starts a new training from a file's weights, not with --resume or --init");
        goto out;
    }
    if (resume && gl_kv_find(&a.opts, "init")) {
        rc = gl_cli_failf("train lines: --init starts a new training, not a resumed one");
        goto out;
    }
    if (gl_args_check_values(&a, &err) != 0 || gl_kv_check_used(&a.opts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (!outp) outp = resume;
    if (!outp) {
        rc = gl_cli_failf("train lines: --out FILE (the checkpoint) is needed (usage: gridlab %s)", train_usage);
        goto out;
    }
    if (train_lock(outp, lockpath, sizeof lockpath, &lockfd, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    {
        /* a checkpoint is replaced only by its own training (--resume) or when asked (--replace) */
        struct stat so, sr;
        int same = resume && stat(resume, &sr) == 0 && stat(outp, &so) == 0 && so.st_dev == sr.st_dev &&
                   so.st_ino == sr.st_ino;
        if (!replace && !same && lstat(outp, &so) == 0) {
            rc = gl_cli_failf("train lines: %s exists: not replaced (--resume %s goes on with its training; "
                              "--replace starts another in its place)", outp, outp);
            goto out;
        }
    }
    if (resume) {
        if (lines_net_load(&net, resume, &extra, &nextra, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        if (layout) {
            rc = gl_cli_failf("train lines: --layout: %s goes on with its own layout ('%s')", resume, net.layout);
            lines_net_free(&net);
            goto out;
        }
        if (rules_given && rules != net.rules) {
            rc = gl_cli_failf("train lines: --rules: %s goes on with its own rules (%s)", resume,
                              net.rules == LINES_98 ? "lines98" : "klines");
            lines_net_free(&net);
            goto out;
        }
    } else {
        int made = lines_net_init_layout(&net, layout ? layout : LNET_DEFAULT_LAYOUT);
        if (made == -2) {
            char names[512];
            lines_net_layout_list(names, sizeof names);
            rc = gl_cli_failf("train lines: --layout %s: no such layout (the layouts: %s)", layout, names);
            goto out;
        }
        if (made != 0) {
            rc = gl_cli_failf("out of memory");
            goto out;
        }
        net.rules = rules;
        if (init_windows && !from) lines_net_seed_windows(&net);
    }
    net_ok = 1;
    if (lines_trainer_init(&tr, &net, seed, (float)alpha, (float)lambda, (int)top, (int)restart) != 0) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    tr_ok = 1;
    if (from && train_start_from(&tr, from, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (resume) {
        if (lines_trainer_restore(&tr, extra, nextra, resume, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        if (seed_given && seed != tr.seed) {
            rc = gl_cli_failf("train lines: --seed %llu: %s was trained from seed %llu", (unsigned long long)seed,
                              resume, (unsigned long long)tr.seed);
            goto out;
        }
        if (top_given) tr.top = (int)top;
        if (restart_given) tr.restart_pct = (int)restart;
        if (alpha_given) tr.alpha = (float)alpha;
        if (lambda_given) tr.lambda = (float)lambda;
    }
    /* the checkpoint's path is tried before any work */
    gl_cli_catch_sigint();
    uint64_t t0 = gl_now_ns();
    double seconds0 = tr.seconds, cpu0 = tr.cpu_seconds;
    uint64_t games0 = tr.next_game, turns0 = tr.turns;
    if (train_checkpoint(&tr, seconds0, cpu0, t0, outp, exportp, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    train_run run;
    memset(&run, 0, sizeof run);
    run.tr = &tr;
    run.w = w;
    run.nthreads = (int)threads;
    run.games_limit = games < 0 ? UINT64_MAX : (uint64_t)games;
    run.dropped = UINT64_MAX;
    atomic_init(&run.stop, 0);
    pthread_mutex_init(&run.mu, NULL);
    pthread_cond_init(&run.cv, NULL);
    for (; nw_ok < threads; nw_ok++)
        if (lines_train_worker_init(&w[nw_ok], &tr) != 0) break;
    pthread_t th[2];
    train_arg args[2];
    int started = 0;
    if (nw_ok == threads) {
        for (; started < threads; started++) {
            args[started].run = &run;
            args[started].id = started;
            pthread_mutex_lock(&run.mu);
            run.active++;
            pthread_mutex_unlock(&run.mu);
            if (pthread_create(&th[started], NULL, train_worker, &args[started]) != 0) {
                pthread_mutex_lock(&run.mu);
                run.active--;
                pthread_mutex_unlock(&run.mu);
                break;
            }
        }
    }
    if (started == 0) {
        rc = gl_cli_failf("train lines: cannot start the training (out of memory or threads)");
        pthread_mutex_destroy(&run.mu);
        pthread_cond_destroy(&run.cv);
        goto out;
    }
    printf("training from seed %llu on %d thread%s, checkpoint %s%s%s\n", (unsigned long long)tr.seed, started,
           started > 1 ? "s" : "", outp, exportp ? ", weights " : "", exportp ? exportp : "");
    fflush(stdout);
    uint64_t last_ck = t0, last_pr = t0, last_turns = tr.turns, last_ns = t0;
    int failed = 0;
    for (;;) {
        struct timespec nap = {0, 50 * 1000 * 1000};
        nanosleep(&nap, NULL);
        uint64_t now = gl_now_ns();
        if (gl_cli_interrupted || (minutes && now - t0 >= (uint64_t)minutes * 60000000000ULL))
            atomic_store(&run.stop, 1);
        pthread_mutex_lock(&run.mu);
        int active = run.active;
        pthread_mutex_unlock(&run.mu);
        if (!active) break;
        if (now - last_pr >= (uint64_t)progress_s * 1000000000ULL) {
            train_progress(&tr, t0, &last_turns, &last_ns, stdout);
            last_pr = now;
        }
        if (now - last_ck >= (uint64_t)ckpt_min * 60000000000ULL && !atomic_load(&run.stop)) {
            /* every worker at the end of a game (or finished), then the file */
            pthread_mutex_lock(&run.mu);
            run.pausing = 1;
            while (run.waiting < run.active && !atomic_load(&run.stop) && !gl_cli_interrupted) {
                struct timespec until;
                clock_gettime(CLOCK_REALTIME, &until);
                until.tv_nsec += 50 * 1000 * 1000;
                if (until.tv_nsec >= 1000000000L) {
                    until.tv_sec++;
                    until.tv_nsec -= 1000000000L;
                }
                pthread_cond_timedwait(&run.cv, &run.mu, &until);
            }
            if (run.waiting == run.active && train_checkpoint(&tr, seconds0, cpu0, t0, outp, exportp, &err) != 0) {
                failed = 1;
                atomic_store(&run.stop, 1);
            }
            run.pausing = 0;
            pthread_cond_broadcast(&run.cv);
            pthread_mutex_unlock(&run.mu);
            last_ck = gl_now_ns();
            if (gl_cli_interrupted) atomic_store(&run.stop, 1);
        }
    }
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    pthread_mutex_destroy(&run.mu);
    pthread_cond_destroy(&run.cv);
    if (run.dropped < tr.next_game) tr.next_game = run.dropped; /* a dropped game is played again on --resume */
    train_progress(&tr, t0, &last_turns, &last_ns, stdout);
    if (failed) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (train_checkpoint(&tr, seconds0, cpu0, t0, outp, exportp, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    double hours = (seconds0 + (double)(gl_now_ns() - t0) / 1e9) / 3600, cpu_hours = (cpu0 + cpu_seconds()) / 3600;
    printf("%s: checkpoint after %llu games, %llu turns, %.2f hours (%.2f hours of CPU) in all%s\n", outp,
           (unsigned long long)tr.next_game, (unsigned long long)tr.turns, hours, cpu_hours,
           gl_cli_interrupted ? " (interrupted: the games in progress were dropped)" : "");
    /* this process's share (its own CPU accounting, getrusage), for a training log */
    printf("this run: %llu games, %llu turns, %.4f hours of CPU\n", (unsigned long long)(tr.next_game - games0),
           (unsigned long long)(tr.turns - turns0), cpu_seconds() / 3600);
out:
    for (int i = 0; i < nw_ok; i++) lines_train_worker_free(&w[i]);
    if (tr_ok) lines_trainer_free(&tr);
    if (net_ok) lines_net_free(&net);
    free(extra);
    train_unlock(lockpath, lockfd);
    gl_args_free(&a);
    return rc;
}

static const gl_cli_command commands[] = {
    {"autoplay", autoplay_usage, "AI players play Color Lines games (record, check replays)", cmd_autoplay},
    {"train", train_usage, "train the learned Color Lines player by self-play", cmd_train},
    {NULL, NULL, NULL, NULL},
};

const gl_cli_tools gl_cli_tools_lines = {.game = "lines", .commands = commands, .bench = gl_bench_lines};
