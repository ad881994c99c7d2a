#!/bin/bash
# `cmake --install` into a scratch prefix, then use what was installed the
# way a user would: run the program, build a small program against the
# library through pkg-config (shared and static), read the man page.
#
#   check.sh BUILD_DIR WORK_DIR      (ctest: install/prefix)
set -u
BUILD=$1
WORK=$2
PREFIX=$WORK/prefix
PASS=0
FAIL=0
ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*" >&2; }
# The program built against the installed library below reads a tiles
# board: without tiles ($GL_GAMES, from ctest) the test is skipped (exit 77).
case ",${GL_GAMES:-tiles}," in
*,tiles,*) ;;
*) echo "tiles is not in this build (GL_GAMES=$GL_GAMES): skipped"; exit 77 ;;
esac

rm -rf "$WORK"
mkdir -p "$WORK"
if cmake --install "$BUILD" --prefix "$PREFIX" >"$WORK/install.log" 2>&1; then ok; else
    bad "cmake --install failed"; cat "$WORK/install.log" >&2; echo "$PASS passed, $FAIL failed"; exit 1
fi

# The program.
if out=$("$PREFIX/bin/gridlab" --version 2>&1) && [ -n "$out" ]; then ok; else bad "gridlab --version: '$out'"; fi
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$BUILD/CMakeCache.txt")
case "$out" in *"$version"*) ok ;; *) bad "--version '$out' lacks the project version '$version'" ;; esac
if "$PREFIX/bin/gridlab" list >/dev/null 2>&1; then ok; else bad "gridlab list from the prefix"; fi
# The learned Color Lines player's weights: installed, and found by the
# installed program (when lines is built).
if "$PREFIX/bin/gridlab" list 2>/dev/null | grep -q '^lines'; then
    for rules in lines98 klines; do
        if [ -f "$PREFIX/share/gridlab/$rules.weights" ]; then ok; else bad "no $rules.weights under share/gridlab"; fi
        if "$PREFIX/bin/gridlab" autoplay lines --ai learned --rules $rules --games 1 --max-turns 3 >"$WORK/learned.out" 2>&1
        then ok; else bad "the installed learned player ($rules): $(cat "$WORK/learned.out")"; fi
    done
fi

# Headers: every public header is installed (each is compiled alone below).
for h in "$(dirname "$0")"/../../include/gridlab/*.h; do
    if [ -f "$PREFIX/include/gridlab/$(basename "$h")" ]; then ok; else bad "missing header $(basename "$h")"; fi
done

# The library and its pkg-config file (wherever GNUInstallDirs put libdir).
pc=$(find "$PREFIX" -name gridlab.pc | head -n 1)
if [ -n "$pc" ]; then ok; else bad "no gridlab.pc installed"; fi
libdir=$(dirname "$(dirname "$pc")")
for f in libgridlab.a libgridlab.so; do
    if [ -e "$libdir/$f" ]; then ok; else bad "missing $libdir/$f"; fi
done
# gridlab.pc finds its prefix from where it lies (${pcfiledir}), so the
# scratch prefix needs no override.
PC="pkg-config"
export PKG_CONFIG_PATH=$(dirname "$pc")
if $PC --exists gridlab; then ok; else bad "pkg-config does not find gridlab"; fi
case "$($PC --cflags gridlab)" in *"$PREFIX"*|*"$(dirname "$pc")"*) ok ;; *) bad "pkg-config cflags do not point into the prefix: $($PC --cflags gridlab)" ;; esac
pcv=$($PC --modversion gridlab 2>/dev/null)
if [ "$pcv" = "$version" ]; then ok; else bad "pkg-config version '$pcv', project '$version'"; fi

CC=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$BUILD/CMakeCache.txt")
[ -n "$CC" ] || CC=cc
# A sanitizer build's library needs the sanitizer runtime in the program too.
SAN=""
if grep -Eq '^GL_(SANITIZE|FUZZ):BOOL=ON' "$BUILD/CMakeCache.txt"; then SAN="-fsanitize=address,undefined"; fi
cat >"$WORK/hello.c" <<'C'
#include <gridlab/gridlab.h>
#include <stdio.h>
#include <string.h>

/* Reads a tiles board from a string with the installed library and prints
 * its text form: the parser, the registry and the formatter, end to end;
 * then plays the board's hint in a play session and reads what the hint
 * added: what a front end does, with the public headers alone. */
int main(void)
{
    const char text[] = "tiles hop=2\nBBWW_\n";
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "hello", &g, &err);
    if (!b) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    gl_strbuf sb = GL_STRBUF_INIT;
    g->format(b, &sb);
    fputs(gl_sb_str(&sb), stdout);
    gl_sb_free(&sb);
    g->destroy(b);

    gl_play *p = gl_play_new();
    gl_move m;
    gl_info info;
    gl_info_init(&info);
    if (gl_play_load_text(p, text, strlen(text), "hello", &err) != 0 ||
        gl_play_hint(p, NULL, &m, &info, &err) != GL_HINT_MOVE || gl_play_move(p, &m, NULL, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    printf("hint played: %d move, %d items of info\n", gl_play_moves(p), info.n);
    gl_info_free(&info);
    gl_play_free(p);
    printf("gridlab %s, %d games\n", GRIDLAB_VERSION, gl_ngames);
    return 0;
}
C
# shellcheck disable=SC2046
if $CC -std=c11 -Wall -Werror $SAN -o "$WORK/hello-shared" "$WORK/hello.c" $($PC --cflags --libs gridlab) \
    2>"$WORK/cc.log"; then ok; else bad "linking against the shared library"; cat "$WORK/cc.log" >&2; fi
# shellcheck disable=SC2046
if $CC -std=c11 -Wall -Werror $SAN -o "$WORK/hello-static" "$WORK/hello.c" $($PC --cflags gridlab) \
    "$libdir/libgridlab.a" $($PC --static --libs-only-l gridlab | sed 's/-lgridlab//') 2>"$WORK/cc.log"; then ok; else
    bad "linking against the static library"; cat "$WORK/cc.log" >&2; fi
for p in hello-shared hello-static; do
    out=$(LD_LIBRARY_PATH=$libdir "$WORK/$p" 2>&1)
    case "$out" in *"BBWW_"*"hint played: 1 move"*"gridlab $version"*) ok ;; *) bad "$p printed '$out'" ;; esac
done
if [ -e "$WORK/hello-shared" ]; then
    if LD_LIBRARY_PATH=$libdir ldd "$WORK/hello-shared" | grep -q "$libdir/libgridlab.so"; then ok; else
        bad "hello-shared does not use the installed libgridlab.so"; fi
fi

# The shared library exports the documented API and nothing else, the
# static one defines no global outside it: docs/api.txt lists the names,
# docs/architecture.md gives their count.  Names the toolchain adds (a
# leading underscore: the sanitizers' __asan_*, __odr_asan_*) are not the
# library's and are left out.
API=$(dirname "$0")/../../docs/api.txt
ARCH=$(dirname "$0")/../../docs/architecture.md
api=$(grep -v '^#' "$API" | sort)
napi=$(printf '%s\n' "$api" | grep -c .)
if grep -q "exports $napi names" "$ARCH"; then ok; else bad "docs/architecture.md does not give the API's count ($napi names, docs/api.txt)"; fi
if command -v nm >/dev/null && [ -e "$libdir/libgridlab.so" ]; then
    syms=$(nm -D --defined-only "$libdir/libgridlab.so" | awk '{print $3}' | grep -v '^_' | sort)
    if [ -n "$syms" ]; then ok; else bad "no symbols exported from libgridlab.so"; fi
    extra=$(comm -23 <(printf '%s\n' "$syms") <(printf '%s\n' "$api") | head -5 | tr '\n' ' ')
    if [ -z "$extra" ]; then ok; else bad "libgridlab.so exports names not in docs/api.txt: $extra"; fi
    missing=$(comm -13 <(printf '%s\n' "$syms") <(printf '%s\n' "$api") | head -5 | tr '\n' ' ')
    if [ -z "$missing" ]; then ok; else bad "docs/api.txt lists names libgridlab.so does not export: $missing"; fi
    undeclared=""
    for s in $syms; do
        grep -qw "$s" "$PREFIX"/include/gridlab/*.h || undeclared="$undeclared $s"
    done
    if [ -z "$undeclared" ]; then ok; else bad "exported but in no public header:$undeclared"; fi
fi
if command -v nm >/dev/null && [ -e "$libdir/libgridlab.a" ]; then
    globals=$(nm -g --defined-only "$libdir/libgridlab.a" | awk 'NF == 3 {print $3}' | grep -v '^_' | sort -u)
    if [ -n "$globals" ]; then ok; else bad "no globals in libgridlab.a"; fi
    stray=$(printf '%s\n' "$globals" | grep -Ev '^glw?_' | head -5 | tr '\n' ' ')
    if [ -z "$stray" ]; then ok; else bad "libgridlab.a defines globals without the gl_ prefix: $stray"; fi
    extra=$(comm -23 <(printf '%s\n' "$globals") <(printf '%s\n' "$api") | head -5 | tr '\n' ' ')
    if [ -z "$extra" ]; then ok; else bad "libgridlab.a defines globals not in docs/api.txt: $extra"; fi
fi
# No internal header is installed: every header of src/gridlab/.
for h in "$(dirname "$0")"/../../src/gridlab/*.h; do
    h=$(basename "$h")
    if [ ! -e "$PREFIX/include/gridlab/$h" ]; then ok; else bad "internal header $h installed"; fi
done
# Every installed header compiles alone, strictly (it includes what it
# uses and nothing outside the prefix), as C11 and as C++ where there is
# a C++ compiler.
for h in "$PREFIX"/include/gridlab/*.h; do
    printf '#include <gridlab/%s>\nint gl_header_compiles;\n' "$(basename "$h")" >"$WORK/one.c"
    if $CC -std=c11 -Wall -Wextra -Wpedantic -Werror -c -o "$WORK/one.o" -I"$PREFIX/include" "$WORK/one.c" \
        2>"$WORK/cc.log"; then ok; else bad "<gridlab/$(basename "$h")> does not compile alone"; cat "$WORK/cc.log" >&2; fi
done
if command -v c++ >/dev/null; then
    printf '#include <gridlab/gridlab.h>\nint main() { return gl_game_find("tiles") ? 0 : 1; }\n' >"$WORK/one.cc"
    if c++ -Wall -Wextra -Werror -c -o "$WORK/one.o" -I"$PREFIX/include" "$WORK/one.cc" 2>"$WORK/cc.log"; then ok; else
        bad "<gridlab/gridlab.h> does not compile as C++"; cat "$WORK/cc.log" >&2; fi
fi
# What games and solvers are written with stays inside the library: a
# program that declares such a function itself (a parameter's value, the
# meter, the board text reader, the atomic write) links against neither
# library.
cat >"$WORK/inside.c" <<'C'
#include <gridlab/gridlab.h>
long long gl_param_int(const gl_params *v, const char *key, long long fallback);
int gl_text_parse(const char *data, size_t len, const char *file, gl_text *t, gl_error *err);
int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err);
int gl_budget_take(gl_budget *b, size_t n);
int main(int argc, char **argv)
{
    (void)argv;
    gl_error err = {0};
    switch (argc) {
    case 1: return (int)gl_param_int(NULL, "size", 0);
    case 2: return gl_text_parse("", 0, "x", NULL, &err);
    case 3: return gl_write_file_atomic("x", "", 0, &err);
    default: return gl_budget_take(NULL, 1);
    }
}
C
# shellcheck disable=SC2046
$CC -std=c11 -w $SAN -o "$WORK/inside-shared" "$WORK/inside.c" $($PC --cflags --libs gridlab) >"$WORK/inside.log" 2>&1
for f in gl_param_int gl_text_parse gl_write_file_atomic gl_budget_take; do
    if grep -qw "$f" "$WORK/inside.log"; then ok; else bad "libgridlab.so lets a program link $f"; fi
done
# shellcheck disable=SC2046
$CC -std=c11 -w $SAN -o "$WORK/inside-static" "$WORK/inside.c" $($PC --cflags gridlab) "$libdir/libgridlab.a" \
    $($PC --static --libs-only-l gridlab | sed 's/-lgridlab//') >"$WORK/inside.log" 2>&1
for f in gl_param_int gl_text_parse gl_write_file_atomic gl_budget_take; do
    if grep -qw "$f" "$WORK/inside.log"; then ok; else bad "libgridlab.a lets a program link $f"; fi
done

# find_package(gridlab) from a CMake project, against the installed prefix.
if command -v cmake >/dev/null; then
    mkdir -p "$WORK/cmake-user"
    cp "$WORK/hello.c" "$WORK/cmake-user/hello.c"
    cat >"$WORK/cmake-user/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(hello C)
find_package(gridlab REQUIRED)
add_executable(hello hello.c)
target_link_libraries(hello PRIVATE gridlab::gridlab)
CM
    SANFLAGS=""
    [ -n "$SAN" ] && SANFLAGS="-DCMAKE_C_FLAGS=$SAN -DCMAKE_EXE_LINKER_FLAGS=$SAN"
    # shellcheck disable=SC2086
    if cmake -S "$WORK/cmake-user" -B "$WORK/cmake-user/build" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_C_COMPILER="$CC" $SANFLAGS >"$WORK/cmake-user.log" 2>&1 &&
        cmake --build "$WORK/cmake-user/build" >>"$WORK/cmake-user.log" 2>&1; then ok; else
        bad "find_package(gridlab) project does not build"; tail -20 "$WORK/cmake-user.log" >&2; fi
    out=$(LD_LIBRARY_PATH=$libdir "$WORK/cmake-user/build/hello" 2>&1)
    case "$out" in *"BBWW_"*"gridlab $version"*) ok ;; *) bad "find_package program printed '$out'" ;; esac
fi

# The man page: installed, and groff formats it without a warning.
man=$PREFIX/share/man/man1/gridlab.1
if [ -f "$man" ]; then ok; else bad "no man page at $man"; fi
if [ -f "$man" ] && command -v groff >/dev/null; then
    warn=$(groff -man -Tutf8 -ww -z "$man" 2>&1)
    if [ -z "$warn" ]; then ok; else bad "groff warnings: $warn"; fi
    # Spaces squeezed: groff spreads a justified line's words apart.
    text=$(groff -man -Tutf8 "$man" 2>/dev/null | sed "s/.\x08//g" | tr -s ' ')
    case "$text" in *"gridlab $version"*) ok ;; *) bad "man page title lacks the version $version" ;; esac
    for cmd in list new show solve hint path play autoplay batch bench tour train; do
        case "$text" in *"gridlab $cmd"*) ok ;; *) bad "man page does not document 'gridlab $cmd'" ;; esac
    done
    # The exit statuses the program gives (cli/common_output, cli/common_hostile).
    status=$(printf '%s\n' "$text" | sed -n '/^EXIT STATUS/,/^[A-Z][A-Z ]*$/p' | tr -s ' \n' '  ' | sed 's/‐ //g')
    for want in "130 interrupted by Ctrl-C (SIGINT) or SIGTERM" "output that could not be written"; do
        case "$status" in *"$want"*) ok ;; *) bad "man page EXIT STATUS lacks '$want'" ;; esac
    done
fi

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
