# The front end's own behaviour, on tiles (always built): colour and
# NO_COLOR, solving to the end, the mouse, a new game, saving without a
# file, resizing, and the terminal restored on q, Ctrl-C and a crash signal.
source "$(dirname "$0")/lib.sh"
SAVE="$TMP/save.txt"

# Colour: cells carry colour attributes, and none at all with NO_COLOR.
start colour TERM=screen -- play tiles --seed 1 --save "$SAVE"
wait_for "Press ? for help" "colour: starts"
if screen_esc | grep -q $'\e\\[[0-9;]*4[0-7][;m]'; then ok; else bad "colour: no background colours drawn"; fi
keys q
wait_exit 0 "colour: quits"
close
start nocolour NO_COLOR=1 TERM=screen -- play tiles --seed 1 --save "$SAVE"
wait_for "Press ? for help" "NO_COLOR: starts"
if screen_esc | grep -q $'\e\\[[0-9;]*[34][0-7][;m]'; then bad "NO_COLOR: colours drawn"; else ok; fi
expect_screen "B  B  W  W  W  _" "NO_COLOR: symbols drawn"
expect_screen "1  2  3  4  5  6  7" "tiles: cell numbers above the row"

# Solve: the solver's moves are played to the end, the game is won, and the
# saved file holds the solved row (every white left of every black).
keys S
wait_for "astar: played 13 of 13 moves (cost 14, optimal)" "S: all moves played"
expect_screen "WON" "S: solved to the end"
keys s
wait_for "saved to" "S: saved"
if grep -v '^#' "$SAVE" | sed -n 2p | grep -q 'B.*W'; then bad "S: the saved row is not solved: $(cat "$SAVE")"; else ok; fi
keys :
typed "1-2"
keys Enter
wait_for "This game is won" "a move after the end is refused"
keys u
wait_for "undo done" "undo after the end"
wait_gone "WON" "undo leaves the won position"

# n: a new game with the next seed (tiles starts BBBWWW_ whatever the seed).
keys n
wait_for "new game: tiles:n=3,hop=2,start=standard#2" "n: new game"
expect_screen "moves 0" "n: the move counter starts again"
keys u
wait_for "nothing to undo" "n: the history starts again"

# The mouse: a press on cell 5 (x = 4 + 3 * 4, y = 3 on the screen) picks
# its tile, which hops into the empty cell 7.  X10 encoding: ESC [ M, then
# button, column and row, each plus 32 (1-based).
typed $'\e[M'" $(printf "\\x$(printf %x $((32 + 17)))")$(printf "\\x$(printf %x $((32 + 4)))")"
wait_for "5-7: " "mouse: the clicked tile moves"
keys u

# Resize: the board is drawn again; too small a terminal says so.
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 20 -y 6
wait_for "too small" "resize: too small"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 100 -y 40
wait_for "1  2  3  4  5  6  7" "resize: the board is back"

keys q
wait_exit 0 "q: exit 0"
expect_no_screen "h hint" "q: the terminal is restored"
close

# No --save file: s says so.
start nosave NO_COLOR=1 -- play tiles
wait_for "Press ? for help" "no --save: starts"
keys s
wait_for "no save file" "no --save: s says so"
# Ctrl-C: a clean exit, status 130, the terminal restored.
keys C-c
wait_exit 130 "Ctrl-C: exit 130"
expect_no_screen "h hint" "Ctrl-C: the terminal is restored"
close

# A crash signal: the terminal is restored and the signal still kills the
# program (or the sanitizer reports it and exits non-zero).
start crash NO_COLOR=1 -- play tiles --seed 3
wait_for "Press ? for help" "crash: starts"
kill -SEGV "$(prog_pid)"
end=$((SECONDS + WAIT_S))
while [ -z "$(dead_status)" ] && [ $SECONDS -le $end ]; do sleep 0.05; done
st=$(dead_status)
if [ -n "$st" ] && [ "$st" != 0 ]; then ok; else bad "crash: the program should die on SIGSEGV (status '$st')"; fi
expect_no_screen "h hint" "crash: the terminal is restored"
close

# flood played to its end by S on a small board: the flood spreads, the
# move counter keeps to the limit, the game is won.
if has_game flood; then
    start flood NO_COLOR=1 -- play flood --seed 2 --size 5x4 --colors 3
    wait_for "Press ? for help" "flood: starts"
    keys S
    wait_for "WON" "flood: S wins"
    wait_for "played" "flood: S reports the moves played"
    keys q
    wait_exit 0 "flood: quits"
    close
fi

# A clock (onet's time limit, when onet is built): it counts down, and at
# zero no move is taken any more.
if has_game onet; then
    start clock NO_COLOR=1 -- play onet --seed 1 --size 4x2 --kinds 2 --time 2
    wait_for "time left 0:0" "clock: shown"
    wait_for "TIME UP" "clock: runs out"
    keys :
    typed "a1-a2"
    keys Enter
    wait_for "Time is up" "clock: no move after the time is up"
    keys q
    wait_exit 0 "clock: quits"
    close

    # A won level goes on to the next one (level 1 made small here).
    start levels NO_COLOR=1 -- play onet --seed 1 --level 1 --size 4x2 --kinds 2 --solvable yes --save "$SAVE"
    wait_for "level 1" "levels: starts at level 1"
    keys S
    wait_for "Level cleared" "levels: level 1 solved"
    wait_for "level 2" "levels: level 2 shown"
    keys s
    wait_for "saved to" "levels: saved"
    if grep -q 'level=2' "$SAVE"; then ok; else bad "levels: the saved board is not level 2: $(head -c 300 "$SAVE")"; fi
    keys q
    wait_exit 0 "levels: quits"
    close
    # Line mode reaches the same level 2 from the same seed: the level's
    # board (and its ID) follow from the first level's ID, not from the
    # front end.
    LSAVE="$TMP/lines-level2.txt"
    printf 'solve\nsave %s\nquit\n' "$LSAVE" | "$GRIDLAB" play onet --seed 1 --level 1 --size 4x2 --kinds 2 \
        --solvable yes --lines >/dev/null 2>&1
    if [ -s "$LSAVE" ] && cmp -s "$SAVE" "$LSAVE"; then ok
    else bad "levels: line mode's level 2 differs from the full screen's: $(head -3 "$LSAVE" 2>/dev/null)"; fi
fi

finish
