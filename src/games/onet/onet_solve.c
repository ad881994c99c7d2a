/* Onet solvers: can the goal be reached with no reshuffle?
 *
 * The exact solver is a depth-first search over removals with three ideas:
 *
 *  - Removing tiles only ever opens links (a path through empty cells stays
 *    empty), and a bomb only removes whole kinds.  So if a solution exists
 *    from a position, one exists from any position with a subset of its
 *    kinds removed, and taking a move "early" never hurts when no other
 *    move of the same kind competes with it.  Hence forced moves, played
 *    without branching: the last two tiles of a kind when they link (with
 *    two tiles a kind has one pairing, so greedy is exact there), and a
 *    kind of four that can be cleared entirely right now (pair one, then
 *    pair two).
 *  - Branching is only over pairs of kinds with four or more tiles left,
 *    where the pairing matters (the NP-complete part).
 *  - Positions proved dead are remembered by a 128-bit hash of the tiles
 *    left (two independent 64-bit sums of per-(cell, kind) hashes); with
 *    bombs on the board the rng state and the bomb cells are hashed in too,
 *    because then the future depends on them.  A false "dead" needs a
 *    128-bit collision among the positions of one search.
 *
 * Bombs are followed exactly: each removal runs the same onet_remove as
 * play, re-placing bombs from the board's rng, so the solution replays. */
#include "onet.h"

#include <stdlib.h>
#include <string.h>

typedef struct solver {
    const gl_solve_opts *o;
    onet_board **boards; /* one per depth */
    int maxdepth;
    gl_link_scratch sc;
    gl_htab dead;
    int memo_ok;
    gl_move *moves;
    int nmoves, cap;
    unsigned long long nodes;
    uint64_t start;
    const char *stopped;
    int *pairs; /* per depth: pairs_cap pairs each */
    int pairs_cap;
    int bombs; /* bombs on the board (their number never changes) */
} solver;

static void push(solver *s, const onet_board *b, int i, int j)
{
    if (s->nmoves == s->cap) return; /* cap is the number of pairs: never reached */
    gl_move m = {onet_row(b, i) * b->w + onet_col(b, i), onet_row(b, j) * b->w + onet_col(b, j), 0};
    s->moves[s->nmoves++] = m;
}

/* Removes i-j on b (like play) if it links; 1 when done.  Only with
 * bombs on the board does the path itself matter (it may cross one), so
 * only then is the BFS run; otherwise the extent test decides. */
static int remove_pair(const solver *s, onet_board *b, int i, int j)
{
    if (s->bombs) {
        int corners[ONET_MAX_CORNERS];
        int nc = onet_link(b, i, j, corners);
        if (!nc) return 0;
        onet_remove(b, i, j, corners, nc);
        return 1;
    }
    if (!onet_linkable(b, i, j)) return 0;
    b->g[i] = b->g[j] = ONET_EMPTY;
    return 1;
}

/* Plays i-j on b if it links, recording the move; 1 when played. */
static int play(solver *s, onet_board *b, int i, int j)
{
    if (!remove_pair(s, b, i, j)) return 0;
    push(s, b, i, j);
    return 1;
}

static void key_of(const onet_board *b, uint64_t key[2])
{
    uint64_t h1 = 0, h2 = 0;
    int bombs = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            int i = onet_at(b, r, c);
            uint8_t v = b->g[i];
            if (v == ONET_EMPTY) continue;
            uint64_t x = (uint64_t)i * 256u + v;
            h1 += gl_hash_u64(x);
            h2 += gl_hash_u64(x ^ 0x9e3779b97f4a7c15ULL);
            bombs += v == ONET_BOMB;
        }
    if (bombs || b->bombs)
        for (int k = 0; k < 4; k++) {
            h1 ^= gl_hash_u64(b->rng.s[k] + (uint64_t)k);
            h2 ^= gl_hash_u64(b->rng.s[k] ^ (0xc2b2ae3d27d4eb4fULL * (uint64_t)(k + 1)));
        }
    key[0] = h1;
    key[1] = h2;
}

/* Forced moves on b (see the top of the file).  Returns 1 when something
 * was played. */
static int forced(solver *s, onet_board *b, onet_board *tmp, const int *pairs, int np)
{
    int count[ONET_KIND0 + ONET_NKINDS] = {0};
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) count[b->g[onet_at(b, r, c)]]++;
    int played = 0;
    for (int k = 0; k < np; k++) {
        int i = pairs[2 * k], j = pairs[2 * k + 1];
        uint8_t v = b->g[i];
        /* Still there and still the last two (an earlier forced move may
         * have bombed the kind away). */
        if (onet_is_tile(v) && b->g[j] == v && count[v] == 2) {
            if (play(s, b, i, j)) {
                played = 1;
                count[v] = 0;
            }
        }
    }
    if (played) return 1;
    /* Kinds of four that can go entirely now. */
    for (int k = 0; k < np; k++) {
        int i = pairs[2 * k], j = pairs[2 * k + 1];
        uint8_t v = b->g[i];
        if (count[v] != 4) continue;
        int rest[2], nr = 0;
        for (int r = 0; r < b->h && nr < 2; r++)
            for (int c = 0; c < b->w && nr < 2; c++) {
                int x = onet_at(b, r, c);
                if (b->g[x] == v && x != i && x != j) rest[nr++] = x;
            }
        onet_assign(tmp, b);
        remove_pair(s, tmp, i, j);
        if (tmp->g[rest[0]] != v || onet_linkable(tmp, rest[0], rest[1])) {
            /* Clears the kind: do it for real. */
            play(s, b, i, j);
            if (b->g[rest[0]] == v) play(s, b, rest[0], rest[1]);
            return 1;
        }
    }
    return 0;
}

/* Move ordering: first the pairs after which the rest of their kind can
 * still pair up right away (the kind then goes by forced moves), then the
 * pairs whose kind has the fewest tiles left.  Stable, so ties keep the
 * reading order. */
static void order_moves(solver *s, const onet_board *b, onet_board *tmp, int *pairs, int np)
{
    (void)s;
    int count[ONET_KIND0 + ONET_NKINDS] = {0};
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) count[b->g[onet_at(b, r, c)]]++;
    int score[4096];
    if (np > 4096) return;
    for (int k = 0; k < np; k++) {
        int i = pairs[2 * k], j = pairs[2 * k + 1];
        uint8_t v = b->g[i];
        score[k] = 64 - count[v];
        if (count[v] == 4) {
            int rest[2], nr = 0;
            for (int x = 0; x < b->pw * b->ph && nr < 2; x++)
                if (b->g[x] == v && x != i && x != j) rest[nr++] = x;
            onet_assign(tmp, b);
            tmp->g[i] = tmp->g[j] = ONET_EMPTY;
            if (onet_linkable(tmp, rest[0], rest[1])) score[k] += 100;
        }
    }
    for (int a = 1; a < np; a++)
        for (int z = a; z > 0 && score[z - 1] < score[z]; z--) {
            int t = score[z];
            score[z] = score[z - 1];
            score[z - 1] = t;
            int p0 = pairs[2 * z], p1 = pairs[2 * z + 1];
            pairs[2 * z] = pairs[2 * z - 2];
            pairs[2 * z + 1] = pairs[2 * z - 1];
            pairs[2 * z - 2] = p0;
            pairs[2 * z - 1] = p1;
        }
}

static int dfs(solver *s, int depth)
{
    onet_board *b = s->boards[depth];
    onet_board *tmp = s->boards[depth + 1];
    int *pairs = s->pairs + (size_t)depth * 2 * (size_t)s->pairs_cap;
    int base = s->nmoves, np;
    for (;;) {
        if (onet_goal_reached(b)) return 1;
        if ((++s->nodes & 1023) == 0) {
            s->stopped = gl_limits_check(&s->o->lim, s->start, gl_htab_bytes(&s->dead));
            if (s->stopped) return -1;
        }
        np = onet_pairs(b, &s->sc, pairs, s->pairs_cap);
        if (np > s->pairs_cap) np = s->pairs_cap;
        if (np == 0) {
            s->nmoves = base;
            return 0;
        }
        if (!forced(s, b, tmp, pairs, np)) break;
    }
    uint64_t key[2];
    key_of(b, key);
    if (s->memo_ok && gl_htab_find(&s->dead, key)) {
        s->nmoves = base;
        return 0;
    }
    int here = s->nmoves;
    order_moves(s, b, tmp, pairs, np);
    for (int k = 0; k < np; k++) {
        onet_board *child = s->boards[depth + 1];
        onet_assign(child, b);
        s->nmoves = here;
        if (!play(s, child, pairs[2 * k], pairs[2 * k + 1])) continue;
        int r = dfs(s, depth + 1);
        if (r != 0) return r;
    }
    if (s->memo_ok) {
        int ins;
        if (!gl_htab_upsert(&s->dead, key, 1, &ins)) s->memo_ok = 0; /* table full: search on without */
    }
    s->nmoves = base;
    return 0;
}

/* Replays the moves from b, giving their links as "paths" in info. */
static void write_paths(const onet_board *b0, const gl_move *moves, int n, gl_info *info, gl_strbuf *trace)
{
    onet_board *b = onet_copy(b0);
    if (!b) return;
    gl_link_scratch sc;
    if (gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph) != 0) {
        onet_free(b);
        return;
    }
    gl_info_lists_begin(info, "paths");
    for (int k = 0; k < n; k++) {
        int i, j, corners[ONET_MAX_CORNERS], rc[2 * ONET_MAX_CORNERS];
        onet_move_cells(b, &moves[k], &i, &j);
        int nc = onet_link(b, i, j, corners);
        onet_corners_rc(b, corners, nc, rc);
        gl_info_list_add(info, rc, nc);
        if (trace) {
            char x[16], y[16];
            gl_cell_format(onet_row(b, i), onet_col(b, i), x, sizeof x);
            gl_cell_format(onet_row(b, j), onet_col(b, j), y, sizeof y);
            gl_sb_printf(trace, "%d: %s-%s %c, path ", k + 1, x, y, ONET_SYMBOLS[b->g[i] - ONET_KIND0]);
            onet_path_json(b, corners, nc, trace);
            gl_sb_putc(trace, '\n');
        }
        if (nc) {
            onet_remove(b, i, j, corners, nc);
            onet_settle(b, &sc);
        }
    }
    gl_link_scratch_free(&sc);
    onet_free(b);
}

/* Bombs now, or bombs to come after the next removal. */
static int bombs_on(const onet_board *b)
{
    if (b->bombs) return 1;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            if (b->g[onet_at(b, r, c)] == ONET_BOMB) return 1;
    return 0;
}

/* Runs the exact search; fills out (moves, solved, optimal, ...). */
static int run_exact(const onet_board *b0, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    solver s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.start = gl_now_ns();
    s.bombs = bombs_on(b0);
    int tiles = onet_count_tiles(b0);
    s.maxdepth = tiles / 2 + 2;
    s.cap = tiles / 2 + 1;
    /* At most C(n,2) pairs of a kind with n tiles, and counts only fall. */
    int count[ONET_KIND0 + ONET_NKINDS] = {0};
    for (int r = 0; r < b0->h; r++)
        for (int c = 0; c < b0->w; c++) count[b0->g[onet_at(b0, r, c)]]++;
    long long pc = 1;
    for (int k = ONET_KIND0; k < ONET_KIND0 + ONET_NKINDS; k++) pc += (long long)count[k] * (count[k] - 1) / 2;
    if (pc * 2 * (long long)sizeof(int) * (s.maxdepth + 1) > (1LL << 30))
        return gl_error_set(err, "board too large for the exact solver (%lld linkable pairs possible)", pc);
    s.pairs_cap = (int)pc;
    s.boards = calloc((size_t)s.maxdepth + 1, sizeof *s.boards);
    s.moves = malloc((size_t)s.cap * sizeof *s.moves);
    s.pairs = malloc((size_t)(s.maxdepth + 1) * 2 * (size_t)s.pairs_cap * sizeof *s.pairs);
    int rc = -1;
    if (!s.boards || !s.moves || !s.pairs) goto oom;
    for (int d = 0; d <= s.maxdepth; d++)
        if (!(s.boards[d] = onet_copy(b0))) goto oom;
    if (gl_link_scratch_init(&s.sc, (size_t)b0->pw * (size_t)b0->ph) != 0) goto oom;
    size_t cap = gl_limits_mem_cap(&o->lim);
    s.memo_ok = gl_htab_init(&s.dead, 2, 1024, cap) == 0;
    int r = dfs(&s, 0);
    out->nodes = s.nodes;
    out->peak_bytes = s.memo_ok || s.dead.keys ? gl_htab_bytes(&s.dead) : 0;
    out->ms = gl_ms_since(s.start);
    gl_solution_clear_moves(out);
    if (r == 1) {
        for (int k = 0; k < s.nmoves; k++) gl_solution_push(out, s.moves[k]);
        out->solved = 1;
        out->cost = s.nmoves;
        /* Every clear of a bomb-free board takes tiles/2 moves. */
        out->optimal = b0->goal == ONET_GOAL_ALL && !bombs_on(b0);
        write_paths(b0, s.moves, s.nmoves, &out->info, o->trace);
    } else {
        out->solved = 0;
        out->optimal = r == 0; /* the whole tree was searched: proved */
        out->stopped = s.stopped;
        gl_info_lists_begin(&out->info, "paths");
    }
    rc = 0;
    if (s.dead.keys) gl_htab_free(&s.dead);
oom:
    if (rc != 0) gl_error_set(err, "out of memory");
    gl_link_scratch_free(&s.sc);
    if (s.boards)
        for (int d = 0; d <= s.maxdepth; d++) onet_free(s.boards[d]);
    free(s.boards);
    free(s.moves);
    free(s.pairs);
    return rc;
}

int onet_solve_exact(const gl_board *gb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return run_exact((const onet_board *)gb, o, out, err);
}

int onet_solvable(const onet_board *b, double limit_ms)
{
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = limit_ms;
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    int r = run_exact(b, &o, &sol, &err);
    int ans = r != 0 ? -1 : sol.solved ? 1 : sol.optimal ? 0 : -1;
    gl_solution_free(&sol);
    return ans;
}

int onet_solve_greedy(const gl_board *gb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const onet_board *b0 = (const onet_board *)gb;
    uint64_t start = gl_now_ns();
    onet_board *b = onet_copy(b0);
    gl_link_scratch sc;
    if (!b || gl_link_scratch_init(&sc, (size_t)b0->pw * (size_t)b0->ph) != 0) {
        onet_free(b);
        return gl_error_set(err, "out of memory");
    }
    gl_solution_clear_moves(out);
    int pair[2];
    unsigned long long nodes = 0;
    while (!onet_goal_reached(b) && onet_pairs(b, &sc, pair, 1) > 0) {
        int corners[ONET_MAX_CORNERS];
        int nc = onet_link(b, pair[0], pair[1], corners);
        gl_move m = {onet_row(b, pair[0]) * b->w + onet_col(b, pair[0]),
                     onet_row(b, pair[1]) * b->w + onet_col(b, pair[1]), 0};
        gl_solution_push(out, m);
        onet_remove(b, pair[0], pair[1], corners, nc);
        nodes++;
    }
    out->solved = onet_goal_reached(b);
    out->optimal = out->solved && b0->goal == ONET_GOAL_ALL && !bombs_on(b0);
    out->cost = out->nmoves;
    out->nodes = nodes;
    out->ms = gl_ms_since(start);
    if (out->solved) write_paths(b0, out->moves, out->nmoves, &out->info, o->trace);
    else {
        gl_info_lists_begin(&out->info, "paths");
        gl_solution_clear_moves(out);
    }
    gl_link_scratch_free(&sc);
    onet_free(b);
    return 0;
}
