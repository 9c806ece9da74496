"""``openvino.properties``: OpenVINO's property keys as programs write them::

    import openvino.properties as props
    import openvino.properties.hint as hints

    core.set_property("CPU", {hints.performance_mode: hints.PerformanceMode.THROUGHPUT})
    config = dict([props.inference_num_threads(4), hints.inference_precision(ov.Type.f32)])
    core.get_property("CPU", props.device.full_name)

Each helper is its key (``props.cache_dir == "CACHE_DIR"``); called with a value it gives the
``(key, OVAny)`` pair. The keys and the kinds of value each takes are OpenVINO 2026.4's, written as
one table per module; irexec's Core answers them (irexec.api.properties says with what).
"""

from . import device, hint, intel_auto, intel_cpu, intel_gpu, intel_npu, log, streams  # noqa: F401
from ._property import Enum, define
from ._text import ENUM_TEXT


class CacheMode(Enum):
    OPTIMIZE_SIZE = 0
    OPTIMIZE_SPEED = 1


class CompatibilityCheck(Enum):
    NOT_APPLICABLE = 0
    SUPPORTED = 1
    UNSUPPORTED = 2


class WorkloadType(Enum):
    DEFAULT = 0
    EFFICIENT = 1


ENUM_TEXT.update({CacheMode.OPTIMIZE_SIZE: "optimize_size", CacheMode.OPTIMIZE_SPEED: "optimize_speed"})


def _num_streams(*args):
    return streams._number_of_streams(*args, ints=False)  # (here a Num only, as OpenVINO's)


define(
    globals(),
    """
    auto_batch_timeout                AUTO_BATCH_TIMEOUT                u32
    available_devices                 AVAILABLE_DEVICES                 -
    cache_dir                         CACHE_DIR                         str
    cache_mode                        CACHE_MODE                        CacheMode
    compatibility_check               COMPATIBILITY_CHECK               -
    compilation_num_threads           COMPILATION_NUM_THREADS           i32
    enable_mmap                       ENABLE_MMAP                       bool
    enable_profiling                  PERF_COUNT                        bool
    enable_weightless                 ENABLE_WEIGHTLESS                 bool
    execution_devices                 EXECUTION_DEVICES                 -
    force_tbb_terminate               FORCE_TBB_TERMINATE               bool
    inference_num_threads             INFERENCE_NUM_THREADS             i32
    key_cache_group_size              KEY_CACHE_GROUP_SIZE              u64
    key_cache_precision               KEY_CACHE_PRECISION               Type
    loaded_from_cache                 LOADED_FROM_CACHE                 -
    max_batch_size                    MAX_BATCH_SIZE                    -
    model_name                        NETWORK_NAME                      -
    num_streams                       NUM_STREAMS                       *
    optimal_batch_size                OPTIMAL_BATCH_SIZE                -
    optimal_number_of_infer_requests  OPTIMAL_NUMBER_OF_INFER_REQUESTS  -
    range_for_async_infer_requests    RANGE_FOR_ASYNC_INFER_REQUESTS    -
    range_for_streams                 RANGE_FOR_STREAMS                 -
    runtime_requirements              RUNTIME_REQUIREMENTS              -
    supported_properties              SUPPORTED_PROPERTIES              -
    value_cache_group_size            VALUE_CACHE_GROUP_SIZE            u64
    value_cache_precision             VALUE_CACHE_PRECISION             Type
    weights_path                      WEIGHTS_PATH                      str
    workload_type                     WORKLOAD_TYPE                     WorkloadType
    """,
    {"num_streams": _num_streams},
)
