/* gridlab bench hints: how long the play session's hint takes, with its
 * default time, on every preset of every game of the build, at the
 * positions a player meets: from each preset's first board (seeds 1..N)
 * the hint's own moves are played, and the hint is asked before each,
 * up to --moves moves or the end of the game.
 *
 * Per preset: hints asked, the median and the longest wall time, the
 * longest processor time (what a loaded machine does not inflate), the
 * share of moves proved the best ("optimal" in the hint's info: "-" for a
 * game whose hint never says), how often no move came (the search stopped
 * first, or none was left) and how often the plan was past the move limit
 * (flood: winnable false or null).  The front ends show a hint in words
 * (gl_hint_words); this measures the search behind them. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    double *ms;
    int n, cap;
    double cpu_max;
    int proved, said, nomove, past;
    int games, cut; /* games played to the end (or --moves), and one cut off by Ctrl-C */
} hint_row;

static int row_add(hint_row *r, double ms, double cpu)
{
    if (cpu > r->cpu_max) r->cpu_max = cpu;
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        double *more = realloc(r->ms, sizeof *more * (size_t)cap);
        if (!more) return -1;
        r->ms = more;
        r->cap = cap;
    }
    r->ms[r->n++] = ms;
    return 0;
}

/* One game from a preset and a seed: a hint before every move, the hint's
 * move played. */
static int play_by_hints(const gl_game *g, const gl_preset *pr, uint64_t seed, int moves, hint_row *row,
                         gl_error *err)
{
    gl_play *p = gl_play_new();
    if (!p) return gl_error_set(err, "out of memory");
    int rc = gl_play_start_text(p, g, pr->params, seed, err);
    for (int k = 0; rc == 0 && k < moves && gl_play_status(p) == GL_PLAYING && !gl_cli_interrupted; k++) {
        gl_limits lim = {0, 0, &gl_cli_interrupted, NULL}; /* the session's default time */
        gl_info info;
        gl_info_init(&info);
        gl_move m;
        gl_error why = {0};
        uint64_t t0 = gl_now_ns();
        double c0 = gl_thread_cpu_ms();
        int r = gl_play_hint(p, &lim, &m, &info, &why);
        double ms = gl_ms_since(t0), cpu = gl_thread_cpu_ms() - c0;
        if (gl_cli_interrupted && r != GL_HINT_ERROR) { /* cut off: neither a hint nor "no move" */
            gl_info_free(&info);
            row->cut = 1;
            break;
        }
        if (r == GL_HINT_ERROR) {
            *err = why;
            rc = -1;
        } else if (row_add(row, ms, cpu) != 0) {
            rc = gl_error_set(err, "out of memory");
        }
        const gl_info_item *best = gl_info_find(&info, "optimal");
        const gl_info_item *win = gl_info_find(&info, "winnable");
        if (best && best->type == GL_INFO_BOOL) {
            row->said++;
            row->proved += best->value != 0;
        }
        if (win && !(win->type == GL_INFO_BOOL && win->value)) row->past++;
        gl_info_free(&info);
        if (rc != 0) break;
        if (r != GL_HINT_MOVE) {
            row->nomove++;
            break;
        }
        if (gl_play_move(p, &m, NULL, err) < 0) rc = -1;
    }
    /* A game ended by Ctrl-C between two hints is cut off too (a game that
     * ended just then is counted as cut: never a partial game as played). */
    if (gl_cli_interrupted) row->cut = 1;
    else if (rc == 0) row->games++;
    gl_play_free(p);
    return rc;
}

int gl_bench_hints(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "", &a, &status, "bench hints [--games LIST] [--seeds N] [--moves N]",
                       "The play session's hint with its default time on every preset of every game\n"
                       "(--games, comma-separated: default all): from each preset's first board with\n"
                       "seeds 1..N (default 3) the hint's moves are played, a hint asked before each,\n"
                       "up to --moves (default 40) or the end.  Per preset: hints, the median and\n"
                       "longest wall time and the longest processor time (ms), the share proved the\n"
                       "best, hints without a move, and plans past the move limit.\n"))
        return status;
    long long seeds = 3, moves = 40;
    if (gl_kv_int(&a.opts, "seeds", 1, 1000, &seeds, &err) || gl_kv_int(&a.opts, "moves", 1, 100000, &moves, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    gl_cli_list only = {0};
    const char *games = gl_kv_get(&a.opts, "games");
    if (games && gl_cli_list_split("bench hints: --games", games, &only, &err) != 0) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    for (int i = 0; i < only.n; i++)
        if (!gl_game_find(only.name[i])) {
            gl_args_free(&a);
            return gl_cli_failf("bench hints: no game '%s' in this build", only.name[i]);
        }
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench hints: unexpected argument");
    }
    gl_cli_catch_sigint();
    printf("the hint with the session's default time (%.0f ms), seeds 1..%lld, up to %lld moves a game\n\n",
           GL_HINT_DEFAULT_MS, seeds, moves);
    printf("%-8s %-50s %6s %9s %7s %8s %6s %8s %5s\n", "game", "preset", "hints", "median ms", "max ms",
           "max cpu", "best", "no move", "past");
    int rc = GL_EXIT_OK;
    for (int gi = 0; gi < gl_ngames && rc == GL_EXIT_OK && !gl_cli_interrupted; gi++) {
        const gl_game *g = gl_games[gi];
        int wanted = only.n == 0;
        for (int i = 0; i < only.n; i++) wanted |= strcmp(only.name[i], g->name) == 0;
        if (!wanted) continue;
        for (int pi = 0; pi < g->npresets && rc == GL_EXIT_OK && !gl_cli_interrupted; pi++) {
            hint_row row;
            memset(&row, 0, sizeof row);
            for (long long s = 1; s <= seeds && rc == GL_EXIT_OK && !gl_cli_interrupted; s++)
                if (play_by_hints(g, &g->presets[pi], (uint64_t)s, (int)moves, &row, &err) != 0)
                    rc = gl_cli_fail(&err);
            if (row.n > 0) {
                qsort(row.ms, (size_t)row.n, sizeof *row.ms, cmp_double);
                double median = row.n % 2 ? row.ms[row.n / 2] : (row.ms[row.n / 2 - 1] + row.ms[row.n / 2]) / 2;
                char best[16];
                if (row.said) snprintf(best, sizeof best, "%.0f%%", 100.0 * row.proved / row.said);
                else snprintf(best, sizeof best, "-");
                printf("%-8s %-50.50s %6d %9.1f %7.1f %8.1f %6s %8d %5d", g->name, g->presets[pi].name, row.n,
                       median, row.ms[row.n - 1], row.cpu_max, best, row.nomove, row.past);
                /* a row cut short says so */
                if (row.games < seeds && gl_cli_interrupted)
                    printf("  interrupted: %d of %lld games played%s", row.games, seeds,
                           row.cut ? ", the hint cut off not counted" : "");
                printf("\n");
                fflush(stdout);
            }
            free(row.ms);
        }
    }
    if (gl_cli_interrupted) printf("interrupted: the rows after the last are not run\n");
    gl_args_free(&a);
    if (rc == GL_EXIT_OK && gl_cli_interrupted) return GL_EXIT_INTERRUPTED;
    return rc;
}
