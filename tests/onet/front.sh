# The boards of onet for the terminal front end's tests, sourced by
# tests/tui/game.sh and presets.sh.
# The small board played to its end on screen (a few moves), as KEY=VALUE
# parameters of `gridlab new`.
SMALL="size=4x2 kinds=2 solvable=yes"
# Up to 62 kinds and the bomb.
SYMS="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@"
