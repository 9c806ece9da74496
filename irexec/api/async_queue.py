"""OpenVINO's ``AsyncInferQueue``: a pool of a compiled model's requests, each running its
inferences on a thread of its own, so that a program keeps several in flight::

    queue = AsyncInferQueue(compiled, jobs=2)          # jobs=0: OPTIMAL_NUMBER_OF_INFER_REQUESTS
    queue.set_callback(lambda request, userdata: found.append((userdata, request.results[0])))
    for i, image in enumerate(images):
        queue.start_async({"x": image}, userdata=i)    # waits for an idle request when all are busy
    queue.wait_all()

The inferences run concurrently as far as their kernels release the GIL (NumPy's large ones do);
each gives what the same inference gives run alone. The callback runs on the worker thread, as
``callback(request, userdata)``, once an inference succeeds and before its request is idle again
(so it may read the request's results). An inference that fails calls no callback; what it raised,
or what a callback raised, ``wait_all()`` raises (the first of them, once).
"""

from __future__ import annotations

import threading
from collections import deque
from functools import partial

from ..errors import InputError, UsageError


class AsyncInferQueue:
    """``AsyncInferQueue(compiled, jobs=0)``: ``len``, iteration and ``queue[i]`` give its
    InferRequests; ``start_async``, ``set_callback``, ``wait_all``, ``is_ready``,
    ``get_idle_request_id`` and ``userdata`` (each request's last userdata) as OpenVINO's."""

    def __init__(self, model, jobs: int = 0):
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
            raise UsageError(f"jobs is a number of requests (0: the optimal number), not {jobs!r}")
        count = jobs or model.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS")
        self._requests = [model.create_infer_request() for _ in range(count)]
        self._userdata = [None] * count
        self._idle = deque(range(count))
        self._changed = threading.Condition()
        self._callback = None
        self._errors = []

    def __len__(self) -> int:
        return len(self._requests)

    def __iter__(self):
        return iter(self._requests)

    def __getitem__(self, index: int):
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._requests):
            raise InputError(f"no request {index!r}: the queue has {len(self._requests)}, indexed from 0")
        return self._requests[index]

    @property
    def userdata(self) -> list:
        """Each request's userdata, as its last start_async gave it."""
        return list(self._userdata)

    def set_callback(self, callback) -> None:
        """Call ``callback(request, userdata)`` when an inference of the queue succeeds."""
        if not callable(callback):
            raise UsageError(f"set_callback takes a function, not {type(callback).__name__}")
        self._callback = callback

    def is_ready(self) -> bool:
        """Whether a request is idle (start_async would not wait)."""
        with self._changed:
            return bool(self._idle)

    def get_idle_request_id(self) -> int:
        """The id of the request start_async would take next, once one is idle."""
        with self._changed:
            self._changed.wait_for(lambda: self._idle)
            return self._idle[0]

    def start_async(self, inputs=None, userdata=None, share_inputs: bool = False) -> None:
        """Start an inference on the next idle request (waiting for one when all are busy): the
        inputs are taken at once, as InferRequest.start_async takes them."""
        with self._changed:
            self._changed.wait_for(lambda: self._idle)
            index = self._idle.popleft()
        self._userdata[index] = userdata
        try:
            self._requests[index]._launch(inputs, None, share_inputs, False, partial(self._finished, index))
        except BaseException:
            with self._changed:
                self._idle.appendleft(index)
                self._changed.notify_all()
            raise

    def _finished(self, index: int, job) -> None:
        """On the worker thread, once request ``index``'s inference ended."""
        error = job.error
        if error is None and self._callback is not None:
            try:
                self._callback(self._requests[index], self._userdata[index])
            except BaseException as e:  # (raised as it is by wait_all, as OpenVINO raises it)
                error = e
        with self._changed:
            if error is not None:
                self._errors.append(error)
            self._idle.append(index)
            self._changed.notify_all()

    def wait_all(self) -> None:
        """Wait until every request is idle; then raise what an inference or the callback raised
        since the last wait_all, if anything did."""
        with self._changed:
            self._changed.wait_for(lambda: len(self._idle) == len(self._requests))
            errors, self._errors = self._errors, []
        if errors:
            raise errors[0]

    def __repr__(self) -> str:
        return f"<AsyncInferQueue: {len(self._requests)} jobs>"
