/* Drawing for the terminal front end: the board with its coordinates, the
 * overlays (cursor, selection, hint, path lines, changed cells), the lines
 * around it (title and clock, status, message, the game's ID, the keys)
 * and the text helpers of the pages.
 *
 * A cell is 3 columns wide ("[X]" with the cursor, "(X)" selected, "{X}"
 * hinted) or 2 when the board would not fit otherwise (the brackets then
 * lie in the spaces between symbols), so every state is readable without
 * colour; on a board too large even for that, one column, the cursor and
 * the selection reversed and the cursor's row and column label
 * highlighted.  Column labels longer than a narrow cell are written
 * downwards on two rows.  With colour, a cell's palette index becomes its
 * colour; the symbol is always drawn as well.  Path lines use box
 * characters when the locale is UTF-8 and - | + otherwise.  The board has
 * a one-cell ring around it, blank unless a path (onet's link) runs there;
 * its rows above and below are left out when the board would not fit
 * otherwise.  A board that does not fit whole in one column per cell is
 * shown through a window that follows the cursor, arrows at its edges
 * telling where more of the board lies.
 *
 * Nothing is cut short silently: the title falls back to shorter forms,
 * the message wraps below the status line, the game's ID wraps onto a
 * second line or, on the title line, is elided with a visible mark, and a
 * board that does not fit even through a window is replaced by the size
 * the terminal needs. */
#include "tui.h"

#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DIR_U 1
#define DIR_D 2
#define DIR_L 4
#define DIR_R 8
#define ON_PATH 16
#define PATH_HEAD 32
#define PATH_END 64

/* The colours a palette index (a colour or kind of the game) is drawn in.
 * The first indices get a background colour each, distinct by colour
 * alone: sixteen on a terminal of 256 colours (the first sixteen of a
 * published set of easily told apart colours, Sasha Trubetskoy's "20
 * simple, distinct colors", each the nearest of the 256), else the seven
 * of the basic eight that differ from a dark background (the bright eight
 * of a 16-colour terminal are too close to their base ones to count as
 * other colours).  The next as many indices draw their symbol in the same
 * colours, bold, on the terminal's own background, so that no colour
 * stands for two things that look alike; beyond that the looks repeat and
 * the symbol, always drawn, tells them apart.  An empty cell with a
 * colour (a ball coming in Lines 98) takes its colour's symbol look. */
typedef struct look {
    short bg, fg; /* the background look's colours */
} look;
static const look looks256[] = {
    {160, 15}, {71, 0},  {220, 0}, {62, 15}, {208, 0}, {91, 15}, {81, 0},  {206, 0},
    {155, 0},  {218, 0}, {66, 15}, {183, 0}, {94, 15}, {230, 0}, {88, 15}, {157, 0},
};
static const look looks8[] = {
    {COLOR_RED, COLOR_WHITE},      {COLOR_GREEN, COLOR_BLACK}, {COLOR_YELLOW, COLOR_BLACK},
    {COLOR_BLUE, COLOR_WHITE},     {COLOR_MAGENTA, COLOR_WHITE}, {COLOR_CYAN, COLOR_BLACK},
    {COLOR_WHITE, COLOR_BLACK},
};
#define NLOOKS256 ((int)(sizeof looks256 / sizeof looks256[0]))
#define NLOOKS8 ((int)(sizeof looks8 / sizeof looks8[0]))

void tui_draw_init(tui *t)
{
    const char *cs = nl_langinfo(CODESET);
    t->utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
    if (!t->colour) return;
    start_color();
    use_default_colors();
    int wide = COLORS >= 256;
    const look *lk = wide ? looks256 : looks8;
    int n = wide ? NLOOKS256 : NLOOKS8;
    if (2 * n >= COLOR_PAIRS) n = (COLOR_PAIRS - 1) / 2;
    t->nlooks = n > 0 ? n : 0;
    for (int i = 0; i < t->nlooks; i++) {
        init_pair((short)(i + 1), lk[i].fg, lk[i].bg);
        /* the symbol look: the bright colour where the terminal has one */
        short fg = (short)(!wide && COLORS >= 16 ? lk[i].bg + 8 : lk[i].bg);
        init_pair((short)(t->nlooks + i + 1), fg, -1);
    }
}

/* The attributes of palette index colour; ghost: on an empty cell. */
static attr_t colour_attr(const tui *t, int colour, int ghost)
{
    if (!t->colour || colour <= 0 || t->nlooks < 1) return A_NORMAL;
    int k = (colour - 1) % (2 * t->nlooks);
    if (ghost && k < t->nlooks) k += t->nlooks;
    return COLOR_PAIR(k + 1) | (k >= t->nlooks ? A_BOLD : A_NORMAL);
}

void tui_views(const gl_game *g, const gl_board *b, gl_cell_view *views, int w, int h)
{
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            gl_cell_view *v = &views[r * w + c];
            v->sym = ' ';
            v->colour = 0;
            v->flags = 0;
            g->cell(b, r, c, v);
        }
}

/* Field by field: the struct has padding, which memcmp would read. */
int tui_view_eq(const gl_cell_view *a, const gl_cell_view *b)
{
    return a->sym == b->sym && a->colour == b->colour && a->flags == b->flags;
}

/* Puts one character: a box-drawing one for line shapes (dirs != 0),
 * else the plain byte c. */
static void put_line(const tui *t, int y, int x, int dirs, attr_t a)
{
    static const wchar_t *const box[16] = {
        L"\u2500", L"\u2502", L"\u2502", L"\u2502",  /* 0, U, D, UD */
        L"\u2500", L"\u2518", L"\u2510", L"\u2524",  /* L, UL, DL, UDL */
        L"\u2500", L"\u2514", L"\u250c", L"\u251c",  /* R, UR, DR, UDR */
        L"\u2500", L"\u2534", L"\u252c", L"\u253c"}; /* LR, ULR, DLR, all */
    dirs &= 15;
    attron(a);
    if (t->utf8) mvaddwstr(y, x, box[dirs]);
    else {
        int ch = (dirs == (DIR_U | DIR_D) || dirs == DIR_U || dirs == DIR_D) ? '|'
                 : (dirs & (DIR_U | DIR_D)) && (dirs & (DIR_L | DIR_R)) ? '+'
                                                                          : '-';
        mvaddch(y, x, (chtype)ch);
    }
    attroff(a);
}

static void put_ch(int y, int x, char c, attr_t a)
{
    attron(a);
    mvaddch(y, x, (chtype)(unsigned char)c);
    attroff(a);
}

static int in_list(const int *rc, int n, int r, int c)
{
    for (int i = 0; i < n; i++)
        if (rc[2 * i] == r && rc[2 * i + 1] == c) return 1;
    return 0;
}

/* The path's shape per ring-extended cell: which neighbours it joins. */
static void path_dirs(const tui_frame *f, unsigned char *dirs)
{
    int W = f->w + 2;
    for (int i = 0; i < f->npath; i++) {
        int r = f->path[2 * i], c = f->path[2 * i + 1];
        if (r < -1 || r > f->h || c < -1 || c > f->w) continue;
        unsigned char *d = &dirs[(r + 1) * W + (c + 1)];
        *d |= ON_PATH;
        if (i == f->npath - 1) *d |= PATH_HEAD;
        if (i == 0) *d |= PATH_END;
        for (int k = -1; k <= 1; k += 2) {
            int j = i + k;
            if (j < 0 || j >= f->npath) continue;
            int dr = f->path[2 * j] - r, dc = f->path[2 * j + 1] - c;
            if (dr == -1 && dc == 0) *d |= DIR_U;
            else if (dr == 1 && dc == 0) *d |= DIR_D;
            else if (dr == 0 && dc == -1) *d |= DIR_L;
            else if (dr == 0 && dc == 1) *d |= DIR_R;
        }
    }
}

/* The column's label: letters (a.., aa..) or, for a single row (tiles),
 * the cell's number, its notation. */
static void column_label(int h, int c, char *buf, size_t n)
{
    if (h == 1) snprintf(buf, n, "%d", c + 1);
    else {
        gl_cell_format(0, c, buf, n);
        buf[strcspn(buf, "0123456789")] = '\0';
    }
}

static int label_rows(int w, int h, int cw)
{
    char buf[16];
    column_label(h, w - 1, buf, sizeof buf); /* the last is the longest */
    return cw <= 2 && strlen(buf) > 1 ? 2 : 1;
}

/* The first row (or column) of a window of `view` over `total` that shows
 * cur, moved as little as possible from top, one more row kept in view
 * beyond the cursor where the window is large enough. */
static int follow(int cur, int top, int total, int view)
{
    int margin = view >= 5 ? 1 : 0;
    if (cur - margin < top) top = cur - margin;
    if (cur + margin >= top + view) top = cur + margin - view + 1;
    if (top > total - view) top = total - view;
    return top < 0 ? 0 : top;
}

/* A bold arrow: the wide character in a UTF-8 locale, else the byte. */
static void put_arrow(const tui *t, int y, int x, const wchar_t *wide, char plain)
{
    attron(A_BOLD);
    if (t->utf8) mvaddwstr(y, x, wide);
    else mvaddch(y, x, (chtype)(unsigned char)plain);
    attroff(A_BOLD);
}

static void draw_board(tui *t, const tui_frame *f, int oy, int ox)
{
    int cw = t->cw, w = f->w, h = f->h, nsel;
    int r0 = t->view_r, c0 = t->view_c, vh = t->view_h, vw = t->view_w;
    const int *sel = gl_play_selection(t->p, &nsel);
    unsigned char *dirs = calloc((size_t)(w + 2) * (size_t)(h + 2), 1);
    if (dirs) path_dirs(f, dirs);
    /* Coordinates: column labels above (downwards on two rows when they
     * are longer than a narrow cell), row numbers on the left; the
     * cursor's in bold (reversed in one-column cells, where it has no
     * brackets). */
    int two = label_rows(w, h, cw) == 2, ly = oy - t->ring - 1;
    attr_t here = cw == 1 ? A_BOLD | A_REVERSE : A_BOLD;
    for (int c = c0; c < c0 + vw; c++) {
        char buf[16];
        column_label(h, c, buf, sizeof buf);
        int x = ox + (c - c0) * cw + (cw == 3 ? 1 : 0);
        size_t len = strlen(buf);
        attr_t a = c == t->cur_c ? here : A_DIM;
        attron(a);
        if (two) {
            if (len > 1) mvaddch(ly - 1, x, (chtype)(unsigned char)buf[len - 2]);
            mvaddch(ly, x, (chtype)(unsigned char)buf[len - 1]);
        } else {
            if (len > 1 && cw > 1) x--;
            mvaddstr(ly, x, buf);
        }
        attroff(a);
    }
    if (h > 1)
        for (int r = r0; r < r0 + vh; r++) {
            attr_t a = r == t->cur_r ? here : A_DIM;
            attron(a);
            mvprintw(oy + r - r0, ox - cw - 4, "%3d", r + 1);
            attroff(a);
        }
    /* Where the window hides part of the board: arrows at its edges. */
    int xr = ox + vw * cw;
    if (r0 > 0) put_arrow(t, oy, xr, L"\u2191", '^');
    if (r0 + vh < h) put_arrow(t, oy + vh - 1, xr, L"\u2193", 'v');
    if (c0 > 0) put_arrow(t, ly, ox - cw, L"\u2190", '<');
    if (c0 + vw < w) put_arrow(t, ly, xr, L"\u2192", '>');
    /* The cells in the window, and the ring around the board where the
     * window reaches the board's edge. */
    int rlo = r0 > 0 ? r0 : -t->ring, rhi = r0 + vh < h ? r0 + vh : h + t->ring;
    int clo = c0 > 0 ? c0 : -1, chi = c0 + vw < w ? c0 + vw - 1 : w;
    for (int r = rlo; r < rhi; r++) {
        for (int c = clo; c <= chi; c++) {
            int inside = r >= 0 && r < h && c >= 0 && c < w;
            unsigned char d = dirs ? dirs[(r + 1) * (w + 2) + (c + 1)] : 0;
            if (!inside && !(d & ON_PATH)) continue;
            gl_cell_view v = {' ', 0, GL_CELL_EMPTY};
            if (inside) v = f->views[r * w + c];
            int y = oy + r - r0, x = ox + (c - c0) * cw;
            attr_t a = A_NORMAL;
            if (inside && v.colour > 0) a |= colour_attr(t, v.colour, (v.flags & GL_CELL_EMPTY) != 0);
            if (v.flags & GL_CELL_BLOCKED) a |= A_BOLD;
            if (v.flags & GL_CELL_MARKED) a |= A_UNDERLINE;
            if ((v.flags & GL_CELL_EMPTY) && !(d & ON_PATH) && !(inside && v.colour > 0 && t->colour)) a |= A_DIM;
            if (inside && f->fresh && f->fresh[r * w + c]) a |= A_REVERSE | A_BOLD;
            int cursor = r == t->cur_r && c == t->cur_c;
            int selected = in_list(sel, nsel, r, c);
            int marked = in_list(f->marks, f->nmarks, r, c);
            char lc = ' ', rc = ' ';
            if (cursor) lc = '[', rc = ']';
            else if (selected) lc = '(', rc = ')';
            else if (marked) lc = '{', rc = '}';
            if (cursor || selected || marked) a |= A_BOLD;
            /* A selected symbol is also reversed: the cursor stands on the
             * cell just picked (a click moves it there), and its brackets
             * would hide the selection's.  Without brackets (one column)
             * the cursor is reversed too and the hint underlined. */
            attr_t sym_a = selected ? a | A_REVERSE : a;
            if (cw == 1 && cursor) sym_a |= A_REVERSE;
            if (cw == 1 && marked) sym_a |= A_UNDERLINE;
            /* The symbol position: the line where the path crosses an
             * empty cell, the ball at the head of a travelling path. */
            int sx = x + (cw == 3 ? 1 : 0);
            attr_t pa = (a & ~(attr_t)(A_DIM | A_UNDERLINE)) | A_BOLD;
            if ((d & ON_PATH) && (d & PATH_HEAD) && f->path_ball) {
                put_ch(y, sx, (char)f->path_ball, pa);
            } else if ((d & ON_PATH) &&
                       (f->path_ball ? !(d & PATH_HEAD)
                                     : ((v.flags & GL_CELL_EMPTY) || !inside) &&
                                           !(f->path_whole && (d & (PATH_HEAD | PATH_END))))) {
                put_line(t, y, sx, d, pa);
            } else {
                put_ch(y, sx, v.sym ? v.sym : ' ', sym_a);
            }
            /* The side columns: brackets, or the path's horizontal run.
             * In a narrow cell the brackets stand in the gaps on either
             * side of the symbol (the gap on the left is the cell's own
             * column; the one on the right, the next cell's). */
            attr_t ba = a & ~(attr_t)(A_UNDERLINE | A_REVERSE);
            if (cw == 3) {
                if (lc == ' ' && (d & DIR_L)) put_line(t, y, x, DIR_L | DIR_R, pa);
                else put_ch(y, x, lc, a);
                if (rc == ' ' && (d & DIR_R)) put_line(t, y, x + 2, DIR_L | DIR_R, pa);
                else put_ch(y, x + 2, rc, a);
            } else if (cw == 2) {
                if (rc == ' ' && (d & DIR_R)) put_line(t, y, x + 1, DIR_L | DIR_R, pa);
                else if (rc != ' ') put_ch(y, x + 1, rc, ba);
                if (lc != ' ') put_ch(y, x - 1, lc, ba);
            }
        }
    }
    free(dirs);
}

int tui_line(int y, int x, const char *s, attr_t a)
{
    if (y < 0 || y >= LINES) return y + 1;
    move(y, x);
    clrtoeol();
    attron(a);
    if (COLS > x) mvaddnstr(y, x, s, COLS - x);
    attroff(a);
    return y + 1;
}

/* Text broken at spaces to the screen's width from row y down to (not
 * including) row bottom; with draw 0 nothing is drawn and the row after
 * the text is returned, as if bottom were unlimited.  Text that does not
 * fit ends its last row in "...", cut at a space to make room. */
static int text_rows(int y, int x, int indent, const char *text, attr_t a, int bottom, int draw)
{
    const char *p = text;
    int first = 1;
    while (*p && (!draw || y < bottom)) {
        if (*p == '\n') { /* the text's own line breaks */
            p++;
            first = 0;
            continue;
        }
        int at = first ? x : indent;
        int width = COLS - at - 1;
        if (width < 10) width = 10;
        int n = (int)strcspn(p, "\n");
        int more = 0; /* the last row there is, and text beyond it */
        if (draw && y == bottom - 1) {
            const char *rest = p + n;
            while (*rest == ' ' || *rest == '\n') rest++;
            more = n > width || *rest;
            if (more && width > 14) width -= 4; /* room for " ..." */
        }
        if (n > width) {
            int cut = width;
            while (cut > 0 && p[cut] != ' ') cut--;
            n = cut > 0 ? cut : width;
        }
        if (draw) {
            move(y, at);
            clrtoeol();
            attron(a);
            mvaddnstr(y, at, p, n);
            if (more) addstr(" ...");
            attroff(a);
        }
        y++;
        p += n;
        while (*p == ' ') p++;
        first = 0;
    }
    return y;
}

int tui_text(int y, int x, int indent, const char *text, attr_t a, int bottom)
{
    return text_rows(y, x, indent, text, a, bottom, 1);
}

void tui_clock(long long ms, char *buf, size_t n)
{
    long long s = ms < 0 ? 0 : ms / 1000;
    if (s >= 3600) snprintf(buf, n, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else snprintf(buf, n, "%lld:%02lld", s / 60, s % 60);
}

/* The colour a symbol has on this board: a cell showing it, else (for a
 * digit) its value where every digit on the board is coloured so (lines'
 * balls), else none. */
static int symbol_colour(const tui_frame *f, char sym)
{
    int digits_are_values = 1, any_digit = 0;
    for (int i = 0; i < f->w * f->h; i++) {
        const gl_cell_view *v = &f->views[i];
        if (v->sym == sym && v->colour > 0 && !(v->flags & GL_CELL_EMPTY)) return v->colour;
        if (v->sym >= '0' && v->sym <= '9' && !(v->flags & GL_CELL_EMPTY)) {
            any_digit = 1;
            if (v->colour != v->sym - '0') digits_are_values = 0;
        }
    }
    if (sym >= '1' && sym <= '9' && any_digit && digits_are_values) return sym - '0';
    return 0;
}

/* The status line, with the symbols of a `next` field (the coming balls
 * in lines) drawn in the colours the board gives them. */
static void draw_status(const tui *t, const tui_frame *f, int y, const char *s, attr_t a)
{
    tui_line(y, 0, s, a);
    if (!t->colour) return;
    const char *next = strstr(s, "next ");
    if (!next) return;
    for (const char *c = next + 5; *c && !(c[0] == ' ' && c[1] == ' '); c++) {
        int x = (int)(c - s);
        if (*c == ' ' || x >= COLS) continue;
        int colour = symbol_colour(f, *c);
        if (colour > 0) put_ch(y, x, *c, a | colour_attr(t, colour, 0));
    }
}

/* The title, as long as it fits beside what stands on its right. */
static void draw_title(const gl_game *g, const char *right)
{
    int room = COLS - (int)strlen(right) - 2;
    char buf[512];
    snprintf(buf, sizeof buf, "gridlab %s - %s", g->name, g->summary);
    if ((int)strlen(buf) > room) { /* the summary's name only: "Flood-It", "Color Lines" */
        size_t n = strcspn(g->summary, ":");
        snprintf(buf, sizeof buf, "gridlab %s - %.*s", g->name, (int)n, g->summary);
    }
    if ((int)strlen(buf) > room) snprintf(buf, sizeof buf, "gridlab %s", g->name);
    if ((int)strlen(buf) > room) snprintf(buf, sizeof buf, "%s", g->name);
    tui_line(0, 0, buf, A_BOLD);
    /* the clock where it fits beside the name */
    if ((int)strlen(buf) <= room) mvaddstr(0, COLS - (int)strlen(right), right);
}

/* The game's ID after "ID ", broken for the width: after a comma or the
 * colon, or before the '#', as late as a row allows (a hard cut only
 * where there is no such place); the rows after the first are indented
 * under the ID.  Fills start[] and len[] (at most max rows); returns the
 * number of rows. */
#define ID_INDENT 3
static int id_rows(const char *text, int width, int *start, int *len, int max)
{
    int n = 0, at = 0, total = (int)strlen(text);
    if (width < ID_INDENT + 10) width = ID_INDENT + 10;
    while (at < total && n < max) {
        int room = n == 0 ? width : width - ID_INDENT, k = total - at;
        if (k > room) {
            k = room;
            while (k > 0 && text[at + k - 1] != ',' && text[at + k - 1] != ':' && text[at + k] != '#') k--;
            if (k <= 0) k = room;
        }
        start[n] = at;
        len[n] = k;
        n++;
        at += k;
    }
    return n;
}

/* "ID " and the ID in at most width columns: whole, or with a part of its
 * parameters left out and marked (an ellipsis, "..." without UTF-8), so
 * that what is shown never reads as another ID; the seed is kept. */
static void id_elided(const tui *t, const char *id, int width, char *out, size_t n)
{
    const char *ell = t->utf8 ? "\u2026" : "...";
    int ellw = t->utf8 ? 1 : 3, len = (int)strlen(id);
    if (ID_INDENT + len <= width) {
        snprintf(out, n, "ID %s", id);
        return;
    }
    const char *seed = strrchr(id, '#');
    int seedw = seed ? (int)strlen(seed) : 0;
    int head = width - ID_INDENT - ellw - seedw;
    if (seed && head >= (int)strcspn(id, ":") + 1) snprintf(out, n, "ID %.*s%s%s", head, id, ell, seed);
    else if (width - ID_INDENT - ellw > 0) snprintf(out, n, "ID %.*s%s", width - ID_INDENT - ellw, id, ell);
    else snprintf(out, n, "%s", ell);
}

/* An elided ID on line y: drawn whole, its width (not its bytes: the
 * ellipsis takes three) kept within the screen by id_elided. */
static void id_line(int y, const char *text, attr_t a)
{
    move(y, 0);
    clrtoeol();
    attron(a);
    mvaddstr(y, 0, text);
    attroff(a);
}

/* "ID " and the game's ID (or why there is none) into buf; returns the
 * lines it takes on lines of its own, wrapped to the screen. */
static int id_text(const tui *t, char *buf, size_t n)
{
    const char *id = gl_play_id(t->p);
    if (id[0]) snprintf(buf, n, "ID %s", id);
    else snprintf(buf, n, "ID (none: a board read without one)");
    int start[8], len[8];
    return id_rows(buf, COLS, start, len, 8);
}

/* Chooses the layout for a WxH board on this terminal: the cell width,
 * the ring's rows, and the window (all of the board, or the part around
 * the cursor when it is larger than the terminal). */
#define MIN_VIEW 3
static void layout(tui *t, int w, int h, int idrows)
{
    int label_w = h > 1 ? 4 : 0;
    /* cell width, ring: the whole board, in narrower cells, then without
     * the ring's rows and with the ID on the title line */
    static const int layouts[][2] = {{3, 1}, {2, 1}, {3, 0}, {2, 0}, {1, 0}};
    for (int k = 0; k < 5; k++) {
        t->cw = layouts[k][0];
        t->ring = layouts[k][1];
        int rows = label_rows(w, h, t->cw);
        t->need_w = label_w + (w + 2) * t->cw;
        t->need_h = h + rows + 5 + 3 * t->ring + (t->ring ? idrows - 1 : 0);
        if (t->need_w <= COLS && t->need_h <= LINES) {
            t->fits = 1;
            t->view_r = t->view_c = 0;
            t->view_h = h;
            t->view_w = w;
            return;
        }
    }
    /* A window over the board, in the widest cells that take its whole
     * width (if any do): it scrolls with the cursor. */
    t->ring = 0;
    t->cw = 3;
    while (t->cw > 1 && label_w + (w + 2) * t->cw > COLS) t->cw--;
    int rows = label_rows(w, h, t->cw);
    t->view_w = (COLS - label_w) / t->cw - 2;
    if (t->view_w > w) t->view_w = w;
    t->view_h = LINES - rows - 5;
    if (t->view_h > h) t->view_h = h;
    int mw = w < MIN_VIEW ? w : MIN_VIEW, mh = h < MIN_VIEW ? h : MIN_VIEW;
    /* the sizes said when even that is too small: the smallest window's */
    t->need_w = label_w + mw + 2;
    t->need_h = mh + label_rows(w, h, 1) + 5;
    t->fits = t->view_w >= mw && t->view_h >= mh;
    if (!t->fits) return;
    t->view_r = follow(t->cur_r, t->view_r, h, t->view_h);
    t->view_c = follow(t->cur_c, t->view_c, w, t->view_w);
}

void tui_draw(tui *t, const tui_frame *f)
{
    erase();
    int w = f->w, h = f->h;
    const gl_game *g = gl_play_game(t->p);
    char buf[1024], clock[32], played[48];

    tui_clock((long long)gl_play_elapsed_ms(t->p), clock, sizeof clock);
    snprintf(played, sizeof played, "time %s", clock);
    draw_title(g, played);

    /* Layout: title, column labels (one or two rows), ring, h rows, ring,
     * then the status and two lines at least for the message (the first
     * one of a game takes two at 80 columns), and at the bottom the
     * game's ID (wrapped when it is longer than a line) and the keys.
     * When that does not fit, the cells narrow, then the ring's rows go
     * (a link through them is then not drawn there) and the ID moves up
     * to the title's line, so a board of 18 rows still fits 24 lines;
     * then the cells take one column; then a window of the board follows
     * the cursor. */
    char idbuf[GL_ID_MAX + 64];
    int idrows = id_text(t, idbuf, sizeof idbuf);
    layout(t, w, h, idrows);
    if (!t->fits) { /* the sizes said are the smallest window's */
        snprintf(buf, sizeof buf,
                 "The %dx%d board needs a %dx%d terminal (this one is %dx%d): make it larger, or "
                 "m for the menu, q to quit.",
                 w, h, t->need_w, t->need_h, COLS, LINES);
        /* two lines for the message above the ID and the keys, when a line
         * is left for this text between the title and the status */
        t->msg_y = LINES - 4 >= 3 ? LINES - 4 : LINES - 3;
        /* shorter when the rows between the title and the status do not
         * hold it (a tiny terminal), on the title when there are none */
        if (text_rows(1, 0, 0, buf, A_BOLD, 0, 0) > t->msg_y - 1)
            snprintf(buf, sizeof buf, "The board needs %dx%d.", t->need_w, t->need_h);
        if (text_rows(1, 0, 0, buf, A_BOLD, 0, 0) > t->msg_y - 1)
            snprintf(buf, sizeof buf, "needs %dx%d", t->need_w, t->need_h);
        if (tui_text(1, 0, 0, buf, A_BOLD, t->msg_y - 1) == 1) {
            snprintf(buf, sizeof buf, "too small: needs %dx%d", t->need_w, t->need_h);
            tui_line(0, 0, buf, A_BOLD);
        }
        idrows = 1;
    } else {
        int rows = label_rows(w, h, t->cw);
        t->oy = 1 + rows + t->ring;
        t->ox = (h > 1 ? 4 : 0) + t->cw;
        draw_board(t, f, t->oy, t->ox);
        t->msg_y = t->oy + t->view_h + t->ring + 1;
    }

    /* Status: the game's own line (score, moves, level...), then the clock
     * when the board has one; reversed once the game is over. */
    gl_strbuf sb = GL_STRBUF_INIT;
    g->status_line(gl_play_board(t->p), &sb);
    long long left_ms = gl_play_time_left_ms(t->p);
    if (left_ms >= 0) {
        tui_clock(left_ms + 999, clock, sizeof clock);
        gl_sb_printf(&sb, "  time left %s", clock);
    }
    gl_status st = gl_play_status(t->p);
    if (left_ms == 0 && st == GL_LOST) gl_sb_puts(&sb, "  TIME UP");
    draw_status(t, f, t->msg_y - 1, gl_sb_str(&sb), st == GL_PLAYING ? A_BOLD : A_BOLD | A_REVERSE);
    gl_sb_free(&sb);
    /* The game's ID, always on screen: on lines of its own above the keys
     * (the best result on the right of its last), or in the compact
     * layout (no ring rows) on the title's line, elided there when it is
     * too long, so that the message keeps two lines. */
    int compact = t->fits && !t->ring;
    if (compact) {
        int room = COLS - (int)strlen(played) - 2, clock_too = room >= 24;
        id_elided(t, gl_play_id(t->p), clock_too ? room : COLS, buf, sizeof buf);
        if (!gl_play_id(t->p)[0]) snprintf(buf, sizeof buf, "%s", idbuf);
        id_line(0, buf, A_BOLD);
        if (clock_too) mvaddstr(0, COLS - (int)strlen(played), played);
    }

    /* The message, wrapped down to the ID's lines (the keys in the compact
     * layout). */
    int msg_end = compact ? LINES - 1 : LINES - 1 - idrows;
    for (int y = t->msg_y; y < msg_end; y++) tui_line(y, 0, "", A_NORMAL);
    tui_text(t->msg_y, 0, 2, t->msg, t->msg_bad ? A_BOLD | A_UNDERLINE : A_NORMAL, msg_end);

    if (!compact) {
        int start[8], len[8], n = id_rows(idbuf, COLS, start, len, 8), last = 0;
        if (n > idrows) { /* a hidden board leaves it one line: elided */
            id_elided(t, gl_play_id(t->p), COLS, buf, sizeof buf);
            if (!gl_play_id(t->p)[0]) snprintf(buf, sizeof buf, "%s", idbuf);
            id_line(msg_end, buf, A_DIM);
            last = (int)strlen(buf);
        } else {
            for (int i = 0; i < n; i++) {
                int x = i ? ID_INDENT : 0;
                move(msg_end + i, 0);
                clrtoeol();
                attron(A_DIM);
                mvaddnstr(msg_end + i, x, idbuf + start[i], len[i]);
                attroff(A_DIM);
                last = x + len[i];
            }
        }
        if (t->scores_key[0]) {
            const gl_score *best[1];
            if (gl_scores_table(&t->scores, g->name, t->scores_key, best, 1) == 1) {
                char v[64], right[96];
                gl_score_format_value(g, best[0]->kind, best[0]->value, v, sizeof v);
                snprintf(right, sizeof right, "best %s", v);
                int x = COLS - (int)strlen(right);
                if (x > last + 1) mvaddstr(LINES - 2, x, right);
            }
        }
    }

    /* The keys, shorter on a narrow terminal; menu, help and quit always. */
    static const char *const bars[] = {
        ("arrows/HJKL move  Enter/click pick  :move  u/r undo/redo  h hint  S solve  s save  n new  "
         "m menu  ? help  q quit"),
        "arrows, Enter, click  :move  u/r undo/redo  h hint  S solve  s save  n new  m menu  ? help  q quit",
        ":move  u/r undo/redo  h hint  S solve  s save  n new  m menu  ? help  q quit",
        "m menu  ? help  q quit",
    };
    size_t nb = sizeof bars / sizeof bars[0], k = 0;
    while (k + 1 < nb && strlen(bars[k]) > (size_t)COLS) k++;
    tui_line(LINES - 1, 0, bars[k], A_REVERSE);
    refresh();
}

int tui_hit(const tui *t, int y, int x, int *r, int *c)
{
    if (!t->fits) return 0;
    int w, h;
    gl_play_game(t->p)->dims(gl_play_board(t->p), &w, &h);
    int rr = y - t->oy;
    if (x < t->ox || rr < 0 || rr >= t->view_h) return 0;
    int cc = (x - t->ox) / t->cw;
    if (cc >= t->view_w) return 0;
    rr += t->view_r;
    cc += t->view_c;
    if (rr >= h || cc >= w) return 0;
    *r = rr;
    *c = cc;
    return 1;
}
