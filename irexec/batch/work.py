"""What a worker does for one sample: read the model (once per process), read the sample, run,
write the outputs atomically, and compare them with the reference when there is one. Every
failure is the sample's, reported as one line; it never ends the job."""

from __future__ import annotations

import math
import os
import zipfile

import numpy as np

from ..errors import IRExecError, one_line
from ..io.inputs import _load_npz
from ..io.npy import ZIP_ERRORS, NpzReader, load_npy, read_npy_header
from ..io.outputs import save_npz_atomic, storable

# This process's models and datasets, read once: a worker runs many samples of one job.
_MODELS = {}
_DATASETS = {}


def model_for(ref):
    """``ref``: ("path", xml, weights, max_bytes) on a shared file system, or ("bytes", digest,
    xml bytes, weights bytes, max_bytes) shipped to a remote worker."""
    key = ref[:2] if ref[0] == "bytes" else ref
    model = _MODELS.get(key)
    if model is None:
        if ref[0] == "path":
            from ..api.model import read_model

            model = read_model(ref[1], ref[2], ref[3])
        else:
            from ..api.core import Core

            model = Core(max_tensor_bytes=ref[4]).read_model(ref[2], ref[3])
        _MODELS.clear()  # (one job at a time per worker: keep one model)
        _MODELS[key] = model
    return model


def load_sample(model, sample) -> dict:
    if sample.index is not None:
        data = _dataset(model, sample.path)
        feeds = {}
        for name, arr in data.items():
            info = model.input(name)
            row = arr[sample.index]
            # A model whose input keeps the batch axis (rank of the whole array) gets a batch of one.
            if info.shape is not None and len(info.shape) == arr.ndim:
                row = arr[sample.index : sample.index + 1]
            feeds[info.name] = row
        return feeds
    if sample.path.endswith(".npz"):
        return _load_npz(model, sample.path)
    if len(model.inputs) != 1:
        from ..errors import InputError

        raise InputError(
            f"'{sample.path}' is one .npy, but the model has {len(model.inputs)} inputs: "
            f"give each sample as a .npz keyed by input name"
        )
    info = model.inputs[0]
    return {info.name: load_npy(sample.path, info.name, None, model.max_tensor_bytes)}


def _dataset(model, path: str) -> dict:
    data = _DATASETS.get(path)
    if data is None:
        reader = NpzReader(path, model.max_tensor_bytes)
        try:
            data = {key: reader.read(key) for key in reader.members}
        finally:
            reader.close()
        _DATASETS.clear()
        _DATASETS[path] = data
    return data


def output_path(outputs_dir: str, sample) -> str:
    return os.path.join(outputs_dir, sample.name + ".npz")


def complete(path: str, members: list) -> bool:
    """Whether ``path`` is a finished output: the .npz members ``members`` (the model's outputs,
    named by ``npz_member``), in order, each a whole .npy. Outputs are written by rename, so one
    irexec wrote that exists was written whole; a file cut short, damaged or foreign (a stale one
    of another model, or a zip whose arrays are cut short) is run again."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if [info.filename for info in infos] != members or z.testzip() is not None:
                return False
            for info in infos:
                with z.open(info) as f:
                    shape, _, dtype = read_npy_header(f, info.filename)
                    if f.tell() + math.prod(shape) * dtype.itemsize != info.file_size:
                        return False
        return True
    except (OSError, IRExecError, *ZIP_ERRORS):
        return False


def run_sample(ref, sample, outputs_dir: str, compare_dir, rtol: float, atol: float, existing: bool) -> dict:
    """One sample, end to end: {"sample", "status": ok|failed|skipped, "error", "compare"}."""
    row = {"sample": sample.name, "file": sample.path if sample.index is None else f"{sample.path}[{sample.index}]"}
    try:
        model = model_for(ref)
        out_path = output_path(outputs_dir, sample)
        if existing:
            reader = NpzReader(out_path, model.max_tensor_bytes)
            try:
                results = {info.name: reader.read(key) for info, key in zip(model.outputs, reader.members)}
            finally:
                reader.close()
            row["status"] = "skipped"
        else:
            feeds = load_sample(model, sample)
            request = model.create_infer_request()  # (a stateful model starts each sample afresh)
            results = request.infer(feeds)
            save_npz_atomic(out_path, results)
            row["status"] = "ok"
        if compare_dir is not None:
            row["compare"] = compare_with(model, results, os.path.join(compare_dir, sample.name + ".npz"), rtol, atol)
    except IRExecError as e:
        row.update(status="failed", error=one_line(str(e)))
    except MemoryError:
        row.update(status="failed", error="out of memory")
    return row


def compare_with(model, results: dict, path: str, rtol: float, atol: float) -> dict:
    """Per output: max abs and rel errors and whether it is within tolerance (a missing reference
    or a shape that differs counts as a mismatch)."""
    from ..io.compare_outputs import compare_arrays, reference_key

    out = {}
    if not os.path.exists(path):
        return {"error": f"no reference '{one_line(path)}'"}
    reader = NpzReader(path, model.max_tensor_bytes)
    try:
        for info in model.outputs:
            key = reference_key(info, reader.members)
            if key is None:
                out[info.name] = {"ok": False, "error": "not in the reference"}
                continue
            got, want = storable(np.asarray(results[info.name])), reader.read(key)
            if got.shape != want.shape:
                out[info.name] = {"ok": False, "error": f"shape {list(got.shape)}, reference {list(want.shape)}"}
                continue
            exact = got.dtype.kind in "biu" and want.dtype.kind in "biu"
            bad, max_abs, max_rel, _ = compare_arrays(got, want, rtol, atol, exact)
            out[info.name] = {"ok": not bad, "max_abs": float(max_abs), "max_rel": float(max_rel)}
    finally:
        reader.close()
    return out
