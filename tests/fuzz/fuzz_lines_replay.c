/* Fuzz target `lines_replay`: the Color Lines replay checker (JSON Lines,
 * SPEC 2.2), which re-simulates every turn a replay file claims.
 *
 * lines_replay_check reads text that anyone may write: it must refuse a
 * wrong or malformed replay with "FILE:LINE: what" and never crash, leak
 * or loop; when it accepts, the counts it reports must be sane. */
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
    if (lines_replay_check(text, size, "<fuzz>", &games, &turns, &err) == 0)
        GL_FUZZ_CHECK(games >= 0 && turns >= 0, "accepted with games=%d turns=%lld", games, turns);
    else
        GL_FUZZ_CHECK(err.set && err.msg[0], "replay refused without a message");
    free(text);
    return 0;
}
