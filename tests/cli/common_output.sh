#!/bin/bash
# Output that cannot be written is an error: every subcommand that prints,
# with standard output on /dev/full (a full disk), exits 2 with
# "gridlab: <stdout>: write error: No space left on device", never
# 0 with the output lost.  The check is made once, at the end of main, so
# it holds for every subcommand: the first loop takes the subcommands from
# `gridlab --help` (so a new one is covered without a line here), the
# second runs the ones that print real output, each first checked to print
# and succeed on a normal file.  See docs/robustness.md.
source "$(dirname "$0")/lib.sh"
needs_game tiles

LIMIT_S=${GL_HOSTILE_TIMEOUT:-120}
# The reason is named when it is still known at the end (a command that
# flushed its output itself, like batch, has seen the failure earlier).
FULL_MSG="gridlab: <stdout>: write error"

# to_full NAME ARGS...: stdout on /dev/full: exit 2 and the message.
to_full() {
    local name=$1; shift
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" "$@" >/dev/full 2>"$TMP/err" </dev/null
    RC=$?; OUT=""; ERR=$(head -c 20000 "$TMP/err")
    expect_rc 2 "$name > /dev/full"
    expect_err "$FULL_MSG" "$name > /dev/full"
    # said once, not again by main after the command said it
    if [ "$(grep -c "^$FULL_MSG" "$TMP/err")" -eq 1 ]; then ok; else bad "$name > /dev/full: the message not said once"; fi
}
# prints NAME RC ARGS...: on a file the command exits RC and prints
# something; on /dev/full it fails as above.
prints() {
    local name=$1 want=$2; shift 2
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?; OUT=$(head -c 2000 "$TMP/out"); ERR=$(head -c 2000 "$TMP/err")
    expect_rc "$want" "$name on a file"
    if [ -s "$TMP/out" ]; then ok; else bad "$name: printed nothing"; fi
    to_full "$name" "$@"
}

# ------------------------------------------------------------ every subcommand's --help
run --help
cmds=$(printf '%s\n' "$OUT" | sed -n '/^usage:/,/^Games:/p' | sed -n 's/^  \([a-z][a-z0-9]*\)  *.*/\1/p')
[ "$(printf '%s\n' "$cmds" | wc -w)" -ge 9 ] && ok || bad "--help lists the subcommands (found: $cmds)"
for cmd in $cmds; do
    prints "$cmd --help" 0 "$cmd" --help
done
prints "--help" 0 --help
to_full "new tiles" new tiles --seed 1
expect_err "gridlab: <stdout>: write error: No space left on device" "new tiles > /dev/full: the reason"
prints "--version" 0 --version
run --help
expect_out "130 interrupted" "--help documents exit 130"
expect_out "could not be written" "--help documents exit 2 for write errors"

# ------------------------------------------------------------ real output
prints "list" 0 list
prints "list --json" 0 list --json
for g in $BUILT_GAMES; do
    prints "new $g" 0 new "$g" --seed 1
    "$GRIDLAB" new "$g" --seed 1 >"$TMP/$g.txt"
    prints "show $g" 0 show "$TMP/$g.txt"
    prints "solve $g" 0 solve "$TMP/$g.txt" --limit-ms 20000
    prints "solve $g --json" 0 solve "$TMP/$g.txt" --json --limit-ms 20000
    prints "hint $g" 0 hint "$TMP/$g.txt" --limit-ms 20000
    prints "hint $g --json" 0 hint "$TMP/$g.txt" --json --limit-ms 20000
done
# a negative answer is not a success either when it cannot be printed
if has_game tiles; then
    printf 'tiles\nBW_\n' >"$TMP/t1.txt"
    prints "solve --trace" 0 solve "$TMP/t1.txt" --trace
    # the trace goes to standard error with --json: losing it fails too
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve "$TMP/t1.txt" --json --trace >"$TMP/out" 2>/dev/full </dev/null
    RC=$?; OUT=$(cat "$TMP/out"); ERR=""
    expect_rc 2 "solve --json --trace 2> /dev/full"
    expect_json "solve --json --trace 2> /dev/full: stdout still whole"
    # nothing written to standard error: no failure
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve "$TMP/t1.txt" --json >"$TMP/out" 2>/dev/full </dev/null
    RC=$?; OUT=$(cat "$TMP/out"); ERR=""
    expect_rc 0 "solve --json 2> /dev/full, nothing to write there"
    prints "bench tiles" 0 bench tiles --from 3 --to 3 --algos astar --limit-ms 5000
    # a closed standard output: the write fails as well (not under
    # valgrind, which takes the free descriptor 1 for a file of its own, so
    # that the program's output lands there)
    if [ -z "${GL_UNDER_VALGRIND:-}" ]; then
        timeout -s KILL "$LIMIT_S" "$GRIDLAB" new tiles --seed 1 >&- 2>"$TMP/err" </dev/null
        RC=$?; OUT=""; ERR=$(cat "$TMP/err")
        expect_rc 2 "new >&-"
        expect_err "gridlab: <stdout>: write error: Bad file descriptor" "new >&-"
    fi
    # nothing to write to a closed standard output: no failure
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" new tiles --bogus 1 >&- 2>"$TMP/err" </dev/null
    RC=$?; OUT=""; ERR=$(cat "$TMP/err")
    expect_rc 2 "new --bogus >&-"
    expect_err "unknown option --bogus" "new --bogus >&-: the real problem is named"
fi
if has_game lines; then
    printf 'lines size=5x5 colors=7 next=123 score=0\n1....\n.....\n.....\n.....\n.....\n' >"$TMP/lp.txt"
    prints "path lines" 0 path "$TMP/lp.txt" a1 c3
    prints "path lines --json" 0 path "$TMP/lp.txt" a1 c3 --json
    prints "autoplay lines" 0 autoplay lines --ai greedy --games 1 --max-turns 5
    prints "autoplay lines --json" 0 autoplay lines --ai greedy --games 1 --max-turns 5 --json
fi
if has_game onet; then
    printf 'onet size=2x1\naa\n' >"$TMP/op.txt"
    prints "path onet" 0 path "$TMP/op.txt" a1 b1
fi
if has_game flood; then
    sed -n '1p;3p' "$GL_SOURCE_DIR/bench/data/flood/pc19.txt" >"$TMP/batch.txt"
    prints "batch flood" 0 batch flood "$TMP/batch.txt" --size 14x14
    prints "batch flood --json" 0 batch flood "$TMP/batch.txt" --size 14x14 --json
fi
# more than a buffer's worth, written while the command runs
prints "tour" 0 tour

# A save is output too: line mode's autosave that fails mid-game (its
# directory removed after the first save) ends the game with exit 2 and
# the file named, and the moves after it are not played.
if has_game tiles; then
    mkdir "$TMP/gone"; mkfifo "$TMP/in"
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" play tiles --seed 1 --save "$TMP/gone/save.txt" --lines \
        <"$TMP/in" >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    exec 3>"$TMP/in"
    # A loaded machine may take a while to write the first save; if the
    # program has gone by the time the moves are written, the write must
    # not end this script with SIGPIPE (the checks below say what failed).
    for _ in $(seq 1200); do [ -s "$TMP/gone/save.txt" ] && break; sleep 0.05; done
    [ -s "$TMP/gone/save.txt" ] && ok || bad "play --lines: no first save within 60 s"
    rm -rf "$TMP/gone"
    (trap '' PIPE; printf '5-7\n4-5\nquit\n' >&3) 2>/dev/null
    exec 3>&-
    wait "$pid"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 2 "play --lines, autosave fails"
    expect_err "gridlab: cannot save: $TMP/gone/save.txt" "play --lines, autosave fails: the file named"
    case "$OUT" in *"4-5"*) bad "play --lines, autosave fails: played on" ;; *) ok ;; esac
fi

# --trace means something for every game (flood, lines and match3 printed
# nothing though --help offered it): a solver without a trace of its own
# gets the answer state by state, each move with the status line it leads
# to; with --json on standard error, the JSON whole on standard output.
trace_case() {
    local name=$1 file=$2; shift 2
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve "$file" --trace "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_out "step  move     state" "$name --trace: a header"
    local moves steps
    moves=$(printf '%s\n' "$OUT" | sed -n 's/^moves: //p' | wc -w)
    steps=$(printf '%s\n' "$OUT" | grep -c '^ *[0-9][0-9]*  ')
    [ "$steps" = $((moves + 1)) ] && ok || bad "$name --trace: $steps states for $moves moves"
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve "$file" --trace --json "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_json "$name --trace --json"; expect_err "step  move     state" "$name --trace --json: the trace on stderr"
}
if has_game flood; then
    printf 'flood size=4x4 colors=3\n0120\n1201\n2012\n0120\n' >"$TMP/ft.txt"
    trace_case flood "$TMP/ft.txt"
    expect_err "flooded 16/16  won" "flood --trace: the last state won"
fi
if has_game lines; then
    printf 'lines size=5x5 colors=7 next=234\n1.2..\n22...\n.....\n.....\n....3\n' >"$TMP/lt.txt"
    trace_case lines "$TMP/lt.txt" --algo greedy --turns 3
    expect_err "turn 3" "lines --trace: the third turn"
fi
if has_game match3; then
    printf 'match3 size=4x8 kinds=4\n3343\n3233\n2434\n1343\n3311\n3433\n1443\n1232\n' >"$TMP/mt.txt"
    trace_case match3 "$TMP/mt.txt" --swaps 2
    expect_err "swaps 2" "match3 --trace: two swaps"
fi

finish
