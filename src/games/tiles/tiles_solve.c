/* Tiles solvers: the shared 64-bit search kernels with the tiles rules and
 * heuristics plugged in, and the seed-style trace of the path found.  (The
 * seed's own program, which is not a search, is tiles_seed.c.) */
#include "tiles.h"
#include "tiles_rank.h"

#include <string.h>

typedef struct {
    int len, hop;
    int strong; /* heuristic: 1 strong (default), 0 the seed's pairs count */
} tiles_ctx;

static int cb_expand(void *ctx, uint64_t s, uint64_t *succ, int *cost, gl_move *mv)
{
    const tiles_ctx *c = ctx;
    return tiles_successors(s, c->len, c->hop, succ, cost, mv);
}

static int cb_h(void *ctx, uint64_t s)
{
    const tiles_ctx *c = ctx;
    return c->strong ? tiles_h_strong(s, c->len, c->hop) : tiles_pairs(s, c->len);
}

static int cb_h_pairs(void *ctx, uint64_t s) { return tiles_pairs(s, ((const tiles_ctx *)ctx)->len); }
static int cb_goal(void *ctx, uint64_t s) { return tiles_is_goal(s, ((const tiles_ctx *)ctx)->len); }

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

static int run(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err, int kind)
{
    const tiles_board *t = (const tiles_board *)b;
    tiles_ctx ctx = {t->len, t->hop, 1};
    if (o->opts) {
        int which = 1;
        if (gl_kv_choice(o->opts, "heuristic", "pairs|strong", &which, err) != 0) return -1;
        ctx.strong = which;
    }
    gl_u64_problem p = {&ctx, cb_expand, cb_h, cb_goal};
    int rc;
    switch (kind) {
    case 0:
        /* The bitmap A* when the state space fits, else the hash-table kernel. */
        rc = tiles_astar_ranked(t, ctx.strong, &o->lim, out, err);
        if (rc == 1) rc = gl_u64_bestfirst(&p, t->state, GL_BF_ASTAR, &o->lim, out, err);
        break;
    case 5: rc = gl_u64_bestfirst(&p, t->state, GL_BF_ASTAR, &o->lim, out, err); break;
    case 1: rc = gl_u64_bestfirst(&p, t->state, GL_BF_UCS, &o->lim, out, err); break;
    case 2: rc = gl_u64_ida(&p, t->state, &o->lim, out, err); break;
    case 3:
        p.h = cb_h_pairs;
        rc = gl_u64_bestfirst(&p, t->state, GL_BF_GREEDY, &o->lim, out, err);
        break;
    default: rc = gl_u64_bestfirst(&p, t->state, GL_BF_BFS, &o->lim, out, err); break;
    }
    if (rc == 0 && o->trace && out->solved) tiles_trace(t, out->moves, out->nmoves, o->trace);
    return rc;
}

int tiles_solve_astar(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 0); }
int tiles_solve_ucs(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 1); }
int tiles_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 2); }
int tiles_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 3); }
int tiles_solve_bfs(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 4); }
int tiles_solve_astar_hash(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e) { return run(b, o, s, e, 5); }
