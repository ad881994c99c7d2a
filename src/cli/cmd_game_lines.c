/* gridlab autoplay lines: the AI players play whole games, optionally
 * recorded as one replay file (SPEC 2.2), and --check FILE re-simulates a
 * replay file turn by turn.
 *
 * Both stream: a run of any number of games holds one game at a time (its
 * record goes to the file when it ends, its line or JSON object is printed
 * then, and the median comes from a count per distinct score), and the
 * checker holds one line of the file at a time. */
#include "cli.h"
#include "games/lines/lines.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char autoplay_usage[] =
    "autoplay lines [--ai greedy|search] [--games N] [--seed S] [--rules klines|lines98]\n"
    "       [--record FILE] [--json] [--max-turns T] [--ms MS]\n"
    "       [--candidates N] [--depth D] [--width W] [--discount P]\n"
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
    f->fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (f->fd < 0 && errno == EEXIST) {
        f->created = 0;
        f->fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
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

static int record_write(record_file *f, const char *data, size_t len, gl_error *err)
{
    if (!f->started) {
        if (ftruncate(f->fd, 0) != 0) return gl_error_set(err, "%s: cannot write: %s", f->path, strerror(errno));
        f->started = 1;
    }
    for (size_t off = 0; off < len;) {
        ssize_t w = write(f->fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            return gl_error_set(err, "%s: write failed: %s", f->path, strerror(errno));
        }
        off += (size_t)w;
    }
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
                       "new board from seed S+i (default S=1).  --ai search (default) looks ahead;\n"
                       "greedy looks one move ahead.  search: the best --candidates (20) moves of the\n"
                       "one-move ranking, each with a plan of --depth (4, at most 6) further\n"
                       "spawn-free moves, --width (4) moves per depth, each counted at --discount (30)\n"
                       "percent; under KLines each candidate is played with one spawn sampled from the\n"
                       "player's own seeded rng, so games are reproducible; --ms (50) caps the CPU time\n"
                       "of a move.\n"
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
    int ai_kind = LINES_AI_SEARCH;
    if (gl_args_seed(&a, &seed, &given, &err) || gl_kv_int(&a.opts, "games", 1, 1000000, &games, &err) ||
        gl_kv_int(&a.opts, "max-turns", 0, 1LL << 30, &max_turns, &err) ||
        gl_kv_choice(&a.opts, "ai", "greedy|search", &ai_kind, &err)) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    static const char *const game_keys[] = {"rules", "size", "colors", "line", "spawn"};
    for (size_t i = 0; i < sizeof game_keys / sizeof *game_keys; i++) {
        const char *v = gl_kv_get(&a.opts, game_keys[i]);
        if (v) gl_kv_add(&params, game_keys[i], v, 0);
    }
    static const char *const ai_keys[] = {LINES_AI_SEARCH_KEYS};
    for (size_t i = 0; i < sizeof ai_keys / sizeof *ai_keys; i++) {
        const char *v = gl_kv_get(&a.opts, ai_keys[i]);
        if (v) gl_kv_add(&aiopts, ai_keys[i], v, 0);
    }
    const char *record = gl_kv_get(&a.opts, "record");
    if (gl_kv_check_used(&a.opts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, ai_kind);
    if (lines_ai_cfg_read(&cfg, &aiopts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (ai_kind == LINES_AI_GREEDY && aiopts.n) {
        rc = gl_cli_failf("autoplay: --%s is a search option (--ai search)", aiopts.items[0].key);
        goto out;
    }
    if (check_params(&params, seed, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
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
        gl_json_str(&j, ai_kind == LINES_AI_GREEDY ? "greedy" : "search");
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
    return rc;
}

const gl_cli_command gl_cli_commands_lines[] = {
    {"autoplay", autoplay_usage, "AI players play Color Lines games (record, check replays)", cmd_autoplay},
    {NULL, NULL, NULL, NULL},
};
