/* What every fuzz target that gets hold of a board checks on it (shared by
 * fuzz_board.c and the onet map and level targets; each includes it once).
 *
 * The properties are the ones play relies on: the formatted text (a save)
 * parses again and formats identically, and the first few legal moves
 * parse from their own notation and apply, each leaving a board that still
 * saves and loads.  Rendering and the front-end hooks must not crash. */
#ifndef GL_FUZZ_EXERCISE_H
#define GL_FUZZ_EXERCISE_H

#include <string.h>

#include "fuzz.h"
#include "gridlab/internal.h"

#define MAX_MOVES 4 /* moves applied per board */

/* format(b) parses as the same game and formats to the same text. */
static void check_round_trip(const gl_game *g, const gl_board *b, const char *when)
{
    gl_strbuf a = GL_STRBUF_INIT, c = GL_STRBUF_INIT;
    g->format(b, &a);
    const gl_game *g2 = NULL;
    gl_error err = {0};
    gl_board *b2 = gl_board_parse_text(gl_sb_str(&a), a.len, "<formatted>", &g2, &err);
    GL_FUZZ_CHECK(b2 != NULL, "%s %s: formatted board does not parse: %s\n%s", g->name, when,
                  err.msg, gl_sb_str(&a));
    GL_FUZZ_CHECK(g2 == g, "%s %s: formatted board reads as game %s", g->name, when, g2->name);
    g->format(b2, &c);
    GL_FUZZ_CHECK(a.len == c.len && memcmp(gl_sb_str(&a), gl_sb_str(&c), a.len) == 0,
                  "%s %s: format is not stable:\n%s---\n%s", g->name, when, gl_sb_str(&a),
                  gl_sb_str(&c));
    g->destroy(b2);
    gl_sb_free(&a);
    gl_sb_free(&c);
}

/* The read-only hooks a front end calls on every frame. */
static void touch_views(const gl_game *g, const gl_board *b)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    g->render(b, &sb, 0);
    g->render(b, &sb, GL_RENDER_COLOR);
    if (g->status_line) g->status_line(b, &sb);
    gl_sb_free(&sb);
    (void)g->status(b);
    if (g->dims && g->cell) {
        int w = 0, h = 0;
        g->dims(b, &w, &h);
        GL_FUZZ_CHECK(w >= 0 && h >= 0, "%s: dims %dx%d", g->name, w, h);
        /* Corners and a diagonal: enough to catch an indexing mistake. */
        for (int i = 0; i < w && i < h && i < 64; i++) {
            gl_cell_view v;
            g->cell(b, i, i, &v);
        }
        if (w > 0 && h > 0) {
            gl_cell_view v;
            g->cell(b, h - 1, w - 1, &v);
            g->cell(b, 0, w - 1, &v);
            g->cell(b, h - 1, 0, &v);
        }
    }
}

static void exercise(const gl_game *g, gl_board *b)
{
    check_round_trip(g, b, "as read");
    touch_views(g, b);
    gl_board *copy = g->clone(b);
    for (int step = 0; step < MAX_MOVES; step++) {
        if (g->status(copy) != GL_PLAYING) break;
        gl_move moves[8];
        int n = g->legal_moves(copy, moves, 8);
        GL_FUZZ_CHECK(n >= 0, "%s: legal_moves returned %d", g->name, n);
        if (n == 0) break;
        /* Vary which move is taken, so later moves see other positions. */
        gl_move m = moves[step % (n < 8 ? n : 8)];
        char text[64];
        g->format_move(copy, &m, text, sizeof text);
        gl_move parsed;
        gl_error err = {0};
        GL_FUZZ_CHECK(g->parse_move(copy, text, &parsed, &err) == 0,
                      "%s: legal move '%s' does not parse: %s", g->name, text, err.msg);
        if (g->move_path) {
            int rc[512];
            int k = g->move_path(copy, &m, rc, 256);
            GL_FUZZ_CHECK(k >= 0, "%s: move_path returned %d", g->name, k);
        }
        gl_events ev;
        gl_events_init(&ev);
        int r = g->apply(copy, &m, &ev, &err);
        GL_FUZZ_CHECK(r == 0, "%s: legal move '%s' fails to apply: %s", g->name, text, err.msg);
        GL_FUZZ_CHECK(ev.n > 0 && ev.ev[0].kind == GL_EV_MOVE, "%s: move '%s' gave no move event", g->name, text);
        gl_events_free(&ev);
        check_round_trip(g, copy, "after a move");
        touch_views(g, copy);
    }
    g->destroy(copy);
}

#endif
