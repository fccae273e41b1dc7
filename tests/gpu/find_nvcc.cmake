# Finds nvcc for gpu-bench and the GPU architectures to build it for.
# CUDA installs into /usr/local/cuda and leaves it off PATH, so that nvcc is taken when neither
# CMAKE_CUDA_COMPILER nor CUDACXX names another. Sets CMAKE_CUDA_COMPILER (NOTFOUND when there is
# none) and LLM_SIZER_CUDA_ARCHITECTURES: those of sm_80 (A100), sm_90 (H100, H200) and sm_100
# (B200) that this nvcc can build, unless given (run_device_bench.sh builds for its GPU only).
if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
  set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "CUDA compiler for gpu-bench")
endif()
include(CheckLanguage)
check_language(CUDA)
if(CMAKE_CUDA_COMPILER AND NOT LLM_SIZER_CUDA_ARCHITECTURES)
  execute_process(COMMAND "${CMAKE_CUDA_COMPILER}" --list-gpu-arch OUTPUT_VARIABLE nvcc_arches
                  RESULT_VARIABLE nvcc_status ERROR_QUIET)
  set(LLM_SIZER_CUDA_ARCHITECTURES "")
  foreach(arch 80 90 100)
    if(nvcc_status EQUAL 0 AND nvcc_arches MATCHES "compute_${arch}[^0-9]")
      list(APPEND LLM_SIZER_CUDA_ARCHITECTURES ${arch})
    endif()
  endforeach()
  if(NOT LLM_SIZER_CUDA_ARCHITECTURES)
    message(STATUS "gpu-bench: skipped, ${CMAKE_CUDA_COMPILER} builds none of sm_80, sm_90, sm_100")
    set(CMAKE_CUDA_COMPILER NOTFOUND)
  endif()
endif()
