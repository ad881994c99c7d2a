#!/bin/bash
# Hostile inputs through the real program: huge headers, huge lines, huge
# files, binary junk, absurd counts and limits, solvers asked for the
# impossible, Ctrl-C and SIGTERM.  Each must end quickly with a clear "gridlab: "
# message and exit 2 (bad input), or, for a solver that hits a limit, with
# its statistics, "stopped" and optimal:false.  The checks below hold for
# every game of the build (each game's own board as the vehicle); a game's
# own hostile inputs are in tests/GAME/hostile.sh, sourced at the end when
# the game is built.  See docs/robustness.md.
source "$(dirname "$0")/lib.sh"
[ -n "$BUILT_GAMES" ] || { echo "no game in this build: skipped"; exit 77; }

# Every run is bounded: a hang is a failure (exit 124 or 137), never a
# stuck test.  Under valgrind everything is ~30x slower, hence the margin.
LIMIT_S=${GL_HOSTILE_TIMEOUT:-120}
trun() {
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    OUT=$(head -c 100000 "$TMP/out")
    ERR=$(head -c 100000 "$TMP/err")
}
# bad NAME EXPECTED-TEXT ARGS...: exit 2, one "gridlab: " message naming the problem.
bad_input() {
    local name=$1 text=$2; shift 2
    trun "$@"
    if [ "$RC" -eq 2 ] && [ "${ERR#gridlab: }" != "$ERR" ]; then ok; else bad "$name: expected exit 2 with a message"; return; fi
    expect_err "$text" "$name"
    # One line, not a flood of output (the message quotes at most a little of the input).
    if [ "$(printf '%s' "$ERR" | wc -c)" -lt 600 ]; then ok; else bad "$name: message too long"; fi
}
# alive PID: the process is there and has not ended (a zombie the shell has
# not waited for has ended).  Every polling loop below stops when the
# program it waits on ends: a loop that polls a finished program until its
# count runs out turns a missed moment into minutes.
alive() {
    local st
    st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
    [ -n "$st" ] && [ "$st" != Z ]
}
# interrupt_after_cpu SIGNALS ARGS...: runs gridlab ARGS in the background
# and sends SIGNALS (one, or several in one word: "STOP -INT -CONT") once the program has used some CPU time (so its search
# is surely running: a fixed sleep is not enough on a loaded machine or
# under valgrind; GL_HOSTILE_SIGINT_CPU, in clock ticks); sets RC, OUT, ERR.
interrupt_after_cpu() {
    local sig=$1; shift
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null &
    local pid=$! child="" need=${GL_HOSTILE_SIGINT_CPU:-30} stat
    for _ in $(seq 1 $((LIMIT_S * 10))); do
        child=$(pgrep -P "$pid" | head -n 1)
        if [ -n "$child" ] && stat=$(cat "/proc/$child/stat" 2>/dev/null); then
            set -- ${stat##*) }
            [ $(( ${12} + ${13} )) -ge "$need" ] && break
        fi
        alive "$pid" || break
        sleep 0.1
    done
    local s
    for s in $sig; do kill "-${s#-}" "${child:-$pid}" 2>/dev/null; done
    wait "$pid"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
}
file_of() { printf '%s' "$2" >"$TMP/$1"; echo "$TMP/$1"; }

# ------------------------------------------------------------ any game
bad_input "missing file" "cannot open" show "$TMP/no-such-file"
bad_input "directory" "gridlab" show "$TMP"
bad_input "empty file" "empty file" show "$(file_of empty.txt '')"
bad_input "only comments" "empty file" show "$(file_of comments.txt $'# a\n# b\n')"
bad_input "unknown game" "unknown game" show "$(file_of chess.txt $'chess size=8x8\n')"
bad_input "binary file" "gridlab: " show "$GRIDLAB"

# Each game's reader: a control character and a NUL byte in a row, junk in
# the game's name, 1100 rows, 300 header keys, a key given twice.
for g in $BUILT_GAMES; do
    "$GRIDLAB" new "$g" --seed 1 | grep -v '^#' >"$TMP/$g.txt"
    head=$(head -n 1 "$TMP/$g.txt") row=$(sed -n 2p "$TMP/$g.txt")
    { printf '%s\n' "$head"; sed -n '2s/.$/\x01/p' "$TMP/$g.txt"; tail -n +3 "$TMP/$g.txt"; } >"$TMP/ctl.txt"
    bad_input "$g: control character" "'\x01'" show "$TMP/ctl.txt"
    { printf '%s\n' "$head"; sed -n '2s/.$/\x00/p' "$TMP/$g.txt"; tail -n +3 "$TMP/$g.txt"; } >"$TMP/nul.txt"
    bad_input "$g: NUL byte in a row" "NUL byte" show "$TMP/nul.txt"
    { sed -n '1s/^\(..\)/\1\x7f/p' "$TMP/$g.txt"; tail -n +2 "$TMP/$g.txt"; } >"$TMP/junk.txt"
    bad_input "$g: game name with junk" "game name" show "$TMP/junk.txt"
    { printf '%s\n' "$head"; for i in $(seq 1 1100); do printf '%s\n' "$row"; done; } >"$TMP/rows.txt"
    bad_input "$g: 1100 rows" "too many rows" show "$TMP/rows.txt"
    { printf '%s' "$head"; for i in $(seq 1 300); do printf ' k%d=1' "$i"; done; echo; tail -n +2 "$TMP/$g.txt"; } >"$TMP/keys.txt"
    bad_input "$g: 300 header keys" "k1" show "$TMP/keys.txt"
    key=$(printf '%s\n' "$head" | awk '{ print $2 }')
    if [ -n "$key" ]; then
        { printf '%s %s\n' "$head" "$key"; tail -n +2 "$TMP/$g.txt"; } >"$TMP/twice.txt"
        bad_input "$g: key twice" "given twice" show "$TMP/twice.txt"
    fi
done

# The first game's board carries what the reader and the options refuse
# whatever the game: 10 MB lines, a file over the cap, absurd limits.
g=${BUILT_GAMES%% *}
t=$TMP/$g.txt
head=$(head -n 1 "$t")
# A 10 MB line, as a row, as the header, and on standard input.
{ printf '%s\n' "$head"; head -c 10485760 /dev/zero | tr '\0' B; echo; } >"$TMP/longrow.txt"
bad_input "10 MB row" "line too long" show "$TMP/longrow.txt"
{ printf '%s x=' "$head"; head -c 10485760 /dev/zero | tr '\0' 7; echo; tail -n +2 "$t"; } >"$TMP/longhead.txt"
bad_input "10 MB header" "line too long" show "$TMP/longhead.txt"
timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve - <"$TMP/longrow.txt" >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
expect_rc 2 "10 MB row on stdin"
expect_err "<stdin>:2: line too long" "10 MB row on stdin"
# A file over the 16 MB cap, made of short lines.
{ printf '%s\n' "$head"; yes '# padding padding padding padding' | head -c 17825792; } >"$TMP/huge.txt"
bad_input "17 MB file" "too large" show "$TMP/huge.txt"

# Absurd limits and options.
bad_input "negative time limit" "limit-ms" solve "$t" --limit-ms -5
bad_input "huge time limit" "limit-ms" solve "$t" --limit-ms 99999999999999999999999
bad_input "zero memory" "mem-mb" solve "$t" --mem-mb 0
bad_input "huge memory" "mem-mb" solve "$t" --mem-mb 9999999999999
bad_input "seed junk" "seed" new "$g" --seed 12abc
bad_input "unknown algorithm" "gridlab: " solve "$t" --algo nosuch
bad_input "unknown solver option" "gridlab: " solve "$t" --frobnicate 3
bad_input "option without value" "needs a value" solve "$t" --limit-ms
bad_input "too many arguments" "too many" show a b c d e f g h i j k l m n o p q

# tour: SIGTERM as soon as the program catches it (the signal mask in
# /proc shows the handler; the tour of every game takes about 0.2 s after
# that): the search running stops, no further game is started, the
# summary says so, exit 130.  The process is stopped (SIGSTOP) the moment
# the handler is seen and the signal is sent while it is stopped, so that
# a loaded machine's slow polling cannot let the tour end first; when the
# tour did end before the stop (it is no longer there to stop), the run is
# tried again, at most 5 times.  A build whose tour is over too soon to be
# caught running (under 50 ms: 20 ms without lines' solve) skips it.
tour_ms=$("$GRIDLAB" tour 2>/dev/null | sed -n 's/^tour done: .* in \([0-9]*\)\.[0-9]* ms$/\1/p')
if [ "${tour_ms:-0}" -lt 50 ]; then
    echo "tour in ${tour_ms:-?} ms: too short to interrupt, SIGTERM during the tour not tested"
else
    stopped=0
    for attempt in 1 2 3 4 5; do
        timeout -s KILL "$LIMIT_S" "$GRIDLAB" tour >"$TMP/out" 2>"$TMP/err" </dev/null &
        pid=$!
        child=""
        for _ in $(seq 1 $((LIMIT_S * 100))); do
            child=$(pgrep -P "$pid" | head -n 1)
            # SigCgt is hexadecimal; SIGTERM (15) is bit 14.  Under valgrind
            # (GRIDLAB a wrapper) the mask is valgrind's: wait for the CPU
            # instead, as interrupt_after_cpu does.
            case "$(readlink "/proc/${child:-0}/exe" 2>/dev/null)" in
                */gridlab) caught=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/${child:-0}/status" 2>/dev/null) ;;
                *) caught=0; set -- $(sed 's/.*) //' "/proc/${child:-0}/stat" 2>/dev/null)
                   [ $# -ge 13 ] && [ $(( ${12} + ${13} )) -ge "${GL_HOSTILE_SIGINT_CPU:-30}" ] && caught=4000 ;;
            esac
            [ -n "$caught" ] && [ $(( (16#$caught >> 14) & 1 )) = 1 ] && break
            alive "$pid" || break
            sleep 0.01
        done
        target=${child:-$pid}
        kill -STOP "$target" 2>/dev/null
        state=""
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            state=$(sed 's/.*) //' "/proc/$target/stat" 2>/dev/null | cut -d' ' -f1)
            [ "$state" = T ] || [ -z "$state" ] || [ "$state" = Z ] && break
            sleep 0.01
        done
        if [ "$state" = T ]; then
            kill -TERM "$target" 2>/dev/null
            kill -CONT "$target" 2>/dev/null
            wait "$pid"
            RC=$?; stopped=1
            break
        fi
        kill -CONT "$target" 2>/dev/null
        wait "$pid"
        echo "tour, SIGTERM: attempt $attempt: the tour ended before it was stopped; again"
    done
    if [ "$stopped" = 0 ]; then
        bad "tour, SIGTERM: the tour ended before the signal in 5 runs"
    else
        OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
        expect_rc 130 "tour, SIGTERM"
        expect_out "tour interrupted:" "tour, SIGTERM: the summary says so"
        case "$OUT" in *"tour done"*) bad "tour, SIGTERM: said done" ;; *) ok ;; esac
    fi
fi

# ------------------------------------------------------------ truncated saves
# A save cut short (a crash while copying it, a full disk) is refused with
# the place named, and loading it to play with --save on the same file
# leaves the file exactly as it was.
for g in $BUILT_GAMES; do
    trun new "$g" --seed 11
    [ "$RC" -eq 0 ] || { bad "$g: new for the save test"; continue; }
    printf '%s\n' "$OUT" >"$TMP/$g-full.txt"
    size=$(wc -c <"$TMP/$g-full.txt")
    # Cut inside the last row, after the header and the first row.
    head -c $((size - 2)) "$TMP/$g-full.txt" | sed '$d' >"$TMP/$g-cut.txt"
    bad_input "$g: truncated save" "$g-cut.txt:" show "$TMP/$g-cut.txt"
    cp "$TMP/$g-cut.txt" "$TMP/$g-cut.orig"
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" play "$TMP/$g-cut.txt" --save "$TMP/$g-cut.txt" --lines \
        </dev/null >"$TMP/out" 2>"$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 2 "$g: play a truncated save"
    if cmp -s "$TMP/$g-cut.txt" "$TMP/$g-cut.orig"; then ok; else bad "$g: the truncated save was changed"; fi
done

# ------------------------------------------------------------ what gridlab writes, it reads
# A board whose counter is at the most a board file holds (a crafted one:
# no game gets there): a move is refused, the game is over; one below it,
# a move is played and the save reads back.  (A Lines board with
# turns=1073741824 played a move with --save and wrote turns=1073741825,
# which show refused.)
# counter_case NAME HEADER-AT-MAX HEADER-BELOW ROWS MOVE
counter_case() {
    local name=$1 at=$2 below=$3 rows=$4 move=$5
    printf '%s\n%s\n' "$at" "$rows" >"$TMP/cmax.txt"
    rm -f "$TMP/cmax-saved.txt"
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" play "$TMP/cmax.txt" --save "$TMP/cmax-saved.txt" --lines \
        <<<"$move"$'\nquit' >"$TMP/out" 2>"$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 0 "$name at the maximum: play"; expect_out "the game is over" "$name at the maximum: the move refused"
    trun show "$TMP/cmax-saved.txt"; expect_rc 0 "$name at the maximum: the save reads back"
    trun hint "$TMP/cmax.txt"; expect_rc 1 "$name at the maximum: no hint (the game is over)"
    printf '%s\n%s\n' "$below" "$rows" >"$TMP/cmax.txt"
    rm -f "$TMP/cmax-saved.txt"
    timeout -s KILL "$LIMIT_S" "$GRIDLAB" play "$TMP/cmax.txt" --save "$TMP/cmax-saved.txt" --lines \
        <<<"$move"$'\nquit' >"$TMP/out" 2>"$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 0 "$name below the maximum: play"
    case "$OUT" in *"the game is over ("*) bad "$name below the maximum: the move refused" ;; *) ok ;; esac
    trun show "$TMP/cmax-saved.txt"; expect_rc 0 "$name below the maximum: the save reads back"
}

# Each game's own hostile inputs (tests/GAME/hostile.sh: sizes and counts,
# searches asked for the impossible, its benchmark cut short, the counters
# at their maximum).
for g in $BUILT_GAMES; do
    f="$(dirname "$0")/../$g/hostile.sh"
    if [ -f "$f" ]; then . "$f"; fi
done

finish
