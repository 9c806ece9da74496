"""The progress line of a long run, on a terminal only."""

from __future__ import annotations

import shutil
from time import perf_counter


class Progress:
    """A one-line progress report for long runs, on a terminal only, and only once a run has
    lasted DELAY seconds: short runs, pipes and tests stay quiet."""

    DELAY, INTERVAL = 1.0, 0.1

    def __init__(self, stream, total: int):
        self.stream, self.total, self.done = stream, max(total, 1), 0
        self.start = perf_counter()
        self._next = self.start + self.DELAY
        self._width = 0

    @classmethod
    def on_terminal(cls, stream, total: int):
        try:
            return cls(stream, total) if stream.isatty() else None
        except (AttributeError, ValueError):  # a closed or unusual stream
            return None

    def __call__(self, layer, outputs, seconds) -> None:
        self.done += 1
        now = perf_counter()
        if now >= self._next:
            self._next = now + self.INTERVAL
            self._draw(now)

    def _draw(self, now: float) -> None:
        frac = min(self.done / self.total, 1.0)
        bar = "#" * int(24 * frac)
        text = f"running: {self.done}/{self.total} layers [{bar:<24}] {100 * frac:3.0f}%  {now - self.start:.1f} s"
        text = text[: max(shutil.get_terminal_size().columns - 1, 10)]
        self.stream.write("\r" + text.ljust(self._width))
        self.stream.flush()
        self._width = len(text)

    def close(self) -> None:
        if self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0
