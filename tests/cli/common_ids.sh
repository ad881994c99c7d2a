#!/usr/bin/env bash
# Game IDs and the play session through the real program, for every game
# in the build (each game's own IDs and moves: tests/GAME/cli.sh): `new
# GAME --seed S` and `new ID` (the ID read from the board's first line)
# print the same board; `play ID` starts it and a save keeps it; bad IDs
# name the part that is wrong; an ID stands wherever a board file does.
. "$(dirname "$0")/lib.sh"

# An ID and a file named like another ID of the same game: the file is
# read (the first game whose two boards differ; a game with one board for
# every seed cannot tell them apart).
named_like_id=0
for g in $BUILT_GAMES; do
    new_same "$g" "$g" --seed 5
    id=$ID base=${ID%#*}
    # play ID: line mode starts that board and says the ID
    run_in $'id\nquit\n' play "$id" --lines
    expect_rc 0 "$g: play ID"
    expect_out "id: $id" "$g: play ID says the ID"
    # a save keeps the ID, and a loaded save says it
    save="$TMP/$g-save.txt"
    run_in $'save\nquit\n' play "$id" --save "$save" --lines
    expect_rc 0 "$g: play --save"
    grep -qxF "# id: $id" "$save" && ok || bad "$g: the save keeps the ID: $(head -3 "$save")"
    run_in $'id\nquit\n' play "$save" --lines
    expect_rc 0 "$g: play a save"
    expect_out "id: $id" "$g: a loaded save keeps its ID"
    # bad IDs: exit 2, the part named
    expect_bad_input "$g: ID without seed" new "$base"
    expect_err "the seed is missing" "$g: ID seed missing named"
    expect_bad_input "$g: ID bad seed" new "$base#07"
    expect_err "the seed '07'" "$g: ID bad seed named"
    expect_bad_input "$g: ID unknown key" new "$g:colourz=3#1"
    expect_err "no parameter 'colourz'" "$g: ID unknown key named"
    first=${base#*:} first=${first%%,*}
    expect_bad_input "$g: ID with options" new "$id" "--${first%%=*}" "${first#*=}"
    expect_bad_input "$g: play bad ID" play "$g:colourz=3#1" --lines
    expect_err "colourz" "$g: play bad ID named"
    expect_bad_input "$g: seed 010" new "$g" --seed 010
    # a seed drawn from the clock has at most ten digits, as the page's
    run new "$g"
    expect_rc 0 "$g: new without a seed"
    case "${OUT%%$'\n'*}" in *"#"[0-9] | *"#"[0-9]*[0-9]) ok ;; *) bad "$g: no seed in ${OUT%%$'\n'*}" ;; esac
    seed=${OUT%%$'\n'*} seed=${seed##*#}
    [ "${#seed}" -le 10 ] && ok || bad "$g: the clock's seed $seed has more than ten digits"
    # an unwritable save path fails before play, exit 2
    run_in $'quit\n' play "$id" --save /nonexistent/dir/x.txt --lines
    expect_rc 2 "$g: unwritable --save"
    expect_err "/nonexistent/dir/x.txt" "$g: unwritable --save named"
    # show takes the ID where it takes the board's file
    same_as_file "$g: show ID" "$id" show FILE
    # a file whose name reads as an ID is a file, here and in its directory
    other="$base#6"
    if [ $named_like_id = 0 ] && [ "$("$GRIDLAB" new "$other" | tail -n +2)" != "$("$GRIDLAB" new "$id" | tail -n +2)" ]; then
        named_like_id=1
        "$GRIDLAB" new "$id" >"$TMP/$other"
        "$GRIDLAB" show "$id" >"$TMP/want"
        run show "$TMP/$other"
        expect_rc 0 "$g: a file named like an ID: read"
        [ "$OUT" = "$(cat "$TMP/want")" ] && ok || bad "$g: a file named like an ID: not its own board"
        (cd "$TMP" && "$GRIDLAB" show "$other") >"$TMP/out" 2>&1
        cmp -s "$TMP/out" "$TMP/want" && ok || bad "$g: a file named like an ID in the working directory: $(cat "$TMP/out")"
    fi
done
[ -z "$BUILT_GAMES" ] || [ $named_like_id = 1 ] || echo "note: no game of the build has two boards to tell a file named like an ID from the ID's"

# neither a file nor an ID: the file's message, and what else it could be
expect_bad_input "no such file" solve "$TMP/no-such.txt"
expect_err "cannot open" "no such file: said"
expect_err "nor is it a game ID" "no such file: not an ID either"
expect_bad_input "ID unknown game" new "chess:n=3#1"
expect_err "no game 'chess'" "ID unknown game named"
expect_bad_input "an ID's unknown game" show "chess:n=3#1"
expect_err "no game 'chess'" "an ID's unknown game: named"

finish
