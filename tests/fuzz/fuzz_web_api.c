/* Fuzz target `web_api`: the web page's C API (web/api.c), every entry
 * point, natively (as tests/web/test_api.c builds it).
 *
 * JavaScript can pass the API anything: any text, any int, any double
 * (not a number, infinities, 1e308).  The input is a script of calls: its
 * first byte picks a game, started with its defaults (so every input
 * begins from a known session), then each byte picks a call and the bytes
 * after it give the call's arguments: text up to a NUL byte (at most 200
 * bytes), ints as 4 bytes, doubles from a table of hostile values.  The
 * properties:
 *
 *   - no crash, leak or sanitizer report (the float conversions of a
 *     time limit, a cell's name at INT_MAX included);
 *   - every answer documented as JSON is one valid JSON document;
 *   - a call that fails says why (glw_error() is not empty);
 *   - a cell's name fits its buffer, and is empty only off every board;
 *   - a move from glw_legal_moves() is accepted by glw_move();
 *   - an ID glw_id_canon() gives is its own canonical form;
 *   - on a board of at most 16 cells, a hint whose limit is far away or
 *     none (1e16, infinity, the largest double; not a number, zero or
 *     less: the default) is not stopped (a limit converted past the range
 *     of the clock made it stop at once).
 *
 * Searches run with hostile limits (not a number, negative, 1e16,
 * infinity) only on boards of at most 16 cells, which every solver answers
 * at once; on larger boards their limit is 1 to 20 ms, so that an input
 * stays fast.  GL_FUZZ_WEB_VERBOSE=1 prints each call and its answer. */
#include "fuzz.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "gridlab/gridlab.h"
#include "web/api.h"

#define MAX_INPUT 4096
#define MAX_CALLS 64
#define MAX_SEARCHES 3

typedef struct {
    const uint8_t *p;
    size_t n;
} input;

static unsigned take_u8(input *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static int take_int(input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)take_u8(in) << (8 * i);
    int r;
    memcpy(&r, &v, sizeof r);
    return r;
}

/* Text up to a NUL byte or the end (at most 200 bytes), into buf. */
static const char *take_text(input *in, char *buf)
{
    size_t k = 0;
    while (in->n && k < 200) {
        unsigned c = take_u8(in);
        if (c == 0) break;
        buf[k++] = (char)c;
    }
    buf[k] = '\0';
    return buf;
}

static double take_ms(input *in, int tiny)
{
    static const double hostile[] = {NAN, -INFINITY, -1.0, 0.0, 5e-324, 1.0, 5.0, 20.0, 1e16, INFINITY, DBL_MAX};
    unsigned k = take_u8(in);
    if (!tiny) return 1.0 + k % 20;
    return hostile[k % (sizeof hostile / sizeof hostile[0])];
}

static void check_json(const char *what, const char *text)
{
    GL_FUZZ_CHECK(text != NULL, "%s: NULL", what);
    gl_jv v;
    gl_error err = {0};
    GL_FUZZ_CHECK(gl_jv_parse(text, strlen(text), &v, &err) == 0, "%s: not JSON (%s): %.300s", what, err.msg, text);
    gl_jv_free(&v);
}

/* An acting call's result: a failure says why. */
static void check_failure(const char *what, int rc)
{
    if (rc == -1) GL_FUZZ_CHECK(glw_error()[0], "%s failed without a reason", what);
}

/* The cell count of the game in progress (0: none). */
static long cells_now(void)
{
    const char *s = glw_state();
    check_json("glw_state", s);
    gl_jv v;
    gl_error err = {0};
    long cells = 0;
    if (gl_jv_parse(s, strlen(s), &v, &err) == 0) {
        const gl_jv *w = gl_jv_get(&v, "w"), *h = gl_jv_get(&v, "h");
        if (w && h && w->type == GL_JV_NUM && h->type == GL_JV_NUM) cells = (long)(w->num * h->num);
        gl_jv_free(&v);
    }
    return cells;
}

/* Plays legal move k (of those listed): it must be accepted. */
static void play_listed(unsigned k)
{
    const char *list = glw_legal_moves();
    check_json("glw_legal_moves", list);
    gl_jv v;
    gl_error err = {0};
    if (gl_jv_parse(list, strlen(list), &v, &err) != 0) return;
    if (v.type == GL_JV_ARR && v.n > 0) {
        const gl_jv *m = &v.items[k % v.n];
        GL_FUZZ_CHECK(m->type == GL_JV_STR, "glw_legal_moves: not a string");
        char move[256];
        snprintf(move, sizeof move, "%s", m->str);
        GL_FUZZ_CHECK(glw_move(move) == 0, "the listed move %s was refused: %s", move, glw_error());
        check_json("glw_events", glw_events());
    }
    gl_jv_free(&v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > MAX_INPUT || gl_ngames == 0) return 0;
    input in = {data, size};
    char a[256], b[256], c[256];
    const gl_game *g = gl_games[take_u8(&in) % (unsigned)gl_ngames];
    GL_FUZZ_CHECK(glw_start(g->name, "", "1") == 0, "%s with its defaults: %s", g->name, glw_error());
    int searches = 0, verbose = getenv("GL_FUZZ_WEB_VERBOSE") != NULL;
    for (int call = 0; call < MAX_CALLS && in.n; call++) {
        unsigned op = take_u8(&in) % 30;
        if (verbose) fprintf(stderr, "  call %u (%s)\n", op, glw_id());
        switch (op) {
        case 0: {
            unsigned k = take_u8(&in); /* a registered game, or any text */
            const char *name = k & 1 ? gl_games[(k >> 1) % (unsigned)gl_ngames]->name : take_text(&in, a);
            take_text(&in, b);
            const char *seed = take_text(&in, c);
            check_failure("glw_check", glw_check(name, b, seed));
            check_failure("glw_start", glw_start(name, b, seed));
            break;
        }
        case 1: check_failure("glw_start_id", glw_start_id(take_text(&in, a))); break;
        case 2: check_failure("glw_new_game", glw_new_game(take_text(&in, a))); break;
        case 3: check_failure("glw_restart", glw_restart()); break;
        case 4:
            take_text(&in, a);
            check_failure("glw_load", glw_load(a, take_text(&in, b)));
            break;
        case 5: { /* the save text loads back */
            const char *t = glw_save_text();
            char *copy = strdup(t ? t : "");
            if (copy && copy[0]) check_failure("glw_load (a save)", glw_load(copy, take_text(&in, c)));
            free(copy);
            break;
        }
        case 6: {
            int r = take_int(&in), col = take_int(&in);
            const char *name = glw_cell_name(r, col);
            /* a name for every cell a board can have, "" off any board */
            int on = r >= 0 && col >= 0 && r < 65536 && col < 65536;
            GL_FUZZ_CHECK(name && (name[0] != 0) == on && strlen(name) < 32, "glw_cell_name(%d, %d): '%s'", r, col,
                          name ? name : "(null)");
            break;
        }
        case 7: cells_now(); break;
        case 8: check_json("glw_legal_moves", glw_legal_moves()); break;
        case 9: {
            int r = take_int(&in), col = take_int(&in);
            if (take_u8(&in) & 1) { /* near the board, where picks mean something */
                r = (int)((unsigned)r % 34) - 1;
                col = (int)((unsigned)col % 34) - 1;
            }
            glw_pick(r, col);
            check_json("glw_events", glw_events());
            break;
        }
        case 10: glw_unselect(); break;
        case 11: check_failure("glw_move", glw_move(take_text(&in, a))); break;
        case 12: play_listed(take_u8(&in)); break;
        case 13: check_failure("glw_undo", glw_undo()); break;
        case 14: check_failure("glw_redo", glw_redo()); break;
        case 15: check_json("glw_events", glw_events()); break;
        case 16:
            if (searches++ < MAX_SEARCHES) {
                int tiny = cells_now() <= 16;
                double ms = take_ms(&in, tiny);
                int r = glw_hint(ms);
                if (verbose) fprintf(stderr, "  hint(%g): %d %s\n", ms, r, glw_hint_json());
                if (tiny && !(ms > 0 && ms < 1e9))
                    GL_FUZZ_CHECK(r != GL_HINT_STOPPED, "a hint on %ld cells with ms %g stopped: %s", cells_now(), ms,
                                  glw_hint_json());
                if (r == GL_HINT_ERROR) GL_FUZZ_CHECK(glw_error()[0], "glw_hint failed without a reason");
                check_json("glw_hint_json", glw_hint_json());
                /* the hint in words: a line of text, a move's when there is one */
                const char *words = glw_hint_words();
                GL_FUZZ_CHECK(words && !strchr(words, '\n'), "glw_hint_words: not one line");
                if (r == GL_HINT_MOVE) GL_FUZZ_CHECK(words[0], "glw_hint_words: a hint with a move and no words");
            }
            break;
        case 17:
            if (searches++ < MAX_SEARCHES) {
                double ms = take_ms(&in, cells_now() <= 16);
                check_failure("glw_solve", glw_solve(ms));
                if (verbose) fprintf(stderr, "  solve(%g): %s\n", ms, glw_solution_json());
                check_json("glw_solution_json", glw_solution_json());
            }
            break;
        case 18:
            if (take_u8(&in) & 1) glw_solve_cancel();
            check_failure("glw_solve_step", glw_solve_step());
            GL_FUZZ_CHECK(glw_solve_left() >= 0, "glw_solve_left < 0");
            check_json("glw_events", glw_events());
            break;
        case 19: check_failure("glw_next_level", glw_next_level()); break;
        case 20: glw_tick(); break;
        case 21: glw_pause((int)take_u8(&in) - 128); break;
        case 22:
            GL_FUZZ_CHECK(glw_rules(take_text(&in, a)) != NULL, "glw_rules: NULL");
            if (take_u8(&in) == 0) check_json("glw_games", glw_games());
            break;
        case 23: { /* an ID made canonical: "" with a reason, or an ID that is its own canonical form */
            const char *canon = glw_id_canon(take_text(&in, a));
            GL_FUZZ_CHECK(canon != NULL, "glw_id_canon: NULL");
            if (!canon[0]) GL_FUZZ_CHECK(glw_error()[0], "glw_id_canon refused without a reason");
            else {
                char *copy = strdup(canon);
                if (copy) {
                    const char *again = glw_id_canon(copy);
                    GL_FUZZ_CHECK(strcmp(again, copy) == 0, "glw_id_canon(%s) is %s, not itself", copy, again);
                    free(copy);
                }
            }
            break;
        }
        case 24: glw_add_time(take_ms(&in, 1)); break;
        case 25: /* a table of best results: any text, the empty one or the one a record wrote */
            check_json("glw_records", glw_records(take_text(&in, a)));
            break;
        case 26: check_json("glw_record", glw_record(take_text(&in, a))); break;
        case 27: check_failure("glw_import_old_game", glw_import_old_game(take_text(&in, a))); break;
        case 28: {
            take_text(&in, a);
            check_json("glw_import_bests", glw_import_bests(a, take_text(&in, b)));
            break;
        }
        default:
            GL_FUZZ_CHECK(glw_id() && glw_status_line() && glw_error(), "a reporting call gave NULL");
            GL_FUZZ_CHECK(glw_status() >= 0 && glw_status() <= 2, "glw_status: %d", glw_status());
            break;
        }
    }
    return 0;
}
