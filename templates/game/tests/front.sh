# The boards of tmpl for the terminal front end's tests, sourced by
# tests/tui/game.sh and presets.sh.
# The small board played to its end on screen (a few moves), as KEY=VALUE
# parameters of `gridlab new`.
SMALL="size=3x3 presses=2"
# The symbols on the board: lights on and off.
SYMS="O."
