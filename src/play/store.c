/* Loading a whole game saved by gl_play_save_text (session.c).
 *
 * A save is a board file (SPEC 1) of the game's position, so every command
 * that reads a board reads a save too; its comment lines hold the rest of
 * the game (docs/spec.md, "Saved games"):
 *
 *     # gridlab save 2
 *     # id: flood:size=14x14,colors=6,start=corner,difficulty=medium#7
 *     # level: 1
 *     # clock: played=20531
 *     # helped: hints=0 solver=no
 *     # recorded: no
 *     # history: moves=3 at=2
 *     flood size=14x14 colors=6 moves=25 played=2
 *     ... the rows of the position ...
 *     # start: flood size=14x14 colors=6 moves=25
 *     # start: ... the rows of the first position ...
 *     # move: 3
 *     # move: 0
 *     # move: 4
 *
 * Loading replays the moves from the first position, so undo reaches back
 * past the load and redo goes on where it was; the clock goes on from the
 * time played.  A save whose first position is not the board its ID makes,
 * or whose moves do not lead to its position, still loads and plays, as a
 * custom game (no ID: it enters no table of best results).  A board file
 * without these lines (a save of the format before) is a game at its first
 * position.  Writes are atomic (gl_write_file_atomic). */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ reading */

/* The lines of a text, one at a time: its start, length (without CR LF)
 * and number. */
typedef struct line_walk {
    const char *data;
    size_t len, at;
    const char *s;
    size_t n;
    int line;
} line_walk;

static int next_line(line_walk *w)
{
    if (w->at >= w->len) return 0;
    const char *s = w->data + w->at;
    const char *nl = memchr(s, '\n', w->len - w->at);
    size_t n = nl ? (size_t)(nl - s) : w->len - w->at;
    w->at += n + (nl != NULL);
    if (n && s[n - 1] == '\r') n--;
    w->s = s;
    w->n = n;
    w->line++;
    return 1;
}

static int has_prefix(const line_walk *w, const char *prefix)
{
    size_t k = strlen(prefix);
    return w->n >= k && memcmp(w->s, prefix, k) == 0;
}

/* The ID in the leading comment lines (`# id: ...`), and its line. */
static int find_id(const char *data, size_t len, char *id, size_t idsize)
{
    line_walk w = {data, len, 0, NULL, 0, 0};
    while (next_line(&w)) {
        if (w.n && w.s[0] != '#') return 0; /* the header: no more comments before it */
        if (has_prefix(&w, "# id:")) {
            size_t a = 5, b = w.n;
            while (a < b && (w.s[a] == ' ' || w.s[a] == '\t')) a++;
            while (b > a && (w.s[b - 1] == ' ' || w.s[b - 1] == '\t')) b--;
            if (b - a >= idsize) b = a + idsize - 1;
            memcpy(id, w.s + a, b - a);
            id[b - a] = '\0';
            return w.line;
        }
    }
    return 0;
}

/* The ID's game and the board it makes: 0, or -1 with a message at line. */
static int id_board(const char *id, int line, const char *name, const gl_game *g, gl_kvlist *params,
                    uint64_t *seed, gl_board **out, gl_error *err)
{
    const gl_game *ig;
    gl_error e2 = {0};
    if (gl_game_id_parse(id, &ig, params, seed, &e2) != 0) return gl_error_at(err, name, line, "%s", e2.msg);
    if (ig != g)
        return gl_error_at(err, name, line, "the id names a %s game but the board is %s", ig->name, g->name);
    gl_kvlist copy;
    gl_kv_init(&copy);
    copy.bare = 1;
    for (int i = 0; i < params->n; i++) gl_kv_add(&copy, params->items[i].key, params->items[i].value, 0);
    *out = gl_game_create(g, &copy, *seed, &e2);
    gl_kv_free(&copy);
    if (!*out) return gl_error_at(err, name, line, "the id does not make a board: %s", e2.msg);
    return 0;
}

/* The board as its own text reads back: a file may hold what the game's
 * format does not write (a tiles board with a cost and no moves), and the
 * session must hold what its save will say.  b is taken; NULL on failure
 * (err). */
static gl_board *as_written(const gl_game *g, gl_board *b, gl_error *err)
{
    gl_strbuf text = GL_STRBUF_INIT;
    g->format(b, &text);
    g->destroy(b);
    const gl_game *g2 = NULL;
    gl_board *c = gl_board_parse_text(gl_sb_str(&text), text.len, "the board as written", &g2, err);
    gl_sb_free(&text);
    if (c && g2 != g) {
        g2->destroy(c);
        c = NULL;
        gl_error_set(err, "the board's text reads as another game");
    }
    return c;
}

static int same_board(const gl_game *g, const gl_board *a, const gl_board *b)
{
    gl_strbuf x = GL_STRBUF_INIT, y = GL_STRBUF_INIT;
    g->format(a, &x);
    g->format(b, &y);
    int same = x.len == y.len && memcmp(gl_sb_str(&x), gl_sb_str(&y), x.len) == 0;
    gl_sb_free(&x);
    gl_sb_free(&y);
    return same;
}

/* The game's ID (or none) after a load. */
static void take_id(gl_play *p, const char *id, gl_kvlist *params, uint64_t seed)
{
    gl_kv_free(&p->params);
    gl_kv_init(&p->params);
    if (id) {
        size_t n = strlen(id); /* parsed: at most GL_ID_MAX */
        if (n >= sizeof p->id) n = sizeof p->id - 1;
        memcpy(p->id, id, n);
        p->id[n] = '\0';
        p->params = *params;
        gl_kv_init(params);
        p->seed = seed;
    } else {
        p->id[0] = '\0';
        p->seed = 0;
    }
}

/* A board file, or a save of the format before this one: a game at its
 * first position, of its ID when the ID makes that board. */
static int load_board(gl_play *p, const char *data, size_t len, const char *name, gl_error *err)
{
    const gl_game *g;
    gl_board *b = gl_board_parse_text(data, len, name, &g, err);
    if (b) b = as_written(g, b, err);
    if (!b) return -1;
    char id[GL_ID_MAX + 2];
    int idline = find_id(data, len, id, sizeof id);
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed = 0;
    gl_board *made = NULL;
    if (idline && id_board(id, idline, name, g, &params, &seed, &made, err) != 0) {
        gl_kv_free(&params);
        g->destroy(b);
        return -1;
    }
    int same = made && same_board(g, made, b);
    if (made) g->destroy(made);
    play_drop(p); /* the old game, with its own table */
    p->g = g;
    play_set_board(p, b);
    take_id(p, same ? id : NULL, &params, seed);
    gl_kv_free(&params);
    if (made && !same)
        snprintf(p->load_note, sizeof p->load_note,
                 "its board is not the first position of its ID (%.120s) and it holds no moves: a custom game, "
                 "entered in no table of best results", id);
    p->level = 1;
    p->dirty = 0;
    return 0;
}

/* A field's key=value pairs, named by file and line in messages. */
static int field_pairs(const line_walk *w, size_t skip, const char *name, gl_kvlist *kv, gl_error *err)
{
    gl_strbuf v = GL_STRBUF_INIT;
    gl_sb_append(&v, w->s + skip, w->n - skip);
    gl_error e2 = {0};
    int rc = gl_kv_parse_pairs(kv, gl_sb_str(&v), &e2);
    gl_sb_free(&v);
    if (rc != 0) return gl_error_at(err, name, w->line, "%s", e2.msg);
    kv->bare = 0;
    kv->file = name;
    for (int i = 0; i < kv->n; i++) kv->items[i].line = w->line;
    return 0;
}

typedef struct save_move {
    const char *s;
    size_t n;
    int line;
} save_move;

typedef struct save_fields {
    int version_line;
    int id_line, level_line, clock_line, helped_line, recorded_line, history_line;
    long long level, played, left, hints, moves, at;
    int solver, recorded, has_left;
    char id[GL_ID_MAX + 2];
    save_move *mv;
    int nmv;
    int start_lines, first_start_line;
} save_fields;

/* One field line; 0, or -1 with a message naming the line. */
static int read_field(const line_walk *w, const char *name, save_fields *f, gl_error *err)
{
    static const char *const keys[] = {"# id:", "# level:", "# clock:", "# helped:", "# recorded:", "# history:"};
    int *lines[] = {&f->id_line, &f->level_line, &f->clock_line, &f->helped_line, &f->recorded_line,
                    &f->history_line};
    int k = -1;
    for (int i = 0; i < 6; i++)
        if (has_prefix(w, keys[i])) k = i;
    if (k < 0) return 0; /* another comment */
    if (*lines[k])
        return gl_error_at(err, name, w->line, "'%s' is given twice (first on line %d)", keys[k] + 2, *lines[k]);
    *lines[k] = w->line;
    size_t skip = strlen(keys[k]);
    while (skip < w->n && w->s[skip] == ' ') skip++;
    const char *v = w->s + skip;
    size_t vn = w->n - skip;
    gl_kvlist kv;
    gl_kv_init(&kv);
    int rc = 0;
    switch (k) {
    case 0:
        if (vn == 0 || vn > GL_ID_MAX) rc = gl_error_at(err, name, w->line, "id: expected a game ID");
        else {
            memcpy(f->id, v, vn);
            f->id[vn] = '\0';
        }
        break;
    case 1:
    case 4: {
        char word[24];
        snprintf(word, sizeof word, "%.*s", (int)(vn < 23 ? vn : 23), v);
        if (k == 1 && (vn >= sizeof word || gl_parse_ll(word, 1, 1000000, &f->level) != 0))
            rc = gl_error_at(err, name, w->line, "level: expected a whole number from 1 to 1000000");
        if (k == 4) {
            if (strcmp(word, "yes") == 0 && vn == 3) f->recorded = 1;
            else if (strcmp(word, "no") == 0 && vn == 2) f->recorded = 0;
            else rc = gl_error_at(err, name, w->line, "recorded: expected yes or no");
        }
        break;
    }
    case 2:
        if ((rc = field_pairs(w, skip, name, &kv, err)) == 0) {
            f->has_left = gl_kv_get(&kv, "left") != NULL;
            f->played = -1;
            rc = gl_kv_int(&kv, "played", 0, PLAY_MAX_PLAYED_MS, &f->played, err) != 0 ||
                         gl_kv_int(&kv, "left", 0, PLAY_MAX_PLAYED_MS, &f->left, err) != 0 ||
                         gl_kv_check_used(&kv, err) != 0
                     ? -1
                     : 0;
            if (rc == 0 && f->played < 0) rc = gl_error_at(err, name, w->line, "clock: expected played=MS");
        }
        break;
    case 3:
        if ((rc = field_pairs(w, skip, name, &kv, err)) == 0) {
            rc = gl_kv_int(&kv, "hints", 0, 1000000000, &f->hints, err) != 0 ||
                         gl_kv_choice(&kv, "solver", "no|yes", &f->solver, err) != 0 ||
                         gl_kv_check_used(&kv, err) != 0
                     ? -1
                     : 0;
        }
        break;
    case 5:
        if ((rc = field_pairs(w, skip, name, &kv, err)) == 0) {
            f->moves = f->at = -1;
            if (gl_kv_int(&kv, "moves", 0, GL_SAVE_MAX_MOVES, &f->moves, err) != 0 ||
                gl_kv_int(&kv, "at", 0, GL_SAVE_MAX_MOVES, &f->at, err) != 0 || gl_kv_check_used(&kv, err) != 0)
                rc = -1;
            else if (f->moves < 0 || f->at < 0)
                rc = gl_error_at(err, name, w->line, "history: expected moves=N at=K");
            else if (f->at > f->moves)
                rc = gl_error_at(err, name, w->line, "history: at=%lld is past its %lld moves", f->at, f->moves);
        }
        break;
    }
    gl_kv_free(&kv);
    return rc;
}

/* The save's own lines: its fields, the first position (as a board text
 * whose other lines are blanked to '#', so that its messages name the
 * save's lines) and the moves. */
static int read_save_lines(const char *data, size_t len, const char *name, save_fields *f, char **start,
                           gl_error *err)
{
    *start = malloc(2 * len + 2); /* a blank line becomes "#\n": two bytes for one */
    if (!*start) return gl_error_set(err, "out of memory");
    char *st = *start;
    size_t sn = 0;
    line_walk w = {data, len, 0, NULL, 0, 0};
    if (gl_text_has_bom(data, len)) w.at = 3;
    while (next_line(&w)) {
        int start_line = has_prefix(&w, "# start: ");
        if (start_line) {
            memcpy(st + sn, w.s + 9, w.n - 9);
            sn += w.n - 9;
            if (!f->start_lines) f->first_start_line = w.line;
            f->start_lines++;
        } else {
            st[sn++] = '#';
        }
        st[sn++] = '\n';
        if (w.line == 1) {
            char v[24];
            snprintf(v, sizeof v, "%.*s", (int)(w.n - strlen(SAVE_MAGIC) < 20 ? w.n - strlen(SAVE_MAGIC) : 20),
                     w.s + strlen(SAVE_MAGIC));
            if (strcmp(v, "2") != 0)
                return gl_error_at(err, name, 1, "a save of version '%s': this gridlab reads version %d", v,
                                   SAVE_VERSION);
            f->version_line = 1;
        } else if (has_prefix(&w, "# move: ")) {
            if (f->nmv == GL_SAVE_MAX_MOVES)
                return gl_error_at(err, name, w.line, "more than %d moves (a save holds at most %d)",
                                   GL_SAVE_MAX_MOVES, GL_SAVE_MAX_MOVES);
            if (f->nmv % 1024 == 0) {
                save_move *q = realloc(f->mv, sizeof *q * ((size_t)f->nmv + 1024));
                if (!q) return gl_error_set(err, "out of memory");
                f->mv = q;
            }
            f->mv[f->nmv++] = (save_move){w.s + 8, w.n - 8, w.line};
        } else if (!start_line && read_field(&w, name, f, err) != 0) {
            return -1;
        }
    }
    st[sn] = '\0';
    if (!f->history_line) return gl_error_at(err, name, 1, "a save without its '# history:' line");
    return 0;
}

/* Replays the moves from the first position: the positions before each
 * move (befores[i]) and the last one (*last), with each move's line.  0,
 * or 1 with why the moves do not replay (and nothing kept). */
static int replay(const gl_game *g, const gl_board *start, const save_fields *f, gl_board **befores, char **notes,
                  gl_board **last, char *why, size_t whyn)
{
    gl_board *cur = g->clone(start);
    if (!cur) {
        snprintf(why, whyn, "out of memory");
        return 1;
    }
    int i;
    for (i = 0; i < f->nmv; i++) {
        const save_move *m = &f->mv[i];
        char text[96];
        size_t mn = 0;
        while (mn < m->n && !(m->s[mn] == ' ' && mn + 1 < m->n && m->s[mn + 1] == '|')) mn++;
        snprintf(text, sizeof text, "%.*s", (int)(mn < 95 ? mn : 95), m->s);
        gl_move mv;
        gl_error e = {0};
        if (g->parse_move(cur, text, &mv, &e) != 0) {
            snprintf(why, whyn, "its move %d (line %d) is not a move there: %.120s", i + 1, m->line, e.msg);
            break;
        }
        char name[64];
        g->format_move(cur, &mv, name, sizeof name);
        gl_board *before = g->clone(cur);
        gl_events ev;
        gl_events_init(&ev);
        if (!before || g->apply(cur, &mv, &ev, &e) != 0) {
            snprintf(why, whyn, "its move %d (line %d) is not legal there: %.120s", i + 1, m->line, e.msg);
            if (before) g->destroy(before);
            gl_events_free(&ev);
            break;
        }
        char *note = play_note(g, cur, name, &ev, 0);
        gl_events_free(&ev);
        if (strlen(note) != m->n || memcmp(note, m->s, m->n) != 0) {
            snprintf(why, whyn, "its move %d (line %d) does not do what the save says: %.120s", i + 1, m->line,
                     note);
            free(note);
            g->destroy(before);
            break;
        }
        befores[i] = before;
        notes[i] = note;
    }
    if (i == f->nmv) {
        *last = cur;
        return 0;
    }
    g->destroy(cur);
    while (i-- > 0) {
        g->destroy(befores[i]);
        free(notes[i]);
    }
    return 1;
}

static int load_save(gl_play *p, const char *data, size_t len, const char *name, gl_error *err)
{
    const gl_game *g;
    gl_board *b = gl_board_parse_text(data, len, name, &g, err); /* the position */
    if (b) b = as_written(g, b, err);
    if (!b) return -1;
    save_fields f;
    memset(&f, 0, sizeof f);
    f.level = 1;
    char *start_text = NULL;
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed = 0;
    gl_board *start = NULL, *made = NULL, *last = NULL;
    gl_board **befores = NULL;
    char **notes = NULL;
    char why[400] = "";
    int rc = read_save_lines(data, len, name, &f, &start_text, err);
    if (rc == 0 && f.id_line) rc = id_board(f.id, f.id_line, name, g, &params, &seed, &made, err);
    long long limit_ms = g->time_limit_s ? (long long)g->time_limit_s(b) * 1000 : 0;
    if (rc == 0 && f.clock_line && limit_ms > 0 && !f.has_left)
        rc = gl_error_at(err, name, f.clock_line, "clock: expected played=%lld left=%lld (the board's clock is %lld s)",
                         f.played, limit_ms - f.played < 0 ? 0 : limit_ms - f.played, limit_ms / 1000);
    if (rc == 0 && f.has_left) {
        long long want = limit_ms - f.played < 0 ? 0 : limit_ms - f.played;
        if (limit_ms <= 0) rc = gl_error_at(err, name, f.clock_line, "clock: left=%lld, but the board has no clock", f.left);
        else if (f.left != want)
            rc = gl_error_at(err, name, f.clock_line,
                             "clock: left=%lld does not agree with played=%lld and the board's %lld s (left=%lld)",
                             f.left, f.played, limit_ms / 1000, want);
    }
    if (rc != 0) goto out;

    /* the first position and the moves: a custom game at its position when
     * they do not lead to it */
    if (!f.start_lines) snprintf(why, sizeof why, "it has no first position ('# start:' lines)");
    else {
        gl_error e = {0};
        const gl_game *sg;
        start = gl_board_parse_text(start_text, strlen(start_text), name, &sg, &e);
        if (!start) snprintf(why, sizeof why, "its first position does not read: %.300s", e.msg);
        else if (sg != g) {
            snprintf(why, sizeof why, "its first position is a %s board, its position %s", sg->name, g->name);
            sg->destroy(start);
            start = NULL;
        } else if (!(start = as_written(g, start, &e)))
            snprintf(why, sizeof why, "its first position does not read: %.300s", e.msg);
    }
    if (!why[0] && f.nmv != f.moves)
        snprintf(why, sizeof why, "it lists %d moves where its history says %lld", f.nmv, f.moves);
    if (!why[0] && f.nmv > 0) {
        befores = calloc((size_t)f.nmv, sizeof *befores);
        notes = calloc((size_t)f.nmv, sizeof *notes);
        if (!befores || !notes) {
            rc = gl_error_set(err, "out of memory");
            goto out;
        }
    }
    if (!why[0] && replay(g, start, &f, befores, notes, &last, why, sizeof why) == 0) {
        gl_board *at = f.at < f.nmv ? befores[f.at] : last;
        if (!same_board(g, at, b)) {
            snprintf(why, sizeof why, "its moves do not lead to its position");
            for (int i = 0; i < f.nmv; i++) {
                g->destroy(befores[i]);
                free(notes[i]);
            }
            g->destroy(last);
            last = NULL;
        }
    }

    play_drop(p); /* the old game, with its own table */
    p->g = g;
    if (why[0]) { /* the position as it is, without its history */
        play_set_board(p, b);
        b = NULL;
        take_id(p, NULL, &params, 0);
        snprintf(p->load_note, sizeof p->load_note,
                 "%s: loaded as a custom game at its position (no undo before it), entered in no table of best "
                 "results", why);
    } else {
        int at = (int)f.at, n = f.nmv;
        play_set_board(p, at < n ? befores[at] : last);
        g->destroy(p->start);
        p->start = start;
        start = NULL;
        for (int i = 0; i < at; i++) play_steps_push(&p->undo, befores[i], notes[i]);
        for (int j = n - 1; j >= at; j--) play_steps_push(&p->redo, j + 1 < n ? befores[j + 1] : last, notes[j]);
        if (made && !same_board(g, made, p->start)) {
            take_id(p, NULL, &params, 0);
            snprintf(p->load_note, sizeof p->load_note,
                     "its first position is not the board its ID (%.120s) makes: a custom game, entered in no "
                     "table of best results", f.id);
        } else {
            take_id(p, made ? f.id : NULL, &params, seed);
        }
    }
    p->level = (int)f.level;
    p->hints = (int)f.hints;
    p->assisted = f.solver;
    p->recorded = f.recorded;
    p->carried_ns = (uint64_t)f.played * 1000000u;
    if (p->limit_s > 0 && f.played >= (long long)p->limit_s * 1000 && g->status(p->b) == GL_PLAYING) p->time_up = 1;
    play_clock_follow(p);
    p->dirty = 0;
out:
    if (b) g->destroy(b);
    if (start) g->destroy(start);
    if (made) g->destroy(made);
    gl_kv_free(&params);
    free(befores);
    free(notes);
    free(f.mv);
    free(start_text);
    return rc;
}

int gl_play_load_text(gl_play *p, const char *data, size_t len, const char *name, gl_error *err)
{
    size_t skip = gl_text_has_bom(data, len) ? 3 : 0;
    size_t k = strlen(SAVE_MAGIC);
    if (len - skip >= k && memcmp(data + skip, SAVE_MAGIC, k) == 0) return load_save(p, data, len, name, err);
    return load_board(p, data, len, name, err);
}

int gl_play_load_file(gl_play *p, const char *path, gl_error *err)
{
    char *data;
    size_t len;
    if (gl_read_file(path, GL_TEXT_MAX_BYTES, &data, &len, err) != 0) return -1;
    int rc = gl_play_load_text(p, data, len, strcmp(path, "-") == 0 ? "<stdin>" : path, err);
    free(data);
    if (rc == 0 && strcmp(path, "-") != 0) gl_play_set_path(p, path);
    return rc;
}
