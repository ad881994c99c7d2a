#!/bin/bash
# What scripts/test's runs rely on (docs/testing.md):
# - `scripts/test` takes no argument but `full`: another is refused with
#   its usage and exit 2, before anything is installed or built;
# - each game's own tests (its unit tests, cli/GAME, tui/GAME,
#   tui/presets-GAME) carry the game's name as a label, which the default
#   run's build without a game leaves out by;
# - the narrower SIMD paths' repetitions and the terminal's every-preset
#   tests are labelled plain-only, which the default sanitizer pass skips.
#   runs.sh SOURCE_DIR BUILD_DIR GAME...
set -u
src=$1 build=$2
shift 2
fails=0 checks=0
ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }

out=$(cd "$src" && ./scripts/test --bogus 2>&1); rc=$?
[ "$rc" = 2 ] && ok || bad "scripts/test --bogus: exit $rc, not 2"
case "$out" in "usage: scripts/test [full]") ok ;; *) bad "scripts/test --bogus said: $out" ;; esac

names() { (cd "$build" && ctest -N "$@") | sed -n 's/^ *Test *#[0-9]*: //p' | sort; }
all=$(names)
for game in "$@"; do
    own=$(printf '%s\n' "$all" | grep -E "^($game/|cli/$game\$|tui/$game\$|tui/presets-$game\$)")
    labelled=$(names -L "^$game\$")
    [ -n "$own" ] && ok || bad "$game: no tests of its own found"
    missing=$(comm -23 <(printf '%s\n' "$own") <(printf '%s\n' "$labelled"))
    [ -z "$missing" ] && ok || bad "$game's own tests without the label $game: $missing"
done
plain=$(names -L '^plain-only$')
want=$(printf '%s\n' "$all" | grep -E '_(avx2|portable)$|^tui/presets-')
missing=$(comm -23 <(printf '%s\n' "$want") <(printf '%s\n' "$plain"))
[ -z "$missing" ] && ok || bad "not labelled plain-only: $missing"

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
