/* Drawing for the terminal front end: the board with its coordinates, the
 * overlays (cursor, selection, hint, path lines, changed cells), the status
 * lines and the help screen.
 *
 * A cell is 3 columns wide ("[X]" with the cursor, "(X)" selected, "{X}"
 * hinted) or 2 when the board would not fit otherwise, so every state is
 * readable without colour.  With colour, a cell's palette index becomes its
 * background; the symbol is always drawn as well.  Path lines use box
 * characters when the locale is UTF-8 and - | + otherwise.  The board has a
 * one-cell ring around it, blank unless a path (onet's link) runs there. */
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

/* Backgrounds for palette indices 1.. (cycled); the text colour is chosen
 * for contrast.  Bright variants are used only when the terminal has them. */
static const short palette_bg[] = {COLOR_RED,  COLOR_GREEN,    COLOR_YELLOW, COLOR_BLUE,
                                   COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE};
static const short palette_fg[] = {COLOR_WHITE, COLOR_BLACK, COLOR_BLACK, COLOR_WHITE,
                                   COLOR_WHITE, COLOR_BLACK, COLOR_BLACK};
#define NBASE ((int)(sizeof palette_bg / sizeof palette_bg[0]))

static int npalette(void) { return COLORS >= 16 ? 2 * NBASE : NBASE; }

void tui_draw_init(tui *t)
{
    const char *cs = nl_langinfo(CODESET);
    t->utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
    if (!t->colour) return;
    start_color();
    use_default_colors();
    for (int i = 0; i < npalette() && i + 1 < COLOR_PAIRS; i++) {
        int k = i % NBASE;
        short bg = (short)(palette_bg[k] + (i >= NBASE ? 8 : 0));
        init_pair((short)(i + 1), palette_fg[k], bg);
    }
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

static void draw_board(tui *t, const tui_frame *f, int oy, int ox)
{
    int cw = t->cw, w = f->w, h = f->h, nsel;
    const int *sel = gl_play_selection(t->p, &nsel);
    unsigned char *dirs = calloc((size_t)(w + 2) * (size_t)(h + 2), 1);
    if (dirs) path_dirs(f, dirs);
    /* Coordinates: column letters (or cell numbers for a single row, the
     * tiles notation) above, row numbers on the left. */
    for (int c = 0; c < w; c++) {
        char buf[16];
        if (h == 1) snprintf(buf, sizeof buf, "%d", c + 1);
        else {
            gl_cell_format(0, c, buf, sizeof buf);
            buf[strcspn(buf, "0123456789")] = '\0';
        }
        int x = ox + c * cw + (cw == 3 ? 1 : 0);
        if (strlen(buf) > 1 && cw == 3) x--;
        attron(A_DIM);
        mvaddstr(oy - 2, x, buf);
        attroff(A_DIM);
    }
    if (h > 1)
        for (int r = 0; r < h; r++) {
            attron(A_DIM);
            mvprintw(oy + r, ox - cw - 4, "%3d", r + 1);
            attroff(A_DIM);
        }
    for (int r = -1; r <= h; r++) {
        for (int c = -1; c <= w; c++) {
            int inside = r >= 0 && r < h && c >= 0 && c < w;
            unsigned char d = dirs ? dirs[(r + 1) * (w + 2) + (c + 1)] : 0;
            if (!inside && !(d & ON_PATH)) continue;
            gl_cell_view v = {' ', 0, GL_CELL_EMPTY};
            if (inside) v = f->views[r * w + c];
            int y = oy + r, x = ox + c * cw;
            attr_t a = A_NORMAL;
            if (inside && t->colour && v.colour > 0 && !(v.flags & GL_CELL_EMPTY))
                a |= COLOR_PAIR((v.colour - 1) % npalette() + 1);
            if (v.flags & GL_CELL_BLOCKED) a |= A_BOLD;
            if (v.flags & GL_CELL_MARKED) a |= A_UNDERLINE;
            if ((v.flags & GL_CELL_EMPTY) && !(d & ON_PATH)) a |= A_DIM;
            if (inside && f->fresh && f->fresh[r * w + c]) a |= A_REVERSE | A_BOLD;
            int cursor = r == t->cur_r && c == t->cur_c;
            int selected = in_list(sel, nsel, r, c);
            int marked = in_list(f->marks, f->nmarks, r, c);
            char lc = ' ', rc = ' ';
            if (cursor) lc = '[', rc = ']';
            else if (selected) lc = '(', rc = ')';
            else if (marked) lc = '{', rc = '}';
            if (cursor || selected || marked) a |= A_BOLD;
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
                put_ch(y, sx, v.sym ? v.sym : ' ', a);
            }
            /* The side columns: brackets, or the path's horizontal run. */
            if (cw == 3) {
                if (lc == ' ' && (d & DIR_L)) put_line(t, y, x, DIR_L | DIR_R, pa);
                else put_ch(y, x, lc, a);
            }
            if (rc == ' ' && (d & DIR_R)) put_line(t, y, x + cw - 1, DIR_L | DIR_R, pa);
            else put_ch(y, x + cw - 1, rc, a);
        }
    }
    free(dirs);
}

static void line_at(int y, const char *s, attr_t a)
{
    move(y, 0);
    clrtoeol();
    attron(a);
    mvaddnstr(y, 0, s, COLS);
    attroff(a);
}

void tui_draw(tui *t, const tui_frame *f)
{
    erase();
    int w = f->w, h = f->h;
    const gl_game *g = gl_play_game(t->p);
    char buf[1024];
    snprintf(buf, sizeof buf, "gridlab %s - %s", g->name, g->summary);
    line_at(0, buf, A_BOLD);

    /* Layout: title, column labels, ring, h rows, ring, blank, then the
     * status, message and keys lines at the bottom. */
    int label_w = h > 1 ? 4 : 0;
    t->fits = 0;
    for (t->cw = 3; t->cw >= 2; t->cw--) {
        int need_w = label_w + (w + 2) * t->cw;
        int need_h = h + 8;
        if (need_w <= COLS && need_h <= LINES) {
            t->fits = 1;
            break;
        }
    }
    if (!t->fits) {
        t->cw = 2;
        snprintf(buf, sizeof buf, "too small: the %dx%d board needs a %dx%d terminal", w, h,
                 label_w + (w + 2) * 2, h + 8);
        line_at(2, buf, A_BOLD);
    } else {
        t->oy = 3;
        t->ox = label_w + t->cw;
        draw_board(t, f, t->oy, t->ox);
    }

    /* Status: the game's own line (score, moves, level...), then the clock. */
    gl_strbuf sb = GL_STRBUF_INIT;
    g->status_line(gl_play_board(t->p), &sb);
    long long left_ms = gl_play_time_left_ms(t->p);
    if (left_ms >= 0) {
        long long left = (left_ms + 999) / 1000;
        gl_sb_printf(&sb, "   time left %lld:%02lld", left / 60, left % 60);
    }
    gl_status st = gl_play_status(t->p);
    if (left_ms == 0 && st == GL_LOST) gl_sb_puts(&sb, "   TIME UP");
    else if (st == GL_WON) gl_sb_puts(&sb, "   WON");
    else if (st == GL_LOST) gl_sb_puts(&sb, "   GAME OVER");
    /* Right below the board when it fits, so the eye need not travel. */
    t->msg_y = t->fits ? t->oy + h + 3 : LINES - 2;
    if (t->msg_y > LINES - 2) t->msg_y = LINES - 2;
    line_at(t->msg_y - 1, gl_sb_str(&sb), A_BOLD);
    gl_sb_free(&sb);
    line_at(t->msg_y, t->msg, t->msg_bad ? A_BOLD | A_UNDERLINE : A_NORMAL);
    /* The keys, shorter on a narrow terminal; "? help" always shows. */
    static const char *const bars[] = {
        "arrows/HJKL move  Enter select  :move  u/r undo/redo  h hint  S solve  s save  n new  "
        "? help  q quit",
        "arrows move  Enter select  :move  u/r undo/redo  h hint  S solve  s save  n new  ? help  q quit",
        "arrows Enter  :move  u r  h hint  S solve  s save  n new  ? help  q quit",
        "? help  q quit",
    };
    size_t nb = sizeof bars / sizeof bars[0], k = 0;
    while (k + 1 < nb && strlen(bars[k]) > (size_t)COLS) k++;
    line_at(LINES - 1, bars[k], A_REVERSE);
    refresh();
}

/* Writes text from row y on, broken at spaces to the screen's width;
 * returns the next free row. */
static int wrapped(int y, const char *text)
{
    int width = COLS > 20 ? COLS - 2 : 18;
    const char *p = text;
    while (*p && y < LINES - 1) {
        int n = (int)strlen(p);
        if (n > width) {
            n = width;
            while (n > 0 && p[n] != ' ') n--;
            if (n == 0) n = width;
        }
        move(y, 0);
        clrtoeol();
        mvaddnstr(y, p == text ? 0 : 2, p, n);
        y++;
        p += n;
        while (*p == ' ') p++;
    }
    return y;
}

void tui_draw_help(const tui *t)
{
    erase();
    int y = 0;
    const gl_game *g = gl_play_game(t->p);
    char buf[1024];
    snprintf(buf, sizeof buf, "gridlab %s - %s", g->name, g->summary);
    line_at(y++, buf, A_BOLD);
    y++;
    static const char *const keys[] = {
        "arrow keys, H J K L  move the cursor (j k l too; h is the hint)",
        "Enter or space       select the cell under the cursor; the move is made",
        "                     when the selection is complete",
        "mouse click          select the cell clicked",
        "Esc                  drop the selection and the hint",
        ":                    type a move in the game's notation, Enter plays it",
        "u / r                undo / redo",
        "h                    hint: the game's best next move, shown on the board",
        "S                    solve from here (10 s at most), play it; a key stops",
        "s                    save to the --save file",
        "n                    new game (the same options, the next seed)",
        "?                    this help",
        "q or Ctrl-C          quit",
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) line_at(y++, keys[i], A_NORMAL);
    y++;
    snprintf(buf, sizeof buf, "Moves: %s", g->move_help);
    y = wrapped(y, buf);
    snprintf(buf, sizeof buf, "Game ID: %s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "(none)");
    y = wrapped(y, buf);
    line_at(y++, "Board: [X] cursor, (X) selected, {X} hint; columns a b c.., rows 1 2 3..", A_NORMAL);
    if (gl_play_time_left_ms(t->p) >= 0) line_at(y++, "The clock is stopped while this help is shown.", A_NORMAL);
    y++;
    line_at(y, "Press any key to go back.", A_BOLD);
    refresh();
}

int tui_hit(const tui *t, int y, int x, int *r, int *c)
{
    if (!t->fits) return 0;
    int w, h;
    gl_play_game(t->p)->dims(gl_play_board(t->p), &w, &h);
    int rr = y - t->oy;
    if (x < t->ox) return 0;
    int cc = (x - t->ox) / t->cw;
    if (rr < 0 || rr >= h || cc < 0 || cc >= w) return 0;
    *r = rr;
    *c = cc;
    return 1;
}
