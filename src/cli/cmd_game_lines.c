/* gridlab autoplay lines: the AI players play whole games, optionally
 * recorded as one replay file (SPEC 2.2), and --check FILE re-simulates a
 * replay file turn by turn. */
#include "cli.h"
#include "games/lines/lines.h"

#include <stdlib.h>
#include <string.h>

static const char autoplay_usage[] =
    "autoplay lines [--ai greedy|search] [--games N] [--seed S] [--rules klines|lines98]\n"
    "       [--record FILE] [--json] [--max-turns T] [--ms MS]\n"
    "       [--candidates N] [--depth D] [--width W] [--discount P]\n"
    "       [--size WxH] [--colors K] [--line L] [--spawn S]\n"
    "       gridlab autoplay lines --check FILE [--json]";

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return a < b ? -1 : a > b;
}

static int autoplay_check(const char *path, int json)
{
    gl_error err = {0};
    char *data = NULL;
    size_t len = 0;
    if (gl_read_file(path, 1u << 30, &data, &len, &err) != 0) return gl_cli_fail(&err);
    int games;
    long long turns;
    int rc = lines_replay_check(data, len, path, &games, &turns, &err);
    free(data);
    if (rc != 0) {
        if (json) printf("{\"valid\":false,\"error\":");
        if (json) {
            gl_strbuf sb = GL_STRBUF_INIT;
            gl_json_escape(&sb, err.msg);
            printf("%s}\n", gl_sb_str(&sb));
            gl_sb_free(&sb);
        }
        fprintf(stderr, "gridlab: %s\n", err.msg);
        return GL_EXIT_NO;
    }
    if (json) printf("{\"valid\":true,\"games\":%d,\"turns\":%lld}\n", games, turns);
    else printf("%s: valid: %d games, %lld turns\n", path, games, turns);
    return GL_EXIT_OK;
}

static int cmd_autoplay(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        return gl_cli_help(autoplay_usage,
                           "Plays N games of Color Lines with an AI player and prints each game's score\n"
                           "and turns, and the mean, median and max.  Game i (0-based) is a new board\n"
                           "from seed S+i (default S=1).  --ai search (default) looks ahead; greedy looks\n"
                           "one move ahead.  search: the best --candidates (20) moves of the one-move\n"
                           "ranking, each with a plan of --depth (4, at most 6) further spawn-free moves,\n"
                           "--width (4) moves per depth, each counted at --discount (30) percent; under\n"
                           "KLines each candidate is played with one spawn sampled from the player's own\n"
                           "seeded rng, so games are reproducible; --ms (50) only caps the CPU time per\n"
                           "move.\n"
                           "--record FILE writes every game as a replay (JSON Lines, SPEC 2.2), all games\n"
                           "in one file, atomically.\n"
                           "--max-turns stops a game early (0: play until the board is full).\n"
                           "--check FILE re-simulates a replay file and says whether it is valid\n"
                           "(exit 1 with the first wrong line when not).\n");
    }
    int json = gl_args_flag(&a, flags, "json");
    int rc = GL_EXIT_OK;
    gl_kvlist params, aiopts;
    gl_kv_init(&params);
    gl_kv_init(&aiopts);
    gl_strbuf rec = GL_STRBUF_INIT, out = GL_STRBUF_INIT;
    long long *scores = NULL;
    const char *check = gl_kv_get(&a.opts, "check");
    if (check) {
        if (a.npos > 1 || (a.npos == 1 && strcmp(a.pos[0], "lines")) || a.opts.n != 1) {
            rc = gl_cli_failf("usage: gridlab autoplay lines --check FILE [--json]");
            goto out;
        }
        rc = autoplay_check(check, json);
        goto out;
    }
    if (a.npos != 1 || strcmp(a.pos[0], "lines") != 0) {
        rc = gl_cli_failf("autoplay: only 'lines' has AI players (usage: gridlab autoplay lines ...)");
        goto out;
    }
    uint64_t seed = 1;
    int given;
    long long games = 1, max_turns = 0;
    int ai_kind = LINES_AI_SEARCH;
    if (gl_args_seed(&a, &seed, &given, &err) || gl_kv_int(&a.opts, "games", 1, 1000000, &games, &err) ||
        gl_kv_int(&a.opts, "max-turns", 0, 1LL << 30, &max_turns, &err) ||
        gl_kv_choice(&a.opts, "ai", "greedy|search", &ai_kind, &err)) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    static const char *const game_keys[] = {"rules", "size", "colors", "line", "spawn"};
    for (size_t i = 0; i < sizeof game_keys / sizeof *game_keys; i++) {
        const char *v = gl_kv_get(&a.opts, game_keys[i]);
        if (v) gl_kv_add(&params, game_keys[i], v, 0);
    }
    static const char *const ai_keys[] = {LINES_AI_SEARCH_KEYS};
    for (size_t i = 0; i < sizeof ai_keys / sizeof *ai_keys; i++) {
        const char *v = gl_kv_get(&a.opts, ai_keys[i]);
        if (v) gl_kv_add(&aiopts, ai_keys[i], v, 0);
    }
    const char *record = gl_kv_get(&a.opts, "record");
    if (gl_kv_check_used(&a.opts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, ai_kind);
    if (lines_ai_cfg_read(&cfg, &aiopts, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (ai_kind == LINES_AI_GREEDY && aiopts.n) {
        rc = gl_cli_failf("autoplay: --%s is a search option (--ai search)", aiopts.items[0].key);
        goto out;
    }
    scores = malloc(sizeof *scores * (size_t)games);
    if (!scores) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    gl_cli_catch_sigint();
    gl_json j;
    gl_json_init(&j, &out);
    const char *rules = gl_kv_get(&params, "rules");
    if (json) {
        gl_json_obj_begin(&j);
        gl_json_key(&j, "ai");
        gl_json_str(&j, ai_kind == LINES_AI_GREEDY ? "greedy" : "search");
        gl_json_key(&j, "rules");
        gl_json_str(&j, rules ? rules : "klines");
        gl_json_key(&j, "games");
        gl_json_arr_begin(&j);
    }
    double total_ms = 0, total_turns = 0;
    long long played = 0;
    for (long long i = 0; i < games && !gl_cli_interrupted; i++) {
        lines_game_result res;
        for (int k = 0; k < params.n; k++) params.items[k].used = 0;
        if (lines_autoplay_game(&cfg, &params, seed + (uint64_t)i, max_turns, NULL, record ? &rec : NULL, &res, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        if (i == 0 && gl_kv_check_used(&params, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out;
        }
        scores[played++] = res.score;
        total_ms += res.ms;
        total_turns += res.turns;
        double mpm = res.turns ? res.ms / res.turns : 0;
        if (json) {
            gl_json_obj_begin(&j);
            gl_json_key(&j, "seed");
            gl_json_uint(&j, seed + (uint64_t)i);
            gl_json_key(&j, "score");
            gl_json_int(&j, res.score);
            gl_json_key(&j, "turns");
            gl_json_int(&j, res.turns);
            gl_json_key(&j, "game_over");
            gl_json_bool(&j, res.game_over);
            gl_json_key(&j, "ms_per_move");
            gl_json_double(&j, mpm);
            gl_json_obj_end(&j);
        } else {
            printf("game %lld (seed %llu): score %lld, %d turns%s, %.2f ms per move\n", i + 1,
                   (unsigned long long)(seed + (uint64_t)i), res.score, res.turns,
                   res.game_over ? "" : " (stopped)", mpm);
            fflush(stdout);
        }
    }
    double mean = 0;
    for (long long i = 0; i < played; i++) mean += (double)scores[i];
    mean = played ? mean / (double)played : 0;
    qsort(scores, (size_t)played, sizeof *scores, cmp_ll);
    double median = !played ? 0 : played % 2 ? (double)scores[played / 2]
                                            : (scores[played / 2 - 1] + scores[played / 2]) / 2.0;
    long long max = played ? scores[played - 1] : 0;
    if (json) {
        gl_json_arr_end(&j);
        gl_json_key(&j, "mean_score");
        gl_json_double(&j, mean);
        gl_json_key(&j, "median_score");
        gl_json_double(&j, median);
        gl_json_key(&j, "max_score");
        gl_json_int(&j, max);
        gl_json_key(&j, "mean_turns");
        gl_json_double(&j, played ? total_turns / (double)played : 0);
        gl_json_key(&j, "ms_per_move");
        gl_json_double(&j, total_turns ? total_ms / total_turns : 0);
        gl_json_key(&j, "interrupted");
        gl_json_bool(&j, gl_cli_interrupted != 0);
        gl_json_obj_end(&j);
        printf("%s\n", gl_sb_str(&out));
    } else {
        printf("%lld games: mean score %.1f, median %.1f, max %lld; mean %.1f turns; %.2f ms per move\n", played,
               mean, median, max, played ? total_turns / (double)played : 0, total_turns ? total_ms / total_turns : 0);
    }
    if (record && gl_write_file_atomic(record, rec.data ? rec.data : "", rec.len, &err) != 0) rc = gl_cli_fail(&err);
out:
    free(scores);
    gl_sb_free(&rec);
    gl_sb_free(&out);
    gl_kv_free(&params);
    gl_kv_free(&aiopts);
    gl_args_free(&a);
    return rc;
}

const gl_cli_command gl_cli_commands_lines[] = {
    {"autoplay", autoplay_usage, "AI players play Color Lines games (record, check replays)", cmd_autoplay},
    {NULL, NULL, NULL, NULL},
};
