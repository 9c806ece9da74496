"""``irexec.compare_dataset``: every sample of a dataset (``--inputs`` as ``irexec run`` takes it)
through irexec and an OpenVINO device, and their agreement over the whole set.

The device compiles the model once, as it is (its own Results only: exposing intermediates costs
a compile per batch, see irexec.compare), and runs every sample on one request. Each final output
is compared as ``irexec compare`` compares a tensor (irexec is the reference). The worst sample
is the diverging one with the largest absolute error on any output (as ``run --compare-dir``
ranks them); the layer-by-layer comparison then runs on that sample alone to name the layer where
the departure starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..api.model import read_model
from ..errors import IRExecError, one_line
from . import BATCH, DEFAULT_ATOL, DEFAULT_RTOL, _by_layer, _differences, compare
from .device import Device, import_openvino, ov_message
from .report import CompareReport, _json_row
from .tensors import from_device, to_device

LISTED = 20  # failing samples listed in the summary unless asked for more


@dataclass
class SampleResult:
    """One sample: ``status`` ok (every output agrees), differs, or failed (it could not run on
    one side: ``error`` says why); ``outputs``: per output name, its mismatches, max_abs,
    max_rel, and for one that differs the first index and both values (or a shape note)."""

    sample: str
    file: str
    status: str
    error: str | None = None
    outputs: dict = field(default_factory=dict)

    @property
    def worst_abs(self) -> float:
        """The largest absolute error over the outputs (a shape that differs, or NaN, ranks first)."""
        errs = [np.inf if "shape" in v or np.isnan(v["max_abs"]) else v["max_abs"] for v in self.outputs.values()]
        return max(errs, default=0.0)


@dataclass
class DatasetReport:
    """``samples``: every sample's result, in the order of ``--inputs``; ``layers``: the
    layer-by-layer comparison of the worst sample (None when every sample agrees, or skipped);
    ``layers_error``: why that comparison could not run, if it could not."""

    model: str
    device: str
    precision: str | None
    rtol: float
    atol: float
    samples: list
    layers: CompareReport | None = None
    layers_error: str | None = None

    @property
    def differing(self) -> list:
        return [s for s in self.samples if s.status == "differs"]

    @property
    def failed(self) -> list:
        return [s for s in self.samples if s.status == "failed"]

    @property
    def ok(self) -> bool:
        return all(s.status == "ok" for s in self.samples)

    @property
    def worst(self) -> SampleResult | None:
        """The diverging sample with the largest absolute error (the first of equals)."""
        best = None
        for s in self.differing:
            if best is None or s.worst_abs > best.worst_abs:
                best = s
        return best

    def per_output(self) -> dict:
        """Per output name: the largest abs and rel errors over the samples that ran, the sample
        each occurs in, and how many samples differ on it."""
        out = {}
        for s in self.samples:
            for name, v in s.outputs.items():
                best = out.setdefault(
                    name,
                    {
                        "max_abs": 0.0,
                        "worst_sample": None,
                        "max_rel": 0.0,
                        "max_rel_sample": None,
                        "differing_samples": 0,
                    },
                )
                best["differing_samples"] += v["mismatches"] > 0
                for key, at in (("max_abs", "worst_sample"), ("max_rel", "max_rel_sample")):
                    value = np.inf if "shape" in v else v[key]
                    if best[at] is None or _above(value, best[key]):
                        best[key], best[at] = value, s.sample
        return out

    def to_dict(self, limit: int | None = LISTED) -> dict:
        """What ``--format json`` prints; ``limit``: failing samples listed (None: all).
        ``per_sample`` holds every sample, whatever the limit: its status and, per output it
        compared, its max_abs and max_rel (what the page's distributions are drawn from)."""
        failing = [s for s in self.samples if s.status != "ok"]
        worst, first = self.worst, self.layers.first if self.layers else None
        layers = None
        if self.layers is not None or self.layers_error:
            layers = {
                "sample": worst.sample if worst else None,
                "error": self.layers_error,
                "first": _json_row(first) if first else None,
                "first_differing": _json_row(self.layers.diverging[0])
                if self.layers is not None and first is None and self.layers.diverging
                else None,
            }
        return {
            "model": self.model,
            "device": self.device,
            "precision": self.precision,
            "rtol": self.rtol,
            "atol": self.atol,
            "samples": len(self.samples),
            "agree": sum(s.status == "ok" for s in self.samples),
            "differ": len(self.differing),
            "failed": len(self.failed),
            "worst_sample": worst.sample if worst else None,
            "outputs": {k: {key: _json_num(v) for key, v in row.items()} for k, row in self.per_output().items()},
            "failing": [
                {"sample": s.sample, "file": s.file, "status": s.status, "error": s.error} for s in failing[:limit]
            ],
            "failing_listed": len(failing[:limit]),
            "layers": layers,
            "per_sample": [_per_sample(s) for s in self.samples],
        }

    def _repr_html_(self) -> str:
        from .page import dataset_table_html  # (the page's module only when a notebook asks)

        return dataset_table_html(self.to_dict())


def _per_sample(s: SampleResult) -> dict:
    """A sample's errors per output (both None for an output whose shape differs, with its note)."""
    outputs = {}
    for name, v in s.outputs.items():
        if "shape" in v:
            outputs[name] = {"max_abs": None, "max_rel": None, "shape": v["shape"]}
        else:
            outputs[name] = {"max_abs": _json_num(v["max_abs"]), "max_rel": _json_num(v["max_rel"])}
    return {"sample": s.sample, "status": s.status, "outputs": outputs}


def _above(a: float, b: float) -> bool:
    """a > b, with NaN above everything (a NaN error is the worst one)."""
    return not np.isnan(b) and (np.isnan(a) or a > b)


def _json_num(v):
    return str(v) if isinstance(v, float) and not np.isfinite(v) else v  # (JSON has no NaN or inf)


def compare_dataset(
    model,
    inputs: str,
    device: str = "CPU",
    rtol: float = DEFAULT_RTOL,
    atol: float = DEFAULT_ATOL,
    precision: str | None = "f32",
    weights: str | None = None,
    layers: bool = True,
    batch: int = BATCH,
    max_tensor_bytes: int | None = None,
    progress=None,
) -> DatasetReport:
    """Every sample ``inputs`` names (a folder, a glob, or a dataset .npz, as ``irexec run
    --inputs`` takes them) through the IR ``model`` in irexec and on the OpenVINO ``device``.
    ``layers``: run ``irexec.compare`` on the worst diverging sample (``batch``: its --batch).
    ``progress``: called with the number of samples, it returns an object with ``update(done)``
    and ``close()`` (as irexec.batch.job.Progress, which draws a line on a terminal)."""
    from ..batch.samples import find_samples  # (here: ``import irexec`` does not load the batch engine)
    from ..batch.work import load_sample

    ov = import_openvino()
    m = read_model(model, weights, max_tensor_bytes)
    samples = find_samples(inputs)
    dev = Device(ov, model, weights, device, {"INFERENCE_PRECISION_HINT": precision} if precision else {}, m.graph)
    try:
        compiled = dev.core.compile_model(dev.model, device, dev.config)
    except Exception as e:
        raise IRExecError(f"{device} cannot compile the model: {ov_message(e)}", file=str(model)) from None
    request = compiled.create_infer_request()
    # (the compiled model's ports by the IR layer ids of their Parameter and Result)
    ins = [(port, dev.names.get(port.get_node().get_friendly_name())) for port in compiled.inputs]
    outs = {dev.names.get(port.get_node().get_friendly_name()): port for port in compiled.outputs}
    results = []
    bar = progress(len(samples)) if progress is not None else None
    for n, sample in enumerate(samples):
        results.append(_one(ov, m, sample, request, ins, outs, device, rtol, atol))
        if bar is not None:
            bar.update(n + 1)
    if bar is not None:
        bar.close()
    report = DatasetReport(str(model), device, precision, rtol, atol, results)
    worst = report.worst
    if layers and worst is not None:
        sample = next(s for s in samples if s.name == worst.sample)
        try:
            report.layers = compare(
                model,
                load_sample(m, sample),
                device,
                rtol,
                atol,
                precision,
                weights,
                batch,
                until_first=True,
                max_tensor_bytes=max_tensor_bytes,
            )
        except IRExecError as e:
            report.layers_error = one_line(str(e))
    return report


def _one(ov, m, sample, request, ins, outs, device, rtol, atol) -> SampleResult:
    from ..batch.work import load_sample

    file = sample.path if sample.index is None else f"{sample.path}[{sample.index}]"
    row = SampleResult(sample.name, file, "ok")
    try:
        feeds = _by_layer(m, load_sample(m, sample))
    except IRExecError as e:  # (the sample's own fault: no side ran it)
        row.status, row.error = "failed", one_line(str(e))
        return row
    try:
        mine = m.create_infer_request().infer(
            {i: feeds[info.layer_id] for i, info in enumerate(m.inputs) if info.layer_id in feeds}
        )
    except IRExecError as e:
        row.status, row.error = "failed", f"irexec: {one_line(str(e))}"
        return row
    try:
        request.reset_state()  # (a stateful model starts each sample afresh, as irexec's new request)
        request.infer({port: to_device(ov, feeds[lid], port.get_element_type()) for port, lid in ins if lid in feeds})
    except Exception as e:
        row.status, row.error = "failed", f"{device}: {ov_message(e)}"
        return row
    bad = []
    for info in m.outputs:
        port = outs.get(info.layer_id)
        if port is None:
            row.outputs[info.name] = {"mismatches": 1, "shape": f"{device} has no output of that Result"}
            bad.append(f"output '{one_line(info.name)}': {row.outputs[info.name]['shape']}")
            continue
        found = _differences(mine[info.name], from_device(request.get_tensor(port)), rtol, atol)
        if isinstance(found, str):
            row.outputs[info.name] = {"mismatches": int(np.size(mine[info.name])) or 1, "shape": found}
            bad.append(f"output '{one_line(info.name)}': {found}")
            continue
        count, max_abs, max_rel, first = found
        v = row.outputs[info.name] = {"mismatches": count, "max_abs": max_abs, "max_rel": max_rel}
        if count:
            theirs = np.reshape(request.get_tensor(port).data, -1)
            v.update(
                first_index=[int(i) for i in np.unravel_index(first, np.shape(mine[info.name]))],
                irexec_value=str(np.reshape(mine[info.name], -1)[first]),
                device_value=str(theirs[first]),
            )
            bad.append(
                f"output '{one_line(info.name)}': {count} of {np.size(mine[info.name])} elements differ "
                f"(max abs err {max_abs:.4g}, max rel err {max_rel:.4g}); first at {v['first_index']}: "
                f"irexec {v['irexec_value']}, device {v['device_value']}"
            )
    if bad:
        row.status, row.error = "differs", "; ".join(bad)
    return row
