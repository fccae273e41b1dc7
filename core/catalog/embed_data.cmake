# Writes a C++ source that holds the catalog's JSON files, so the core (and the WASM page) carries
# its data with it and needs no file system or network round trip.
# Usage: cmake -DDATA_DIR=... -DOUTPUT=... -DFILES="a.json|b.json" -P embed_data.cmake
# Optional: -DFUNCTION=name -DHEADER=path (default: the catalog's embedded_data_files() in
# catalog/embedded_data.hpp); -DCONTENT=WHOLE keeps the accelerators' notes, -DCONTENT=FIRST_VIEW
# leaves out every note and source.
if(NOT FUNCTION)
  set(FUNCTION embedded_data_files)
endif()
if(NOT HEADER)
  set(HEADER catalog/embedded_data.hpp)
endif()
string(REPLACE "|" ";" FILES "${FILES}")
set(delimiter "llm_sizer_data")
set(body "")
foreach(relative IN LISTS FILES)
  file(READ "${DATA_DIR}/${relative}" text)
  # JSON strings cannot hold raw newlines, so a newline and the indentation after it are always
  # layout: dropping them shrinks the page's download without touching any value.
  string(REGEX REPLACE "\n[ ]*" "" text "${text}")
  # Explanatory notes stay in the repository; the catalog ships every figure and its source, and
  # (WHOLE) the accelerators' notes, which say how a dense figure was derived from a sparse one
  # (`llm-sizer presets` lists them; the page shows none). FIRST_VIEW leaves the sources out too:
  # they are a third of the data's compressed size, and the first view shows them only once the
  # whole core has loaded.
  set(left_out "notes")
  if(CONTENT STREQUAL "FIRST_VIEW")
    set(left_out "notes|source")
  elseif(relative MATCHES "^accelerators/")
    set(left_out "")
  endif()
  if(left_out)
    set(json_string "\"([^\"\\]|\\\\.)*\"")
    string(REGEX REPLACE ",[ ]*\"(${left_out})\": *${json_string}" "" text "${text}")
    string(REGEX REPLACE "\"(${left_out})\": *${json_string},[ ]*" "" text "${text}")
  endif()
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${relative} contains the raw-string delimiter )${delimiter}\"")
  endif()
  string(APPEND body "    {\"${relative}\", R\"${delimiter}(${text})${delimiter}\"},\n")
endforeach()
if(body STREQUAL "")
  set(definition "  return {};")
else()
  set(definition "  static const EmbeddedFile files[] = {\n${body}  };\n  return files;")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from data/ by core/catalog/embed_data.cmake. Do not edit.
#include \"${HEADER}\"

namespace llm_sizer {

std::span<const EmbeddedFile> ${FUNCTION}() {
${definition}
}

}  // namespace llm_sizer
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
