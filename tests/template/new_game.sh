#!/usr/bin/env bash
# The template game as a newcomer meets it: the source tree copied as a
# fresh clone has it (git's files, the uncommitted ones included), then
# `scripts/new-game demo` there must edit nothing outside src/games/demo,
# tests/demo, docs/demo.md and the games list (GL_ALL_GAMES in
# CMakeLists.txt); the copy built with that game alone (GL_GAMES=demo:
# just what is needed) lists it, and its tests pass: its unit tests, its
# CLI test, the terminal's tests (game.sh and presets.sh on it), the
# contract test and the one-way check.  With `page` as the argument
# (ctest template/page, label full), the copy's web page is built with the
# game alone and the page's tests of one game run on it (skipped, exit 77,
# when emscripten, chromium or playwright-core is missing).
#
# Environment: GL_SOURCE_DIR (the tree), GL_TEMPLATE_SANITIZE (ON: the copy
# built with the sanitizers too, as the build under test is), GL_CCACHE (a
# compiler launcher, used when it is a program), GL_TEMPLATE_WORK (the
# folder the copy is made in; default TMPDIR or /tmp).
set -u
part=${1:-native}
src=${GL_SOURCE_DIR:?GL_SOURCE_DIR: the source tree}
TMP=$(mktemp -d "${GL_TEMPLATE_WORK:-${TMPDIR:-/tmp}}/template.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
PASS=0 FAIL=0
ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
    echo "$PASS passed, $FAIL failed"
    [ "$FAIL" -eq 0 ] || exit 1
    exit 0
}

# ------------------------------------------------------------ a fresh copy
copy="$TMP/tree"
mkdir "$copy"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # what a clone holds, with the change under test: tracked and untracked files, not the ignored
    (cd "$src" && git ls-files -co --exclude-standard -z | while IFS= read -r -d '' f; do
        [ -e "$f" ] && printf '%s\0' "$f"; done | xargs -0 cp --parents -t "$copy")
else
    tar -C "$src" --exclude='./build*' -cf - . | tar -C "$copy" -xf -
fi
[ -x "$copy/scripts/new-game" ] || { bad "the copy has no scripts/new-game"; finish; }

# ------------------------------------------------------------ new-game edits only its own
sums() { (cd "$copy" && find . -type f ! -path './build*' -print0 | sort -z | xargs -0 sha1sum); }
sums >"$TMP/before"
if out=$("$copy/scripts/new-game" demo 2>&1); then ok; else bad "scripts/new-game demo: $out"; finish; fi
sums >"$TMP/after"
changed=$(diff "$TMP/before" "$TMP/after" | sed -n 's/^[<>] [0-9a-f]*  \.\///p' | sort -u)
for f in $changed; do
    case $f in
        src/games/demo/* | tests/demo/* | docs/demo.md | CMakeLists.txt) ok ;;
        *) bad "new-game changed $f" ;;
    esac
done
grep -q '^set(GL_ALL_GAMES .* demo)$' "$copy/CMakeLists.txt" && ok || bad "demo is not in GL_ALL_GAMES"
[ -f "$copy/src/games/demo/demo_game.c" ] && [ -f "$copy/tests/demo/cli.sh" ] && [ -f "$copy/docs/demo.md" ] &&
    ok || bad "new-game did not make the game's files"
if grep -rlq 'tmpl' "$copy/src/games/demo" "$copy/tests/demo" "$copy/docs/demo.md"; then
    bad "the template's name is left in the new game's files"
else
    ok
fi
# a second time, or a name that is no game's: refused, exit 2, nothing changed
"$copy/scripts/new-game" demo >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "new-game demo twice: not exit 2"
"$copy/scripts/new-game" 'De mo' >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "new-game 'De mo': not exit 2"
sums >"$TMP/again"
cmp -s "$TMP/after" "$TMP/again" && ok || bad "a refused new-game changed the tree"

# ------------------------------------------------------------ the game alone, built and tested
launcher=()
[ -x "${GL_CCACHE:-}" ] && launcher=(-DCMAKE_C_COMPILER_LAUNCHER="$GL_CCACHE")
build="$copy/build"
if [ "$part" = native ]; then
    if cmake -S "$copy" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGL_GAMES=demo -DGL_WERROR=ON \
        -DGL_SANITIZE="${GL_TEMPLATE_SANITIZE:-OFF}" "${launcher[@]}" >"$TMP/cfg.log" 2>&1 &&
        cmake --build "$build" -j2 >"$TMP/build.log" 2>&1; then
        ok
    else
        bad "the copy with demo does not build:"; tail -n 30 "$TMP/cfg.log" "$TMP/build.log"; finish
    fi
    list=$("$build/gridlab" list)
    printf '%s\n' "$list" | grep -q '^demo ' && ok || bad "gridlab list does not list demo: $list"
    tests='^(demo/|cli/demo$|tui/demo$|tui/presets-demo$|core/test_contract$|tools/one_way$)'
    (cd "$build" && ctest -j2 --output-on-failure -R "$tests" >"$TMP/ctest.log" 2>&1)
    rc=$?
    ran=$(grep -c ' Test *#' "$TMP/ctest.log")
    if [ $rc -eq 0 ] && [ "$ran" -ge 5 ]; then ok; else bad "the demo's tests (ctest -R '$tests', $ran run):"; cat "$TMP/ctest.log"; fi
    grep ' Test *#' "$TMP/ctest.log"
    finish
fi

# ------------------------------------------------------------ page: the web page with the game alone
[ "$part" = page ] || { echo "usage: new_game.sh [native|page]" >&2; exit 2; }
command -v emcmake >/dev/null 2>&1 || { echo "no emscripten: skipped"; exit 77; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "no chromium: skipped"; exit 77; }
[ -d "$src/tests/web/node_modules/playwright-core" ] ||
    { echo "no playwright-core in $src/tests/web/node_modules (scripts/web test installs it): skipped"; exit 77; }
ln -s "$src/tests/web/node_modules" "$copy/tests/web/node_modules"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
cmake -S "$copy" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGL_GAMES=demo -DGL_TESTS=OFF -DGL_TUI=OFF \
    "${launcher[@]}" >"$TMP/cfg.log" 2>&1 && cmake --build "$build" -j2 --target gridlab >"$TMP/build.log" 2>&1 ||
    { bad "the native program with demo does not build"; tail -n 30 "$TMP/build.log"; finish; }
emcmake cmake -S "$copy" -B "$copy/build-web" -DCMAKE_BUILD_TYPE=Release -DGL_TESTS=OFF -DGL_TUI=OFF -DGL_GAMES=demo \
    >"$TMP/wcfg.log" 2>&1 && cmake --build "$copy/build-web" -j2 >"$TMP/wbuild.log" 2>&1 ||
    { bad "the page with demo does not build"; tail -n 30 "$TMP/wcfg.log" "$TMP/wbuild.log"; finish; }
ok
# the page's tests of one game (named "demo: ...": play by clicking, undo,
# hint, solve to the end, reload); the others test the page with every
# game and the games' own boards
(cd "$copy" && GRIDLAB="$build/gridlab" GL_WEB_BUILD="$copy/build-web" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" \
    timeout 1200 node --test --test-concurrency=1 --test-name-pattern='^demo: ' tests/web/page.test.mjs) \
    >"$TMP/page.log" 2>&1 && ok || { bad "the browser tests on demo:"; grep -B3 -A20 '^not ok' "$TMP/page.log" | head -n 80; }
passed=$(sed -n 's/^# pass //p' "$TMP/page.log")
[ "${passed:-0}" -ge 1 ] && ok || bad "the page's tests of demo: ${passed:-none} passed"
grep -E '^(not )?ok|^# (pass|fail)' "$TMP/page.log"
finish
