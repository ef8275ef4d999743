# onnxc_add_model(<target> <model> [ENTRY <name>] [RUNTIME SHARED|STATIC|NONE]
#                 [OPTIONS <onnx-compile flag>...])
#
# Compiles an ONNX model (.onnx, or .onnxtxt in ONNX text syntax) to an
# object file at build time, again whenever the model changes, and links it
# into <target> with the runtime: libonnxc_runtime.so (SHARED, the
# default), libonnxc_runtime.a (STATIC), or none (NONE: the target links one
# itself). A generated header, <name>_model.h on the
# target's include path, declares the model's entry points:
#
#   const onnxc_model_info *<name>_model(void);
#   const char *<name>_signature(void);
#
# Run it with onnxc_model_from_info(<name>_model(), &model). <name> defaults
# to the model file's name made a C identifier; OPTIONS go to onnx-compile
# (for example --mcpu=x86-64-v3). A project cross-built for AArch64 compiles
# for ONNXC_TARGET_TRIPLE (set by find_package(onnxc)).
function(onnxc_add_model target model)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "ENTRY;RUNTIME" "OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "onnxc_add_model: unexpected arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(model_path "${model}" ABSOLUTE)
  set(entry "${ARG_ENTRY}")
  if(NOT entry)
    get_filename_component(entry "${model_path}" NAME_WE)
    string(MAKE_C_IDENTIFIER "${entry}" entry)
  endif()
  if(NOT entry MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "onnxc_add_model: ENTRY must be a C identifier, not '${entry}'")
  endif()

  # Per target: two targets may link the same model compiled with different
  # options. onnx-compile writes the header too, so that it declares what
  # the object exports.
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/onnxc_models/${target}")
  set(object "${dir}/${entry}.o")
  set(header "${dir}/include/${entry}_model.h")
  file(MAKE_DIRECTORY "${dir}/include")
  set(options ${ARG_OPTIONS})
  if(ONNXC_TARGET_TRIPLE)
    list(PREPEND options "--mtriple=${ONNXC_TARGET_TRIPLE}")
  endif()
  add_custom_command(
    OUTPUT "${object}" "${header}"
    COMMAND onnxc::onnx-compile "${model_path}" --emit=obj "--entry=${entry}"
            ${options} -o "${object}"
    COMMAND onnxc::onnx-compile "${model_path}" --emit=header
            "--entry=${entry}" ${options} -o "${header}"
    DEPENDS "${model_path}" onnxc::onnx-compile
    COMMENT "Compiling ONNX model ${model} (${entry}_model)"
    VERBATIM)
  set_source_files_properties("${object}" PROPERTIES
    EXTERNAL_OBJECT TRUE GENERATED TRUE)
  target_sources(${target} PRIVATE "${object}" "${header}")
  target_include_directories(${target} PRIVATE "${dir}/include")
  target_link_libraries(${target} PRIVATE onnxc::model_support)
  if(NOT ARG_RUNTIME OR ARG_RUNTIME STREQUAL "SHARED")
    target_link_libraries(${target} PRIVATE onnxc::runtime)
  elseif(ARG_RUNTIME STREQUAL "STATIC")
    target_link_libraries(${target} PRIVATE onnxc::runtime_static)
  elseif(NOT ARG_RUNTIME STREQUAL "NONE")
    message(FATAL_ERROR "onnxc_add_model: RUNTIME must be SHARED, STATIC or NONE, not '${ARG_RUNTIME}'")
  endif()
endfunction()
