#!/usr/bin/env bash
# flood from the command line: new, show (--groups), solve --json with every
# solver (moves replayed through play), hint, batch (--jobs 2 gives the same
# output, --json lines), exit codes and bad input.
. "$(dirname "$0")/lib.sh"

run new flood --size 6x5 --colors 4 --seed 1; expect_rc 0 "new"
expect_out "flood size=6x5 colors=4 moves=" "new header"
b="$TMP/b.txt"; printf '%s\n' "$OUT" >"$b"
first=$OUT
run new flood --size 6x5 --colors 4 --seed 1; [ "$OUT" = "$first" ] && ok || bad "same seed, same board"
run new flood --size 31x5; expect_rc 2 "new: size over 30"
run new flood --colors 37; expect_rc 2 "new: colours over 36"
run new flood --speed 3; expect_rc 2 "new: unknown option"
run new flood --size 30x30 --colors 36 --start center --seed 4; expect_rc 0 "new 30x30, 36 colours, centre"
expect_out "start=center" "centre start kept"

run show "$b"; expect_rc 0 "show"; expect_out "moves 0/" "show status line"
run show --groups "$b"; expect_rc 0 "show --groups"; expect_out " 1/1  2/2  3/0" "groups numbered row-major as group/colour"
expect_out "20 groups" "group count"

for algo in astar ida greedy beam; do
    run solve "$b" --algo "$algo" --json; expect_rc 0 "solve $algo"; expect_json "solve $algo"
    expect_out '"game":"flood"' "solve $algo game"
    case $algo in
        astar|ida) expect_out '"optimal":true,"cost":7' "solve $algo optimal 7" ;;
        *) expect_out '"optimal":false' "solve $algo not optimal" ;;
    esac
    moves=$(printf '%s' "$OUT" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' '\n')
    n=$(printf '%s\n' "$moves" | grep -c .)
    cost=$(printf '%s' "$OUT" | sed 's/.*"cost":\([0-9]*\).*/\1/')
    [ "$n" = "$cost" ] && ok || bad "solve $algo: $n moves for cost $cost"
    run_in "$moves"$'\n' play "$b" --lines
    expect_out "won!" "replay of $algo through play"
done
run solve "$b" --algo beam --width 4 --json; expect_rc 0 "beam width"
run solve "$b" --algo greedy --depth 2 --json; expect_rc 0 "greedy depth"
run solve "$b" --algo astar --width 4; expect_rc 2 "astar takes no width"
run solve "$b" --algo nosuch; expect_rc 2 "unknown solver"

run hint "$b"; expect_rc 0 "hint"; expect_out "2" "hint: first optimal move"
run hint "$b" --json; expect_rc 0 "hint --json"; expect_json "hint json"; expect_out '"optimal":true' "hint proved"

# A won board has no hint: exit 1.
won=$(board $'flood size=2x2 colors=2\n00\n00')
run hint "$won"; expect_rc 1 "hint on a won board"
# Lost: the limit used up.
lost=$(board $'flood size=2x2 colors=2 moves=1 played=1\n01\n00')
run show "$lost"; expect_out "lost" "lost status"
run hint "$lost"; expect_rc 1 "hint on a lost board"

# Bad input: exit 2 with FILE:LINE.
expect_bad_input "bad symbol" show "$(board $'flood size=2x2 colors=2\n0A\n00')"
expect_err ":2: column 2" "bad symbol names line and column"
expect_bad_input "row length" show "$(board $'flood size=2x2 colors=2\n000\n00')"
expect_bad_input "too few rows" show "$(board $'flood size=2x2 colors=2\n00')"
expect_bad_input "too many rows" show "$(board $'flood size=2x2 colors=2\n00\n00\n00')"
expect_bad_input "unknown key" show "$(board $'flood size=2x2 colors=2 foo=1\n00\n00')"
expect_bad_input "colours over 36" show "$(board $'flood size=2x2 colors=40\n00\n00')"
expect_bad_input "size over 30x30" show "$(board $'flood size=31x2 colors=2\n00\n00')"
expect_bad_input "empty file" show "$(board '')"

# batch: the public format, one line per board, in order.
bf="$TMP/batch.txt"
# boards whose A* search is small, so the test stays quick under the sanitizers
pick='1p;3p;8p;14p;15p;19p'
sed -n "$pick" "$GL_SOURCE_DIR/bench/data/flood/pc19.txt" >"$bf"
run batch flood "$bf" --size 14x14; expect_rc 0 "batch"
one=$OUT
[ "$(printf '%s\n' "$OUT" | wc -l)" = 6 ] && ok || bad "batch: one line per board"
expect_err "6 boards" "batch summary on stderr"
expect_err "6 proved optimal" "batch optimal"
lens=$(printf '%s\n' "$OUT" | awk '{print length($0)}' | paste -sd' ')
want=$(sed -n "$pick" "$GL_SOURCE_DIR/bench/data/flood/pc19.optimal-lengths.txt" | paste -sd' ')
[ "$lens" = "$want" ] && ok || bad "batch lengths $lens, optimal $want"
run batch flood "$bf" --size 14x14 --jobs 2; expect_rc 0 "batch --jobs 2"
[ "$OUT" = "$one" ] && ok || bad "batch --jobs 2: same output"
run batch flood "$bf" --size 14x14 --jobs 2 --algo beam --json; expect_rc 0 "batch --json"
printf '%s\n' "$OUT" | while IFS= read -r line; do printf '%s' "$line" | "$JSONCHECK" || echo BAD; done >"$TMP/jl"
grep -q BAD "$TMP/jl" && bad "batch --json: invalid line" || ok
[ "$(printf '%s\n' "$OUT" | wc -l)" = 6 ] && ok || bad "batch --json: one line per board"
head -2 "$GL_SOURCE_DIR/bench/data/flood/floodtest1000.txt" >"$TMP/ft.txt"
run batch flood "$TMP/ft.txt" --size 19x19 --start center --algo greedy; expect_rc 0 "batch centre"
run batch flood "$bf" --size 13x14; expect_rc 2 "batch: wrong size"; expect_err "batch.txt:1:" "batch error names the line"
run batch flood "$bf"; expect_rc 2 "batch: --size required"
run batch flood "$bf" --size 14x14 --algo nosuch; expect_rc 2 "batch: unknown solver"
run batch flood "$bf" --size 14x14 --limit-ms 1 --algo astar --json; expect_rc 0 "batch with a limit still answers"

finish
