/* Fuzz target `cell`: the cell notation (SPEC: column letters, then the
 * 1-based row; "a1" is row 0, column 0).
 *
 * gl_cell_parse must never read past the string or overflow; whatever it
 * accepts must format back to the same text, except that the parser is
 * lenient about leading zeros in the row ("a01" is a1); and every cell
 * gl_cell_format writes must parse back to the same cell. */
#include "fuzz.h"

#include <string.h>

#include "gridlab/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64) return 0;
    char s[65];
    memcpy(s, data, size);
    s[size] = '\0';

    int row = -1, col = -1;
    const char *end = NULL;
    if (gl_cell_parse(s, &row, &col, &end) == 0) {
        GL_FUZZ_CHECK(row >= 0 && col >= 0, "negative cell %d,%d from '%s'", row, col, s);
        GL_FUZZ_CHECK(end > s && end <= s + strlen(s), "end pointer outside '%s'", s);
        char buf[32];
        gl_cell_format(row, col, buf, sizeof buf);
        /* The canonical spelling: s without leading zeros in the row. */
        char canon[65];
        size_t k = 0;
        const char *p = s;
        while (p < end && *p >= 'a' && *p <= 'z') canon[k++] = *p++;
        while (p + 1 < end && *p == '0') p++;
        while (p < end) canon[k++] = *p++;
        canon[k] = '\0';
        GL_FUZZ_CHECK(strcmp(buf, canon) == 0, "'%s' parsed as %d,%d formats as '%s'", canon,
                      row, col, buf);
        /* The whole-string form accepts it exactly when nothing follows. */
        int r2, c2;
        int whole = gl_cell_parse(s, &r2, &c2, NULL);
        GL_FUZZ_CHECK((whole == 0) == (*end == '\0'), "whole-string parse of '%s' disagrees", s);
        if (whole == 0) GL_FUZZ_CHECK(r2 == row && c2 == col, "'%s' parses two ways", s);
    }

    /* The other direction: any in-range cell formats and parses back. */
    if (size >= 8) {
        uint32_t a, b;
        memcpy(&a, data, 4);
        memcpy(&b, data + 4, 4);
        int r = (int)(a % 99999u), c = (int)(b % 18278u); /* 5 digits, 3 letters */
        char buf[32];
        gl_cell_format(r, c, buf, sizeof buf);
        int r2 = -1, c2 = -1;
        GL_FUZZ_CHECK(gl_cell_parse(buf, &r2, &c2, NULL) == 0, "'%s' (%d,%d) does not parse",
                      buf, r, c);
        GL_FUZZ_CHECK(r2 == r && c2 == c, "'%s' is %d,%d but parses as %d,%d", buf, r, c, r2, c2);
    }
    return 0;
}
