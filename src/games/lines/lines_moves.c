/* Every legal move of a position with its change of value (lines_moves.h).
 *
 * A ball can go to exactly the empty cells of the empty regions next to
 * it, so one labelling of the regions gives every legal move, without a
 * breadth-first search per target. */
#include "lines_moves.h"

#include <stdlib.h>
#include <string.h>

/* Whether to is on one of from's lines less than `line` cells away (then
 * some windows hold both cells: shared_windows). */
static inline int aligned(const lines_eval *ev, int from, int to)
{
    int L = ev->line, dr = ev->row[to] - ev->row[from], dc = ev->col[to] - ev->col[from];
    return (dr == 0 || dc == 0 || dr == dc || dr == -dc) && dr < L && -dr < L && dc < L && -dc < L;
}

/* The cells on a cell's four lines less than `line` away: at most
 * 8 * (line - 1) of them. */
static size_t aligned_max(const lines_eval *ev) { return (size_t)ev->n * (size_t)(8 * (ev->line - 1)); }

size_t lines_lister_bytes(const lines_eval *ev)
{
    size_t per_colour = (size_t)ev->n * (LINES_MAX_COLORS + 1);
    return sizeof(long long) * (2 * (size_t)ev->n + 2 * per_colour) + sizeof(int) * (per_colour + (size_t)ev->n + 1) +
           sizeof(int) * aligned_max(ev);
}

void lines_lister_free(lines_lister *ls)
{
    free(ls->rem);
    free(ls->rem_up);
    free(ls->add);
    free(ls->add_up);
    free(ls->addc);
    free(ls->al_start);
    free(ls->al);
    ls->rem = ls->rem_up = ls->add = ls->add_up = NULL;
    ls->addc = ls->al_start = ls->al = NULL;
}

int lines_lister_init(lines_lister *ls, const lines_eval *ev)
{
    memset(ls, 0, sizeof *ls);
    size_t per_colour = (size_t)ev->n * (LINES_MAX_COLORS + 1);
    ls->rem = malloc(sizeof(long long) * (size_t)ev->n);
    ls->rem_up = malloc(sizeof(long long) * (size_t)ev->n);
    ls->add = malloc(sizeof(long long) * per_colour);
    ls->add_up = malloc(sizeof(long long) * per_colour);
    ls->addc = malloc(sizeof(int) * per_colour);
    ls->al_start = malloc(sizeof(int) * (size_t)(ev->n + 1));
    ls->al = malloc(sizeof(int) * (aligned_max(ev) ? aligned_max(ev) : 1));
    if (!ls->rem || !ls->rem_up || !ls->add || !ls->add_up || !ls->addc || !ls->al_start || !ls->al) {
        lines_lister_free(ls);
        return -1;
    }
    int nal = 0;
    for (int i = 0; i < ev->n; i++) {
        ls->al_start[i] = nal;
        for (int j = 0; j < ev->n; j++)
            if (j != i && aligned(ev, i, j)) ls->al[nal++] = j;
    }
    ls->al_start[ev->n] = nal;
    return 0;
}

/* Moving a ball's change of value splits into "take it away from from"
 * and "put a ball of its colour on to", except in the windows holding both
 * cells, which only exist when the two cells are on one line less than
 * `line` apart.  So the two halves are tabulated once per position (per
 * ball, per empty cell and colour) and a move costs one addition; the rare
 * aligned pairs take the exact path (lines_ai_delta). */
static void half_values(lines_lister *ls, const lines_eval *ev, const lines_sim *s)
{
    const lines_board *b = &s->b;
    int K = b->colors, L = ev->line;
    for (int cell = 0; cell < b->n; cell++) {
        int c = b->cell[cell];
        if (c) {
            long long d = 0, up = 0;
            for (int i = ev->cw_start[cell]; i < ev->cw_start[cell + 1]; i++) {
                const lines_wst *w = &s->win[ev->cw[i]];
                int nd = w->nd - (w->cnt[c] == 1);
                long long t = (nd == 1 ? ev->vw[w->nb - 1] : 0) - lines_wvalue(ev, w);
                d += t;
                if (t > 0) up += t;
            }
            ls->rem[cell] = d;
            ls->rem_up[cell] = up;
            continue;
        }
        /* A window of no ball gives every colour vw[1]; a window of one
         * colour c0 and nb balls gives c0 vw[nb+1] - vw[nb] and every other
         * colour -vw[nb]; a mixed window stays mixed (0).  So each window
         * adds a term common to all colours and at most one for its own.
         * The sum of the positive terms alone (up) bounds the put-half of
         * any subset of the windows. */
        long long common = 0, cup = 0, own[LINES_MAX_COLORS + 1] = {0}, ownup[LINES_MAX_COLORS + 1] = {0};
        int ccommon = 0, cown[LINES_MAX_COLORS + 1] = {0};
        for (int i = ev->cw_start[cell]; i < ev->cw_start[cell + 1]; i++) {
            const lines_wst *w = &s->win[ev->cw[i]];
            if (w->nd == 0) {
                common += ev->vw[1];
                cup += ev->vw[1];
                if (1 >= L) ccommon++;
            } else if (w->nd == 1) {
                int c0 = 1;
                while (!w->cnt[c0]) c0++;
                common -= ev->vw[w->nb];
                own[c0] += ev->vw[w->nb + 1];
                ownup[c0] += ev->vw[w->nb + 1] - ev->vw[w->nb];
                if (w->nb + 1 >= L) cown[c0]++;
            }
        }
        long long *a = &ls->add[cell * (LINES_MAX_COLORS + 1)], *au = &ls->add_up[cell * (LINES_MAX_COLORS + 1)];
        int *ac = &ls->addc[cell * (LINES_MAX_COLORS + 1)];
        for (int k = 1; k <= K; k++) {
            a[k] = common + own[k];
            au[k] = cup + ownup[k];
            ac[k] = ccommon + cown[k];
        }
    }
}

/* The windows through both from and to exist only when the two cells are
 * on one line less than `line` apart; there the ball only moves within the
 * window, which does not change, but the halves counted it twice (once
 * taken away, once put back).  Returns the amount to subtract from the
 * halves' sum and sets *dcomp to the completions to subtract. */
static long long shared_windows(const lines_eval *ev, const lines_sim *s, int from, int to, int colour, int *dcomp)
{
    int w = ev->w, L = ev->line;
    int rf = ev->row[from], cf = ev->col[from], rt = ev->row[to], ct = ev->col[to];
    int dr = rt - rf, dc = ct - cf;
    int adr = dr < 0 ? -dr : dr, adc = dc < 0 ? -dc : dc;
    *dcomp = 0;
    if (adr >= L || adc >= L) return 0;
    int d;
    if (dr == 0) d = 0;
    else if (dc == 0) d = 1;
    else if (dr == dc) d = 2;
    else if (dr == -dc) d = 3;
    else return 0;
    /* p: the one of the two cells that comes first along direction d */
    int first = (d == 0 ? cf < ct : rf < rt) ? from : to;
    int k = adr > adc ? adr : adc;
    int rp = first / w, cp = first % w;
    long long sub = 0;
    for (int j = 0; j <= L - 1 - k; j++) {
        int r = rp - j * lines_dr[d], c = cp - j * lines_dc[d];
        if (r < 0 || r >= ev->h || c < 0 || c >= w) break;
        int x = ev->win_at[d * ev->n + r * w + c];
        if (x < 0) continue;
        const lines_wst *ws = &s->win[x];
        long long old = lines_wvalue(ev, ws);
        int nd = ws->nd - (ws->cnt[colour] == 1);
        sub += (nd == 1 ? ev->vw[ws->nb - 1] : 0) - old;
        if (ws->nd < 2) {
            /* from holds the colour, so adding it keeps nd */
            if (ws->nd == 1) {
                sub += ev->vw[ws->nb + 1] - old;
                if (ws->nb + 1 >= L) (*dcomp)++;
            } else {
                sub -= old;
            }
        }
    }
    return sub;
}

/* Whether move a ranks strictly before move b: scoring moves first (more
 * completions first), then by window delta, ties by the order of listing
 * (from, then to), so the best moves do not depend on the order they are
 * tried in. */
static inline int ranks_first(int ca, long long va, int fa, int ta, const lines_cand *b)
{
    if (ca != b->completes) return ca > b->completes;
    if (va != b->value) return va > b->value;
    return fa != b->from ? fa < b->from : ta < b->to;
}

/* Whether the put-half at x (cell and colour) ranks strictly before the
 * one at y: more completions, then a larger delta. */
static inline int put_ranks_before(const lines_lister *ls, int x, int y)
{
    return ls->addc[x] != ls->addc[y] ? ls->addc[x] > ls->addc[y] : ls->add[x] > ls->add[y];
}

/* Offers the move from -> to to the sorted best `top` in out (*count of
 * them so far); 0 when it ranks after the last of a full list. */
static inline int offer(lines_cand *out, int top, int *count, int from, int to, long long value, int completes)
{
    if (*count == top && !ranks_first(completes, value, from, to, &out[top - 1])) return 0;
    int j = *count < top ? (*count)++ : top - 1;
    while (j > 0 && ranks_first(completes, value, from, to, &out[j - 1])) {
        out[j] = out[j - 1];
        j--;
    }
    out[j] = (lines_cand){.from = from, .to = to, .value = value, .completes = completes};
    return 1;
}

/* Marks the empty regions next to the ball at from: reach[l] = from + 1.
 * 0 when from holds no ball or the ball is walled in. */
static inline int mark_reach(const lines_lister *ls, const lines_eval *ev, const lines_board *b, int from, int *reach)
{
    if (!b->cell[from]) return 0;
    int r = ev->row[from], c = ev->col[from], w = ev->w, na = 0, mark = from + 1;
    if (r > 0 && ls->label[from - w]) na++, reach[ls->label[from - w]] = mark;
    if (r < ev->h - 1 && ls->label[from + w]) na++, reach[ls->label[from + w]] = mark;
    if (c > 0 && ls->label[from - 1]) na++, reach[ls->label[from - 1]] = mark;
    if (c < w - 1 && ls->label[from + 1]) na++, reach[ls->label[from + 1]] = mark;
    return na;
}

/* Lists the legal moves with their deltas in the order from, to. */
static int list_all(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out, const int *empty, int ne, int *reach)
{
    const lines_board *b = &s->b;
    int count = 0;
    for (int from = 0; from < b->n; from++) {
        if (!mark_reach(ls, ev, b, from, reach)) continue;
        int colour = b->cell[from], mark = from + 1;
        for (int e = 0; e < ne; e++) {
            int to = empty[e];
            if (reach[ls->label[to]] != mark) continue;
            int dcomp = 0;
            long long sub = aligned(ev, from, to) ? shared_windows(ev, s, from, to, colour, &dcomp) : 0;
            int k = to * (LINES_MAX_COLORS + 1) + colour;
            out[count++] = (lines_cand){.from = from, .to = to, .value = ls->rem[from] + ls->add[k] - sub,
                                        .completes = ls->addc[k] - dcomp};
        }
    }
    return count;
}

#define LINES_LIST_HEAD 8 /* list_best: the best empty cells kept per colour */

/* The best `top` legal moves by rank, sorted (ties in listing order): the
 * same as sorting list_all's moves and keeping the head, without trying
 * every pair.  A move to a cell not on one of the ball's lines (within
 * `line`) shares no window with it, so its rank is the ball's take-away
 * half plus the cell's put-half of that colour: per colour the empty cells
 * are ranked once (their best LINES_LIST_HEAD kept), and for each ball they
 * are tried in that order until one ranks after the last kept move (the
 * rest rank after it too); only when the head runs out are all its cells
 * tried.  The cells on the ball's lines are valued exactly, each. */
static int list_best(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out, int top, const int *empty, int ne, int *reach)
{
    const lines_board *b = &s->b;
    int K = b->colors;
    /* per colour, the best empty cells by (completions, put-half, cell):
     * insertion in cell order, a cell going after the equal ones */
    int head[LINES_MAX_COLORS + 1][LINES_LIST_HEAD], nh[LINES_MAX_COLORS + 1];
    for (int k = 1; k <= K; k++) {
        nh[k] = 0;
        for (int e = 0; e < ne; e++) {
            int to = empty[e], x = to * (LINES_MAX_COLORS + 1) + k;
            if (nh[k] == LINES_LIST_HEAD && !put_ranks_before(ls, x, head[k][nh[k] - 1] * (LINES_MAX_COLORS + 1) + k))
                continue;
            int j = nh[k] < LINES_LIST_HEAD ? nh[k]++ : LINES_LIST_HEAD - 1;
            while (j > 0 && put_ranks_before(ls, x, head[k][j - 1] * (LINES_MAX_COLORS + 1) + k)) {
                head[k][j] = head[k][j - 1];
                j--;
            }
            head[k][j] = to;
        }
    }
    int count = 0;
    for (int from = 0; from < b->n; from++) {
        if (!mark_reach(ls, ev, b, from, reach)) continue;
        int colour = b->cell[from], mark = from + 1;
        long long rem = ls->rem[from];
        /* the cells on the ball's lines, exactly */
        for (int i = ls->al_start[from]; i < ls->al_start[from + 1]; i++) {
            int to = ls->al[i];
            if (b->cell[to] || reach[ls->label[to]] != mark) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            /* the move's delta is the take-away half over the windows
             * through from only plus the put-half over those through to
             * only, so at most the two halves' positive terms */
            if (count == top && !ranks_first(ls->addc[x], ls->rem_up[from] + ls->add_up[x], from, to, &out[top - 1]))
                continue;
            int dcomp = 0;
            long long sub = shared_windows(ev, s, from, to, colour, &dcomp);
            offer(out, top, &count, from, to, rem + ls->add[x] - sub, ls->addc[x] - dcomp);
        }
        /* the others: the colour's head in rank order, then if need be all */
        int stopped = 0;
        for (int i = 0; i < nh[colour] && !stopped; i++) {
            int to = head[colour][i];
            if (reach[ls->label[to]] != mark || aligned(ev, from, to)) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            stopped = !offer(out, top, &count, from, to, rem + ls->add[x], ls->addc[x]);
        }
        if (stopped || nh[colour] == ne) continue;
        for (int e = 0; e < ne; e++) {
            int to = empty[e];
            if (reach[ls->label[to]] != mark || aligned(ev, from, to)) continue;
            int inhead = 0;
            for (int i = 0; i < nh[colour] && !inhead; i++) inhead = head[colour][i] == to;
            if (inhead) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            offer(out, top, &count, from, to, rem + ls->add[x], ls->addc[x]);
        }
    }
    return count;
}

/* Lists the legal moves with their deltas in the order from, to; with
 * top > 0 keeps only the first `top` of them by rank (scoring moves first,
 * then the delta; a tie keeps the earlier move), sorted. */
static int list_moves(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out, int top)
{
    const lines_board *b = &s->b;
    gl_grid_ws ws = {ls->queue, NULL, LINES_MAX_CELLS};
    ls->nreg = gl_grid_regions(b->cell, b->w, b->h, ls->label, NULL, &ws);
    half_values(ls, ev, s);
    /* the empty cells in order, so a ball's targets are one pass over them */
    int empty[LINES_MAX_CELLS], ne = 0;
    for (int i = 0; i < b->n; i++)
        if (!b->cell[i]) empty[ne++] = i;
    /* reach[l] == from + 1: region l is next to the ball at from */
    int reach[LINES_MAX_CELLS + 1];
    for (int l = 0; l <= ls->nreg; l++) reach[l] = 0;
    return top > 0 ? list_best(ls, ev, s, out, top, empty, ne, reach) : list_all(ls, ev, s, out, empty, ne, reach);
}

int lines_list_moves(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out)
{
    return list_moves(ls, ev, s, out, 0);
}

int lines_list_best(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out, int top)
{
    return list_moves(ls, ev, s, out, top > 0 ? top : 1);
}
