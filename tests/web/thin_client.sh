#!/usr/bin/env bash
# The page is a thin client (docs/web.md): its scripts keep no journal of
# calls, parse no game ID and hold no record rule, and the engine's API has
# no parameter parser of its own.  (The browser tests check the same.)
set -u
src=${GL_SOURCE_DIR:-$(dirname "$0")/../..}
fail=0
for f in "$src"/web/js/*.js; do
    if grep -nE "journal|replayedSteps|idParams|paramsKey|\bhinted\s*=|lastIndexOf\('#'\)|score_kind === 'more'" "$f"; then
        echo "FAIL: $f decides what the engine decides" >&2
        fail=1
    fi
done
[ -e "$src/web/gridlab.js" ] && { echo "FAIL: web/gridlab.js is back: the page is web/js/*.js" >&2; fail=1; }
if grep -nE "parse_params|strtok|memchr\([^)]*'='" "$src/web/api.c"; then
    echo "FAIL: web/api.c parses parameters itself" >&2
    fail=1
fi
[ "$fail" -eq 0 ] && echo "the page's scripts and api.c decide nothing themselves"
exit "$fail"
