/* The players' common part: configuration, the window tables, incremental
 * updates, move listing and the static evaluation (see lines_ai.h). */
#include "lines_ai.h"

#include <math.h>

#include <stdlib.h>
#include <string.h>

/* Defaults per mode: plan (the default search) ranks every move exactly
 * one move ahead and plans `depth` spawn-free moves further for the best
 * `candidates`; the sampling modes keep the few best moves and spend the
 * time budget on samples. */
static void mode_defaults(lines_ai_cfg *c)
{
    if (c->mode == LINES_SEARCH_PLAN) {
        c->candidates = 20;
        c->depth = 4; /* with width 4: 4,565 against 3,805 for depth 3, width 5 over 160 games (docs/lines.md) */
    } else {
        c->candidates = 3;
        c->depth = 3;
    }
}

void lines_ai_cfg_default(lines_ai_cfg *c, int kind)
{
    c->kind = kind;
    c->mode = LINES_SEARCH_PLAN;
    c->ms = 50;
    c->width = 4;
    c->discount = 30;
    c->samples = 1;
    c->refine = 0; /* off: better in the crowded-start test, not in whole games, 3x the CPU (docs/lines.md) */
    c->refine_samples = 10;
    c->refine_from = 0;
    c->crowd = 0;
    c->growth = 0; /* by the rules and player: lines_ai_growth */
    mode_defaults(c);
}

int lines_ai_cfg_read(lines_ai_cfg *c, gl_kvlist *opts, gl_error *err)
{
    if (!opts) return 0;
    int mode = c->mode;
    if (gl_kv_choice(opts, "mode", "rollout|expectimax|plan", &mode, err) != 0) return -1;
    if (mode != c->mode) {
        c->mode = mode;
        mode_defaults(c);
    }
    long long ms = (long long)c->ms, cand = c->candidates, depth = c->depth, width = c->width,
              discount = c->discount, samples = c->samples, refine = c->refine,
              refine_samples = c->refine_samples, refine_from = c->refine_from,
              crowd = c->crowd, growth = c->growth;
    if (gl_kv_int(opts, "ms", 1, 3600000, &ms, err) != 0) return -1;
    if (gl_kv_int(opts, "candidates", 1, 100000, &cand, err) != 0) return -1;
    if (gl_kv_int(opts, "depth", 0, c->mode == LINES_SEARCH_PLAN ? LINES_PLAN_MAX : 100, &depth, err) != 0) return -1;
    if (gl_kv_int(opts, "width", 1, 100000, &width, err) != 0) return -1;
    if (gl_kv_int(opts, "discount", 0, 100, &discount, err) != 0) return -1;
    if (gl_kv_int(opts, "samples", 1, LINES_MAX_SAMPLES, &samples, err) != 0) return -1;
    if (gl_kv_int(opts, "refine", 0, LINES_MAX_REFINE, &refine, err) != 0) return -1;
    if (gl_kv_int(opts, "refine-samples", 1, LINES_MAX_SAMPLES, &refine_samples, err) != 0) return -1;
    if (gl_kv_int(opts, "refine-from", 0, LINES_MAX_CELLS, &refine_from, err) != 0) return -1;
    if (gl_kv_int(opts, "crowd", 0, 100000, &crowd, err) != 0) return -1;
    if (gl_kv_int(opts, "growth", 2, 100, &growth, err) != 0) return -1; /* 0 only by default */
    c->ms = (double)ms;
    c->candidates = (int)cand;
    c->depth = (int)depth;
    c->width = (int)width;
    c->discount = (int)discount;
    c->samples = (int)samples;
    c->refine = (int)refine;
    c->refine_samples = (int)refine_samples;
    c->refine_from = (int)refine_from;
    c->crowd = (int)crowd;
    c->growth = (int)growth;
    return 0;
}

int lines_ai_growth(const lines_ai_cfg *c, const lines_board *b)
{
    if (c->growth > 0) return c->growth;
    int plan98 = c->kind == LINES_AI_SEARCH && c->mode == LINES_SEARCH_PLAN && b->rules == LINES_98;
    return plan98 ? LINES_W_GROWTH_98 : LINES_W_GROWTH;
}

/* Whether to is on one of from's lines less than `line` cells away (then
 * some windows hold both cells: shared_windows). */
static inline int aligned(const lines_ai *ai, int from, int to)
{
    int L = ai->line, dr = ai->row[to] - ai->row[from], dc = ai->col[to] - ai->col[from];
    return (dr == 0 || dc == 0 || dr == dc || dr == -dc) && dr < L && -dr < L && dc < L && -dc < L;
}

static const int ai_dr[4] = {0, 1, 1, 1};
static const int ai_dc[4] = {1, 0, 1, -1};

lines_ai *lines_ai_new(const lines_ai_cfg *cfg, const lines_board *b, uint64_t seed)
{
    lines_ai *ai = calloc(1, sizeof *ai);
    if (!ai) return NULL;
    ai->cfg = *cfg;
    gl_rng_seed(&ai->rng, seed);
    ai->w = b->w;
    ai->h = b->h;
    ai->n = b->n;
    ai->line = b->line;
    /* count the windows, then fill them */
    int L = b->line, cap = 4 * b->n;
    ai->win_cells = malloc(sizeof(int) * (size_t)(cap * L));
    ai->cw_start = calloc((size_t)b->n + 1, sizeof(int));
    ai->cw = malloc(sizeof(int) * (size_t)(cap * L));
    ai->stamp = calloc((size_t)cap, sizeof(int));
    ai->win_at = malloc(sizeof(int) * (size_t)(4 * b->n));
    for (int i = 0; i < b->n; i++) {
        ai->row[i] = i / b->w;
        ai->col[i] = i % b->w;
    }
    ai->cand = malloc(sizeof(lines_cand) * (size_t)(b->n * b->n));
    ai->pol = malloc(sizeof(lines_cand) * (size_t)(b->n * b->n));
    ai->rem = malloc(sizeof(long long) * (size_t)b->n);
    ai->add = malloc(sizeof(long long) * (size_t)b->n * (LINES_MAX_COLORS + 1));
    ai->al_start = malloc(sizeof(int) * (size_t)(b->n + 1));
    ai->al = malloc(sizeof(int) * (size_t)b->n * (size_t)(8 * (L - 1)));
    ai->rem_up = malloc(sizeof(long long) * (size_t)b->n);
    ai->add_up = malloc(sizeof(long long) * (size_t)b->n * (LINES_MAX_COLORS + 1));
    ai->addc = malloc(sizeof(int) * (size_t)b->n * (LINES_MAX_COLORS + 1));
    ai->sum = malloc(sizeof(double) * (size_t)(b->n * b->n));
    ai->count = malloc(sizeof(int) * (size_t)(b->n * b->n));
    ai->root.win = malloc(sizeof(lines_wst) * (size_t)cap);
    ai->roll.win = malloc(sizeof(lines_wst) * (size_t)cap);
    ai->scratch.win = malloc(sizeof(lines_wst) * (size_t)cap);
    int lvl_ok = 1;
    for (int d = 0; d <= LINES_PLAN_MAX; d++) {
        ai->lvl[d].win = malloc(sizeof(lines_wst) * (size_t)cap);
        ai->lcand[d] = malloc(sizeof(lines_cand) * (size_t)(b->n * b->n));
        if (!ai->lvl[d].win || !ai->lcand[d]) lvl_ok = 0;
    }
    if (gl_htab_init(&ai->plans, (size_t)(b->n + 15) / 16 + 1, 1 << 12, LINES_PLAN_TABLE_BYTES) != 0) lvl_ok = 0;
    if (!lvl_ok || !ai->win_at || !ai->win_cells || !ai->cw_start || !ai->cw || !ai->stamp || !ai->cand || !ai->pol || !ai->rem || !ai->add || !ai->rem_up || !ai->add_up || !ai->al_start || !ai->al || !ai->addc || !ai->sum || !ai->count ||
        !ai->root.win || !ai->roll.win || !ai->scratch.win) {
        lines_ai_free(ai);
        return NULL;
    }
    ai->bytes = sizeof *ai + sizeof(int) * (size_t)(2 * cap * L + b->n + 1 + cap + 4 * b->n + 2 * b->n * b->n) +
                sizeof(int) * (size_t)(b->n + 1 + b->n * 8 * (L - 1)) +
                sizeof(lines_cand) * (size_t)(2 * b->n * b->n) + sizeof(double) * (size_t)(b->n * b->n) +
                (2 * sizeof(long long) + sizeof(int)) * (size_t)b->n * (LINES_MAX_COLORS + 2) +
                3 * sizeof(lines_wst) * (size_t)cap +
                (LINES_PLAN_MAX + 1) * (sizeof(lines_wst) * (size_t)cap + sizeof(lines_cand) * (size_t)(b->n * b->n));
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + ai_dr[d] * (L - 1), ec = c + ai_dc[d] * (L - 1);
                ai->win_at[d * b->n + r * b->w + c] = -1;
                if (er < 0 || er >= b->h || ec < 0 || ec >= b->w) continue;
                ai->win_at[d * b->n + r * b->w + c] = ai->nwin;
                for (int k = 0; k < L; k++) {
                    int cell = (r + ai_dr[d] * k) * b->w + c + ai_dc[d] * k;
                    ai->win_cells[ai->nwin * L + k] = cell;
                    ai->cw_start[cell + 1]++;
                }
                ai->nwin++;
            }
    for (int i = 0; i < b->n; i++) ai->cw_start[i + 1] += ai->cw_start[i];
    int *fill = calloc((size_t)b->n, sizeof(int));
    if (!fill) {
        lines_ai_free(ai);
        return NULL;
    }
    for (int x = 0; x < ai->nwin; x++)
        for (int k = 0; k < L; k++) {
            int cell = ai->win_cells[x * L + k];
            ai->cw[ai->cw_start[cell] + fill[cell]++] = x;
        }
    free(fill);
    /* per cell, the cells on its four lines less than `line` away */
    int nal = 0;
    for (int i = 0; i < b->n; i++) {
        ai->al_start[i] = nal;
        for (int j = 0; j < b->n; j++)
            if (j != i && aligned(ai, i, j)) ai->al[nal++] = j;
    }
    ai->al_start[b->n] = nal;
    /* A one-colour window of `line` balls is worth 10^(line-1) (the scale
     * the other weights are set against); one ball fewer is worth `growth`
     * times less, rounded, at least 1 (growth 10: 1, 10, 100, 1000, 10000
     * on line 5; 6: 8, 46, 278, 1667, 10000).  Measured: greedy under
     * KLines with 1 fixed for one ball, ratio 3 gave a mean of 131, 5 gave
     * 310, 10 gave 423 over 20 games; the plan under lines98 does better
     * with 6 (docs/lines.md, seventh round). */
    int growth = lines_ai_growth(cfg, b);
    ai->vw[0] = 0;
    double full = pow(10, b->line - 1);
    for (int k = 1; k <= LINES_MAX_SIDE; k++) {
        if (k <= b->line) {
            /* capped at 10^9 as before (long lines: 10^(line-1) would overflow the sums) */
            double v = full * pow(growth, k - b->line);
            ai->vw[k] = v >= 1e9 ? 1000000000LL : v < 1 ? 1 : llround(v);
        } else {
            ai->vw[k] = ai->vw[k - 1] * 10 > 1000000000LL ? 1000000000LL : ai->vw[k - 1] * 10;
        }
    }
    /* A completed line must be worth more than the windows it empties, or
     * the player would keep building lines instead of finishing them. */
    long long pts = lines_points(b->rules, b->line);
    ai->wpoint = LINES_W_FINISH * ai->vw[b->line] / (pts > 0 ? pts : 1);
    if (ai->wpoint < 1) ai->wpoint = 1;
    return ai;
}

void lines_ai_free(lines_ai *ai)
{
    if (!ai) return;
    free(ai->win_cells);
    free(ai->cw_start);
    free(ai->cw);
    free(ai->stamp);
    free(ai->win_at);
    free(ai->cand);
    free(ai->pol);
    free(ai->rem);
    free(ai->add);
    free(ai->rem_up);
    free(ai->al_start);
    free(ai->al);
    free(ai->add_up);
    free(ai->addc);
    free(ai->sum);
    free(ai->count);
    free(ai->root.win);
    free(ai->roll.win);
    free(ai->scratch.win);
    gl_htab_free(&ai->plans);
    for (int d = 0; d <= LINES_PLAN_MAX; d++) {
        free(ai->lvl[d].win);
        free(ai->lcand[d]);
    }
    free(ai);
}

unsigned long long lines_ai_nodes(const lines_ai *ai) { return ai->nodes; }

size_t lines_ai_bytes(const lines_ai *ai) { return ai->bytes + gl_htab_bytes(&ai->plans); }

static inline long long wvalue(const lines_ai *ai, const lines_wst *w)
{
    return w->nd == 1 ? ai->vw[w->nb] : 0;
}

static void sim_add(lines_ai *ai, lines_sim *s, int cell, int colour)
{
    for (int i = ai->cw_start[cell]; i < ai->cw_start[cell + 1]; i++) {
        lines_wst *w = &s->win[ai->cw[i]];
        s->wsum -= wvalue(ai, w);
        w->nb++;
        if (w->cnt[colour]++ == 0) w->nd++;
        s->wsum += wvalue(ai, w);
    }
}

static void sim_del(lines_ai *ai, lines_sim *s, int cell, int colour)
{
    for (int i = ai->cw_start[cell]; i < ai->cw_start[cell + 1]; i++) {
        lines_wst *w = &s->win[ai->cw[i]];
        s->wsum -= wvalue(ai, w);
        w->nb--;
        if (--w->cnt[colour] == 0) w->nd--;
        s->wsum += wvalue(ai, w);
    }
}

void lines_ai_sim_set(lines_ai *ai, lines_sim *s, int cell, int colour)
{
    int old = s->b.cell[cell];
    if (old == colour) return;
    if (old) {
        sim_del(ai, s, cell, old);
        s->b.nballs--;
    }
    if (colour) {
        sim_add(ai, s, cell, colour);
        s->b.nballs++;
    }
    s->b.cell[cell] = (uint8_t)colour;
}

void lines_sim_build(lines_ai *ai, lines_sim *s, const lines_board *b)
{
    s->b = *b;
    s->wsum = 0;
    s->unplaced = 0;
    memset(s->win, 0, sizeof(lines_wst) * (size_t)ai->nwin);
    for (int i = 0; i < b->n; i++)
        if (b->cell[i]) sim_add(ai, s, i, b->cell[i]);
}

void lines_ai_root(lines_ai *ai, const lines_board *b)
{
    lines_sim_build(ai, &ai->root, b);
    gl_rng_seed(&ai->root.b.rng, gl_rng_next(&ai->rng));
}

void lines_sim_copy(const lines_ai *ai, lines_sim *dst, const lines_sim *src)
{
    dst->b = src->b;
    dst->wsum = src->wsum;
    dst->unplaced = src->unplaced;
    memcpy(dst->win, src->win, sizeof(lines_wst) * (size_t)ai->nwin);
}

void lines_sim_move(lines_ai *ai, lines_sim *s, int from, int to)
{
    lines_turn *t = &ai->turn;
    lines_move(&s->b, from, to, t);
    sim_del(ai, s, from, t->colour);
    sim_add(ai, s, to, t->colour);
    for (int i = 0; i < t->nremoved; i++) sim_del(ai, s, t->removed[i], t->removed_colour[i]);
    for (int i = 0; i < t->nspawned; i++) sim_add(ai, s, t->spawned[i], t->spawned_colour[i]);
    for (int i = 0; i < t->nspawn_removed; i++) sim_del(ai, s, t->spawn_removed[i], t->spawn_removed_colour[i]);
    ai->nodes++;
}

void lines_ai_play_known(lines_ai *ai, lines_sim *s, int from, int to)
{
    int displaced = -1;
    if (s->b.rules == LINES_98)
        for (int i = 0; i < s->b.spawn; i++)
            if (s->b.next_at[i] == to) displaced = i;
    lines_sim_move(ai, s, from, to);
    const lines_turn *t = &ai->turn;
    /* spawned[k] is preview k's ball (the spawn stops only when full) */
    if (displaced < 0 || displaced >= t->nspawned) return;
    int cell = t->spawned[displaced];
    if (s->b.cell[cell] != t->spawned_colour[displaced]) return; /* gone in a line */
    lines_ai_sim_set(ai, s, cell, 0);
    s->unplaced++;
}

long long lines_ai_delta(lines_ai *ai, const lines_sim *s, int from, int to, int *completes)
{
    int c = s->b.cell[from];
    int e = ai->epoch += 2;
    long long d = 0;
    *completes = 0;
    for (int i = ai->cw_start[to]; i < ai->cw_start[to + 1]; i++) ai->stamp[ai->cw[i]] = e;
    for (int i = ai->cw_start[from]; i < ai->cw_start[from + 1]; i++) {
        int x = ai->cw[i];
        if (ai->stamp[x] == e) {
            ai->stamp[x] = e + 1; /* through both cells: unchanged */
            continue;
        }
        const lines_wst *w = &s->win[x];
        int nd = w->nd - (w->cnt[c] == 1);
        d += (nd == 1 ? ai->vw[w->nb - 1] : 0) - wvalue(ai, w);
    }
    for (int i = ai->cw_start[to]; i < ai->cw_start[to + 1]; i++) {
        int x = ai->cw[i];
        if (ai->stamp[x] == e + 1) continue;
        const lines_wst *w = &s->win[x];
        int nd = w->nd + (w->cnt[c] == 0);
        if (nd == 1) {
            if (w->nb + 1 >= ai->line) (*completes)++;
            d += ai->vw[w->nb + 1];
        }
        d -= wvalue(ai, w);
    }
    return d;
}

/* Moving a ball's change of value splits into "take it away from from"
 * and "put a ball of its colour on to", except in the windows holding both
 * cells, which only exist when the two cells are on one line less than
 * `line` apart.  So the two halves are tabulated once per position (per
 * ball, per empty cell and colour) and a move costs one addition; the rare
 * aligned pairs take the exact path (lines_ai_delta). */
static void half_values(lines_ai *ai, const lines_sim *s)
{
    const lines_board *b = &s->b;
    int K = b->colors, L = ai->line;
    for (int cell = 0; cell < b->n; cell++) {
        int c = b->cell[cell];
        if (c) {
            long long d = 0, up = 0;
            for (int i = ai->cw_start[cell]; i < ai->cw_start[cell + 1]; i++) {
                const lines_wst *w = &s->win[ai->cw[i]];
                int nd = w->nd - (w->cnt[c] == 1);
                long long t = (nd == 1 ? ai->vw[w->nb - 1] : 0) - wvalue(ai, w);
                d += t;
                if (t > 0) up += t;
            }
            ai->rem[cell] = d;
            ai->rem_up[cell] = up;
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
        for (int i = ai->cw_start[cell]; i < ai->cw_start[cell + 1]; i++) {
            const lines_wst *w = &s->win[ai->cw[i]];
            if (w->nd == 0) {
                common += ai->vw[1];
                cup += ai->vw[1];
                if (1 >= L) ccommon++;
            } else if (w->nd == 1) {
                int c0 = 1;
                while (!w->cnt[c0]) c0++;
                common -= ai->vw[w->nb];
                own[c0] += ai->vw[w->nb + 1];
                ownup[c0] += ai->vw[w->nb + 1] - ai->vw[w->nb];
                if (w->nb + 1 >= L) cown[c0]++;
            }
        }
        long long *a = &ai->add[cell * (LINES_MAX_COLORS + 1)], *au = &ai->add_up[cell * (LINES_MAX_COLORS + 1)];
        int *ac = &ai->addc[cell * (LINES_MAX_COLORS + 1)];
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
static long long shared_windows(const lines_ai *ai, const lines_sim *s, int from, int to, int colour, int *dcomp)
{
    int w = ai->w, L = ai->line;
    int rf = ai->row[from], cf = ai->col[from], rt = ai->row[to], ct = ai->col[to];
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
        int r = rp - j * ai_dr[d], c = cp - j * ai_dc[d];
        if (r < 0 || r >= ai->h || c < 0 || c >= w) break;
        int x = ai->win_at[d * ai->n + r * w + c];
        if (x < 0) continue;
        const lines_wst *ws = &s->win[x];
        long long old = wvalue(ai, ws);
        int nd = ws->nd - (ws->cnt[colour] == 1);
        sub += (nd == 1 ? ai->vw[ws->nb - 1] : 0) - old;
        if (ws->nd < 2) {
            /* from holds the colour, so adding it keeps nd */
            if (ws->nd == 1) {
                sub += ai->vw[ws->nb + 1] - old;
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
static inline int put_ranks_before(const lines_ai *ai, int x, int y)
{
    return ai->addc[x] != ai->addc[y] ? ai->addc[x] > ai->addc[y] : ai->add[x] > ai->add[y];
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

/* Lists the legal moves with their deltas in the order from, to. */
static int list_all(lines_ai *ai, const lines_sim *s, lines_cand *out, const int *empty, int ne, int *reach)
{
    const lines_board *b = &s->b;
    int count = 0, w = b->w;
    for (int from = 0; from < b->n; from++) {
        if (!b->cell[from]) continue;
        int r = ai->row[from], c = ai->col[from], na = 0, mark = from + 1;
        if (r > 0 && ai->label[from - w]) na++, reach[ai->label[from - w]] = mark;
        if (r < b->h - 1 && ai->label[from + w]) na++, reach[ai->label[from + w]] = mark;
        if (c > 0 && ai->label[from - 1]) na++, reach[ai->label[from - 1]] = mark;
        if (c < w - 1 && ai->label[from + 1]) na++, reach[ai->label[from + 1]] = mark;
        if (!na) continue;
        int colour = b->cell[from];
        for (int e = 0; e < ne; e++) {
            int to = empty[e];
            if (reach[ai->label[to]] != mark) continue;
            int dcomp = 0;
            long long sub = aligned(ai, from, to) ? shared_windows(ai, s, from, to, colour, &dcomp) : 0;
            int k = to * (LINES_MAX_COLORS + 1) + colour;
            out[count++] = (lines_cand){.from = from, .to = to, .value = ai->rem[from] + ai->add[k] - sub,
                                        .completes = ai->addc[k] - dcomp};
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
static int list_best(lines_ai *ai, const lines_sim *s, lines_cand *out, int top, const int *empty, int ne, int *reach)
{
    const lines_board *b = &s->b;
    int K = b->colors, w = b->w, h = b->h;
    /* per colour, the best empty cells by (completions, put-half, cell):
     * insertion in cell order, a cell going after the equal ones */
    int head[LINES_MAX_COLORS + 1][LINES_LIST_HEAD], nh[LINES_MAX_COLORS + 1];
    for (int k = 1; k <= K; k++) {
        nh[k] = 0;
        for (int e = 0; e < ne; e++) {
            int to = empty[e], x = to * (LINES_MAX_COLORS + 1) + k;
            if (nh[k] == LINES_LIST_HEAD && !put_ranks_before(ai, x, head[k][nh[k] - 1] * (LINES_MAX_COLORS + 1) + k))
                continue;
            int j = nh[k] < LINES_LIST_HEAD ? nh[k]++ : LINES_LIST_HEAD - 1;
            while (j > 0 && put_ranks_before(ai, x, head[k][j - 1] * (LINES_MAX_COLORS + 1) + k)) {
                head[k][j] = head[k][j - 1];
                j--;
            }
            head[k][j] = to;
        }
    }
    int count = 0;
    for (int from = 0; from < b->n; from++) {
        if (!b->cell[from]) continue;
        int r = ai->row[from], c = ai->col[from], na = 0, mark = from + 1;
        if (r > 0 && ai->label[from - w]) na++, reach[ai->label[from - w]] = mark;
        if (r < h - 1 && ai->label[from + w]) na++, reach[ai->label[from + w]] = mark;
        if (c > 0 && ai->label[from - 1]) na++, reach[ai->label[from - 1]] = mark;
        if (c < w - 1 && ai->label[from + 1]) na++, reach[ai->label[from + 1]] = mark;
        if (!na) continue;
        int colour = b->cell[from];
        long long rem = ai->rem[from];
        /* the cells on the ball's lines, exactly */
        for (int i = ai->al_start[from]; i < ai->al_start[from + 1]; i++) {
            int to = ai->al[i];
            if (b->cell[to] || reach[ai->label[to]] != mark) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            /* the move's delta is the take-away half over the windows
             * through from only plus the put-half over those through to
             * only, so at most the two halves' positive terms */
            if (count == top && !ranks_first(ai->addc[x], ai->rem_up[from] + ai->add_up[x], from, to, &out[top - 1]))
                continue;
            int dcomp = 0;
            long long sub = shared_windows(ai, s, from, to, colour, &dcomp);
            offer(out, top, &count, from, to, rem + ai->add[x] - sub, ai->addc[x] - dcomp);
        }
        /* the others: the colour's head in rank order, then if need be all */
        int stopped = 0;
        for (int i = 0; i < nh[colour] && !stopped; i++) {
            int to = head[colour][i];
            if (reach[ai->label[to]] != mark || aligned(ai, from, to)) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            stopped = !offer(out, top, &count, from, to, rem + ai->add[x], ai->addc[x]);
        }
        if (stopped || nh[colour] == ne) continue;
        for (int e = 0; e < ne; e++) {
            int to = empty[e];
            if (reach[ai->label[to]] != mark || aligned(ai, from, to)) continue;
            int inhead = 0;
            for (int i = 0; i < nh[colour] && !inhead; i++) inhead = head[colour][i] == to;
            if (inhead) continue;
            int x = to * (LINES_MAX_COLORS + 1) + colour;
            offer(out, top, &count, from, to, rem + ai->add[x], ai->addc[x]);
        }
    }
    return count;
}

/* Lists the legal moves with their deltas in the order from, to; with
 * top > 0 keeps only the first `top` of them by rank (scoring moves first,
 * then the delta; a tie keeps the earlier move), sorted. */
static int list_moves(lines_ai *ai, const lines_sim *s, lines_cand *out, int top)
{
    const lines_board *b = &s->b;
    gl_grid_ws ws = {ai->queue, NULL, LINES_MAX_CELLS};
    ai->nreg = gl_grid_regions(b->cell, b->w, b->h, ai->label, NULL, &ws);
    half_values(ai, s);
    /* the empty cells in order, so a ball's targets are one pass over them */
    int empty[LINES_MAX_CELLS], ne = 0;
    for (int i = 0; i < b->n; i++)
        if (!b->cell[i]) empty[ne++] = i;
    /* reach[l] == from + 1: region l is next to the ball at from */
    int reach[LINES_MAX_CELLS + 1];
    for (int l = 0; l <= ai->nreg; l++) reach[l] = 0;
    return top > 0 ? list_best(ai, s, out, top, empty, ne, reach) : list_all(ai, s, out, empty, ne, reach);
}

int lines_ai_moves(lines_ai *ai, const lines_sim *s, lines_cand *out) { return list_moves(ai, s, out, 0); }

int lines_ai_best_moves(lines_ai *ai, const lines_sim *s, lines_cand *out, int top)
{
    return list_moves(ai, s, out, top > 0 ? top : 1);
}

static long long region_value(int nreg)
{
    return nreg > 1 ? -(long long)LINES_W_REGION * (nreg - 1) : 0;
}

static long long region_term(lines_ai *ai, const lines_board *b)
{
    gl_grid_ws ws = {ai->queue, NULL, LINES_MAX_CELLS};
    return region_value(gl_grid_regions(b->cell, b->w, b->h, ai->label, ai->rsize, &ws));
}

long long lines_ai_space(const lines_ai *ai, int empties)
{
    long long v = (long long)LINES_W_EMPTY * empties;
    int short_of = ai->n / 2 - empties;
    if (short_of > 0) v -= (long long)ai->cfg.crowd * short_of * short_of;
    return v;
}

/* listed: the regions are those lines_ai_moves counted on this board. */
static long long static_value(lines_ai *ai, const lines_sim *s, int listed)
{
    if (s->b.nballs + s->unplaced >= s->b.n) return -LINES_W_LOST;
    return s->wsum + lines_ai_space(ai, s->b.n - s->b.nballs - s->unplaced) +
           (listed ? region_value(ai->nreg) : region_term(ai, &s->b));
}

long long lines_ai_static(lines_ai *ai, const lines_sim *s) { return static_value(ai, s, 0); }

long long lines_ai_static_listed(lines_ai *ai, const lines_sim *s) { return static_value(ai, s, 1); }

long long lines_ai_one_move(lines_ai *ai, const lines_sim *s, const lines_cand *c)
{
    if (c->completes || s->b.rules == LINES_98) {
        /* A scoring move spawns nothing, and under lines98 rules the spawn
         * is in view (colours and cells): either way the outcome is known
         * (but for a previewed cell the move itself fills), so play it. */
        lines_sim_copy(ai, &ai->scratch, s);
        lines_ai_play_known(ai, &ai->scratch, c->from, c->to);
        return (ai->scratch.b.score - s->b.score) * ai->wpoint + lines_ai_static(ai, &ai->scratch);
    }
    /* otherwise the spawn will take `spawn` cells whatever the move */
    lines_board *b = &ai->scratch.b;
    *b = s->b;
    b->cell[c->to] = b->cell[c->from];
    b->cell[c->from] = 0;
    int empties = b->n - b->nballs - b->spawn;
    return s->wsum + c->value + lines_ai_space(ai, empties) + region_term(ai, b);
}

int lines_ai_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    if (lines_full(b)) return 0;
    if (ai->cfg.kind == LINES_AI_GREEDY) return lines_greedy_choose(ai, b, from, to);
    return lines_search_choose(ai, b, from, to);
}
