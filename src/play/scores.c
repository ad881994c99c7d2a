/* Tables of best results (include/gridlab/scores.h): the file's text, the
 * ordering, what of a finished game counts, and recording it — the one
 * rule set every front end uses (the terminal's two and the page, which
 * keeps the table's text in the browser's storage).
 *
 * The file is read whole and checked line by line; anything that is not
 * the format makes the whole file "damaged": it is renamed aside under a
 * name no earlier one has (never deleted, a person may want it) and the
 * table starts again, so a broken file costs old results, never a crash or
 * a refusal to play.  Recording holds an advisory lock (fcntl, on
 * PATH.lock beside the file, which is never renamed) while it reads the
 * file, adds the result and writes the file atomically, so any number of
 * programs recording at once lose nothing. */
#include "gridlab/scores.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "session.h"

#define SCORES_HEADER "gridlab-scores 1"
#define SCORES_MAX_BYTES (4u << 20)

static const char *const kind_names[] = {NULL, "fewer", "more", "time"};

void gl_scores_init(gl_scores *s) { memset(s, 0, sizeof *s); }

void gl_score_free(gl_score *e)
{
    free(e->params);
    free(e->id);
    e->params = e->id = NULL;
}

static void scores_clear(gl_scores *s)
{
    for (int i = 0; i < s->n; i++) gl_score_free(&s->items[i]);
    s->n = 0;
}

void gl_scores_free(gl_scores *s)
{
    scores_clear(s);
    free(s->items);
    gl_scores_init(s);
}

int gl_scores_default_path(gl_strbuf *out, gl_error *err)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    if (xdg && xdg[0] == '/') { /* the XDG rule: a relative path is ignored */
        gl_sb_printf(out, "%s/gridlab/scores.txt", xdg);
        return 0;
    }
    const char *home = getenv("HOME");
    if (home && *home) {
        gl_sb_printf(out, "%s/.local/share/gridlab/scores.txt", home);
        return 0;
    }
    return gl_error_set(err, "no place for the best results: neither XDG_DATA_HOME nor HOME is set");
}

/* ------------------------------------------------------------ order */

int gl_score_better(const gl_score *a, const gl_score *b)
{
    if (a->value != b->value) return a->kind == GL_SCORE_MORE ? a->value > b->value : a->value < b->value;
    return a->ms < b->ms;
}

static int same_table(const gl_score *e, const char *game, const char *params)
{
    return strcmp(e->game, game) == 0 && strcmp(e->params, params) == 0;
}

int gl_scores_table(const gl_scores *s, const char *game, const char *params, const gl_score **out, int max)
{
    int n = 0;
    for (int i = 0; i < s->n; i++) {
        const gl_score *e = &s->items[i];
        if (!same_table(e, game, params)) continue;
        /* insertion after every result at least as good: ties keep their order */
        int at = n;
        while (at > 0 && gl_score_better(e, out[at - 1])) at--;
        if (at >= max) continue;
        int last = n < max ? n : max - 1;
        memmove(&out[at + 1], &out[at], sizeof *out * (size_t)(last - at));
        out[at] = e;
        if (n < max) n++;
    }
    return n;
}

static int push(gl_scores *s, const gl_score *e)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        gl_score *q = realloc(s->items, sizeof *q * (size_t)cap);
        if (!q) return -1;
        s->items = q;
        s->cap = cap;
    }
    gl_score *d = &s->items[s->n];
    *d = *e;
    d->params = strdup(e->params);
    d->id = strdup(e->id);
    if (!d->params || !d->id) {
        gl_score_free(d);
        return -1;
    }
    s->n++;
    return 0;
}

int gl_scores_add(gl_scores *s, const gl_score *e)
{
    if (push(s, e) != 0) return -1;
    const gl_score **table = malloc(sizeof *table * (size_t)s->n);
    if (!table) {
        gl_score_free(&s->items[--s->n]);
        return -1;
    }
    /* Its table, best first (the new result is last of its ties). */
    int n = gl_scores_table(s, e->game, e->params, table, s->n);
    int rank = 0;
    for (int i = 0; i < n && i < GL_SCORES_KEEP; i++)
        if (table[i] == &s->items[s->n - 1]) rank = i + 1;
    /* Beyond the best GL_SCORES_KEEP (the new one when it did not make
     * it): marked, then removed in one pass. */
    for (int i = GL_SCORES_KEEP; i < n; i++) s->items[table[i] - s->items].kind = 0;
    free(table);
    int k = 0;
    for (int i = 0; i < s->n; i++) {
        if (s->items[i].kind == 0) gl_score_free(&s->items[i]);
        else s->items[k++] = s->items[i];
    }
    s->n = k;
    return rank;
}

/* ------------------------------------------------------------ text */

void gl_scores_format(const gl_scores *s, gl_strbuf *out)
{
    gl_sb_puts(out, SCORES_HEADER "\n");
    gl_sb_puts(out, "# GAME  PARAMS  KIND  VALUE  MS  WHEN  ID, tab-separated (gridlab's best results)\n");
    for (int i = 0; i < s->n; i++) {
        const gl_score *e = &s->items[i];
        gl_sb_printf(out, "%s\t%s\t%s\t%lld\t%lld\t%lld\t%s\n", e->game, e->params, kind_names[e->kind], e->value,
                     e->ms, e->when, e->id);
    }
}

/* A field of the text: printable, no tab (they were split on tabs). */
static int field_ok(const char *f, size_t max, int may_be_empty)
{
    size_t n = strlen(f);
    if ((n == 0 && !may_be_empty) || n > max) return 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)f[i] < 32 || f[i] == 127) return 0;
    return 1;
}

static int parse_line(char *line, gl_score *e, const char **why)
{
    char *f[8];
    int nf = 0;
    char *p = line;
    for (;;) {
        if (nf == 8) break;
        f[nf++] = p;
        char *tab = strchr(p, '\t');
        if (!tab) break;
        *tab = '\0';
        p = tab + 1;
    }
    if (nf != 7) return *why = "not 7 tab-separated fields", -1;
    for (int i = 0; i < 7; i++)
        if (!field_ok(f[i], GL_ID_MAX, i == 1)) return *why = "an empty, overlong or unprintable field", -1;
    if (strlen(f[0]) >= sizeof e->game) return *why = "the game's name is too long", -1;
    for (const char *c = f[0]; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'))) return *why = "a bad game name", -1;
    int kind = 0;
    for (int k = 1; k <= 3; k++)
        if (strcmp(f[2], kind_names[k]) == 0) kind = k;
    if (!kind) return *why = "the kind is not fewer, more or time", -1;
    long long v[3];
    for (int i = 0; i < 3; i++)
        if (gl_parse_ll(f[3 + i], i == 0 ? -(1LL << 62) : 0, 1LL << 62, &v[i]) != 0)
            return *why = "a number is bad", -1;
    memset(e, 0, sizeof *e);
    snprintf(e->game, sizeof e->game, "%s", f[0]);
    e->kind = (gl_score_kind)kind;
    e->value = v[0];
    e->ms = v[1];
    e->when = v[2];
    e->params = f[1];
    e->id = f[6];
    return 0;
}

int gl_scores_parse(gl_scores *s, const char *data, size_t len, const char *name, gl_error *err)
{
    scores_clear(s);
    if (len == 0) return 0; /* an empty file: an empty table */
    if (memchr(data, '\0', len)) return gl_error_at(err, name, 0, "not a table of results (a NUL byte)");
    char *text = malloc(len + 1);
    if (!text) return gl_error_set(err, "%s: out of memory", name);
    memcpy(text, data, len);
    text[len] = '\0';
    int line = 0, rc = 0;
    char *p = text;
    while (*p && rc == 0) {
        line++;
        char *nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        size_t n = strlen(p);
        if (n && p[n - 1] == '\r') p[--n] = '\0';
        if (line == 1) {
            if (strcmp(p, SCORES_HEADER) != 0)
                rc = gl_error_at(err, name, 1, "not a table of results (the first line is not '%s')", SCORES_HEADER);
        } else if (n && p[0] != '#') {
            gl_score e;
            const char *why = NULL;
            if (parse_line(p, &e, &why) != 0) rc = gl_error_at(err, name, line, "%s", why);
            else if (push(s, &e) != 0) rc = gl_error_set(err, "%s: out of memory", name);
        }
        if (!nl) break;
        p = nl + 1;
    }
    free(text);
    if (rc != 0) scores_clear(s);
    return rc;
}

/* ------------------------------------------------------------ files */

/* Renames the damaged file at path to PATH.bad-YYYYMMDD-HHMMSS (then -2,
 * -3 ...): the name is made first with O_EXCL, so that an earlier file set
 * aside in the same second is never overwritten. */
static int set_aside(const char *path, char *aside, size_t n, gl_error *err)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32] = "0";
    if (gmtime_r(&now, &tm)) strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k <= 10000; k++) {
        int len = k == 1 ? snprintf(aside, n, "%s.bad-%s", path, stamp) : snprintf(aside, n, "%s.bad-%s-%d", path, stamp, k);
        if (len < 0 || (size_t)len >= n) return gl_error_set(err, "%s: the name is too long", path);
        int fd = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0) {
            if (errno == EEXIST) continue;
            return gl_error_set(err, "%s: %s", aside, strerror(errno));
        }
        close(fd);
        if (rename(path, aside) != 0) {
            int e = errno;
            unlink(aside);
            return gl_error_set(err, "%s: %s", aside, strerror(e));
        }
        return 0;
    }
    return gl_error_set(err, "%s: 10000 damaged files set aside already", path);
}

int gl_scores_load(gl_scores *s, const char *path, gl_error *err)
{
    scores_clear(s);
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        return gl_error_set(err, "%s: %s", path, strerror(errno));
    }
    char *data = NULL;
    size_t len = 0;
    gl_error why = {0};
    int bad;
    if (!S_ISREG(st.st_mode)) return gl_error_set(err, "%s: not a regular file", path);
    if ((size_t)st.st_size > SCORES_MAX_BYTES) {
        bad = gl_error_set(&why, "%s: too large for a table of results", path);
    } else {
        if (gl_read_file(path, SCORES_MAX_BYTES, &data, &len, err) != 0) return -1;
        bad = gl_scores_parse(s, data, len, path, &why);
        free(data);
    }
    if (!bad) return 0;
    char aside[4096];
    if (set_aside(path, aside, sizeof aside, err) != 0) {
        gl_error e = *err;
        gl_error_set(err, "%s; it cannot be set aside: %s", why.msg, e.msg);
        return -1;
    }
    gl_error_set(err, "%s; the damaged file was set aside as %s", why.msg, aside);
    return 1;
}

/* mkdir -p of the directory that holds path. */
static int make_parent(const char *path, gl_error *err)
{
    char *dir = strdup(path);
    if (!dir) return gl_error_set(err, "out of memory");
    char *slash = strrchr(dir, '/');
    int rc = 0;
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *p = dir + 1; rc == 0; p++) {
            int end = *p == '\0';
            if (*p == '/' || end) {
                *p = '\0';
                if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                    rc = gl_error_set(err, "%s: cannot make the directory: %s", dir, strerror(errno));
                if (end) break;
                *p = '/';
            }
        }
    }
    free(dir);
    return rc;
}

int gl_scores_save(const gl_scores *s, const char *path, gl_error *err)
{
    if (make_parent(path, err) != 0) return -1;
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_scores_format(s, &sb);
    int rc = gl_write_file_atomic(path, gl_sb_str(&sb), sb.len, err);
    gl_sb_free(&sb);
    return rc;
}

/* How long a recorder waits for another one to let go of the lock. */
#define LOCK_WAIT_MS 10000

/* Takes the advisory lock of the table at path (PATH.lock, made when
 * needed): the descriptor that holds it, or -1 with err. */
static int lock_table(const char *path, gl_error *err)
{
    if (make_parent(path, err) != 0) return -1;
    size_t n = strlen(path) + 6;
    char *lp = malloc(n);
    if (!lp) return gl_error_set(err, "out of memory");
    snprintf(lp, n, "%s.lock", path);
    int fd = open(lp, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        gl_error_set(err, "%s: %s", lp, strerror(errno));
        free(lp);
        return -1;
    }
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    for (int waited = 0;; waited++) {
        if (fcntl(fd, F_SETLK, &fl) == 0) break;
        if (errno != EACCES && errno != EAGAIN && errno != EINTR) {
            gl_error_set(err, "%s: cannot lock it: %s", lp, strerror(errno));
            break;
        }
        if (waited >= LOCK_WAIT_MS / 2) {
            gl_error_set(err, "%s: another program has held it for %d s", lp, LOCK_WAIT_MS / 1000);
            break;
        }
        struct timespec ts = {0, 2000000}; /* 2 ms */
        nanosleep(&ts, NULL);
    }
    free(lp);
    if (err && err->set) {
        close(fd);
        return -1;
    }
    return fd;
}

int gl_scores_record(const char *path, const gl_score *e, gl_scores *s, gl_error *note, gl_error *err)
{
    gl_scores own;
    gl_scores_init(&own);
    gl_scores *t = s ? s : &own;
    gl_error lerr = {0};
    int lock = lock_table(path, &lerr);
    if (lock < 0) {
        if (err) *err = lerr;
        return -1;
    }
    /* read, add, write, all under the lock */
    int rc = gl_scores_load(t, path, err);
    if (rc == 1) {
        if (note) *note = *err;
        gl_error_clear(err);
    }
    if (rc >= 0) {
        rc = gl_scores_add(t, e);
        if (rc < 0) gl_error_set(err, "out of memory");
        else if (gl_scores_save(t, path, err) != 0) rc = -1;
    }
    close(lock); /* lets go of the lock */
    gl_scores_free(&own);
    return rc;
}

/* ------------------------------------------------------------ results */

int gl_score_of_play(const gl_play *p, gl_score *e, gl_error *err)
{
    memset(e, 0, sizeof *e);
    const gl_game *g = gl_play_game(p);
    if (!g) return gl_error_set(err, "no game");
    gl_status st = gl_play_status(p);
    if (st == GL_PLAYING) return gl_error_set(err, "the game is not finished");
    if (g->score_kind != GL_SCORE_MORE && st != GL_WON) return gl_error_set(err, "only a won game counts");
    /* an empty result is no result: a game of points that scored none */
    if (g->score_kind == GL_SCORE_MORE && gl_play_score(p) <= 0) return gl_error_set(err, "no points were scored");
    if (gl_play_assisted(p)) return gl_error_set(err, "the solver played moves of this game");
    if (gl_play_hints(p))
        return gl_error_set(err, "%d hint%s helped in this game", gl_play_hints(p), gl_play_hints(p) == 1 ? "" : "s");
    if (gl_play_recorded(p)) return gl_error_set(err, "its result is in the table already");
    gl_strbuf key = GL_STRBUF_INIT;
    if (gl_play_params_key(p, &key, err) != 0) {
        gl_sb_free(&key);
        return -1;
    }
    snprintf(e->game, sizeof e->game, "%s", g->name);
    e->kind = g->score_kind;
    e->value = gl_play_score(p);
    e->ms = (long long)gl_play_elapsed_ms(p);
    e->when = (long long)time(NULL);
    e->params = strdup(gl_sb_str(&key));
    e->id = strdup(gl_play_id(p));
    gl_sb_free(&key);
    if (!e->params || !e->id) {
        gl_score_free(e);
        return gl_error_set(err, "out of memory");
    }
    return 0;
}

/* The finished game of p as a result, or why it enters no table (rec). */
static int result_of(const gl_play *p, gl_score *e, gl_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->rank = -1;
    gl_error why = {0};
    if (gl_score_of_play(p, e, &why) == 0) return 0;
    const gl_game *g = gl_play_game(p);
    gl_status st = gl_play_status(p);
    if (st == GL_PLAYING || !g) return -1;
    if (gl_play_assisted(p)) snprintf(rec->why, sizeof rec->why, "The solver helped: not entered in the best results.");
    else if (gl_play_hints(p)) snprintf(rec->why, sizeof rec->why, "Hints helped: not entered in the best results.");
    else if (gl_play_recorded(p)) snprintf(rec->why, sizeof rec->why, "Already in the best results.");
    else if (st == GL_WON || g->score_kind == GL_SCORE_MORE)
        snprintf(rec->why, sizeof rec->why, "Not entered in the best results: %.250s.",
                 gl_play_id(p)[0] ? why.msg : "a custom game (no game ID)");
    return -1;
}

int gl_play_record(gl_play *p, const char *path, gl_scores *table, gl_record *rec, gl_error *err)
{
    gl_score e;
    if (result_of(p, &e, rec) != 0) return 0;
    gl_error note = {0};
    int rank = gl_scores_record(path, &e, table, &note, err);
    gl_score_free(&e);
    if (rank < 0) return -1;
    rec->rank = rank;
    if (note.set) snprintf(rec->note, sizeof rec->note, "%s", note.msg);
    p->recorded = 1;
    return 0;
}

int gl_play_record_table(gl_play *p, gl_scores *table, gl_record *rec, gl_error *err)
{
    gl_score e;
    if (result_of(p, &e, rec) != 0) return 0;
    int rank = gl_scores_add(table, &e);
    gl_score_free(&e);
    if (rank < 0) return gl_error_set(err, "out of memory");
    rec->rank = rank;
    p->recorded = 1;
    return 0;
}

static const char *ordinal(int n)
{
    int k = n % 100;
    if (k >= 11 && k <= 13) return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

void gl_record_words(const gl_record *rec, char *buf, size_t n)
{
    if (rec->rank < 0) snprintf(buf, n, "%s", rec->why);
    else if (rec->rank == 0) snprintf(buf, n, "Not among the %d best for these options.", GL_SCORES_KEEP);
    else if (rec->rank == 1) snprintf(buf, n, "The best result for these options!");
    else snprintf(buf, n, "The %d%s best result for these options.", rec->rank, ordinal(rec->rank));
}

void gl_score_format_value(const gl_game *g, gl_score_kind kind, long long value, char *buf, size_t n)
{
    if (kind == GL_SCORE_TIME) {
        long long t = value < 0 ? 0 : value / 100; /* tenths */
        long long s = t / 10, m = s / 60, h = m / 60;
        if (h) snprintf(buf, n, "%lld:%02lld:%02lld.%lld", h, m % 60, s % 60, t % 10);
        else snprintf(buf, n, "%lld:%02lld.%lld", m, s % 60, t % 10);
        return;
    }
    snprintf(buf, n, "%s %lld", g && g->score_name ? g->score_name : "score", value);
}

void gl_play_outcome(const gl_play *p, char *buf, size_t n)
{
    const gl_game *g = gl_play_game(p);
    gl_status st = gl_play_status(p);
    if (!g || st == GL_PLAYING) {
        snprintf(buf, n, "%s", "");
        return;
    }
    char measure[64], clock[32];
    gl_score_format_value(g, g->score_kind, gl_play_score(p), measure, sizeof measure);
    long long s = (long long)gl_play_elapsed_ms(p) / 1000;
    snprintf(clock, sizeof clock, "%lld:%02lld", s / 60, s % 60);
    if (st == GL_WON && g->score_kind == GL_SCORE_TIME) snprintf(buf, n, "You won: %s.", measure);
    else if (st == GL_WON) snprintf(buf, n, "You won: %s in %s.", measure, clock);
    else if (gl_play_time_left_ms(p) == 0) snprintf(buf, n, "The time is up!");
    else snprintf(buf, n, "Game over: %s in %s.", measure, clock);
}
