#!/usr/bin/env bash
# tiles from the command line: new, show, solve with every solver (JSON
# valid, moves replayed through play), the seed's program, the limits
# (memory, time, Ctrl-C), hint, play in line mode, bad input.
. "$(dirname "$0")/../cli/lib.sh"

run new tiles --n 3 --seed 1; expect_rc 0 "new"; expect_out "BBBWWW_" "new standard row"
b3="$TMP/b3.txt"; printf '%s\n' "$OUT" >"$b3"
run new tiles --n 4 --start random --seed 5; expect_rc 0 "new random"
r1=$OUT
run new tiles --n 4 --start random --seed 5; [ "$OUT" = "$r1" ] && ok || bad "same seed, same board"
run show "$b3"; expect_rc 0 "show"; expect_out "moves 0  cost 0" "show status"

for algo in astar ucs ida greedy bfs seed; do
    run solve "$b3" --algo "$algo" --json; expect_rc 0 "solve $algo"; expect_json "solve $algo"
    expect_out '"game":"tiles"' "solve $algo game"
    expect_out "\"algo\":\"$algo\"" "solve $algo algo"
    case $algo in
        astar|ucs|ida) expect_out '"optimal":true,"cost":14' "solve $algo optimal 14" ;;
        *) expect_out '"optimal":false' "solve $algo not optimal" ;;
    esac
    # Replay the moves through line-mode play: it must end "won!".
    moves=$(printf '%s' "$OUT" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' '\n')
    run_in "$moves"$'\n' play "$b3" --lines
    expect_out "won!" "replay of $algo through play"
done
# a won game lists no move (its board would still slide)
run_in "$moves"$'\nmoves\n' play "$b3" --lines
printf '%s\n' "$OUT" | grep -Eq '(^|[^0-9])0 legal moves:$' && ok || bad "a won game lists no move"
run_in $'moves\n' play "$b3" --lines
printf '%s\n' "$OUT" | grep -Eq '(^|[^0-9])[1-9][0-9]* legal moves?: [1-9]' && ok || bad "a game in progress lists its moves"
run solve "$b3" --heuristic pairs --json; expect_out '"cost":14' "seed heuristic"
run solve "$b3" --trace; expect_rc 0 "trace"; expect_out "     14     0  " "trace ends at the goal: g 14, h 0"
run solve "$b3" --trace --json; expect_json "trace goes to stderr with --json"; expect_err "state" "trace on stderr"

# The seed's program: its own answer at N=3, the loop at N=4.
run list; expect_out "seed" "list names the seed's program"
expect_out "greedy best-first search on the pairs count" "list says what greedy is"
run solve "$b3" --algo seed; expect_rc 0 "seed N=3"
expect_out "tiles seed: solved, cost 14 in 11 moves, not proved optimal" "seed N=3: cost 14 in 11 moves"
expect_out "moves: 5-7 3-5 1-3 4-1 6-4 3-6 2-3 4-2 7-4 5-7 3-5" "seed N=3: the seed's moves"
run solve "$b3" --algo seed --trace
expect_out "BBBW_WW      1     9  5-7" "seed trace: first step with g and h"
expect_out "WW_WBBB     14     0  3-5" "seed trace: last step"
run new tiles --n 4; printf '%s\n' "$OUT" >"$TMP/b4.txt"
run solve "$TMP/b4.txt" --algo seed; expect_rc 1 "seed N=4 loops: exit 1"
expect_out "the seed's program loops: step 8 (1-2) comes back to _WBBBWBWW, the state after step 6, so it would repeat steps 7 to 8 forever" "seed N=4: the loop named"
run solve "$TMP/b4.txt" --algo seed --json; expect_rc 1 "seed N=4 json"; expect_json "seed N=4 json"
expect_out '"solved":false,"optimal":false' "seed N=4 json: not solved"
expect_out '"stopped":"the seed'"'"'s program loops: step 8' "seed N=4 json: stopped says why"
expect_out '"loop_step":8,"loop_back_to_step":6' "seed N=4 json: the steps"
run solve "$TMP/b4.txt" --algo seed --trace; expect_out "_WBBBWBWW     10    11  1-2" "seed N=4 trace ends at the repeat"

# Known optimal costs from the command line.
i=0
for cost in 1 5 14 23 35 48 64; do
    i=$((i + 1))
    run new tiles --n $i --seed 1; printf '%s\n' "$OUT" >"$TMP/n$i.txt"
    run solve "$TMP/n$i.txt" --json; expect_out "\"optimal\":true,\"cost\":$cost," "N=$i optimal $cost"
done

# Limits: optimal false and exit 1 when stopped.
run new tiles --n 11 --seed 1; printf '%s\n' "$OUT" >"$TMP/n11.txt"
run solve "$TMP/n11.txt" --limit-ms 30 --json
expect_rc 1 "time limit exit 1"; expect_json "time limit json"; expect_out '"optimal":false' "limit not optimal"
expect_out '"stopped":"time limit"' "limit reason"
run solve "$TMP/n11.txt" --algo ucs --mem-mb 1 --json
expect_rc 1 "memory limit exit 1"; expect_out '"stopped":"memory limit"' "memory limit reason"

# The limits hold inside the searches.  Under valgrind (GRIDLAB is then a
# script that runs it) everything is 20-30 times slower and the memory is
# valgrind's, and AddressSanitizer keeps freed memory and shadows it: time
# bounds are scaled and the memory check skipped for both.
ASAN=0
grep -q __asan_init "$GRIDLAB" 2>/dev/null && ASAN=1
PEAKRSS=${PEAKRSS:-$(dirname "$JSONCHECK")/gl_peakrss}
run new tiles --n 28 --seed 1; printf '%s\n' "$OUT" >"$TMP/n28.txt"
# --mem-mb 200 on N=28: the peak resident set stays under 200 MiB plus the
# program's own size (a tiny solve), with a few MiB of slack.
if [ "$SLOW" = 1 ] && [ "$ASAN" = 0 ]; then
    "$PEAKRSS" "$TMP/kb" "$GRIDLAB" solve "$b3" >/dev/null 2>&1; base=$(cat "$TMP/kb")
    for algo in astar ucs bfs; do
        "$PEAKRSS" "$TMP/kb" "$GRIDLAB" solve "$TMP/n28.txt" --algo $algo --mem-mb 200 --json \
            >"$TMP/out" 2>"$TMP/err"; RC=$?; OUT=$(cat "$TMP/out"); kb=$(cat "$TMP/kb")
        expect_rc 1 "$algo N=28 in 200 MB"; expect_out '"stopped":"memory limit"' "$algo N=28 in 200 MB stops at the limit"
        [ "$kb" -le $((200 * 1024 + base + 8192)) ] && ok || bad "$algo N=28 --mem-mb 200: peak RSS $kb KB (base $base KB)"
    done
fi
# --limit-ms 300: every search stops within 2 s, says why, claims nothing.
# The program's own start (long under AddressSanitizer on a loaded
# machine) is measured on a tiny solve and not counted.
run solve "$b3"; start_ms=$RUN_MS
for algo in astar ucs ida bfs; do
    run solve "$TMP/n28.txt" --algo $algo --limit-ms 300 --json; took=$RUN_MS
    expect_rc 1 "$algo N=28 in 300 ms"; expect_json "$algo N=28 in 300 ms"
    expect_out '"solved":false,"optimal":false' "$algo N=28 in 300 ms: no claim"
    expect_out '"stopped":"time limit"' "$algo N=28 in 300 ms says why"
    limited "$algo N=28 with a 300 ms limit"
done
run new tiles --n 12 --seed 1; printf '%s\n' "$OUT" >"$TMP/n12.txt"
run solve "$TMP/n12.txt" --limit-ms 300 --json; took=$RUN_MS
expect_out '"stopped":"time limit"' "astar (bitmaps) N=12 in 300 ms"
limited "astar (bitmaps) N=12 with a 300 ms limit"
# Ctrl-C: the search stops within 2 s of the signal and still reports.
for algo in astar ida; do
    "$GRIDLAB" solve "$TMP/n28.txt" --algo $algo --limit-ms 120000 --json >"$TMP/out" 2>"$TMP/err" </dev/null &
    pid=$!
    for _ in $(seq 1 1200); do [ "$(cpu_ticks $pid)" -ge $((30 * SLOW)) ] && break; sleep 0.1; done
    stop_after INT $pid; took=$STOP_MS; OUT=$(cat "$TMP/out")
    expect_rc 130 "$algo: Ctrl-C"; expect_json "$algo: Ctrl-C"; expect_out '"stopped":"interrupted"' "$algo: Ctrl-C says so"
    stopped_soon "$algo: Ctrl-C"
done

run hint "$b3"; expect_rc 0 "hint"; expect_out "-" "hint is a move"
# A hint whose A* stops first gives the greedy search's move instead, not
# proved the best, and says why A* gave up.
run hint "$TMP/n28.txt" --limit-ms 500; took=$RUN_MS
expect_rc 0 "hint N=28 in 500 ms"; expect_out "-" "hint N=28 in 500 ms: a move"
limited "hint N=28 with a 500 ms limit" 2500
run hint "$TMP/n28.txt" --limit-ms 500 --json; expect_rc 0 "hint N=28 json"; expect_json "hint N=28 json"
expect_out '"optimal":false,"cost_left":' "hint N=28 json: greedy's move, not proved"
expect_out '"stopped":"time limit"' "hint N=28 json: why A* gave up"
# the default hint of the largest preset (10 and 10) is a move too
run hint "tiles:n=10,hop=2,start=standard#1" --json; expect_rc 0 "hint on 10 and 10"; expect_out '"move":"' "hint on 10 and 10: a move"
run hint "$b3" --json; expect_rc 0 "hint json"; expect_json "hint json"; expect_out '"move":' "hint move"
goal=$(board "$(printf 'tiles\nWW_BB')")
run hint "$goal"; expect_rc 1 "hint at goal: no move"

# Line-mode play: moves, a bad move, undo, redo, save.
run_in $'7-4\nzz\n5-7\nundo\nredo\n3-5\nsave '"$TMP/saved.txt"$'\nquit\n' play "$b3" --lines
expect_rc 0 "play"; expect_out "is not a move" "bad move message"; expect_out "saved to" "save"
grep -q '^tiles hop=2 cost=2 moves=2$' "$TMP/saved.txt" && ok || bad "saved file header"
run play tiles --n 2 --seed 3 --lines; expect_rc 0 "play new from options"

# Bad input: wrong symbol, wrong key, huge N, bad options, bad moves.
expect_bad_input "wrong symbol" solve "$(board "$(printf 'tiles\nBBX_WW')")"
expect_err ":2: column 3: unknown symbol 'X'" "wrong symbol message"
expect_bad_input "wrong header key" solve "$(board "$(printf 'tiles colors=3\nBW_')")"
expect_err ":1: unknown key 'colors'" "wrong key message"
expect_bad_input "huge N in a file" solve "$(board "$(printf 'tiles\n%s_' "$(printf 'B%.0s' $(seq 40))$(printf 'W%.0s' $(seq 40))")")"
expect_err "N at most 28" "huge N message"
expect_bad_input "huge N option" new tiles --n 1000000
expect_bad_input "unknown new option" new tiles --colours 3
expect_bad_input "unknown solver" solve "$b3" --algo quantum
expect_bad_input "unknown solver option" solve "$b3" --width 3
expect_bad_input "bad heuristic" solve "$b3" --heuristic magic
expect_bad_input "the kernel is not an option" solve "$b3" --kernel hash
expect_err "unknown option --kernel" "the kernel option named as unknown"
expect_bad_input "bad limit" solve "$b3" --limit-ms -5
run bench tiles --from 3 --to 4 --algos astar,ida,bfs; expect_rc 0 "bench"; expect_out "optimal" "bench table"
run bench tiles --from 3 --to 4 --algos astar-hash,seed; expect_rc 0 "bench: the hash kernel and the seed's program"
expect_out "  3  astar-hash        14" "bench: astar-hash solves N=3"
expect_out "  4  seed               -      -" "bench: the seed's program at N=4"; expect_out "loops" "bench: says it loops"
# one range statement: a header's value is refused in the words of `new`
expect_header_like_new hop=100000 $'tiles hop=100000\nBW_' tiles --hop 100000

# Its IDs (the same for every game: tests/cli/common_ids.sh): `new` and
# `new ID` agree, the ID stands for the board file in show and hint.
new_same "tiles" tiles --seed 5
[ "$ID" = "tiles:n=3,hop=2,start=standard#5" ] && ok || bad "tiles: ID is '$ID'"
new_same "tiles random" tiles --n 6 --start random --seed 99
# play ID: line mode starts that board and shows the ID
run_in $'show\nid\nquit\n' play "tiles:n=6,hop=2,start=random#99" --lines
expect_rc 0 "play ID"
expect_out "id: tiles:n=6,hop=2,start=random#99" "play ID shows the ID"
row=$("$GRIDLAB" new tiles --n 6 --start random --seed 99 | tail -1)
spaced=$(printf '%s' "$row" | sed 's/./  &/g')
expect_out "$spaced" "play ID shows the board"
# bad IDs: exit 2, the part named
expect_bad_input "ID value out of range" new "tiles:n=99#1"
expect_err "n=99" "ID bad value named"
expect_bad_input "play bad ID" play "tiles:n=0#1" --lines
expect_err "n=0" "play bad ID named"
# line mode: undo, save, load, restart
save="$TMP/t.txt"
run_in $'5-7\n3-5\nundo\nsave\nquit\n' play tiles --seed 1 --save "$save" --lines
expect_rc 0 "play --save"
grep -qx '# id: tiles:n=3,hop=2,start=standard#1' "$save" && ok || bad "save keeps the ID: $(head -3 "$save")"
grep -q '^BBBW_WW$' "$save" && ok || bad "save after undo: $(cat "$save")"
run_in $'restart\nshow\nquit\n' play "$save" --lines
expect_rc 0 "play a save"
expect_out "id: tiles:n=3,hop=2,start=standard#1" "a loaded save keeps its ID"
expect_out "B  B  B  W  W  W  _" "restart goes back to the ID's board"
# a restart is undone by redoing its moves
run_in $'5-7\n3-5\nrestart\nredo\nredo\nshow\nquit\n' play tiles --seed 1 --lines
expect_rc 0 "restart, then redo"
expect_out "B  B  _  W  B  W  W" "redo after a restart brings the moves back"
ids_as_files tiles "tiles:n=3#4"
# the moves of solve --json (its time varies)
"$GRIDLAB" new "tiles:n=4#4" >"$TMP/t4.txt"
a=$("$GRIDLAB" solve "$TMP/t4.txt" --json | sed 's/"ms":[0-9.]*//; s/"peak_bytes":[0-9]*//')
b=$("$GRIDLAB" solve "tiles:n=4#4" --json | sed 's/"ms":[0-9.]*//; s/"peak_bytes":[0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "tiles: solve ID differs from solve FILE: $a / $b"
# a file whose name reads as an ID is a file
"$GRIDLAB" new "tiles:n=2#1" >"$TMP/tiles:n=5#1"
run show "$TMP/tiles:n=5#1"
expect_rc 0 "a file named like an ID: read"
expect_out "B  B  W  W  _" "a file named like an ID: its own board, not the ID's"
(cd "$TMP" && "$GRIDLAB" show "tiles:n=5#1") >"$TMP/out" 2>&1
grep -q "B  B  W  W  _" "$TMP/out" && ok || bad "a file named like an ID in the working directory: $(cat "$TMP/out")"
expect_bad_input "a bad ID" hint "tiles:n=x#1"
expect_err "n=x: expected a whole number" "a bad ID: the part named"

finish
