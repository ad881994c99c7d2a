/* The play session (include/gridlab/play.h): games and their IDs, moves
 * and picked cells, undo and redo by snapshot, levels and the clock.
 *
 * History is two stacks of board snapshots with no cap: a move pushes the
 * position before it on the undo stack and empties the redo stack.  Every
 * level of a sequence gets an ID of its own, whose seed is derived from
 * the finished level's ID, so a sequence depends on the first ID alone. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t monotonic(void *ctx)
{
    (void)ctx;
    return gl_now_ns();
}

uint64_t play_now(const gl_play *p) { return p->now(p->now_ctx); }

gl_play *gl_play_new(void)
{
    gl_play *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    gl_kv_init(&p->params);
    p->now = monotonic;
    return p;
}

void play_steps_push(play_steps *s, gl_board *b, char *note)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        play_step *q = realloc(s->items, sizeof *q * (size_t)cap);
        if (!q) {
            fputs("gridlab: out of memory\n", stderr);
            abort();
        }
        s->items = q;
        s->cap = cap;
    }
    s->items[s->n].board = b;
    s->items[s->n].note = note;
    s->n++;
}

void play_steps_clear(const gl_game *g, play_steps *s)
{
    while (s->n) {
        play_step *st = &s->items[--s->n];
        g->destroy(st->board);
        free(st->note);
    }
}

char *play_note(const gl_game *g, const gl_board *b, const char *name, const gl_events *ev, int first)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_sb_puts(&sb, name);
    for (int i = first; ev && i < ev->n; i++) {
        const gl_event *e = &ev->ev[i];
        if (e->kind == GL_EV_SPAWN) {
            gl_sb_puts(&sb, " | spawn");
            for (int k = 0; k < e->n; k++) {
                int r = ev->cells.rc[2 * (e->first + k)], c = ev->cells.rc[2 * (e->first + k) + 1];
                char cell[16];
                gl_cell_format(r, c, cell, sizeof cell);
                gl_cell_view v;
                g->cell(b, r, c, &v);
                gl_sb_printf(&sb, " %s=%c", cell, v.sym > ' ' && v.sym < 127 ? v.sym : '?');
            }
        } else if (e->kind == GL_EV_BOMB) {
            gl_sb_printf(&sb, " | bomb %c", e->value > ' ' && e->value < 127 ? (char)e->value : '?');
        } else if (e->kind == GL_EV_RESHUFFLE) {
            gl_sb_printf(&sb, " | reshuffle %lld", e->value);
        }
    }
    char *note = strdup(gl_sb_str(&sb));
    gl_sb_free(&sb);
    if (!note) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    return note;
}

void play_drop(gl_play *p)
{
    if (!p->g) return;
    play_steps_clear(p->g, &p->undo);
    play_steps_clear(p->g, &p->redo);
    if (p->b) p->g->destroy(p->b);
    if (p->start) p->g->destroy(p->start);
    p->b = p->start = NULL;
    free(p->plan);
    p->plan = NULL;
    p->nplan = p->iplan = 0;
}

void gl_play_free(gl_play *p)
{
    if (!p) return;
    play_drop(p);
    free(p->undo.items);
    free(p->redo.items);
    gl_kv_free(&p->params);
    free(p->path);
    free(p);
}

static void clock_start(gl_play *p)
{
    p->carried_ns = 0;
    p->started_ns = play_now(p);
    p->paused_ns = 0;
    p->pause_at = 0;
    p->end_at = 0;
    p->time_up = 0;
    p->limit_s = p->g->time_limit_s ? p->g->time_limit_s(p->b) : 0;
}

void play_set_board(gl_play *p, gl_board *b)
{
    gl_board *start = p->g->clone(b);
    if (!start) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    play_steps_clear(p->g, &p->undo);
    play_steps_clear(p->g, &p->redo);
    if (p->b) p->g->destroy(p->b);
    if (p->start) p->g->destroy(p->start);
    p->b = b;
    p->start = start;
    p->nsel = 0;
    free(p->plan);
    p->plan = NULL;
    p->nplan = p->iplan = 0;
    p->assisted = p->hints = p->recorded = 0;
    p->load_note[0] = '\0';
    p->last_move[0] = '\0';
    p->serial++;
    clock_start(p);
    play_clock_follow(p); /* a board that is over already has no time to count */
}

/* A new game of g: the board from params and seed, its ID. */
static int start_game(gl_play *p, const gl_game *g, const gl_kvlist *params, uint64_t seed, int level,
                      gl_error *err)
{
    /* the board first: create names a bad option the way options are named */
    gl_kvlist copy;
    gl_kv_init(&copy);
    copy.bare = params && params->bare;
    for (int i = 0; params && i < params->n; i++) gl_kv_add(&copy, params->items[i].key, params->items[i].value, 0);
    gl_board *b = gl_game_create(g, &copy, seed, err);
    gl_kv_free(&copy);
    if (!b) return -1;
    gl_strbuf id = GL_STRBUF_INIT;
    int idrc = gl_game_id(g, params, seed, &id, err);
    if (idrc < 0) {
        gl_sb_free(&id);
        g->destroy(b);
        return -1;
    }
    if (idrc == 1) gl_error_clear(err); /* a parameter outside IDs (a file): a custom game */
    if (p->g && p->g != g) play_drop(p);
    p->g = g;
    snprintf(p->id, sizeof p->id, "%s", gl_sb_str(&id));
    gl_sb_free(&id);
    if (params != &p->params) {
        gl_kv_free(&p->params);
        gl_kv_init(&p->params);
        for (int i = 0; params && i < params->n; i++)
            gl_kv_add(&p->params, params->items[i].key, params->items[i].value, 0);
    }
    p->seed = seed;
    p->level = level;
    p->dirty = 0;
    play_set_board(p, b);
    return 0;
}

int gl_play_start(gl_play *p, const gl_game *g, gl_kvlist *params, uint64_t seed, gl_error *err)
{
    /* options given as --key value are marked used: they are the game's */
    for (int i = 0; params && i < params->n; i++) params->items[i].used = 1;
    return start_game(p, g, params, seed, 1, err);
}

int gl_play_start_id(gl_play *p, const char *id, gl_error *err)
{
    const gl_game *g;
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed;
    int rc = gl_game_id_parse(id, &g, &params, &seed, err);
    if (rc == 0) rc = start_game(p, g, &params, seed, 1, err);
    gl_kv_free(&params);
    return rc;
}

int gl_play_start_text(gl_play *p, const gl_game *g, const char *params, uint64_t seed, gl_error *err)
{
    gl_kvlist kv;
    gl_kv_init(&kv);
    int rc = gl_kv_parse_pairs(&kv, params, err);
    if (rc == 0) rc = start_game(p, g, &kv, seed, 1, err);
    gl_kv_free(&kv);
    return rc;
}

int gl_play_new_game(gl_play *p, uint64_t seed, gl_error *err)
{
    if (!p->g) return gl_error_set(err, "no game to start again");
    gl_kvlist params;
    gl_kv_init(&params);
    for (int i = 0; i < p->params.n; i++) gl_kv_add(&params, p->params.items[i].key, p->params.items[i].value, 0);
    int rc = start_game(p, p->g, &params, seed, 1, err);
    gl_kv_free(&params);
    return rc;
}


/* ------------------------------------------------------------ reading */

const gl_game *gl_play_game(const gl_play *p) { return p->g; }
const gl_board *gl_play_board(const gl_play *p) { return p->b; }
const char *gl_play_id(const gl_play *p) { return p->id; }
uint64_t gl_play_seed(const gl_play *p) { return p->seed; }
int gl_play_moves(const gl_play *p) { return p->undo.n; }
int gl_play_can_undo(const gl_play *p) { return p->undo.n > 0; }
int gl_play_can_redo(const gl_play *p) { return p->redo.n > 0; }
int gl_play_dirty(const gl_play *p) { return p->dirty; }
int gl_play_assisted(const gl_play *p) { return p->assisted; }
int gl_play_hints(const gl_play *p) { return p->hints; }
int gl_play_level(const gl_play *p) { return p->level; }
int gl_play_recorded(const gl_play *p) { return p->recorded; }
const char *gl_play_load_note(const gl_play *p) { return p->load_note; }

void gl_play_mark_helped(gl_play *p, int hints, int solver)
{
    if (hints > 0 && p->hints < hints) p->hints = hints;
    if (solver) p->assisted = 1;
}
unsigned gl_play_serial(const gl_play *p) { return p->serial; }
const gl_board *gl_play_first_board(const gl_play *p) { return p->start; }
const gl_kvlist *gl_play_params(const gl_play *p) { return &p->params; }

int gl_play_params_key(const gl_play *p, gl_strbuf *out, gl_error *err)
{
    if (!p->g) return gl_error_set(err, "no game");
    if (!p->id[0]) return gl_error_set(err, "this game has no ID (a board read without one)");
    return gl_params_canon(p->g, &p->params, out, err);
}
const char *gl_play_last_move(const gl_play *p) { return p->last_move; }

gl_status gl_play_status(const gl_play *p)
{
    if (!p->b) return GL_PLAYING;
    gl_status s = p->g->status(p->b);
    if (s == GL_PLAYING && p->time_up) return GL_LOST;
    return s;
}

long long gl_play_score(const gl_play *p)
{
    if (p->g->score_kind == GL_SCORE_TIME || !p->g->score) return (long long)gl_play_elapsed_ms(p);
    return p->g->score(p->b);
}

/* ------------------------------------------------------------ moving */

/* The solver's plan (assist.c) is dropped by any other move. */
void gl_play_solve_cancel(gl_play *p)
{
    free(p->plan);
    p->plan = NULL;
    p->nplan = p->iplan = 0;
}

int gl_play_move(gl_play *p, const gl_move *m, gl_events *ev, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game");
    gl_play_tick(p, ev);
    gl_status st = gl_play_status(p);
    if (st != GL_PLAYING) {
        if (p->time_up) return gl_error_set(err, "the time is up: the game is over");
        return gl_error_set(err, "the game is over (%s)", st == GL_WON ? "won" : "lost");
    }
    char name[64];
    p->g->format_move(p->b, m, name, sizeof name);
    gl_board *before = p->g->clone(p->b);
    if (!before) return gl_error_set(err, "out of memory");
    /* the move's events, for its line in the save: the caller's, or ours */
    gl_events own;
    gl_events_init(&own);
    gl_events *got = ev ? ev : &own;
    int first = got->n;
    if (p->g->apply(p->b, m, got, err) != 0) {
        p->g->destroy(before);
        gl_events_free(&own);
        return -1;
    }
    snprintf(p->last_move, sizeof p->last_move, "%s", name);
    play_steps_push(&p->undo, before, play_note(p->g, p->b, name, got, first));
    gl_events_free(&own);
    play_steps_clear(p->g, &p->redo);
    gl_play_solve_cancel(p);
    p->nsel = 0;
    p->dirty = 1;
    gl_status now = p->g->status(p->b);
    if (now == GL_WON) gl_events_add(ev, GL_EV_WON, 0);
    else if (now == GL_LOST) gl_events_add(ev, GL_EV_LOST, 0);
    play_clock_follow(p);
    return play_autosave(p, ev, err) == 0 ? 0 : 1;
}

int gl_play_move_text(gl_play *p, const char *text, gl_events *ev, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game");
    gl_move m;
    if (p->g->parse_move(p->b, text, &m, err) != 0) return -1;
    return gl_play_move(p, &m, ev, err);
}

int gl_play_pick(gl_play *p, int r, int c, int *moved, gl_events *ev, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game");
    int w, h;
    p->g->dims(p->b, &w, &h);
    if (r < 0 || r >= h || c < 0 || c >= w) {
        p->nsel = 0;
        gl_error_set(err, "not a cell of the board");
        return GL_PICK_BAD;
    }
    gl_status st = gl_play_status(p);
    if (st != GL_PLAYING) {
        p->nsel = 0;
        gl_error_set(err, "the game is over");
        return GL_PICK_BAD;
    }
    for (int i = 0; i < p->nsel; i++)
        if (p->sel[2 * i] == r && p->sel[2 * i + 1] == c) { /* picked again: dropped */
            memmove(&p->sel[2 * i], &p->sel[2 * i + 2], sizeof(int) * 2 * (size_t)(p->nsel - i - 1));
            p->nsel--;
            return GL_PICK_DROPPED;
        }
    if (p->nsel == GL_PLAY_MAXSEL) p->nsel = 0;
    p->sel[2 * p->nsel] = r;
    p->sel[2 * p->nsel + 1] = c;
    p->nsel++;
    gl_move m;
    gl_error e1 = {0};
    int res = p->g->select(p->b, p->sel, p->nsel, &m, &e1);
    if (res < 0 && p->nsel > 1) {
        /* Not a move with what came before: perhaps a fresh start (another
         * ball picked in lines, a tile of another kind in onet). */
        gl_error e2 = {0};
        int res2 = p->g->select(p->b, &p->sel[2 * (p->nsel - 1)], 1, &m, &e2);
        if (res2 == 0) {
            p->sel[0] = r;
            p->sel[1] = c;
            p->nsel = 1;
            gl_error_set(err, "%s", e1.set ? e1.msg : "not a move");
            return GL_PICK_RESTART;
        }
        if (res2 == 1) {
            p->sel[0] = r;
            p->sel[1] = c;
            p->nsel = 1;
            res = res2;
        }
    }
    if (res < 0) {
        p->nsel = 0;
        gl_error_set(err, "%s", e1.set ? e1.msg : "not a move");
        return GL_PICK_BAD;
    }
    if (res == 0) return GL_PICK_MORE;
    p->nsel = 0;
    int rc = gl_play_move(p, &m, ev, err);
    if (rc < 0) return GL_PICK_BAD;
    if (moved) *moved = rc;
    return GL_PICK_MOVED;
}

const int *gl_play_selection(const gl_play *p, int *n)
{
    *n = p->nsel;
    return p->sel;
}

void gl_play_unselect(gl_play *p) { p->nsel = 0; }

static int step_history(gl_play *p, play_steps *from, play_steps *to, gl_error *err)
{
    if (!from->n) return -1;
    play_step st = from->items[--from->n];
    play_steps_push(to, p->b, st.note); /* the move's line goes along */
    p->b = st.board;
    p->nsel = 0;
    p->dirty = 1;
    play_clock_follow(p);
    free(p->plan);
    p->plan = NULL;
    p->nplan = p->iplan = 0;
    return play_autosave(p, NULL, err) == 0 ? 0 : 1;
}

int gl_play_undo(gl_play *p, gl_error *err) { return step_history(p, &p->undo, &p->redo, err); }
int gl_play_redo(gl_play *p, gl_error *err) { return step_history(p, &p->redo, &p->undo, err); }

/* Restart: every move undone at once and kept for redo, so that a restart
 * is undone by redoing (the game, its clock, its help and whether it was
 * recorded stay: it is the same game at its first position). */
int gl_play_restart(gl_play *p, gl_error *err)
{
    if (!p->g) return gl_error_set(err, "no game to restart");
    if (!p->undo.n) {
        p->nsel = 0;
        return 0;
    }
    while (p->undo.n) {
        play_step st = p->undo.items[--p->undo.n];
        play_steps_push(&p->redo, p->b, st.note);
        p->b = st.board;
    }
    p->nsel = 0;
    p->dirty = 1;
    p->serial++;
    play_clock_follow(p);
    free(p->plan);
    p->plan = NULL;
    p->nplan = p->iplan = 0;
    return play_autosave(p, NULL, err) == 0 ? 0 : 1;
}

/* ------------------------------------------------------------ levels */

/* The seed of the level after the one named id: FNV-1a of the ID, mixed
 * by the core's 64-bit finaliser. */
static uint64_t level_seed(const char *id)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *c = id; *c; c++) {
        h ^= (unsigned char)*c;
        h *= 0x100000001b3ULL;
    }
    return gl_hash_u64(h);
}

static int next_params(const gl_play *p, gl_kvlist *params)
{
    if (!p->b || !p->g->next_level || p->g->status(p->b) != GL_WON) return 0;
    for (int i = 0; i < p->params.n; i++) gl_kv_add(params, p->params.items[i].key, p->params.items[i].value, 0);
    return p->g->next_level(p->b, params);
}

int gl_play_has_next_level(const gl_play *p)
{
    gl_kvlist params;
    gl_kv_init(&params);
    int r = next_params(p, &params);
    gl_kv_free(&params);
    return r;
}

int gl_play_next_level(gl_play *p, gl_events *ev, gl_error *err)
{
    gl_kvlist params;
    gl_kv_init(&params);
    int r = next_params(p, &params);
    if (r == 1) {
        /* a board loaded without an ID still gets a reproducible next level */
        uint64_t seed = level_seed(p->id[0] ? p->id : p->g->name);
        if (start_game(p, p->g, &params, seed, p->level + 1, err) != 0) r = -1;
        else {
            p->dirty = 1;
            gl_events_add(ev, GL_EV_LEVEL, p->level);
            if (play_autosave(p, ev, err) != 0) r = 2;
        }
    }
    gl_kv_free(&params);
    return r;
}

/* ------------------------------------------------------------ the clock */

void gl_play_set_clock(gl_play *p, uint64_t (*now_ns)(void *ctx), void *ctx)
{
    p->now = now_ns ? now_ns : monotonic;
    p->now_ctx = ctx;
    if (p->g) clock_start(p);
}

/* The clock's reading: it stands while paused and once the game ended. */
static uint64_t clock_now(const gl_play *p)
{
    if (p->end_at) return p->end_at;
    if (p->pause_at) return p->pause_at;
    return play_now(p);
}

void play_clock_stop(gl_play *p)
{
    if (p->end_at) return;
    /* a pause that was on becomes the end: unpausing then changes nothing */
    p->end_at = p->pause_at ? p->pause_at : play_now(p);
    p->pause_at = 0;
}

void play_clock_follow(gl_play *p)
{
    int over = p->time_up || p->g->status(p->b) != GL_PLAYING;
    if (over) play_clock_stop(p);
    else if (p->end_at) { /* taken back to a game in progress: the clock goes on */
        p->paused_ns += play_now(p) - p->end_at;
        p->end_at = 0;
    }
}

double gl_play_elapsed_ms(const gl_play *p)
{
    if (!p->g) return 0;
    return (double)(p->carried_ns + (clock_now(p) - p->started_ns - p->paused_ns)) / 1e6;
}

long long play_played_ms(const gl_play *p)
{
    if (!p->g) return 0;
    uint64_t ms = (p->carried_ns + (clock_now(p) - p->started_ns - p->paused_ns)) / 1000000u;
    return ms > (uint64_t)PLAY_MAX_PLAYED_MS ? PLAY_MAX_PLAYED_MS : (long long)ms;
}

void gl_play_add_time(gl_play *p, double ms)
{
    /* never past what a save holds (nor the 64 bits of nanoseconds) */
    if (p->g && ms > 0 && ms < 1e12 && p->carried_ns / 1000000u + (uint64_t)ms <= (uint64_t)PLAY_MAX_PLAYED_MS)
        p->carried_ns += (uint64_t)(ms * 1e6);
}

long long gl_play_time_left_ms(const gl_play *p)
{
    if (!p->g || p->limit_s <= 0) return -1;
    long long left = (long long)p->limit_s * 1000 - (long long)gl_play_elapsed_ms(p);
    return left > 0 && !p->time_up ? left : 0;
}

int gl_play_tick(gl_play *p, gl_events *ev)
{
    if (!p->g || p->limit_s <= 0 || p->time_up || p->pause_at) return 0;
    if (p->g->status(p->b) != GL_PLAYING) return 0;
    if (gl_play_time_left_ms(p) > 0) return 0;
    p->time_up = 1;
    p->nsel = 0;
    play_clock_stop(p);
    gl_events_add(ev, GL_EV_TIME_UP, 0);
    return 1;
}

void gl_play_pause(gl_play *p, int paused)
{
    if (p->end_at) return; /* the clock stands already */
    if (paused && !p->pause_at) p->pause_at = play_now(p);
    else if (!paused && p->pause_at) {
        p->paused_ns += play_now(p) - p->pause_at;
        p->pause_at = 0;
    }
}

/* ------------------------------------------------------------ saving */

/* A whole game as text, written here and read back by store.c (whose
 * opening comment shows the format; docs/spec.md, "Saved games"). */

static void save_lines(gl_strbuf *out, const char *prefix, const char *text)
{
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        gl_sb_puts(out, prefix);
        gl_sb_append(out, s, n);
        gl_sb_putc(out, '\n');
        s += n + (s[n] == '\n');
    }
}

/* The time left on the game's clock when `played` ms were played. */
static long long time_left(const gl_play *p, long long played)
{
    if (p->limit_s <= 0) return -1;
    long long left = (long long)p->limit_s * 1000 - played;
    return p->time_up || left < 0 ? 0 : left;
}

void gl_play_save_text(const gl_play *p, gl_strbuf *out)
{
    if (!p->b) return;
    const gl_game *g = p->g;
    gl_sb_printf(out, SAVE_MAGIC "%d\n", SAVE_VERSION);
    if (p->id[0]) gl_sb_printf(out, "# id: %s\n", p->id);
    gl_sb_printf(out, "# level: %d\n", p->level);
    long long played = play_played_ms(p);
    gl_sb_printf(out, "# clock: played=%lld", played);
    if (p->limit_s > 0) gl_sb_printf(out, " left=%lld", time_left(p, played));
    gl_sb_printf(out, "\n# helped: hints=%d solver=%s\n", p->hints, p->assisted ? "yes" : "no");
    gl_sb_printf(out, "# recorded: %s\n", p->recorded ? "yes" : "no");
    gl_sb_printf(out, "# history: moves=%d at=%d\n", p->undo.n + p->redo.n, p->undo.n);
    g->format(p->b, out);
    gl_strbuf start = GL_STRBUF_INIT;
    g->format(p->start, &start);
    save_lines(out, "# start: ", gl_sb_str(&start));
    gl_sb_free(&start);
    for (int i = 0; i < p->undo.n; i++) gl_sb_printf(out, "# move: %s\n", p->undo.items[i].note);
    for (int i = p->redo.n - 1; i >= 0; i--) gl_sb_printf(out, "# move: %s\n", p->redo.items[i].note);
}

void gl_play_set_path(gl_play *p, const char *path)
{
    char *copy = path ? strdup(path) : NULL;
    if (path && !copy) return;
    free(p->path);
    p->path = copy;
}

const char *gl_play_path(const gl_play *p) { return p->path; }

void gl_play_set_autosave(gl_play *p, int on) { p->autosave = on; }
int gl_play_autosaving(const gl_play *p) { return p->autosave; }

int gl_play_save(gl_play *p, const char *path, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game to save");
    if (!path) path = p->path;
    if (!path) return gl_error_set(err, "no save file: name one");
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_save_text(p, &sb);
    int rc = gl_write_file_atomic(path, gl_sb_str(&sb), sb.len, err);
    gl_sb_free(&sb);
    if (rc != 0) return -1;
    if (path != p->path) gl_play_set_path(p, path);
    p->dirty = 0;
    return 0;
}

int play_autosave(gl_play *p, gl_events *ev, gl_error *err)
{
    if (!p->autosave || !p->path) return 0;
    if (gl_play_save(p, NULL, err) != 0) return -1;
    gl_events_add(ev, GL_EV_SAVED, 0);
    return 0;
}

/* ------------------------------------------------------------ words */

void gl_play_describe(const gl_play *p, const gl_events *ev, gl_strbuf *out)
{
    int parts = 0, bare = 0; /* bare: the move's name was written with nothing after it */
    for (int i = 0; ev && i < ev->n; i++) {
        const gl_event *e = &ev->ev[i];
        size_t before = out->len;
        if (parts) gl_sb_puts(out, bare ? " " : "; ");
        size_t start = out->len;
        switch (e->kind) {
        case GL_EV_MOVE:
            /* "NAME:" then what the move did; a path the game lists cell by
             * cell or corner by corner is counted in steps */
            gl_sb_printf(out, "%s:", p && p->last_move[0] ? p->last_move : "moved");
            if (e->n > 2) {
                gl_cells chain = {0};
                gl_cells_chain(ev->cells.rc + 2 * e->first, e->n, &chain);
                gl_sb_printf(out, " %d step%s%s", chain.n - 1, chain.n == 2 ? "" : "s", e->value ? "," : "");
                gl_cells_free(&chain);
            }
            if (e->value) gl_sb_printf(out, " cost %lld", e->value);
            parts++;
            bare = e->n <= 2 && !e->value;
            continue;
        case GL_EV_FILL: gl_sb_printf(out, "+%d cell%s, %lld flooded", e->n, e->n == 1 ? "" : "s", e->value); break;
        case GL_EV_REMOVE:
            if (e->n && e->value) gl_sb_printf(out, "removed %d (+%lld)", e->n, e->value);
            else if (e->n) gl_sb_printf(out, "removed %d", e->n);
            else if (e->value) gl_sb_printf(out, "+%lld", e->value);
            break;
        case GL_EV_SPAWN: gl_sb_printf(out, "spawned %d", e->n); break;
        case GL_EV_BOMB: gl_sb_printf(out, "a bomb took every %c", (char)e->value); break;
        case GL_EV_RESHUFFLE:
            if (e->value > 0) gl_sb_printf(out, "deadlock: reshuffled %lld time%s", e->value, e->value > 1 ? "s" : "");
            else gl_sb_puts(out, "deadlock: no reshuffle opens a link");
            break;
        case GL_EV_SCORE: gl_sb_printf(out, "score %lld", e->value); break;
        case GL_EV_WON: gl_sb_puts(out, "won!"); break;
        case GL_EV_LOST: gl_sb_puts(out, "game over"); break;
        case GL_EV_TIME_UP: gl_sb_puts(out, "the time is up"); break;
        case GL_EV_LEVEL: gl_sb_printf(out, "level %lld", e->value); break;
        case GL_EV_SAVED: break; /* saving after every move is not news */
        case GL_EV_FALL:
        case GL_EV_PLACE: break; /* how the board got there: the animation's, not the words' */
        case GL_EV_CHANGE:
            gl_sb_printf(out, "%s %d", p && p->g && p->g->change_word ? p->g->change_word : "changed", e->n);
            break;
        }
        if (out->len == start) out->len = before; /* nothing said: no separator either */
        else {
            parts++;
            bare = 0;
        }
        if (out->data) out->data[out->len] = '\0';
    }
}
