"""A resumed batch and the files it finds in --outputs: only a whole output of this model is done.
A file cut short, one whose zip is whole but whose .npy inside is cut short or is not a .npy, an
archive of other members (another model's, an empty one), a damaged member: each is run again and
replaced, never counted as skipped, with --compare-dir or without."""

import io
import os
import zipfile

import numpy as np
import pytest

from helpers.batches import Quiet
from helpers.batches import kv_updated as expected
from irexec.batch import run_batch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
N = 4


@pytest.fixture
def job(tmp_path):
    rng = np.random.default_rng(5)
    samples, refs, out = tmp_path / "in", tmp_path / "ref", tmp_path / "out"
    samples.mkdir(), refs.mkdir()
    for i in range(N):
        cache = rng.standard_normal((2, 8, 4)).astype(np.float32)
        tokens = rng.standard_normal((2, 2, 4)).astype(np.float32)
        np.savez(samples / f"s{i}.npz", cache=cache, tokens=tokens)
        np.savez(refs / f"s{i}.npz", updated_cache=expected(cache, tokens))
    summary = run_batch(MODEL, None, str(samples), str(out), jobs=1, progress=Quiet())
    assert summary["ran"] == N and summary["failed"] == 0
    return samples, refs, out


def npy_bytes(arr) -> bytes:
    buf = io.BytesIO()
    np.save(buf, arr)
    return buf.getvalue()


def zip_of(members: dict) -> bytes:
    """A whole zip (its CRCs right) of the given member bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def whole(out):
    return (out / "s1.npz").read_bytes()


STALE = {
    "cut in half": lambda good: good[: len(good) // 2],
    "cut before its end record": lambda good: good[:-10],
    "empty file": lambda good: b"",
    "a zip whose .npy is cut short": lambda good: zip_of(
        {"updated_cache.npy": npy_bytes(np.zeros((2, 8, 4), np.float32))[:-40]}
    ),
    "a zip whose .npy has only its header": lambda good: zip_of(
        {"updated_cache.npy": npy_bytes(np.zeros((2, 8, 4), np.float32))[:128]}
    ),
    "a zip whose member is not a .npy": lambda good: zip_of({"updated_cache.npy": b"half-written"}),
    "a zip of another member": lambda good: zip_of({"logits.npy": npy_bytes(np.zeros((2, 8, 4), np.float32))}),
    "a zip of the member and one more": lambda good: zip_of(
        {"updated_cache.npy": npy_bytes(np.zeros((2, 8, 4), np.float32)), "extra.npy": npy_bytes(np.zeros(1))}
    ),
    "an empty zip": lambda good: zip_of({}),
    "a damaged member (bad CRC)": lambda good: damaged(good),
}


def damaged(good: bytes) -> bytes:
    """``good`` with one byte of its array's data changed (the .npy header and the zip's records
    intact: only the member's CRC can tell)."""
    magic = good.index(b"\x93NUMPY")
    assert good[magic + 6] == 1  # (a version 1.0 header: its length in 2 bytes)
    data = magic + 10 + int.from_bytes(good[magic + 8 : magic + 10], "little")
    at = data + 10
    return good[:at] + bytes([good[at] ^ 0xFF]) + good[at + 1 :]


@pytest.mark.parametrize("compare", [False, True], ids=["plain", "compare-dir"])
@pytest.mark.parametrize("how", sorted(STALE))
def test_a_stale_incomplete_output_is_run_again(job, how, compare):
    samples, refs, out = job
    good = whole(out)
    reference = np.load(out / "s1.npz")["updated_cache"]
    (out / "s1.npz").write_bytes(STALE[how](good))
    summary = run_batch(
        MODEL, None, str(samples), str(out), jobs=1, progress=Quiet(), compare_dir=str(refs) if compare else None
    )
    assert (summary["ran"], summary["skipped"], summary["failed"], summary["missing"]) == (1, N - 1, 0, 0), summary
    with np.load(out / "s1.npz") as z:  # replaced by a whole output
        assert z.files == ["updated_cache"]
        np.testing.assert_array_equal(z["updated_cache"], reference)
    if compare:
        assert summary["compare"]["mismatched_samples"] == 0


def test_whole_outputs_are_not_run_again(job):
    samples, refs, out = job
    before = {n: (out / n).stat().st_mtime_ns for n in os.listdir(out)}
    summary = run_batch(MODEL, None, str(samples), str(out), jobs=1, progress=Quiet(), compare_dir=str(refs))
    assert (summary["ran"], summary["skipped"], summary["failed"], summary["missing"]) == (0, N, 0, 0)
    assert {n: (out / n).stat().st_mtime_ns for n in os.listdir(out)} == before


@pytest.mark.parametrize("where", [0.1, 0.5, 0.95])
def test_a_damaged_large_output_is_run_again(tmp_path, where):
    """An output of 64 KiB with one byte of its data changed anywhere (far past what reading its
    header touches): its CRC says so, and it is run again."""
    from helpers.irtext import add_model, write

    model = write(tmp_path, add_model((128, 128)))
    samples, out = tmp_path / "in", tmp_path / "out"
    samples.mkdir()
    rng = np.random.default_rng(1)
    for i in range(2):
        x, y = rng.standard_normal((2, 128, 128)).astype(np.float32)
        np.savez(samples / f"s{i}.npz", x=x, y=y)
    assert run_batch(model, None, str(samples), str(out), jobs=1, progress=Quiet())["ran"] == 2
    good = (out / "s0.npz").read_bytes()
    want = np.load(out / "s0.npz")["z"]
    at = int(len(good) * where)
    with zipfile.ZipFile(io.BytesIO(good)) as z:
        (info,) = z.infolist()
    assert info.header_offset + 200 < at < info.header_offset + info.compress_size  # (inside the data)
    (out / "s0.npz").write_bytes(good[:at] + bytes([good[at] ^ 0xFF]) + good[at + 1 :])
    summary = run_batch(model, None, str(samples), str(out), jobs=1, progress=Quiet())
    assert (summary["ran"], summary["skipped"], summary["missing"]) == (1, 1, 0)
    np.testing.assert_array_equal(np.load(out / "s0.npz")["z"], want)
