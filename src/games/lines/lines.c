/* Color Lines rules: lines through a cell, spawns, one turn, a new game.
 *
 * All randomness comes from the board's own rng (b->rng), so a position
 * with its rng state replays exactly.  The players give their simulated
 * boards a different rng so they never see the real future spawns. */
#include "lines.h"

#include <string.h>

long long lines_points(int rules, int n)
{
    if (n <= 0) return 0;
    if (rules == LINES_98) return (long long)n * (n - 4);
    return 2LL * n * n - 20LL * n + 60;
}

const int lines_dr[4] = {0, 1, 1, 1};
const int lines_dc[4] = {1, 0, 1, -1};

void lines_collect(const lines_board *b, int cell, int *out, uint8_t *out_colour, int *nout)
{
    int colour = b->cell[cell];
    if (!colour) return;
    int r0 = cell / b->w, c0 = cell % b->w;
    for (int d = 0; d < 4; d++) {
        int run[2 * LINES_MAX_SIDE], nrun = 0;
        /* backwards to the start of the run, then forwards */
        int r = r0, c = c0;
        while (r - lines_dr[d] >= 0 && r - lines_dr[d] < b->h && c - lines_dc[d] >= 0 &&
               c - lines_dc[d] < b->w && b->cell[(r - lines_dr[d]) * b->w + c - lines_dc[d]] == colour) {
            r -= lines_dr[d];
            c -= lines_dc[d];
        }
        while (r >= 0 && r < b->h && c >= 0 && c < b->w && b->cell[r * b->w + c] == colour) {
            run[nrun++] = r * b->w + c;
            r += lines_dr[d];
            c += lines_dc[d];
        }
        if (nrun < b->line) continue;
        for (int i = 0; i < nrun; i++) {
            int seen = 0;
            for (int j = 0; j < *nout && !seen; j++) seen = out[j] == run[i];
            if (seen) continue;
            out_colour[*nout] = (uint8_t)colour;
            out[(*nout)++] = run[i];
        }
    }
}

int lines_random_empty(lines_board *b, gl_rng *rng)
{
    int empties = b->n - b->nballs;
    if (empties <= 0) return -1;
    int k = (int)gl_rng_below(rng, (uint64_t)empties);
    for (int i = 0; i < b->n; i++)
        if (!b->cell[i] && k-- == 0) return i;
    return -1;
}

void lines_draw_next(lines_board *b)
{
    for (int i = 0; i < b->spawn; i++) b->next[i] = (uint8_t)(1 + gl_rng_below(&b->rng, (uint64_t)b->colors));
    if (b->rules != LINES_98) {
        for (int i = 0; i < b->spawn; i++) b->next_at[i] = -1;
        return;
    }
    /* Distinct empty cells: mark the chosen ones as taken while drawing. */
    for (int i = 0; i < b->spawn; i++) {
        int at = lines_random_empty(b, &b->rng);
        b->next_at[i] = at;
        if (at >= 0) {
            b->cell[at] = 0xff;
            b->nballs++;
        }
    }
    for (int i = 0; i < b->spawn; i++)
        if (b->next_at[i] >= 0) {
            b->cell[b->next_at[i]] = 0;
            b->nballs--;
        }
}

static void lines_remove(lines_board *b, const int *cells, int n)
{
    for (int i = 0; i < n; i++) b->cell[cells[i]] = 0;
    b->nballs -= n;
}

void lines_spawn(lines_board *b, lines_turn *t)
{
    t->nspawned = 0;
    t->nspawn_removed = 0;
    t->spawn_gain = 0;
    for (int i = 0; i < b->spawn; i++) {
        int at = b->next_at[i];
        /* A previewed cell the player has filled in the meantime: the ball
         * goes to a random empty cell instead (as in Lines 98). */
        if (b->rules != LINES_98 || at < 0 || b->cell[at]) at = lines_random_empty(b, &b->rng);
        if (at < 0) break;
        b->cell[at] = b->next[i];
        b->nballs++;
        t->spawned[t->nspawned] = at;
        t->spawned_colour[t->nspawned++] = b->next[i];
    }
    for (int i = 0; i < t->nspawned; i++)
        lines_collect(b, t->spawned[i], t->spawn_removed, t->spawn_removed_colour, &t->nspawn_removed);
    if (t->nspawn_removed) {
        lines_remove(b, t->spawn_removed, t->nspawn_removed);
        t->spawn_gain = lines_points(b->rules, t->nspawn_removed);
        b->score += t->spawn_gain;
    }
    lines_draw_next(b);
}

void lines_move(lines_board *b, int from, int to, lines_turn *t)
{
    t->from = from;
    t->to = to;
    t->colour = b->cell[from];
    t->nremoved = 0;
    t->gain = 0;
    t->nspawned = 0;
    t->nspawn_removed = 0;
    t->spawn_gain = 0;
    b->cell[to] = b->cell[from];
    b->cell[from] = 0;
    b->turns++;
    lines_collect(b, to, t->removed, t->removed_colour, &t->nremoved);
    if (t->nremoved) {
        lines_remove(b, t->removed, t->nremoved);
        t->gain = lines_points(b->rules, t->nremoved);
        b->score += t->gain;
        /* A scoring move spawns nothing, except on an emptied board, where
         * the player would have nothing left to move. */
        if (b->nballs > 0) return;
    }
    lines_spawn(b, t);
}

int lines_full(const lines_board *b) { return b->nballs >= b->n; }

int lines_over(const lines_board *b)
{
    /* a turn scores its move's lines and its spawn's: each at most every
     * ball of the board */
    return lines_full(b) || b->turns >= LINES_MAX_TURNS ||
           b->score > LINES_MAX_SCORE - 2 * lines_points(b->rules, b->n);
}

void lines_init(lines_board *b, int w, int h, int colors, int line, int spawn, int rules, gl_rng *rng)
{
    memset(b, 0, sizeof *b);
    b->w = w;
    b->h = h;
    b->n = w * h;
    b->colors = colors;
    b->line = line;
    b->spawn = spawn;
    b->rules = rules;
    b->rng = *rng;
    int start = LINES_START_BALLS < b->n - 1 ? LINES_START_BALLS : b->n - 1;
    for (int i = 0; i < start; i++) {
        int at = lines_random_empty(b, &b->rng);
        b->cell[at] = (uint8_t)(1 + gl_rng_below(&b->rng, (uint64_t)colors));
        b->nballs++;
    }
    lines_draw_next(b);
    *rng = b->rng;
}

int lines_path(const lines_board *b, int from, int to, int *path, gl_grid_ws *ws)
{
    if (from < 0 || from >= b->n || to < 0 || to >= b->n || !b->cell[from]) return 0;
    return gl_grid_path(b->cell, b->w, b->h, from, to, path, ws);
}
