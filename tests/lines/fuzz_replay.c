/* Fuzz target `lines_replay`: the Color Lines replay checker (JSON Lines,
 * SPEC 2.2), which re-simulates every turn a replay file claims, one line
 * at a time (`autoplay lines --check` streams a file through the same
 * lines_replay_check_line).
 *
 * lines_replay_check reads text that anyone may write: it must refuse a
 * wrong or malformed replay with "FILE:LINE: what" and never crash, leak
 * or loop; when it accepts, the counts it reports must be sane: every game
 * has its start and end line, every turn a line of its own. */
#include "fuzz.h"

#include <string.h>

#include "games/lines/lines.h"

#define MAX_INPUT (64u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1); /* exact size: no NUL to lean on */
    if (!text) return 0;
    memcpy(text, data, size);
    int games = -1;
    long long turns = -1;
    gl_error err = {0};
    long long lines = 1;
    for (size_t i = 0; i < size; i++) lines += text[i] == '\n';
    if (lines_replay_check(text, size, "<fuzz>", &games, &turns, &err) == 0)
        GL_FUZZ_CHECK(games > 0 && turns >= 0 && 2LL * games + turns <= lines,
                      "accepted with games=%d turns=%lld in %lld lines", games, turns, lines);
    else
        GL_FUZZ_CHECK(err.set && err.msg[0], "replay refused without a message");
    free(text);
    return 0;
}
