"""``openvino.properties.log``: the log level a device writes at (irexec writes no device log)."""

from ._property import Enum, define
from ._text import ENUM_TEXT


class Level(Enum):
    NO = -1
    ERR = 0
    WARNING = 1
    INFO = 2
    DEBUG = 3
    TRACE = 4


ENUM_TEXT.update(
    {
        Level.NO: "LOG_NONE",
        Level.ERR: "LOG_ERROR",
        Level.WARNING: "LOG_WARNING",
        Level.INFO: "LOG_INFO",
        Level.DEBUG: "LOG_DEBUG",
        Level.TRACE: "LOG_TRACE",
    }
)

define(globals(), "level  LOG_LEVEL  Level")
