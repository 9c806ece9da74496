"""``openvino.properties.intel_auto``: the AUTO device's own settings (kept, not used)."""

from ._property import Enum, Refused, define, value_of


class SchedulePolicy(Enum):
    ROUND_ROBIN = 0
    DEVICE_PRIORITY = 1
    DEFAULT = 1


def _perf_curve_table(*args):
    if len(args) != 1 or not isinstance(args[0], (str, dict)):
        raise Refused
    return value_of(args[0])


define(
    globals(),
    """
    device_bind_buffer             DEVICE_BIND_BUFFER             bool
    devices_utilization_threshold  DEVICES_UTILIZATION_THRESHOLD  {str:i32}
    enable_runtime_fallback        ENABLE_RUNTIME_FALLBACK        bool
    enable_startup_fallback        ENABLE_STARTUP_FALLBACK        bool
    low_power_device               LOW_POWER_DEVICE               str
    perf_curve_table               PERF_CURVE_TABLE               *
    schedule_policy                SCHEDULE_POLICY                SchedulePolicy
    """,
    {"perf_curve_table": _perf_curve_table},
)
