# The boards of flood for the terminal front end's tests, sourced by
# tests/tui/game.sh and presets.sh.
# The small board played to its end on screen (a few moves), as KEY=VALUE
# parameters of `gridlab new`.
SMALL="size=5x4 colors=3"
# Checks of its own run by presets.sh after every preset: flood's 8
# colours on an 8-colour terminal are seven backgrounds and one coloured
# symbol, no two alike.
front_presets() {
    SIZE=80x24 start flood8 TERM=screen -- play flood --size 12x12 --colors 8 --seed 3
    wait_for "m menu" "flood 8 colours on 8: starts"
    check_colours "flood 8 colours on an 8-colour terminal" 14
    keys q
    wait_exit 0 "flood 8 colours on 8: quits"
    close
}
