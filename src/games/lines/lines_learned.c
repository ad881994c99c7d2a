/* The learned player's decision (lines_learned.h): every legal move valued
 * from tables made once per position, the best few and the scoring moves
 * played out and valued by the network. */
#include "lines_learned.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

size_t lines_learner_bytes(const lines_net *net, int top)
{
    size_t per = (sizeof(uint32_t) * 4 + sizeof(float) + 8 + sizeof(uint16_t)) * (size_t)net->ninst +
                 sizeof(lnet_move) * ((size_t)top + LNET_MAX_SCORING);
    return sizeof(lines_learner) + LNET_MAX_DEPTH * per;
}

void lines_learner_free(lines_learner *L)
{
    for (int d = 0; d < LNET_MAX_DEPTH; d++) {
        free(L->lvl[d].raw);
        free(L->lvl[d].val);
        free(L->lvl[d].base);
        free(L->lvl[d].stamp);
        free(L->lvl[d].pat);
        free(L->lvl[d].lab);
        free(L->lvl[d].open);
        free(L->lvl[d].top);
        free(L->lvl[d].scoring);
        L->lvl[d].raw = NULL;
        L->lvl[d].val = NULL;
        L->lvl[d].base = NULL;
        L->lvl[d].stamp = NULL;
        L->lvl[d].pat = NULL;
        L->lvl[d].lab = NULL;
        L->lvl[d].open = NULL;
        L->lvl[d].top = NULL;
        L->lvl[d].scoring = NULL;
    }
}

void lines_learner_set_search(lines_learner *L, int branch, int samples)
{
    L->branch = branch < 0 ? 0 : branch;
    L->samples = samples < 0 ? 0 : samples;
}

int lines_learner_init(lines_learner *L, const lines_net *net, int top, uint64_t seed)
{
    memset(L, 0, sizeof *L);
    L->net = net;
    L->top = top < 1 ? 1 : top;
    L->nested_top = L->top < 6 ? L->top : L->top / 2;
    L->depth = LNET_MAX_DEPTH;
    gl_rng_seed(&L->rng, seed);
    for (int d = 0; d < LNET_MAX_DEPTH; d++) {
        lnet_level *v = &L->lvl[d];
        v->raw = malloc(sizeof(uint32_t) * (size_t)net->ninst);
        v->val = malloc(sizeof(float) * (size_t)net->ninst);
        v->base = malloc(sizeof(uint32_t) * (size_t)net->ninst);
        v->stamp = calloc((size_t)net->ninst, sizeof(uint32_t));
        v->pat = malloc(sizeof(uint32_t) * (size_t)net->ninst);
        v->lab = malloc((size_t)net->ninst * 8);
        v->open = malloc(sizeof(uint16_t) * (size_t)net->ninst);
        v->top = malloc(sizeof(lnet_move) * (size_t)L->top);
        v->scoring = malloc(sizeof(lnet_move) * LNET_MAX_SCORING);
        if (!v->raw || !v->val || !v->base || !v->stamp || !v->pat || !v->lab || !v->open || !v->top || !v->scoring) {
            lines_learner_free(L);
            return -1;
        }
    }
    return 0;
}

/* Whether a ball of colour c at t makes a line of at least `line` on
 * cells (t empty there). */
static int makes_line(const lines_board *b, const uint8_t *cells, int t, int c)
{
    int r0 = t / b->w, c0 = t % b->w;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int s = -1; s <= 1; s += 2) {
            int r = r0 + s * lines_dr[d], cc = c0 + s * lines_dc[d];
            while (r >= 0 && r < b->h && cc >= 0 && cc < b->w && cells[r * b->w + cc] == c) {
                run++;
                r += s * lines_dr[d];
                cc += s * lines_dc[d];
            }
        }
        if (run >= b->line) return 1;
    }
    return 0;
}

/* Keeps a move among the best `cap` of top (sorted, best first; a tie
 * keeps the move listed first). */
static void keep_best(lnet_move *top, int *n, int cap, int from, int to, float value)
{
    int i;
    if (*n < cap) i = (*n)++;
    else if (top[cap - 1].value >= value) return;
    else i = cap - 1;
    while (i > 0 && top[i - 1].value < value) {
        top[i] = top[i - 1];
        i--;
    }
    top[i].from = from;
    top[i].to = to;
    top[i].value = value;
}

/* The tables of a level: the board with the preview spawned, each tuple's
 * raw index and weight there, and the two halves of every move. */
static void level_tables(const lines_net *net, lnet_level *v, const lines_board *b)
{
    memcpy(v->spawned, b->cell, (size_t)b->n);
    int balls = b->nballs;
    for (int i = 0; i < b->spawn; i++) {
        int at = b->next_at[i];
        if (at >= 0 && !v->spawned[at]) {
            v->spawned[at] = b->next[i];
            balls++;
        }
    }
    int st = net->stage_of[balls < b->n ? balls : b->n];
    v->stage = st;
    v->vsum = 0;
    for (int i = 0; i < net->ninst; i++) {
        int t = net->inst_tab[i], len = net->inst_len[i];
        v->base[i] = (uint32_t)(net->toff[t] + (size_t)st * (size_t)net->npat[t]);
        uint32_t raw = lnet_raw(net, i, v->spawned);
        v->raw[i] = raw;
        uint32_t pat = (uint32_t)lnet_pattern(net, net->inst_kind[i], len, raw);
        v->pat[i] = pat;
        v->val[i] = lnet_w(net, v->base[i] + pat);
        v->vsum += v->val[i];
        const int *ic = net->inst_cell + (size_t)i * LNET_MAX_TUPLE;
        unsigned open = 0;
        for (int k = 0; k < len; k++) open |= (unsigned)!v->spawned[ic[k]] << k;
        v->open[i] = (uint16_t)open;
        if (net->inst_kind[i] == LNET_COLOUR) {
            /* each colour's label in the pattern (0: not in it) */
            uint8_t *lab = v->lab + (size_t)i * 8;
            memset(lab, 0, 8);
            int next = 1;
            for (int k = 0; k < len; k++) {
                int d = (int)(raw >> (LNET_COLOUR_BITS * k)) & 7;
                if (d && !lab[d]) lab[d] = (uint8_t)next++;
            }
        }
    }
    for (int x = 0; x < b->n; x++) {
        v->corr[x] = 0;
        v->touched[x] = 0;
        int c = v->spawned[x];
        if (c && b->cell[x]) {
            /* a ball that can move: the change when it is taken off */
            float sum = 0;
            for (int m = net->cm_start[x]; m < net->cm_start[x + 1]; m++) {
                int i = net->cm_inst[m];
                uint32_t after = net->cm_kind[m] == LNET_COLOUR
                                     ? net->take[net->inst_len[i]][v->pat[i] * net->inst_len[i] + net->cm_pos[m]]
                                     : v->raw[i] - net->cm_unit[m];
                sum += lnet_w(net, v->base[i] + after) - v->val[i];
            }
            v->remv[x] = sum;
        } else if (!c) {
            /* an empty cell: the change when a ball of each colour is put
             * there; the colours a tuple does not show all give it the
             * same pattern (a new label) */
            float sum[8] = {0};
            for (int m = net->cm_start[x]; m < net->cm_start[x + 1]; m++) {
                int i = net->cm_inst[m], len = net->inst_len[i];
                uint32_t base = v->base[i];
                float val = v->val[i];
                if (net->cm_kind[m] == LNET_COLOUR) {
                    const uint16_t *put = net->put[len] + ((size_t)v->pat[i] * (size_t)len + net->cm_pos[m]) * 8;
                    const uint8_t *lab = v->lab + (size_t)i * 8;
                    /* the change by label (0: a colour the tuple does not show) */
                    int nl = net->nlab[len][v->pat[i]];
                    float dv[LNET_MAX_TUPLE + 1];
                    dv[0] = lnet_w(net, base + put[nl + 1]) - val;
                    for (int l = 1; l <= nl; l++) dv[l] = lnet_w(net, base + put[l]) - val;
                    for (int k = 1; k <= b->colors; k++) sum[k] += dv[lab[k]];
                } else {
                    float dv = lnet_w(net, base + v->raw[i] + net->cm_unit[m]) - val;
                    for (int k = 1; k <= b->colors; k++) sum[k] += dv;
                }
            }
            for (int k = 1; k <= b->colors; k++) v->addv[x * 8 + k] = sum[k];
        }
    }
}

/* The change of value when the ball at f (colour c) moves to the cell t
 * that a previewed ball of colour s would take: t turns from s to c, f
 * empties, and the displaced ball's landing is left out (it lands on a
 * random cell, for better or worse). */
static float swap_value(const lines_net *net, const lnet_level *v, int f, int t, int c)
{
    int s = v->spawned[t];
    float sum = v->remv[f];
    for (int m = net->cm_start[t]; m < net->cm_start[t + 1]; m++) {
        if (net->cm_kind[m] != LNET_COLOUR) continue; /* occupied either way */
        int i = net->cm_inst[m];
        uint32_t raw = v->raw[i] - (uint32_t)s * net->cm_unit[m] + (uint32_t)c * net->cm_unit[m];
        sum += lnet_w(net, v->base[i] + net->canon[net->inst_len[i]][raw]) - v->val[i];
    }
    return sum;
}

static float decide(lines_learner *L, const lines_board *b, int depth, int cap, lines_spend *sp, int *from, int *to);

/* The network's value of s, a board that differs from the level's board
 * with the preview spawned in a few cells: that board's tuple values with
 * the tuples through the changed cells read again, and the global
 * features.  The same as lines_net_value. */
static float value_after(const lines_net *net, lnet_level *v, const lines_board *s)
{
    int st = net->stage_of[s->nballs], same = st == v->stage;
    if (++v->epoch == 0) { /* the stamps wrapped: start them again */
        memset(v->stamp, 0, sizeof(uint32_t) * (size_t)net->ninst);
        v->epoch = 1;
    }
    /* another stage (the balls crossed a boundary): every tuple read in
     * that stage's tables, those through no changed cell by the level's
     * patterns */
    float sum = same ? v->vsum : 0;
    for (int x = 0; x < s->n; x++) {
        if (s->cell[x] == v->spawned[x]) continue;
        for (int m = net->cm_start[x]; m < net->cm_start[x + 1]; m++) {
            int i = net->cm_inst[m];
            if (v->stamp[i] == v->epoch) continue;
            v->stamp[i] = v->epoch;
            uint32_t raw = lnet_raw(net, i, s->cell);
            uint32_t pat = (uint32_t)lnet_pattern(net, net->inst_kind[i], net->inst_len[i], raw);
            if (same) {
                sum += lnet_w(net, v->base[i] + pat) - v->val[i];
            } else {
                int t = net->inst_tab[i];
                sum += lnet_w(net, net->toff[t] + (size_t)st * (size_t)net->npat[t] + pat);
            }
        }
    }
    for (int i = 0; !same && i < net->ninst; i++) {
        if (v->stamp[i] == v->epoch) continue;
        int t = net->inst_tab[i];
        sum += lnet_w(net, net->toff[t] + (size_t)st * (size_t)net->npat[t] + v->pat[i]);
    }
    int bucket[LNET_MAX_GLOBAL];
    lines_net_globals(net, s->cell, bucket);
    for (int g = 0; g < net->nglobal; g++) {
        int t = net->gtab + g;
        sum += lnet_w(net, net->toff[t] + (size_t)st * (size_t)net->npat[t] + (size_t)bucket[g]);
    }
    return sum;
}

/* A move played out: the points it brings and the value after it.  A
 * scoring move is decided again after it when nest is set (and the levels
 * allow), otherwise valued as if the spawn came at once. */
static float play_out(lines_learner *L, const lines_board *b, int depth, lines_spend *sp, int f, int t, int nest)
{
    const lines_net *net = L->net;
    lnet_level *v = &L->lvl[depth];
    lines_board *s = &v->sim;
    *s = *b;
    gl_rng_seed(&s->rng, gl_rng_next(&L->rng)); /* the player's own: never the game's */
    lines_move(s, f, t, &L->turn);
    L->nodes++;
    float gain = (float)(s->score - b->score);
    if (L->turn.nremoved && !L->turn.nspawned) {
        /* a scoring move spawns nothing: the same preview, decided again */
        if (nest && depth + 1 < L->depth) {
            int f2, t2;
            float q = decide(L, s, depth + 1, L->nested_top, sp, &f2, &t2);
            return gain + (q == -FLT_MAX ? 0 : q);
        }
        /* deep enough: valued as if the spawn came now */
        long long before = s->score;
        lines_spawn(s, &L->turn);
        gain += (float)(s->score - before);
    }
    if (lines_full(s)) return gain;
    return gain + value_after(net, v, s);
}

/* The best move's value at b (-FLT_MAX when there is no move, or when the
 * decision was stopped before it had one). */
static float decide(lines_learner *L, const lines_board *b, int depth, int cap, lines_spend *sp, int *from, int *to)
{
    const lines_net *net = L->net;
    lnet_level *v = &L->lvl[depth];
    int w = b->w, h = b->h, n = b->n;
    L->decisions++;
    int queue[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, NULL, LINES_MAX_CELLS};
    int nreg = gl_grid_regions(b->cell, w, h, v->label, NULL, &ws);
    level_tables(net, v, b);
    /* each region's cells in order (region r: rcell[rstart[r] ..
     * rstart[r + 1] - 1]) */
    int rstart[LINES_MAX_CELLS + 2], rcell[LINES_MAX_CELLS];
    memset(rstart, 0, sizeof(int) * (size_t)(nreg + 2));
    for (int t = 0; t < n; t++) rstart[v->label[t] + 1]++;
    for (int r = 1; r <= nreg + 1; r++) rstart[r] += rstart[r - 1];
    {
        int at[LINES_MAX_CELLS + 1];
        memcpy(at, rstart, sizeof(int) * (size_t)(nreg + 1));
        for (int t = 0; t < n; t++) rcell[at[v->label[t]]++] = t;
    }
    /* a ball of colour c on t makes a line (on b, the moved ball still in
     * place: checked again without it) */
    uint16_t lines_at[LINES_MAX_CELLS];
    for (int t = 0; t < n; t++) {
        lines_at[t] = 0;
        if (b->cell[t]) continue;
        int r0 = t / w, c0 = t % w;
        for (int d = 0; d < 4; d++) {
            int nb[2] = {0, 0}, run[2] = {0, 0};
            for (int side = 0; side < 2; side++) {
                int s = side ? 1 : -1, r = r0 + s * lines_dr[d], cc = c0 + s * lines_dc[d];
                if (r < 0 || r >= h || cc < 0 || cc >= w || !b->cell[r * w + cc]) continue;
                nb[side] = b->cell[r * w + cc];
                while (r >= 0 && r < h && cc >= 0 && cc < w && b->cell[r * w + cc] == nb[side]) {
                    run[side]++;
                    r += s * lines_dr[d];
                    cc += s * lines_dc[d];
                }
            }
            for (int side = 0; side < 2; side++)
                if (nb[side] && 1 + run[side] + (nb[1 - side] == nb[side] ? run[1 - side] : 0) >= b->line)
                    lines_at[t] |= (uint16_t)(1u << nb[side]);
        }
    }
    int preview_at[LINES_MAX_CELLS];
    memset(preview_at, 0, sizeof(int) * (size_t)n);
    for (int i = 0; i < b->spawn; i++)
        if (b->next_at[i] >= 0) preview_at[b->next_at[i]] = 1;
    int ntop = 0, nscoring = 0, any = 0, stopped = 0;
    if (depth == 0) {
        L->nall = 0;
        L->nroot = 0;
    }
    uint8_t cells[LINES_MAX_CELLS];
    memcpy(cells, b->cell, (size_t)n);
    int touched[LINES_MAX_CELLS];
    uint8_t reach[LINES_MAX_CELLS + 1]; /* by region label: next to the ball moved (label 0: a ball) */
    memset(reach, 0, sizeof reach);
    for (int f = 0; f < n && !stopped; f++) {
        int c = b->cell[f];
        if (!c) continue;
        int r = f / w, col = f % w, adj[4], na = 0;
        if (r > 0 && v->label[f - w]) adj[na++] = v->label[f - w];
        if (r < h - 1 && v->label[f + w]) adj[na++] = v->label[f + w];
        if (col > 0 && v->label[f - 1]) adj[na++] = v->label[f - 1];
        if (col < w - 1 && v->label[f + 1]) adj[na++] = v->label[f + 1];
        if (!na) continue;
        for (int k = 0; k < na; k++) reach[adj[k]] = 1;
        if (sp && lines_spend_tick(sp, sp->unit)) {
            stopped = 1;
            break;
        }
        /* the tuples through f and a target: their exact change less the
         * two halves' share */
        int ntouched = 0;
        for (int m = net->cm_start[f]; m < net->cm_start[f + 1]; m++) {
            int i = net->cm_inst[m];
            int colour = net->cm_kind[m] == LNET_COLOUR;
            uint32_t df = colour ? (uint32_t)c * net->cm_unit[m] : net->cm_unit[m];
            uint32_t rm = v->raw[i] - df;
            int len = net->inst_len[i];
            const uint16_t *canon = colour ? net->canon[len] : NULL;
            float wm = lnet_w(net, v->base[i] + (canon ? canon[rm] : rm));
            const int *ic = net->inst_cell + (size_t)i * LNET_MAX_TUPLE;
            /* the targets of f among the tuple's cells: empty with the
             * preview spawned, in a region beside f */
            for (unsigned open = v->open[i]; open; open &= open - 1) {
                int k = __builtin_ctz(open), t = ic[k];
                if (!reach[v->label[t]]) continue;
                uint32_t dt = colour ? (uint32_t)c << (LNET_COLOUR_BITS * k) : 1u << k;
                float both = lnet_w(net, v->base[i] + (canon ? canon[rm + dt] : rm + dt));
                float add = lnet_w(net, v->base[i] + (canon ? canon[v->raw[i] + dt] : v->raw[i] + dt));
                if (!v->touched[t]) {
                    v->touched[t] = 1;
                    touched[ntouched++] = t;
                }
                v->corr[t] += both - wm - add + v->val[i];
            }
        }
        cells[f] = 0;
        /* the targets in order: one region's list, or the cells of the
         * regions beside f */
        int single = 1, scan[LINES_MAX_CELLS], ntarget = 0;
        for (int k = 1; k < na; k++) single &= adj[k] == adj[0];
        const int *target = single ? rcell + rstart[adj[0]] : scan;
        if (single) ntarget = rstart[adj[0] + 1] - rstart[adj[0]];
        else
            for (int t = 0; t < n; t++)
                if (reach[v->label[t]]) scan[ntarget++] = t;
        for (int j = 0; j < ntarget; j++) {
            int t = target[j];
            any = 1;
            if ((lines_at[t] >> c & 1) && makes_line(b, cells, t, c)) {
                if (nscoring < LNET_MAX_SCORING) {
                    v->scoring[nscoring].from = f;
                    v->scoring[nscoring].to = t;
                    v->scoring[nscoring++].value = 0;
                }
                continue;
            }
            float val = preview_at[t] ? swap_value(net, v, f, t, c) : v->remv[f] + v->addv[t * 8 + c] + v->corr[t];
            keep_best(v->top, &ntop, cap, f, t, val);
            if (L->all && depth == 0) L->all[L->nall++] = (lnet_move){f, t, val};
        }
        cells[f] = (uint8_t)c;
        for (int k = 0; k < na; k++) reach[adj[k]] = 0;
        for (int k = 0; k < ntouched; k++) {
            v->corr[touched[k]] = 0;
            v->touched[touched[k]] = 0;
        }
    }
    if (!any) return -FLT_MAX;
    /* With more scoring moves than L->nested_scoring, each is first valued
     * as if the spawn came at once, and only the best nested_scoring of
     * them by that value are decided again after (the others keep it). */
    uint8_t nest[LNET_MAX_SCORING];
    memset(nest, 1, sizeof nest);
    if (L->nested_scoring > 0 && nscoring > L->nested_scoring && depth + 1 < L->depth) {
        for (int k = 0; k < nscoring; k++) {
            if (k > 0 && sp && lines_spend_check(sp)) break;
            v->scoring[k].value = play_out(L, b, depth, sp, v->scoring[k].from, v->scoring[k].to, 0);
            nest[k] = 0;
        }
        for (int j = 0; j < L->nested_scoring; j++) {
            int at = -1;
            for (int k = 0; k < nscoring; k++)
                if (!nest[k] && (at < 0 || v->scoring[k].value > v->scoring[at].value)) at = k;
            if (at < 0) break;
            nest[at] = 1;
        }
    }
    /* the chosen few played out */
    float best = -FLT_MAX;
    int bf = -1, bt = -1;
    for (int k = 0; k < nscoring + ntop; k++) {
        if (k > 0 && sp && lines_spend_check(sp)) break;
        lnet_move *mv = k < nscoring ? &v->scoring[k] : &v->top[k - nscoring];
        float q = k < nscoring && !nest[k] ? mv->value : play_out(L, b, depth, sp, mv->from, mv->to, 1);
        if (sp && lines_spend_stopped(sp) && bf >= 0) break;
        if (depth == 0 && L->nroot < (int)(sizeof L->root / sizeof L->root[0])) {
            L->root_scoring[L->nroot] = k < nscoring;
            L->root[L->nroot++] = (lnet_move){mv->from, mv->to, q};
        }
        if (q > best) {
            best = q;
            bf = mv->from;
            bt = mv->to;
        }
    }
    if (bf < 0) return -FLT_MAX;
    *from = bf;
    *to = bt;
    return best;
}

/* One sample of a root move that scores nothing: the move played with
 * sample j's draws (the displaced ball's landing, the next preview), then
 * the best decision there.  The same j gives every move the same draws. */
static float sample_move(lines_learner *L, const lines_board *b, int i, uint64_t base, int j, lines_spend *sp)
{
    lines_board *a = &L->after;
    *a = *b;
    gl_rng_seed(&a->rng, base + 0x9e3779b97f4a7c15ULL * (uint64_t)(j + 1));
    lines_move(a, L->root[i].from, L->root[i].to, &L->turn);
    float q = (float)(a->score - b->score);
    if (!lines_full(a)) {
        int f2, t2;
        float d = decide(L, a, 1, L->top, sp, &f2, &t2);
        if (d != -FLT_MAX) q += d;
    }
    return q;
}

/* Sorts the first n of idx by key, best first (stable). */
static void sort_by(int *idx, int n, const double *key)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[idx[j]] > key[idx[j - 1]]; j--) {
            int x = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = x;
        }
}

/* The expectimax step over the root's moves (L->root): the best `branch`
 * by value, those that score nothing valued again by sampled previews, in
 * rounds of successive halving: each round gives every move left `per`
 * more samples (`samples` in the first, twice as many each round after),
 * then keeps the better half by their mean; a scoring move keeps its
 * value (its outcome is known: the same preview comes after it).  Returns
 * the index of the best root move, -1 when stopped before the first round
 * was complete (the caller keeps the plain decision). */
static int expectimax(lines_learner *L, const lines_board *b, lines_spend *sp)
{
    int n = L->nroot, alive[LNET_MAX_SCORING + 64];
    double mean[LNET_MAX_SCORING + 64], sum[LNET_MAX_SCORING + 64];
    for (int i = 0; i < n; i++) {
        alive[i] = i;
        mean[i] = L->root[i].value;
        sum[i] = 0;
    }
    sort_by(alive, n, mean);
    int m = n < L->branch ? n : L->branch;
    uint64_t base = gl_rng_next(&L->rng);
    int per = L->samples, done = 0, leader = -1;
    unsigned long long d0 = L->decisions;
    while (m > 1) {
        for (int k = 0; k < m; k++) {
            int i = alive[k];
            if (L->root_scoring[i]) continue;
            for (int j = done; j < done + per; j++) {
                if (sp && lines_spend_check(sp)) return leader;
                if (L->budget && L->decisions - d0 >= L->budget) return leader;
                sum[i] += sample_move(L, b, i, base, j, sp);
                if (sp && lines_spend_stopped(sp)) return leader;
            }
            mean[i] = sum[i] / (done + per);
        }
        done += per;
        per *= 2;
        sort_by(alive, m, mean);
        leader = alive[0];
        m = (m + 1) / 2;
    }
    return leader;
}

int lines_learner_choose(lines_learner *L, const lines_board *b, lines_spend *sp, int *from, int *to, float *value)
{
    if (lines_full(b)) return 0;
    if (sp && gl_meter_check(sp->m)) return -1;
    int f = -1, t = -1;
    float q = decide(L, b, 0, L->top, sp, &f, &t);
    if (f < 0) {
        if (sp && lines_spend_stopped(sp)) return -1;
        return 0;
    }
    if (L->branch > 1 && L->samples > 0 && L->nroot > 1 && !(sp && lines_spend_stopped(sp))) {
        int i = expectimax(L, b, sp);
        if (i >= 0) {
            f = L->root[i].from;
            t = L->root[i].to;
            q = L->root[i].value;
        }
    }
    *from = f;
    *to = t;
    if (value) *value = q;
    return 1;
}
