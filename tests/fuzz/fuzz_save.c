/* Fuzz target `save`: the play session's save reader (gl_play_load_text:
 * a board file whose comment lines hold a whole game, docs/spec.md "Saved
 * games"), which replays the moves a stranger's file lists.
 *
 * A save that loads must save again as the same text whatever its history
 * (the session's save is a fixed point once read), undo must reach its
 * first position and redo come back to where it was, and a move on it must
 * keep that round trip.  A refusal has a message.  The clock is a constant,
 * so that a save's time played does not move between the texts compared. */
#include <string.h>

#include "fuzz.h"
#include "gridlab/gridlab.h"

#define MAX_INPUT (64u << 10) /* larger inputs only repeat what smaller ones test */

static uint64_t still(void *ctx)
{
    (void)ctx;
    return 1000000000ULL;
}

static char *save_of(const gl_play *p)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_save_text(p, &sb);
    char *s = strdup(gl_sb_str(&sb));
    gl_sb_free(&sb);
    GL_FUZZ_CHECK(s != NULL, "out of memory");
    return s;
}

static gl_play *load(const char *text, size_t len, gl_error *err)
{
    gl_play *p = gl_play_new();
    GL_FUZZ_CHECK(p != NULL, "out of memory");
    gl_play_set_clock(p, still, NULL);
    if (gl_play_load_text(p, text, len, "<fuzz>", err) != 0) {
        gl_play_free(p);
        return NULL;
    }
    return p;
}

/* save(p) loads into a game whose save is the same text. */
static void check_fixed_point(gl_play *p, const char *when)
{
    char *a = save_of(p);
    gl_error err = {0};
    gl_play *q = load(a, strlen(a), &err);
    GL_FUZZ_CHECK(q != NULL, "%s: its own save does not load: %s\n%s", when, err.msg, a);
    char *b = save_of(q);
    GL_FUZZ_CHECK(strcmp(a, b) == 0, "%s: a loaded save saves otherwise:\n%s---\n%s", when, a, b);
    GL_FUZZ_CHECK(gl_play_moves(q) == gl_play_moves(p), "%s: %d moves, %d after a load", when, gl_play_moves(p),
                  gl_play_moves(q));
    free(a);
    free(b);
    gl_play_free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1); /* an exact-size copy: no terminating NUL to lean on */
    if (!text) return 0;
    memcpy(text, data, size);
    gl_error err = {0};
    gl_play *p = load(text, size, &err);
    free(text);
    if (!p) {
        GL_FUZZ_CHECK(err.set && err.msg[0], "a save was refused without a message");
        return 0;
    }
    check_fixed_point(p, "as read");
    /* undo to the first position and redo back */
    int at = gl_play_moves(p), undone = 0, redone = 0;
    while (gl_play_undo(p, &err) == 0) undone++;
    GL_FUZZ_CHECK(undone == at && gl_play_moves(p) == 0, "undo: %d of %d moves", undone, at);
    while (redone < at && gl_play_redo(p, &err) == 0) redone++;
    GL_FUZZ_CHECK(redone == at, "redo: %d of %d moves", redone, at);
    /* a move on it */
    const gl_game *g = gl_play_game(p);
    gl_move mv[4];
    if (gl_play_status(p) == GL_PLAYING && g->legal_moves(gl_play_board(p), mv, 4) > 0) {
        GL_FUZZ_CHECK(gl_play_move(p, &mv[0], NULL, &err) == 0, "a legal move refused: %s", err.msg);
        check_fixed_point(p, "after a move");
    }
    gl_play_free(p);
    return 0;
}
