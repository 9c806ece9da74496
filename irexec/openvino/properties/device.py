"""``openvino.properties.device``: what a device says of itself (its name, capabilities, ...) and
the device lists a configuration names."""

from ._property import Enum, Refused, define, value_of


class Capability:
    """OPTIMIZATION_CAPABILITIES' entries."""

    FP32 = "FP32"
    BF16 = "BF16"
    FP16 = "FP16"
    INT8 = "INT8"
    INT16 = "INT16"
    BIN = "BIN"
    WINOGRAD = "WINOGRAD"
    EXPORT_IMPORT = "EXPORT_IMPORT"


class Type(Enum):
    INTEGRATED = 0
    DISCRETE = 1


def _priorities(*names):
    if not names or not all(isinstance(n, str) for n in names):
        raise Refused
    return value_of("".join(f"{n}," for n in names))  # (as OpenVINO joins them: each followed by a comma)


def _properties(*args):
    if len(args) != 1 or not isinstance(args[0], dict):
        raise Refused
    return value_of(dict(args[0]))


define(
    globals(),
    """
    architecture  DEVICE_ARCHITECTURE        -
    capabilities  OPTIMIZATION_CAPABILITIES  -
    full_name     FULL_DEVICE_NAME           -
    gops          DEVICE_GOPS                -
    id            DEVICE_ID                  str
    luid          DEVICE_LUID                -
    pci_info      DEVICE_PCI_INFO            -
    priorities    MULTI_DEVICE_PRIORITIES    *
    properties    DEVICE_PROPERTIES          *
    thermal       DEVICE_THERMAL             -
    type          DEVICE_TYPE                -
    uuid          DEVICE_UUID                -
    """,
    {"priorities": _priorities, "properties": _properties},
)
