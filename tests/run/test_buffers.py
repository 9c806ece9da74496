"""The output-buffer pool reuses a buffer only when nothing else can see it; the parallel helpers
run every part once and report a failing part only after all have ended."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from irexec import buffers
from irexec.buffers import MIN_BYTES, BufferPool, copy_into, run_parts, split_over_cores
from irexec.kernels import scatter_elements_update

BIG = (MIN_BYTES // 4 + 1024,)


def test_a_released_buffer_is_reused():
    pool = BufferPool()
    a = pool.empty(BIG, np.float32)
    address = a.__array_interface__["data"][0]
    del a
    b = pool.empty(BIG, np.float32)
    assert b.__array_interface__["data"][0] == address and len(pool._buffers) == 1


def test_held_outputs_and_their_views_are_never_reused():
    pool = BufferPool()
    a = pool.empty(BIG, np.float32)
    view = a[10:20]
    del a
    b = pool.empty(BIG, np.float32)  # the view still holds the first buffer
    assert not np.shares_memory(b, view)
    del view
    c = pool.empty(BIG, np.float32)
    assert not np.shares_memory(c, b)


def test_small_and_object_arrays_are_not_pooled():
    pool = BufferPool()
    pool.empty((10,), np.float32)
    pool.empty(BIG, object)
    assert pool._buffers == []


def test_pool_is_bounded():
    pool = BufferPool(max_bytes=3 * MIN_BYTES)
    held = [pool.empty((MIN_BYTES,), np.uint8) for _ in range(5)]
    assert sum(b.nbytes for b in pool._buffers) <= 3 * MIN_BYTES
    assert len({h.__array_interface__["data"][0] for h in held}) == 5


def test_scatter_results_stay_independent_across_calls():
    data = np.zeros(BIG[0], np.float32)
    outs = [scatter_elements_update(data, np.array([k]), np.array([k + 1.0], np.float32), 0) for k in range(3)]
    for k, out in enumerate(outs):
        assert out[k] == k + 1 and np.count_nonzero(out) == 1
    assert not data.any()


def test_parallel_copy_and_split_cover_everything():
    src = np.random.default_rng(0).standard_normal(5_000_001).astype(np.float32)
    dst = np.empty_like(src)
    copy_into(dst, src)
    np.testing.assert_array_equal(dst, src)
    seen = np.zeros(1001, np.int8)
    split_over_cores(1001, 1 << 30, lambda a, b: seen.__setitem__(slice(a, b), seen[a:b] + 1))
    assert (seen == 1).all()


def test_run_parts_runs_each_part_once():
    seen = []
    lock = threading.Lock()

    def work(k):
        with lock:
            seen.append(k)

    run_parts(5, work)
    assert sorted(seen) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("failing", [0, 1])
def test_run_parts_raises_after_every_part_ended(failing, monkeypatch):
    ended = []

    def work(k):
        if k == failing:
            raise ValueError(f"part {k}")
        time.sleep(0.05)  # the other part is still running when the failure happens
        ended.append(k)

    with ThreadPoolExecutor(2) as pool:
        monkeypatch.setattr(buffers, "_workers", pool)  # a pool even on one core
        with pytest.raises(ValueError, match=f"part {failing}"):
            run_parts(2, work)
    assert ended == [1 - failing]
