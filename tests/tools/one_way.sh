#!/bin/bash
# One-way calls inside a folder: no two object files of one source folder
# (src/core, src/search, src/play, each src/games/GAME, src/tui, src/cli)
# may each use a symbol the other defines.  Read from the objects with nm:
# a file's undefined symbols against the other files' defined ones.
#
#   one_way.sh [--all] OBJECT...     (ctest: tools/one_way, given the
#                                     library's and the program's objects)
#
# Folders listed in KNOWN below are reported but do not fail the check
# (docs/architecture.md says why); --all fails on them too.
set -u
ALL=""
if [ "${1:-}" = --all ]; then ALL=--all; shift; fi
# (none now; a folder named here would be reported and not failed)
KNOWN=""

# (ctest gives each target's objects as one ';'-separated list)
objs=$(printf '%s\n' "$@" | tr ';' '\n' | grep '\.dir/src/' | sort)
if [ -z "$objs" ]; then echo "one_way: no objects of src/ given" >&2; exit 2; fi
nobj=$(printf '%s\n' $objs | wc -l)
# One nm over all objects for what they define, one for what they use;
# awk pairs them ("FILE:ADDR T sym", "FILE:   U sym").
# shellcheck disable=SC2086
report=$({ nm -A -g --defined-only $objs | sed 's/^/D /'; nm -A -u $objs | sed 's/^/U /'; } | awk -v known=" $KNOWN " -v all="$ALL" '
    function file(f) { sub(/:.*/, "", f); return f }
    function folder(f) { sub(/.*\.dir\//, "", f); sub(/\/[^\/]*$/, "", f); return f }
    function base(f) { sub(/.*\//, "", f); sub(/\.c\.o$/, "", f); return f }
    $1 == "D" && NF == 4 { f = file($2); def[folder(f) SUBSEP $NF] = f; next }
    $1 == "U" { use[NR] = file($2) SUBSEP $NF }
    END {
        for (k in use) {
            split(use[k], u, SUBSEP)
            t = def[folder(u[1]) SUBSEP u[2]]
            if (t != "" && t != u[1] && !((u[1], t) in via)) via[u[1], t] = u[2]
        }
        for (k in via) {
            split(k, ab, SUBSEP)
            if (ab[1] >= ab[2] || !((ab[2], ab[1]) in via)) continue
            d = folder(ab[1])
            msg = d ": " base(ab[1]) " uses " via[k] " of " base(ab[2]) ", which uses " via[ab[2], ab[1]] " of it"
            if (index(known, " " d " ") && all != "--all") print "known: " msg
            else print "FAIL: " msg
        }
    }' | sort)
[ -z "$report" ] || printf '%s\n' "$report"
fail=$(printf '%s\n' "$report" | grep -c '^FAIL' || true)
echo "one_way: $nobj objects, $fail folder pairs calling both ways"
[ "$fail" -eq 0 ]
