"""A request's asynchronous runs, as OpenVINO's ``InferRequest`` has them: ``start_async`` takes the
inputs at once, then runs the inference on a thread of the request's own (NumPy releases the GIL
in its kernels, so requests on several threads run concurrently); ``wait()`` joins it and raises
what it raised; the callback runs once it succeeds. One inference at a time: while one runs, any
other call but ``wait``/``wait_for``/``cancel`` raises UsageError ("busy"), as OpenVINO raises.
Mixed into InferRequest (irexec.api.request), which takes the inputs (``_take``) and runs
(``_run``)."""

from __future__ import annotations

import threading

from ..errors import ExecutionError, UsageError

# How long a request's worker thread waits for the next start_async before it ends.
IDLE_SECONDS = 0.1
_BUSY = "the request is busy: an inference started by start_async is running (wait() for it first)"


class _Job:
    """One start_async: done once its inference (and callback) ended; ``error``: what it raised."""

    def __init__(self):
        self.done = threading.Event()
        self.error = None
        self.canceled = False


class AsyncRuns:
    """start_async and what waits for it, over an InferRequest's ``_take`` and ``_run``."""

    def start_async(self, inputs=None, userdata=None, share_inputs: bool = False) -> None:
        """Take the inputs (as ``infer``), then run the inference on a thread and return at once.
        ``userdata``: what the callback is called with (kept as ``userdata``)."""
        self._launch(inputs, userdata, share_inputs, False, None)

    def _launch(self, inputs, userdata, share_inputs, share_outputs, finished) -> None:
        """start_async's work; ``finished(job)``, when given, is called on the worker thread once
        the job ended, failed or not (AsyncInferQueue's hook)."""
        self._claim()
        try:
            self._take(inputs, share_inputs, False)
        except BaseException:
            self._running = False
            raise
        if userdata is not None:
            self._userdata = userdata
        job = self._job = _Job()
        with self._worker:
            self._next = (job, share_outputs, finished)
            if self._serving:
                self._worker.notify()
            else:
                self._serving = True
                threading.Thread(target=self._serve, name="irexec-infer").start()

    def _serve(self) -> None:
        """The request's worker thread: runs the jobs start_async hands it, and ends once none
        came for IDLE_SECONDS (so a loop of start_async/wait reuses one thread, and an idle
        request keeps none, nor holds the interpreter's exit for long)."""
        while True:
            with self._worker:
                if self._next is None:
                    self._worker.wait(IDLE_SECONDS)
                if self._next is None:
                    self._serving = False
                    return
                item, self._next = self._next, None
            self._work(*item)

    def _work(self, job: _Job, share_outputs: bool, finished) -> None:
        try:
            self._run(False, None, share_outputs, job)
        except BaseException as e:  # (raised by wait(), on the caller's thread)
            job.error = e
        self._running = False  # (before the callback: it may read the results)
        if job.error is None and self._callback is not None:
            try:
                self._callback(self._userdata)
            except BaseException as e:
                job.error = ExecutionError(f"the request's callback raised {type(e).__name__}: {e}")
                job.error.__cause__ = e
        try:
            if finished is not None:
                finished(job)
        finally:
            job.done.set()

    def _claim(self) -> None:
        with self._lock:
            if self._running:
                raise UsageError(_BUSY)
            self._running = True

    def _idle(self) -> None:
        if self._running:
            raise UsageError(_BUSY)

    def wait(self) -> None:
        """Wait for the inference start_async started (and its callback); raise what it raised."""
        job = self._job
        if job is not None:
            job.done.wait()
            if job.error is not None:
                raise job.error

    def wait_for(self, timeout: int) -> bool:
        """Wait at most ``timeout`` ms; whether the inference is done (False before any inference,
        as OpenVINO answers). Raises what a finished one raised."""
        if timeout < 0:
            raise UsageError(f"wait_for takes a timeout of 0 ms or more, not {timeout}")
        job = self._job
        if job is None:
            return self._ran
        if not job.done.wait(timeout / 1000.0):
            return False
        if job.error is not None:
            raise job.error
        return True

    def set_callback(self, callback, userdata=None) -> None:
        """Call ``callback(userdata)`` on the worker thread when an inference start_async started
        succeeds (start_async's ``userdata``, when it gives one, replaces ``userdata``)."""
        if not callable(callback):
            raise UsageError(f"set_callback takes a function, not {type(callback).__name__}")
        self._callback, self._userdata = callback, userdata

    @property
    def userdata(self):
        return self._userdata

    def cancel(self) -> None:
        """Cancel the running inference: it keeps nothing (no results, no state) and wait() raises
        an ExecutionError. (It is not stopped early: the run ends, and is then discarded.)"""
        job = self._job
        if job is not None and not job.done.is_set():
            job.canceled = True
