# Every preset of one game (argument: the game's name) on a terminal of
# 80x24, as a player reaches it: chosen from the menu, then a move (the
# one `gridlab hint` gives on the board the --save file holds), undo and a
# hint.  On each preset's screen:
# - the game's ID is whole (on lines of its own, wrapped after a comma)
#   or visibly elided on the title line, never cut to another text: the
#   ID read off the screen equals the file's, or its two sides around the
#   mark are the ID's start and end;
# - every symbol on the board has one colour, and different symbols have
#   different colours where the terminal has looks enough (32 on a
#   256-colour terminal: 16 backgrounds and 16 coloured symbols; 14 on an
#   8-colour one), read from the escape codes of capture-pane -e;
# - no player-facing words of the project's own ("seed's", "--", "cost =")
#   on the board's screen, its help page or its menu.
# Flood's 8-colour preset is also checked on an 8-colour terminal.
source "$(dirname "$0")/lib.sh"
GAME=${1:?usage: presets.sh GAME}
needs_game "$GAME"
SAVE="$TMP/save.txt"
SGR_AWK="$(dirname "$0")/sgr_looks.awk"

# The symbols that stand for a colour or kind on the game's boards (SYMS),
# and the columns of the row numbers left out (MINX; 0: a single row, no
# numbers), unless the game's test folder says otherwise (tests/GAME/front.sh).
SYMS="0123456789abcdefghijklmnopqrstuvwxyz"
MINX=4
front_boards "$GAME"

# screen_id: the ID as the screen shows it: the line "ID ..." and the
# lines indented by three under it, or the title line without its clock.
screen_id() {
    screen | awk '
        taking && /^   [^ ]/ { sub(/^   /, ""); sub(/ +(best .*)?$/, ""); id = id $0; next }
        taking { exit }
        /^ID / { sub(/^ID /, ""); sub(/ +time [0-9:]+$/, ""); sub(/ +(best .*)?$/, ""); id = $0; taking = 1 }
        END { print id }'
}

# check_id NAME: the ID on screen is the saved game's, or elided with a
# mark between a start and an end of it.
check_id() {
    local want shown
    want=$(sed -n 's/^# id: //p' "$SAVE" | head -n 1)
    shown=$(screen_id)
    if [ -z "$want" ]; then bad "$1: no ID in the save file"; return; fi
    if [ "$shown" = "$want" ]; then ok; return; fi
    case "$shown" in
    *"…"*)
        local head=${shown%%…*} tail=${shown#*…}
        case "$want" in
        "$head"*"$tail") ok ;;
        *) bad "$1: the elided ID '$shown' is not the start and end of '$want'" ;;
        esac ;;
    *) bad "$1: the ID on screen '$shown' is not the game's '$want' and not marked as cut" ;;
    esac
}

# check_colours NAME MAXLOOKS: every symbol on the board rows (the lines
# that start with a row number; tiles' row of tiles) has one look; all looks differ when there
# are at most MAXLOOKS symbols.
check_colours() {
    local rows looks nsym nlook
    if [ "$MINX" = 0 ]; then # a single row (tiles): the line of tiles
        rows=$(screen | grep -n '[BW][] ]*[BW_]' | cut -d: -f1 | tr '\n' ' ')
    else
        rows=$(screen | grep -n '^ *[0-9][0-9]*    *[^ ]' | cut -d: -f1 | tr '\n' ' ')
    fi
    looks=$(screen_esc | awk -v rows=" $rows" 'index(rows, " " NR " ")' |
        LC_ALL=C awk -v MINX="$MINX" -v SYMS="$SYMS" -f "$SGR_AWK" | sort -u)
    nsym=$(printf '%s\n' "$looks" | awk 'NF { print $1 }' | sort -u | wc -l)
    nlook=$(printf '%s\n' "$looks" | awk 'NF { print $2 }' | sort -u | wc -l)
    local lines
    lines=$(printf '%s\n' "$looks" | awk 'NF' | wc -l)
    if [ "$nsym" -lt 2 ]; then bad "$1: no coloured symbols read off the board: $looks"; return; fi
    if [ "$lines" -ne "$nsym" ]; then bad "$1: a symbol in two colours: $(printf '%s' "$looks" | tr '\n' ' ')"; return; fi
    if [ "$nsym" -le "$2" ] && [ "$nlook" -ne "$nsym" ]; then
        bad "$1: $nsym symbols in $nlook colours: $(printf '%s' "$looks" | tr '\n' ' ')"
        return
    fi
    ok
}

check_words() {
    local s w
    s=$(screen)
    for w in "seed's" "--" "cost ="; do
        case "$s" in *"$w"*) bad "$1: '$w' on screen"; return ;; esac
    done
    ok
}

SIZE=80x24 start presets TERM=xterm-256color -- play "$GAME" --seed 11 --save "$SAVE"
wait_for "m menu" "$GAME: starts"
keys m
wait_for "New game" "$GAME: the menu"
check_words "$GAME: the menu"
# the presets come first: the items with a digit before "Custom"
npresets=$(screen | awk '/Custom: every board option/ { exit } /^  [1-9]  / { n++ } END { print n + 0 }')
[ "$npresets" -ge 1 ] && ok || bad "$GAME: no presets in the menu"
keys Escape
echo "$GAME: $npresets presets"
for i in $(seq 1 "$npresets"); do
    keys m
    wait_for "New game" "$GAME preset $i: the menu"
    label=$(screen | sed -n "s/^  $i  //p" | head -1 | sed 's/   (the game in play)$//')
    keys "$i"
    wait_for "new game: " "$GAME preset $i ($label): starts"
    wait_for "m menu" "$GAME preset $i: the board"
    nap 0.3
    if on_screen "needs a"; then bad "$GAME preset $i ($label): does not fit 80x24"; continue; fi
    check_id "$GAME preset $i ($label)"
    check_words "$GAME preset $i ($label): the board"
    check_colours "$GAME preset $i ($label)" 32
    # (any legal move will do: a second to think, then a minute where that
    # gave none, as the default 5 s gave tiles' largest preset on a loaded
    # machine, ctest -j16 on two cores; flood's large boards think until
    # their limit, so a minute first took a minute each)
    hint_move() { "$GRIDLAB" hint "$SAVE" --limit-ms "$1" --json 2>/dev/null | sed -n 's/.*"move": *"\([^"]*\)".*/\1/p'; }
    mv=$(hint_move 1000)
    [ -n "$mv" ] || mv=$(hint_move 60000)
    if [ -z "$mv" ]; then bad "$GAME preset $i ($label): gridlab hint gave no move"; continue; fi
    keys :
    typed "$mv"
    keys Enter
    wait_for "$mv: " "$GAME preset $i ($label): the move $mv"
    keys u
    wait_for "undo done" "$GAME preset $i ($label): undo"
    keys h
    wait_either "hint: " "no hint" "$GAME preset $i ($label): a hint answers"
    expect_screen "hint: " "$GAME preset $i ($label): the hint is a move"
    keys '?'
    wait_for "Press any key to go back" "$GAME preset $i: help"
    check_words "$GAME preset $i ($label): help"
    keys Escape
    wait_gone "Press any key to go back" "$GAME preset $i: back from help"
done
keys q
wait_exit 0 "$GAME: quits"
close

# A game's own checks of its presets (tests/GAME/front.sh: front_presets).
if declare -F front_presets >/dev/null; then front_presets; fi
finish
