# The front end's own behaviour, mostly on tiles (skipped without it): colour and
# NO_COLOR, the solver playing to the end, the mouse, new games from `n`,
# the menu's presets, restart, other games, load and save, the clock
# standing in the menu, a wide board (two rows of labels) and a board too
# large for the terminal, the best results' file damaged, a failed
# autosave, TERM=dumb, and the terminal restored on q, Ctrl-C and a crash
# signal.  Parts that need another game run when it is built (match3: the
# swap limit and the solver's best at its end).
source "$(dirname "$0")/lib.sh"
needs_game tiles
SAVE="$TMP/save.txt"
SCORES="$TMP/data/gridlab/scores.txt"

# Colour: cells carry colour attributes, and none at all with NO_COLOR.
start colour TERM=screen -- play tiles --seed 1 --save "$SAVE"
wait_for "m menu" "colour: starts"
if screen_esc | grep -q $'\e\\[[0-9;]*4[0-7][;m]'; then ok; else bad "colour: no background colours drawn"; fi
keys q
wait_exit 0 "colour: quits"
close
start nocolour NO_COLOR=1 TERM=screen -- play tiles --seed 1 --save "$SAVE"
wait_for "m menu" "NO_COLOR: starts"
if screen_esc | grep -q $'\e\\[[0-9;]*[34][0-7][;m]'; then bad "NO_COLOR: colours drawn"; else ok; fi
expect_screen "B  B  W  W  W  _" "NO_COLOR: symbols drawn"
expect_screen "1  2  3  4  5  6  7" "tiles: cell numbers above the row"
expect_screen "moves 0  cost 0" "tiles: the status names the cost"
expect_no_screen "g=" "tiles: no search figures for players"
expect_screen "ID tiles:n=3,hop=2,start=standard#1" "the ID on screen"
expect_screen "time 0:0" "the clock on screen"

# Solve: the solver's moves are played to the end, the game is won (said
# once: no WON after the status line's own word), the result is marked as
# helped and not entered, and the saved row is solved.
keys S
wait_for "The solver played 13 moves (proved the best)." "S: all moves played, in the page's words"
expect_no_screen "astar" "S: no solver's name"
wait_for "The solver helped: not entered in the best results" "S: the help is marked"
expect_screen "solved" "S: solved to the end"
expect_no_screen "WON" "S: the end is not said twice"
if [ -e "$SCORES" ]; then bad "S: a solved game entered the best results: $(cat "$SCORES")"; else ok; fi
if grep -v '^#' "$SAVE" | sed -n 2p | grep -q 'B.*W'; then bad "S: the saved row is not solved: $(cat "$SAVE")"; else ok; fi
keys :
typed "1-2"
keys Enter
wait_for "This game is won" "a move after the end is refused"
keys u
wait_for "undo done" "undo after the end"
wait_gone "solved" "undo leaves the won position"

# n: a new game with the next seed (tiles starts BBBWWW_ whatever the seed).
# With --save every move is saved, but the new game would be saved over
# the game in progress: n asks first (n keeps the game, y goes on); q,
# which loses nothing, does not ask.
keys n
wait_for "would be saved over in $SAVE" "n: asks before the new game is saved over this one"
keys n
wait_for "the game goes on" "n: n keeps the game"
if grep -v '^#' "$SAVE" | sed -n 2p | grep -q 'B.*W'; then ok; else bad "n: the saved game was replaced: $(cat "$SAVE")"; fi
keys n
wait_for "would be saved over" "n: asks again"
keys y
wait_for "new game: tiles:n=3,hop=2,start=standard#2" "n: new game"
expect_screen "moves 0" "n: the move counter starts again"
keys u
wait_for "nothing to undo" "n: the history starts again"

# The mouse: a press on cell 5 picks its tile, which hops into the empty
# cell 7; the release 0.1 s later is no input.
cell_xy 0 4 7 1
click "$Y" "$X"
wait_for "5-7: " "mouse: the clicked tile moves"
keys u
wait_for "undo done" "mouse: undo after the click"

# The menu (m or F10): a preset chosen with a click, restart, the clock
# standing while the menu is open.
keys F10
wait_for "4 and 4" "menu: the presets"
expect_screen "(the game in play)" "menu: the preset in play is marked"
y=$(($(screen | grep -n "4 and 4" | head -1 | cut -d: -f1) - 1))
click "$y" 8
wait_for "new game: tiles:n=4,hop=2,start=standard#3" "menu: a clicked preset starts a game"
keys :
typed "7-9"
keys Enter
wait_for "7-9: " "menu: a move on the preset's board"
keys m
wait_for "Restart from its first position" "menu: restart shown"
keys r
wait_for "restarted" "menu: restart"
expect_screen "moves 0" "menu: restart is at the first position"
# (a restart is the same game: its clock goes on) the clock runs, and
# stands while the menu is open
secs() { local t; t=$(screen | grep -o 'time [0-9]*:[0-9]*' | head -1); t=${t#time }; echo $((10#${t%%:*} * 60 + 10#${t#*:})); }
c0=$(secs)
nap 2.2
c1=$(secs)
[ "$c1" -gt "$c0" ] && ok || bad "the clock does not run: $c0 then $c1"
keys m
wait_for "Restart from its first position" "the clock: the menu is open"
nap 3
keys Escape
wait_gone "Restart from its first position" "the clock: the menu closes"
c2=$(secs)
[ $((c2 - c1)) -le 2 ] && ok || bad "the clock ran while the menu was open: $c1 then $c2"
# A restart is undone by redoing its moves.
keys r
wait_for "redo done" "restart undone: r redoes"
expect_screen "moves 1" "restart undone: the move is back"
keys u
wait_for "undo done" "restart undone: u undoes again"
expect_screen "moves 0" "restart undone: back at the start"

# F1 is the help too.
keys F1
wait_for "Press any key to go back" "F1: the help"
keys Escape
wait_gone "Press any key to go back" "F1: back"

# Resize: the board is drawn again; too small a terminal says so.
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 20 -y 6
wait_for "needs 5x7" "resize: too small (the 9x1 board needs 5x7, a window of 3 cells)"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 100 -y 40
wait_for "1  2  3  4  5  6  7  8  9" "resize: the board is back"

keys q
wait_exit 0 "q: exit 0"
expect_no_screen "m menu" "q: the terminal is restored"
close

# A message longer than the lines left for it ends in "..." (40x7: two
# lines under the board for the first message's three).
SIZE=40x7 start tiny NO_COLOR=1 -- play tiles --seed 1
wait_for "m menu" "tiny: starts"
wait_for "Moves: FROM-TO" "tiny: the message"
if screen | grep -q '\.\.\.$'; then ok; else bad "tiny: the cut message does not end in ..."; fi
keys q
wait_exit 0 "tiny: quits"
close

# A wide single row (tiles n=20, 41 cells): at 100 columns the cells are
# narrow, the labels written downwards on two rows, the cursor whole; at
# 80 columns one column per cell (the cursor reversed), played with a
# click; at 30 columns a window of the row that follows the cursor, with
# arrows where more of it lies; on 6 lines it does not fit even so, and
# moves are refused while it is hidden.
SIZE=100x35 start wide NO_COLOR=1 -- play tiles --n 20 --seed 1
wait_for "m menu" "wide: starts"
expect_screen " 1 1 1 1 1 1 1 1 1 1 2 2" "wide: the tens above"
expect_screen "9 0 1 2 3" "wide: the units below"
expect_screen "[B]B B" "wide: the cursor whole"
keys Right
wait_for "B[B]B" "wide: the cursor moves"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 80 -y 24
wait_for "BBBBBBBBBBBBBBBBBBBBWWWWWWWWWWWWWWWWWWWW_" "wide: one column per cell at 80x24"
expect_screen "12345678901234567890123456789012345678901" "wide: the units, one column each"
expect_screen "ID tiles:n=20,hop=2,start=standard#1" "wide: the ID on the title line"
# the cursor (cell 2) reversed: its symbol comes after a reverse attribute
if screen_esc | sed -n 4p | grep -q $'B\e\\[[0-9;]*7[0-9;]*mB'; then ok
else bad "wide: the cursor is not reversed: $(screen_esc | sed -n 4p | cat -v)"; fi
click 3 39
wait_for "39-41: cost 1" "wide: a click on cell 39 in one-column cells"
keys u
wait_for "undo done" "wide: undo in one-column cells"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 30 -y 24
wait_for "BBBBBBBBWWWWWWWWWWWWWWWWWWWW" "wide: a window around the cursor (cell 39) at 30 columns"
expect_screen "←" "wide: an arrow where more of the row lies on the left"
expect_screen "→" "wide: and on the right"
for _ in $(seq 40); do keys Left; done
wait_for "BBBBBBBBBBBBBBBBBBBBWWWWWWWW" "wide: the window follows the cursor to the start"
expect_no_screen "←" "wide: no arrow on the left at the start"
for _ in $(seq 40); do keys Right; done
wait_for "BBBBBBBWWWWWWWWWWWWWWWWWWWW_" "wide: the window follows the cursor to the end"
expect_no_screen "→" "wide: no arrow on the right at the end"
click 3 26
wait_for "39-41: cost 1" "wide: a click in the moved window"
keys u
wait_for "undo done" "wide: undo in the window"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 80 -y 6
wait_for "needs 5x8" "wide: too small even for a window on 6 lines"
clock_hidden=$(screen | head -1 | sed -n 's/.*time \([0-9:]*\)$/\1/p')
keys Enter
wait_for "The board is hidden" "wide: a pick is refused while hidden"
keys :
typed "39-41"
keys Enter
wait_for "The board is hidden" "wide: a typed move is refused while hidden"
keys u
wait_for "The board is hidden" "wide: undo is refused while hidden"
nap 2.5
case "$(screen | head -1)" in *"time $clock_hidden") ok ;; *) bad "wide: the clock ran while the board was hidden ($clock_hidden): $(screen | head -1)" ;; esac
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 100 -y 35
wait_for "W[W]W _" "wide: the board is back, the cursor where the click left it"
expect_screen "moves 0" "wide: nothing was played while hidden"
keys C-c
wait_exit 130 "wide: Ctrl-C"
close

# No --save: s asks for a name; a loaded game saves back to its file; the
# menu loads and saves; a bad file is refused and the game kept.
MINE="$TMP/mine.txt"
start nosave NO_COLOR=1 -- play tiles --seed 5
wait_for "m menu" "no --save: starts"
keys s
wait_for "Save to the file: " "no --save: s asks for a name"
typed "$MINE"
keys Enter
wait_for "saved to $MINE" "no --save: saved"
[ -s "$MINE" ] && ok || bad "no --save: $MINE not written"
keys :
typed "5-7"
keys Enter
wait_for "5-7: " "no --save: a move"
keys m
wait_for "Restart from its first position" "restart: the menu"
keys r
wait_for "unsaved moves" "restart: asks first"
keys Escape
wait_for "the game goes on" "restart: Esc keeps the game"
expect_screen "moves 1" "restart: the move is kept"
keys m
keys g
wait_for "switch game" "switch with a move: the games"
keys "$(screen | sed -n 's/^ *\([1-9]\)  tiles .*/\1/p')" # the game in play, by its number in the list
wait_for "New tiles game" "switch with a move: the presets"
keys 1
wait_for "unsaved moves" "switch with a move: asks first"
keys Escape
wait_for "the game goes on" "switch with a move: Esc keeps the game"
keys m
wait_for "Load a file" "load: the menu"
keys l
wait_for "Load the file: $MINE" "load: the prompt offers the file"
keys Enter
wait_for "unsaved moves" "load: asks before the move is dropped"
keys y
wait_for "loaded $MINE" "load: loaded"
expect_screen "moves 0" "load: the saved position"
keys :
typed "5-7"
keys Enter
wait_for "5-7: " "load: a move"
keys s
wait_for "saved to $MINE" "load: s saves back to the loaded file"
if grep -q 'BBBW_WW' "$MINE"; then ok; else bad "load: $MINE: $(cat "$MINE")"; fi
keys m
keys l
wait_for "Load the file: " "load: the prompt again"
keys C-u
typed "$TMP/no-such-file.txt"
keys Enter
wait_for "not loaded:" "load: a missing file is refused"
expect_screen "ID tiles:n=3,hop=2,start=standard#5" "load: the game is kept"
# A new game has no file of its own: s asks for a name, not the loaded file.
keys n
wait_for "new game: tiles:n=3,hop=2,start=standard#6" "no --save: n"
keys s
wait_for "Save to the file: " "no --save: s asks for the new game's file"
keys Escape
wait_for "not saved" "no --save: Esc saves nothing"
grep -q 'BBBW_WW' "$MINE" && ok || bad "no --save: the loaded file was overwritten: $(cat "$MINE")"
close
# A file named on the command line (`gridlab play FILE`): s saves back to it.
FROMFILE="$TMP/fromfile.txt"
cp "$MINE" "$FROMFILE"
start fromfile NO_COLOR=1 -- play "$FROMFILE"
wait_for "m menu" "play FILE: starts"
expect_screen "moves 1" "play FILE: the saved position"
keys :
typed "3-5"
keys Enter
wait_for "3-5: " "play FILE: a move"
keys s
wait_for "saved to $FROMFILE" "play FILE: s saves back to the file"
if grep -q 'moves=2' "$FROMFILE"; then ok; else bad "play FILE: $FROMFILE: $(cat "$FROMFILE")"; fi
# Ctrl-C: a clean exit, status 130, the terminal restored.
keys C-c
wait_exit 130 "Ctrl-C: exit 130"
expect_no_screen "m menu" "Ctrl-C: the terminal is restored"
close

# With --save, a game loaded from the menu is saved after every move to
# the file it came from.
start loadauto NO_COLOR=1 -- play tiles --seed 1 --save "$SAVE"
wait_for "m menu" "load with --save: starts"
keys m
keys l
wait_for "Load the file: " "load with --save: the prompt"
keys C-u
typed "$MINE"
keys Enter
wait_for "loaded $MINE" "load with --save: loaded"
keys :
typed "4-5"
keys Enter
wait_for "4-5: " "load with --save: a move"
grep -q 'BBB_WWW' "$MINE" && ok || bad "load with --save: not saved to the loaded file: $(cat "$MINE")"
keys q
wait_exit 0 "load with --save: quits"
close

# An autosave that fails (its directory removed): said at once, exit 2.
mkdir "$TMP/gone"
start failsave NO_COLOR=1 -- play tiles --seed 1 --save "$TMP/gone/s.txt"
wait_for "m menu" "failed save: starts"
rm -rf "$TMP/gone"
keys :
typed "5-7"
keys Enter
wait_for "NOT SAVED" "failed save: said"
keys q
wait_for "unsaved moves" "failed save: q asks"
keys y
wait_exit 2 "failed save: exit 2"
if grep -q "^gridlab: cannot save: .*$TMP/gone/s.txt" "$TMP/$SESSION.err"; then ok
else bad "failed save: standard error lacks 'gridlab: cannot save: ... FILE': $(cat "$TMP/$SESSION.err")"; fi
close

# A damaged file of best results: reported, set aside, play goes on.
mkdir -p "$(dirname "$SCORES")"
printf 'this is not a table\n' >"$SCORES"
start damaged NO_COLOR=1 -- play tiles --seed 1
wait_for "set aside as" "damaged scores: reported"
ls "$SCORES".bad-* >/dev/null 2>&1 && ok || bad "damaged scores: not set aside"
[ -e "$SCORES" ] && bad "damaged scores: still in place" || ok
keys :
typed "5-7"
keys Enter
wait_for "5-7: " "damaged scores: play goes on"
keys C-c
wait_exit 130 "damaged scores: quits"
close
rm -f "$SCORES".bad-*

# A crash signal: the terminal is restored and the signal still kills the
# program (or the sanitizer reports it and exits non-zero).
start crash NO_COLOR=1 -- play tiles --seed 3
wait_for "m menu" "crash: starts"
kill -SEGV "$(prog_pid)"
end=$((SECONDS + WAIT_S))
while ! ended && [ $SECONDS -le $end ]; do nap 0.05; done
st=$(dead_status)
if [ -n "$st" ] && [ "$st" != 0 ]; then ok; else bad "crash: the program should die on SIGSEGV (status '$st')"; fi
expect_no_screen "m menu" "crash: the terminal is restored"
close

# SIGTERM: a clean exit, status 130, the terminal restored.
start term NO_COLOR=1 TERM=screen -- play tiles --seed 3
wait_for "m menu" "SIGTERM: starts"
kill -TERM "$(prog_pid)"
wait_exit 130 "SIGTERM: exit 130"
expect_no_screen "m menu" "SIGTERM: the terminal is restored"
close

if has_game flood; then
    # flood played to its end by S on a small board: won (said once), the
    # solution counted in moves, followed by the end's words (not the last
    # move's).
    start flood NO_COLOR=1 -- play flood --seed 2 --size 5x4 --colors 3
    wait_for "m menu" "flood: starts"
    keys S
    wait_for "flooded 20/20  won" "flood: S wins"
    wait_for "played" "flood: S reports the moves played"
    expect_screen "The solver played 3 moves" "flood: the solution in moves"
    expect_no_screen "WON" "flood: won said once"
    wait_for "(proved the best).  You won: moves 3" "flood: the solver's summary, then the end, with the true score"
    expect_no_screen "20 flooded" "flood: not the last move's own words"
    # Another game from the menu: its presets.
    keys m
    wait_for "Switch game" "switch: the menu"
    keys g
    wait_for "switch game" "switch: the games"
    n=$(screen | sed -n 's/^ *\([1-9]\)  tiles .*/\1/p')
    if [ -n "$n" ]; then
        keys "$n"
        wait_for "New tiles game" "switch: the presets of tiles"
        keys 2
        wait_for "ID tiles:n=4,hop=2,start=standard#" "switch: a tiles game"
    else
        bad "switch: tiles not listed"
    fi
    keys q
    wait_exit 0 "flood: quits"
    close

    # 18 rows at 80x24: the compact layout (no ring rows, the ID on the
    # title line, two lines of message), and a click lands on its cell.
    SIZE=80x24 start tall NO_COLOR=1 TERM=screen -- play flood --size 18x18 --colors 8 --seed 1 --save "$SAVE"
    wait_for "m menu" "compact: starts"
    if screen | head -1 | grep -q '^ID flood:size=18x18,colors=8,start=corner,difficulty=medium#1 .*time 0:'; then ok
    else bad "compact: the ID and the clock on the title line: $(screen | head -1)"; fi
    expect_screen " 18     " "compact: the last row shown"
    expect_screen "help, m for the menu." "compact: the message's second line"
    # cell r18 (a colour other than the corner's on this seed): the board
    # starts on screen row 2, cells 3 columns wide from column 7
    sym=$(grep -v '^#' "$SAVE" | sed -n '19p' | cut -c18)
    MOUSE=x10
    click 19 59
    wait_for "$sym: " "compact: the click on r18 plays its colour"
    keys q
    wait_exit 0 "compact: quits"
    close

    # 16 rows at 80x24: the ring's rows would leave the message one line,
    # so the compact layout is taken and the first message is whole.
    SIZE=80x24 start sixteen NO_COLOR=1 -- play flood --size 16x16 --seed 1
    wait_for "m menu" "16 rows: starts"
    expect_screen "ID flood:size=16x16" "16 rows: the ID on screen"
    expect_screen " 16     " "16 rows: the last row shown"
    expect_screen "help, m for the menu." "16 rows: the message's second line"
    keys q
    wait_exit 0 "16 rows: quits"
    close

    # TERM=dumb (Emacs' shell): line mode, even on a terminal.
    start dumb TERM=dumb -- play flood --seed 1
    wait_for "id: flood:size=14x14,colors=6,start=corner,difficulty=medium#1" "TERM=dumb: line mode"
    wait_for "moves 0/25" "TERM=dumb: the board as text"
    if screen | grep -qx '>'; then ok; else bad "TERM=dumb: no prompt"; fi
    typed "3"
    keys Enter
    wait_for "3: +" "TERM=dumb: a move"
    typed "quit"
    keys Enter
    wait_exit 0 "TERM=dumb: quits"
    close
fi

if has_game lines; then
    # The coming balls drawn in their colours; S counts points as the
    # score, not a cost.
    start lines TERM=screen -- play lines --seed 5 --size 3x3 --colors 9 --line 3
    wait_for "next " "lines: starts"
    line=$(screen_esc | grep 'next ' | head -1)
    if printf '%s' "$line" | grep -q $'next \e\\[[0-9;]*m'; then ok; else bad "lines: the next balls are not coloured: $(printf '%q' "$line")"; fi
    keys S
    wait_for "The solver played" "lines: S plays"
    expect_screen "Game over: score " "lines: S reports the true score"
    expect_no_screen "cost" "lines: no cost"
    wait_for "The solver's best in " "lines: the solver's best at the end"
    keys q
    wait_exit 0 "lines: quits"
    close
    # Lines 98: the coming balls' cells show their symbol in the colour of
    # the ball that will land there: the colours of the three `*` are those
    # of the balls after "next" in the status line.
    start lines98 TERM=screen -- play lines --rules lines98 --seed 1
    wait_for "Lines 98 rules" "lines98: starts"
    looks=$(screen_esc | sed -n '4,12p' | LC_ALL=C awk -v MINX=4 -v 'SYMS=*' -f "$(dirname "$0")/sgr_looks.awk" |
        awk '{ split($2, c, "/"); print c[1] "/" c[2] }' | sort)
    status_row=$(screen | grep -n 'next ' | head -1 | cut -d: -f1)
    at=$(screen | sed -n "${status_row}p" | awk '{ print index($0, "next ") + 4 }')
    next=$(screen_esc | sed -n "${status_row}p" | LC_ALL=C awk -v MINX="$at" -v SYMS=123456789 -f "$(dirname "$0")/sgr_looks.awk" |
        head -3 | awk '{ split($2, c, "/"); print c[2] "/d" }' | sort)
    if [ "$(printf '%s\n' "$looks" | grep -c .)" = 3 ] && [ "$looks" = "$next" ]; then ok
    else bad "lines98: the coming balls' cells ($(echo $looks)) are not in the colours of next ($(echo $next))"; fi
    keys q
    wait_exit 0 "lines98: quits"
    close
    # S plays on past the solver's plan of 20 turns until a key stops it.
    start lines-on NO_COLOR=1 -- play lines --seed 1
    wait_for "next " "lines: a 9x9 game starts"
    keys S
    # a turn past 21 (the screen is read between moves: on a loaded
    # machine a read can take longer than a turn is shown)
    end=$((SECONDS + WAIT_S * 4)); turn=0
    while [ $SECONDS -le $end ] && ! ended; do
        scr=$(screen)
        [[ $scr =~ \ \ turn\ ([0-9]+)\  ]] && turn=${BASH_REMATCH[1]}
        [ "${turn:-0}" -gt 21 ] && break
        nap 0.05
    done
    [ "${turn:-0}" -gt 21 ] && ok || bad "lines: S plays past its first plan of 20 turns: the screen showed turn ${turn:-none}"
    keys x
    wait_for "then you stopped it (score " "lines: a key stops the solver's play, the true score said"
    expect_no_screen "planning" "lines: no stale planning line after the stop"
    turn=$(screen | sed -n 's/.*  turn \([0-9]*\) .*/\1/p')
    nap 1.5
    expect_screen "turn $turn " "lines: no move after the key"
    keys q
    wait_for "unsaved moves" "lines: q asks"
    keys y
    wait_exit 0 "lines: quits after S"
    close
fi

if has_game match3; then
    # The swap limit: with swaps=2 the game ends, won, after two swaps, and
    # the end tells what the solver makes of the same first board; the
    # menu offers presets with a limit.
    start m3swaps NO_COLOR=1 -- play 'match3:size=7x7,kinds=4,swaps=2#1' --save "$SAVE"
    wait_for "swaps 0 of 2, 2 left" "match3 swaps: the limit in the status line"
    for i in 1 2; do
        mv=$(hint_of "$SAVE")
        keys :
        typed "$mv"
        keys Enter
        wait_either "$mv: " "best results" "match3 swaps: swap $i ($mv)"
    done
    wait_for "best results" "match3 swaps: the end after two swaps"
    expect_screen "You won: score" "match3 swaps: won"
    wait_for "The solver's best in 2 moves was" "match3 swaps: the solver's best on the same board"
    keys x
    wait_for "swaps 2 of 2, 0 left" "match3 swaps: none left"
    keys m
    wait_for "the best score in 10 swaps" "match3 swaps: a preset with a limit"
    keys Escape
    keys q
    wait_exit 0 "match3 swaps: quits"
    close

    # A cascade shown round by round: b3-c3 on this board clears four
    # times (+1 +2 +1 +1, `gridlab play ID --lines`); frames with cleared
    # (empty) cells show between the swap and the refilled board.
    start m3rounds NO_COLOR=1 -- play 'match3:size=8x8,kinds=6,refill=yes#5'
    wait_for "m menu" "match3 rounds: starts"
    board_rows() { screen | grep -E '^ *[0-9]+ ' | grep -v '[a-z]'; }
    if board_rows | grep -q ' \. '; then bad "match3 rounds: an empty cell before the swap"; fi
    # One screen read per poll (a loaded machine reads slowly, and a frame
    # lasts about 70 ms); when every read missed the frames, the swap is
    # undone and made again, up to four times.
    seen=0
    for try in 1 2 3 4; do
        keys :
        typed "b3-c3"
        t0=$(date +%s%N)
        keys Enter
        while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 3000 ]; do
            s=$(screen)
            if printf '%s\n' "$s" | grep -E '^ *[0-9]+ ' | grep -v '[a-z]' | grep -q ' \. '; then seen=1; break; fi
            case "$s" in *"b3-c3: removed"*) break ;; esac
        done
        [ $seen = 1 ] && break
        [ $try = 4 ] && break
        wait_for "b3-c3: removed" "match3 rounds: try $try ended"
        keys u
        wait_for "undo done" "match3 rounds: try $try undone"
    done
    if [ $seen = 1 ]; then ok; else bad "match3 rounds: no frame with cleared cells (4 tries)"; fi
    wait_for "b3-c3: removed 3 (+1); spawned 3; removed 5 (+2)" "match3 rounds: the rounds in words"
    # a second of frames (measured 0.9 s to the words at load 10); the
    # bound leaves room for a loaded machine's slow screen reads
    t1=$(date +%s%N)
    if [ $(( (t1 - t0) / 1000000 )) -le 3000 ]; then ok; else bad "match3 rounds: the cascade took $(( (t1 - t0) / 1000000 )) ms"; fi
    if board_rows | grep -q ' \. '; then bad "match3 rounds: empty cells left after the cascade"; else ok; fi
    keys q
    wait_for "unsaved moves" "match3 rounds: q asks"
    keys y
    wait_exit 0 "match3 rounds: quits"
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
    wait_for "time is up" "clock: no move after the time is up"
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
    # (the saves hold each game's time played: that line differs)
    if [ -s "$LSAVE" ] && cmp -s <(grep -v '^# clock:' "$SAVE") <(grep -v '^# clock:' "$LSAVE"); then ok
    else bad "levels: line mode's level 2 differs from the full screen's: $(head -3 "$LSAVE" 2>/dev/null)"; fi
fi

# The rules follow the board's parameters: Lines of 4 that bring two balls
# says "Four or more balls" and "two new balls" (the help page wraps its
# lines: the screen read as one line).
if "$GRIDLAB" list | grep -q '^lines'; then
    SIZE=100x35 start rules NO_COLOR=1 -- play "lines:size=7x7,colors=5,line=4,spawn=2,rules=klines#1"
    wait_for "m menu" "rules: starts"
    keys '?'
    wait_for "Four or more balls" "rules: lines of 4 say four"
    expect_screen "brings two new balls" "rules: two balls a turn say two"
    keys Escape
    keys q
    wait_exit 0 "rules: quits"
    close
fi

finish
