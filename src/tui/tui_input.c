/* Input for the terminal front end: keys and mouse clicks, one at a time.
 *
 * A real terminal reports a mouse button twice, pressed and then released
 * (xterm's X10 and SGR encodings alike).  ncurses must be asked for both
 * (a report outside the mask is not returned and can leave getch waiting
 * for more), and only the press is an action: the release and any other
 * report are read and dropped here, so that no caller ever mistakes one
 * for a key.  An animation that a key or a click cuts short keeps it in a
 * one-input slot for the main loop, so nothing typed is lost. */
#include "tui.h"

int tui_read(tui *t, tui_in *in, int ms)
{
    if (t->has_pending) {
        *in = t->pending;
        t->has_pending = 0;
        return 1;
    }
    uint64_t end = gl_now_ns() + (ms > 0 ? (uint64_t)ms * 1000000ULL : 0);
    for (;;) {
        if (*t->o->interrupt) return 0;
        long long left = ms < 0 ? -1 : (long long)((end > gl_now_ns() ? end - gl_now_ns() : 0) / 1000000ULL);
        /* short waits, so that Ctrl-C is seen while waiting for a key */
        timeout(left < 0 || left > 200 ? 200 : (int)left);
        int ch = getch();
        if (ch == ERR) {
            if (ms >= 0 && gl_now_ns() >= end) return 0;
            continue;
        }
        if (ch == KEY_MOUSE) {
            MEVENT mev;
            if (getmouse(&mev) != OK) continue;
            if (!(mev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED))) continue;
            in->key = TUI_CLICK;
            in->y = mev.y;
            in->x = mev.x;
            return 1;
        }
        in->key = ch;
        in->y = in->x = 0;
        return 1;
    }
}

void tui_unread(tui *t, const tui_in *in)
{
    t->pending = *in;
    t->has_pending = 1;
}

int tui_wait(tui *t, int ms)
{
    if (*t->o->interrupt) return 1;
    if (t->has_pending) return 1;
    tui_in in;
    if (ms > 0) refresh();
    if (tui_read(t, &in, ms < 0 ? 0 : ms)) {
        tui_unread(t, &in);
        return 1;
    }
    return *t->o->interrupt != 0;
}
