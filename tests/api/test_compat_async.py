"""Asynchronous runs, as OpenVINO's: InferRequest.start_async on a worker thread, wait/wait_for,
callbacks, cancel, one inference at a time per request, and AsyncInferQueue. Facts are taken
from the installed runtime in each test; irexec's concurrency is shown without timing, by runs
that wait for each other (a run that is held open, a barrier two runs must reach together)."""

import threading

import numpy as np
import pytest

import irexec
from helpers.ov_compiled import compiled
from irexec.api.async_queue import AsyncInferQueue
from irexec.api.request import InferRequest

ov = pytest.importorskip("openvino")
opset = pytest.importorskip("openvino.opset13")

A = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
B = np.full((2, 3), 0.5, np.float32)
N = 384  # (the slow model's size: OpenVINO's inference on one thread takes tens of ms)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    """The models by name: two, relu(x + y) of x and y [2,3]; reshape, x [?] -> Reshape to [2,-1]
    (fails for an odd length, when it runs); slow, x [N,N] through eight MatMuls by a constant."""
    where = tmp_path_factory.mktemp("async")
    x = opset.parameter([2, 3], np.float32, name="x")
    y = opset.parameter([2, 3], np.float32, name="y")
    ov.save_model(ov.Model([opset.relu(opset.add(x, y))], [x, y], "two"), str(where / "two.xml"))
    v = opset.parameter([-1], np.float32, name="x")
    shape = opset.constant(np.array([2, -1], np.int64))
    ov.save_model(ov.Model([opset.reshape(v, shape, False, name="rs")], [v], "r"), str(where / "reshape.xml"))
    s = opset.parameter([N, N], np.float32, name="x")
    w = opset.constant(np.eye(N, dtype=np.float32))
    out = s
    for i in range(8):
        out = opset.matmul(out, w, False, False, name=f"mm{i}")
    ov.save_model(ov.Model([out], [s], "slow"), str(where / "slow.xml"))
    return {name: str(where / f"{name}.xml") for name in ("two", "reshape", "slow")}


@pytest.fixture(scope="module")
def slow(paths):
    """OpenVINO's compiled "slow" model, on one thread: a request stays busy for tens of ms."""
    return compiled(ov, paths["slow"], {"INFERENCE_NUM_THREADS": 1})


class Held:
    """Holds irexec's runs of ``compiled`` at their start until ``release()``; ``entered`` counts
    the runs that reached it, ``threads`` the threads they ran on."""

    def __init__(self, compiled, monkeypatch):
        self.gate, self.entered, self.threads = threading.Event(), threading.Semaphore(0), []
        run = compiled.model._infer

        def held(*args, **kwargs):
            self.threads.append(threading.current_thread())
            self.entered.release()
            assert self.gate.wait(10)
            return run(*args, **kwargs)

        monkeypatch.setattr(compiled.model, "_infer", held)

    def wait_entered(self) -> None:
        assert self.entered.acquire(timeout=10)

    def release(self) -> None:
        self.gate.set()


def test_start_async_returns_while_the_inference_runs_on_a_worker_thread(paths, monkeypatch):
    c = compiled(irexec, paths["two"])
    held = Held(c, monkeypatch)
    request = c.create_infer_request()
    request.start_async({0: A, 1: B})  # (returns with the run held open: it runs elsewhere)
    held.wait_entered()
    assert held.threads[0] is not threading.current_thread()
    assert request.wait_for(0) is False
    held.release()
    request.wait()
    assert request.wait_for(0) is True
    np.testing.assert_array_equal(request.results[0], np.maximum(A + B, 0))
    np.testing.assert_array_equal(request.get_output_tensor(0).data, np.maximum(A + B, 0))


@pytest.mark.parametrize(
    "call", ["start_async({0: X})", "infer({0: X})", "get_output_tensor(0)", "results", "get_tensor('x')"]
)
def test_a_busy_request_refuses_other_calls(call, slow, paths, monkeypatch):
    x = np.ones((N, N), np.float32)
    theirs = slow.create_infer_request()
    theirs.start_async({0: x})
    with pytest.raises(RuntimeError, match="busy"):
        eval("r." + call, {"r": theirs, "X": x})
    theirs.wait()
    c = compiled(irexec, paths["two"])
    held = Held(c, monkeypatch)
    ours = c.create_infer_request()
    ours.start_async({0: A, 1: B})
    held.wait_entered()
    with pytest.raises(irexec.UsageError, match="busy"):
        eval("r." + call, {"r": ours, "X": A})
    held.release()
    ours.wait()
    np.testing.assert_array_equal(ours.results[0], np.maximum(A + B, 0))  # (the run the refusal left alone)


def test_the_callback_gets_the_userdata_on_a_worker_thread(paths):
    got = {}
    for lib in (ov, irexec):
        request = compiled(lib, paths["two"]).create_infer_request()
        calls = got[lib.__name__] = []
        request.set_callback(lambda *args, calls=calls: calls.append((args, threading.current_thread())), {"u": 1})
        assert request.userdata == {"u": 1}
        request.start_async({0: A, 1: B})
        request.wait()
        request.start_async(userdata=5)  # (replaces the userdata)
        request.wait()
        request.start_async()
        request.wait()
        request.infer()  # (a synchronous inference calls no callback)
        calls.append(request.userdata)
    theirs, ours = got["openvino"], got["irexec"]
    assert [c[0] for c in ours[:3]] == [c[0] for c in theirs[:3]] == [({"u": 1},), (5,), (5,)]
    assert ours[3] == theirs[3] == 5
    assert all(thread is not threading.current_thread() for _, thread in ours[:3])
    with pytest.raises(irexec.UsageError, match="set_callback takes a function"):
        compiled(irexec, paths["two"]).create_infer_request().set_callback(None, 1)


def test_an_inference_that_fails_is_raised_by_wait(paths):
    for lib, error in ((ov, RuntimeError), (irexec, irexec.ExecutionError)):
        request = compiled(lib, paths["reshape"]).create_infer_request()
        calls = []
        request.set_callback(calls.append, "ud")
        request.start_async({0: np.ones(3, np.float32)})  # (starts: the failure is the run's)
        with pytest.raises(error):
            request.wait()
        with pytest.raises(error):  # (again, until the next start)
            request.wait_for(100)
        assert calls == []  # (no callback for a failed inference)
        request.start_async({0: np.ones(4, np.float32)})
        request.wait()
        assert calls == ["ud"] and request.results[0].shape == (2, 2)


def test_what_the_callback_raises_is_raised_by_wait(paths):
    def boom(userdata):
        raise ValueError("boom")

    for lib, error in ((ov, RuntimeError), (irexec, irexec.ExecutionError)):
        request = compiled(lib, paths["two"]).create_infer_request()
        request.set_callback(boom, None)
        request.start_async({0: A, 1: B})
        with pytest.raises(error, match="boom") as caught:
            request.wait()
    assert isinstance(caught.value.__cause__, ValueError)


def test_wait_for_says_whether_an_inference_is_done(paths):
    for lib in (ov, irexec):
        request = compiled(lib, paths["two"]).create_infer_request()
        request.wait()  # (nothing started: returns)
        assert request.wait_for(0) is False  # (OpenVINO's answer before any inference)
        request.infer({0: A, 1: B})
        assert request.wait_for(0) is True
        request.start_async()
        assert request.wait_for(60_000) is True
    with pytest.raises(RuntimeError):
        request.wait_for(-1)
    with pytest.raises(irexec.UsageError, match="0 ms or more"):
        compiled(irexec, paths["two"]).create_infer_request().wait_for(-1)


def test_cancel_discards_the_running_inference(slow, paths, monkeypatch):
    x = np.ones((N, N), np.float32)
    theirs = slow.create_infer_request()
    theirs.start_async({0: x})
    theirs.cancel()
    with pytest.raises(RuntimeError, match="canceled"):
        theirs.wait()
    c = compiled(irexec, paths["two"])
    ours = c.create_infer_request()
    first = ours.infer({0: A, 1: B})[0].copy()
    held = Held(c, monkeypatch)
    ours.start_async({0: A * 5, 1: B})
    held.wait_entered()
    ours.cancel()
    held.release()
    with pytest.raises(irexec.ExecutionError, match="canceled"):
        ours.wait()
    np.testing.assert_array_equal(ours.get_output_tensor(0).data, first)  # (nothing kept)
    ours.cancel()  # (nothing running: nothing to do)
    ours.start_async()
    ours.wait()
    np.testing.assert_array_equal(ours.results[0], np.maximum(5 * A + B, 0))


# ----- AsyncInferQueue -----


@pytest.mark.parametrize("hint", ["LATENCY", "THROUGHPUT"])
def test_a_queue_of_the_optimal_size_by_default(hint, paths):
    for lib, queue_class in ((ov, ov.AsyncInferQueue), (irexec, AsyncInferQueue)):
        c = compiled(lib, paths["two"], {"PERFORMANCE_HINT": hint})
        queue = queue_class(c)
        assert len(queue) == c.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") >= 1
        if hint == "LATENCY":
            assert len(queue) == 1
        assert queue.userdata == [None] * len(queue)
        assert queue.is_ready() is True and queue.get_idle_request_id() == 0
        assert [type(r).__name__ for r in queue] == ["InferRequest"] * len(queue)
        assert type(queue[len(queue) - 1]).__name__ == "InferRequest"
    two = AsyncInferQueue(compiled(irexec, paths["two"]), 2)
    assert repr(two) == repr(ov.AsyncInferQueue(compiled(ov, paths["two"]), 2)) == "<AsyncInferQueue: 2 jobs>"
    assert isinstance(two[1], InferRequest) and list(two) == [two[0], two[1]]
    with pytest.raises(irexec.InputError, match="no request 2"):
        two[2]
    with pytest.raises(irexec.UsageError, match="jobs is a number"):
        AsyncInferQueue(compiled(irexec, paths["two"]), -1)


def test_a_queues_results_are_the_sequential_ones(paths):
    feeds = [(A * i, B - i) for i in range(8)]
    sequential = [compiled(irexec, paths["two"])([x, y])[0] for x, y in feeds]
    got = {}
    for lib, queue_class in ((ov, ov.AsyncInferQueue), (irexec, AsyncInferQueue)):
        queue = queue_class(compiled(lib, paths["two"]), 2)
        found = got[lib.__name__] = {}
        queue.set_callback(
            lambda request, i, found=found: found.__setitem__(
                i, (type(request).__name__, request.output_tensors[0].data.copy())
            )
        )
        for i, (x, y) in enumerate(feeds):
            queue.start_async({0: x, 1: y}, userdata=i)
        queue.wait_all()
        # (Each request's last userdata: the last job's among them, whichever request ran it.)
        assert len(queue.userdata) == 2 and 7 in queue.userdata and len(set(queue.userdata)) == 2
    for i, want in enumerate(sequential):
        assert got["irexec"][i][0] == got["openvino"][i][0] == "InferRequest"
        np.testing.assert_array_equal(got["irexec"][i][1], got["openvino"][i][1])
        np.testing.assert_array_equal(got["irexec"][i][1], want)


def test_a_queues_requests_run_concurrently(paths, monkeypatch):
    """Each job waits at a barrier for the other: they complete only if they run at once."""
    c = compiled(irexec, paths["two"])
    barrier = threading.Barrier(2, timeout=10)
    run = c.model._infer
    threads = set()

    def together(*args, **kwargs):
        threads.add(threading.current_thread())
        barrier.wait()
        return run(*args, **kwargs)

    monkeypatch.setattr(c.model, "_infer", together)
    queue = AsyncInferQueue(c, 2)
    queue.start_async({0: A, 1: B})
    queue.start_async({0: A * 2, 1: B})
    queue.wait_all()  # (a broken barrier would be raised here)
    assert len(threads) == 2 and threading.current_thread() not in threads
    results = sorted(r.results[0].sum() for r in queue)
    assert results == sorted([np.maximum(A + B, 0).sum(), np.maximum(2 * A + B, 0).sum()])


def test_start_async_waits_for_an_idle_request(slow, paths, monkeypatch):
    x = np.ones((N, N), np.float32)
    theirs = ov.AsyncInferQueue(slow, 1)
    theirs.start_async({0: x})
    assert theirs.is_ready() is False
    theirs.start_async({0: x})  # (waited for the one request)
    theirs.wait_all()
    assert theirs.is_ready() is True
    c = compiled(irexec, paths["two"])
    held = Held(c, monkeypatch)
    queue = AsyncInferQueue(c, 1)
    done = []
    queue.set_callback(lambda request, userdata: done.append(userdata))
    queue.start_async({0: A, 1: B}, userdata="first")
    held.wait_entered()
    assert queue.is_ready() is False
    second = threading.Thread(target=queue.start_async, args=({0: A, 1: B},), kwargs={"userdata": "second"})
    second.start()
    second.join(0.2)
    assert second.is_alive()  # (held until the first request is idle)
    held.release()
    second.join(10)
    assert not second.is_alive()
    queue.wait_all()
    assert done == ["first", "second"] and queue.is_ready() is True


def test_a_failed_job_is_raised_by_wait_all_and_calls_no_callback(paths):
    for lib, queue_class, error in (
        (ov, ov.AsyncInferQueue, RuntimeError),
        (irexec, AsyncInferQueue, irexec.ExecutionError),
    ):
        queue = queue_class(compiled(lib, paths["reshape"]), 2)
        calls = []
        queue.set_callback(lambda request, userdata, calls=calls: calls.append(userdata))
        queue.start_async({0: np.ones(3, np.float32)}, userdata="bad")  # (starts: the run fails)
        with pytest.raises(error):
            queue.wait_all()
        assert calls == []
    queue.start_async({0: np.ones(4, np.float32)}, userdata="good")
    queue.wait_all()  # (irexec raises a failure once; OpenVINO's queue keeps raising it)
    assert calls == ["good"]


def test_what_a_queues_callback_raises_is_raised_by_wait_all(paths):
    def boom(request, userdata):
        raise ValueError("boom")

    for queue_class, lib in ((ov.AsyncInferQueue, ov), (AsyncInferQueue, irexec)):
        queue = queue_class(compiled(lib, paths["two"]), 2)
        queue.set_callback(boom)
        queue.start_async({0: A, 1: B})
        with pytest.raises(ValueError, match="boom"):  # (as it was raised, on both)
            queue.wait_all()
        del queue  # (OpenVINO's queue is not to be used again after this: it aborts the process)
    with pytest.raises(irexec.UsageError, match="set_callback takes a function"):
        AsyncInferQueue(compiled(irexec, paths["two"]), 1).set_callback("boom")
