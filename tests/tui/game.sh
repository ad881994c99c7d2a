# The front end on one game (argument: the game's name), through its own
# notation: the move is the one `gridlab hint` gives on the same board, so
# the test knows nothing of the game's rules.  A move typed after `:`, then
# the same move picked with the cursor keys and Enter, undo and redo, a
# hint, saves checked against `gridlab new` and the line-mode player, quit.
source "$(dirname "$0")/lib.sh"
GAME=${1:?usage: game.sh GAME}
if ! has_game "$GAME"; then
    echo "$GAME is not in this build (GL_GAMES=${GL_GAMES:-}): skipped"
    finish
    exit
fi
SEED=11
SAVE="$TMP/save.txt"
START="$TMP/start.txt"
AFTER="$TMP/after.txt"

# The board, a legal first move in the game's notation, and the position
# after it from the line-mode player (the reference the screen must match).
"$GRIDLAB" new "$GAME" --seed $SEED >"$START" || { bad "gridlab new $GAME"; finish; exit; }
MOVE=$("$GRIDLAB" hint "$START" --json | sed -n 's/.*"move": *"\([^"]*\)".*/\1/p')
if [ -z "$MOVE" ]; then
    bad "$GAME: gridlab hint gave no move on $START"
    finish
    exit
fi
printf '%s\nsave %s\nquit\n' "$MOVE" "$AFTER" | "$GRIDLAB" play "$GAME" --seed $SEED --lines >/dev/null
[ -s "$AFTER" ] || bad "$GAME: the line-mode player did not save after $MOVE"
echo "$GAME seed $SEED: move $MOVE"

start "$GAME" NO_COLOR=1 -- play "$GAME" --seed $SEED --save "$SAVE"
wait_for "Press ? for help" "$GAME starts"
expect_screen "[" "$GAME: the cursor is drawn"

# A move typed in the notation.
keys :
typed "$MOVE"
keys Enter
wait_either "$MOVE: " "played $MOVE" "$GAME :$MOVE played"
keys s
wait_for "saved to" "$GAME saves after the move"
same_file "$SAVE" "$AFTER" "$GAME: the position after $MOVE"

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

# A bad move gives a message, not a crash.
keys :
typed "zz99-zz98"
keys Enter
wait_gone ":zz99" "$GAME: a bad move is rejected"
if dead; then bad "$GAME: the program died on a bad move"; else ok; fi

# The same move with the cursor: every cell the notation names is visited
# with the arrow keys and picked with Enter.  flood names a colour: any cell
# of that colour is picked.
cells=()
if [[ "$MOVE" =~ ^([a-z]+[0-9]+)-([a-z]+[0-9]+)$ ]]; then
    cells=("${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")
elif [[ "$MOVE" =~ ^([0-9]+)-([0-9]+)$ ]]; then
    # tiles: FROM-TO cell numbers on a single row; the tile is picked
    n=${BASH_REMATCH[1]}
    cells=("$(printf "\\x$(printf %x $((96 + n)))")1")
elif [ "$GAME" = flood ]; then
    cell=$(grep -v '^#' "$START" | awk -v s="$MOVE" 'NR > 1 { i = index($0, s); if (i) { printf "%c%d\n", 96 + i, NR - 1; exit } }')
    [ -n "$cell" ] && cells=("$cell")
fi
if [ ${#cells[@]} -eq 0 ]; then
    echo "$GAME: no cursor test for the move '$MOVE'"
else
    keys Escape
    for cell in "${cells[@]}"; do
        col=${cell%%[0-9]*}
        row=${cell#"$col"}
        keys -N 40 Up
        keys -N 40 Left
        c=0
        # column letters: a..z, then aa.. (base 26, like a spreadsheet)
        for ((i = 0; i < ${#col}; i++)); do
            ch=$(printf '%d' "'${col:i:1}")
            c=$((c * 26 + ch - 96))
        done
        [ $((c - 1)) -gt 0 ] && keys -N $((c - 1)) Right
        [ $((row - 1)) -gt 0 ] && keys -N $((row - 1)) Down
        keys Enter
    done
    wait_either "$MOVE: " "played $MOVE" "$GAME: $MOVE picked with the cursor"
    keys s
    wait_for "saved to" "$GAME saves after the picked move"
    same_file "$SAVE" "$AFTER" "$GAME: the picked move gives the same position"
    keys u
    wait_for "undo done" "$GAME undo of the picked move"
fi

# A hint, shown in the message line.
keys h
wait_for "hint: " "$GAME hint"

# The help screen, and back.
keys '?'
wait_for "Press any key to go back" "$GAME help"
expect_screen "Moves: " "$GAME help names the notation"
keys x
wait_gone "Press any key to go back" "$GAME help closes"

keys q
wait_exit 0 "$GAME quits"
expect_no_screen "h hint" "$GAME: the terminal is restored on quit"
close
finish
