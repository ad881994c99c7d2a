#!/usr/bin/env bash
# tmpl (Lights Out) from the command line: new (a seed makes one board,
# ranges refused), show, solve --json (the fewest presses, proved, replayed
# through play), the 5x5 board with every light on (15 presses), a board no
# presses put out, hint, and bad input (exit 2, the file and line named; a
# header's value refused in the words of `new`).
. "$(dirname "$0")/../cli/lib.sh"

run new tmpl --size 4x3 --seed 1; expect_rc 0 "new"; expect_out "tmpl size=4x3" "new header"
b="$TMP/b.txt"; printf '%s\n' "$OUT" >"$b"
first=$OUT
run new tmpl --size 4x3 --seed 1; [ "$OUT" = "$first" ] && ok || bad "same seed, same board"
run new tmpl --size 13x5; expect_rc 2 "new: size over 12"
run new tmpl --size 3x3 --presses 10; expect_rc 2 "new: more presses than cells"
expect_err "presses=10" "new: the parameter named"

run show "$b"; expect_rc 0 "show"; expect_out "presses 0  lit " "show status line"

run solve "$b" --json; expect_rc 0 "solve"; expect_json "solve"
expect_out '"game":"tmpl"' "solve game"
expect_out '"optimal":true' "solve proved"
moves=$(printf '%s' "$OUT" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' '\n')
n=$(printf '%s\n' "$moves" | grep -c .)
cost=$(printf '%s' "$OUT" | sed 's/.*"cost":\([0-9]*\).*/\1/')
[ "$n" = "$cost" ] && ok || bad "solve: $n moves for cost $cost"
run_in "$moves"$'\n' play "$b" --lines
expect_out "won!" "replay of the solution through play"

on=$(board $'tmpl size=5x5\nOOOOO\nOOOOO\nOOOOO\nOOOOO\nOOOOO')
run solve "$on" --json; expect_rc 0 "all on"; expect_out '"optimal":true,"cost":15' "all on: 15 presses"

# one light in a corner of 4x4: no set of presses puts it out
none=$(board $'tmpl size=4x4\nO...\n....\n....\n....')
run solve "$none" --json; expect_rc 1 "no solution: exit 1"; expect_json "no solution"
expect_out '"solved":false,"optimal":true' "no solution, proved"

run hint "$b"; expect_rc 0 "hint"
run_in $'a1\nundo\nquit\n' play "$b" --lines; expect_rc 0 "play, undo, quit"

# Bad input: exit 2 with FILE:LINE.
expect_bad_input "bad symbol" show "$(board $'tmpl size=2x2\nOx\n..')"
expect_err ":2: column 2" "bad symbol names line and column"
expect_bad_input "row length" show "$(board $'tmpl size=2x2\nOOO\n..')"
expect_bad_input "too few rows" show "$(board $'tmpl size=2x2\nOO')"
expect_bad_input "unknown key" show "$(board $'tmpl size=2x2 colour=1\nOO\n..')"
expect_bad_input "played over the most" show "$(board $'tmpl size=2x2 played=1000001\nOO\n..')"
expect_header_like_new size=1x3 $'tmpl size=1x3\nO\n.\nO' tmpl --size 1x3
run_in $'zz\nz99\nquit\n' play "$b" --lines; expect_rc 0 "bad moves in line mode"
expect_out "'zz' is not a move" "a bad move named"; expect_out "'z99': a cell is off the 4x3 board" "a cell off the board named"

finish
