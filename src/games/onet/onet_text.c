/* Onet text format (SPEC 1 and 2.4): parse, format, and the drawing.
 *
 *     onet size=WxH border=1 goal=all [bombs=B] [level=N] [time=S] rng=HEX
 *     ab..
 *     *@@b
 *
 * Every kind (the obstacle '@' included) must have an even number of tiles,
 * or the board could never be cleared; the message names the last row that
 * holds the odd kind. */
#include "onet.h"

#include <string.h>

gl_board *onet_parse(gl_text *t, gl_error *err)
{
    int w = 0, h = 0, border = 1, goal = 0;
    long long level = 0, time_s = 0, bombs = -1;
    if (!gl_kv_find(&t->keys, "size")) {
        gl_text_error(t, t->header_line, err, "missing size=WxH");
        return NULL;
    }
    /* the header's parameters through the table: the ranges of `new` and IDs */
    gl_params pv;
    if (gl_params_read_keys(onet_params, ONET_NPARAMS, "size border goal level time bombs", &t->keys, &pv, err) != 0)
        return NULL;
    gl_param_size(&pv, "size", &w, &h);
    border = gl_param_choice(&pv, "border", border);
    goal = gl_param_choice(&pv, "goal", goal);
    level = gl_param_int(&pv, "level", level);
    time_s = gl_param_int(&pv, "time", time_s);
    bombs = gl_param_int(&pv, "bombs", bombs);
    const char *hex = gl_kv_get(&t->keys, "rng");
    gl_rng rng;
    if (hex && gl_rng_from_hex(&rng, hex) != 0) {
        gl_text_error(t, t->header_line, err, "rng=%.20s...: expected 64 hex digits (not all zero)", hex);
        return NULL;
    }
    if (gl_text_check_keys(t, err) != 0) return NULL;
    if (gl_text_expect_rows(t, h, err) != 0) return NULL;
    onet_board *b = onet_alloc(w, h, border);
    if (!b) {
        gl_error_set(err, "out of memory");
        return NULL;
    }
    b->goal = goal;
    b->level = (int)level;
    b->time_s = (int)time_s;
    if (hex) b->rng = rng;
    int count[ONET_NKINDS] = {0}, last_line[ONET_NKINDS] = {0}, stars = 0;
    for (int r = 0; r < h; r++) {
        const gl_text_row *row = &t->rows[r];
        if (row->len != w) {
            gl_text_error(t, row->line, err, "row of %d cells: expected %d (size=%dx%d)", row->len, w, w, h);
            goto bad;
        }
        for (int c = 0; c < w; c++) {
            char ch = row->text[c];
            uint8_t v;
            if (ch == '.') v = ONET_EMPTY;
            else if (ch == '*') {
                v = ONET_BOMB;
                stars++;
            }
            else {
                int k = onet_symbol_kind(ch);
                if (k < 0) {
                    char q[5];
                    gl_text_error(t, row->line, err,
                                  "column %d: unknown symbol '%s' (expected . * @ a-z A-Z 0-9)", c + 1,
                                  gl_escape_byte(ch, q));
                    goto bad;
                }
                count[k]++;
                last_line[k] = row->line;
                v = (uint8_t)(ONET_KIND0 + k);
            }
            b->g[onet_at(b, r, c)] = v;
        }
    }
    b->bombs = bombs >= 0 ? (int)bombs : stars; /* without the key: keep what is there */
    for (int k = 0; k < ONET_NKINDS; k++)
        if (count[k] % 2) {
            gl_text_error(t, last_line[k], err, "%d tiles of kind '%c': every kind needs an even number",
                          count[k], ONET_SYMBOLS[k]);
            goto bad;
        }
    return (gl_board *)b;
bad:
    onet_free(b);
    return NULL;
}

void onet_format(const gl_board *gb, gl_strbuf *out)
{
    const onet_board *b = (const onet_board *)gb;
    char hex[GL_RNG_HEX_LEN + 1];
    gl_rng_to_hex(&b->rng, hex);
    gl_sb_printf(out, "onet size=%dx%d border=%d goal=%s", b->w, b->h, b->border,
                 b->goal == ONET_GOAL_ALL ? "all" : "obstacles");
    int stars = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) stars += b->g[onet_at(b, r, c)] == ONET_BOMB;
    /* Written whenever it could matter, so a save reads back the same. */
    if (b->bombs || stars) gl_sb_printf(out, " bombs=%d", b->bombs);
    if (b->level) gl_sb_printf(out, " level=%d", b->level);
    if (b->time_s) gl_sb_printf(out, " time=%d", b->time_s);
    gl_sb_printf(out, " rng=%s\n", hex);
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) {
            uint8_t v = b->g[onet_at(b, r, c)];
            gl_sb_putc(out, v == ONET_EMPTY ? '.' : v == ONET_BOMB ? '*' : ONET_SYMBOLS[v - ONET_KIND0]);
        }
        gl_sb_putc(out, '\n');
    }
}

/* Column letters on top, row numbers on the left; with colour every kind
 * gets one of 12 foreground colours (bold for the second 12), obstacles
 * are reversed and bombs red. */
void onet_render(const gl_board *gb, gl_strbuf *out, int flags)
{
    const onet_board *b = (const onet_board *)gb;
    static const int fg[6] = {31, 32, 33, 34, 35, 36};
    gl_sb_puts(out, "    ");
    for (int c = 0; c < b->w; c++) {
        char cell[16];
        gl_cell_format(0, c, cell, sizeof cell);
        cell[strcspn(cell, "0123456789")] = '\0';
        gl_sb_printf(out, "%-2s", cell);
    }
    gl_sb_putc(out, '\n');
    for (int r = 0; r < b->h; r++) {
        gl_sb_printf(out, "%3d ", r + 1);
        for (int c = 0; c < b->w; c++) {
            uint8_t v = b->g[onet_at(b, r, c)];
            char ch = v == ONET_EMPTY ? '.' : v == ONET_BOMB ? '*' : ONET_SYMBOLS[v - ONET_KIND0];
            if (!(flags & GL_RENDER_COLOR) || v == ONET_EMPTY) {
                gl_sb_printf(out, "%c ", ch);
            } else if (v == ONET_BOMB) {
                gl_sb_printf(out, "\033[1;31m%c\033[0m ", ch);
            } else if (v == ONET_KIND0 + ONET_OBSTACLE) {
                gl_sb_printf(out, "\033[7m%c\033[0m ", ch);
            } else {
                int k = v - ONET_KIND0;
                gl_sb_printf(out, "\033[%d;%dm%c\033[0m ", (k / 6) % 2, fg[k % 6], ch);
            }
        }
        gl_sb_putc(out, '\n');
    }
}
