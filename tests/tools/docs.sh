#!/usr/bin/env bash
# What the docs promise of the games, held to the games list (GL_ALL_GAMES
# in CMakeLists.txt, the one list; its names are the arguments):
# - every game has its folder, its tests' folder and its reference
#   (src/games/NAME, tests/NAME, docs/NAME.md), and each docs/NAME.md is
#   at most 450 lines (rules, format, commands, algorithms, one current
#   benchmark table; history goes to docs/notes/);
# - no reference, README, man page, page or front end counts the games in
#   words ("five grid puzzle games", "the five games"): a count would go
#   stale with the next game.
set -u
root=${GL_SOURCE_DIR:?GL_SOURCE_DIR: the source tree}
[ $# -gt 0 ] || { echo "usage: docs.sh GAME..." >&2; exit 2; }
PASS=0 FAIL=0
ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
MAX=450

for g in "$@"; do
    for p in "src/games/$g" "tests/$g"; do [ -d "$root/$p" ] && ok || bad "$g: no $p"; done
    doc="$root/docs/$g.md"
    if [ -f "$doc" ]; then
        n=$(wc -l <"$doc")
        [ "$n" -le "$MAX" ] && ok || bad "docs/$g.md: $n lines, at most $MAX (history goes to docs/notes/$g.md)"
    else
        bad "$g: no docs/$g.md"
    fi
done

num='(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[0-9]+)'
count="(\\b(the|all|these|its|our|every one of the) $num (grid )?(puzzle )?games\\b|\\b$num (grid )?puzzle games\\b|\\b$num game names\\b)"
# the pattern itself can fail: it finds the counts the docs once had
for s in "a C toolkit for five grid puzzle games" "The five games can be played" "the five game names" \
    "all 5 games by mouse" "Five grid puzzle games and their solvers"; do
    printf '%s\n' "$s" | grep -qiE "$count" && ok || bad "the pattern misses '$s'"
done
printf '%s\n' "after three games: every finished game" | grep -qiE "$count" && bad "the pattern takes 'three games' of a test" || ok

files=("$root/README.md" "$root/docs/"*.md "$root/docs/gridlab.1" "$root/web/index.html" "$root/web/js/"*.js
       "$root/src/tui/"*.c "$root/src/cli/"*.c)
hits=$(grep -HniE "$count" "${files[@]}" 2>/dev/null)
[ -z "$hits" ] && ok || bad "the games counted in words (the games list is the one statement):"$'\n'"$hits"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
