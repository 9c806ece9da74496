"""``openvino.properties.intel_gpu.hint``: the GPU plugin's hints (kept, not used)."""

from .._property import define
from ..hint import Priority


class ThrottleLevel:
    """Priorities by another name, as OpenVINO's GPU plugin names them."""

    LOW = Priority.LOW
    MEDIUM = Priority.MEDIUM
    HIGH = Priority.HIGH
    DEFAULT = Priority.DEFAULT


define(
    globals(),
    """
    available_device_mem      AVAILABLE_DEVICE_MEM_SIZE     i64
    enable_large_allocations  GPU_ENABLE_LARGE_ALLOCATIONS  bool
    enable_lora_operation     GPU_ENABLE_LORA_OPERATION     bool
    host_task_priority        GPU_HOST_TASK_PRIORITY        Priority
    queue_priority            GPU_QUEUE_PRIORITY            Priority
    queue_throttle            GPU_QUEUE_THROTTLE            Priority
    """,
)
