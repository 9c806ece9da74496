"""``irexec run``: run a model on given or random inputs; show or save its outputs, and on request
profile the layers (``--profile``), compare the outputs with reference ones (``--compare``) and
save every intermediate tensor (``--dump``). A progress line appears on long runs when stderr is a
terminal. A model with variables (ReadValue/Assign) runs ``--steps N`` inferences on one request,
its variables carried from step to step; ``--dump-state`` saves them after the last.

Every extra is an observer of the executor (``Model.infer(..., observer=)``), called after each
layer with the arrays it just produced: the layers are timed by the executor itself, and a dump
writes each tensor before a later layer can reuse its buffer.
"""
from __future__ import annotations

import shutil
import statistics
import sys
from time import perf_counter

import click
import numpy as np

from ..errors import one_line, IRExecError, UsageError
from ..executor import Profiler, element_type_name
from ..shape_inference import fact_of, infer_shapes
from ..limits import fmt_bytes, parse_size
from ..model import check_input, read_model
from ..shapes import is_static, to_ints
from .io.dump import DumpDir
from .io.inputs import load_inputs, parse_shape_specs
from .io.npy import NpzReader
from .io.outputs import check_output_file, format_table, save_npz_atomic, storable, stored_nbytes
from .io.random_inputs import blame_random, random_inputs

DEFAULT_RTOL, DEFAULT_ATOL = 1e-5, 1e-8  # numpy.isclose's


@click.command()
@click.argument("model", type=click.Path(dir_okay=False))
@click.option("-w", "--weights", type=click.Path(dir_okay=False),
              help="The .bin file (default: the model's path with .bin).")
@click.option("-i", "--input", "input_specs", multiple=True, metavar="NAME=FILE.npy | FILE.npz",
              help="An input: NAME=FILE.npy, or a .npz keyed by input name. Repeatable. With --steps, "
                   "'{step}' in the path is replaced by the step's number (from 0); a path without it "
                   "gives the same input to every step.")
@click.option("--random", "use_random", is_flag=True,
              help="Fill every input not given with random values of its shape and type. An integer "
                   "input feeding an op's indices (directly, or through Convert, Reshape, Squeeze or "
                   "Unsqueeze) gets values in range for them (the smallest range, when it feeds "
                   "several).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random.")
@click.option("--shape", "shape_specs", multiple=True, metavar="NAME=D1,D2,...",
              help="With --random: the shape to use for an input with dynamic dims. Repeatable.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write all outputs to this .npz, keyed by output name (written only on success). "
                   "With --steps N > 1 the path must hold '{step}': one .npz per step, all written "
                   "once every step has run.")
@click.option("--max-bytes", metavar="SIZE",
              help="The most one tensor may take, e.g. 512M or 4G; a model or input that would need "
                   "more is refused before allocating. Default: half the memory, at most 16G.")
@click.option("--profile", is_flag=True,
              help="After the run, list each layer's time and output size, slowest first.")
@click.option("--repeat", type=click.IntRange(min=1), default=1, metavar="N",
              help="With --profile: run N times and show each layer's median time.")
@click.option("--compare", "reference", type=click.Path(dir_okay=False), metavar="REF.npz",
              help="Compare the outputs with the arrays of REF.npz (keyed by output name); exit 1 "
                   "if any differs.")
@click.option("--rtol", type=float, metavar="R",
              help=f"With --compare: relative tolerance for float outputs (default {DEFAULT_RTOL:g}).")
@click.option("--atol", type=float, metavar="A",
              help=f"With --compare: absolute tolerance for float outputs (default {DEFAULT_ATOL:g}).")
@click.option("--dump", "dump_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="Save every input and intermediate tensor as DIR/<n>_<layer>_id<id>.npy, listed "
                   "in DIR/index.json.")
@click.option("--steps", type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
              help="Run N inferences on one request: a model's variables (ReadValue/Assign, such as a KV "
                   "cache) carry from each step to the next. --random draws new inputs each step (seed "
                   "+ step); see -i and -o for files per step.")
@click.option("--dump-state", "state_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="After the last step, save each variable of the model as DIR/<name>.npy (names made "
                   "safe for files), listed in DIR/index.json. DIR must be absent or empty; it is "
                   "written only when every step succeeds.")
def run(model, weights, input_specs, use_random, seed, shape_specs, output, max_bytes, profile, repeat,
        reference, rtol, atol, dump_dir, steps, state_dir):
    """Run MODEL on the given inputs and show or save its outputs.

    \b
    Examples:
      irexec run models/kv_cache_update.xml --random
      irexec run model.xml -i data=data.npy -i indices=idx.npy -o out.npz
      irexec run model.xml --random --profile --repeat 10
      irexec run model.xml -i inputs.npz --compare expected.npz --atol 1e-6
      irexec run model.xml --random --dump layers/
      irexec run llm.xml -i ids=step{step}.npy -i mask=mask.npy --steps 4 -o out{step}.npz
      irexec run llm.xml --random --steps 3 --dump-state cache/
    """
    if repeat > 1 and not profile:
        raise UsageError("--repeat needs --profile")
    if (rtol is not None or atol is not None) and not reference:
        raise UsageError("--rtol and --atol need --compare")
    for flag, value in (("--rtol", rtol), ("--atol", atol)):
        if value is not None and not value >= 0:  # (NaN fails too)
            raise UsageError(f"{flag} must be a number >= 0, got {value}")
    rtol = DEFAULT_RTOL if rtol is None else rtol
    atol = DEFAULT_ATOL if atol is None else atol
    if steps > 1 or state_dir:
        from .steps import run_steps  # (it runs each step by _run, below)
        return run_steps(model, weights, input_specs, use_random, seed, shape_specs, output, max_bytes,
                         profile, repeat, reference, dump_dir, steps, state_dir)

    m = read_model(model, weights, parse_size(max_bytes) if max_bytes else None)
    feeds = load_inputs(m, input_specs)
    shapes = parse_shape_specs(m, shape_specs)
    made = random_inputs(m, feeds, shapes, seed) if use_random else {}
    feeds.update(made)
    if output:
        check_output_file(output)
    ref = NpzReader(reference, m.max_tensor_bytes) if reference else None
    try:
        dump = _start_dump(m, feeds, dump_dir) if dump_dir else None
        try:
            results, profiler, walls = _run(m, feeds, profile, repeat, dump, set(made))
            if output:
                save_npz_atomic(output, results)
            if dump:
                dump.finish(_output_sources(m))
        except BaseException:
            if dump:
                dump.discard()
            raise
        if output:
            click.echo(f"wrote {len(results)} output(s) to {output}")
        elif not ref:
            click.echo(format_table(m, results))
        if profiler:
            click.echo(profile_table(profiler.get_profiling_info(), repeat, statistics.median(walls)))
        if dump:
            click.echo(f"dumped {len(dump.tensors)} tensor(s), {fmt_bytes(dump.written)}, to {dump_dir} "
                       f"(listed in its index.json)")
        if ref:
            lines, failure = compare_outputs(m, results, ref, reference, rtol, atol)
            click.echo("\n".join(lines))
            if failure:
                raise IRExecError(failure)
    finally:
        if ref:
            ref.close()


def _run(m, feeds, profile, repeat, dump, random_names=frozenset(), profiler=None):
    """Run ``repeat`` times; the dump watches the first run only. Returns the last outputs, the
    profiler and each run's wall time. ``random_names``: the inputs --random made."""
    profiler = profiler or (Profiler() if profile else None)
    progress = Progress.on_terminal(sys.stderr, len(m.plan.steps) * repeat)
    dump_observer = _dump_observer(dump) if dump else None
    walls = []
    try:
        for k in range(repeat):
            observer = _chain(profiler, progress, dump_observer if k == 0 else None)
            start = perf_counter()
            try:
                results = m.infer(feeds, observer=observer)
            except IRExecError as e:
                blame_random(m, e, random_names)
                if dump and k == 0 and e.layer_id is not None:
                    _keep_failed_dump(m, dump, e)
                raise
            walls.append(perf_counter() - start)
    finally:
        if progress:
            progress.close()
    return results, profiler, walls


def _chain(*observers):
    observers = [o for o in observers if o is not None]
    if len(observers) <= 1:
        return observers[0] if observers else None

    def observe(layer, outputs, seconds):
        for o in observers:
            o(layer, outputs, seconds)
    return observe


# --dump

def _start_dump(m, feeds: dict, path: str) -> DumpDir:
    """Check the target and the disk before running; the inputs go in first."""
    arrays = {info.layer_id: check_input(info, feeds[info.name]) for info in m.inputs if info.name in feeds}
    dump = DumpDir(path, m.name, _dump_estimate(m, arrays))
    try:
        for info in m.inputs:
            if info.layer_id in arrays:
                dump.add(m.graph.layer(info.layer_id), 0, 1, arrays[info.layer_id], info.element_type.name)
    except BaseException:
        dump.discard()
        raise
    return dump


def _dump_estimate(m, arrays: dict) -> int:
    """The bytes a dump will take, from a shape-inference pass on the actual inputs (0 when the
    pass cannot size them; the dump still stops at the disk's free space as it writes)."""
    if len(arrays) != len(m.inputs):
        return 0  # an input is missing: the run will say so
    try:
        facts = infer_shapes(m.graph, m.plan.order, {lid: fact_of(arr, m.graph.layer(lid).op.element_type)
                                                    for lid, arr in arrays.items()})
    except IRExecError:
        return 0  # the run will report it
    total = 0
    for (lid, _), fact in facts.items():
        if m.graph.layer(lid).type == "Const" or fact.etype is None or not is_static(fact.shape):
            continue
        total += stored_nbytes(int(np.prod(to_ints(fact.shape), dtype=object)), fact.etype.dtype) + 128
    return total


def _dump_observer(dump: DumpDir):
    def observe(layer, outputs, seconds):
        for i, arr in enumerate(outputs):
            dump.add(layer, i, len(outputs), arr, element_type_name(layer, i, arr))
    return observe


def _output_sources(m) -> dict:
    return {info.name: m.graph.producers(info.layer_id)[0] for info in m.outputs}


def _keep_failed_dump(m, dump: DumpDir, error: IRExecError) -> None:
    """A run that fails in a layer keeps its dump, marked incomplete: the tensors up to the
    failing layer are what one needs to see why it failed."""
    dump.finish(_output_sources(m), error=str(error))
    click.echo(f"dumped {len(dump.tensors)} tensor(s) to {dump.path} before the run failed "
               f"(its index.json says so)")


# --profile

def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}"


def profile_table(infos: list, runs: int, wall: float) -> str:
    """Each layer, slowest first (ties in execution order), then the total."""
    total = sum(i.seconds for i in infos)
    rows = [("time ms", "share", "layer", "type", "id", "output", "size")]
    for i in sorted(infos, key=lambda i: -i.seconds):
        outs = "; ".join(f"{et} {list(shape)}" for shape, et in i.outputs) or "-"
        rows.append((_ms(i.seconds), _share(i.seconds, total), one_line(i.node_name), one_line(i.node_type),
                     one_line(i.node_id), outs, fmt_bytes(i.nbytes) if i.outputs else "-"))
    rows.append((_ms(total), _share(total, total), f"total: {len(infos)} layers", "", "", "",
                 fmt_bytes(sum(i.nbytes for i in infos))))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [r[0].rjust(widths[0]), r[1].rjust(widths[1])] + [c.ljust(w) for c, w in zip(r[2:], widths[2:])]
        lines.append("  ".join(cells).rstrip())
    how = "one run" if runs == 1 else f"median of {runs} runs"
    lines.append(f"({how}; the whole infer() call took {_ms(wall)} ms)")
    return "\n".join(lines)


def _share(part: float, total: float) -> str:
    return f"{100 * part / total:.1f}%" if total > 0 else "-"


# --compare

_CHUNK = 1 << 18  # elements compared at a time: the float64 temporaries stay a few MiB


def compare_outputs(m, results: dict, ref: NpzReader, label: str, rtol: float, atol: float):
    """One line per output (and per reference array that names no output); the error message
    when anything differs, else None."""
    unused = dict.fromkeys(ref.members)
    lines, failed = [], 0
    for info in m.outputs:
        name = one_line(info.name)
        key = next((k for k in (info.name,) + tuple(info.names) if k in unused), None)
        if key is None:
            lines.append(f"MISSING   {name}: not in '{label}'")
            failed += 1
            continue
        del unused[key]
        got, want = storable(results[info.name]), ref.read(key)
        note = "" if want.dtype == got.dtype else f" (reference {want.dtype}, output {info.element_type})"
        if got.shape != want.shape:
            lines.append(f"SHAPE     {name}: shape {list(got.shape)}, '{label}' has {list(want.shape)}{note}")
            failed += 1
            continue
        exact = got.dtype.kind in "biu" and want.dtype.kind in "biu"
        bad, max_abs, max_rel, first = compare_arrays(got, want, rtol, atol, exact)
        errs = f"max abs err {_num(max_abs)}, max rel err {_num(max_rel)}"
        if bad:
            at = [int(i) for i in np.unravel_index(first, got.shape)]
            lines.append(f"MISMATCH  {name}: {bad} of {got.size} elements differ ({errs}); first at {at}: "
                         f"expected {_value(want, first)}, got {_value(got, first)}{note}")
            failed += 1
        elif exact:
            lines.append(f"ok        {name}: {got.size} elements equal{note}")
        else:
            lines.append(f"ok        {name}: {got.size} elements within tolerance ({errs}){note}")
    for key in unused:
        known = ", ".join(one_line(i.name) for i in m.outputs)
        lines.append(f"EXTRA     {one_line(key)}: in '{label}', but no output has that name (outputs: {known})")
    problems = []
    if failed:
        problems.append(f"{failed} of {len(m.outputs)} output(s) differ from '{label}'")
    if unused:
        problems.append(f"'{label}' holds {len(unused)} array(s) that name no output")
    if not problems:
        lines.append(f"all {len(m.outputs)} output(s) match '{label}' (floats: rtol {rtol:g}, atol {atol:g}; "
                     f"integers exactly)")
    return lines, "; ".join(problems) or None


def compare_arrays(got: np.ndarray, want: np.ndarray, rtol: float, atol: float, exact: bool):
    """(mismatches, max abs err, max rel err, flat index of the first mismatch) of two arrays of
    one shape. Integers and booleans against integers are compared exactly; anything else in
    float64 with numpy.isclose(got, want, rtol, atol, equal_nan=True). The errors are NaN when a
    NaN meets a number, inf when an infinity meets something else."""
    g, w = np.ascontiguousarray(got).reshape(-1), np.ascontiguousarray(want).reshape(-1)
    bad, max_abs, max_rel, first = 0, 0.0, 0.0, None
    for a in range(0, g.size, _CHUNK):
        gs, ws = g[a:a + _CHUNK], w[a:a + _CHUNK]
        gf, wf = gs.astype(np.float64), ws.astype(np.float64)
        mask = np.not_equal(gs, ws) if exact else ~np.isclose(gf, wf, rtol=rtol, atol=atol, equal_nan=True)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            diff = np.abs(gf - wf)
            diff[(gf == wf) | (np.isnan(gf) & np.isnan(wf))] = 0  # equal infinities, NaN pairs
            rel = np.where(diff == 0, 0.0, diff / np.abs(wf))
        if diff.size:
            max_abs, max_rel = _max(max_abs, diff.max()), _max(max_rel, rel.max())
        n = int(np.count_nonzero(mask))
        if n and first is None:
            first = a + int(np.argmax(mask))
        bad += n
    return bad, max_abs, max_rel, first


def _max(a: float, b: float) -> float:
    return float("nan") if np.isnan(a) or np.isnan(b) else max(a, float(b))


def _value(arr: np.ndarray, flat: int) -> str:
    return str(arr.reshape(-1)[flat])  # (str, not format: format widens a float32 to float64)


def _num(x: float) -> str:
    return f"{x:.4g}"


# progress

class Progress:
    """A one-line progress report for long runs, on a terminal only, and only once a run has
    lasted DELAY seconds: short runs, pipes and tests stay quiet."""

    DELAY, INTERVAL = 1.0, 0.1

    def __init__(self, stream, total: int):
        self.stream, self.total, self.done = stream, max(total, 1), 0
        self.start = perf_counter()
        self._next = self.start + self.DELAY
        self._width = 0

    @classmethod
    def on_terminal(cls, stream, total: int):
        try:
            return cls(stream, total) if stream.isatty() else None
        except (AttributeError, ValueError):  # a closed or unusual stream
            return None

    def __call__(self, layer, outputs, seconds) -> None:
        self.done += 1
        now = perf_counter()
        if now >= self._next:
            self._next = now + self.INTERVAL
            self._draw(now)

    def _draw(self, now: float) -> None:
        frac = min(self.done / self.total, 1.0)
        bar = "#" * int(24 * frac)
        text = f"running: {self.done}/{self.total} layers [{bar:<24}] {100 * frac:3.0f}%  {now - self.start:.1f} s"
        text = text[:max(shutil.get_terminal_size().columns - 1, 10)]
        self.stream.write("\r" + text.ljust(self._width))
        self.stream.flush()
        self._width = len(text)

    def close(self) -> None:
        if self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0
