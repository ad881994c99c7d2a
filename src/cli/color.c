/* Whether output gets colour. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gl_cli_use_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc) return 0;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0) return 0;
    return isatty(fileno(f));
}
