/* The window evaluation (lines_eval.h): the tables of windows, the
 * simulated positions kept up to date ball by ball, and the static and
 * one-move values. */
#include "lines_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The windows of a W x H board with lines of L: every start cell and
 * direction whose last cell is on the board. */
static int count_windows(int w, int h, int L)
{
    int count = 0;
    for (int d = 0; d < 4; d++) {
        int rows = h - lines_dr[d] * (L - 1), cols = w - (lines_dc[d] ? L - 1 : 0);
        if (rows > 0 && cols > 0) count += rows * cols;
    }
    return count;
}

size_t lines_eval_bytes(const lines_board *b)
{
    size_t nwin = (size_t)count_windows(b->w, b->h, b->line);
    return sizeof(int) * (2 * nwin * (size_t)b->line + (size_t)b->n + 1 + 4 * (size_t)b->n + nwin) +
           sizeof(lines_wst) * nwin;
}

void lines_eval_free(lines_eval *ev)
{
    free(ev->win_cells);
    free(ev->cw_start);
    free(ev->cw);
    free(ev->win_at);
    free(ev->stamp);
    lines_sim_free(&ev->scratch);
    ev->win_cells = ev->cw_start = ev->cw = ev->win_at = ev->stamp = NULL;
}

int lines_eval_init(lines_eval *ev, const lines_board *b, int growth)
{
    memset(ev, 0, sizeof *ev);
    int L = b->line;
    ev->w = b->w;
    ev->h = b->h;
    ev->n = b->n;
    ev->line = L;
    size_t nwin = (size_t)count_windows(b->w, b->h, L);
    ev->win_cells = malloc(sizeof(int) * nwin * (size_t)L);
    ev->cw_start = calloc((size_t)b->n + 1, sizeof(int));
    ev->cw = malloc(sizeof(int) * nwin * (size_t)L);
    ev->win_at = malloc(sizeof(int) * 4 * (size_t)b->n);
    ev->stamp = calloc(nwin ? nwin : 1, sizeof(int));
    ev->scratch.win = malloc(sizeof(lines_wst) * (nwin ? nwin : 1));
    if (!ev->win_cells || !ev->cw_start || !ev->cw || !ev->win_at || !ev->stamp || !ev->scratch.win) {
        lines_eval_free(ev);
        return -1;
    }
    for (int i = 0; i < b->n; i++) {
        ev->row[i] = i / b->w;
        ev->col[i] = i % b->w;
    }
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + lines_dr[d] * (L - 1), ec = c + lines_dc[d] * (L - 1);
                ev->win_at[d * b->n + r * b->w + c] = -1;
                if (er < 0 || er >= b->h || ec < 0 || ec >= b->w) continue;
                ev->win_at[d * b->n + r * b->w + c] = ev->nwin;
                for (int k = 0; k < L; k++) {
                    int cell = (r + lines_dr[d] * k) * b->w + c + lines_dc[d] * k;
                    ev->win_cells[ev->nwin * L + k] = cell;
                    ev->cw_start[cell + 1]++;
                }
                ev->nwin++;
            }
    for (int i = 0; i < b->n; i++) ev->cw_start[i + 1] += ev->cw_start[i];
    int fill[LINES_MAX_CELLS] = {0};
    for (int x = 0; x < ev->nwin; x++)
        for (int k = 0; k < L; k++) {
            int cell = ev->win_cells[x * L + k];
            ev->cw[ev->cw_start[cell] + fill[cell]++] = x;
        }
    /* A one-colour window of `line` balls is worth 10^(line-1) (the scale
     * the other weights are set against); one ball fewer is worth `growth`
     * times less, rounded, at least 1 (growth 10: 1, 10, 100, 1000, 10000
     * on line 5; 6: 8, 46, 278, 1667, 10000).  A steeper growth makes the
     * player finish lines and neglect the ones it has barely started; a
     * flatter one makes it gather colours early (docs/notes/lines.md). */
    ev->vw[0] = 0;
    double full = pow(10, L - 1);
    for (int k = 1; k <= LINES_MAX_SIDE; k++) {
        if (k <= L) {
            /* capped at 10^9: on long lines 10^(line-1) would overflow the sums */
            double v = full * pow(growth, k - L);
            ev->vw[k] = v >= 1e9 ? 1000000000LL : v < 1 ? 1 : llround(v);
        } else {
            ev->vw[k] = ev->vw[k - 1] * 10 > 1000000000LL ? 1000000000LL : ev->vw[k - 1] * 10;
        }
    }
    /* A completed line must be worth more than the windows it empties, or
     * the player would keep building lines instead of finishing them. */
    long long pts = lines_points(b->rules, L);
    ev->wpoint = LINES_W_FINISH * ev->vw[L] / (pts > 0 ? pts : 1);
    if (ev->wpoint < 1) ev->wpoint = 1;
    return 0;
}

size_t lines_sim_bytes(const lines_eval *ev) { return sizeof(lines_wst) * (size_t)(ev->nwin ? ev->nwin : 1); }

int lines_sim_alloc(const lines_eval *ev, lines_sim *s)
{
    memset(s, 0, sizeof *s);
    s->win = malloc(lines_sim_bytes(ev));
    return s->win ? 0 : -1;
}

void lines_sim_free(lines_sim *s)
{
    free(s->win);
    s->win = NULL;
}

static void sim_add(const lines_eval *ev, lines_sim *s, int cell, int colour)
{
    for (int i = ev->cw_start[cell]; i < ev->cw_start[cell + 1]; i++) {
        lines_wst *w = &s->win[ev->cw[i]];
        s->wsum -= lines_wvalue(ev, w);
        w->nb++;
        if (w->cnt[colour]++ == 0) w->nd++;
        s->wsum += lines_wvalue(ev, w);
    }
}

static void sim_del(const lines_eval *ev, lines_sim *s, int cell, int colour)
{
    for (int i = ev->cw_start[cell]; i < ev->cw_start[cell + 1]; i++) {
        lines_wst *w = &s->win[ev->cw[i]];
        s->wsum -= lines_wvalue(ev, w);
        w->nb--;
        if (--w->cnt[colour] == 0) w->nd--;
        s->wsum += lines_wvalue(ev, w);
    }
}

void lines_sim_set(const lines_eval *ev, lines_sim *s, int cell, int colour)
{
    int old = s->b.cell[cell];
    if (old == colour) return;
    if (old) {
        sim_del(ev, s, cell, old);
        s->b.nballs--;
    }
    if (colour) {
        sim_add(ev, s, cell, colour);
        s->b.nballs++;
    }
    s->b.cell[cell] = (uint8_t)colour;
}

void lines_sim_build(const lines_eval *ev, lines_sim *s, const lines_board *b)
{
    s->b = *b;
    s->wsum = 0;
    s->unplaced = 0;
    memset(s->win, 0, sizeof(lines_wst) * (size_t)ev->nwin);
    for (int i = 0; i < b->n; i++)
        if (b->cell[i]) sim_add(ev, s, i, b->cell[i]);
}

void lines_sim_copy(const lines_eval *ev, lines_sim *dst, const lines_sim *src)
{
    dst->b = src->b;
    dst->wsum = src->wsum;
    dst->unplaced = src->unplaced;
    memcpy(dst->win, src->win, sizeof(lines_wst) * (size_t)ev->nwin);
}

void lines_sim_move(lines_eval *ev, lines_sim *s, int from, int to)
{
    lines_turn *t = &ev->turn;
    lines_move(&s->b, from, to, t);
    sim_del(ev, s, from, t->colour);
    sim_add(ev, s, to, t->colour);
    for (int i = 0; i < t->nremoved; i++) sim_del(ev, s, t->removed[i], t->removed_colour[i]);
    for (int i = 0; i < t->nspawned; i++) sim_add(ev, s, t->spawned[i], t->spawned_colour[i]);
    for (int i = 0; i < t->nspawn_removed; i++) sim_del(ev, s, t->spawn_removed[i], t->spawn_removed_colour[i]);
    ev->nodes++;
}

void lines_sim_play_known(lines_eval *ev, lines_sim *s, int from, int to)
{
    int displaced = -1;
    if (s->b.rules == LINES_98)
        for (int i = 0; i < s->b.spawn; i++)
            if (s->b.next_at[i] == to) displaced = i;
    lines_sim_move(ev, s, from, to);
    const lines_turn *t = &ev->turn;
    /* spawned[k] is preview k's ball (the spawn stops only when full) */
    if (displaced < 0 || displaced >= t->nspawned) return;
    int cell = t->spawned[displaced];
    if (s->b.cell[cell] != t->spawned_colour[displaced]) return; /* gone in a line */
    lines_sim_set(ev, s, cell, 0);
    s->unplaced++;
}

void lines_sim_move_nospawn(lines_eval *ev, lines_sim *s, int from, int to)
{
    lines_board *b = &s->b;
    lines_turn *t = &ev->turn;
    int c = b->cell[from];
    lines_sim_set(ev, s, from, 0);
    lines_sim_set(ev, s, to, c);
    t->nremoved = 0;
    lines_collect(b, to, t->removed, t->removed_colour, &t->nremoved);
    for (int i = 0; i < t->nremoved; i++) lines_sim_set(ev, s, t->removed[i], 0);
    b->score += lines_points(b->rules, t->nremoved);
    b->turns++;
    ev->nodes++;
}

long long lines_eval_delta(lines_eval *ev, const lines_sim *s, int from, int to, int *completes)
{
    int c = s->b.cell[from];
    int e = ev->epoch += 2;
    long long d = 0;
    *completes = 0;
    for (int i = ev->cw_start[to]; i < ev->cw_start[to + 1]; i++) ev->stamp[ev->cw[i]] = e;
    for (int i = ev->cw_start[from]; i < ev->cw_start[from + 1]; i++) {
        int x = ev->cw[i];
        if (ev->stamp[x] == e) {
            ev->stamp[x] = e + 1; /* through both cells: unchanged */
            continue;
        }
        const lines_wst *w = &s->win[x];
        int nd = w->nd - (w->cnt[c] == 1);
        d += (nd == 1 ? ev->vw[w->nb - 1] : 0) - lines_wvalue(ev, w);
    }
    for (int i = ev->cw_start[to]; i < ev->cw_start[to + 1]; i++) {
        int x = ev->cw[i];
        if (ev->stamp[x] == e + 1) continue;
        const lines_wst *w = &s->win[x];
        int nd = w->nd + (w->cnt[c] == 0);
        if (nd == 1) {
            if (w->nb + 1 >= ev->line) (*completes)++;
            d += ev->vw[w->nb + 1];
        }
        d -= lines_wvalue(ev, w);
    }
    return d;
}

static long long region_value(int nreg)
{
    return nreg > 1 ? -(long long)LINES_W_REGION * (nreg - 1) : 0;
}

static long long region_term(lines_eval *ev, const lines_board *b)
{
    gl_grid_ws ws = {ev->queue, NULL, LINES_MAX_CELLS};
    return region_value(gl_grid_regions(b->cell, b->w, b->h, ev->label, NULL, &ws));
}

/* A full board is lost, whatever else it holds. */
static int lost(const lines_sim *s) { return s->b.nballs + s->unplaced >= s->b.n; }

static long long space_and_windows(const lines_sim *s)
{
    return s->wsum + lines_eval_space(s->b.n - s->b.nballs - s->unplaced);
}

long long lines_eval_static(lines_eval *ev, const lines_sim *s)
{
    return lost(s) ? -LINES_W_LOST : space_and_windows(s) + region_term(ev, &s->b);
}

long long lines_eval_static_regions(const lines_sim *s, int nreg)
{
    return lost(s) ? -LINES_W_LOST : space_and_windows(s) + region_value(nreg);
}

long long lines_eval_one_move(lines_eval *ev, const lines_sim *s, const lines_cand *c)
{
    if (c->completes || s->b.rules == LINES_98) {
        /* A scoring move spawns nothing, and under lines98 rules the spawn
         * is in view (colours and cells): either way the outcome is known
         * (but for a previewed cell the move itself fills), so play it. */
        lines_sim_copy(ev, &ev->scratch, s);
        lines_sim_play_known(ev, &ev->scratch, c->from, c->to);
        return (ev->scratch.b.score - s->b.score) * ev->wpoint + lines_eval_static(ev, &ev->scratch);
    }
    /* otherwise the spawn will take `spawn` cells whatever the move */
    lines_board *b = &ev->scratch.b;
    *b = s->b;
    b->cell[c->to] = b->cell[c->from];
    b->cell[c->from] = 0;
    int empties = b->n - b->nballs - b->spawn;
    return s->wsum + c->value + lines_eval_space(empties) + region_term(ev, b);
}
