"""Batches: ``irexec run MODEL --inputs ... --outputs DIR`` over a dataset or a folder of samples,
sequentially, on a process pool, on a local Dask cluster and on a cluster the test starts itself;
resuming, per-sample failures, agreement with references, and a worker killed mid-job."""

import json
import os
import signal
import subprocess
import sys
import zipfile

import numpy as np
import pytest

from helpers.batches import Quiet
from irexec.batch import engines, run_batch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
N = 200


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    where = tmp_path_factory.mktemp("batch")
    rng = np.random.default_rng(7)
    path = where / "data.npz"
    np.savez(
        path,
        cache=rng.standard_normal((N, 2, 8, 4)).astype(np.float32),
        tokens=rng.standard_normal((N, 2, 2, 4)).astype(np.float32),
    )
    return str(path)


@pytest.fixture(scope="module")
def sequential(dataset, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("seq"))
    summary = run_batch(MODEL, None, dataset, out, jobs=1, progress=Quiet())
    assert summary["ran"] == N and summary["failed"] == 0 and summary["engine"] == "sequential"
    return out


def expected(dataset, i):
    """The model (a ScatterUpdate of tokens into the cache at rows 5 and 6, per the IR) worked out
    without irexec."""
    data = np.load(dataset)
    cache, tokens = data["cache"][i].copy(), data["tokens"][i]
    cache[:, [5, 6], :] = tokens
    return cache


def outputs_of(folder):
    return {name: np.load(os.path.join(folder, name))["updated_cache"] for name in sorted(os.listdir(folder))}


def assert_same(folder, reference):
    got, want = outputs_of(folder), outputs_of(reference)
    assert sorted(got) == sorted(want) and len(got) == N
    for name in want:
        np.testing.assert_array_equal(got[name], want[name], err_msg=name)


def test_sequential_outputs_are_the_models(sequential, dataset):
    outs = outputs_of(sequential)
    assert sorted(outs)[:2] == ["sample_000000.npz", "sample_000001.npz"]
    for i in (0, 17, N - 1):
        np.testing.assert_array_equal(outs[f"sample_{i:06d}.npz"], expected(dataset, i))


def test_the_default_local_path_is_a_dask_cluster_with_the_same_outputs(dataset, sequential, tmp_path):
    summary = run_batch(MODEL, None, dataset, str(tmp_path), jobs=2, progress=Quiet())
    assert summary["engine"] == "local Dask cluster of 2 workers" and summary["ran"] == N
    assert_same(str(tmp_path), sequential)


def test_without_dask_a_process_pool_gives_the_same_outputs(dataset, sequential, tmp_path, monkeypatch):
    monkeypatch.setattr(engines, "dask_available", lambda: False)
    summary = run_batch(MODEL, None, dataset, str(tmp_path), jobs=2, progress=Quiet())
    assert summary["engine"] == "process pool of 2" and summary["ran"] == N
    assert_same(str(tmp_path), sequential)
    with pytest.raises(Exception, match=r'--scheduler needs Dask: pip install "irexec\[dask\]"'):
        run_batch(MODEL, None, dataset, str(tmp_path / "x"), scheduler="tcp://127.0.0.1:1", progress=Quiet())


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
        ) as c,
        distributed.Client(c) as client,
    ):
        yield c, client


def test_a_cluster_the_user_runs_gets_the_model_shipped_and_gives_the_same_outputs(
    cluster, dataset, sequential, tmp_path
):
    c, _ = cluster
    summary = run_batch(MODEL, None, dataset, str(tmp_path), scheduler=c.scheduler_address, progress=Quiet())
    assert summary["engine"] == f"Dask cluster at {c.scheduler_address}" and summary["ran"] == N
    assert_same(str(tmp_path), sequential)


def test_a_worker_killed_mid_job_loses_no_completed_output(cluster, dataset, sequential, tmp_path):
    c, client = cluster
    pids = list(client.run(os.getpid).values())
    killed = []

    def kill(done):
        if done == 20 and not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    out = str(tmp_path)
    summary = run_batch(MODEL, None, dataset, out, scheduler=c.scheduler_address, progress=Quiet(kill))
    assert killed
    # Every sample is either written whole or reported; nothing half-written is left.
    written = set(os.listdir(out))
    assert not [n for n in written if not n.endswith(".npz")]
    for name in written:
        assert zipfile.ZipFile(os.path.join(out, name)).testzip() is None
    reported = {f["sample"] + ".npz" for f in summary["failures"]}
    assert written | reported == {f"sample_{i:06d}.npz" for i in range(N)}
    assert summary["ran"] + summary["failed"] == N
    # Running the job again finishes what is missing, and only that.
    again = run_batch(MODEL, None, dataset, out, jobs=1, progress=Quiet())
    assert again["ran"] == N - len(written) and again["skipped"] == len(written)
    assert_same(out, sequential)


def test_resume_runs_only_the_missing_and_damaged_samples(dataset, sequential, tmp_path):
    out = tmp_path / "out"
    run_batch(MODEL, None, dataset, str(out), jobs=1, progress=Quiet())
    os.unlink(out / "sample_000003.npz")
    os.unlink(out / "sample_000150.npz")
    (out / "sample_000004.npz").write_bytes(b"PK\x03\x04 not a whole zip")  # (damaged: run again)
    (out / ".irexec-abc.tmp").write_bytes(b"left by a stopped worker")
    summary = run_batch(MODEL, None, dataset, str(out), jobs=1, progress=Quiet())
    assert summary["ran"] == 3 and summary["skipped"] == N - 3 and summary["missing"] == 0
    assert not (out / ".irexec-abc.tmp").exists()
    assert_same(str(out), sequential)


def test_ctrl_c_leaves_completed_outputs_whole(dataset, sequential, tmp_path):
    def stop(done):
        if done == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batch(MODEL, None, dataset, str(tmp_path), jobs=1, progress=Quiet(stop))
    names = sorted(os.listdir(tmp_path))
    assert names == [f"sample_{i:06d}.npz" for i in range(5)]
    want = outputs_of(sequential)
    for name in names:
        np.testing.assert_array_equal(np.load(tmp_path / name)["updated_cache"], want[name])


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "irexec", "run", *args], capture_output=True, text=True, cwd=ROOT)


def test_a_folder_of_samples_with_one_failing_and_references(tmp_path, dataset):
    data = np.load(dataset)
    samples, refs, out = tmp_path / "in", tmp_path / "ref", tmp_path / "out"
    samples.mkdir(), refs.mkdir()
    for i in range(4):
        np.savez(samples / f"s{i}.npz", cache=data["cache"][i], tokens=data["tokens"][i])
        want = expected(dataset, i)
        if i == 2:
            want[0, 0, 0] += 0.5
        np.savez(refs / f"s{i}.npz", updated_cache=want)
    np.savez(samples / "bad.npz", cache=np.zeros((3, 8, 4), np.float32), tokens=data["tokens"][0])
    os.mkfifo(samples / "pipe.npz")  # (never opened: not a regular file)
    r = run_cli(MODEL, "--inputs", str(samples), "--outputs", str(out), "--compare-dir", str(refs), "-j", "1")
    assert r.returncode == 1, r.stderr
    summary = json.loads(r.stdout)
    assert summary["samples"] == 5 and summary["ran"] == 4 and summary["failed"] == 1
    [failure] = summary["failures"]
    assert failure["sample"] == "bad" and "input 'cache' expects shape [2,8,4]" in failure["error"]
    cmp = summary["compare"]
    assert cmp["mismatched_samples"] == 1 and cmp["mismatched"] == ["s2"]
    worst = cmp["outputs"]["updated_cache"]
    assert worst["worst_sample"] == "s2" and worst["max_abs"] == pytest.approx(0.5, abs=1e-6)
    assert sorted(os.listdir(out)) == ["s0.npz", "s1.npz", "s2.npz", "s3.npz"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--inputs", "nowhere/"], "a batch needs both --inputs and --outputs"),
        (["--inputs", "nowhere/", "--outputs", "o"], "--inputs 'nowhere/': no such file or folder"),
        (["--inputs", "models", "--outputs", "o", "-o", "x.npz"], "-o cannot be used with it"),
        (["--inputs", "models", "--outputs", "o", "--random"], "--random cannot be used with it"),
        (["--inputs", "models/*.txt", "--outputs", "o"], "no .npz or .npy file matches"),
        (["--inputs", "models", "--outputs", "o", "--rtol", "1"], "--rtol and --atol need --compare-dir"),
    ],
)
def test_batch_usage_errors_are_one_line_exit_2(args, message, tmp_path):
    r = run_cli(MODEL, *[a if a != "o" else str(tmp_path / "o") for a in args])
    assert r.returncode == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "o").exists() or message.startswith("--inputs 'nowhere")
