"""Where a batch's samples run: in this process (``jobs=1``), on a pool of worker processes, or on
Dask. With Dask installed (``pip install "irexec[dask]"``), ``jobs > 1`` starts a local cluster of
that many single-threaded worker processes, and ``scheduler`` ("tcp://host:8786", or
DASK_SCHEDULER_ADDRESS) runs on an existing cluster; without it, a process pool stands in for the
local cluster and a scheduler cannot be used. Each engine calls ``done(row)`` as samples finish,
in the order they finish."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager

from ..errors import UsageError


def dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def run_all(fn, tasks: list, jobs: int, scheduler, ship, done, failed=None) -> str:
    """Run ``fn(ref, *task)`` for each task; returns the engine's name. ``ship()`` gives the model
    reference for workers that do not share this machine's files (a remote scheduler). ``failed(task,
    message)``: the row for a task whose worker was lost (None: the error is raised)."""
    if scheduler:
        if not dask_available():
            raise UsageError('--scheduler needs Dask: pip install "irexec[dask]"')
        return _dask(fn, tasks, jobs, scheduler, ship, done, failed)
    if jobs <= 1 or len(tasks) <= 1:
        ref = ship(local=True)
        for task in tasks:
            done(fn(ref, *task))
        return "sequential"
    if dask_available():
        return _dask(fn, tasks, jobs, None, ship, done, failed)
    ref = ship(local=True)
    with _one_blas_thread(), ProcessPoolExecutor(max_workers=jobs, mp_context=_spawn()) as pool:
        futures = [pool.submit(fn, ref, *task) for task in tasks]
        try:
            for future in as_completed(futures):
                done(future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return f"process pool of {jobs}"


def _dask(fn, tasks, jobs, scheduler, ship, done, failed) -> str:
    import dask
    from distributed import Client, LocalCluster
    from distributed import as_completed as dask_completed

    cluster = None
    with dask.config.set({"distributed.worker.daemon": False, "logging.distributed": "error"}):
        if scheduler:
            client = Client(scheduler, timeout="30s")
            engine = f"Dask cluster at {scheduler}"
            # (Workers elsewhere may not see this machine's files: ship the model's bytes once each.)
            ref = client.scatter(ship(local=False), broadcast=True)
        else:
            cluster = LocalCluster(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
            )
            client = Client(cluster)
            engine = f"local Dask cluster of {jobs} workers"
            ref = ship(local=True)
        try:
            futures = [client.submit(fn, ref, *task, pure=False) for task in tasks]
            by_key = {f.key: task for f, task in zip(futures, tasks)}
            for future in dask_completed(futures):
                try:
                    done(future.result())
                except Exception as e:  # a worker that died too often (KilledWorker), a lost connection
                    if failed is None:
                        raise
                    done(failed(by_key[future.key], f"{type(e).__name__}: {e}".splitlines()[0][:300]))
        except BaseException:
            client.cancel(futures)
            raise
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    return engine


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


# Each worker runs one sample at a time on one core: its BLAS gets one thread, as Dask's workers
# get (distributed sets these for the processes it spawns), or N workers' BLAS threads would
# share the N cores many times over. The variables are read when a process starts, so the pool's
# processes are spawned, not forked.
_BLAS_THREADS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


@contextmanager
def _one_blas_thread():
    saved = {k: os.environ.get(k) for k in _BLAS_THREADS}
    os.environ.update({k: "1" for k in _BLAS_THREADS})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _spawn():
    import multiprocessing

    return multiprocessing.get_context("spawn")
