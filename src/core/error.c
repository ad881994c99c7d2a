/* gl_error: one message buffer per failing call, filled where the failure
 * is understood best. */
#include "gridlab/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int gl_error_set(gl_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->set = 1;
    }
    return -1;
}

int gl_error_at(gl_error *err, const char *file, int line, const char *fmt, ...)
{
    if (err) {
        int n = line > 0 ? snprintf(err->msg, sizeof err->msg, "%.200s:%d: ", file ? file : "-", line)
                         : snprintf(err->msg, sizeof err->msg, "%.200s: ", file ? file : "-");
        if (n < 0) n = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
        va_end(ap);
        err->set = 1;
    }
    return -1;
}

void gl_error_clear(gl_error *err)
{
    if (err) {
        err->set = 0;
        err->msg[0] = '\0';
    }
}
