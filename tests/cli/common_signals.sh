#!/bin/bash
# Signals and limits around input and saves, through the real program with
# real concurrent processes: SIGTERM or Ctrl-C while a board is read from
# standard input or while line mode waits for a command ends the program at
# once with exit 130; a save that passes the file size limit (ulimit -f)
# fails with its message and exit 2, its temporary file removed (SIGXFSZ
# no longer kills the program silently); Ctrl-C twice during a save leaves
# no temporary file, and the file whole.  See docs/robustness.md, promises
# 7 and 9.  Played on tiles (skipped, exit 77, without it).
source "$(dirname "$0")/lib.sh"
needs_game tiles

# slow_tmp: a save's temporary file is there and still there 0.3 s later
slow_tmp() { compgen -G "$TMP/s.txt.tmp.*" >/dev/null && sleep 0.3 && compgen -G "$TMP/s.txt.tmp.*" >/dev/null; }
# catching PID: the program has installed its handler for SIGTERM (bit 15
# of SigCgt in /proc), so a signal now tests the program, not its start
catching() {
    local cgt
    cgt=$(awk '/^SigCgt:/ {print $2}' "/proc/$1/status" 2>/dev/null) || return 1
    [ -n "$cgt" ] && [ $((0x$cgt & (1 << 14))) -ne 0 ]
}
# waiting_on_stdin PID: the handler is there and the program waits in
# read(2) on its standard input.  Under valgrind SigCgt has every bit from
# valgrind's own start, so only the read says the handler is in place.
waiting_on_stdin() { catching "$1" && in_syscall "$1" 0 0x0; }
# Every run is bounded (a program that ignores the signal would otherwise
# hang the test: a background job of a script starts with SIGINT ignored,
# so only a program with its own handler ends on it): run under timeout,
# the program is its child (under valgrind, a grandchild: the newest).
LIMIT_S=$((30 * SLOW))
prog_pid() {
    local p=$1 c
    while c=$(pgrep -n -P "$p" 2>/dev/null) && [ -n "$c" ]; do p=$c; done
    echo "$p"
}
# prog_waiting_on_stdin JOB: the job's program (not yet there while the
# job's shell still opens the fifo or timeout has not started it) waits
# on its standard input with the handler in place.
prog_waiting_on_stdin() {
    local p
    p=$(prog_pid "$1")
    [ "$p" != "$1" ] && waiting_on_stdin "$p"
}

run new tiles --seed 1; printf '%s\n' "$OUT" >"$TMP/t.txt"

# ------------------------------------------------------------ a signal while input is read
# A board read from standard input that does not come yet (a pipe held
# open, nothing written): SIGTERM or SIGINT ends the program at once, 130
# (it was 143, killed by SIGTERM, the handler being installed after the
# read).
for sig in TERM INT; do
    for cmd in solve hint show; do
        mkfifo "$TMP/in"
        timeout -s KILL "$LIMIT_S" "$GRIDLAB" $cmd - <"$TMP/in" >"$TMP/out" 2>"$TMP/err" &
        pid=$!
        exec 3>"$TMP/in"
        until_true $((10 * SLOW)) prog_waiting_on_stdin "$pid" || bad "$cmd -: the handler and the read never came"
        stop_after "$sig" "$(prog_pid $pid)" "$pid"
        exec 3>&-
        rm -f "$TMP/in"
        OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
        expect_rc 130 "$cmd - : SIG$sig while reading standard input"
        stopped_soon "$cmd -: SIG$sig"
    done
done
# Line mode waiting for a command: Ctrl-C ends it at once, exit 130.
mkfifo "$TMP/in"
timeout -s KILL "$LIMIT_S" "$GRIDLAB" play "$TMP/t.txt" --lines <"$TMP/in" >"$TMP/out" 2>"$TMP/err" &
pid=$!
exec 3>"$TMP/in"
until_true $((10 * SLOW)) grep -q '^> ' "$TMP/out" || bad "line mode: no prompt"
stop_after INT "$(prog_pid $pid)" "$pid"
exec 3>&-
rm -f "$TMP/in"
expect_rc 130 "line mode: Ctrl-C at the prompt"
stopped_soon "line mode: Ctrl-C at the prompt"

# ------------------------------------------------------------ the file size limit
# A save past ulimit -f: the save's message, exit 2, the old file as it
# was, no temporary file (the default action of SIGXFSZ ended the program
# with 153 and nothing said).  Standard error goes to a pipe: a file there
# would be past the limit too.
# Valgrind itself is ended by SIGXFSZ under ulimit -f 0 (it writes files
# of its own as it starts): under it (GL_UNDER_VALGRIND) these checks are
# left to the plain and sanitizer passes.
if [ -n "${GL_UNDER_VALGRIND:-}" ]; then
    echo "under valgrind: the file size limit's checks are skipped (valgrind cannot start under ulimit -f 0)"
else
cp "$TMP/t.txt" "$TMP/game.txt"
cp "$TMP/game.txt" "$TMP/game.orig"
printf '1\nquit\n' | (ulimit -f 0; exec "$GRIDLAB" play "$TMP/game.txt" --save "$TMP/game.txt" --lines 2>&1 >/dev/null) \
    | cat >"$TMP/err"
RC=${PIPESTATUS[1]}; ERR=$(cat "$TMP/err"); OUT=""
expect_rc 2 "save past ulimit -f"
expect_err "gridlab: cannot save: $TMP/game.txt: write failed: File too large" "save past ulimit -f: the message"
cmp -s "$TMP/game.txt" "$TMP/game.orig" && ok || bad "save past ulimit -f: the old file changed"
ls "$TMP"/game.txt.tmp.* >/dev/null 2>&1 && bad "save past ulimit -f: a temporary file left" || ok
# Output past the limit is a write error like any other, exit 2.
(ulimit -f 0; exec "$GRIDLAB" new tiles --seed 2 >"$TMP/big.txt") 2>&1 | cat >"$TMP/err"
RC=${PIPESTATUS[0]}; ERR=$(cat "$TMP/err")
expect_rc 2 "output past ulimit -f"; expect_err "<stdout>: write error: File too large" "output past ulimit -f: the message"
fi

# ------------------------------------------------------------ Ctrl-C twice during a save
# The save is made slow (its fsync delayed 1.5 s by strace's fault
# injection); two signals come during it.  They wait until the save is
# done: exit 130, the file whole, no temporary file beside it.  Skipped
# where strace cannot trace or inject.
if command -v strace >/dev/null &&
    strace -f -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=1000 true 2>/dev/null &&
    [ "$SLOW" = 1 ]; then
    # the first save, when the game starts; then an autosave after a move
    # (the third fsync: two per save)
    for when in 1 3; do
        rm -f "$TMP/s.txt" "$TMP"/s.txt.tmp.*
        mkfifo "$TMP/in"
        timeout -s KILL "$LIMIT_S" strace -f -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=1500000:when=$when \
            "$GRIDLAB" play "$TMP/t.txt" --save "$TMP/s.txt" --lines <"$TMP/in" >"$TMP/out" 2>"$TMP/err" &
        spid=$!
        exec 3>"$TMP/in"
        [ "$when" = 3 ] && { until_true 20 grep -q "^> " "$TMP/out"; echo 6-7 >&3; }
        # the delayed save's temporary file: one still there 0.3 s later (a
        # save that is not held up, such as the first under a loaded
        # machine, is gone by then)
        until_true 20 slow_tmp || bad "save $when: no temporary file seen"
        pid=$(prog_pid "$spid")
        kill -INT "$pid"; sleep 0.1; kill -INT "$pid"; sleep 0.1; kill -TERM "$pid"
        wait "$spid"; RC=$?
        exec 3>&-
        rm -f "$TMP/in"
        expect_rc 130 "Ctrl-C twice during save $when"
        compgen -G "$TMP/s.txt.tmp.*" >/dev/null && bad "Ctrl-C twice during save $when: a temporary file left" || ok
        run show "$TMP/s.txt"; expect_rc 0 "Ctrl-C twice during save $when: the file is whole"
    done
else
    echo "strace cannot inject delays here: the Ctrl-C during a save checks are skipped"
fi

finish
