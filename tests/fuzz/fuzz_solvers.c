/* Fuzz target `solvers`: every solver of a fuzzed board's game, under a
 * tiny budget.
 *
 * The input is a board file (the header picks the game, as in `board`).
 * When it parses, each solver of its game runs on it with a 20 ms time
 * limit and a 16 MiB memory budget (a gl_budget in the limits, as the CLI
 * gives one), and must keep the promises the limits mechanism makes:
 *
 *   - it returns, within a bounded time (2 s by default: 100 times the
 *     limit, for a loaded machine and the sanitizers);
 *   - the peak memory it reports stays within the budget (every table a
 *     search allocates is charged to its meter first, IDA*'s
 *     transposition table included, which is sized to what the budget
 *     leaves; GL_FUZZ_SOLVE_MEM_MB raises the bound, to look at something
 *     else first);
 *   - a refusal has a message;
 *   - a stopped search is never called optimal;
 *   - a solved answer replays move by move from the board, each move legal;
 *   - every byte charged to the budget is given back when it returns.
 *
 * A solver that does not yet poll its limits inside its loops shows up
 * here as a slow input.  GL_FUZZ_SOLVE_BOUND_MS overrides the bound (the
 * libFuzzer -timeout still catches a true hang); GL_FUZZ_SOLVE_VERBOSE=1
 * prints each solver's time and how it ended. */
#include "fuzz.h"
#include "gridlab/internal.h"

#include <string.h>

#define MAX_INPUT (16u << 10)
#define LIMIT_MS 20
#define BUDGET_BYTES (16u << 20)

static double bound_ms(void)
{
    static double b = 0;
    if (b == 0) {
        const char *e = getenv("GL_FUZZ_SOLVE_BOUND_MS");
        long long v;
        b = e && gl_parse_ll(e, 1, 3600000, &v) == 0 ? (double)v : 2000;
    }
    return b;
}

static size_t mem_bound(void)
{
    static size_t b = 0;
    if (b == 0) {
        const char *e = getenv("GL_FUZZ_SOLVE_MEM_MB");
        long long v;
        b = e && gl_parse_ll(e, 1, 1 << 20, &v) == 0 ? (size_t)v << 20 : BUDGET_BYTES;
    }
    return b;
}

static void check_solver(const gl_game *g, const gl_solver *sv, const gl_board *b)
{
    gl_budget budget;
    gl_budget_init(&budget, BUDGET_BYTES);
    gl_kvlist opts;
    gl_kv_init(&opts);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = LIMIT_MS;
    o.lim.mem_cap = BUDGET_BYTES;
    o.lim.budget = &budget;
    o.opts = &opts;
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    uint64_t t0 = gl_now_ns();
    int rc = sv->solve(b, &o, &sol, &err);
    double ms = gl_ms_since(t0);
    if (getenv("GL_FUZZ_SOLVE_VERBOSE"))
        fprintf(stderr, "  %s %-10s %9.1f ms  rc %d  %s%s  peak %zu\n", g->name, sv->name, ms, rc,
                rc ? err.msg : sol.solved ? "solved" : "not solved", sol.stopped ? ", stopped" : "", sol.peak_bytes);
    GL_FUZZ_CHECK(ms <= bound_ms(), "%s %s: returned after %.0f ms with a %d ms limit (bound %.0f ms)", g->name,
                  sv->name, ms, LIMIT_MS, bound_ms());
    if (rc != 0) {
        GL_FUZZ_CHECK(err.set && err.msg[0], "%s %s: failed without a message", g->name, sv->name);
    } else {
        GL_FUZZ_CHECK(!(sol.stopped && sol.optimal), "%s %s: stopped (%s) but optimal", g->name, sv->name,
                      sol.stopped);
        GL_FUZZ_CHECK(sol.nmoves >= 0 && (sol.nmoves == 0 || sol.moves), "%s %s: %d moves", g->name, sv->name,
                      sol.nmoves);
        if (sol.solved) {
            gl_board *c = g->clone(b);
            for (int i = 0; i < sol.nmoves; i++) {
                char text[64];
                g->format_move(c, &sol.moves[i], text, sizeof text);
                gl_error e2 = {0};
                GL_FUZZ_CHECK(g->apply(c, &sol.moves[i], NULL, &e2) == 0,
                              "%s %s: move %d of %d (%s) of a solved answer is illegal: %s", g->name, sv->name,
                              i + 1, sol.nmoves, text, e2.msg);
            }
            g->destroy(c);
        }
    }
    GL_FUZZ_CHECK(sol.peak_bytes <= mem_bound(), "%s %s: peak %zu bytes with a %u-byte budget (bound %zu)",
                  g->name, sv->name, sol.peak_bytes, BUDGET_BYTES, mem_bound());
    GL_FUZZ_CHECK(gl_budget_used(&budget) == 0, "%s %s: %zu bytes charged to the budget and not given back",
                  g->name, sv->name, gl_budget_used(&budget));
    gl_solution_free(&sol);
    gl_kv_free(&opts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1); /* exact size, no NUL: as `board` */
    if (!text) return 0;
    memcpy(text, data, size);
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, size, "<fuzz>", &g, &err);
    free(text);
    if (!b) return 0;
    for (int i = 0; i < g->nsolvers; i++) check_solver(g, &g->solvers[i], b);
    g->destroy(b);
    return 0;
}
