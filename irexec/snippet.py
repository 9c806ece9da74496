"""Run a lone ``<layer>`` element as the operation specs print it (``irexec layer``, ``run_layer``).

A snippet is taken as pasted: the ``...`` placeholder in the start tag, type names in the specs'
spelling (``ScatterNdUpdate``), attributes on ``<layer>`` itself rather than in ``<data>``, ports
with only dims (no precision, sometimes no id), and comments giving a port's values
(``<!-- values: [1, 2, 3, 4] -->``, ``<!-- value [0] -->``): an input's values, or the values an
output is expected to have. The snippet is wrapped into a whole IR (a Parameter per input port, the
layer, a Result per output port) and read and run like any model, so it is checked the same way;
errors point back into the snippet's file and lines.

Element types of ports without a ``precision`` (``port_types``): an index, axis or shape input
(``INPUT_ROLES``) is i64; a data input takes the type of the array given for it, else of another
data input, else the output's precision, else boolean when its values are true/false, else f32.

Random inputs (``random=True``): data gets uniform values in [-1, 1) (integers in [-100, 100));
indices are valid for the op (``INDEX_RULES``): in range, and with distinct targets for a scatter
whose reduction is none, whenever there are enough positions for that.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Optional

import ml_dtypes
import numpy as np
from lxml import etree

from .errors import InputError, IRExecError, ParseError, UsageError, ValidationError
from .limits import default_max_tensor_bytes, fmt_bytes
from .model import check_input, model_from_string
from .ops.common import scalar_int
from .ops.op import Fact
from .ops.registry import REGISTRY, lookup
from .shape_inference import layer_facts
from .reader import MAX_ATTRIBUTES, MAX_LAYER_ELEMENTS, _parser, _syntax_message, prepare_xml
from .shapes import MAX_RANK, compatible, fits, fmt, is_static, normalize_axis, parse_dim, static, to_ints
from .types import BY_NAME, ElementType, from_dtype, from_precision

# A snippet is one layer: far below what reading a whole IR allows. Its values comments are
# bounded by libxml2's 10,000,000 characters for one comment.
MAX_SNIPPET_BYTES = 32 << 20

I64, F32, BOOLEAN = BY_NAME["i64"], BY_NAME["f32"], BY_NAME["boolean"]

# Inputs that are not data, by op type and input index: they decide element types (an index, axis
# or shape input is i64 unless its port says otherwise) and what --random may invent ("int"
# inputs, such as a Reshape's target shape, it cannot).
INPUT_ROLES = {
    "ScatterUpdate": {1: "indices", 3: "axis"},
    "ScatterElementsUpdate": {1: "indices", 3: "axis"},
    "ScatterNDUpdate": {1: "indices"},
    "Gather": {1: "indices", 2: "axis"},
    "GatherElements": {1: "indices"},
    "GatherND": {1: "indices"},
    "Reshape": {1: "int"}, "Squeeze": {1: "int"}, "Unsqueeze": {1: "int"}, "Transpose": {1: "int"},
    "Broadcast": {1: "int", 2: "int"}, "StridedSlice": {1: "int", 2: "int", 3: "int"},
    "Slice": {1: "int", 2: "int", 3: "int", 4: "int"},
    "Select": {0: "bool"}, "LogicalNot": {0: "bool"}, "LogicalAnd": {0: "bool", 1: "bool"},
    "LogicalOr": {0: "bool", 1: "bool"}, "LogicalXor": {0: "bool", 1: "bool"},
}


@dataclass(frozen=True)
class IndexRule:
    """How --random makes an op's indices (input 1) valid. ``kind``: "take" (each index picks a
    slice along the axis), "elements" (one index per element, along the axis), "nd" (index tuples
    over data's leading dims, after batch_dims). ``axis_input``: the input holding the axis (else
    the ``axis`` attribute). ``scatter``: targets must differ when the reduction is none."""
    kind: str
    axis_input: Optional[int] = None
    scatter: bool = False


INDEX_RULES = {
    "ScatterUpdate": IndexRule("take", axis_input=3, scatter=True),
    "ScatterElementsUpdate": IndexRule("elements", axis_input=3, scatter=True),
    "ScatterNDUpdate": IndexRule("nd", scatter=True),
    "Gather": IndexRule("take", axis_input=2),
    "GatherElements": IndexRule("elements"),
    "GatherND": IndexRule("nd"),
}


# ---- reading the snippet ------------------------------------------------------------------------

@dataclass
class Port:
    id: str
    line: Optional[int]
    etype: Optional[ElementType]           # its precision, when written
    dims: tuple                            # a partial shape
    values: Optional[np.ndarray] = None    # from its comment: bool, int64 or float64, fitted to dims
    values_line: Optional[int] = None


@dataclass
class Snippet:
    path: Optional[str]
    line: int
    type: str                              # as irexec spells it
    version: Optional[str]                 # as written (normalised to "opsetN"), or None
    name: Optional[str]
    id: Optional[str]
    attrs: dict
    inputs: list
    outputs: list

    def input_port(self, key) -> Port:
        """An input by port id, else by index (an int, or a string of digits)."""
        text = str(key)
        for p in self.inputs:
            if p.id == text:
                return p
        if text.isascii() and text.isdecimal() and int(text) < len(self.inputs):
            return self.inputs[int(text)]
        known = ", ".join(p.id for p in self.inputs) or "none"
        raise UsageError(f"the layer has no input port {text!r} (input ports: {known})", file=self.path)


_LAYER_START = re.compile(rb"<layer\b")
_START_TAG = re.compile(rb"<layer\b(?:\"[^\"]*\"|'[^']*'|[^'\">])*>")
_END_TAG = re.compile(rb"</layer\s*>")
_ANY_START_TAG = re.compile(rb"<[A-Za-z_](?:\"[^\"]*\"|'[^']*'|[^'\"<>])*>")
# In a start tag, the specs' placeholder "..." (or "…"); quoted values are matched first and kept.
_PLACEHOLDER = re.compile(rb"(\"[^\"]*\"|'[^']*')|\.\.\.|\xe2\x80\xa6")
_NOT_NEWLINE = bytes(10 if i == 10 else 32 for i in range(256))
_STRUCTURAL = ("id", "name", "type", "version")


def parse_snippet(data, path: Optional[str] = None) -> Snippet:
    """The one ``<layer>`` in ``data`` (bytes or str), read tolerantly but safely: the same parser
    options as the reader (no DTD, no entities, no network), and no DOCTYPE anywhere."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_SNIPPET_BYTES:
        raise ParseError(f"the snippet is {len(data)} bytes, over irexec's limit of {MAX_SNIPPET_BYTES} "
                         f"for one layer", file=path)
    data = prepare_xml(bytes(data), path)
    bad = re.search(rb"<!(DOCTYPE|ENTITY)", data, re.I)
    if bad:
        raise ParseError(f"{bad.group(1).decode().upper()} declarations are not allowed", file=path,
                         line=data.count(b"\n", 0, bad.start()) + 1)
    text, line = _layer_text(data, path)
    if text.count(b"<") > 2 * MAX_LAYER_ELEMENTS:
        raise ParseError(f"the <layer> holds more than {MAX_LAYER_ELEMENTS} elements (irexec's limit)",
                         file=path, line=line)
    try:
        el = etree.fromstring(text, _parser())
    except etree.XMLSyntaxError as e:
        raise ParseError(_syntax_message(e), file=path, line=e.position[0] if e.position else None) from None
    for sub in el.iter():
        if len(sub.attrib) > MAX_ATTRIBUTES:
            raise ParseError(f"<{sub.tag}> has {len(sub.attrib)} attributes, over irexec's limit of "
                             f"{MAX_ATTRIBUTES}", file=path, line=sub.sourceline)
    ltype = el.get("type")
    if not ltype:
        raise ParseError("the <layer> has no 'type' attribute", file=path, line=line)
    attrs = {k: v for k, v in el.attrib.items() if k not in _STRUCTURAL}
    data_el = el.find("data")
    for k, v in (data_el.attrib.items() if data_el is not None else ()):
        if k in attrs and attrs[k] != v:
            raise ParseError(f"attribute {k!r} is {attrs[k]!r} on <layer> but {v!r} in <data>",
                             file=path, line=data_el.sourceline)
        attrs[k] = v
    version = el.get("version")
    inputs = _ports(el.find("input"), 0, path)
    outputs = _ports(el.find("output"), len(inputs), path)
    ids = [p.id for p in inputs + outputs]
    if len(set(ids)) != len(ids):
        raise ParseError("two ports of the layer share an id", file=path, line=line)
    return Snippet(path, line, _known_type(ltype, path, line), _opset(version) if version else None,
                   el.get("name"), el.get("id"), attrs, inputs, outputs)


def _layer_text(data: bytes, path) -> tuple:
    """The <layer> element's bytes, placeholder removed, preceded by blanks standing for everything
    before it: lines and columns in parser messages are then the file's."""
    starts = list(_LAYER_START.finditer(data))
    if not starts:
        raise ParseError("no <layer> element found", file=path)
    if len(starts) > 1:
        raise ParseError(f"the file holds {len(starts)} <layer> elements; irexec layer runs one "
                         f"(irexec run runs a whole IR)", file=path,
                         line=data.count(b"\n", 0, starts[1].start()) + 1)
    start = starts[0].start()
    line = data.count(b"\n", 0, start) + 1
    tag = _START_TAG.match(data, start)
    if not tag:
        raise ParseError("the <layer> start tag is not closed", file=path, line=line)
    if tag.group(0).endswith(b"/>"):
        stop = tag.end()
    else:
        end = _END_TAG.search(data, tag.end())
        if not end:
            raise ParseError("the <layer> has no end tag </layer>", file=path, line=line)
        stop = end.end()
    text = _ANY_START_TAG.sub(lambda t: _PLACEHOLDER.sub(lambda m: m.group(1) or b"   ", t.group(0)),
                              data[start:stop])
    return data[:start].translate(_NOT_NEWLINE) + text, line


def _known_type(ltype: str, path, line) -> str:
    """The type as the registry spells it: the specs write some differently (ScatterNdUpdate)."""
    types = {t for t, _ in REGISTRY}
    if ltype in types:
        return ltype
    folded = [t for t in sorted(types) if t.lower() == ltype.lower()]
    if not folded:
        raise ValidationError(f"unknown operation type {ltype!r}", file=path, line=line)
    return folded[0]


def _opset(version: str) -> str:
    v = version.strip()
    return f"opset{v}" if v.isascii() and v.isdecimal() else v


def _opset_number(version: str) -> int:
    digits = "".join(c for c in version if c.isdigit())
    return int(digits) if digits else -1


# A comment giving values: "values: [...]", "value [0]", "expected values = ...". Other comments
# ("<!-- data -->", "<!-- value of the axis -->") are prose and ignored.
_VALUES = re.compile(r"\s*(?:expected(?:\s+values?)?|values?)\s*(?:[:=]\s*|(?=[\[(\d+\-.]))(.*)", re.S | re.I)


def _ports(group, first: int, path) -> list:
    ports = []
    if group is None:
        return ports
    for el in group:
        if not isinstance(el.tag, str):
            continue
        if el.tag != "port":
            raise ParseError(f"unexpected <{el.tag}> among ports", file=path, line=el.sourceline)
        pid = el.get("id", str(first + len(ports)))
        where = dict(file=path, line=el.sourceline, port=pid)
        dim_els = el.findall("dim")
        try:
            if len(dim_els) > MAX_RANK:
                raise ParseError(f"the port has {len(dim_els)} dims; irexec handles at most {MAX_RANK}")
            etype = from_precision(el.get("precision")) if el.get("precision") else None
            dims = tuple(parse_dim(d.text or "") for d in dim_els)
        except IRExecError as e:
            raise e.located(**where)
        port = Port(pid, el.sourceline, etype, dims)
        found = [(c, m) for c in el.iter(etree.Comment) for m in [_VALUES.fullmatch(c.text or "")] if m]
        if len(found) > 1:
            raise ParseError("the port has two values comments", file=path, line=found[1][0].sourceline, port=pid)
        if found:
            comment, m = found[0]
            port.values_line = comment.sourceline
            vwhere = dict(where, line=comment.sourceline)
            port.values = fit_values(parse_values(m.group(1), **vwhere), dims, **vwhere)
        ports.append(port)
    return ports


def parse_values(text: str, **where) -> np.ndarray:
    """A values comment's list as an array (bool, int64 or float64), without eval: JSON after light
    normalisation (Python's True/False/nan/inf, tuples, NumPy's space-separated printing)."""
    body = text.strip()
    raw = np.frombuffer(body.encode("utf-8"), np.uint8)
    depth = np.cumsum((raw == ord("[")).astype(np.int32) - (raw == ord("]")) + (raw == ord("(")) - (raw == ord(")")),
                      dtype=np.int32)
    if depth.size and depth.max() > MAX_RANK:
        raise ParseError(f"the values comment nests lists more than {MAX_RANK} deep", **where)
    norm = body.translate(str.maketrans("()", "[]"))
    norm = re.sub(r"(?<![\w.])nan(?![\w.])", "NaN", norm, flags=re.I)
    norm = re.sub(r"(?<![\w.])inf(?:inity)?(?![\w.])", "Infinity", norm, flags=re.I)
    norm = re.sub(r"\bTrue\b", "true", re.sub(r"\bFalse\b", "false", norm))
    norm = re.sub(r"(?<=[\w.\]])\s+(?=[\w.\[+-])", ", ", norm)
    norm = re.sub(r",\s*\]", "]", norm)
    try:
        obj = json.loads(norm)
    except (ValueError, RecursionError) as e:
        reason = e.msg if isinstance(e, json.JSONDecodeError) else str(e)
        raise ParseError(f"cannot read the values comment {_clip(body)!r}: {reason}", **where) from None
    try:
        arr = np.array(obj)
    except (ValueError, OverflowError):
        raise ParseError(f"the values comment {_clip(body)!r} is not a rectangular list of numbers", **where) from None
    if arr.dtype.kind not in "biuf" or arr.dtype.kind == "u":
        raise ParseError(f"the values comment {_clip(body)!r} holds something other than numbers "
                         f"(or integers beyond the int64 range)", **where)
    return arr.astype(np.float64) if arr.dtype.kind == "f" else arr


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "..."


def fit_values(arr: np.ndarray, dims: tuple, **where) -> np.ndarray:
    """Values in the port's shape: the same count (read in row-major order) for static dims, the
    same rank for dynamic ones."""
    if is_static(dims):
        count = math.prod(to_ints(dims))
        if arr.size != count:
            raise ParseError(f"the values comment holds {arr.size} value(s); dims {fmt(dims)} need {count}", **where)
        return arr.reshape(to_ints(dims))
    if len(dims) == arr.ndim and fits(dims, arr.shape):
        return arr
    raise ParseError(f"the values comment's shape {list(arr.shape)} does not fit dims {fmt(dims)}", **where)


def cast_values(raw: np.ndarray, etype: ElementType, **where) -> np.ndarray:
    """Comment values in a port's type: never silently changed (no fractions into integers, no
    integer out of the type's range)."""
    dtype = etype.dtype
    if etype.name == "boolean":
        if raw.dtype.kind != "b" and raw.size and not np.all((raw == 0) | (raw == 1)):
            raise ParseError("boolean values must be true/false or 0/1", **where)
        return raw.astype(bool)
    if etype.is_integer:
        if raw.dtype.kind == "f" and raw.size and not np.all(np.isfinite(raw) & (raw == np.round(raw))):
            raise ParseError(f"values of an {etype} port must be integers", **where)
        lo, hi = (0, 1) if etype.name == "u1" else (int(ml_dtypes.iinfo(dtype).min), int(ml_dtypes.iinfo(dtype).max))
        if raw.size and (raw.min() < lo or raw.max() > hi):
            raise ParseError(f"values must be in [{lo}, {hi}] for an {etype} port", **where)
        return (raw if raw.dtype.kind == "f" else raw.astype(np.int64)).astype(dtype)
    return raw.astype(dtype)


# ---- element types ------------------------------------------------------------------------------

def port_types(snippet: Snippet, given: dict) -> list:
    """Each input port's element type (``given``: input index -> array). In order: the port's
    precision; for an index, axis or shape input, the integer type of a given array, else i64; for
    a data input, the type of the array given for it, else of another data input (its precision
    or given array), else the first output's precision (unless boolean), else boolean when its
    values are all true/false, else f32."""
    roles = INPUT_ROLES.get(snippet.type, {})
    types = []
    for i, p in enumerate(snippet.inputs):
        t = p.etype
        if t is None and i in given:
            t = _dtype_type(given[i], p)
            if roles.get(i) in ("indices", "axis", "int") and not t.is_integer:
                t = None  # refused when the array is checked against the port's type
        if t is None and roles.get(i) in ("indices", "axis", "int"):
            t = I64
        if t is None and roles.get(i) == "bool":
            t = BOOLEAN
        types.append(t)
    data = [i for i in range(len(types)) if roles.get(i) is None]
    known = [types[i] for i in data if types[i] is not None]
    outs = [p.etype for p in snippet.outputs if p.etype is not None and p.etype.name != "boolean"]
    shared = known[0] if known else outs[0] if outs else None
    for i in data:
        if types[i] is None:
            values = snippet.inputs[i].values
            types[i] = shared or (BOOLEAN if values is not None and values.dtype.kind == "b" else F32)
    return types


def _dtype_type(arr: np.ndarray, port: Port) -> ElementType:
    try:
        return from_dtype(arr.dtype)
    except ParseError as e:
        raise InputError(e.message, line=port.line, port=port.id) from None


# ---- random inputs ------------------------------------------------------------------------------

def random_data(rng: np.random.Generator, shape: tuple, etype: ElementType) -> np.ndarray:
    """Uniform values in [-1, 1) for floats (made in the target type: no float64 copy of a large
    tensor), integers in [-100, 100) or [0, 100), booleans half true."""
    if etype.is_float:
        work = np.float64 if etype.name == "f64" else np.float32
        arr = rng.random(shape, dtype=work)
        arr *= 2
        arr -= 1
        return arr if arr.dtype == etype.dtype else arr.astype(etype.dtype)
    if etype.name == "boolean":
        return rng.random(shape) < 0.5
    if etype.name in ("u1", "i4", "u4"):
        lo, hi = {"u1": (0, 2), "i4": (-8, 8), "u4": (0, 16)}[etype.name]
    else:
        lo, hi = (-100, 100) if etype.dtype.kind == "i" else (0, 100)
    return rng.integers(lo, hi, shape, dtype=np.int64 if etype.dtype.kind == "V" else etype.dtype).astype(etype.dtype)


def random_indices(rng, rule: IndexRule, shape: tuple, data_shape: tuple, axis: int, batch_dims: int,
                   distinct: bool, budget: int) -> tuple:
    """Valid indices of ``shape`` (int64, non-negative) and a note when they cannot all differ."""
    shape, note = tuple(shape), None
    if rule.kind == "nd":
        k = shape[-1] if shape else 0
        space_dims = tuple(data_shape[batch_dims:batch_dims + k])
        if len(space_dims) != k:
            raise ValidationError(f"indices' last dim {k} is more than data's rank {len(data_shape)} "
                                  f"after {batch_dims} batch dims", port=1)
        count, space = math.prod(shape[:-1]) if shape else 0, math.prod(space_dims)
        if k == 0 or count == 0:
            return np.zeros(shape, np.int64), None
        flat, note = _pick(rng, space, count, distinct)
        return np.stack(np.unravel_index(flat, space_dims), axis=-1).reshape(shape).astype(np.int64), note
    size = data_shape[axis]
    if rule.kind == "take":
        flat, note = _pick(rng, size, math.prod(shape), distinct)
        return flat.reshape(shape), note
    # "elements": one index per element, targets differing within each line along the axis.
    n = shape[axis]
    others = shape[:axis] + shape[axis + 1:]
    lines = math.prod(others)
    if not distinct or n > size or lines * n == 0:
        flat, _ = _pick(rng, size, lines * n, False)
        if distinct and n > size:
            note = (f"{n} indices along axis {axis} into {size} positions cannot all differ: where two "
                    f"meet, the later update wins")
        return flat.reshape(shape), note
    if lines * size * 4 > budget:
        raise InputError(f"making {lines} lines of distinct indices over {size} positions would take "
                         f"{fmt_bytes(lines * size * 4)}, over the budget of {fmt_bytes(budget)}", port=1)
    # Each line is a shuffled range of the axis, cut to the indices' length.
    rows = np.tile(np.arange(size, dtype=np.int32), (lines, 1))
    rng.permuted(rows, axis=1, out=rows)
    picked = rows[:, :n].astype(np.int64).reshape(others + (n,))
    return np.moveaxis(picked, -1, axis), None


def _pick(rng, size: int, count: int, distinct: bool) -> tuple:
    if count and size == 0:
        raise InputError("data has no elements along the indexed dims: no index is valid", port=1)
    if distinct and count <= size:
        return rng.choice(size, count, replace=False).astype(np.int64), None
    note = (f"{count} indices into {size} positions cannot all differ: where two meet, the later "
            f"update wins") if distinct else None
    return rng.integers(0, size, count, dtype=np.int64), note


# ---- running --------------------------------------------------------------------------------------

@dataclass
class Tensor:
    port: str
    element_type: ElementType
    array: np.ndarray
    source: str = ""          # inputs: "values comment", "random", or what the caller named


@dataclass
class Check:
    port: str
    expected: np.ndarray      # as the comment gives them (bool, int64 or float64)
    computed: np.ndarray
    mask: np.ndarray          # True where computed matches expected

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


def check_layer(xml, inputs=None, random: bool = False, seed: int = 0, *, path: Optional[str] = None,
                opset: Optional[str] = None, max_tensor_bytes: Optional[int] = None,
                sources: Optional[dict] = None) -> LayerRun:
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
        n_in = len(snippet.inputs)
        if not cls.min_inputs <= n_in <= cls.max_inputs:
            expect = (str(cls.min_inputs) if cls.min_inputs == cls.max_inputs
                      else f"{cls.min_inputs} to {cls.max_inputs}")
            raise ValidationError(f"{cls.type} takes {expect} inputs, the layer declares {n_in}")
    except IRExecError as e:
        raise e.located(file=snippet.path, line=snippet.line)
    given = _given(snippet, inputs)
    snippet, notes = _column_indices(snippet, given)
    known = {a.name for a in cls.attrs}
    notes += [f"attribute {k}={v!r} is not one of {cls.type} {version}'s: ignored"
              for k, v in snippet.attrs.items() if k not in known]
    types = port_types(snippet, given)
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
        raise InputError(f"no values for this input: give them in a comment (<!-- values: [...] -->), "
                         f"with --input {p.id}=FILE.npy, or use --random", file=snippet.path, line=p.line, port=p.id)
    if missing:
        notes += _randomize(snippet, op, types, feeds, missing, np.random.default_rng(seed), budget)
        labels.update({i: "random" for i in missing})
    outs = _run(snippet, cls, version, types, feeds, budget)
    checks = []
    for p, arr in zip(snippet.outputs, outs):
        _check_declared(snippet, p, arr)
        if p.values is not None:
            checks.append(Check(p.id, p.values, arr, _same(p.values, arr)))
    return LayerRun(
        snippet.type, version, given_version, {a.name: getattr(op, a.name) for a in cls.attrs},
        [Tensor(p.id, types[i], feeds[i], labels[i]) for i, p in enumerate(snippet.inputs)],
        [Tensor(p.id, _etype_of(arr), arr) for p, arr in zip(snippet.outputs, outs)], checks, notes)


def run_layer(xml_text, inputs=None, random: bool = False, seed: int = 0, **options) -> list:
    """The outputs (arrays, in port order) of the ``<layer>`` snippet ``xml_text``. Expected
    values in its comments are not asserted: ``check_layer`` returns those checks. ``options``:
    ``path``, ``opset`` and ``max_tensor_bytes``, as for ``check_layer``."""
    return [t.array for t in check_layer(xml_text, inputs, random, seed, **options).outputs]


def _column_indices(snippet: Snippet, given: dict) -> tuple:
    """The specs' ScatterNDUpdate-15 XML examples declare 1-D indices [N] with 1-D data and
    updates [N]: as written the index tuples would have N entries, more than data's rank, so the
    layer is invalid; they mean one index per row, [N, 1]. Such indices (and only such: longer than
    data's rank, with updates, or GatherND's output, fitting one index per row) are read that way,
    with a note."""
    rule = INDEX_RULES.get(snippet.type)
    if rule is None or rule.kind != "nd" or len(snippet.inputs) < 2 or 1 in given:
        return snippet, []
    data, idx = snippet.inputs[0], snippet.inputs[1]
    if len(idx.dims) != 1 or not idx.dims[0].is_static or not data.dims or idx.dims[0].lo <= len(data.dims):
        return snippet, []
    n = idx.dims[0].lo
    want = static((n,)) + tuple(data.dims[1:])
    other = snippet.inputs[2] if rule.scatter and len(snippet.inputs) > 2 else (
        snippet.outputs[0] if snippet.outputs else None)
    if other is None or not compatible(want, other.dims):
        return snippet, []
    column = replace(idx, dims=static((n, 1)), values=None if idx.values is None else idx.values.reshape(n, 1))
    note = (f"input port {idx.id}: indices dims [{n}] read as [{n}, 1] (one index per row): as written, "
            f"each index would have {n} entries, more than data's rank {len(data.dims)}")
    return replace(snippet, inputs=[data, column] + snippet.inputs[2:]), [note]


def _resolve(snippet: Snippet, opset: Optional[str]) -> tuple:
    version = _opset(opset) if opset else snippet.version
    given = version is not None
    if version is None:
        version = max((v for t, v in REGISTRY if t == snippet.type), key=_opset_number)
    try:
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


def _randomize(snippet, op, types, feeds, missing, rng, budget) -> list:
    """Fill ``feeds`` at the ``missing`` inputs: axes first, then indices (which depend on the
    axis and on data's shape), then data."""
    roles, rule = INPUT_ROLES.get(snippet.type, {}), INDEX_RULES.get(snippet.type)
    shapes = {}
    for i in missing:
        p = snippet.inputs[i]
        where = dict(file=snippet.path, line=p.line, port=p.id)
        if roles.get(i) == "int":
            raise InputError(f"--random cannot invent {snippet.type}'s shape or axes input: give its values",
                             **where)
        if not is_static(p.dims):
            raise InputError(f"its dims are {fmt(p.dims)}: --random needs static dims; give its values", **where)
        shapes[i] = to_ints(p.dims)
        size = math.prod(shapes[i]) * types[i].dtype.itemsize
        if size > budget:
            raise InputError(f"--random would make {fmt_bytes(size)} for this input, over the budget "
                             f"of {fmt_bytes(budget)} for one tensor (see --max-bytes)", **where)
    notes = []
    order = sorted(missing, key=lambda i: {"axis": 0, "indices": 1}.get(roles.get(i), 2))
    for i in order:
        p = snippet.inputs[i]
        where = dict(file=snippet.path, line=p.line, port=p.id)
        try:
            if rule and roles.get(i) == "axis":
                feeds[i] = _random_axis(snippet, op, types, feeds, shapes, i, rng)
            elif rule and roles.get(i) == "indices":
                arr, note = _indices_for(snippet, op, rule, feeds, shapes, i, rng, budget)
                feeds[i] = cast_values(arr, types[i])
                if note:
                    notes.append(f"input port {p.id}: {note}")
            else:
                feeds[i] = random_data(rng, shapes[i], types[i])
        except IRExecError as e:
            raise e.located(**where)
    return notes


def _shape_of(feeds, shapes, snippet, i) -> tuple:
    if i in feeds:
        return feeds[i].shape
    if i in shapes:
        return shapes[i]
    p = snippet.inputs[i]
    if not is_static(p.dims):
        raise InputError(f"--random needs input port {p.id}'s shape: its dims are {fmt(p.dims)}")
    return to_ints(p.dims)


def _random_axis(snippet, op, types, feeds, shapes, i, rng) -> np.ndarray:
    """An axis chosen at random among those for which the op's shape checks pass and its output
    has the declared dims."""
    rank = len(_shape_of(feeds, shapes, snippet, 0))
    shape = shapes[i]
    valid = []
    for axis in range(rank):
        value = np.full(shape, axis, dtype=types[i].dtype)
        facts = [Fact(types[j], static(_shape_of(feeds, shapes, snippet, j)), value if j == i else None)
                 for j in range(len(snippet.inputs))]
        try:
            out = layer_facts(op, facts)
        except IRExecError:
            continue
        if all(compatible(f.shape, p.dims) for f, p in zip(out, snippet.outputs)):
            valid.append(value)
    if not valid:
        raise ValidationError(f"no axis of data (rank {rank}) fits these shapes")
    return valid[int(rng.integers(len(valid)))]


def _indices_for(snippet, op, rule, feeds, shapes, i, rng, budget) -> tuple:
    data_shape = _shape_of(feeds, shapes, snippet, 0)
    shape = shapes[i]
    axis = 0
    if rule.kind != "nd":
        if rule.axis_input is not None:
            axis = scalar_int(feeds[rule.axis_input], "axis")
        else:
            axis = op.axis
        axis = normalize_axis(axis, len(data_shape))
        if rule.kind == "elements" and len(shape) != len(data_shape):
            raise ValidationError(f"indices {list(shape)} and data {list(data_shape)} must have one rank", port=1)
    distinct = rule.scatter and getattr(op, "reduction", "none") == "none"
    return random_indices(rng, rule, shape, data_shape, axis, getattr(op, "batch_dims", 0), distinct, budget)


def _run(snippet, cls, version, types, feeds, budget) -> list:
    """Wrap the layer into a net (one element per line, so that a line in a message maps back to
    the snippet), read it and run it."""
    lines = ['<?xml version="1.0"?>', '<net name="layer" version="11">', "<layers>"]
    back = {}  # line in the net -> (line in the snippet, port id or None for the layer itself)
    n = len(snippet.inputs)
    for i, p in enumerate(snippet.inputs):
        el = etree.Element("layer", id=str(i), name=f"port {p.id}", type="Parameter", version="opset1")
        etree.SubElement(el, "data", shape=",".join(map(str, feeds[i].shape)), element_type=types[i].name)
        _port_el(etree.SubElement(el, "output"), "0", types[i], static(feeds[i].shape))
        lines.append(etree.tostring(el, encoding="unicode"))
        back[len(lines)] = (p.line, p.id)
    main = etree.Element("layer", id=str(n), name=snippet.name or snippet.type, type=cls.type, version=version)
    etree.SubElement(main, "data", snippet.attrs)
    group = etree.SubElement(main, "input")
    for i, p in enumerate(snippet.inputs):
        _port_el(group, p.id, types[i], static(feeds[i].shape))
    group = etree.SubElement(main, "output")
    for p in snippet.outputs:
        _port_el(group, p.id, p.etype, p.dims)
    lines.append(etree.tostring(main, encoding="unicode"))
    back[len(lines)] = (snippet.line, None)
    for j, p in enumerate(snippet.outputs):
        el = etree.Element("layer", id=str(n + 1 + j), name=f"out {p.id}", type="Result", version="opset1")
        _port_el(etree.SubElement(el, "input"), "0", p.etype, p.dims)
        lines.append(etree.tostring(el, encoding="unicode"))
        back[len(lines)] = (p.line, p.id)
    lines += ["</layers>", "<edges>"]
    for i, p in enumerate(snippet.inputs):
        lines.append(f'<edge from-layer="{i}" from-port="0" to-layer="{n}" to-port="{_attr(p.id)}"/>')
        back[len(lines)] = (p.line, p.id)
    for j, p in enumerate(snippet.outputs):
        lines.append(f'<edge from-layer="{n}" from-port="{_attr(p.id)}" to-layer="{n + 1 + j}" to-port="0"/>')
        back[len(lines)] = (p.line, p.id)
    lines += ["</edges>", "</net>"]
    try:
        model = model_from_string("\n".join(lines), snippet.path, max_tensor_bytes=budget)
        results = model.infer({f"port {p.id}": feeds[i] for i, p in enumerate(snippet.inputs)})
    except IRExecError as e:
        raise _relocate(e, snippet, back) from None
    by_result = {info.layer_id: results[info.name] for info in model.outputs}
    return [by_result[str(n + 1 + j)] for j in range(len(snippet.outputs))]


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _port_el(parent, pid: str, etype: Optional[ElementType], dims: tuple) -> None:
    port = etree.SubElement(parent, "port", id=pid)
    if etype is not None:
        port.set("precision", etype.precision)
    for d in dims:
        etree.SubElement(port, "dim").text = str(d)


def _relocate(e: IRExecError, snippet: Snippet, back: dict) -> IRExecError:
    e.file = snippet.path
    if e.line in back:
        e.line, port = back[e.line]
        if port is not None:  # a Parameter, Result or edge of the wrapping: it stands for a port
            e.layer = e.layer_id = e.layer_type = None
            e.port = port
        elif snippet.name is not None or snippet.id is not None:
            e.layer, e.layer_id, e.layer_type = snippet.name, snippet.id, snippet.type
        else:
            e.layer, e.layer_id, e.layer_type = snippet.type, None, None
        outputs = {p.id: p for p in snippet.outputs}
        if port is None and str(e.port) in outputs:
            e.line = outputs[str(e.port)].line
        elif port is None and str(e.port).isdecimal() and int(e.port) < len(snippet.inputs):
            # Ops name their inputs by index: point at that port (at its values, when the comment gave them).
            named = snippet.inputs[int(e.port)]
            e.line, e.port = named.values_line or named.line, named.id
    elif e.line is not None:
        e.line = None  # a line of the wrapping that stands for nothing in the snippet
    return e


def _etype_of(arr: np.ndarray) -> ElementType:
    return from_dtype(arr.dtype)


def _check_declared(snippet: Snippet, port: Port, arr: np.ndarray) -> None:
    where = dict(file=snippet.path, line=port.line, port=port.id)
    if not fits(port.dims, arr.shape):
        raise ValidationError(f"the layer computes shape {list(arr.shape)}, the port declares {fmt(port.dims)}",
                              **where)
    if port.etype is not None and port.etype.dtype != arr.dtype:
        raise ValidationError(f"the layer computes {_etype_of(arr)}, the port declares {port.etype.precision}", **where)


def _same(expected: np.ndarray, computed: np.ndarray) -> np.ndarray:
    """Where computed matches expected: exactly for integers and booleans; for floats, once the
    expected value is rounded to the output's type, within 4 units in its last place."""
    etype = _etype_of(computed)
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
