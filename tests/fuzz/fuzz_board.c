/* Fuzz target `board`: every game's board reader, and what a player does
 * with a board that was read.
 *
 * The input is read twice over: once as it is (gl_board_parse_text picks
 * the game from the header), and once by each registered game's own parser
 * whatever the header's first word says, so one corpus drives every
 * game's parser and a new game is fuzzed as soon as it is in the registry.
 *
 * Every board that parses goes through exercise() (exercise.h): save and
 * load round trip, a few legal moves, the front-end hooks. */
#include "exercise.h"

#define MAX_INPUT (64u << 10) /* larger inputs only repeat what smaller ones test */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    /* An exact-size copy: the readers take (data, len) and must not rely
     * on a terminating NUL (ASan catches a read past the end). */
    char *text = malloc(size ? size : 1);
    if (!text) return 0;
    memcpy(text, data, size);

    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, size, "<fuzz>", &g, &err);
    if (b) {
        exercise(g, b);
        g->destroy(b);
    } else {
        GL_FUZZ_CHECK(err.set && err.msg[0], "a board was refused without a message");
    }

    /* Each game's parser on the same rows and header keys. */
    for (int i = 0; i < gl_ngames; i++) {
        const gl_game *gi = gl_games[i];
        if (gi == g) continue;
        gl_text t;
        gl_error e2 = {0};
        if (gl_text_parse(text, size, "<fuzz>", &t, &e2) != 0) break;
        gl_board *bi = gi->parse(&t, &e2);
        gl_text_free(&t);
        if (bi) {
            exercise(gi, bi);
            gi->destroy(bi);
        } else {
            GL_FUZZ_CHECK(e2.set && e2.msg[0], "%s refused a board without a message", gi->name);
        }
    }
    free(text);
    return 0;
}
