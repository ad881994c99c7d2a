/* Fuzz target `onet_level`: onet's levels file reader (one `level map=M
 * kinds=K obstacles=N bombs=B goal=G time=S [border=0|1]` per line).
 *
 * onet_levels_parse must refuse bad files with a message.  For the levels
 * it accepts that name a built-in map (a fuzzed file name could be any
 * file on the machine, even a FIFO, so those are only parsed), the board
 * is made the way a level is started and goes through exercise(). */
#include "exercise.h"

#include "games/onet/onet.h"

#define MAX_INPUT (16u << 10)
#define MAX_LEVELS 3 /* boards made per input */

static int is_builtin(const char *name)
{
    /* onet_map_names(): the built-in names, '|'-separated. */
    const char *names = onet_map_names();
    size_t n = strlen(name);
    for (const char *p = names; p && *p;) {
        while (*p == '|') p++;
        const char *e = p;
        while (*e && *e != '|') e++;
        if ((size_t)(e - p) == n && n && strncmp(p, name, n) == 0) return 1;
        p = e;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1);
    if (!text) return 0;
    memcpy(text, data, size);
    onet_level *lv = NULL;
    int n = 0;
    gl_error err = {0};
    if (onet_levels_parse(text, size, "levels/fuzz.txt", &lv, &n, &err) != 0) {
        GL_FUZZ_CHECK(err.set && err.msg[0], "levels refused without a message");
        free(text);
        return 0;
    }
    GL_FUZZ_CHECK(n > 0 && lv, "accepted %d levels", n);
    int made = 0;
    for (int i = 0; i < n && made < MAX_LEVELS; i++) {
        const onet_level *L = &lv[i];
        GL_FUZZ_CHECK(memchr(L->map, '\0', sizeof L->map) != NULL, "level map name not terminated");
        if (!is_builtin(L->map)) continue;
        made++;
        gl_kvlist params;
        gl_kv_init(&params);
        char num[32];
        gl_kv_add(&params, "map", L->map, 0);
        snprintf(num, sizeof num, "%d", L->kinds);
        gl_kv_add(&params, "kinds", num, 0);
        snprintf(num, sizeof num, "%d", L->obstacles);
        gl_kv_add(&params, "obstacles", num, 0);
        snprintf(num, sizeof num, "%d", L->bombs);
        gl_kv_add(&params, "bombs", num, 0);
        snprintf(num, sizeof num, "%d", L->time_s);
        gl_kv_add(&params, "time", num, 0);
        gl_kv_add(&params, "goal", L->goal == ONET_GOAL_ALL ? "all" : "obstacles", 0);
        gl_kv_add(&params, "border", L->border ? "1" : "0", 0);
        gl_rng rng;
        gl_rng_seed(&rng, (uint64_t)i + size);
        gl_error e2 = {0};
        gl_board *b = gl_game_onet.create(&params, &rng, &e2);
        if (b) {
            exercise(&gl_game_onet, b);
            gl_game_onet.destroy(b);
        } else {
            GL_FUZZ_CHECK(e2.set && e2.msg[0], "level board failed without a message");
        }
        gl_kv_free(&params);
    }
    free(lv);
    free(text);
    return 0;
}
