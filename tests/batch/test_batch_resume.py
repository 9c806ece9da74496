"""A batch run twice (`irexec run MODEL --inputs ... --outputs DIR`, the second resuming): its
summary's "missing" is how many samples have no outputs in DIR when the job ends (a failed sample
among them), whether the outputs were written by this run ("ran") or found there ("skipped"), with
or without --compare-dir (which reads the outputs found): samples = ran + skipped + missing. A
resumed job that finished misses nothing and exits 0."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from helpers.batches import Quiet
from helpers.batches import kv_updated as expected
from irexec.batch import run_batch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
N = 6


@pytest.fixture
def job(tmp_path):
    """A folder of N samples (one, 'bad', fails: wrong shape), their references, and an outputs folder."""
    rng = np.random.default_rng(3)
    samples, refs = tmp_path / "in", tmp_path / "ref"
    samples.mkdir(), refs.mkdir()
    for i in range(N):
        cache = rng.standard_normal((2, 8, 4)).astype(np.float32)
        tokens = rng.standard_normal((2, 2, 4)).astype(np.float32)
        np.savez(samples / f"s{i}.npz", cache=cache, tokens=tokens)
        np.savez(refs / f"s{i}.npz", updated_cache=expected(cache, tokens))
    np.savez(samples / "bad.npz", cache=np.zeros((3, 8, 4), np.float32), tokens=np.zeros((2, 2, 4), np.float32))
    return str(samples), str(refs), str(tmp_path / "out")


def accounted(s, out):
    """The summary ``s`` of a job writing to ``out``, checked against what ``out`` holds."""
    present = [n for n in os.listdir(out) if n.endswith(".npz")]
    assert s["missing"] == s["samples"] - len(present), (s, present)
    assert s["ran"] + s["skipped"] + s["missing"] == s["samples"], s
    return s


def run(job, compare=False, **kw):
    samples, refs, out = job
    summary = run_batch(
        MODEL, None, samples, out, jobs=1, progress=Quiet(), compare_dir=refs if compare else None, **kw
    )
    return accounted(summary, out)


@pytest.mark.parametrize("compare_first", [False, True])
@pytest.mark.parametrize("compare_again", [False, True])
def test_a_resumed_job_misses_nothing(job, compare_first, compare_again):
    first = run(job, compare_first)
    assert (first["ran"], first["skipped"], first["failed"], first["missing"]) == (N, 0, 1, 1)
    again = run(job, compare_again)
    # The N outputs are there: skipped; 'bad' is tried again and fails again: its outputs alone miss.
    assert (again["ran"], again["skipped"], again["failed"], again["missing"]) == (0, N, 1, 1)
    if compare_again:
        assert (
            again["compare"]["mismatched_samples"] == 0 and again["compare"]["outputs"]["updated_cache"]["max_abs"] == 0
        )


@pytest.mark.parametrize("compare", [False, True])
def test_a_resumed_job_runs_what_is_not_there(job, compare):
    run(job)
    out = job[2]
    for name in ("s1.npz", "s4.npz"):
        os.unlink(os.path.join(out, name))
    again = run(job, compare)
    assert (again["ran"], again["skipped"], again["failed"], again["missing"]) == (2, N - 2, 1, 1)
    third = run(job, compare)
    assert (third["ran"], third["skipped"], third["failed"], third["missing"]) == (0, N, 1, 1)


def test_a_resumed_job_whose_bad_sample_was_fixed(job):
    run(job)
    np.savez(
        os.path.join(job[0], "bad.npz"), cache=np.ones((2, 8, 4), np.float32), tokens=np.zeros((2, 2, 4), np.float32)
    )
    again = run(job, True)
    assert (again["ran"], again["skipped"], again["failed"], again["missing"]) == (1, N, 0, 0)


def cli(job, *extra):
    samples, refs, out = job
    r = subprocess.run(
        [sys.executable, "-m", "irexec", "run", MODEL, "--inputs", samples, "--outputs", out, "-j", "1", *extra],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return r.returncode, accounted(json.loads(r.stdout), out)


def test_the_command_line_exits_1_while_a_sample_fails(job):
    code, first = cli(job)
    assert code == 1 and (first["ran"], first["failed"], first["missing"]) == (N, 1, 1)
    code, again = cli(job, "--compare-dir", job[1])
    assert code == 1 and (again["ran"], again["skipped"], again["failed"], again["missing"]) == (0, N, 1, 1)


def test_the_command_line_exits_0_on_a_finished_resumed_job(job):
    os.unlink(os.path.join(job[0], "bad.npz"))  # (every sample good: a failure would exit 1)
    code, first = cli(job)
    assert code == 0 and first["ran"] == N and first["missing"] == 0
    code, again = cli(job)
    assert code == 0 and (again["ran"], again["skipped"], again["missing"]) == (0, N, 0)
    code, compared = cli(job, "--compare-dir", job[1])
    assert code == 0 and (compared["ran"], compared["skipped"], compared["missing"]) == (0, N, 0)
