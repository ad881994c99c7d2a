/* Tiles rules: the row as bits, the pairs count and the heuristics, the
 * successors (the game table: tiles_game.c). */
#include "tiles.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* Pairs within one byte of the row: blacks (bits of b) left of whites
 * (bits of w), and bit counts.  Written once, before first use, under
 * call_once; read-only after that. */
static unsigned char pair_table[256][256];
static unsigned char pop_table[256];
static once_flag tables_once = ONCE_FLAG_INIT;

static void build_tables(void)
{
    for (int b = 0; b < 256; b++) {
        int c = 0;
        for (int i = 0; i < 8; i++) c += (b >> i) & 1;
        pop_table[b] = (unsigned char)c;
        for (int w = 0; w < 256; w++) {
            if (b & w) continue;
            int seen = 0, h = 0;
            for (int i = 0; i < 8; i++) {
                if ((b >> i) & 1) seen++;
                else if ((w >> i) & 1) h += seen;
            }
            pair_table[b][w] = (unsigned char)h;
        }
    }
}

void tiles_init(void) { call_once(&tables_once, build_tables); }

int tiles_pairs(uint64_t s, int len)
{
    tiles_init();
    uint64_t blacks = tiles_blacks(s);
    uint64_t whites = ~blacks & ((1ULL << len) - 1) & ~(1ULL << tiles_empty(s));
    int h = 0, seen = 0;
    for (int sh = 0; sh < len; sh += 8) {
        unsigned b = (unsigned)(blacks >> sh) & 0xff, w = (unsigned)(whites >> sh) & 0xff;
        h += seen * pop_table[w] + pair_table[b][w];
        seen += pop_table[b];
    }
    return h;
}

int tiles_is_goal(uint64_t s, int len) { return tiles_pairs(s, len) == 0; }

int tiles_h_strong_p(uint64_t s, int hop, int pairs, int len)
{
    if (pairs == 0) return 0;
    uint64_t blacks = tiles_blacks(s);
    int e = tiles_empty(s);
    /* An efficient move hops k >= 1 tiles of the other colour in the
     * direction that resolves each pair: a black jumping right over whites,
     * or a white jumping left over blacks. */
    for (int k = 1; k <= hop; k++) {
        int from = e - k - 1;
        if (from >= 0 && ((blacks >> from) & 1)) {
            uint64_t between = ((1ULL << k) - 1) << (from + 1);
            if ((blacks & between) == 0) return pairs;
        }
        from = e + k + 1;
        if (from < len && !((blacks >> from) & 1)) {
            uint64_t between = ((1ULL << k) - 1) << (e + 1);
            if ((blacks & between) == between) return pairs;
        }
    }
    return pairs + 1;
}

int tiles_h_strong(uint64_t s, int len, int hop) { return tiles_h_strong_p(s, hop, tiles_pairs(s, len), len); }

int tiles_pairs_delta(uint64_t s, int from)
{
    uint64_t blacks = tiles_blacks(s);
    int e = tiles_empty(s);
    int lo = from < e ? from : e, hi = from < e ? e : from;
    int nb = 0, n = hi - lo - 1;
    for (int i = lo + 1; i < hi; i++) nb += (int)((blacks >> i) & 1);
    int nw = n - nb;
    if ((blacks >> from) & 1) return from < e ? -nw : nw; /* a black passing whites */
    return from > e ? -nb : nb;                            /* a white passing blacks */
}

int tiles_successors(uint64_t s, int len, int hop, uint64_t *succ, int *cost, gl_move *mv)
{
    uint64_t blacks = tiles_blacks(s);
    int e = tiles_empty(s);
    int n = 0;
    for (int d = 1; d <= hop + 1; d++) {
        for (int side = -1; side <= 1; side += 2) {
            int from = e + side * d;
            if (from < 0 || from >= len) continue;
            uint64_t nb = blacks;
            if ((blacks >> from) & 1) nb = (blacks & ~(1ULL << from)) | (1ULL << e);
            succ[n] = tiles_pack(nb, from);
            cost[n] = d == 1 ? 1 : d - 1;
            mv[n].a = from;
            mv[n].b = e;
            mv[n].c = 0;
            n++;
        }
    }
    return n;
}

void tiles_row(uint64_t s, int len, char *buf)
{
    uint64_t blacks = tiles_blacks(s);
    int e = tiles_empty(s);
    for (int i = 0; i < len; i++) buf[i] = i == e ? '_' : ((blacks >> i) & 1) ? 'B' : 'W';
    buf[len] = '\0';
}
