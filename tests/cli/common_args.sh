#!/bin/bash
# Odd arguments and odd bytes, through the real program: numbers are
# decimal, range-checked and never clamped or wrapped; an option a command
# does not know is named as unknown (with the nearest one it takes), one
# without its value says so; a UTF-8 byte-order mark at the start of a
# board is skipped; messages that quote input show control characters and
# invisible ones as \xNN; benchmarks refuse unknown solver or player names
# before any work.  See docs/robustness.md.
source "$(dirname "$0")/lib.sh"
needs_game tiles

# refused NAME TEXT ARGS...: exit 2 with a "gridlab: " message holding TEXT.
refused() {
    local name=$1 text=$2; shift 2
    expect_bad_input "$name" "$@"
    expect_err "$text" "$name"
}
# no_raw NAME: the message holds no raw control character (ESC, CR, BEL).
no_raw() {
    case "$ERR" in *$'\e'* | *$'\r'* | *$'\a'*) bad "$1: a raw control character in the message" ;; *) ok ;; esac
}

printf 'tiles hop=2\nBBWW_\n' >"$TMP/t.txt"
t="$TMP/t.txt"

# ------------------------------------------------------------ numbers
SEED_RANGE="expected a whole number from 0 to 18446744073709551615"
for s in 010 08 00 ' -5' -5 +5 0x10 99999999999999999999 18446744073709551616 '5 ' 1e3 ''; do
    refused "new --seed '$s'" "option --seed $s: $SEED_RANGE" new tiles --seed "$s"
done
refused "tour --seed 010" "option --seed 010" tour --seed 010
refused "new --seed without value" "option --seed needs a value" new tiles --seed
for s in 0 10 18446744073709551615; do
    run new tiles --seed "$s"; expect_rc 0 "new --seed $s"
    # the game ID on the first line ends with the seed
    case "${OUT%%$'\n'*}" in *"#$s") ok ;; *) bad "new --seed $s is seed $s: ${OUT%%$'\n'*}" ;; esac
done
for v in 010 0x10 ' 5' -5 +5 99999999999999999999 5ms; do
    refused "solve --limit-ms '$v'" "option --limit-ms $v: expected a whole number from 0 to" solve "$t" --limit-ms "$v"
done
refused "solve --mem-mb 08" "option --mem-mb 08: expected a whole number from 1 to" solve "$t" --mem-mb 08
refused "new tiles --n 08" "option --n 08: expected a whole number from" new tiles --n 08
refused "header hop=02" "$TMP/h.txt:1: hop=02: expected a whole number" show "$(printf 'tiles hop=02\nBW_\n' >"$TMP/h.txt"; echo "$TMP/h.txt")"
# real numbers are decimal too (issue 42, item 8: strtod took hexadecimal,
# a sign + and leading spaces)
if has_game match3; then
    "$GRIDLAB" new match3 --seed 1 >"$TMP/m.txt"
    for v in 0x1p-3 +0.5 ' 0.5' '0.5 ' 1e-3 inf nan 00.5 .5 5. 0x10; do
        refused "solve --c '$v'" "--c $v: expected a number from 0 to 1000000 in decimal digits" \
            solve "$TMP/m.txt" --algo pruned --c "$v" --swaps 2
    done
    for v in 0.5 3 0 1000000; do
        run solve "$TMP/m.txt" --algo pruned --c "$v" --swaps 2; expect_rc 0 "solve --c $v"
    done
fi
if has_game lines; then
    for v in 0x1p-3 +0.5 ' 0.5' 1e-1; do
        refused "train --alpha '$v'" "option --alpha: expected a number above 0" \
            train lines --out "$TMP/alpha.ckpt" --games 1 --alpha "$v"
        [ ! -e "$TMP/alpha.ckpt" ] && ok || bad "train --alpha '$v': a checkpoint was written"
    done
fi
if has_game flood; then
    # one spelling of a size (and so of a game ID): 14X14 is refused
    refused "new flood --size 14X14" "option --size 14X14: expected WxH" new flood --size 14X14
    refused "new flood:size=14X14#7" "size=14X14" new "flood:size=14X14#7"
fi
if has_game flood; then
    refused "new flood --size 08x08" "option --size 08x08: expected WxH with W from 2 to 30" new flood --size 08x08
    refused "new flood --size 14x99999999999" "option --size 14x99999999999" new flood --size 14x99999999999
fi

# ------------------------------------------------------------ unknown options, missing values
refused "unknown option" "unknown option --foo for solve" solve "$t" --foo
refused "unknown option with a value" "unknown option --foo for solve" solve "$t" --foo 3
refused "misspelt flag" "unknown option --jsno for solve; did you mean --json?" solve "$t" --jsno
refused "misspelt option" "unknown option --lmit-ms for solve; did you mean --limit-ms?" solve "$t" --lmit-ms 5
refused "start of an option" "did you mean --limit-ms?" solve "$t" --limit 5
refused "solve --algo without value" "option --algo needs a value" solve "$t" --algo
refused "solve --limit-ms without value" "option --limit-ms needs a value" solve "$t" --limit-ms
# the next option is not taken as the value
refused "value-less before a flag" "option --limit-ms needs a value" solve "$t" --limit-ms --json
refused "hint unknown option" "unknown option --foo for hint" hint "$t" --foo 1
refused "new misspelt option" "unknown option --sead for new; did you mean --seed?" new tiles --sead 3
refused "new misspelt board option" "unknown option --hpo for new; did you mean --hop?" new tiles --hpo 3
refused "new board option without value" "option --n needs a value" new tiles --n
# read by the command with a plain lookup, then passed on: still named
refused "play --save without value" "option --save needs a value" play tiles --seed 1 --lines --save
has_game lines && refused "autoplay --record without value" "option --record needs a value" autoplay lines --record
refused "list unknown option" "unknown option --foo for list" list --foo
refused "tour unknown option" "unknown option --sed for tour; did you mean --seed?" tour --sed 3
refused "bench unknown option" "unknown option --form for bench tiles; did you mean --from?" bench tiles --form 3
refused "misspelt command" "unknown command 'slove'; did you mean 'solve'?" slove "$t"
if has_game flood; then
    printf 'flood size=3x3 colors=3\n012\n120\n201\n' >"$TMP/f.txt"
    refused "solver option misspelt" "unknown option --widht for solve; did you mean --width?" \
        solve "$TMP/f.txt" --algo beam --widht 5
    refused "solver option without value" "option --width needs a value" solve "$TMP/f.txt" --algo beam --width
fi

# ------------------------------------------------------------ one rule for every option: given twice is refused
# (as --size always was): neither the first nor the last silently wins
refused "--seed twice" "option --seed is given twice" new tiles --seed 1 --seed 2
refused "--seed twice, the same" "option --seed is given twice" new tiles --seed 1 --seed=1
refused "--limit-ms twice" "option --limit-ms is given twice" solve "$t" --limit-ms 5 --limit-ms 10
refused "--mem-mb twice" "option --mem-mb is given twice" hint "$t" --mem-mb 5 --mem-mb 10
refused "a flag twice" "option --json is given twice" solve "$t" --json --json
refused "a board option twice" "option --n is given twice" new tiles --n 3 --n 4
refused "a solver option twice" "option --algo is given twice" solve "$t" --algo astar --algo ida
refused "tour --seed twice" "option --seed is given twice" tour --seed 1 --seed 1
refused "bench option twice" "option --from is given twice" bench tiles --from 3 --from 4
has_game flood && refused "new flood --size twice" "option --size is given twice" new flood --size 5x5 --size 6x6
has_game lines && refused "autoplay --games twice" "option --games is given twice" autoplay lines --games 1 --games 2

# ------------------------------------------------------------ arguments that name a mistake
# an argument the command does not take is named, not only the usage line
refused "solve -x" "unknown option '-x' for solve (options are written --NAME" solve "$t" -x
refused "hint -json" "unknown option '-json' for hint" hint "$t" -json
refused "solve, a second file" "solve: unexpected argument 'extra' (usage: gridlab solve" solve "$t" extra
refused "solve, no file" "solve: 1 argument missing (usage: gridlab solve" solve
refused "show, a second file" "show: unexpected argument 'more'" show "$t" more
refused "show --bogus" "unknown option --bogus for show" show "$t" --bogus
refused "play, a third argument" "play: unexpected argument" play tiles "$t" extra
if has_game lines; then
    refused "path --bogus" "unknown option --bogus for path" path "$TMP/t.txt" a1 b2 --bogus
    refused "path, a fourth argument" "path: unexpected argument 'c3'" path "$TMP/t.txt" a1 b2 c3
    refused "autoplay --check with another option" "autoplay: --check takes no option but --json, not --games" \
        autoplay lines --check "$t" --games 3
fi
has_game flood && refused "batch, a third argument" "batch: unexpected argument 'x'" batch flood "$t" x --size 3x3
# "-" alone is standard input, as before
run_in "$(cat "$t")" solve - --json; expect_rc 0 "solve - still reads standard input"
# the same cell twice is named as such, not answered "no path"
if has_game onet; then
    printf 'onet size=2x1\naa\n' >"$TMP/op.txt"
    refused "path onet a1 a1" "path: a1 twice: name two different cells" path "$TMP/op.txt" a1 a1
fi
if has_game lines; then
    printf 'lines size=5x5 colors=7 next=123 score=0\n1....\n.....\n.....\n.....\n.....\n' >"$TMP/lp.txt"
    refused "path lines a1 a1" "path: a1 twice: name two different cells" path "$TMP/lp.txt" a1 a1
fi

# ------------------------------------------------------------ byte-order mark
printf '\xef\xbb\xbftiles hop=2\nBBWW_\n' >"$TMP/bom.txt"
run solve "$TMP/bom.txt" --json; expect_rc 0 "a board with a BOM"; expect_json "a board with a BOM"
run show "$TMP/bom.txt"; expect_rc 0 "show a board with a BOM"
run_in "$(cat "$TMP/bom.txt")" solve -; expect_rc 0 "a board with a BOM on standard input"
# two at the start are not an editor's: refused (one was dropped by the
# file reader and the other skipped by the board parser)
printf '\xef\xbb\xbf\xef\xbb\xbftiles hop=2\nBBWW_\n' >"$TMP/bom2x.txt"
refused "two BOMs at the start" "$TMP/bom2x.txt:1: two byte-order marks at the start" show "$TMP/bom2x.txt"
"$GRIDLAB" solve - <"$TMP/bom2x.txt" >"$TMP/out" 2>"$TMP/err"; RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
expect_rc 2 "two BOMs on standard input"; expect_err "<stdin>:1: two byte-order marks at the start" "two BOMs on standard input"
# anywhere else it is an invisible character: shown as bytes, named as a mark
printf '# a comment\n\xef\xbb\xbftiles\nBW_\n' >"$TMP/bom2.txt"
refused "a BOM on line 2" '\xef\xbb\xbftiles' show "$TMP/bom2.txt"
expect_err "$TMP/bom2.txt:2:" "a BOM on line 2: the place"
expect_err '(\xef\xbb\xbf is a byte-order mark)' "a BOM on line 2: named as one"

# ------------------------------------------------------------ bytes a terminal would act on
printf 'ti\e[2J\e]0;pwned\ales\rhidden\nBW_\n' >"$TMP/esc.txt"
refused "escape sequence in the header" 'ti\x1b[2J\x1b]0;pwned\x07les\x0dhidden' show "$TMP/esc.txt"
no_raw "escape sequence in the header"
printf 'tiles hop=\e[31m2\nBW_\n' >"$TMP/esc2.txt"
refused "escape sequence in a value" 'hop=\x1b[31m2' show "$TMP/esc2.txt"
no_raw "escape sequence in a value"
printf 'tiles\nB\rW_\n' >"$TMP/cr.txt"
expect_bad_input "lone CR in a row" show "$TMP/cr.txt"
no_raw "lone CR in a row"
refused "escape sequence in an option value" 'option --n \x1b[2J' new tiles --n $'\e[2J'
no_raw "escape sequence in an option value"
refused "escape sequence in a command name" "unknown command 'x\\x1b[31m'" $'x\e[31m'
no_raw "escape sequence in a command name"
refused "control characters in a file name" 'a\x0db\x1b[2J.txt' show "$TMP/a"$'\r'"b"$'\e[2J'".txt"
no_raw "control characters in a file name"
refused "right-to-left override" '\xe2\x80\xae' show "$(printf 'tiles\xe2\x80\xae\nBW_\n' >"$TMP/rlo.txt"; echo "$TMP/rlo.txt")"
refused "bytes that are not UTF-8" '\xff\xfe' show "$(printf '\xff\xfetiles\nBW_\n' >"$TMP/bin.txt"; echo "$TMP/bin.txt")"

# a byte of a board's cells, of a batch line, of an onet map: shown as
# \xNN like every other quoted byte (it was '?', which hid what the file holds)
refused "tiles: a control byte in a cell" "column 3: unknown symbol '\x01'" show "$(printf 'tiles\nBW\x01_\n' >"$TMP/c1.txt"; echo "$TMP/c1.txt")"
refused "tiles: a NUL-free escape in a cell" "column 2: unknown symbol '\x1b'" show "$(printf 'tiles\nB\x1bW_\n' >"$TMP/c2.txt"; echo "$TMP/c2.txt")"
no_raw "tiles: an escape in a cell"
if has_game flood; then
    refused "flood: a control byte in a cell" "column 2: unknown symbol '\x07'" show "$(printf 'flood size=2x2 colors=2\n0\a\n10\n' >"$TMP/c3.txt"; echo "$TMP/c3.txt")"
    printf '01\x02101\n' >"$TMP/batch-ctl.txt"
    refused "flood batch: a control byte in a line" "batch-ctl.txt:1: column 3: '\x02' is not a colour" batch flood "$TMP/batch-ctl.txt" --size 3x2
    printf '01\xc3\xa910\n' >"$TMP/batch-utf.txt"
    refused "flood batch: a UTF-8 letter in a line" "'\xc3' is not a colour" batch flood "$TMP/batch-utf.txt" --size 3x2
fi
if has_game lines; then
    refused "lines: a control byte in a cell" "column 1: unknown symbol '\x03'" show "$(printf 'lines size=3x3 line=3 next=123\n\x03..\n...\n...\n' >"$TMP/c4.txt"; echo "$TMP/c4.txt")"
fi
if has_game match3; then
    refused "match3: a control byte in a cell" "column 3: '\x04' is not a tile" show "$(printf 'match3 size=3x3 kinds=3\n12\x04\n213\n312\n' >"$TMP/c5.txt"; echo "$TMP/c5.txt")"
fi
if has_game onet; then
    refused "onet: a control byte in a cell" "column 2: unknown symbol '\x05'" show "$(printf 'onet size=2x1\na\x05\n' >"$TMP/c6.txt"; echo "$TMP/c6.txt")"
    printf '11\n\x061\n' >"$TMP/ctl.map"
    refused "onet: a control byte in a map" "ctl.map:2: column 1: '\x06' in a map" new onet --map "$TMP/ctl.map"
    no_raw "onet: a control byte in a map"
fi

# ------------------------------------------------------------ benchmarks: unknown names before any work
bench_refused() {
    local name=$1 text=$2; shift 2
    refused "$name" "$text" "$@"
    if [ -z "$OUT" ]; then ok; else bad "$name: work was done before the refusal"; fi
}
if has_game tiles; then
    bench_refused "bench tiles --algos foo" "bench tiles: no solver 'foo'" bench tiles --algos foo
    bench_refused "bench tiles --algos astar,foo" "no solver 'foo'" bench tiles --from 3 --to 3 --algos astar,foo
    bench_refused "bench tiles --algos ucs-pairs" "no solver 'ucs-pairs'" bench tiles --algos ucs-pairs
fi
if has_game flood; then
    bench_refused "bench flood --algos nope" "bench flood: no solver 'nope'" bench flood --algos astar,nope --boards 1
    bench_refused "bench flood --sets nope" "bench flood: no set 'nope'" bench flood --sets pc19,nope --boards 1
fi
if has_game lines; then
    bench_refused "bench lines --ais bogus" "unknown player 'bogus'" bench lines --ais greedy,bogus --games 1
fi
if has_game match3; then
    bench_refused "bench match3 --algos zzz" "no solver 'zzz'" bench match3 --algos exact,zzz --boards 1
fi

# ------------------------------------------------------------ benchmarks: option values before any work
# (issue 42, item 6: a solver's option value was reported in a row of the
# table, exit 0 or 1; a --first past the set or --from past --to printed
# an empty table, exit 0.)  Refused at once: within 1 s of processor time.
bench_value_refused() {
    bench_refused "$@"
    limited "$1" 1000
}
if has_game flood; then
    bench_value_refused "bench flood --width 0" "option --width 0: expected a whole number from 1 to" \
        bench flood --width 0 --boards 1 --algos beam
    bench_value_refused "bench flood --depth 9" "option --depth 9" bench flood --depth 9 --boards 1 --algos greedy
    bench_value_refused "bench flood --first past the set" "--first 100: the set hard99 has 99 boards" \
        bench flood --sets hard99 --first 100
    # the lengths compared with are numbers as every other (atoi read 0x14 as 0)
    mkdir -p "$TMP/fdata"
    head -3 "$GL_SOURCE_DIR/bench/data/flood/pc19.txt" >"$TMP/fdata/pc19.txt"
    printf '20\n0x14\n22\n' >"$TMP/fdata/pc19.optimal-lengths.txt"
    bench_value_refused "bench flood, a bad length" "pc19.optimal-lengths.txt: board 2: '0x14' is not a number of moves" \
        bench flood --data "$TMP/fdata" --sets pc19 --algos greedy
fi
if has_game match3; then
    bench_value_refused "bench match3 pruned:x" "pruned:x: --c x: expected a number from 0 to 1000000" \
        bench match3 --algos pruned:x --boards 2
    bench_value_refused "bench match3 beam:0" "beam:0: option --width 0" bench match3 --algos backtrack,beam:0 --boards 2
    bench_value_refused "bench match3 --table x --swaps +3" "--swaps +3" bench match3 --table x --swaps +3
    bench_value_refused "bench match3 --table k --kinds 3-08" "--kinds 3-08" bench match3 --table k --kinds 3-08
fi
if has_game tiles; then
    bench_value_refused "bench tiles --from 5 --to 3" "--from 5 is past --to 3" bench tiles --from 5 --to 3
fi
if has_game onet; then
    bench_value_refused "bench onet --boards 0" "option --boards 0" bench onet --boards 0
fi
if has_game lines; then
    bench_value_refused "bench lines --rules bogus" "option --rules bogus" bench lines --rules lines98,bogus --games 1
fi
bench_value_refused "bench hints --games bogus" "no game 'bogus'" bench hints --games bogus
bench_value_refused "bench hints --seeds 0" "option --seeds 0" bench hints --seeds 0

finish
