# cmake -DOUT=FILE -DFIRST=A -DSECOND=B -P concat.cmake: writes A, then B,
# into FILE (cmake -E cat needs CMake 3.18; the project asks for 3.16).
file(READ "${FIRST}" first)
file(READ "${SECOND}" second)
file(WRITE "${OUT}" "${first}\n${second}")
