# cmake -DOUT=FILE "-DPARTS=A|B|..." -P concat.cmake: writes the files A,
# B, ... one after the other into FILE (cmake -E cat needs CMake 3.18; the
# project asks for 3.16).
string(REPLACE "|" ";" parts "${PARTS}")
set(all "")
foreach(part IN LISTS parts)
  file(READ "${part}" text)
  string(APPEND all "${text}\n")
endforeach()
file(WRITE "${OUT}" "${all}")
