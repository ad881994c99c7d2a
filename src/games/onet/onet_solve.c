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
 * play, re-placing bombs from the board's rng, so the solution replays.
 *
 * Limits: every array is charged to the search's gl_meter before it is
 * allocated (the table's growth while the old table lives), and the meter
 * is ticked at every node with units in proportion to the node's work (the
 * pairs of a kind the board can hold), so time, memory and Ctrl-C stop it
 * within a bounded amount of work.  A stopped search has no answer. */
#include "onet.h"

#include <stdlib.h>
#include <string.h>

typedef struct solver {
    gl_meter *m;
    onet_board **boards; /* one per depth */
    int maxdepth;
    gl_link_scratch sc;
    gl_htab dead;
    int memo_ok;
    gl_move *moves;
    int nmoves, cap;
    unsigned long long nodes;
    uint32_t node_units; /* meter units a node is worth */
    int **pairs;         /* per depth, grown on demand */
    int *pairs_cap;      /* pairs each of them holds */
    int bombs;           /* bombs on the board (their number never changes) */
} solver;

/* Charges n bytes for an optional table: 0, or -1 without stopping the
 * search (the meter's stop is taken back: the search goes on without). */
static int try_charge(gl_meter *m, size_t n)
{
    if (gl_meter_charge(m, n) == 0) return 0;
    m->stopped = NULL;
    return -1;
}

/* Every linkable pair of b into the buffer of this depth, grown (and
 * charged) to hold them all.  Returns their count, or -1 at the limit. */
static int pairs_at(solver *s, int depth, const onet_board *b)
{
    int np = onet_pairs(b, &s->sc, s->pairs[depth], s->pairs_cap[depth]);
    if (np <= s->pairs_cap[depth]) return np;
    /* Room for at least 16 pairs: onet_pairs takes a room of one as a
     * question whether any pair exists, and stops at the first. */
    int room = np < 16 ? 16 : np;
    size_t old = (size_t)s->pairs_cap[depth] * 2 * sizeof(int), want = (size_t)room * 2 * sizeof(int);
    if (gl_meter_charge(s->m, want) != 0) return -1;
    int *p = realloc(s->pairs[depth], want);
    gl_meter_refund(s->m, p ? old : want);
    if (!p) {
        s->m->stopped = "memory limit";
        return -1;
    }
    s->pairs[depth] = p;
    s->pairs_cap[depth] = room;
    return onet_pairs(b, &s->sc, p, room);
}

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

/* Whether pass `pass` of the forced moves takes kind v: with goal
 * obstacles, the obstacles' pass comes first (the others may not be
 * needed at all), then the rest; with goal all, one pass takes every kind. */
static int in_pass(const onet_board *b, uint8_t v, int pass)
{
    if (b->goal != ONET_GOAL_OBSTACLES) return pass == 0;
    return (v == ONET_KIND0 + ONET_OBSTACLE) == (pass == 0);
}

/* Forced moves on b (see the top of the file), stopping as soon as the
 * goal is met.  Returns 1 when something was played. */
static int forced(solver *s, onet_board *b, onet_board *tmp, const int *pairs, int np)
{
    int count[ONET_KIND0 + ONET_NKINDS] = {0};
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) count[b->g[onet_at(b, r, c)]]++;
    /* With goal obstacles, the obstacles' pass (both rules) comes first. */
    for (int pass = 0; pass < 2; pass++) {
        int played = 0;
        for (int k = 0; k < np; k++) {
            int i = pairs[2 * k], j = pairs[2 * k + 1];
            uint8_t v = b->g[i];
            /* Still there and still the last two (an earlier forced move may
             * have bombed the kind away). */
            if (in_pass(b, v, pass) && onet_is_tile(v) && b->g[j] == v && count[v] == 2 && play(s, b, i, j)) {
                played = 1;
                count[v] = 0;
                if (onet_goal_reached(b)) return 1;
            }
        }
        if (played) return 1;
        /* Kinds of four that can go entirely now. */
        for (int k = 0; k < np; k++) {
            int i = pairs[2 * k], j = pairs[2 * k + 1];
            uint8_t v = b->g[i];
            if (count[v] != 4 || !in_pass(b, v, pass)) continue;
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
                if (b->g[rest[0]] == v && !onet_goal_reached(b)) play(s, b, rest[0], rest[1]);
                return 1;
            }
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
    int base = s->nmoves, np;
    int *pairs;
    for (;;) {
        if (onet_goal_reached(b)) return 1;
        s->nodes++;
        if (gl_meter_tick(s->m, s->node_units)) return -1;
        np = pairs_at(s, depth, b);
        if (np < 0) return -1;
        pairs = s->pairs[depth];
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
        /* A table that cannot grow: the search goes on without adding. */
        size_t need = gl_htab_insert_bytes(&s->dead), old = gl_htab_bytes(&s->dead);
        if (need && try_charge(s->m, need) != 0) {
            s->memo_ok = 0;
        } else {
            int ins;
            if (!gl_htab_upsert(&s->dead, key, 1, &ins)) s->memo_ok = 0;
            if (need) gl_meter_refund(s->m, gl_htab_bytes(&s->dead) == old ? need : old);
        }
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
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    solver s;
    memset(&s, 0, sizeof s);
    s.m = &m;
    s.bombs = bombs_on(b0);
    int tiles = onet_count_tiles(b0);
    s.maxdepth = tiles / 2 + 2;
    s.cap = tiles / 2 + 1;
    /* A node's work grows with the pairs of a kind the board holds:
     * C(n,2) for a kind of n tiles. */
    int count[ONET_KIND0 + ONET_NKINDS] = {0};
    for (int r = 0; r < b0->h; r++)
        for (int c = 0; c < b0->w; c++) count[b0->g[onet_at(b0, r, c)]]++;
    long long pc = 0;
    for (int k = ONET_KIND0; k < ONET_KIND0 + ONET_NKINDS; k++) pc += (long long)count[k] * (count[k] - 1) / 2;
    s.node_units = 1 + (uint32_t)(pc / 16 < GL_METER_INTERVAL ? pc / 16 : GL_METER_INTERVAL);
    out->solved = out->optimal = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    int rc = -1, r = -1;
    size_t cells = (size_t)b0->pw * (size_t)b0->ph, depths = (size_t)s.maxdepth + 1;
    /* The boards and per-depth buffers; the link kernels' working memory
     * (the scratch, and the BFS's arrays, allocated per query) reserved
     * for the whole search. */
    size_t fixed = depths * (sizeof(onet_board) + cells + sizeof *s.boards + sizeof *s.pairs +
                             sizeof *s.pairs_cap) +
                   (size_t)s.cap * sizeof *s.moves + cells * (2 * (GL_LINK_MAX_TURNS + 1) + 1) * sizeof(uint32_t) +
                   cells * 4 * (GL_LINK_MAX_TURNS + 1) * (2 * sizeof(int) + 1);
    if (gl_meter_charge(&m, fixed) != 0) goto stopped;
    s.boards = calloc(depths, sizeof *s.boards);
    s.moves = malloc((size_t)s.cap * sizeof *s.moves);
    s.pairs = calloc(depths, sizeof *s.pairs);
    s.pairs_cap = calloc(depths, sizeof *s.pairs_cap);
    if (!s.boards || !s.moves || !s.pairs || !s.pairs_cap) goto oom;
    for (size_t d = 0; d < depths; d++)
        if (!(s.boards[d] = onet_copy(b0))) goto oom;
    if (gl_link_scratch_init(&s.sc, cells) != 0) goto oom;
    /* The first table of dead positions is small: charged once it exists. */
    s.memo_ok = gl_htab_init(&s.dead, 2, 64, 0) == 0 && try_charge(&m, gl_htab_bytes(&s.dead)) == 0;
    r = dfs(&s, 0);
stopped:
    out->nodes = s.nodes;
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
        out->stopped = r < 0 ? m.stopped : NULL;
        gl_info_lists_begin(&out->info, "paths");
    }
    rc = 0;
oom:
    if (rc != 0) gl_error_set(err, "out of memory");
    if (s.dead.keys) gl_htab_free(&s.dead);
    gl_link_scratch_free(&s.sc);
    if (s.boards)
        for (size_t d = 0; d < depths; d++) onet_free(s.boards[d]);
    if (s.pairs)
        for (size_t d = 0; d < depths; d++) free(s.pairs[d]);
    free(s.boards);
    free(s.moves);
    free(s.pairs);
    free(s.pairs_cap);
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
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
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    out->solved = out->optimal = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    size_t cells = (size_t)b0->pw * (size_t)b0->ph;
    /* The copy, the scratch and one link query's arrays. */
    if (gl_meter_charge(&m, sizeof(onet_board) + cells + cells * (2 * (GL_LINK_MAX_TURNS + 1) + 1) * sizeof(uint32_t) +
                                cells * 4 * (GL_LINK_MAX_TURNS + 1) * (2 * sizeof(int) + 1)) != 0) {
        out->stopped = m.stopped;
        gl_info_lists_begin(&out->info, "paths");
        out->ms = gl_meter_end(&m);
        return 0;
    }
    onet_board *b = onet_copy(b0);
    gl_link_scratch sc;
    if (!b || gl_link_scratch_init(&sc, cells) != 0) {
        onet_free(b);
        gl_meter_end(&m);
        return gl_error_set(err, "out of memory");
    }
    int pair[2];
    unsigned long long nodes = 0;
    /* A move's work: one scan for a pair, one link query. */
    uint32_t units = 1 + (uint32_t)(cells / 64);
    while (!onet_goal_reached(b) && !gl_meter_tick(&m, units) && onet_pairs(b, &sc, pair, 1) > 0) {
        int corners[ONET_MAX_CORNERS];
        int nc = onet_link(b, pair[0], pair[1], corners);
        gl_move mv = {onet_row(b, pair[0]) * b->w + onet_col(b, pair[0]),
                      onet_row(b, pair[1]) * b->w + onet_col(b, pair[1]), 0};
        gl_solution_push(out, mv);
        onet_remove(b, pair[0], pair[1], corners, nc);
        nodes++;
    }
    out->solved = onet_goal_reached(b);
    out->optimal = out->solved && b0->goal == ONET_GOAL_ALL && !bombs_on(b0);
    out->cost = out->nmoves;
    out->nodes = nodes;
    if (out->solved) write_paths(b0, out->moves, out->nmoves, &out->info, o->trace);
    else {
        out->stopped = m.stopped;
        gl_info_lists_begin(&out->info, "paths");
        gl_solution_clear_moves(out);
    }
    gl_link_scratch_free(&sc);
    onet_free(b);
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    return 0;
}
