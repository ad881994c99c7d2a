#!/usr/bin/env bash
# Game IDs and the play session through the real program, for every game
# in the build: `new GAME ... --seed S` and `new ID` (the ID read from the
# board's first line) print the same board; `play ID` starts it; bad IDs
# name the part that is wrong; line mode's undo, save, load and levels.
. "$(dirname "$0")/lib.sh"


# new_same NAME ARGS...: `new ARGS` and `new ID` agree byte for byte.
new_same() {
    local name=$1; shift
    run new "$@"
    expect_rc 0 "$name: new"
    local first=$OUT
    local id=${first%%$'\n'*}
    case "$id" in "# id: "*) ok ;; *) bad "$name: the first line is not '# id: ...'"; return ;; esac
    id=${id#"# id: "}
    run new "$id"
    expect_rc 0 "$name: new ID"
    if [ "$OUT" = "$first" ]; then ok; else bad "$name: new $id differs from new $*"; fi
    ID=$id
}

has_game tiles && {
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
    expect_bad_input "ID unknown game" new "chess:n=3#1"
    expect_err "no game 'chess'" "ID unknown game named"
    expect_bad_input "ID without seed" new "tiles:n=3"
    expect_err "the seed is missing" "ID seed missing named"
    expect_bad_input "ID bad seed" new "tiles:n=3#07"
    expect_err "the seed '07'" "ID bad seed named"
    expect_bad_input "ID unknown key" new "tiles:colour=3#1"
    expect_err "no parameter 'colour'" "ID unknown key named"
    expect_bad_input "ID value out of range" new "tiles:n=99#1"
    expect_err "n=99" "ID bad value named"
    expect_bad_input "ID with options" new "tiles:n=3#1" --n 4
    expect_bad_input "play bad ID" play "tiles:n=0#1" --lines
    expect_err "n=0" "play bad ID named"
    expect_bad_input "seed 010" new tiles --seed 010
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
    # a seed drawn from the clock has at most ten digits, as the page's
    run new tiles
    expect_rc 0 "new without a seed"
    case "${OUT%%$'\n'*}" in *"#"[0-9] | *"#"[0-9]*[0-9]) ;; *) bad "no seed in ${OUT%%$'\n'*}" ;; esac
    seed=${OUT%%$'\n'*}; seed=${seed##*#}
    [ "${#seed}" -le 10 ] && ok || bad "the clock's seed $seed has more than ten digits"
    # an unwritable save path fails before play, exit 2
    run_in $'quit\n' play tiles --seed 1 --save /nonexistent/dir/x.txt --lines
    expect_rc 2 "unwritable --save"
    expect_err "/nonexistent/dir/x.txt" "unwritable --save named"
}

has_game flood && {
    new_same "flood" flood --seed 7
    [ "$ID" = "flood:size=14x14,colors=6,start=corner,difficulty=medium#7" ] && ok || bad "flood: ID is '$ID'"
    new_same "flood options" flood --size 9x5 --colors 3 --start center --difficulty hard --seed 3
    new_same "flood move limit" flood --moves 40 --seed 3
}
has_game lines && {
    new_same "lines" lines --seed 4
    new_same "lines98" lines --rules lines98 --size 7x7 --colors 5 --line 4 --seed 4
    # the rules follow the board's parameters
    run_in $'help\nquit\n' play "lines:size=7x7,colors=5,line=4,spawn=2,rules=klines#1" --lines
    expect_out "Four or more balls" "lines of 4: the rules say four"
    expect_out "brings two new balls" "two balls a turn: the rules say two"
    run list --json
    case "$OUT" in *"Five or more balls"*"brings three new balls"*) ok ;; *) bad "list --json: the rules with the defaults" ;; esac
    # a game of points that scored nothing is no result: not celebrated
    run_in $'a1-a2\nc1-c2\nquit\n' play "lines:size=3x3,colors=7,line=3,spawn=3,rules=klines#3" --lines
    expect_rc 0 "lines: a game over at score 0"
    expect_out "No points scored: not entered in the best results." "a score of 0 enters no table"
    case "$OUT" in *"best result for these options"*) bad "a score of 0 celebrated" ;; *) ok ;; esac
}
has_game match3 && {
    new_same "match3" match3 --seed 2
    new_same "match3 scores" match3 --size 5x6 --kinds 5 --scores 2,5,9 --refill yes --seed 2
}
has_game onet && {
    new_same "onet" onet --seed 3
    new_same "onet level 4" onet --level 4 --seed 3
    case "$ID" in *"level=4"*) ok ;; *) bad "onet: --level missing from the ID '$ID'" ;; esac
    new_same "onet options" onet --map classic --kinds 20 --obstacles 4 --bombs 2 --goal obstacles --seed 3
    # Levels in line mode: level 2's board follows from the first level's ID.
    level2() {
        run_in $'solve\nquit\n' play onet --level 1 --size 4x2 --kinds 2 --solvable yes --seed "$1" --lines
        expect_rc 0 "onet level 1 seed $1"
        expect_out "level 2" "onet level 2 reached (seed $1)"
        L2=$(printf '%s\n' "$OUT" | grep -m1 '^id: onet:level=2')
        [ -n "$L2" ] && ok || bad "onet seed $1: no level 2 ID"
    }
    level2 3; a=$L2
    level2 4; b=$L2
    level2 3; c=$L2
    [ "$a" != "$b" ] && ok || bad "level 2 is the same for seeds 3 and 4: $a"
    [ "$a" = "$c" ] && ok || bad "level 2 differs for the same seed: $a / $c"
}

# solve, hint, show and path take an ID wherever they take a FILE: the
# board an ID names is the board `new ID` prints (a path that exists is
# read as a file, whatever it looks like; anything else as an ID).
# same_as_file NAME ID ARGS...: `gridlab ARGS` with FILE and with the ID
# agree (stdout, and the exit status); FILE in ARGS stands for the board.
same_as_file() {
    local name=$1 id=$2; shift 2
    "$GRIDLAB" new "$id" >"$TMP/idboard.txt"
    local args=() w
    for w in "$@"; do [ "$w" = FILE ] && args+=("$TMP/idboard.txt") || args+=("$w"); done
    run "${args[@]}"
    local out_file=$OUT rc_file=$RC
    args=()
    for w in "$@"; do [ "$w" = FILE ] && args+=("$id") || args+=("$w"); done
    run "${args[@]}"
    if [ "$RC" = "$rc_file" ] && [ "$OUT" = "$out_file" ] && [ -n "$OUT" ]; then ok
    else bad "$name: '${args[*]}' differs from the same with the file (exit $rc_file: $(printf '%s' "$out_file" | head -c 300))"; fi
}
ids_as_files() {
    local game=$1 id=$2
    same_as_file "$game: show ID" "$id" show FILE
    # a limit out of reach: the default one (0.4 s) stopped lines' hint
    # under ctest -j16, and a stopped search's move depends on the time
    same_as_file "$game: hint ID" "$id" hint FILE --json --limit-ms 600000
}
has_game tiles && {
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
    # neither a file nor an ID: the file's message, and what else it could be
    expect_bad_input "no such file" solve "$TMP/no-such.txt"
    expect_err "cannot open" "no such file: said"
    expect_err "nor is it a game ID" "no such file: not an ID either"
    expect_bad_input "a bad ID" hint "tiles:n=x#1"
    expect_err "n=x: expected a whole number" "a bad ID: the part named"
    expect_bad_input "an ID's unknown game" show "chess:n=3#1"
    expect_err "no game 'chess'" "an ID's unknown game: named"
}
has_game flood && ids_as_files flood "flood:size=6x5,colors=4#8"
has_game lines && {
    ids_as_files lines "lines:size=9x9#3"
    same_as_file "lines: path ID" "lines:size=9x9#3" path FILE c4 a1 --json
}
has_game match3 && ids_as_files match3 "match3:size=6x6,kinds=4#2"
has_game onet && {
    ids_as_files onet "onet:size=6x4,kinds=4#5"
    same_as_file "onet: path ID" "onet:size=6x4,kinds=4#5" path FILE a1 b1
}

finish
