"""``irexec.compare``: run a model in irexec and on an OpenVINO device with every intermediate
tensor exposed, and find the first layer whose outputs depart while its inputs agree.

The device side reads the same IR with OpenVINO and adds a Result for each layer output it
compares, in batches of at most ``batch`` outputs and BATCH_BYTES of them (sized by a first
irexec run): every exposed output keeps a buffer of its own on the device, so a batch bounds the
memory, while each compile costs about as much as the whole model (a 4000-layer chain: 5 to
18 s a compile on a shared 2-core machine, whether it exposes no outputs or 1000), so batches
are as large as that allows. irexec
runs once per batch too, keeping copies of that batch's tensors only. Layers are matched by name
(OpenVINO's friendly name is the IR layer's name) and output index; a layer the device side has
no tensor for is skipped and listed.

irexec is the reference: a tensor differs when ``numpy.isclose(device, irexec, rtol, atol)`` fails
somewhere (integers and booleans exactly). A layer is the culprit when an output differs while
none of its inputs does (an input from a skipped layer differs when anything upstream does; at a
later step of a stateful model a ReadValue's input is also the value its Assign kept). Inputs
that agree within tolerance can still differ a little, and a layer can magnify that (a product
of two such inputs): so a candidate is run once more in irexec on the device's own input values,
and when that gives the device's output, the layer is not the culprit: the difference grew.

Beyond the culprit (irexec.compare.origin): the origin, where the difference that reaches an
output first appears, below tolerance too, traced back from that output; the effect on the outputs
of each departure docs/differences.md knows of (and of the culprit), by running irexec on with the
device's value of that tensor; and the WORST rows that differ at all, with histograms of their
values and errors, taken while their tensors are at hand.
"""

from __future__ import annotations

import numpy as np

from ..api.inputs import check_input
from ..api.model import read_model
from ..errors import IRExecError, UsageError
from .device import Device, import_openvino, matched_ports
from .measures import histograms, pair_measures
from .origin import Tracer, _named, _num, device_values
from .report import CompareReport, LayerRow, Skipped, known_departures, why  # noqa: F401

DEFAULT_RTOL, DEFAULT_ATOL = 1e-3, 1e-4  # what tests/models/test_corpus.py holds real models to in f32
BATCH = 1000  # outputs exposed per compile at most (see the module docstring; --batch)
BATCH_BYTES = 256 << 20  # and their bytes at most (one output larger than that goes alone)
_NO_RECHECK = ("ReadValue",)  # ops that read a request's state: not run alone
WORST = 4  # rows kept with histograms


def compare(
    model,
    inputs=None,
    device: str = "CPU",
    rtol: float = DEFAULT_RTOL,
    atol: float = DEFAULT_ATOL,
    precision: str | None = "f32",
    weights: str | None = None,
    batch: int = BATCH,
    until_first: bool = False,
    max_tensor_bytes: int | None = None,
) -> CompareReport:
    """Compare every intermediate output of the IR ``model`` (a path to its .xml) in irexec and on
    the OpenVINO ``device``. ``inputs``: one dict as ``Model.infer`` takes, or a list of such
    dicts, one per step of a stateful model (its variables carry from step to step on both
    sides). ``precision``: the device's INFERENCE_PRECISION_HINT (None: the device's default).
    ``until_first``: stop once the first culprit is certain."""
    ov = import_openvino()
    steps = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs or {}]
    if not steps:
        raise UsageError("compare: no steps to run (an empty list of inputs)")
    if batch < 1:
        raise UsageError(f"compare: batch must be at least 1, got {batch}")
    m = read_model(model, weights, max_tensor_bytes)
    steps = [_by_layer(m, feeds) for feeds in steps]
    graph = m.graph
    dev = Device(ov, model, weights, device, {"INFERENCE_PRECISION_HINT": precision} if precision else {}, graph)
    ports, skipped = matched_ports(graph, m.plan.order, dev.nodes)
    known = known_departures()
    rows = {}  # (step, layer id, output) -> LayerRow
    report = CompareReport(str(model), device, precision, rtol, atol, len(steps), [], skipped)
    batches = _batches(ports, _run_irexec(m, steps, set(ports), sizes_only=True), batch)
    worst = []  # (max_rel, the row's dict with its histograms), the largest WORST
    for n, todo in enumerate(batches):
        mine = _run_irexec(m, steps, set(todo))
        theirs = dev.run(todo, steps, skipped)
        for k in range(len(steps)):
            for key in todo:
                if key in theirs[k]:
                    row = _compare(graph.layer(key[0]), key[1], k, mine[k][key], theirs[k][key], rtol, atol)
                    rows[(k,) + key] = row
                    _keep_worst(worst, row, mine[k][key], theirs[k][key], len(rows))
        report.rows = _ordered(graph, m.plan.order, rows, len(steps), known)
        last = n == len(batches) - 1
        if until_first or last:
            _recheck(dev, graph, report.rows, steps, rtol, atol, batch)
        first = report.first
        if until_first and first is not None and first.step == 0 and not last:
            report.complete = False  # (at step 0 nothing later in the order can come before it)
            break
    report.worst = [entry for _, _, entry in sorted(worst, key=lambda w: (-w[0], w[1]))]
    tracer = Tracer(m, steps, device_values(dev, steps, batch), rtol, atol)
    report.departures = tracer.departures(report.rows, report.first)
    report.origin = tracer.trace(report.rows)
    return report


def _keep_worst(worst: list, row: LayerRow, mine, theirs, seen: int) -> None:
    """Keep ``row`` among the WORST rows by max_rel that differ at all, with its histograms
    (computed only when it is kept: the tensors are at hand only now)."""
    from ..io.outputs import storable

    if row.equal or row.shape_note:
        return
    rel = float("inf") if np.isnan(row.max_rel) else row.max_rel
    if len(worst) == WORST and rel <= min(w[0] for w in worst):
        return
    entry = {**_named(row), "max_rel": _num(row.max_rel), "max_abs": _num(row.max_abs)}
    entry.update(histograms(storable(np.asarray(mine)), storable(np.asarray(theirs))))
    worst.append((rel, seen, entry))
    if len(worst) > WORST:
        worst.remove(min(worst, key=lambda w: (w[0], -w[1])))  # (of equals, the one seen first stays)


def _by_layer(m, feeds) -> dict:
    """One step's inputs keyed by their Parameter's layer id, checked as ``Model.infer`` checks them."""
    if not isinstance(feeds, dict):
        feeds = dict(enumerate(feeds))  # (a list in input order)
    out = {}
    for key, value in feeds.items():
        info = m.input(key)
        out[info.layer_id] = check_input(info, value)
    return out


def _batches(ports: list, sizes: list, most: int) -> list:
    """``ports`` in order, cut into runs of at most ``most`` outputs and BATCH_BYTES (``sizes``:
    per step, the bytes of each output)."""
    out, todo, total = [], [], 0
    for key in ports:
        size = max((s.get(key, 0) for s in sizes), default=0)
        if todo and (len(todo) == most or total + size > BATCH_BYTES):
            out.append(todo)
            todo, total = [], 0
        todo.append(key)
        total += size
    return out + [todo] if todo else out


def _run_irexec(m, steps: list, wanted: set, sizes_only: bool = False) -> list:
    """Per step, copies of the outputs in ``wanted`` (top-level layers only; their sizes in bytes
    when ``sizes_only``), on a new request."""
    request = m.create_infer_request() if m.stateful else None
    per_step = []
    for feeds in steps:
        seen = {}

        def observe(layer, outputs, seconds):
            if not layer.scope[0]:
                for k, out in enumerate(outputs):
                    if (layer.id, k) in wanted:
                        # (a copy: a later layer may reuse the buffer)
                        seen[(layer.id, k)] = out.nbytes if sizes_only else np.array(out)  # noqa: B023 (called within this iteration)

        try:
            (request or m).infer(
                {i: feeds[info.layer_id] for i, info in enumerate(m.inputs) if info.layer_id in feeds}, observer=observe
            )
        except IRExecError as e:
            if len(steps) > 1:
                e.message = f"{e.message} (at step {len(per_step)})"
                e.args = (e.message,)
            raise
        per_step.append(seen)
    return per_step


def _compare(layer, k: int, step: int, mine: np.ndarray, theirs: np.ndarray, rtol: float, atol: float) -> LayerRow:
    from ..io.outputs import storable

    row = LayerRow(step, layer.name, layer.id, layer.type, k, layer.line, int(np.size(mine)))
    # (widened once for both measures: storable is a no-op on what it already widened)
    wide_mine, wide_theirs = storable(np.asarray(mine)), storable(np.asarray(theirs))
    found = _differences(wide_mine, wide_theirs, rtol, atol)
    if isinstance(found, str):
        row.mismatches, row.shape_note = max(row.size, 1), found
        row.equal, row.mean_rel = False, float("nan")
        return row
    row.equal, row.peak, row.mean_rel = pair_measures(wide_mine, wide_theirs, atol)
    if found[0]:
        row.mismatches, row.max_abs, row.max_rel, first = found
        row.first_index = [int(i) for i in np.unravel_index(first, np.shape(mine))]
        row.irexec_value = str(np.reshape(mine, -1)[first])
        row.device_value = str(np.reshape(theirs, -1)[first])
    else:
        row.max_abs, row.max_rel = found[1], found[2]
    return row


def _differences(mine, theirs, rtol: float, atol: float):
    """(mismatches, max abs err, max rel err, first flat index) of the device's values against
    irexec's, or a note when the shapes differ."""
    from ..io.compare_outputs import compare_arrays
    from ..io.outputs import storable  # (the helpers of run --compare: one comparison for both)

    mine, theirs = storable(np.asarray(mine)), storable(np.asarray(theirs))
    if mine.shape != theirs.shape:
        return f"shape {list(theirs.shape)} on the device, {list(mine.shape)} in irexec"
    exact = mine.dtype.kind in "biu" and theirs.dtype.kind in "biu"
    return compare_arrays(theirs, mine, rtol, atol, exact)


def _ordered(graph, order: list, rows: dict, steps: int, known: dict) -> list:
    """The rows in (step, execution order), each differing one told whether its inputs agree."""
    kept = {}  # variable_id -> whether the value its Assign kept differs
    out = []
    for step in range(steps):
        now = {}  # (layer id, output) -> whether it differs at this step (through skipped layers too)
        for lid in order:
            layer = graph.layer(lid)
            feeds = graph.producers(lid)
            bad_in = [
                f"'{graph.layer(src).name}' output {i}"
                for src, i in (feeds[j] for j in sorted(feeds))
                if now.get((src, i))
            ]
            if layer.type == "ReadValue" and step and kept.get(layer.attrs.get("variable_id")):
                bad_in.append(f"the value of variable '{layer.attrs.get('variable_id')}' from step {step - 1}")
            for k in range(len(layer.outputs)):
                row = rows.get((step, lid, k))
                if row is None:
                    now[(lid, k)] = bool(bad_in)
                    continue
                now[(lid, k)] = row.differs
                if row.differs:
                    row.inputs_agree, row.differing_inputs = not bad_in, bad_in
                    row.known = [] if bad_in else why(known, layer, graph)
                out.append(row)
            if layer.type == "Assign" and feeds:
                kept[layer.attrs.get("variable_id")] = now.get(feeds[0], False)
    return out


def _recheck(dev: Device, graph, rows: list, steps: list, rtol: float, atol: float, batch: int) -> None:
    """Run each candidate culprit not yet checked in irexec on the device's own input values."""
    todo = [r for r in rows if r.differs and r.inputs_agree and r.on_device_inputs is None and r.recheck_note is None]
    for row in todo:
        layer = graph.layer(row.layer_id)
        if layer.bodies or layer.type in _NO_RECHECK:
            row.recheck_note = "a layer with a body or state is not run alone"
        elif row.shape_note:
            row.recheck_note = "the shapes differ"
        elif any(graph.layer(src).name not in dev.nodes for src, _ in graph.producers(layer.id).values()):
            row.recheck_note = "an input has no device tensor"
    todo = [r for r in todo if r.recheck_note is None]
    need = []
    for row in todo:
        feeds = graph.producers(row.layer_id)
        for key in [feeds[j] for j in sorted(feeds)] + [(row.layer_id, row.output)]:
            if key not in need:
                need.append(key)
    values = [{} for _ in steps]
    for start in range(0, len(need), batch):
        for k, got in enumerate(dev.run(need[start : start + batch], steps, None)):
            values[k].update(got)
    for row in todo:
        _recheck_row(graph.layer(row.layer_id), row, values[row.step], graph, rtol, atol)


def _recheck_row(layer, row: LayerRow, values: dict, graph, rtol: float, atol: float) -> None:
    feeds = graph.producers(layer.id)
    keys = [feeds[j] for j in sorted(feeds)]
    if any(key not in values for key in keys + [(layer.id, row.output)]):
        row.recheck_note = "the device cannot expose its inputs"
        return
    ins = [values[key] for key in keys]
    for j, (arr, port) in enumerate(zip(ins, layer.inputs)):
        if port.etype is not None and arr.dtype != port.etype.dtype:
            row.recheck_note = f"the device gives input {j} as {arr.dtype}, the IR declares {port.etype.name}"
            return
    try:
        with np.errstate(all="ignore"):
            outs = layer.op.evaluate(ins)
    except Exception as e:  # (an input out of the op's range: irexec refuses what the device took)
        row.recheck_note = f"irexec refuses the device's inputs: {e}"
        return
    found = _differences(np.asarray(outs[row.output]), values[(layer.id, row.output)], rtol, atol)
    row.on_device_inputs = isinstance(found, str) or found[0] > 0
