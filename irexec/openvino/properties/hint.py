"""``openvino.properties.hint``: what a program asks of a device's compilation (performance mode,
inference precision, ...). irexec keeps them; none changes how it computes."""

from ._property import Enum, define


class PerformanceMode(Enum):
    LATENCY = 1
    THROUGHPUT = 2
    CUMULATIVE_THROUGHPUT = 3


class ExecutionMode(Enum):
    PERFORMANCE = 1
    ACCURACY = 2


class Priority(Enum):
    LOW = 0
    MEDIUM = 1
    HIGH = 2
    DEFAULT = 1


class SchedulingCoreType(Enum):
    ANY_CORE = 0
    PCORE_ONLY = 1
    ECORE_ONLY = 2


class ModelDistributionPolicy(Enum):
    TENSOR_PARALLEL = 0
    PIPELINE_PARALLEL = 1


define(
    globals(),
    """
    activations_scale_factor         ACTIVATIONS_SCALE_FACTOR          f32
    allow_auto_batching              ALLOW_AUTO_BATCHING               bool
    compiled_blob                    COMPILED_BLOB                     Tensor
    dynamic_quantization_group_size  DYNAMIC_QUANTIZATION_GROUP_SIZE   u64
    enable_cpu_pinning               ENABLE_CPU_PINNING                bool
    enable_cpu_reservation           ENABLE_CPU_RESERVATION            bool
    enable_hyper_threading           ENABLE_HYPER_THREADING            bool
    execution_mode                   EXECUTION_MODE_HINT               ExecutionMode
    inference_precision              INFERENCE_PRECISION_HINT          Type
    kv_cache_precision               KV_CACHE_PRECISION                Type
    model                            MODEL_PTR                         Model
    model_distribution_policy        MODEL_DISTRIBUTION_POLICY         {ModelDistributionPolicy}
    model_priority                   MODEL_PRIORITY                    Priority
    num_requests                     PERFORMANCE_HINT_NUM_REQUESTS     u32
    performance_mode                 PERFORMANCE_HINT                  PerformanceMode
    scheduling_core_type             SCHEDULING_CORE_TYPE              SchedulingCoreType
    """,
)
