"""``openvino.properties.intel_cpu``: OpenVINO's CPU plugin's own settings (kept, not used)."""

from ._property import Enum, define


class TbbPartitioner(Enum):
    STATIC = 1
    AUTO = 2


define(
    globals(),
    """
    denormals_optimization             CPU_DENORMALS_OPTIMIZATION             bool
    sparse_weights_decompression_rate  CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE  f32
    tbb_partitioner                    TBB_PARTITIONER                        TbbPartitioner
    """,
)
