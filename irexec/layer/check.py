"""``check_layer`` and ``run_layer``: a snippet's inputs gathered (given arrays, values comments,
``--random``), the layer run, and its outputs checked against the expected values the comments
give."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import SimpleNamespace

import ml_dtypes
import numpy as np

from ..api.inputs import check_input
from ..errors import InputError, IRExecError, ValidationError
from ..io.roles import data_input, declared_inputs
from ..limits import default_max_tensor_bytes
from ..ops.registry import lookup, newest_version
from ..shapes import compatible, fits, fmt, static
from ..types import ElementType, from_dtype
from .etypes import port_types
from .fill import randomize
from .parse import Port, Snippet, opset_name, parse_snippet
from .values import cast_values
from .wrap import run_wrapped


@dataclass
class Tensor:
    port: str
    element_type: ElementType
    array: np.ndarray
    source: str = ""  # inputs: "values comment", "random", or what the caller named


@dataclass
class Check:
    port: str
    expected: np.ndarray  # as the comment gives them (bool, int64 or float64)
    computed: np.ndarray
    mask: np.ndarray  # True where computed matches expected

    @property
    def match(self) -> bool:
        return bool(self.mask.all())

    @property
    def mismatches(self) -> int:
        return int(self.mask.size - np.count_nonzero(self.mask))


@dataclass
class LayerRun:
    """What ``check_layer`` found: the op run, its inputs and outputs (in port order), the
    checks of outputs whose expected values the snippet gives, and notes (such as indices that
    could not all differ)."""

    type: str
    version: str
    version_given: bool
    attrs: dict
    inputs: list
    outputs: list
    checks: list
    notes: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.match for c in self.checks)


def check_layer(
    xml,
    inputs=None,
    random: bool = False,
    seed: int = 0,
    *,
    path: str | None = None,
    opset: str | None = None,
    max_tensor_bytes: int | None = None,
    sources: dict | None = None,
) -> LayerRun:
    """Run the snippet ``xml`` (text, bytes or a parsed ``Snippet``) and check its outputs against
    the expected values its comments give. ``inputs``: arrays for input ports, a dict keyed by port
    id or index, or a list in port order (None: not given); they win over values comments.
    ``random``: invent values for inputs still missing (seeded by ``seed``). ``opset``: the version
    to run (default: the snippet's, else the newest irexec knows). ``sources``: port id -> where a
    given array came from, for reports. Raises IRExecError when the snippet cannot run; a mismatch
    is not an error: see ``LayerRun.ok`` and ``.checks``."""
    snippet = xml if isinstance(xml, Snippet) else parse_snippet(xml, path)
    budget = max_tensor_bytes or default_max_tensor_bytes()
    cls, version, given_version = _resolve(snippet, opset)
    try:
        op = cls(snippet.attrs)
        if cls.outputs_from_layer:
            op.num_outputs = len(snippet.outputs)
        problem = cls.arity_problem(len(snippet.inputs), None)
        if problem:
            raise ValidationError(problem)
    except IRExecError as e:
        raise e.located(file=snippet.path, line=snippet.line)
    decls = declared_inputs(cls, len(snippet.inputs))
    given = _given(snippet, inputs)
    snippet, notes = _column_indices(snippet, decls, given)
    known = {a.name for a in cls.attrs}
    notes += [
        f"attribute {k}={v!r} is not one of {cls.type} {version}'s: ignored"
        for k, v in snippet.attrs.items()
        if k not in known
    ]
    types = port_types(snippet, given, decls)
    feeds, labels = {}, {}
    for i, p in enumerate(snippet.inputs):
        where = dict(file=snippet.path, line=p.line, port=p.id)
        if i in given:
            try:
                feeds[i] = check_input(SimpleNamespace(name=p.id, element_type=types[i], shape=p.dims), given[i])
            except InputError as e:
                raise e.located(**where)
            labels[i] = (sources or {}).get(p.id, "given")
        elif p.values is not None:
            feeds[i] = cast_values(p.values, types[i], **dict(where, line=p.values_line))
            labels[i] = "values comment"
    missing = [i for i in range(len(snippet.inputs)) if i not in feeds]
    if missing and not random:
        p = snippet.inputs[missing[0]]
        raise InputError(
            f"no values for this input: give them in a comment (<!-- values: [...] -->), "
            f"with --input {p.id}=FILE.npy, or use --random",
            file=snippet.path,
            line=p.line,
            port=p.id,
        )
    if missing:
        notes += randomize(snippet, op, decls, types, feeds, missing, np.random.default_rng(seed), budget)
        labels.update({i: "random" for i in missing})
    outs = run_wrapped(snippet, cls, version, types, feeds, budget)
    checks = []
    for p, arr in zip(snippet.outputs, outs):
        _check_declared(snippet, p, arr)
        if p.values is not None:
            checks.append(Check(p.id, p.values, arr, _same(p.values, arr)))
    return LayerRun(
        snippet.type,
        version,
        given_version,
        op.attr_values(),
        [Tensor(p.id, types[i], feeds[i], labels[i]) for i, p in enumerate(snippet.inputs)],
        [Tensor(p.id, from_dtype(arr.dtype), arr) for p, arr in zip(snippet.outputs, outs)],
        checks,
        notes,
    )


def run_layer(xml_text, inputs=None, random: bool = False, seed: int = 0, **options) -> list:
    """The outputs (arrays, in port order) of the ``<layer>`` snippet ``xml_text``. Expected
    values in its comments are not asserted: ``check_layer`` returns those checks. ``options``:
    ``path``, ``opset`` and ``max_tensor_bytes``, as for ``check_layer``."""
    return [t.array for t in check_layer(xml_text, inputs, random, seed, **options).outputs]


def _resolve(snippet: Snippet, opset: str | None) -> tuple:
    version = opset_name(opset) if opset else snippet.version
    given = version is not None
    try:
        version = version or newest_version(snippet.type)
        return lookup(snippet.type, version), version, given
    except IRExecError as e:
        raise e.located(file=snippet.path, line=snippet.line)


def _given(snippet: Snippet, inputs) -> dict:
    if inputs is None:
        return {}
    if isinstance(inputs, (list, tuple)):
        if len(inputs) != len(snippet.inputs):
            raise InputError(f"the layer has {len(snippet.inputs)} inputs, {len(inputs)} were given")
        return {i: np.asarray(a) for i, a in enumerate(inputs) if a is not None}
    if not isinstance(inputs, dict):
        raise InputError("inputs must be a dict of port -> array, or a list in port order")
    given = {}
    for key, value in inputs.items():
        i = snippet.inputs.index(snippet.input_port(key))
        if i in given:
            raise InputError(f"input port {snippet.inputs[i].id} is given twice")
        given[i] = np.asarray(value)
    return given


def _column_indices(snippet: Snippet, decls: list, given: dict) -> tuple:
    """The specs' ScatterNDUpdate-15 XML examples declare 1-D indices [N] with 1-D data and
    updates [N]: as written the index tuples would have N entries, more than data's rank, so the
    layer is invalid; they mean one index per row, [N, 1]. Such "nd" indices (and only such: longer
    than data's rank, with updates, or else the output, fitting one index per row) are read that
    way, with a note."""
    k = next((i for i, d in enumerate(decls) if d.bound is not None and d.bound.kind == "nd"), None)
    if k is None or k in given:
        return snippet, []
    data, idx = snippet.inputs[data_input(decls)], snippet.inputs[k]
    if len(idx.dims) != 1 or not idx.dims[0].is_static or not data.dims or idx.dims[0].lo <= len(data.dims):
        return snippet, []
    n = idx.dims[0].lo
    want = static((n,)) + tuple(data.dims[1:])
    updates = next((snippet.inputs[i] for i, d in enumerate(decls) if d.name == "updates"), None)
    other = updates or (snippet.outputs[0] if snippet.outputs else None)
    if other is None or not compatible(want, other.dims):
        return snippet, []
    column = replace(idx, dims=static((n, 1)), values=None if idx.values is None else idx.values.reshape(n, 1))
    note = (
        f"input port {idx.id}: indices dims [{n}] read as [{n}, 1] (one index per row): as written, "
        f"each index would have {n} entries, more than data's rank {len(data.dims)}"
    )
    inputs = list(snippet.inputs)
    inputs[k] = column
    return replace(snippet, inputs=inputs), [note]


def _check_declared(snippet: Snippet, port: Port, arr: np.ndarray) -> None:
    where = dict(file=snippet.path, line=port.line, port=port.id)
    if not fits(port.dims, arr.shape):
        raise ValidationError(
            f"the layer computes shape {list(arr.shape)}, the port declares {fmt(port.dims)}", **where
        )
    if port.etype is not None and port.etype.dtype != arr.dtype:
        raise ValidationError(
            f"the layer computes {from_dtype(arr.dtype)}, the port declares {port.etype.precision}", **where
        )


def _same(expected: np.ndarray, computed: np.ndarray) -> np.ndarray:
    """Where computed matches expected: exactly for integers and booleans; for floats, once the
    expected value is rounded to the output's type, within 4 units in its last place."""
    etype = from_dtype(computed.dtype)
    if etype.name == "boolean":
        return expected.astype(bool) == computed
    if etype.is_integer:
        if expected.dtype.kind == "f":
            return expected == computed.astype(np.float64)
        return expected.astype(np.int64) == computed.astype(np.int64)
    e = expected.astype(etype.dtype).astype(np.float64)
    c = computed.astype(np.float64)
    with np.errstate(invalid="ignore"):
        close = np.abs(c - e) <= 4 * float(ml_dtypes.finfo(etype.dtype).eps) * np.abs(e)
    return (c == e) | close | (np.isnan(c) & np.isnan(e))
