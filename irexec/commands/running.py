"""How ``irexec run`` runs a model once its inputs are made (``--steps`` runs each step the same
way): the repeated inferences and their observers (progress, profile, dump), and the warning
``--no-check`` gives."""

from __future__ import annotations

import sys
from time import perf_counter
from typing import TYPE_CHECKING

import click
import numpy as np

from ..api.inputs import check_input
from ..check.shape_inference import fact_of, infer_shapes
from ..errors import IRExecError, one_line
from ..io.outputs import stored_nbytes
from ..io.progress import Progress
from ..io.random_inputs import blame_random
from ..run.profiling import Profiler, element_type_name
from ..shapes import is_static, to_ints

if TYPE_CHECKING:
    from ..io.dump import DumpDir


def warn_waived(m) -> None:
    """--no-check: one line on stderr for the errors it let through."""
    if m.waived:
        first = m.waived[0]
        more = f" (and {len(m.waived) - 1} more)" if len(m.waived) > 1 else ""
        click.echo(f"warning: --no-check: running a model lint rejects: {one_line(str(first))}{more}", err=True)


def run_repeated(m, feeds, repeat, dump, random_names=frozenset(), profiler=None):
    """Run ``repeat`` times; the dump watches the first run only, ``profiler`` (when given) every
    one. Returns the last outputs and each run's wall time. ``random_names``: the inputs --random
    made."""
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
    return results, walls


def run_profiled(m, feeds, repeat, dump, random_names=frozenset()):
    """--profile, measured as benchmark_app measures: a first run (cold: it sizes the model for its
    inputs and unpacks its constants), then ``repeat`` runs without the per-layer hooks, whose
    times are the latency; then ``repeat`` profiled runs, whose medians are each layer's time (the
    hooks' own cost stays out of the latency). Returns the outputs, the profiler, the wall times
    of the first and the plain runs, and those of the profiled runs."""
    _, walls = run_repeated(m, feeds, 1 + repeat, dump, random_names)
    profiler = Profiler()
    results, profiled = run_repeated(m, feeds, repeat, None, random_names, profiler)
    return results, profiler, walls, profiled


def _chain(*observers):
    observers = [o for o in observers if o is not None]
    if len(observers) <= 1:
        return observers[0] if observers else None

    def observe(layer, outputs, seconds):
        for o in observers:
            o(layer, outputs, seconds)

    return observe


# --dump


def start_dump(m, feeds: dict, path: str) -> DumpDir:
    """Check the target and the disk before running; the inputs go in first."""
    from ..io.dump import DumpDir

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
        facts = infer_shapes(
            m.graph,
            m.plan.order,
            {lid: fact_of(arr, m.graph.layer(lid).op.element_type) for lid, arr in arrays.items()},
        )
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


def output_sources(m) -> dict:
    return {info.name: m.graph.producers(info.layer_id)[0] for info in m.outputs}


def _keep_failed_dump(m, dump: DumpDir, error: IRExecError) -> None:
    """A run that fails in a layer keeps its dump, marked incomplete: the tensors up to the
    failing layer are what one needs to see why it failed."""
    dump.finish(output_sources(m), error=str(error))
    click.echo(
        f"dumped {len(dump.tensors)} tensor(s) to {one_line(dump.path)} before the run failed (its index.json says so)"
    )
