"""``openvino.properties.intel_npu``: OpenVINO's NPU plugin's own settings (kept, not used)."""

from ._property import Enum, define


class CompilerType(Enum):
    DRIVER = 1
    PLUGIN = 0
    PREFER_PLUGIN = 2


define(
    globals(),
    """
    bypass_umd_caching              NPU_BYPASS_UMD_CACHING               bool
    compilation_mode_params         NPU_COMPILATION_MODE_PARAMS          str
    compiler_dynamic_quantization   NPU_COMPILER_DYNAMIC_QUANTIZATION    bool
    compiler_type                   NPU_COMPILER_TYPE                    CompilerType
    compiler_version                NPU_COMPILER_VERSION                 -
    defer_weights_load              NPU_DEFER_WEIGHTS_LOAD               bool
    device_alloc_mem_size           NPU_DEVICE_ALLOC_MEM_SIZE            -
    device_total_mem_size           NPU_DEVICE_TOTAL_MEM_SIZE            -
    disable_idle_memory_prunning    NPU_DISABLE_IDLE_MEMORY_PRUNING      bool
    driver_version                  NPU_DRIVER_VERSION                   -
    enable_strides_for              NPU_ENABLE_STRIDES_FOR               str
    max_tiles                       NPU_MAX_TILES                        -
    platform                        NPU_PLATFORM                         str
    qdq_optimization                NPU_QDQ_OPTIMIZATION                 bool
    qdq_optimization_aggressive     NPU_QDQ_OPTIMIZATION_AGGRESSIVE      bool
    run_inferences_sequentially     NPU_RUN_INFERENCES_SEQUENTIALLY      bool
    tiles                           NPU_TILES                            i64
    turbo                           NPU_TURBO                            bool
    """,
)
