"""``openvino.properties.streams``: the number of streams, a count or ``Num.AUTO``/``Num.NUMA``."""

from ._property import Refused, _integer, define, value_of


class Num:
    """A number of streams: ``Num(4)``, or the special ``Num.AUTO`` (-1) and ``Num.NUMA`` (-2).
    Compared by identity, as OpenVINO's are."""

    def __init__(self, value: int = -1):
        self._value = int(value)

    def to_integer(self) -> int:
        return self._value


Num.AUTO = Num(-1)
Num.NUMA = Num(-2)

_NAMES = {-1: "AUTO", -2: "NUMA"}


def _number_of_streams(*args, ints: bool = True):
    """NUM_STREAMS' value: a Num (or, for ``streams.num``, an i32), held as its integer; AUTO and
    NUMA keep their names as text."""
    if len(args) != 1:
        raise Refused
    (arg,) = args
    if isinstance(arg, Num):
        number = arg.to_integer()
        return value_of(number, _NAMES.get(number))
    if not ints:
        raise Refused
    return value_of(_integer(arg, "i32"))


define(globals(), "num  NUM_STREAMS  *", {"num": _number_of_streams})
