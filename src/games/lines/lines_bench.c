/* gridlab bench lines: the players over seeded games, per rule set, and the
 * speed of the path query.
 *
 * Game i of a row is a new board from seed S+i, the same boards for every
 * player, so rows are comparable.  A strong player's game can last
 * thousands of turns, so --games, --max-turns and --ms keep a run within
 * the time at hand; the table says when a cap stopped games. */
#include "cli.h"
#include "games/lines/lines.h"

#include <stdlib.h>
#include <string.h>

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return a < b ? -1 : a > b;
}

/* Mean ns per query over random 9x9 boards of mixed density. */
static void bench_paths(long long queries)
{
    enum { BOARDS = 256 };
    gl_rng rng;
    gl_rng_seed(&rng, 2024);
    uint8_t (*cells)[81] = malloc(sizeof *cells * BOARDS);
    int *src = malloc(sizeof(int) * BOARDS), *dst = malloc(sizeof(int) * BOARDS);
    if (!cells || !src || !dst) {
        free(cells);
        free(src);
        free(dst);
        return;
    }
    for (int k = 0; k < BOARDS; k++) {
        double density = 0.2 + 0.5 * gl_rng_unit(&rng);
        for (int i = 0; i < 81; i++) cells[k][i] = gl_rng_unit(&rng) < density;
        src[k] = (int)gl_rng_below(&rng, 81);
        do dst[k] = (int)gl_rng_below(&rng, 81);
        while (dst[k] == src[k]);
        cells[k][src[k]] = 1;
        cells[k][dst[k]] = 0;
    }
    int path[81], queue[81], parent[81], label[81];
    gl_grid_ws ws = {queue, parent, 81};
    long long found = 0, steps = 0;
    uint64_t t0 = gl_now_ns();
    for (long long q = 0; q < queries; q++) {
        int k = (int)(q % BOARDS);
        int n = gl_grid_path(cells[k], 9, 9, src[k], dst[k], path, &ws);
        found += n > 0;
        steps += n;
    }
    double ns = (double)(gl_now_ns() - t0) / (double)queries;
    t0 = gl_now_ns();
    long long regions = 0;
    for (long long q = 0; q < queries; q++) regions += gl_grid_regions(cells[q % BOARDS], 9, 9, label, NULL, &ws);
    double ns_reg = (double)(gl_now_ns() - t0) / (double)queries;
    printf("path query, 9x9, densities 20-70%%: %.1f ns per query (%lld queries, %.0f%% with a path, "
           "%.1f cells on average)\n",
           ns, queries, 100.0 * (double)found / (double)queries, found ? (double)steps / (double)found : 0);
    printf("empty-region labelling, same boards: %.1f ns per board (%.2f regions on average)\n\n", ns_reg,
           (double)regions / (double)queries);
    free(cells);
    free(src);
    free(dst);
}

/* Closes the weights of the rule sets: net (--weights, shared by all) or
 * each set's own. */
static void close_nets(struct lines_net *net, struct lines_net **nets, int n)
{
    if (net) {
        lines_net_close(net);
        return;
    }
    for (int r = 0; r < n; r++) lines_net_close(nets[r]);
}

/* The configuration of the player named ai (greedy, search or learned);
 * the search options in sopts apply to search, the learned player's in
 * lopts to learned (its weights are set where a rule set is played). */
static int player_cfg(const char *ai, const gl_kvlist *sopts, const gl_kvlist *lopts, long long ms, lines_ai_cfg *cfg,
                      gl_error *err)
{
    const gl_kvlist *opts = NULL;
    if (!strcmp(ai, "greedy")) {
        lines_ai_cfg_default(cfg, LINES_AI_GREEDY);
    } else if (!strcmp(ai, "search")) {
        lines_ai_cfg_default(cfg, LINES_AI_SEARCH);
        opts = sopts;
    } else if (!strcmp(ai, "learned")) {
        lines_ai_cfg_default(cfg, LINES_AI_LEARNED); /* its weights: the rule set's, at each use */
        opts = lopts;
    } else {
        return gl_error_set(err, "bench lines: unknown player '%s' (greedy, search, learned)", ai);
    }
    if (opts) {
        gl_kvlist mo;
        gl_kv_init(&mo);
        for (int k = 0; k < opts->n; k++) gl_kv_add(&mo, opts->items[k].key, opts->items[k].value, 0);
        int bad = lines_ai_cfg_read(cfg, &mo, err);
        gl_kv_free(&mo);
        if (bad) return -1;
    }
    cfg->ms = (double)ms;
    return 0;
}

/* The crowded-start test: where games are lost.  The search player with
 * its defaults plays each seed's game (at most CROWD_TURNS turns); every
 * position where the balls first reach CROWD_BALLS (again after falling to
 * CROWD_CALM or fewer) is kept.  Each kept position is then continued twice
 * for CROWD_MORE turns by each player, with fresh spawn draws (the board's
 * rng reseeded) and a fresh player, the same draws for every player.  Per
 * player: continuations lost (board full), points scored, balls on the
 * board at the end, ms per move. */
enum { CROWD_TURNS = 900, CROWD_BALLS = 50, CROWD_CALM = 35, CROWD_MORE = 120, CROWD_REPS = 2 };

static int crowded(const char *rule, const gl_cli_list *ais, const lines_ai_cfg *cfgs, const struct lines_net *net,
                   long long games, long long seed, long long ms, gl_meter *m, gl_error *err)
{
    lines_ai_cfg gen;
    lines_ai_cfg_default(&gen, LINES_AI_SEARCH);
    gen.ms = (double)ms;
    lines_turn *t = malloc(sizeof *t);
    lines_board *pos = NULL;
    int npos = 0, cap = 0, rc = 0;
    if (!t) return gl_error_set(err, "out of memory");
    for (long long g = 0; g < games && !gl_cli_interrupted && rc == 0; g++) {
        gl_rng rng;
        gl_rng_seed(&rng, (uint64_t)(seed + g));
        gl_kvlist params;
        gl_kv_init(&params);
        gl_kv_add(&params, "rules", rule, 0);
        lines_board *b = (lines_board *)gl_game_lines.create(&params, &rng, err);
        gl_kv_free(&params);
        if (!b) {
            rc = -1;
            break;
        }
        lines_ai *ai = lines_ai_new(&gen, b, (uint64_t)(seed + g) ^ 0x5eed5eed5eed5eedULL, m);
        if (!ai) rc = gl_error_set(err, "out of memory");
        int armed = 1;
        while (ai && !lines_full(b) && b->turns < CROWD_TURNS) {
            if (armed && b->nballs >= CROWD_BALLS) {
                if (npos == cap) {
                    cap = cap ? 2 * cap : 64;
                    lines_board *p = realloc(pos, sizeof *pos * (size_t)cap);
                    if (!p) {
                        rc = gl_error_set(err, "out of memory");
                        break;
                    }
                    pos = p;
                }
                pos[npos++] = *b;
                armed = 0;
            } else if (!armed && b->nballs <= CROWD_CALM) {
                armed = 1;
            }
            int from, to;
            if (lines_ai_choose(ai, b, &from, &to) <= 0 || m->stopped) break;
            lines_move(b, from, to, t);
        }
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
    if (rc == 0) {
        printf("crowded-start test, %s: %d positions with %d balls from the games of seeds %lld..%lld (search "
               "player, at most %d turns), each continued %d times for %d turns\n\n",
               rule, npos, CROWD_BALLS, seed, seed + games - 1, CROWD_TURNS, CROWD_REPS, CROWD_MORE);
        printf("%-11s %8s %6s %9s %10s %10s\n", "player", "runs", "lost", "points", "end.balls", "ms/move");
    }
    for (int k = 0; k < ais->n && rc == 0 && !gl_cli_interrupted; k++) {
        const char *name = ais->name[k];
        lines_ai_cfg cfg = cfgs[k];
        if (cfg.kind == LINES_AI_LEARNED) cfg.net = net;
        int runs = 0, lost = 0;
        long long pts = 0, balls = 0, turns = 0;
        double total_ms = 0;
        for (int idx = 0; idx < npos * CROWD_REPS && !gl_cli_interrupted; idx++) {
            lines_board *b = malloc(sizeof *b);
            if (!b) {
                rc = gl_error_set(err, "out of memory");
                break;
            }
            *b = pos[idx / CROWD_REPS];
            gl_rng_seed(&b->rng, 0xc0ffeeULL + 7919ULL * (uint64_t)idx);
            lines_ai *ai = lines_ai_new(&cfg, b, 0xabcdefULL + 104729ULL * (uint64_t)idx, m);
            if (!ai) {
                free(b);
                rc = gl_error_set(err, "out of memory");
                break;
            }
            long long s0 = b->score;
            int t0 = b->turns;
            while (!lines_full(b) && b->turns < t0 + CROWD_MORE) {
                int from, to;
                uint64_t c0 = gl_now_ns();
                int ok = lines_ai_choose(ai, b, &from, &to);
                total_ms += gl_ms_since(c0);
                if (ok <= 0 || m->stopped) break;
                lines_move(b, from, to, t);
            }
            if (m->stopped) { /* an unfinished run is not counted */
                lines_ai_free(ai);
                free(b);
                break;
            }
            runs++;
            lost += lines_full(b);
            pts += b->score - s0;
            balls += b->nballs;
            turns += b->turns - t0;
            lines_ai_free(ai);
            free(b);
        }
        if (rc == 0 && runs > 0)
            printf("%-11s %8d %6d %9lld %10.1f %10.2f\n", name, runs, lost, pts, (double)balls / runs,
                   turns ? total_ms / (double)turns : 0);
        fflush(stdout);
    }
    if (gl_cli_interrupted) printf("(interrupted)\n");
    free(pos);
    free(t);
    return rc;
}

int gl_bench_lines(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "per-game crowded", &a, &status,
                       "bench lines [--games N] [--seed S] [--ais LIST] [--rules LIST] [--ms MS]\n"
                       "       [--max-turns T] [--path-queries Q] [--per-game] [--crowded] [--candidates N]\n"
                       "       [--depth D] [--width W] [--discount P] [--weights FILE] [--top K] [--branch M]\n"
                       "       [--samples N] [--decisions D]",
                       "Plays --games (20) games per player and rule set, boards from seeds S..S+N-1\n"
                       "(S=1), and prints mean, median and max score and turns and the mean ms per\n"
                       "move.  --ais (comma-separated; default greedy,search): greedy, search, learned.\n"
                       "--rules: klines,lines98 (both; the learned player's weights: --weights FILE for\n"
                       "every rule set, else the file installed for each).  --ms:\n"
                       "the search's and the learned player's CPU ceiling per move (50).\n"
                       "--max-turns: stop each game there (0: none).\n"
                       "--candidates, --depth, --width, --discount: the search options (see autoplay),\n"
                       "for the search rows; --weights FILE, --top K, --branch M, --samples N,\n"
                       "--decisions D: the\n"
                       "learned player's (see autoplay).\n"
                       "--per-game: a line per game (seed, score, turns, ms/move,\n"
                       "the mean balls on the board after a turn, the turns that ended with half the\n"
                       "cells or more taken),\n"
                       "so that runs split over processes (--seed, --games) can be merged.\n"
                       "--path-queries: the BFS path speed test (2000000; 0 skips it).  --games 0\n"
                       "runs the path test only.\n"
                       "--crowded: the crowded-start test instead of whole games: the positions where\n"
                       "the games of the --games seeds, played by the search player with its defaults\n"
                       "(at most 900 turns), reach 50 balls (again after falling to 35), each\n"
                       "continued twice for 120 turns with fresh spawns by every player of --ais:\n"
                       "continuations lost, points, balls at the end, ms per move.\n"))
        return status;
    long long games = 20, seed = 1, ms = 50, max_turns = 0, queries = 2000000;
    const char *ais = "greedy,search", *rules = "klines,lines98";
    if (gl_kv_int(&a.opts, "games", 0, 100000, &games, &err) || gl_kv_int(&a.opts, "seed", 0, 1LL << 62, &seed, &err) ||
        gl_kv_int(&a.opts, "ms", 1, 3600000, &ms, &err) || gl_kv_int(&a.opts, "max-turns", 0, 1LL << 30, &max_turns, &err) ||
        gl_kv_int(&a.opts, "path-queries", 0, 1LL << 40, &queries, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    if (gl_kv_get(&a.opts, "ais")) ais = gl_kv_get(&a.opts, "ais");
    int per_game = gl_args_flag(&a, "per-game crowded", "per-game");
    int crowd = gl_args_flag(&a, "per-game crowded", "crowded");
    /* the search options, read once into a template for the search rows */
    gl_kvlist sopts;
    gl_kv_init(&sopts);
    static const char *const skeys[] = {LINES_AI_SEARCH_KEYS};
    for (size_t i = 0; i < sizeof skeys / sizeof *skeys; i++)
        if (gl_kv_get(&a.opts, skeys[i])) gl_kv_add(&sopts, skeys[i], gl_kv_get(&a.opts, skeys[i]), 0);
    gl_kvlist lopts;
    gl_kv_init(&lopts);
    static const char *const lkeys[] = {"top", "branch", "samples", "decisions"};
    for (size_t i = 0; i < sizeof lkeys / sizeof *lkeys; i++)
        if (gl_kv_get(&a.opts, lkeys[i])) gl_kv_add(&lopts, lkeys[i], gl_kv_get(&a.opts, lkeys[i]), 0);
    const char *weights = gl_kv_get(&a.opts, "weights");
    if (gl_kv_get(&a.opts, "rules")) rules = gl_kv_get(&a.opts, "rules");
    struct lines_net *net = NULL, *nets[GL_CLI_LIST_MAX] = {0}; /* --weights; the weights of each rule set */
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_kv_free(&sopts);
        gl_kv_free(&lopts);
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench lines: unexpected argument");
    }
    /* every player of --ais checked before any work; the learned player's
     * weights read once, and its rule sets checked */
    gl_cli_list ai_list, rule_list;
    lines_ai_cfg cfgs[GL_CLI_LIST_MAX];
    int bad = gl_cli_list_split("bench lines: --ais", ais, &ai_list, &err) != 0 ||
              gl_cli_list_split("bench lines: --rules", rules, &rule_list, &err) != 0;
    int learned = 0;
    for (int k = 0; k < ai_list.n && !bad; k++) learned |= !strcmp(ai_list.name[k], "learned");
    if (!bad && !learned && (weights || lopts.n))
        bad = gl_error_set(&err, "bench lines: --%s is the learned player's (--ais learned)",
                           weights ? "weights" : lopts.items[0].key) != 0;
    if (!bad && learned && weights) {
        net = lines_net_open(weights, LINES_98, &err);
        bad = !net;
    }
    /* each rule set makes a board, and its weights (--weights, else the
     * file installed for those rules) play it */
    for (int r = 0; r < rule_list.n && !bad; r++) {
        gl_kvlist params;
        gl_kv_init(&params);
        gl_kv_add(&params, "rules", rule_list.name[r], 0);
        gl_rng rng;
        gl_rng_seed(&rng, 1);
        lines_board *b = (lines_board *)gl_game_lines.create(&params, &rng, &err);
        gl_kv_free(&params);
        if (b && learned) nets[r] = net ? net : lines_net_open(NULL, b->rules, &err);
        bad = !b || (learned && (!nets[r] || lines_net_check_board(nets[r], b, &err) != 0));
        if (b) gl_game_lines.destroy((gl_board *)b);
    }
    for (int k = 0; k < ai_list.n && !bad; k++)
        bad = player_cfg(ai_list.name[k], &sopts, &lopts, ms, &cfgs[k], &err) != 0;
    gl_kv_free(&lopts);
    if (bad) {
        close_nets(net, nets, rule_list.n);
        gl_kv_free(&sopts);
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    gl_cli_catch_sigint();
    /* Ctrl-C stops a game, and a move, where they are */
    gl_limits lim = {0};
    lim.interrupt = &gl_cli_interrupted;
    gl_meter meter;
    gl_meter_start(&meter, &lim);
    if (crowd) {
        int crc = 0;
        for (int r = 0; r < rule_list.n && crc == 0; r++) {
            crc = crowded(rule_list.name[r], &ai_list, cfgs, nets[r], games, seed, ms, &meter, &err);
            if (crc == 0) printf("\n");
        }
        gl_kv_free(&sopts);
        gl_args_free(&a);
        close_nets(net, nets, rule_list.n);
        return crc ? gl_cli_fail(&err) : GL_EXIT_OK;
    }
    if (queries > 0) bench_paths(queries);
    long long *scores = malloc(sizeof *scores * (size_t)(games ? games : 1));
    long long *turns = malloc(sizeof *turns * (size_t)(games ? games : 1));
    if (!scores || !turns) {
        free(scores);
        free(turns);
        gl_kv_free(&sopts);
        gl_args_free(&a);
        close_nets(net, nets, rule_list.n);
        return gl_cli_failf("out of memory");
    }
    int rc = GL_EXIT_OK;
    if (games > 0) {
        printf("lines benchmark: %lld games per row, seeds %lld..%lld, search %lld ms per move, max turns %lld%s\n\n",
               games, seed, seed + games - 1, ms, max_turns, max_turns ? "" : " (none)");
        printf("%-11s %-8s %6s %9s %9s %8s %9s %9s %8s %10s %8s\n", "player", "rules", "games", "mean", "median", "max",
               "turns", "med.turns", "max.trn", "ms/move", "capped");
    }
    for (int r = 0; r < rule_list.n && games > 0 && rc == 0; r++) {
        const char *rule = rule_list.name[r];
        for (int k = 0; k < ai_list.n && rc == 0; k++) {
            const char *ai = ai_list.name[k];
            lines_ai_cfg cfg = cfgs[k];
            if (cfg.kind == LINES_AI_LEARNED) cfg.net = nets[r];
            double total_ms = 0, total_turns = 0, mean = 0, mturns = 0;
            int capped = 0;
            long long played = 0;
            for (long long i = 0; i < games && !gl_cli_interrupted; i++) {
                gl_kvlist params;
                gl_kv_init(&params);
                gl_kv_add(&params, "rules", rule, 0);
                lines_game_result res;
                int r = lines_autoplay_game(&cfg, &params, (uint64_t)(seed + i), max_turns, &lim, NULL, &res, &err);
                gl_kv_free(&params);
                if (r != 0) {
                    rc = gl_cli_fail(&err);
                    break;
                }
                if (res.stopped) break; /* interrupted: the game is not counted */
                if (per_game)
                    printf("game %-11s %-8s seed %lld score %lld turns %d ms/move %.2f balls %.1f crowded %d%s\n", ai, rule,
                           seed + i, res.score, res.turns, res.turns ? res.ms / res.turns : 0, res.mean_balls, res.crowded,
                           res.game_over ? "" : " (capped)");
                if (per_game) fflush(stdout);
                scores[played] = res.score;
                turns[played++] = res.turns;
                total_ms += res.ms;
                total_turns += res.turns;
                capped += !res.game_over;
            }
            if (rc || !played) break;
            for (long long i = 0; i < played; i++) {
                mean += (double)scores[i];
                mturns += (double)turns[i];
            }
            mean /= (double)played;
            mturns /= (double)played;
            qsort(scores, (size_t)played, sizeof *scores, cmp_ll);
            qsort(turns, (size_t)played, sizeof *turns, cmp_ll);
            double med = played % 2 ? (double)scores[played / 2] : (scores[played / 2 - 1] + scores[played / 2]) / 2.0;
            double medt = played % 2 ? (double)turns[played / 2] : (turns[played / 2 - 1] + turns[played / 2]) / 2.0;
            printf("%-11s %-8s %6lld %9.1f %9.1f %8lld %9.1f %9.1f %8lld %10.2f %8d", ai, rule, played, mean, med,
                   scores[played - 1], mturns, medt, turns[played - 1], total_turns ? total_ms / total_turns : 0, capped);
            if (played < games) printf("  interrupted: %lld of %lld games", played, games);
            printf("\n");
            fflush(stdout);
        }
    }
    if (gl_cli_interrupted) printf("(interrupted: the last row covers the games finished)\n");
    free(scores);
    free(turns);
    gl_kv_free(&sopts);
    gl_args_free(&a);
    close_nets(net, nets, rule_list.n);
    return rc;
}
