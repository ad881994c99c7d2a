/* The Flood-It set kernels, written once for every vector width: included
 * by flood_kern.c (the portable loops, one copy per word count 1..8),
 * flood_kern_avx2.c, flood_kern_avx512.c and flood_kern_neon.c, each of
 * which defines first:
 *
 *   KSUF(name)   the copy's name for a function (name_avx2_4, ...)
 *   KT           its target attribute (or nothing)
 *   R            a register type, RW its 64-bit words, NR the registers of
 *                a set (NR * RW >= the graph's words, at most 8)
 *   R_ZERO(), R_LOAD(p) (p 64-byte aligned, or a row), R_STORE(p, r),
 *   and optionally R_LOADW(p, kw) (kw words, NR = 1: a masked load),
 *   R_OR(a, b), R_AND(a, b), R_ANDN(a, b) (~a & b), R_NOR(a, b), R_ANY(a)
 *   KUNION       1 where the copy brings its own unions of rows: then
 *                KUNION_FN(t, xw, kw, acc) and KUNION_PAIR_FN(t, t2, xw, kw,
 *                acc, n2) on one register (AVX-512: the rows listed with a
 *                byte compress)
 *
 * A set is held in NR registers, the graph's padded rows (8 words, 64-byte
 * aligned: flood_graph.c) loaded NR registers at a time.  The algorithms
 * are those the docs describe (docs/flood.md, "The bound"): the layered
 * bound with its whole-ring steps in pairs (two-step rows), completions
 * from per-colour rows, a child's first ring from its parent's rings, and
 * the two-ring refinement; every copy gives the same numbers
 * (test_kernels_agree). */

#define KFN static KT
#define KIN static KT inline __attribute__((always_inline))

typedef struct {
    R r[NR];
} KSUF(vec);
#define V KSUF(vec)

KIN V KSUF(vz)(void)
{
    V v;
    for (int i = 0; i < NR; i++) v.r[i] = R_ZERO();
    return v;
}
KIN V KSUF(vl)(const uint64_t *p)
{
    V v;
    for (int i = 0; i < NR; i++) v.r[i] = R_LOAD(p + i * RW);
    return v;
}
KIN void KSUF(vs)(uint64_t *p, V v)
{
    for (int i = 0; i < NR; i++) R_STORE(p + i * RW, v.r[i]);
}
KIN V KSUF(vor)(V a, V b)
{
    for (int i = 0; i < NR; i++) a.r[i] = R_OR(a.r[i], b.r[i]);
    return a;
}
KIN V KSUF(vand)(V a, V b)
{
    for (int i = 0; i < NR; i++) a.r[i] = R_AND(a.r[i], b.r[i]);
    return a;
}
/* ~a & b */
KIN V KSUF(vandn)(V a, V b)
{
    for (int i = 0; i < NR; i++) a.r[i] = R_ANDN(a.r[i], b.r[i]);
    return a;
}
KIN V KSUF(vnor)(V a, V b)
{
    for (int i = 0; i < NR; i++) a.r[i] = R_NOR(a.r[i], b.r[i]);
    return a;
}
KIN int KSUF(vany)(V a)
{
    R x = a.r[0];
    for (int i = 1; i < NR; i++) x = R_OR(x, a.r[i]);
    return R_ANY(x);
}
KIN int KSUF(vtest)(V a, V b) { return KSUF(vany)(KSUF(vand)(a, b)); }
/* kw words of a caller's array (not padded, maybe unaligned) */
KIN V KSUF(vlw)(const uint64_t *w, int kw)
{
#ifdef R_LOADW
    V v;
    v.r[0] = R_LOADW(w, kw);
    return v;
#else
    uint64_t b[8] __attribute__((aligned(64))) = {0};
    memcpy(b, w, (size_t)kw * 8);
    return KSUF(vl)(b);
#endif
}
KIN void KSUF(vsw)(uint64_t *w, V v, int kw)
{
    uint64_t b[8] __attribute__((aligned(64)));
    KSUF(vs)(b, v);
    memcpy(w, b, (size_t)kw * 8);
}
/* the row of group i in a padded table */
KIN const uint64_t *KSUF(row)(const uint64_t *t, int i) { return t + ((size_t)(i >> 6) * 65 + (size_t)(i & 63)) * 8; }

#if KUNION
KIN V KSUF(k_union)(const uint64_t *t, const uint64_t *xw, int kw, V acc)
{
    acc.r[0] = KUNION_FN(t, xw, kw, acc.r[0]);
    return acc;
}
KIN V KSUF(k_union_pair)(const uint64_t *t, const uint64_t *t2, const uint64_t *xw, int kw, V acc, V *n2)
{
    acc.r[0] = KUNION_PAIR_FN(t, t2, xw, kw, acc.r[0], &n2->r[0]);
    return acc;
}
#else
/* acc | the rows of t of the groups in xw (kw words, aligned), in two
 * chains. */
KIN V KSUF(k_union)(const uint64_t *t, const uint64_t *xw, int kw, V acc)
{
    V acc2 = KSUF(vz)();
    for (int wi = 0; wi < kw; wi++) {
        uint64_t x = xw[wi];
        const uint64_t *base = t + (size_t)wi * 65 * 8;
        while (x) {
            acc = KSUF(vor)(acc, KSUF(vl)(base + (size_t)__builtin_ctzll(x) * 8));
            x &= x - 1;
            if (!x) break;
            acc2 = KSUF(vor)(acc2, KSUF(vl)(base + (size_t)__builtin_ctzll(x) * 8));
            x &= x - 1;
        }
    }
    return KSUF(vor)(acc, acc2);
}
/* The same union of t's rows, and in *n2 the union of t2's rows over the
 * same groups. */
KIN V KSUF(k_union_pair)(const uint64_t *t, const uint64_t *t2, const uint64_t *xw, int kw, V acc, V *n2)
{
    V b = KSUF(vz)();
    for (int wi = 0; wi < kw; wi++) {
        uint64_t x = xw[wi];
        size_t base = (size_t)wi * 65 * 8;
        while (x) {
            size_t r = base + (size_t)__builtin_ctzll(x) * 8;
            acc = KSUF(vor)(acc, KSUF(vl)(t + r));
            b = KSUF(vor)(b, KSUF(vl)(t2 + r));
            x &= x - 1;
        }
    }
    *n2 = b;
    return acc;
}
#endif

/* The layered bound with its set in registers: as flood_bound.c's
 * layered_bound_kw, with the pieces the padded tables allow (ring2, init2,
 * hint1/hint2/fresh: see the callers). */
KIN int KSUF(layered_core)(const flood_graph *g, V F, V fr, int limit, V *ring2, int *ring2_ok, const V *init2,
                           const uint64_t *hint1, const uint64_t *hint2, const uint64_t *fresh)
{
    const uint64_t *cm = g->colmask8, *adj = g->adj8, *adj2 = g->adj2_8, *colnb = g->colnb8;
    V N2 = KSUF(vz)();
    /* have2: N2 holds the groups within two steps of the ring, less
     * (possibly) some that are flooded or on it: the ring after a
     * whole-ring step is then N2 less what is flooded, with no union */
    int have2 = 0;
    if (init2) {
        N2 = *init2;
        have2 = 1;
    }
    int live[FLOOD_MAX_COLORS], nlive = 0;
    V lm[FLOOD_MAX_COLORS];
    {
        V notF = KSUF(vnor)(F, F);
        for (int c = 0; c < g->ncolors; c++) {
            V m = KSUF(vl)(cm + (size_t)c * 8);
            if (KSUF(vtest)(m, notF)) {
                lm[nlive] = m;
                live[nlive++] = c;
            }
        }
    }
    if (nlive <= 1) return nlive;
    int h = 0;
    uint64_t xw[8] __attribute__((aligned(64)));
    while (nlive) {
        if (h + nlive > limit) return h + nlive;
        /* U = neither flooded nor on the ring */
        V U = KSUF(vnor)(F, fr);
        uint64_t done = 0; /* the colours completed in this step */
        for (int j = 0; j < nlive; j++) {
            if (KSUF(vtest)(lm[j], U)) continue;
            h++;
            done |= 1ULL << live[j];
            --nlive;
            lm[j] = lm[nlive];
            live[j--] = live[nlive];
        }
        if (done) {
            hint1 = NULL; /* the hint is for a first whole-ring step only */
            if (!nlive) return h;
            /* the completed colours' last groups bring the neighbours of
             * all of those colours' groups, less what is flooded or on the
             * ring (the groups flooded before have theirs there): no union */
            V X = KSUF(vz)(), NX = X;
            for (uint64_t d = done; d; d &= d - 1) {
                int c = __builtin_ctzll(d);
                X = KSUF(vor)(X, KSUF(vl)(cm + (size_t)c * 8));
                NX = KSUF(vor)(NX, KSUF(vl)(colnb + (size_t)c * 16));
            }
            F = KSUF(vor)(F, X);
            fr = KSUF(vandn)(F, KSUF(vor)(fr, NX));
            if (have2) {
                V N2X = KSUF(vz)();
                for (uint64_t d = done; d; d &= d - 1)
                    N2X = KSUF(vor)(N2X, KSUF(vl)(colnb + (size_t)__builtin_ctzll(d) * 16 + 8));
                N2 = KSUF(vor)(N2, N2X);
            }
            continue;
        }
        h++;
        if (h + nlive > limit) return h + nlive;
        V X = fr;
        F = KSUF(vor)(F, X);
        if (have2) {
            /* the ring after two whole-ring steps: the groups within two
             * steps of the ring before, less what is flooded */
            fr = KSUF(vandn)(F, N2);
            have2 = 0;
            continue;
        }
        if (hint1) {
            /* the first ring's neighbours (and groups within two steps):
             * the parent ring's, given, and those of the groups the move
             * brought to the region (fresh) */
            V n2;
            V acc = KSUF(k_union_pair)(adj, adj2, fresh, g->kw, KSUF(vl)(hint1), &n2);
            N2 = KSUF(vor)(n2, KSUF(vl)(hint2));
            fr = KSUF(vandn)(F, acc);
            have2 = 1;
            hint1 = NULL;
            if (ring2) {
                ring2[0] = fr;
                ring2[1] = N2;
                *ring2_ok = 1;
            }
            continue;
        }
        KSUF(vs)(xw, X);
        if (h + 1 + nlive <= limit) {
            /* another whole-ring step may follow: gather the groups within
             * two steps of this ring on the same pass */
            fr = KSUF(vandn)(F, KSUF(k_union_pair)(adj, adj2, xw, g->kw, fr, &N2));
            have2 = 1;
            if (ring2 && h == 1) {
                ring2[0] = fr;
                ring2[1] = N2;
                *ring2_ok = 1;
            }
            continue;
        }
        fr = KSUF(vandn)(F, KSUF(k_union)(adj, xw, g->kw, fr));
    }
    return h;
}

KFN int KSUF(h_cut)(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit)
{
    return KSUF(layered_core)(g, KSUF(vlw)(F0, g->kw), KSUF(vlw)(fr0, g->kw), limit, NULL, NULL, NULL, NULL, NULL,
                              NULL);
}

KFN int KSUF(h_cut_r2)(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit,
                       const flood_rings *pr, const uint64_t *fresh, flood_ring2 *R2, int *ok)
{
    V r2[2] = {KSUF(vz)(), KSUF(vz)()};
    *ok = 0;
    V F = KSUF(vlw)(F0, g->kw), fr = KSUF(vlw)(fr0, g->kw);
    int v;
    if (pr && pr->ok && fresh)
        v = KSUF(layered_core)(g, F, fr, limit, r2, ok, NULL, pr->n1, pr->n2, fresh);
    else
        v = KSUF(layered_core)(g, F, fr, limit, r2, ok, NULL, NULL, NULL, NULL);
    if (*ok) {
        KSUF(vs)(R2->r2, r2[0]);
        KSUF(vs)(R2->n2, r2[1]);
    }
    return v;
}

/* The two-ring refinement (flood_bound.c, flood_h_two_ring): the same
 * branches in the same order, the same result. */
KFN int KSUF(two_ring)(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, const flood_ring2 *R2in,
                       int limit)
{
    const uint64_t *cm = g->colmask8, *adj = g->adj8, *adj2 = g->adj2_8;
    V fr = KSUF(vlw)(fr0, g->kw);
    V S = KSUF(vor)(KSUF(vlw)(F0, g->kw), fr);
    uint64_t xw[8] __attribute__((aligned(64)));
    V R2, N2;
    if (R2in) {
        R2 = KSUF(vl)(R2in->r2);
        N2 = KSUF(vl)(R2in->n2);
    } else {
        KSUF(vs)(xw, fr);
        R2 = KSUF(vandn)(S, KSUF(k_union_pair)(adj, adj2, xw, g->kw, KSUF(vz)(), &N2));
    }
    int order[FLOOD_MAX_COLORS], nc = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (KSUF(vtest)(KSUF(vl)(cm + (size_t)c * 8), R2)) order[nc++] = c;
    if (!nc) return 0;
    uint64_t stack[FLOOD_MAX_COLORS];
    int top = 0;
    for (int lo = nc - 1, hi = 0; hi <= lo; hi++, lo--) stack[top++] = 1ULL << order[hi] | 1ULL << order[lo];
    int best = INT_MAX;
    while (top) {
        uint64_t m = stack[--top];
        V Y = KSUF(vz)();
        for (uint64_t mm = m; mm; mm &= mm - 1) Y = KSUF(vor)(Y, KSUF(vl)(cm + (size_t)__builtin_ctzll(mm) * 8));
        Y = KSUF(vand)(Y, R2);
        KSUF(vs)(xw, Y);
        /* the branch's ring, and the groups within two steps of it: those
         * of R1 and of Y */
        V n2Y;
        V nY = KSUF(k_union_pair)(adj, adj2, xw, g->kw, R2, &n2Y);
        V F3 = KSUF(vor)(S, Y);
        V init2 = KSUF(vor)(N2, n2Y);
        int v = KSUF(layered_core)(g, F3, KSUF(vandn)(F3, nY), limit - 2, NULL, NULL, &init2, NULL, NULL, NULL);
        if (v > limit - 2) {
            if (v < best) best = v;
            continue;
        }
        if (!(m & (m - 1))) return 0;
        for (uint64_t mm = m; mm; mm &= mm - 1) stack[top++] = mm & -mm;
    }
    return 2 + best;
}

KFN int KSUF(child_step)(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                         uint64_t *fr2, int *complete, uint64_t *fresh_out, const flood_rings *pr)
{
    const int kw = g->kw;
    const uint64_t *cm = g->colmask8;
    V f = KSUF(vlw)(F, kw), r = KSUF(vlw)(fr, kw);
    V X = KSUF(vand)(r, KSUF(vl)(cm + (size_t)c * 8));
    uint64_t xw[8] __attribute__((aligned(64)));
    V nb;
    if (pr && pr->ok) {
        nb = KSUF(vl)(pr->nbc[c]);
    } else {
        KSUF(vs)(xw, X);
        nb = KSUF(k_union)(g->adj8, xw, kw, KSUF(vz)());
    }
    /* fresh: next to the region now, and neither flooded nor on the
     * frontier before */
    V fr_new = KSUF(vandn)(KSUF(vor)(f, r), nb);
    int fresh = KSUF(vany)(fr_new);
    if (fresh_out) KSUF(vs)(fresh_out, fr_new);
    V f2 = KSUF(vor)(f, X), r2 = KSUF(vandn)(f2, KSUF(vor)(r, nb));
    KSUF(vsw)(F2, f2, kw);
    KSUF(vsw)(fr2, r2, kw);
    /* a colour on the new frontier with no group beyond it */
    V U = KSUF(vnor)(f2, r2);
    int any = 0;
    for (int d = 0; d < g->ncolors; d++) {
        V m = KSUF(vl)(cm + (size_t)d * 8);
        if (KSUF(vtest)(m, r2) && !KSUF(vtest)(m, U)) {
            any = 1;
            break;
        }
    }
    *complete = any;
    return fresh;
}

/* The frontier's rings: the neighbours of its groups, the groups within
 * two steps of them, and per colour the neighbours of its groups there,
 * one pass over the frontier's rows. */
KFN void KSUF(rings_of)(const flood_graph *g, const uint64_t *fr, flood_rings *pr)
{
    V n1 = KSUF(vz)(), n2 = n1;
    V nbc[FLOOD_MAX_COLORS];
    for (int c = 0; c < g->ncolors; c++) nbc[c] = n1;
    for (int wi = 0; wi < g->kw; wi++) {
        uint64_t x = fr[wi];
        while (x) {
            int i = wi * 64 + __builtin_ctzll(x);
            x &= x - 1;
            V r = KSUF(vl)(KSUF(row)(g->adj8, i));
            n1 = KSUF(vor)(n1, r);
            n2 = KSUF(vor)(n2, KSUF(vl)(KSUF(row)(g->adj2_8, i)));
            nbc[g->colour[i]] = KSUF(vor)(nbc[g->colour[i]], r);
        }
    }
    KSUF(vs)(pr->n1, n1);
    KSUF(vs)(pr->n2, n2);
    for (int c = 0; c < g->ncolors; c++) KSUF(vs)(pr->nbc[c], nbc[c]);
    pr->ok = 1;
}

KFN uint64_t KSUF(frontier_colours)(const flood_graph *g, const uint64_t *fr)
{
    V f = KSUF(vlw)(fr, g->kw);
    uint64_t m = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (KSUF(vtest)(KSUF(vl)(g->colmask8 + (size_t)c * 8), f)) m |= 1ULL << c;
    return m;
}

/* out = the neighbours of X */
KFN void KSUF(adj_of)(const flood_graph *g, const uint64_t *X, uint64_t *out)
{
    uint64_t xw[8] __attribute__((aligned(64))) = {0};
    memcpy(xw, X, (size_t)g->kw * 8);
    KSUF(vsw)(out, KSUF(k_union)(g->adj8, xw, g->kw, KSUF(vz)()), g->kw);
}

#ifndef KCELLS
KFN int KSUF(cells)(const flood_graph *g, const uint64_t *F)
{
    int n = 0;
    for (int wi = 0; wi < g->kw; wi++)
        for (uint64_t x = F[wi]; x; x &= x - 1) n += g->size[(wi << 6) + __builtin_ctzll(x)];
    return n;
}
#endif

#undef V
#undef KFN
#undef KIN
