/* The terminal front end's text pages: the help page and the best
 * results, wrapped to the screen and scrolled with the arrow keys.  Built
 * from the game table (rules, score_kind, score_name) and the tables of
 * best results; the game's clock stands while one is on screen. */
#include "tui.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const gl_game *game(const tui *t) { return gl_play_game(t->p); }

/* Whether the game in play was made from this preset. */
int tui_is_current_preset(tui *t, const gl_game *g, const gl_preset *pr)
{
    if (g != game(t) || !t->scores_key[0]) return 0;
    gl_play *q = gl_play_new();
    if (!q) return 0;
    gl_error err = {0};
    int same = 0;
    if (gl_play_start_text(q, g, pr->params, 1, &err) == 0) {
        gl_strbuf key = GL_STRBUF_INIT;
        same = gl_play_params_key(q, &key, &err) == 0 && strcmp(gl_sb_str(&key), t->scores_key) == 0;
        gl_sb_free(&key);
    }
    gl_play_free(q);
    return same;
}

/* ------------------------------------------------------------ text pages */

/* A page of paragraphs, wrapped to the screen when drawn and scrolled
 * with the arrow keys when longer than the screen. */
typedef struct para {
    char *text;
    attr_t a;
    int x, indent; /* the first line's column, the others' */
    int mark; /* drawn reversed, and the page opens scrolled to show it */
} para;

typedef struct page {
    para *p;
    int n, cap;
} page;

static void page_add(page *pg, attr_t a, int x, int indent, const char *fmt, ...) GL_PRINTF(5, 6);
static void page_add(page *pg, attr_t a, int x, int indent, const char *fmt, ...)
{
    if (pg->n == pg->cap) {
        int cap = pg->cap ? 2 * pg->cap : 32;
        para *q = realloc(pg->p, sizeof *q * (size_t)cap);
        if (!q) return;
        pg->p = q;
        pg->cap = cap;
    }
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *s = strdup(buf);
    if (!s) return;
    pg->p[pg->n++] = (para){s, a, x, indent, 0};
}

static void page_free(page *pg)
{
    for (int i = 0; i < pg->n; i++) free(pg->p[i].text);
    free(pg->p);
    pg->p = NULL;
    pg->n = pg->cap = 0;
}

/* The screen lines of paragraph p: each a start and a length in p's text. */
static int wrap_para(const para *p, int *start, int *len, int max)
{
    int n = 0;
    const char *s = p->text, *c = s;
    if (!*c && max > 0) {
        start[0] = 0;
        len[0] = 0;
        return 1;
    }
    while (*c && n < max) {
        int at = n == 0 ? p->x : p->indent;
        int width = COLS - at - 1;
        if (width < 10) width = 10;
        int k = (int)strcspn(c, "\n");
        if (k > width) {
            int cut = width;
            while (cut > 0 && c[cut] != ' ') cut--;
            k = cut > 0 ? cut : width;
        }
        start[n] = (int)(c - s);
        len[n] = k;
        n++;
        c += k;
        if (*c == '\n') c++;
        else
            while (*c == ' ') c++;
    }
    return n;
}

#define PAGE_MAXLINES 4096

/* Shows the page below the title line, the footer on the last line; the
 * arrow keys and PgUp/PgDn scroll; another key or a click closes it. */
static void page_show(tui *t, const char *title, page *pg, const char *footer)
{
    int *ps = malloc(sizeof(int) * PAGE_MAXLINES), *pl = malloc(sizeof(int) * PAGE_MAXLINES);
    int *pp = malloc(sizeof(int) * PAGE_MAXLINES);
    if (!ps || !pl || !pp) goto out;
    int top = -1;
    for (;;) {
        /* the screen lines of every paragraph */
        int n = 0, mark_line = -1;
        for (int i = 0; i < pg->n && n < PAGE_MAXLINES; i++) {
            if (pg->p[i].mark && mark_line < 0) mark_line = n;
            int k = wrap_para(&pg->p[i], ps + n, pl + n, PAGE_MAXLINES - n);
            for (int j = 0; j < k; j++) pp[n + j] = i;
            n += k;
        }
        int rows = LINES - 2;
        if (rows < 1) rows = 1;
        if (top < 0) top = mark_line > rows - 3 ? mark_line - (rows - 3) : 0;
        if (top > n - rows) top = n - rows;
        if (top < 0) top = 0;
        erase();
        tui_line(0, 0, title, A_BOLD);
        /* the game's ID stays in view on the pages too, where it fits */
        const char *id = gl_play_id(t->p);
        int idx = COLS - 3 - (int)strlen(id);
        if (id[0] && idx >= (int)strlen(title) + 2) {
            attron(A_DIM);
            mvprintw(0, idx, "ID %s", id);
            attroff(A_DIM);
        }
        for (int y = 0; y < rows && top + y < n; y++) {
            const para *p = &pg->p[pp[top + y]];
            int first = top + y == 0 || pp[top + y - 1] != pp[top + y];
            int x = first ? p->x : p->indent;
            attron(p->a | (p->mark ? A_REVERSE : 0));
            mvaddnstr(1 + y, x, p->text + ps[top + y], pl[top + y] < COLS - x ? pl[top + y] : COLS - x);
            attroff(p->a | (p->mark ? A_REVERSE : 0));
        }
        char foot[256];
        if (n > rows)
            snprintf(foot, sizeof foot, "%s  (lines %d-%d of %d: Up/Down, PgUp/PgDn scroll)", footer, top + 1,
                     top + rows < n ? top + rows : n, n);
        else snprintf(foot, sizeof foot, "%s", footer);
        tui_line(LINES - 1, 0, foot, A_REVERSE);
        refresh();
        tui_in in;
        if (!tui_read(t, &in, -1)) break; /* Ctrl-C */
        if (in.key == KEY_RESIZE) continue;
        if (in.key == KEY_UP || in.key == 'k') top--;
        else if (in.key == KEY_DOWN || in.key == 'j') top++;
        else if (in.key == KEY_PPAGE) top -= rows - 1;
        else if (in.key == KEY_NPAGE || (in.key == ' ' && top + rows < n)) top += rows - 1;
        else if (in.key == KEY_HOME) top = 0;
        else if (in.key == KEY_END) top = n;
        else break;
        if (top < 0) top = 0;
    }
out:
    free(ps);
    free(pl);
    free(pp);
}

/* ------------------------------------------------------------ help */

void tui_help(tui *t)
{
    gl_play_pause(t->p, 1);
    const gl_game *g = game(t);
    page pg = {0};
    page_add(&pg, A_NORMAL, 2, 4, "%s", g->summary);
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "Rules");
    /* the rules as one paragraph, wrapped to this screen (a sentence that
     * ends a line of the text is followed by two spaces, as within one) */
    char rules[2048];
    size_t n = 0;
    gl_strbuf text = GL_STRBUF_INIT; /* the rules of this board's parameters */
    gl_rules_text(g, t->p, &text);
    for (const char *c = gl_sb_str(&text); *c && n + 3 < sizeof rules; c++) {
        if (*c != '\n') rules[n++] = *c;
        else if (n && rules[n - 1] == '.') rules[n++] = ' ', rules[n++] = ' ';
        else rules[n++] = ' ';
    }
    rules[n] = '\0';
    gl_sb_free(&text);
    page_add(&pg, A_NORMAL, 2, 2, "%s", rules);
    page_add(&pg, A_NORMAL, 2, 4, "Moves: %s.", g->move_help);
    /* which of the game's variants this is: its preset's name, else its
     * options as the ID writes them */
    const char *preset = NULL;
    for (int i = 0; i < g->npresets && !preset; i++)
        if (tui_is_current_preset(t, g, &g->presets[i])) preset = g->presets[i].name;
    if (preset) page_add(&pg, A_NORMAL, 2, 4, "This game: %s.", preset);
    else if (t->scores_key[0]) page_add(&pg, A_NORMAL, 2, 4, "This game's options: %s.", t->scores_key);
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "The screen");
    gl_strbuf sb = GL_STRBUF_INIT;
    g->status_line(gl_play_board(t->p), &sb);
    if (g->status_help) {
        /* each figure of the status line and what it means */
        page_add(&pg, A_NORMAL, 2, 4, "Under the board, the game's status, now \"%s\":", gl_sb_str(&sb));
        for (const char *line = g->status_help; *line;) {
            int n = (int)strcspn(line, "\n");
            page_add(&pg, A_NORMAL, 4, 6, "%.*s", n, line);
            line += n + (line[n] == '\n');
        }
    } else {
        page_add(&pg, A_NORMAL, 2, 4, "Under the board, the game's status: \"%s\" (the game's own words).",
                 gl_sb_str(&sb));
    }
    gl_sb_free(&sb);
    const char *measure = g->score_kind == GL_SCORE_MORE    ? "the most points"
                          : g->score_kind == GL_SCORE_TIME ? "the shortest time"
                                                           : "the fewest";
    page_add(&pg, A_NORMAL, 2, 4, "A finished game is measured by %s%s%s.", measure,
             g->score_kind == GL_SCORE_FEWER ? " " : "", g->score_kind == GL_SCORE_FEWER ? g->score_name : "");
    if (gl_play_time_left_ms(t->p) >= 0)
        page_add(&pg, A_NORMAL, 2, 4, "time left M:SS: the board's clock; at 0:00 the game is lost (TIME UP).");
    page_add(&pg, A_NORMAL, 2, 4, "time M:SS (top right): the time played on this board; it stands while the menu "
                               "or this help is shown, and when the game ends.");
    page_add(&pg, A_NORMAL, 2, 4, "ID (bottom): the game's ID, GAME:PARAMS#SEED; `gridlab play ID` makes the same "
                               "board anywhere.  best (bottom right): the best result with these options.");
    page_add(&pg, A_NORMAL, 2, 4, "On the board: [X] the cursor, (X) selected (its symbol reversed), {X} the hint; "
                               "columns a b c.., rows 1 2 3.. (a single row: cell numbers), as moves are "
                               "written.  A board too large for the terminal takes one column a cell (the "
                               "cursor reversed, its row and column label too; the hint underlined), then a "
                               "window that follows the cursor, with arrows where more of the board lies.");
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "Keys");
    static const char *const keys[] = {
        "arrows, H J K L   move the cursor (j k l too; h is the hint)",
        "Enter, space      pick the cell under the cursor: the move is made when the picked cells make one",
        "mouse click       pick the cell clicked",
        "Esc               drop the picked cells and the hint",
        ":                 type a move in the game's notation; Enter plays it",
        "u / r             undo / redo",
        "h                 hint: a good next move, shown on the board",
        ("S                 the solver plays from here until the game ends (10 s to think at most for each "
         "plan); a key stops it"),
        "s                 save (to the file named when the game was started or loaded, else to a name you type)",
        "n                 a new game: the same options, the next seed",
        ("m                 the menu: new games (presets, custom), restart, game ID, load, save, other "
         "games, best results"),
        "?                 this help",
        "q, Ctrl-C         quit (q asks first when the game has unsaved moves)",
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) page_add(&pg, A_NORMAL, 2, 20, "%s", keys[i]);
    if (t->single_keys)
        page_add(&pg, A_NORMAL, 2, 4, "Moves of one character play at a key (a colour's symbol); one that is "
                                   "also a key above is typed after `:`.");
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_NORMAL, 0, 0, "Game ID: %s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "(none)");
    char title[256];
    snprintf(title, sizeof title, "gridlab %s - help", g->name);
    page_show(t, title, &pg, "Press any key to go back.");
    page_free(&pg);
    gl_play_pause(t->p, 0);
}

/* ------------------------------------------------------------ results */

/* Reads the table again (another program may have written it). */
static void reload_scores(tui *t, char *note, size_t n)
{
    note[0] = '\0';
    if (!t->scores_path) return;
    gl_error err = {0};
    int rc = gl_scores_load(&t->scores, t->scores_path, &err);
    if (rc != 0) snprintf(note, n, "%s", err.msg);
}

void tui_results(tui *t, int rank, const char *head)
{
    gl_play_pause(t->p, 1);
    const gl_game *g = game(t);
    page pg = {0};
    char note[GL_ERROR_MAX] = "";
    if (!rank) reload_scores(t, note, sizeof note);
    if (head && *head) {
        page_add(&pg, A_BOLD, 2, 4, "%s", head);
        page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    }
    if (note[0]) {
        page_add(&pg, A_BOLD, 2, 4, "NOTE: %s", note);
        page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    }
    if (!t->scores_path) page_add(&pg, A_NORMAL, 2, 4, "No file for the best results: set HOME or XDG_DATA_HOME.");
    else page_add(&pg, A_DIM, 2, 4, "Kept in %s", t->scores_path);
    if (!t->scores_key[0]) {
        page_add(&pg, A_NORMAL, 2, 4, "This game has no ID (a board read without one): its results are not kept.");
    } else {
        page_add(&pg, A_BOLD, 2, 4, "%s %s", g->name, t->scores_key);
        const gl_score *best[GL_SCORES_KEEP];
        int n = gl_scores_table(&t->scores, g->name, t->scores_key, best, GL_SCORES_KEEP);
        if (!n)
            page_add(&pg, A_NORMAL, 2, 4, "No results yet: a game %s without hints or the solver's moves enters here.",
                     g->score_kind == GL_SCORE_MORE ? "finished (won or not)" : "won");
        else page_add(&pg, A_DIM, 0, 0, "   #  %-12s  %-8s  %-16s  %s", "result", "time", "played on", "seed");
        for (int i = 0; i < n; i++) {
            char v[64], clock[32], date[32] = "?";
            gl_score_format_value(g, best[i]->kind, best[i]->value, v, sizeof v);
            tui_clock(best[i]->ms, clock, sizeof clock);
            time_t when = (time_t)best[i]->when;
            struct tm tm;
            if (localtime_r(&when, &tm)) strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
            const char *seed = strrchr(best[i]->id, '#');
            page_add(&pg, A_NORMAL, 0, 6, "  %2d  %-12s  %-8s  %-16s  %s", i + 1, v, clock, date, seed ? seed + 1 : "");
            if (i + 1 == rank) pg.p[pg.n - 1].mark = 1;
        }
        /* The other option sets of this game: their best. */
        int others = 0;
        for (int i = 0; i < t->scores.n; i++) {
            const gl_score *e = &t->scores.items[i];
            if (strcmp(e->game, g->name) != 0 || strcmp(e->params, t->scores_key) == 0) continue;
            int seen = 0;
            for (int j = 0; j < i && !seen; j++)
                seen = strcmp(t->scores.items[j].game, e->game) == 0 && strcmp(t->scores.items[j].params, e->params) == 0;
            if (seen) continue;
            const gl_score *top[1];
            gl_scores_table(&t->scores, e->game, e->params, top, 1);
            char v[64];
            gl_score_format_value(g, top[0]->kind, top[0]->value, v, sizeof v);
            if (!others++) {
                page_add(&pg, A_NORMAL, 0, 0, "%s", "");
                page_add(&pg, A_BOLD, 2, 4, "Other options of %s: the best of each", g->name);
            }
            page_add(&pg, A_NORMAL, 0, 6, "  %-12s  %s", v, e->params);
        }
    }
    char title[256];
    snprintf(title, sizeof title, "gridlab %s - best results", g->name);
    page_show(t, title, &pg, "Press any key to go back.");
    page_free(&pg);
    gl_play_pause(t->p, 0);
}
