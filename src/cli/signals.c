/* SIGINT, SIGTERM and SIGXFSZ: how the program ends on a signal or
 * stops a search gently. */
#include "cli.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

volatile sig_atomic_t gl_cli_interrupted = 0;

/* SIGINT (Ctrl-C) and SIGTERM.  Until a command can stop gently (before
 * its search, while it reads its input, standard input included, or waits
 * at a prompt) the first one ends the program at once, exit 130.  From
 * gl_cli_stop_gently(1) on, the first one only raises the flag the
 * searches poll: the search keeps its answer so far, the command prints it
 * and exits 130; a second one ends the program at once.
 *
 * The handler restarts the system calls it interrupts (SA_RESTART): stdio
 * does not retry a write cut short by a signal, and reported "write error:
 * Interrupted system call" for output that was fine.  A read that must
 * notice the flag (batch's input stream) waits with poll(), which a signal
 * always interrupts.
 *
 * SIGXFSZ (a write past the file size limit, ulimit -f) is ignored: its
 * default action ends the program without a word, where the write itself
 * fails with EFBIG and the output or the save then says so, exit 2. */
static volatile sig_atomic_t stop_gently = 0;

static void on_stop_signal(int sig)
{
    (void)sig;
    if (!stop_gently || gl_cli_interrupted) _exit(GL_EXIT_INTERRUPTED);
    gl_cli_interrupted = 1;
}

void gl_cli_signals_init(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

void gl_cli_stop_gently(int on) { stop_gently = on ? 1 : 0; }

void gl_cli_catch_sigint(void)
{
    static int installed = 0; /* main installs it; a test program may not have */
    if (!installed) gl_cli_signals_init();
    installed = 1;
    gl_cli_stop_gently(1);
}
