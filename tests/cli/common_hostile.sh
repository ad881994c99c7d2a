#!/bin/bash
# Hostile inputs through the real program: huge headers, huge lines, huge
# files, binary junk, absurd counts and limits, solvers asked for the
# impossible, Ctrl-C and SIGTERM.  Each must end quickly with a clear "gridlab: "
# message and exit 2 (bad input), or, for a solver that hits a limit, with
# its statistics, "stopped" and optimal:false.  Checks for a game run only
# when that game is in GL_GAMES.  See docs/robustness.md.
source "$(dirname "$0")/lib.sh"
needs_game tiles

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
bad_input "control character" "unknown symbol" show "$(file_of ctl.txt $'tiles\nBW\x01_\n')"
printf 'tiles\nB\0W_\n' >"$TMP/nul2.txt"
bad_input "NUL byte in a row" "NUL byte" show "$TMP/nul2.txt"
bad_input "binary file" "gridlab: " show "$GRIDLAB"
bad_input "game name with junk" "game name" show "$(file_of junk.txt $'ti\x7fles\nBW_\n')"

# A 10 MB line, as a row, as the header, and on standard input.
{ echo tiles; head -c 10485760 /dev/zero | tr '\0' B; echo; } >"$TMP/longrow.txt"
bad_input "10 MB row" "line too long" show "$TMP/longrow.txt"
{ printf 'tiles hop=1 x='; head -c 10485760 /dev/zero | tr '\0' 7; echo; echo BW_; } >"$TMP/longhead.txt"
bad_input "10 MB header" "line too long" show "$TMP/longhead.txt"
timeout -s KILL "$LIMIT_S" "$GRIDLAB" solve - <"$TMP/longrow.txt" >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
expect_rc 2 "10 MB row on stdin"
expect_err "<stdin>:2: line too long" "10 MB row on stdin"
# A file over the 16 MB cap, made of short lines.
{ echo tiles; yes '# padding padding padding padding' | head -c 17825792; } >"$TMP/huge.txt"
bad_input "17 MB file" "too large" show "$TMP/huge.txt"
# Too many rows, too many keys, a key given twice.
{ echo tiles; for i in $(seq 1 1100); do echo BW_; done; } >"$TMP/rows.txt"
bad_input "1100 rows" "too many rows" show "$TMP/rows.txt"
{ printf 'tiles'; for i in $(seq 1 300); do printf ' k%d=1' "$i"; done; echo; echo BW_; } >"$TMP/keys.txt"
bad_input "300 header keys" "k1" show "$TMP/keys.txt"
bad_input "key twice" "twice" show "$(file_of twice.txt $'tiles hop=1 hop=2\nBW_\n')"

# Absurd limits and options.
t=$(file_of t3.txt $'tiles hop=2\nBBBWWW_\n')
bad_input "negative time limit" "limit-ms" solve "$t" --limit-ms -5
bad_input "huge time limit" "limit-ms" solve "$t" --limit-ms 99999999999999999999999
bad_input "zero memory" "mem-mb" solve "$t" --mem-mb 0
bad_input "huge memory" "mem-mb" solve "$t" --mem-mb 9999999999999
bad_input "seed junk" "seed" new tiles --seed 12abc
bad_input "unknown algorithm" "gridlab: " solve "$t" --algo nosuch
bad_input "unknown solver option" "gridlab: " solve "$t" --frobnicate 3
bad_input "option without value" "needs a value" solve "$t" --limit-ms
bad_input "too many arguments" "too many" show a b c d e f g h i j k l m n o p q

# ------------------------------------------------------------ tiles
if has_game tiles; then
    bad_input "tiles: N = 10^9" "--n" new tiles --n 1000000000
    { echo tiles; head -c 4001 /dev/zero | tr '\0' B; echo _; } >"$TMP/tbig.txt"
    bad_input "tiles: 4002-cell row" "N at most" show "$TMP/tbig.txt"
    bad_input "tiles: hop 10^6" "hop" show "$(file_of th.txt $'tiles hop=1000000\nBW_\n')"
    bad_input "tiles: two empty cells" "gridlab: " show "$(file_of t2e.txt $'tiles\nBW__\n')"
    # The impossible: optimal cost of N=28 in 100 ms, then in 1 MB.
    trun new tiles --n 28 --seed 1
    printf '%s\n' "$OUT" >"$TMP/t28.txt"
    trun solve "$TMP/t28.txt" --limit-ms 100 --json
    expect_json "tiles: astar N=28 in 100 ms"
    expect_out '"optimal":false' "tiles: astar N=28 in 100 ms"
    expect_out '"stopped":"time limit"' "tiles: astar N=28 in 100 ms"
    trun solve "$TMP/t28.txt" --algo ucs --mem-mb 1 --json
    expect_out '"optimal":false' "tiles: ucs N=28 in 1 MB"
    expect_out '"stopped":"memory limit"' "tiles: ucs N=28 in 1 MB"
    # Ctrl-C and SIGTERM: the search stops cleanly, the command prints its
    # answer so far (valid JSON, "stopped":"interrupted") and exits 130.
    # The time limit is only a backstop for a signal that arrived before
    # the handler.
    interrupt_after_cpu INT solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
    expect_rc 130 "tiles: Ctrl-C"
    expect_json "tiles: Ctrl-C"
    expect_out '"stopped":"interrupted"' "tiles: Ctrl-C"
    expect_out '"optimal":false' "tiles: Ctrl-C"
    interrupt_after_cpu TERM solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
    expect_rc 130 "tiles: SIGTERM"
    expect_json "tiles: SIGTERM"
    expect_out '"stopped":"interrupted"' "tiles: SIGTERM"
    interrupt_after_cpu INT solve "$TMP/t28.txt" --algo ucs --limit-ms 60000
    expect_rc 130 "tiles: Ctrl-C, text output"
    expect_out "(stopped: interrupted)" "tiles: Ctrl-C, text output"
    interrupt_after_cpu INT hint "$TMP/t28.txt" --json --limit-ms 60000
    expect_rc 130 "tiles: hint, Ctrl-C"
    expect_json "tiles: hint, Ctrl-C"
    interrupt_after_cpu TERM hint "$TMP/t28.txt" --limit-ms 60000
    expect_rc 130 "tiles: hint, SIGTERM"
    if [ -n "$OUT" ]; then ok; else bad "tiles: hint, SIGTERM: printed nothing"; fi
    # A second signal ends the program at once: both are delivered while
    # it is stopped, so the second handler runs before anything is printed.
    interrupt_after_cpu "STOP -INT -TERM -CONT" solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
    expect_rc 130 "tiles: a second signal"
    if [ -z "$OUT" ]; then ok; else bad "tiles: a second signal: the program went on to print"; fi
fi

# bench: SIGINT during a run: the rows finished are printed, the run
# stopped is marked interrupted, exit 130.
if has_game tiles; then
    interrupt_after_cpu INT bench tiles --from 20 --to 28 --algos ucs --limit-ms 60000
    expect_rc 130 "bench tiles, SIGINT"
    expect_out "interrupted" "bench tiles, SIGINT: the run stopped is marked"
fi
# Every benchmark marks a run Ctrl-C cut short, and counts no interrupted
# run as a result or a failure (bench match3 printed "FAILURES: 5", bench
# onet a whole-looking row of "undecided" boards, bench flood a row of 291
# boards with no mark).
if has_game match3; then
    interrupt_after_cpu INT bench match3 --boards 1000
    expect_rc 130 "bench match3, SIGINT"
    expect_out "| interrupted" "bench match3, SIGINT: the board cut short is marked"
    expect_out "interrupted: the means cover the" "bench match3, SIGINT: the means say so"
    case "$OUT" in *FAILURES*|*"REPLAY FAIL"*) bad "bench match3, SIGINT: interrupted runs counted as failures" ;; *) ok ;; esac
    interrupt_after_cpu INT bench match3 --table x --swaps 1-12 --boards 1000
    expect_rc 130 "bench match3 --table x, SIGINT"
    expect_out "interrupted: " "bench match3 --table x, SIGINT: the row cut short is marked"
    case "$OUT" in *FAILURES*) bad "bench match3 --table x, SIGINT: failures" ;; *) ok ;; esac
fi
if has_game onet; then
    interrupt_after_cpu INT bench onet --boards 100000 --reps 1
    expect_rc 130 "bench onet, SIGINT"
    case "$OUT" in *"interrupted: "*" of 100000 boards"*) ok ;; *) bad "bench onet, SIGINT: the row cut short not marked" ;; esac
fi
if has_game lines; then
    interrupt_after_cpu INT bench lines --ais greedy --games 100000 --path-queries 0
    expect_rc 130 "bench lines, SIGINT"
    case "$OUT" in *"interrupted: "*" of 100000 games"*) ok ;; *) bad "bench lines, SIGINT: the row cut short not marked" ;; esac
fi
if has_game flood; then
    interrupt_after_cpu INT bench flood --sets floodtest1000 --algos astar
    expect_rc 130 "bench flood, SIGINT"
    case "$OUT" in *"interrupted: "*" of 1000 boards"*) ok ;; *) bad "bench flood, SIGINT: the row cut short not marked" ;; esac
    expect_out "interrupted: the rows after the last are not run" "bench flood, SIGINT: the end says so"
fi

# bench hints, Ctrl-C: the row cut short says so, the hint cut off is not
# counted as "no move" (a tiles hint always has a move), the end says the
# rows after are not run (issue 42, item 4: a partial row looked complete).
if has_game tiles; then
    # 0.4 s of processor time at least (a hint row under way), more where the
    # caller asks for more (valgrind's start alone takes longer)
    GL_HOSTILE_SIGINT_CPU=$(( ${GL_HOSTILE_SIGINT_CPU:-30} > 40 ? ${GL_HOSTILE_SIGINT_CPU:-30} : 40 )) \
        interrupt_after_cpu TERM bench hints --games tiles --seeds 50
    expect_rc 130 "bench hints, SIGTERM"
    expect_out "interrupted: the rows after the last are not run" "bench hints, SIGTERM: the end says so"
    rows=$(printf '%s\n' "$OUT" | grep '^tiles ')
    if [ -n "$rows" ] && printf '%s\n' "$rows" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /%$|^-$/) { if ($(i + 1) != 0) bad = 1; next } } END { exit bad }'; then
        ok
    else
        bad "bench hints, SIGTERM: a hint cut off counted as no move (or no row)"
    fi
    # any row of fewer than 50 games is marked (every row has 50 seeds)
    if printf '%s\n' "$rows" | tail -n 1 | grep -q "interrupted: [0-9]* of 50 games played"; then ok
    else bad "bench hints, SIGTERM: the last row, cut short, not marked"; fi
fi

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

# ------------------------------------------------------------ flood
if has_game flood; then
    bad_input "flood: 10^9-cell header" "size" show "$(file_of f1.txt $'flood size=100000x10000 colors=6\n0\n')"
    bad_input "flood: 10^9 cells via new" "size" new flood --size 100000x10000
    bad_input "flood: 1000 colours header" "colors" show "$(file_of f2.txt $'flood size=3x3 colors=1000\n012\n120\n201\n')"
    bad_input "flood: 1000 colours via new" "colors" new flood --colors 1000
    bad_input "flood: short row" "gridlab: " show "$(file_of f3.txt $'flood size=3x3 colors=3\n012\n12\n201\n')"
    bad_input "flood: symbol beyond colours" "gridlab: " show "$(file_of f4.txt $'flood size=3x3 colors=2\n012\n120\n201\n')"
    bad_input "flood: batch 10 MB line" "gridlab: " batch flood "$TMP/longrow.txt" --size 14x14
    trun new flood --size 30x30 --colors 12 --seed 7
    printf '%s\n' "$OUT" >"$TMP/f30.txt"
    for algo in astar ida; do
        trun solve "$TMP/f30.txt" --algo "$algo" --limit-ms 100 --json
        expect_json "flood: $algo 30x30 in 100 ms"
        expect_out '"optimal":false' "flood: $algo 30x30 in 100 ms"
        expect_out '"stopped"' "flood: $algo 30x30 in 100 ms"
    done
    trun solve "$TMP/f30.txt" --algo astar --mem-mb 1 --json
    expect_out '"optimal":false' "flood: astar 30x30 in 1 MB"
fi

# ------------------------------------------------------------ lines
if has_game lines; then
    bad_input "lines: 10^9-cell header" "size" show "$(file_of l1.txt $'lines size=100000x10000 colors=7 next=123 score=0\n.\n')"
    bad_input "lines: 10^9 cells via new" "size" new lines --size 100000x10000
    bad_input "lines: 1000 colours" "colors" show "$(file_of l2.txt $'lines size=3x3 colors=1000 next=123 score=0\n...\n...\n...\n')"
    bad_input "lines: 1000 colours via new" "colors" new lines --colors 1000
    bad_input "lines: huge score" "score" show "$(file_of l3.txt $'lines size=3x3 colors=7 next=123 score=99999999999999999999999\n...\n...\n...\n')"
    bad_input "lines: bad rng" "rng" show "$(file_of l4.txt $'lines size=5x5 colors=7 next=123 score=0 rng=zz\n.....\n.....\n.....\n.....\n.....\n')"
    bad_input "lines: path outside" "gridlab: " path "$(file_of l5.txt $'lines size=3x3 colors=7 next=123 score=0\n1..\n...\n...\n')" a1 zzz99999
fi

# ------------------------------------------------------------ match3
if has_game match3; then
    bad_input "match3: 10^9-cell header" "size" show "$(file_of m1.txt $'match3 size=100000x10000 kinds=4\n1\n')"
    bad_input "match3: 10^9 cells via new" "size" new match3 --size 100000x10000
    bad_input "match3: 1000 kinds" "kinds" show "$(file_of m2.txt $'match3 size=3x3 kinds=1000\n121\n212\n121\n')"
    bad_input "match3: 1000 kinds via new" "kinds" new match3 --kinds 1000
    trun new match3 --size 12x12 --kinds 5 --seed 3
    printf '%s\n' "$OUT" >"$TMP/m12.txt"
    bad_input "match3: 1000 swaps" "swaps" solve "$TMP/m12.txt" --algo exact --swaps 1000
    trun solve "$TMP/m12.txt" --algo exact --swaps 64 --limit-ms 100 --json
    expect_json "match3: exact 64 swaps in 100 ms"
    expect_out '"optimal":false' "match3: exact 64 swaps in 100 ms"
    expect_out '"stopped":"time limit"' "match3: exact 64 swaps in 100 ms"
fi

# ------------------------------------------------------------ onet
if has_game onet; then
    bad_input "onet: 10^9-cell header" "size" show "$(file_of o1.txt $'onet size=100000x10000\n.\n')"
    bad_input "onet: 10^9 cells via new" "gridlab: " new onet --size 100000x10000
    bad_input "onet: 1000 kinds via new" "kinds" new onet --kinds 1000
    bad_input "onet: odd tiles" "gridlab: " show "$(file_of o2.txt $'onet size=3x1\naab\n')"
    bad_input "onet: path outside" "gridlab: " path "$(file_of o3.txt $'onet size=2x1\naa\n')" a1 zzz99999
fi

# ------------------------------------------------------------ truncated saves
# A save cut short (a crash while copying it, a full disk) is refused with
# the place named, and loading it to play with --save on the same file
# leaves the file exactly as it was.
for g in tiles flood lines match3 onet; do
    has_game "$g" || continue
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
if has_game lines; then
    counter_case "lines turns" "lines size=5x5 colors=7 next=234 turns=1073741824" \
        "lines size=5x5 colors=7 next=234 turns=1073741823" $'1.2..\n22...\n.....\n.....\n....3' c1-c2
    counter_case "lines score" "lines size=5x5 colors=7 next=234 score=1125899906842624" \
        "lines size=5x5 colors=7 next=234 score=1125899904000000" $'1.2..\n22...\n.....\n.....\n....3' c1-c2
fi
has_game tiles && counter_case "tiles moves" "tiles moves=1073741824" "tiles moves=1073741823" BBWW_ 2-5
has_game tiles && counter_case "tiles cost" "tiles cost=1099511627775" "tiles cost=1099511627000" BBWW_ 2-5
has_game flood && counter_case "flood played" "flood size=3x3 colors=3 played=100000" "flood size=3x3 colors=3 played=99999" \
    $'012\n120\n201' 1
has_game match3 && counter_case "match3 played" "match3 size=4x4 kinds=3 played=1073741824" \
    "match3 size=4x4 kinds=3 played=1073741823" $'1212\n2121\n1212\n2112' a3-b3

finish
