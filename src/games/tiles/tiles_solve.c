/* Tiles solvers: the shared search kernels on one-word states with the
 * tiles rules and heuristics plugged in, and the seed-style trace of the
 * path found.  (The seed's own program, which is not a search, is
 * tiles_seed.c; the bitmap A* for rows whose states can be ranked is
 * tiles_rank.c.) */
#include "tiles.h"
#include "tiles_rank.h"

#include <string.h>

/* IDA*'s transposition table: at most 2^20 entries (16 MiB), fewer when
 * the memory limit leaves less. */
#define IDA_TT_BITS 20

typedef struct {
    int len, hop;
    int strong; /* heuristic: 1 strong (default), 0 the seed's pairs count */
} tiles_ctx;

static int cb_expand(void *ctx, const uint64_t *s, const uint64_t *from, const gl_move *via, gl_succ *out)
{
    const tiles_ctx *c = ctx;
    (void)from;
    (void)via;
    return tiles_successors(*s, c->len, c->hop, out->state, out->cost, out->mv);
}

static int cb_h(void *ctx, const uint64_t *s)
{
    const tiles_ctx *c = ctx;
    return c->strong ? tiles_h_strong(*s, c->len, c->hop) : tiles_pairs(*s, c->len);
}

static int cb_h_pairs(void *ctx, const uint64_t *s) { return tiles_pairs(*s, ((const tiles_ctx *)ctx)->len); }
static int cb_goal(void *ctx, const uint64_t *s) { return tiles_is_goal(*s, ((const tiles_ctx *)ctx)->len); }

void tiles_trace(const tiles_board *t, const gl_move *moves, int nmoves, gl_strbuf *out)
{
    char row[TILES_MAX_CELLS + 1];
    uint64_t s = t->state;
    long long g = 0;
    gl_sb_printf(out, "%-*s  %5s %5s  %s\n", t->len, "state", "g", "h", "move");
    tiles_row(s, t->len, row);
    gl_sb_printf(out, "%-*s  %5lld %5d\n", t->len, row, g, tiles_pairs(s, t->len));
    for (int i = 0; i < nmoves; i++) {
        const gl_move *m = &moves[i];
        int d = m->a > m->b ? m->a - m->b : m->b - m->a;
        uint64_t blacks = tiles_blacks(s);
        if ((blacks >> m->a) & 1) blacks = (blacks & ~(1ULL << m->a)) | (1ULL << m->b);
        s = tiles_pack(blacks, m->a);
        g += d == 1 ? 1 : d - 1;
        tiles_row(s, t->len, row);
        gl_sb_printf(out, "%-*s  %5lld %5d  %d-%d\n", t->len, row, g, tiles_pairs(s, t->len), m->a + 1,
                     m->b + 1);
    }
}

/* The trace of a solved answer, when asked for. */
static int finish(const tiles_board *t, const gl_solve_opts *o, gl_solution *out, int rc)
{
    if (rc == 0 && o->trace && out->solved) tiles_trace(t, out->moves, out->nmoves, o->trace);
    return rc;
}

static int run(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err, int kind)
{
    const tiles_board *t = (const tiles_board *)b;
    tiles_ctx ctx = {t->len, t->hop, 1};
    if (o->opts) {
        int which = 1;
        if (gl_kv_choice(o->opts, "heuristic", "pairs|strong", &which, err) != 0) return -1;
        ctx.strong = which;
    }
    int most = 2 * (t->hop + 1); /* hop+1 cells on either side of the empty one */
    gl_search_problem p = {.ctx = &ctx,
                           .kw = 1,
                           .max_succ = most < TILES_MAX_SUCC ? most : TILES_MAX_SUCC,
                           .tt_bits = IDA_TT_BITS,
                           .expand = cb_expand,
                           .h = cb_h,
                           .is_goal = cb_goal};
    if (kind == 0) {
        /* The bitmap A* when the state space fits, else the hash-table kernel. */
        int rc = tiles_astar_ranked(t, ctx.strong, &o->lim, out, err);
        if (rc != 1) return finish(t, o, out, rc);
    }
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    int rc;
    switch (kind) {
    case 0:
    case 5: rc = gl_bestfirst(&p, &t->state, GL_BF_ASTAR, &m, out, err); break;
    case 1: rc = gl_bestfirst(&p, &t->state, GL_BF_UCS, &m, out, err); break;
    case 2: rc = gl_ida(&p, &t->state, &m, out, err); break;
    case 3:
        p.h = cb_h_pairs;
        rc = gl_bestfirst(&p, &t->state, GL_BF_GREEDY, &m, out, err);
        break;
    default: rc = gl_bestfirst(&p, &t->state, GL_BF_BFS, &m, out, err); break;
    }
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    return finish(t, o, out, rc);
}

int tiles_solve_astar(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 0); }
int tiles_solve_ucs(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 1); }
int tiles_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 2); }
int tiles_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 3); }
int tiles_solve_bfs(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 4); }
int tiles_solve_astar_hash(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 5); }

/* The hint: A*'s first move when it proves the cheapest finish within the
 * time, else the greedy search's, which answers in about a millisecond on
 * any row (not proved; "stopped" then says why A* gave up).  cost_left is
 * the finish's cost from here.  Ctrl-C asks for no move at all. */
int tiles_hint(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err)
{
    const tiles_board *t = (const tiles_board *)b;
    if (tiles_is_goal(t->state, t->len)) return 0;
    gl_solution s;
    gl_solution_init(&s);
    if (run(b, o, &s, err, 0) != 0) {
        gl_solution_free(&s);
        return -1;
    }
    const char *stopped = s.stopped;
    int optimal = s.solved && s.optimal;
    if (!optimal && !(stopped && strcmp(stopped, "interrupted") == 0)) {
        gl_solve_opts fast = *o;
        fast.lim.limit_ms = 0; /* greedy's closed set is small: it ends on its own */
        fast.opts = NULL;
        fast.trace = NULL;
        gl_solution_free(&s);
        gl_solution_init(&s);
        if (run(b, &fast, &s, err, 3) != 0) {
            gl_solution_free(&s);
            return -1;
        }
        if (!stopped) stopped = s.stopped;
    }
    int rc = 0;
    if (s.solved && s.nmoves > 0) {
        *m = s.moves[0];
        gl_info_bool(info, "optimal", optimal);
        gl_info_int(info, "cost_left", s.cost);
        if (stopped) gl_info_text(info, "stopped", stopped);
        rc = 1;
    } else if (stopped) {
        gl_error_set(err, "%s", stopped);
        rc = 2;
    }
    gl_solution_free(&s);
    return rc;
}
