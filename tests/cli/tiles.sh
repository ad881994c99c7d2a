#!/usr/bin/env bash
# tiles from the command line: new, show, solve with every solver (JSON
# valid, moves replayed through play), hint, play in line mode, bad input.
. "$(dirname "$0")/lib.sh"

run new tiles --n 3 --seed 1; expect_rc 0 "new"; expect_out "BBBWWW_" "new standard row"
b3="$TMP/b3.txt"; printf '%s\n' "$OUT" >"$b3"
run new tiles --n 4 --start random --seed 5; expect_rc 0 "new random"
r1=$OUT
run new tiles --n 4 --start random --seed 5; [ "$OUT" = "$r1" ] && ok || bad "same seed, same board"
run show "$b3"; expect_rc 0 "show"; expect_out "moves 0  cost 0" "show status"

for algo in astar ucs ida greedy bfs; do
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
run solve "$b3" --heuristic pairs --json; expect_out '"cost":14' "seed heuristic"
run solve "$b3" --trace; expect_rc 0 "trace"; expect_out "     14     0  " "trace ends at the goal: g 14, h 0"
run solve "$b3" --trace --json; expect_json "trace goes to stderr with --json"; expect_err "state" "trace on stderr"

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

run hint "$b3"; expect_rc 0 "hint"; expect_out "-" "hint is a move"
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
expect_bad_input "bad limit" solve "$b3" --limit-ms -5
run bench tiles --from 3 --to 4 --algos astar,ida,bfs; expect_rc 0 "bench"; expect_out "optimal" "bench table"
finish
