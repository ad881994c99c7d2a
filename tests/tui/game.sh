# The front end on one game (argument: the game's name), at 80x24 and at
# 100x35.  Moves come from `gridlab hint` on the same board, so the test
# knows nothing of the game's rules; only the small board each game is
# played to its end on comes from the game's test folder (tests/GAME/front.sh).
#
# 80x24, the mouse in X10 encoding (TERM=screen): a move typed after `:`
# (and as a key when it is one character), saves checked against `gridlab
# new` and the line-mode player, undo and redo, a bad move, the move picked
# with the cursor keys and Enter, then clicked (press and release 0.1 s
# apart; the first cell of a two-cell move shown selected) followed at once
# by a key that must not be lost, a hint, the help page (the rules, what
# the status line's figures mean), then the menu's custom form starting
# the small board, which is played to its end with clicks: its result is
# recorded, shown, and shown again from the menu; then the menu's game ID.
# 100x35, the mouse in SGR encoding (TERM=xterm-256color): the menu's game
# ID, the small board played to its end with clicks, its result in the
# table, then the custom form.  At both sizes, without --save: quitting and
# `n` with unsaved moves ask first.
source "$(dirname "$0")/lib.sh"
GAME=${1:?usage: game.sh GAME}
needs_game "$GAME"
SEED=11
SAVE="$TMP/save.txt"
START="$TMP/start.txt"
AFTER="$TMP/after.txt"
SCORES="$TMP/data/gridlab/scores.txt"

# The small board the game is played to its end on (a few moves), as
# KEY=VALUE parameters: SMALL in its test folder's front.sh.
SMALL=""
front_boards "$GAME"
small_opts=()
for kv in $SMALL; do small_opts+=("--${kv%%=*}" "${kv#*=}"); done
# The ID `gridlab new` writes for the small board with seed S.
small_id() { "$GRIDLAB" new "$GAME" "${small_opts[@]}" --seed "$1" | sed -n '1s/^# id: //p'; }

# The board, a legal first move in the game's notation, and the position
# after it from the line-mode player (the reference the screen must match).
"$GRIDLAB" new "$GAME" --seed $SEED >"$START" || { bad "gridlab new $GAME"; finish; exit; }
MOVE=$(hint_of "$START")
if [ -z "$MOVE" ]; then
    bad "$GAME: gridlab hint gave no move on $START"
    finish
    exit
fi
printf '%s\nsave %s\nquit\n' "$MOVE" "$AFTER" | "$GRIDLAB" play "$GAME" --seed $SEED --lines >/dev/null
[ -s "$AFTER" ] || bad "$GAME: the line-mode player did not save after $MOVE"
echo "$GAME seed $SEED: move $MOVE"

# play_small SEEDED_ID NAME: plays the small board on screen to its end,
# each move the hint on the autosaved $SAVE, its cells clicked; every move
# must show its message (the screen updated).  Then the results page.
play_small() {
    local id=$1 name=$2 mv i n=0 before
    if [ -z "$SMALL" ]; then
        echo "$name: no small board named for $GAME in game.sh: not played to its end"
        return
    fi
    board_dims "$SAVE"
    for ((i = 0; i < 40; i++)); do
        mv=$(hint_of "$SAVE")
        [ -z "$mv" ] && break
        move_clicks "$GAME" "$mv" "$SAVE"
        if [ ${#CLICKS[@]} -eq 0 ]; then bad "$name: no cells for the move $mv"; return; fi
        before=$(<"$SAVE")
        local k
        for ((k = 0; k < ${#CLICKS[@]}; k += 2)); do
            cell_xy "${CLICKS[k]}" "${CLICKS[k + 1]}" "$W" "$H"
            click "$Y" "$X"
        done
        # the move is made (the file is saved at once) and shown
        local end=$((SECONDS + WAIT_S))
        while [ "$(<"$SAVE")" = "$before" ] && [ $SECONDS -le $end ]; do nap 0.05; done
        if [ "$(<"$SAVE")" = "$before" ]; then bad "$name: the clicks did not play $mv"; return; fi
        wait_either "$mv: " "best results" "$name: the move $mv shown" || return
        n=$((n + 1))
        on_screen "best results" && break
    done
    echo "$name: $n moves clicked"
    wait_for "best results" "$name: the results page after the end"
    local params=${id#*:}
    params=${params%#*}
    expect_screen "$GAME $params" "$name: the page names the game and its options"
    if screen | grep -Eq '^ +1  '; then ok; else bad "$name: no first row on the results page"; fi
    case "$(screen)" in *"You won"* | *"Game over"*) ok ;; *) bad "$name: the page does not say how the game ended" ;; esac
    keys x
    wait_for "for these options" "$name: the rank in the message"
    if grep -q "^$GAME	$params	.*	$id\$" "$SCORES" 2>/dev/null; then ok
    else bad "$name: $SCORES lacks the result: $(cat "$SCORES" 2>/dev/null)"; fi
    # the menu shows it too
    keys m
    wait_for "Best results of these options" "$name: the menu"
    keys b
    wait_for "best results" "$name: the results page from the menu"
    if screen | grep -Eq '^ +1  '; then ok; else bad "$name: the menu's results page has no first row"; fi
    keys Escape
    wait_gone "best results" "$name: back from the results"
    expect_no_screen "WON" "$name: the end is said once"
    expect_no_screen "GAME OVER" "$name: the end is said once"
}

# ---------------------------------------------------------------- 80x24
SIZE=80x24 start "$GAME" NO_COLOR=1 TERM=screen -- play "$GAME" --seed $SEED --save "$SAVE"
MOUSE=x10
wait_for "m menu" "$GAME starts"
expect_screen "[" "$GAME: the cursor is drawn"
expect_screen "ID $GAME:" "$GAME: the ID on screen"
# Nothing cut: the message wraps, the title is whole or shortened to the
# game's name (the summary up to its colon).
wait_for "Press ? for help, m for the menu." "$GAME: the whole message"
SUMMARY=$("$GRIDLAB" list | sed -n "s/^$GAME — //p")
check_title() {
    local title
    title=$(screen | head -1 | sed 's/  *time [0-9:]*$//')
    case "$title" in
    "gridlab $GAME - $SUMMARY" | "gridlab $GAME - ${SUMMARY%%:*}" | "gridlab $GAME") ok ;;
    *) bad "$GAME: the title is cut: '$title'" ;;
    esac
}
check_title

# A move typed in the notation.
keys :
typed "$MOVE"
keys Enter
wait_either "$MOVE: " "played $MOVE" "$GAME :$MOVE played"
same_file "$SAVE" "$AFTER" "$GAME: the position after $MOVE (autosaved)"

# Undo, redo, undo: back at the start.
keys u
wait_for "undo done" "$GAME undo"
keys r
wait_for "redo done" "$GAME redo"
keys u
wait_for "undo done" "$GAME undo again"
keys s
wait_for "saved to" "$GAME saves after undo"
same_file "$SAVE" "$START" "$GAME: undo restores the start"

# A move of one character (flood's colours) is also a key.
if [ ${#MOVE} -eq 1 ]; then
    typed "$MOVE"
    wait_for "$MOVE: " "$GAME: the key $MOVE plays"
    same_file "$SAVE" "$AFTER" "$GAME: the key gives the same position"
    keys u
    wait_for "undo done" "$GAME undo of the key"
fi

# A bad move gives a message, not a crash.
keys :
typed "zz99-zz98"
keys Enter
wait_gone ":zz99" "$GAME: a bad move is rejected"
if dead; then bad "$GAME: the program died on a bad move"; else ok; fi

# The same move with the cursor: every cell to pick is visited with the
# arrow keys and picked with Enter.
move_clicks "$GAME" "$MOVE" "$START"
board_dims "$START"
if [ ${#CLICKS[@]} -eq 0 ]; then
    echo "$GAME: no cursor test for the move '$MOVE'"
else
    keys Escape
    for ((k = 0; k < ${#CLICKS[@]}; k += 2)); do
        keys -N 40 Up
        keys -N 40 Left
        [ "${CLICKS[k + 1]}" -gt 0 ] && keys -N "${CLICKS[k + 1]}" Right
        [ "${CLICKS[k]}" -gt 0 ] && keys -N "${CLICKS[k]}" Down
        keys Enter
    done
    wait_either "$MOVE: " "played $MOVE" "$GAME: $MOVE picked with the cursor"
    same_file "$SAVE" "$AFTER" "$GAME: the picked move gives the same position"
    keys u
    wait_for "undo done" "$GAME undo of the picked move"

    # A move of two cells: the first one clicked is selected, its symbol
    # reversed under the cursor that the click brought there.
    keys Escape
    if [ ${#CLICKS[@]} -ge 4 ]; then
        cell_xy "${CLICKS[0]}" "${CLICKS[1]}" "$W" "$H"
        click "$Y" "$X"
        wait_for "selected ${MOVE%%-*}" "$GAME: the first cell clicked is selected"
        row=$(screen_esc | sed -n "$((Y + 1))p")
        if printf '%s' "$row" | grep -q $'\[\e\[[0-9;]*7m'; then ok
        else bad "$GAME: the selected cell under the cursor is not reversed: $(printf '%q' "$row")"; fi
        keys Escape
        wait_for "dropped" "$GAME: Esc drops the selection"
    fi

    # The same move clicked, each cell pressed and released 0.1 s later as
    # a real terminal does; a key right after it is not lost.
    for ((k = 0; k < ${#CLICKS[@]}; k += 2)); do
        cell_xy "${CLICKS[k]}" "${CLICKS[k + 1]}" "$W" "$H"
        click "$Y" "$X"
    done
    keys u
    wait_for "undo done" "$GAME: the key after the clicks is acted on"
    keys r
    wait_for "redo done" "$GAME: redo of the clicked move"
    same_file "$SAVE" "$AFTER" "$GAME: the clicked move gives the same position"
    keys u
    wait_for "undo done" "$GAME: undo of the clicked move"
fi

# A hint, shown in the message line.
keys h
wait_for "hint: " "$GAME hint"

# The help page: the rules, the screen, the keys.
HELP=$(printf 'help\nquit\n' | "$GRIDLAB" play "$START" --lines)
RULES=$(printf '%s\n' "$HELP" | sed -n '/^type help/,$p' | sed -n 's/^> //p' | head -1)
# What the status line's figures mean (the game's status_help), as line
# mode lists them: the first one must be on the help page too.
FIGURE=$(printf '%s\n' "$HELP" | sed -n '/^the status line:$/{n;s/^  //p;}')
keys '?'
wait_for "Press any key to go back" "$GAME help"
expect_screen "Rules" "$GAME help has the rules"
words=$(printf '%s' "$RULES" | cut -d' ' -f1-4)
[ -n "$words" ] && expect_screen "$words" "$GAME help shows the game's rules"
expect_screen "Moves: " "$GAME help names the notation"
# the game's ID stays in view on the title line, where it fits
START_ID=$(sed -n '1s/^# id: //p' "$START")
title="gridlab $GAME - help"
if [ $((${#title} + 2 + 3 + ${#START_ID})) -le 80 ]; then
    case "$(screen | head -1)" in *"ID $START_ID") ok ;; *) bad "$GAME help: no ID on the title line: $(screen | head -1)" ;; esac
fi
if [ -n "$FIGURE" ]; then
    expect_screen "${FIGURE%%: *}: " "$GAME help says what the status line's figures mean"
else
    echo "$GAME: the game has no status_help: its help shows the status line as it is"
    expect_screen "the game's own words" "$GAME help shows the status line"
fi
keys End
wait_for "this help" "$GAME help ends with the keys"
keys x
wait_gone "Press any key to go back" "$GAME help closes"

# The menu's custom form: every field of the parameter table, the small
# board's values typed into theirs, a seed, Enter: the board `gridlab new`
# makes from the ID (autosaved at once).  custom_form SEED NAME
custom_form() {
    local seed=$1 name=$2 id
    keys m
    wait_for "Custom: every board option" "$name: the menu"
    expect_screen "Enter a game ID" "$name: the menu has the ID"
    keys c
    wait_for "a custom game" "$name: the custom form"
    local fields at=0 want kv i
    fields=($(screen | sed -n '3,$p' | sed -n 's/^[> ] \([a-z0-9]*\)  .*/\1/p; s/^[> ] \([a-z0-9]*\)$/\1/p'))
    for kv in $SMALL seed=$seed; do
        want=-1
        for ((i = 0; i < ${#fields[@]}; i++)); do [ "${fields[i]}" = "${kv%%=*}" ] && want=$i; done
        if [ $want -lt 0 ]; then bad "$name: the form has no field ${kv%%=*} (fields: ${fields[*]})"; continue; fi
        while [ $at -lt $want ]; do keys Down; at=$((at + 1)); done
        while [ $at -gt $want ]; do keys Up; at=$((at - 1)); done
        keys C-u
        typed "${kv#*=}"
    done
    keys Enter
    id=$(small_id "$seed")
    wait_for "ID $id" "$name: the custom form starts $id"
    same_file "$SAVE" <("$GRIDLAB" new "$id") "$name: the custom game is the ID's board"
}
# The menu's game ID, typed over the one offered: that board.  menu_id ID NAME
menu_id() {
    keys m
    wait_for "Enter a game ID" "$2: the menu"
    keys i
    wait_for "Game ID: " "$2: the ID prompt"
    keys C-u
    typed "$1"
    keys Enter
    wait_for "ID $1" "$2: the menu starts $1"
    same_file "$SAVE" <("$GRIDLAB" new "$1") "$2: the menu's ID makes the board"
}

custom_form 21 "$GAME 80x24"
ID21=$(small_id 21)
play_small "$ID21" "$GAME 80x24"
# A game enters once: its last move undone and played again adds nothing.
lines_before=$(wc -l <"$SCORES")
keys u
wait_for "undo done" "$GAME: undo after the end"
LAST=$(hint_of "$SAVE")
keys :
typed "$LAST"
keys Enter
wait_for "$LAST: " "$GAME: the end played again"
expect_no_screen "best results" "$GAME: no second results page"
[ "$(wc -l <"$SCORES")" = "$lines_before" ] && ok || bad "$GAME: the game entered twice: $(cat "$SCORES")"
menu_id "$(small_id 24)" "$GAME 80x24"
keys q
wait_exit 0 "$GAME quits"
expect_no_screen "m menu" "$GAME: the terminal is restored on quit"
close

# ---------------------------------------------------------------- 100x35
SIZE=100x35 start "$GAME-b" NO_COLOR=1 TERM=xterm-256color -- play "$GAME" --seed $SEED --save "$SAVE"
MOUSE=sgr
wait_for "m menu" "$GAME 100x35 starts"
check_title
ID22=$(small_id 22)
menu_id "$ID22" "$GAME 100x35"
play_small "$ID22" "$GAME 100x35"
custom_form 25 "$GAME 100x35"
keys q
wait_exit 0 "$GAME 100x35 quits"
close

# ---------------------------------------------------------------- unsaved
# Without --save, at both sizes: q and n ask before a game with moves is
# dropped.
ID23=$(small_id 23)
"$GRIDLAB" new "$ID23" >"$START"
SMOVE=$(hint_of "$START")
for size in 80x24 100x35; do
    SIZE=$size start "$GAME-c" NO_COLOR=1 TERM=screen -- play "$ID23"
    wait_for "m menu" "$GAME $size unsaved: starts"
    keys q
    wait_exit 0 "$GAME $size: q with no move quits at once"
    close
    SIZE=$size start "$GAME-c" NO_COLOR=1 TERM=screen -- play "$ID23"
    wait_for "m menu" "$GAME $size unsaved: starts again"
    keys :
    typed "$SMOVE"
    keys Enter
    wait_for "$SMOVE: " "$GAME $size unsaved: a move"
    keys q
    wait_for "unsaved moves" "$GAME $size: q asks"
    keys n
    wait_for "the game goes on" "$GAME $size: no keeps the game"
    keys n
    wait_for "unsaved moves" "$GAME $size: n asks"
    keys Escape
    wait_for "the game goes on" "$GAME $size: Esc keeps the game"
    expect_screen "ID $ID23" "$GAME $size: the same game"
    keys q
    wait_for "unsaved moves" "$GAME $size: q asks again"
    keys y
    wait_exit 0 "$GAME $size: y quits"
    close
done
finish
