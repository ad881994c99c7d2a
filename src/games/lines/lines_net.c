/* The n-tuple network (lines_net.h): the layout's tuples and their
 * symmetric images, the canonical colour patterns, the global features,
 * and a board's value. */
#include "lines_net.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tuple shapes: cells as row and column offsets, in reading order, placed
 * at every position of the board. */
typedef struct lnet_shape {
    int kind, len;
    int dr[LNET_MAX_TUPLE], dc[LNET_MAX_TUPLE];
    int straight; /* consecutive cells of a line, in order */
} lnet_shape;

enum { SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33, SH_LINE5, SH_DIAG5 };
static const lnet_shape lnet_shapes[] = {
    /* six cells along a row and along a diagonal: a line of five in
     * progress with what lies beyond its ends (the other two directions
     * are their images) */
    [SH_LINE6] = {LNET_COLOUR, 6, {0, 0, 0, 0, 0, 0}, {0, 1, 2, 3, 4, 5}, 1},
    [SH_DIAG6] = {LNET_COLOUR, 6, {0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 4, 5}, 1},
    /* a 2x3 block: colours side by side across lines */
    [SH_RECT23] = {LNET_COLOUR, 6, {0, 0, 0, 1, 1, 1}, {0, 1, 2, 0, 1, 2}, 0},
    /* a 3x3 block's occupancy: the shape of the free space */
    [SH_OCC33] = {LNET_OCC, 9, {0, 0, 0, 1, 1, 1, 2, 2, 2}, {0, 1, 2, 0, 1, 2, 0, 1, 2}, 0},
    /* five cells: exactly a line's room */
    [SH_LINE5] = {LNET_COLOUR, 5, {0, 0, 0, 0, 0}, {0, 1, 2, 3, 4}, 1},
    [SH_DIAG5] = {LNET_COLOUR, 5, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}, 1},
};

/* Which tables a shape's placements read: one per group of placements
 * that the board's symmetries map onto each other (what is learned at a
 * place), one for all of them (what is learned anywhere), or both. */
enum { TAB_ORBIT = 1, TAB_SHARED = 2 };

/* A layout: its name (written into weight files), the shapes, their
 * tables, and the stage boundaries (the balls on the board from which each
 * stage after the first begins). */
typedef struct lnet_layout {
    const char *name;
    int nshapes;
    int shapes[8];
    int tables;
    int nstage;
    int stage_from[LNET_MAX_STAGES];
    int nglobal; /* the first this many global features (lnet_gsize) */
} lnet_layout;

static const lnet_layout lnet_layouts[] = {
    {"ntuple1: line6 diag6 rect2x3 occ3x3 by place, 4 stages", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33}, TAB_ORBIT,
     4, {30, 40, 50}, 5},
    {"ntuple2: line6 diag6 rect2x3 occ3x3 by place and shared, 1 stage", 4,
     {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33}, TAB_ORBIT | TAB_SHARED, 1, {0}, 5},
    {"ntuple3: line6 diag6 rect2x3 occ3x3 by place, 1 stage", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33}, TAB_ORBIT,
     1, {0}, 5},
    {"ntuple4: line6 diag6 rect2x3 occ3x3 shared, 1 stage", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33}, TAB_SHARED,
     1, {0}, 5},
    {"ntuple5: line6 diag6 rect2x3 occ3x3 shared, 4 stages", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33},
     TAB_SHARED, 4, {30, 40, 50}, 5},
    {"ntuple6: line6 diag6 rect2x3 occ3x3 shared, 6 stages", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33},
     TAB_SHARED, 6, {30, 40, 45, 50, 55}, 5},
    {"ntuple7: line6 diag6 rect2x3 occ3x3 shared, 6 stages, reach", 4, {SH_LINE6, SH_DIAG6, SH_RECT23, SH_OCC33},
     TAB_SHARED, 6, {30, 40, 45, 50, 55}, 8},
};
#define LNET_NLAYOUTS ((int)(sizeof lnet_layouts / sizeof lnet_layouts[0]))

/* The global features' buckets: empty cells, empty regions (7 or more),
 * empty cells outside the largest region (15 or more), balls without an
 * empty neighbour (40 or more), empty cells without an empty neighbour
 * (7 or more); then (ntuple7) the windows of a line's length holding
 * line-1 balls of one colour whose empty cell a ball of that colour from
 * outside the window can reach (7 or more), the same with line-2 balls
 * and both empty cells reachable (15 or more), and the balls that can
 * reach 1 to 4 cells (31 or more). */
static const int lnet_gsize[LNET_MAX_GLOBAL] = {82, 8, 16, 41, 8, 8, 16, 32};

#define LNET_SIDE 9

/* The 8 symmetries of an s x s board. */
static void lnet_sym(int g, int s, int r, int c, int *or_, int *oc)
{
    int m = s - 1;
    switch (g) {
    case 0: *or_ = r, *oc = c; break;
    case 1: *or_ = c, *oc = m - r; break;
    case 2: *or_ = m - r, *oc = m - c; break;
    case 3: *or_ = m - c, *oc = r; break;
    case 4: *or_ = r, *oc = m - c; break;
    case 5: *or_ = m - r, *oc = c; break;
    case 6: *or_ = c, *oc = r; break;
    default: *or_ = m - c, *oc = m - r; break;
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* A placement's cells sorted: its identity as a set. */
static void sorted_set(const int *cells, int len, int *out)
{
    memcpy(out, cells, sizeof(int) * (size_t)len);
    qsort(out, (size_t)len, sizeof(int), cmp_int);
}

size_t lines_net_bytes(const lines_net *net)
{
    size_t bytes = net->nw * sizeof(float) + (size_t)net->ntab * (sizeof(int) + sizeof(size_t)) +
                   (size_t)net->ninst * (sizeof(int) * (LNET_MAX_TUPLE + 1) + 2) + (size_t)(net->n + 1) * sizeof(int) +
                   (size_t)net->cm_start[net->n] * (sizeof(int) + sizeof(uint32_t) + 2);
    for (int l = 0; l <= LNET_MAX_TUPLE; l++)
        if (net->canon[l]) {
            size_t npat = 0;
            for (int t = 0; t < net->gtab && !npat; t++)
                for (int i = 0; i < net->ninst && !npat; i++)
                    if (net->inst_tab[i] == t && net->inst_len[i] == l && net->inst_kind[i] == LNET_COLOUR)
                        npat = (size_t)net->npat[t];
            bytes += sizeof(uint16_t) * ((size_t)1 << (LNET_COLOUR_BITS * l)) + npat * (1 + 2 * (size_t)l * 9);
        }
    return bytes;
}

void lines_net_free(lines_net *net)
{
    free(net->npat);
    free(net->tab_straight);
    free(net->toff);
    free((void *)net->wt);
    free(net->inst_tab);
    free(net->inst_kind);
    free(net->inst_len);
    free(net->inst_cell);
    free(net->cm_start);
    free(net->cm_inst);
    free(net->cm_unit);
    free(net->cm_kind);
    free(net->cm_pos);
    for (int l = 0; l <= LNET_MAX_TUPLE; l++) {
        free(net->put[l]);
        free(net->take[l]);
        free(net->nlab[l]);
    }
    for (int l = 0; l <= LNET_MAX_TUPLE; l++) free(net->canon[l]);
    memset(net, 0, sizeof *net);
}

/* The canonical pattern of every raw index of a colour tuple of len
 * cells: colours relabelled by first appearance.  Returns the number of
 * patterns, -1 when out of memory. */
static int make_canon(lines_net *net, int len)
{
    size_t nraw = (size_t)1 << (LNET_COLOUR_BITS * len);
    uint16_t *map = malloc(sizeof *map * nraw);
    int32_t *id = malloc(sizeof *id * nraw);
    if (!map || !id) {
        free(map);
        free(id);
        return -1;
    }
    for (size_t i = 0; i < nraw; i++) id[i] = -1;
    int npat = 0;
    for (size_t raw = 0; raw < nraw; raw++) {
        int relabel[8] = {0}, next = 1;
        size_t canon = 0;
        for (int k = 0; k < len; k++) {
            int d = (int)(raw >> (LNET_COLOUR_BITS * k)) & 7;
            if (d && !relabel[d]) relabel[d] = next++;
            canon |= (size_t)relabel[d] << (LNET_COLOUR_BITS * k);
        }
        if (id[canon] < 0) id[canon] = npat++;
        map[raw] = (uint16_t)id[canon];
    }
    /* each pattern's labels, and the pattern after a position is emptied
     * or given a label (an existing one, or the next new one) */
    uint32_t *cr = malloc(sizeof *cr * (size_t)npat);
    net->nlab[len] = malloc((size_t)npat);
    net->take[len] = malloc(sizeof(uint16_t) * (size_t)npat * (size_t)len);
    net->put[len] = malloc(sizeof(uint16_t) * (size_t)npat * (size_t)len * 8);
    if (!cr || !net->nlab[len] || !net->take[len] || !net->put[len]) {
        free(id);
        free(cr);
        free(map);
        return -1;
    }
    for (size_t raw = 0; raw < nraw; raw++)
        if (id[raw] >= 0) cr[id[raw]] = (uint32_t)raw; /* a canonical raw index is its own pattern's */
    for (int p = 0; p < npat; p++) {
        int labels = 0;
        for (int k = 0; k < len; k++) {
            int d = (int)(cr[p] >> (LNET_COLOUR_BITS * k)) & 7;
            if (d > labels) labels = d;
        }
        net->nlab[len][p] = (uint8_t)labels;
        for (int k = 0; k < len; k++) {
            uint32_t unit = 1u << (LNET_COLOUR_BITS * k), d = (cr[p] >> (LNET_COLOUR_BITS * k)) & 7;
            net->take[len][p * len + k] = map[cr[p] - d * unit];
            for (int lab = 0; lab < 8; lab++)
                net->put[len][(p * len + k) * 8 + lab] =
                    d == 0 && lab >= 1 && lab <= labels + 1 && lab <= 7 ? map[cr[p] + (uint32_t)lab * unit] : 0;
        }
    }
    free(cr);
    free(id);
    net->canon[len] = map;
    return npat;
}

const char *lines_net_layout_name(int i) { return i >= 0 && i < LNET_NLAYOUTS ? lnet_layouts[i].name : NULL; }

void lines_net_layout_list(char *out, size_t cap)
{
    size_t at = 0;
    if (cap) out[0] = '\0';
    for (int i = 0; i < LNET_NLAYOUTS && at < cap; i++) {
        const char *name = lnet_layouts[i].name, *colon = strchr(name, ':');
        int n = colon ? (int)(colon - name) : (int)strlen(name);
        int w = snprintf(out + at, cap - at, "%s%.*s", i ? ", " : "", n, name);
        if (w < 0) break;
        at += (size_t)w;
    }
}

int lines_net_init(lines_net *net) { return lines_net_init_layout(net, LNET_DEFAULT_LAYOUT); }

int lines_net_init_layout(lines_net *net, const char *name)
{
    memset(net, 0, sizeof *net);
    const lnet_layout *lay = NULL;
    size_t nlen = strlen(name);
    for (int i = 0; i < LNET_NLAYOUTS && !lay; i++) {
        const char *full = lnet_layouts[i].name;
        /* the whole name, or the part before its colon */
        if (!strcmp(full, name) || (nlen && !strncmp(full, name, nlen) && full[nlen] == ':')) lay = &lnet_layouts[i];
    }
    if (!lay) return -2;
    const int s = LNET_SIDE;
    net->w = net->h = s;
    net->n = s * s;
    net->colors = 7;
    net->line = 5;
    net->spawn = 3;
    net->rules = LINES_98;
    net->nstage = lay->nstage;
    net->reads = ((lay->tables & TAB_ORBIT) != 0) + ((lay->tables & TAB_SHARED) != 0);
    for (int b = 0; b <= net->n; b++) {
        int st = 0;
        while (st < lay->nstage - 1 && b >= lay->stage_from[st]) st++;
        net->stage_of[b] = (uint8_t)st;
    }
    /* every placement of every shape, grouped: a placement not yet seen
     * starts a table, and its 8 images are that table's instances (an
     * image equal to one already listed, in the same order, once) */
    int maxinst = 2 * lay->nshapes * s * s * 8, maxtab = lay->nshapes * (s * s + 1) + LNET_MAX_GLOBAL;
    int *seen = malloc(sizeof(int) * (size_t)maxinst * LNET_MAX_TUPLE);
    uint8_t *seen_len = malloc((size_t)maxinst);
    int nseen = 0;
    net->inst_tab = malloc(sizeof(int) * (size_t)maxinst);
    net->inst_kind = malloc((size_t)maxinst);
    net->inst_len = malloc((size_t)maxinst);
    net->inst_cell = malloc(sizeof(int) * (size_t)maxinst * LNET_MAX_TUPLE);
    net->npat = malloc(sizeof(int) * (size_t)maxtab);
    net->tab_straight = calloc((size_t)maxtab, 1);
    net->toff = malloc(sizeof(size_t) * (size_t)maxtab);
    net->cm_start = calloc((size_t)net->n + 1, sizeof(int));
    if (!seen || !seen_len || !net->tab_straight || !net->inst_tab || !net->inst_kind || !net->inst_len || !net->inst_cell || !net->npat || !net->toff ||
        !net->cm_start)
        goto fail;
    int npat_len[LNET_MAX_TUPLE + 1] = {0};
    for (int si = 0; si < lay->nshapes; si++) {
        const lnet_shape *p = &lnet_shapes[lay->shapes[si]];
        int shared = -1; /* the shape's table for all places */
        if (lay->tables & TAB_SHARED) {
            shared = net->ntab++;
            net->npat[shared] = 0;
            net->tab_straight[shared] = (uint8_t)p->straight;
        }
        if (p->kind == LNET_COLOUR && !net->canon[p->len]) {
            npat_len[p->len] = make_canon(net, p->len);
            if (npat_len[p->len] < 0) goto fail;
        }
        for (int r = 0; r < s; r++)
            for (int c = 0; c < s; c++) {
                int cells[LNET_MAX_TUPLE], set[LNET_MAX_TUPLE], fits = 1;
                for (int k = 0; k < p->len && fits; k++) {
                    int rr = r + p->dr[k], cc = c + p->dc[k];
                    fits = rr >= 0 && rr < s && cc >= 0 && cc < s;
                    cells[k] = rr * s + cc;
                }
                if (!fits) continue;
                sorted_set(cells, p->len, set);
                int known = 0;
                for (int i = 0; i < nseen && !known; i++)
                    known = seen_len[i] == p->len &&
                            !memcmp(seen + (size_t)i * LNET_MAX_TUPLE, set, sizeof(int) * (size_t)p->len);
                if (known) continue;
                int npat = p->kind == LNET_COLOUR ? npat_len[p->len] : 1 << p->len;
                int t = -1;
                if (lay->tables & TAB_ORBIT) {
                    t = net->ntab++;
                    net->npat[t] = npat;
                    net->tab_straight[t] = (uint8_t)p->straight;
                }
                if (shared >= 0) net->npat[shared] = npat;
                int first = net->ninst;
                for (int g = 0; g < 8; g++) {
                    int img[LNET_MAX_TUPLE];
                    for (int k = 0; k < p->len; k++) {
                        int ir, ic;
                        lnet_sym(g, s, cells[k] / s, cells[k] % s, &ir, &ic);
                        img[k] = ir * s + ic;
                    }
                    /* a set of cells is one instance, read in the order of the
                     * first image that reaches it */
                    int iset[LNET_MAX_TUPLE], dup = 0;
                    sorted_set(img, p->len, iset);
                    for (int i = first; i < net->ninst && !dup; i++)
                        dup = !memcmp(seen + (size_t)i * LNET_MAX_TUPLE, iset,
                                      sizeof(int) * (size_t)p->len);
                    if (dup) continue;
                    for (int pass = 0; pass < 2; pass++) {
                        int tab = pass == 0 ? t : shared;
                        if (tab < 0) continue;
                        int i = net->ninst++;
                        net->inst_tab[i] = tab;
                        net->inst_kind[i] = (uint8_t)p->kind;
                        net->inst_len[i] = (uint8_t)p->len;
                        memcpy(net->inst_cell + (size_t)i * LNET_MAX_TUPLE, img, sizeof(int) * (size_t)p->len);
                        sorted_set(img, p->len, seen + (size_t)nseen * LNET_MAX_TUPLE);
                        seen_len[nseen++] = (uint8_t)p->len;
                        for (int k = 0; k < p->len; k++) net->cm_start[img[k] + 1]++;
                    }
                }
            }
    }
    free(seen);
    free(seen_len);
    seen = NULL;
    seen_len = NULL;
    net->gtab = net->ntab;
    net->nglobal = lay->nglobal;
    for (int g = 0; g < net->nglobal; g++) net->npat[net->ntab++] = lnet_gsize[g];
    size_t off = 0;
    for (int t = 0; t < net->ntab; t++) {
        net->toff[t] = off;
        off += (size_t)net->npat[t] * (size_t)net->nstage;
    }
    net->nw = off;
    net->wt = malloc(sizeof *net->wt * (off ? off : 1));
    /* the instances through each cell, with the cell's unit */
    for (int i = 0; i < net->n; i++) net->cm_start[i + 1] += net->cm_start[i];
    int total = net->cm_start[net->n];
    net->cm_inst = malloc(sizeof(int) * (size_t)total);
    net->cm_unit = malloc(sizeof(uint32_t) * (size_t)total);
    net->cm_kind = malloc((size_t)total);
    net->cm_pos = malloc((size_t)total);
    if (!net->wt || !net->cm_inst || !net->cm_unit || !net->cm_kind || !net->cm_pos) goto fail;
    for (size_t x = 0; x < off; x++) atomic_init(&net->wt[x], 0.0f);
    int fill[LINES_MAX_CELLS] = {0};
    for (int i = 0; i < net->ninst; i++)
        for (int k = 0; k < net->inst_len[i]; k++) {
            int cell = net->inst_cell[(size_t)i * LNET_MAX_TUPLE + k];
            int at = net->cm_start[cell] + fill[cell]++;
            net->cm_inst[at] = i;
            net->cm_kind[at] = net->inst_kind[i];
            net->cm_pos[at] = (uint8_t)k;
            net->cm_unit[at] = net->inst_kind[i] == LNET_COLOUR ? 1u << (LNET_COLOUR_BITS * k) : 1u << k;
        }
    snprintf(net->layout, sizeof net->layout, "%s", lay->name);
    return 0;
fail:
    free(seen);
    free(seen_len);
    lines_net_free(net);
    return -1;
}

int lines_net_stage_map(const lines_net *dst, const lines_net *src, size_t *map)
{
    if (dst->gtab != src->gtab || dst->nglobal < src->nglobal || dst->w != src->w || dst->h != src->h ||
        dst->colors != src->colors || dst->line != src->line || dst->spawn != src->spawn || dst->n != src->n)
        return -1;
    for (int t = 0; t < src->ntab; t++)
        if (dst->npat[t] != src->npat[t]) return -1;
    /* each stage of dst starts from src's stage at its first ball count;
     * src's stages must be unions of dst's (each boundary of src one of
     * dst's), so that every board is valued as src valued it */
    int from[LNET_MAX_STAGES];
    for (int st = 0; st < dst->nstage; st++) from[st] = -1;
    for (int b = 0; b <= dst->n; b++) {
        int st = dst->stage_of[b];
        if (from[st] < 0) from[st] = src->stage_of[b];
        else if (from[st] != src->stage_of[b]) return -1;
    }
    for (int st = 0; st < dst->nstage; st++)
        if (from[st] < 0) return -1; /* a stage no ball count reaches */
    for (int t = 0; t < dst->ntab; t++)
        for (int st = 0; st < dst->nstage; st++)
            for (int p = 0; p < dst->npat[t]; p++)
                map[dst->toff[t] + (size_t)st * (size_t)dst->npat[t] + (size_t)p] =
                    t < src->ntab ? src->toff[t] + (size_t)from[st] * (size_t)src->npat[t] + (size_t)p : LNET_NEW;
    return 0;
}

int lines_net_fits(const lines_net *net, const lines_board *b, gl_error *err)
{
    if (b->w != net->w || b->h != net->h || b->colors != net->colors || b->line != net->line ||
        b->spawn != net->spawn || b->rules != net->rules)
        return gl_error_set(err,
                            "the learned player's weights are for %dx%d boards, colors=%d, line=%d, spawn=%d, "
                            "rules=%s (this board: %dx%d, colors=%d, line=%d, spawn=%d, rules=%s)",
                            net->w, net->h, net->colors, net->line, net->spawn,
                            net->rules == LINES_98 ? "lines98" : "klines", b->w, b->h, b->colors, b->line, b->spawn,
                            b->rules == LINES_98 ? "lines98" : "klines");
    return 0;
}

/* The regions (labels 1..nreg) next to cell i, each once: their number. */
static int regions_beside(const int *label, int w, int h, int i, int *out)
{
    int r = i / w, c = i % w, n = 0;
    int nb[4] = {r > 0 ? label[i - w] : 0, r < h - 1 ? label[i + w] : 0, c > 0 ? label[i - 1] : 0,
                 c < w - 1 ? label[i + 1] : 0};
    for (int k = 0; k < 4; k++) {
        int dup = !nb[k];
        for (int j = 0; j < n && !dup; j++) dup = out[j] == nb[k];
        if (!dup) out[n++] = nb[k];
    }
    return n;
}

/* The ntuple7 features (lnet_gsize): reachable windows and short reach. */
static void reach_globals(const lines_net *net, const uint8_t *cells, const int *label, const int *size, int nreg,
                          int *bucket)
{
    int w = net->w, h = net->h, n = w * h, line = net->line;
    /* per region and colour: the balls of that colour beside it */
    uint8_t beside[LINES_MAX_CELLS + 1][LNET_MAX_COLORS + 1];
    memset(beside, 0, sizeof beside[0] * (size_t)(nreg + 1));
    /* per ball: the regions beside it (read again by the windows) */
    int nb[LINES_MAX_CELLS], rb[LINES_MAX_CELLS][4];
    int low = 0;
    for (int i = 0; i < n; i++) {
        if (!cells[i]) continue;
        int *rs = rb[i], k = nb[i] = regions_beside(label, w, h, i, rs), reach = 0;
        for (int j = 0; j < k; j++) {
            if (beside[rs[j]][cells[i]] < 255) beside[rs[j]][cells[i]]++;
            reach += size[rs[j]];
        }
        low += reach > 0 && reach < 5;
    }
    /* the windows of `line` cells along each row, column and diagonal,
     * slid one cell at a time with the count of empty cells and of each
     * colour; only those with one colour and 1 or 2 empty cells are
     * looked at closely */
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int four = 0, three = 0;
    for (int d = 0; d < 4; d++)
        for (int r0 = 0; r0 < h; r0++)
            for (int c0 = 0; c0 < w; c0++) {
                int pr = r0 - dir[d][0], pc = c0 - dir[d][1];
                if (pr >= 0 && pr < h && pc >= 0 && pc < w) continue; /* not where a line starts */
                int seq[LINES_MAX_SIDE], len = 0;
                for (int r = r0, c = c0; r >= 0 && r < h && c >= 0 && c < w; r += dir[d][0], c += dir[d][1])
                    seq[len++] = r * w + c;
                if (len < line) continue;
                int count[LNET_MAX_COLORS + 1] = {0}, colours = 0;
                for (int k = 0; k < line - 1; k++)
                    if (count[cells[seq[k]]]++ == 0 && cells[seq[k]]) colours++;
                for (int p = 0; p + line <= len; p++) {
                    int in = cells[seq[p + line - 1]];
                    if (count[in]++ == 0 && in) colours++;
                    if (p > 0) {
                        int out = cells[seq[p - 1]];
                        if (--count[out] == 0 && out) colours--;
                    }
                    int ne = count[0];
                    if (colours != 1 || ne == 0 || ne > 2) continue;
                    const int *cell = seq + p;
                    int colour = 0, empty[2], k2 = 0;
                    for (int k = 0; k < line; k++) {
                        if (cells[cell[k]]) colour = cells[cell[k]];
                        else empty[k2++] = cell[k];
                    }
                    /* each region of the window's empty cells needs as
                     * many balls of the colour beside it, the window's
                     * own not counted, as it holds of the window's empty
                     * cells */
                    int ok = 1;
                    for (int a = 0; a < ne && ok; a++) {
                        int reg = label[empty[a]], need = 0, own = 0;
                        for (int b2 = 0; b2 < ne; b2++) need += label[empty[b2]] == reg;
                        for (int k = 0; k < line; k++) {
                            if (cells[cell[k]] != colour) continue;
                            for (int j = 0; j < nb[cell[k]]; j++) own += rb[cell[k]][j] == reg;
                        }
                        ok = beside[reg][colour] - own >= need;
                    }
                    if (!ok) continue;
                    if (ne == 1) four++;
                    else three++;
                }
            }
    bucket[0] = four < 7 ? four : 7;
    bucket[1] = three < 15 ? three : 15;
    bucket[2] = low < 31 ? low : 31;
}

void lines_net_globals(const lines_net *net, const uint8_t *cells, int *bucket)
{
    int label[LINES_MAX_CELLS], size[LINES_MAX_CELLS + 1], queue[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, NULL, LINES_MAX_CELLS};
    int w = net->w, h = net->h;
    int nreg = gl_grid_regions(cells, w, h, label, size, &ws);
    int empties = 0, largest = 0, stuck = 0, holes = 0;
    for (int r = 1; r <= nreg; r++) {
        empties += size[r];
        if (size[r] > largest) largest = size[r];
    }
    /* the board inside a border of balls: a cell's empty neighbours
     * without bounds checks */
    uint8_t pad[(LINES_MAX_SIDE + 2) * (LINES_MAX_SIDE + 2)];
    int pw = w + 2;
    memset(pad, 1, (size_t)(pw * (h + 2)));
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) pad[(r + 1) * pw + c + 1] = cells[r * w + c] != 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            const uint8_t *p = pad + (r + 1) * pw + c + 1;
            int none = p[-pw] & p[pw] & p[-1] & p[1];
            if (*p) stuck += none;
            else holes += none;
        }
    bucket[0] = empties;
    bucket[1] = nreg < 7 ? nreg : 7;
    bucket[2] = empties - largest < 15 ? empties - largest : 15;
    bucket[3] = stuck < 40 ? stuck : 40;
    bucket[4] = holes < 7 ? holes : 7;
    if (net->nglobal > 5) reach_globals(net, cells, label, size, nreg, bucket + 5);
}

float lines_net_features(const lines_net *net, const uint8_t *cells, int nballs, uint32_t *idx)
{
    int st = net->stage_of[nballs];
    float v = 0;
    for (int i = 0; i < net->ninst; i++) {
        int t = net->inst_tab[i];
        uint32_t raw = lnet_raw(net, i, cells);
        size_t x = net->toff[t] + (size_t)st * (size_t)net->npat[t] +
                   (size_t)lnet_pattern(net, net->inst_kind[i], net->inst_len[i], raw);
        if (idx) idx[i] = (uint32_t)x;
        v += lnet_w(net, x);
    }
    int bucket[LNET_MAX_GLOBAL];
    lines_net_globals(net, cells, bucket);
    for (int g = 0; g < net->nglobal; g++) {
        int t = net->gtab + g;
        size_t x = net->toff[t] + (size_t)st * (size_t)net->npat[t] + (size_t)bucket[g];
        if (idx) idx[net->ninst + g] = (uint32_t)x;
        v += lnet_w(net, x);
    }
    return v;
}

float lines_net_sum(const lines_net *net, const uint32_t *idx)
{
    float v = 0;
    int nf = lines_net_nfeatures(net);
    for (int i = 0; i < nf; i++) v += lnet_w(net, idx[i]);
    return v;
}

float lines_net_value(const lines_net *net, const uint8_t *cells, int nballs)
{
    return lines_net_features(net, cells, nballs, NULL);
}

void lines_net_seed_windows(lines_net *net)
{
    /* The window evaluation of the search player under lines98 (growth
     * 6: a window of one colour with k balls is worth 8, 46, 278, 1,667
     * for k = 1..4, an empty cell 1,000, a point 4,000), in points; a
     * window of five lies in two straight tuples of six, hence the half,
     * and each is read into net->reads tables. */
    static const double window[6] = {0, 8, 46, 278, 1667, 0};
    const double point = 4000;
    for (int t = 0; t < net->gtab; t++) {
        if (!net->tab_straight[t]) continue;
        int len = -1;
        for (int i = 0; i < net->ninst && len < 0; i++)
            if (net->inst_tab[i] == t) len = net->inst_len[i];
        if (len < net->line) continue;
        size_t nraw = (size_t)1 << (LNET_COLOUR_BITS * len);
        for (size_t raw = 0; raw < nraw; raw++) {
            int d[LNET_MAX_TUPLE];
            for (int k = 0; k < len; k++) d[k] = (int)(raw >> (LNET_COLOUR_BITS * k)) & 7;
            double v = 0;
            for (int a = 0; a + net->line <= len; a++) {
                int colour = 0, balls = 0, mixed = 0;
                for (int k = a; k < a + net->line; k++) {
                    if (!d[k]) continue;
                    balls++;
                    if (colour && d[k] != colour) mixed = 1;
                    colour = d[k];
                }
                if (!mixed && balls < net->line) v += window[balls];
            }
            v = v / point / (len > net->line ? 2 : 1) / net->reads;
            int pat = net->canon[len][raw];
            for (int st = 0; st < net->nstage; st++)
                lnet_w_set(net, net->toff[t] + (size_t)st * (size_t)net->npat[t] + (size_t)pat, (float)v);
        }
    }
    /* The empty cells as the search values them (a quarter of a point
     * each).  Values start below the points the games bring: starting
     * above them (6 points a cell was tried) makes the first errors
     * negative everywhere, which pushes down the patterns every board
     * shows, the empty ones most, and the player learns to fill the
     * board. */
    int g = net->gtab;
    for (int st = 0; st < net->nstage; st++)
        for (int e = 0; e < net->npat[g]; e++)
            lnet_w_set(net, net->toff[g] + (size_t)st * (size_t)net->npat[g] + (size_t)e, (float)(1000.0 / point * e));
}
