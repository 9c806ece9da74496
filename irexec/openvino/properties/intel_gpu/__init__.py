"""``openvino.properties.intel_gpu``: OpenVINO's GPU plugin's own settings (kept, not used)."""

from .._property import define
from . import hint  # noqa: F401  (imported with its package, as OpenVINO's is)


class CapabilityGPU:
    HW_MATMUL = "GPU_HW_MATMUL"
    USM_MEMORY = "GPU_USM_MEMORY"


class MemoryType:
    buffer = "GPU_BUFFER"
    surface = "GPU_SURFACE"


define(
    globals(),
    """
    device_max_alloc_mem_size     GPU_DEVICE_MAX_ALLOC_MEM_SIZE     -
    device_total_mem_size         GPU_DEVICE_TOTAL_MEM_SIZE         -
    disable_winograd_convolution  GPU_DISABLE_WINOGRAD_CONVOLUTION  bool
    enable_loop_unrolling         GPU_ENABLE_LOOP_UNROLLING         bool
    execution_units_count         GPU_EXECUTION_UNITS_COUNT         -
    memory_statistics             GPU_MEMORY_STATISTICS             -
    uarch_version                 GPU_UARCH_VERSION                 -
    """,
)
