"""OpenVINO's ``Layout`` (what each dim of a tensor means: ``NCHW``, ``[N,C,H,W]``, ``NC...``),
``layout_helpers`` (the layout of a model's input or output, and the index of its batch, channels,
height, width and depth dims) and ``set_batch``/``get_batch``, which find a model's batch dim by
its inputs' layouts.

A layout set on a model's input or output is kept on its Parameter or Result layer, as the
attribute ``layout`` (its text, ``[N,C,H,W]``): it goes wherever the layer goes (reshaping, the
nodes a model is rebuilt from, the IR written). This module is the one place that knows that.

Parsing, printing and the helpers' answers are OpenVINO's, measured on its runtime: names are
letters, digits and ``_``, upper-cased; ``?`` is a dim of no name; ``...`` any number of dims, after
which indexes count from the end (``[N,...,C]``: C is -1); ``BATCH``/``B``, ``CHANNELS``, ``DEPTH``,
``HEIGHT`` and ``WIDTH`` are N, C, D, H and W.
"""

from __future__ import annotations

import types

from ..errors import InputError, IRExecError, UsageError, ValidationError
from ..shapes import Dim, fmt
from .partial_shape import PartialShape

# The long names OpenVINO reads as the one-letter ones (upper-cased first).
_ALIASES = {"BATCH": "N", "B": "N", "CHANNELS": "C", "DEPTH": "D", "HEIGHT": "H", "WIDTH": "W"}
_SCALAR = "**SCALAR**"
_DOTS = "..."


def _name(text: str) -> str:
    """One dim's name as a layout holds it: upper-cased, an alias made its letter."""
    up = text.upper()
    return _ALIASES.get(up, up)


def _checked_name(text: str) -> str:
    if not text:
        raise InputError("a layout's dim name cannot be empty")
    if any(not (c.isascii() and (c.isalnum() or c == "_")) for c in text):
        raise InputError(f"layout dim name '{text}' is invalid: only English letters, digits and _ are allowed")
    if not any(c.isalnum() for c in text):
        raise InputError(f"layout dim name '{text}' is invalid: it needs a letter or digit")
    return _name(text)


class Layout:
    """A tensor's layout: ``Layout("NCHW")``, ``Layout("[N,C,H,W]")``, ``Layout("NC...")``,
    ``Layout("[batch,channels,?]")``; ``Layout()`` is the empty layout (``[...]``, nothing known)
    and ``Layout.scalar()`` a scalar's."""

    __slots__ = ("_left", "_right", "_dynamic", "_scalar")

    def __init__(self, layout: str = ""):
        if isinstance(layout, Layout):
            self._left, self._right = layout._left, layout._right
            self._dynamic, self._scalar = layout._dynamic, layout._scalar
            return
        if not isinstance(layout, str):
            raise InputError(f"a Layout is made from text such as 'NCHW' or '[N,C,H,W]', not {layout!r}")
        self._scalar = False
        text = layout.strip()
        if text == _SCALAR:
            self._left, self._right, self._dynamic, self._scalar = (), (), False, True
            return
        if text in ("", _DOTS, f"[{_DOTS}]"):
            self._left, self._right, self._dynamic = (), (), True
            return
        items = _bracketed(text) if text.startswith("[") else _letters(text)
        if items.count(_DOTS) > 1:
            raise InputError(f"layout '{text}' has '...' more than once")
        names = [d for d in items if d not in (None, _DOTS)]
        for d in names:
            if names.count(d) > 1:
                raise InputError(f"layout '{text}' names the dim {d} more than once")
        self._dynamic = _DOTS in items
        cut = items.index(_DOTS) if self._dynamic else len(items)
        self._left, self._right = tuple(items[:cut]), tuple(items[cut + 1 :])

    @staticmethod
    def scalar() -> Layout:
        return Layout(_SCALAR)

    @property
    def empty(self) -> bool:
        """Whether nothing is known (``Layout()``, ``[...]``)."""
        return self._dynamic and not self._left and not self._right

    def has_name(self, name: str) -> bool:
        n = _name(str(name))
        return n in self._left or n in self._right

    def get_index_by_name(self, name: str) -> int:
        """The dim's index; after ``...``, negative (from the end)."""
        n = _name(str(name))
        if n in self._left:
            return self._left.index(n)
        if n in self._right:
            return self._right.index(n) - len(self._right)
        raise InputError(f"layout {self} has no dim {name}")

    def to_string(self) -> str:
        if self._scalar:
            return _SCALAR
        items = [d or "?" for d in self._left]
        if self._dynamic:
            items.append(_DOTS)
        items += [d or "?" for d in self._right]
        return "[" + ",".join(items) + "]"

    __str__ = to_string

    def __repr__(self) -> str:
        return f"<Layout: {self.to_string()}>"

    def __eq__(self, other) -> bool:
        if isinstance(other, str):
            try:
                other = Layout(other)
            except IRExecError:
                return False
        if not isinstance(other, Layout):
            return False
        return self.to_string() == other.to_string()

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # (as OpenVINO's)

    # ---- for irexec's own use ----

    @property
    def is_scalar(self) -> bool:
        return self._scalar

    def fits(self, rank: int | None) -> bool:
        """Whether a tensor of ``rank`` (None: unknown) can have this layout."""
        if rank is None or self.empty:
            return True
        if self._scalar:
            return rank == 0
        known = len(self._left) + len(self._right)
        return known <= rank if self._dynamic else known == rank

    def names_at(self, rank: int) -> list | None:
        """Each of ``rank`` dims' name (None: unnamed), or None when the layout does not fit it."""
        if self._scalar or not self.fits(rank):
            return None
        return list(self._left) + [None] * (rank - len(self._left) - len(self._right)) + list(self._right)

    def index(self, name: str, rank: int) -> int:
        """The dim's index in a tensor of ``rank``, from 0."""
        k = self.get_index_by_name(name)
        return k + rank if k < 0 else k

    def permuted(self, order: list) -> Layout:
        """The layout of a tensor transposed by ``order`` (the empty layout when it has no names
        for every dim)."""
        names = self.names_at(len(order))
        if names is None or self._dynamic:
            return Layout()
        return Layout.of([names[k] for k in order])

    @staticmethod
    def of(names: list) -> Layout:
        """The layout of these dim names (None: ``?``)."""
        return Layout("[" + ",".join(n or "?" for n in names) + "]") if names else Layout()


def _bracketed(text: str) -> list:
    if not text.endswith("]"):
        raise InputError(f"layout '{text}' has no closing ']'")
    inner = text[1:-1]
    if not inner.strip():
        raise InputError("a layout cannot be made of an empty '[]'")
    items = []
    for part in inner.split(","):
        part = part.strip()
        if part == "?":
            items.append(None)
        elif part == _DOTS and _DOTS not in items:
            items.append(_DOTS)
        else:
            items.append(_checked_name(part))
    return items


def _letters(text: str) -> list:
    items, k = [], 0
    while k < len(text):
        c = text[k]
        if c == ".":
            if text[k : k + 3] != _DOTS:
                raise InputError(f"layout '{text}': a run of dims of unknown number is written '...'")
            items.append(_DOTS)
            k += 3
            continue
        items.append(None if c == "?" else _checked_name(c))
        k += 1
    return items


def as_layout(value) -> Layout:
    """A Layout from a Layout or its text (OpenVINO converts text where it takes a Layout)."""
    return value if isinstance(value, Layout) else Layout(value)


# ---- a layer's layout ------------------------------------------------------------------------------


def layer_layout(attrs: dict) -> Layout:
    """The layout kept in a Parameter's or Result's attributes (the empty one when none is)."""
    text = attrs.get("layout")
    return Layout(text) if text else Layout()


def keep_layout(attrs: dict, layout: Layout) -> None:
    """Keep ``layout`` in a Parameter's or Result's attributes (the empty one: none kept)."""
    if layout.empty:
        attrs.pop("layout", None)
    else:
        attrs["layout"] = layout.to_string()


def _fits_or_raise(layout: Layout, shape, what: str) -> None:
    rank = None if shape is None else len(shape)
    if not layout.fits(rank):
        raise ValidationError(f"cannot set layout {layout} on {what}: it does not fit its shape {fmt(shape)}")


def _port_attrs(port, setting: bool) -> tuple:
    """(the attributes its layout is kept in, its shape, what it is called) of a model's input or
    output port, or of a Parameter's or Result's output while building. Another output has no
    layout of its own: read, it has the layout of the model output it is, if any (None if none);
    set, it is refused, as OpenVINO refuses it."""
    node = getattr(port, "node", None)
    if node is not None and hasattr(node, "_raw"):  # an Output of a node being built
        kind, what = node.op.type, f"'{node.friendly_name}'"
        if kind == "Result":
            return node._raw, node._inputs[0]._fact.shape, what
        if kind == "Parameter":
            return node._raw, node._facts[0].shape, what
        results = [t.node for t in port.get_target_inputs() if t.node.op.type == "Result"]
        attrs = results[0]._raw if results and not setting else None
        return _only_model_ports(attrs, setting, what), port._fact.shape, what
    graph = getattr(port, "graph", None)  # a port of a model (model.input(i), node.output(i))
    if graph is None:
        raise UsageError(f"{port!r} is not a port of a model: it has no layout")
    layer = graph.layer(port.layer_id)
    what = f"'{layer.name}'"
    if layer.type in ("Parameter", "Result"):
        return layer.attrs, port.shape, what
    attrs = None
    port_id = layer.outputs[port.index].id
    for dst, keyed in graph.succ.get(layer.id, {}).items():
        if graph.layer(dst).type == "Result" and any(sp == port_id for sp, _ in keyed) and not setting:
            attrs = graph.layer(dst).attrs
    return _only_model_ports(attrs, setting, what), port.shape, what


def _only_model_ports(attrs, setting: bool, what: str):
    if setting:
        raise UsageError(f"a layout is set on a model's input or output (a Parameter or a Result), not on {what}")
    return attrs


def get_layout(port) -> Layout:
    """The layout of a model's input or output (``layout_helpers.get_layout(model.input())``); of
    another output, the layout of the model output it is, if any."""
    attrs, _, _ = _port_attrs(port, setting=False)
    return Layout() if attrs is None else layer_layout(attrs)


def set_layout(port, layout) -> None:
    """Set the layout of a model's input or output; it must fit the port's shape."""
    layout = as_layout(layout)
    attrs, shape, what = _port_attrs(port, setting=True)
    _fits_or_raise(layout, shape, what)
    keep_layout(attrs, layout)


def _index_of(name: str):
    def idx(layout) -> int:
        return as_layout(layout).get_index_by_name(name)

    def has(layout) -> bool:
        return as_layout(layout).has_name(name)

    return has, idx


# ``openvino.layout_helpers``: a module of functions, as OpenVINO's is.
layout_helpers = types.ModuleType("layout_helpers", "The layout of a model's inputs and outputs, and its named dims.")
layout_helpers.get_layout = get_layout
layout_helpers.set_layout = set_layout
for _short, _dim in (("batch", "N"), ("channels", "C"), ("height", "H"), ("width", "W"), ("depth", "D")):
    _has, _idx = _index_of(_dim)
    _has.__name__, _idx.__name__ = f"has_{_short}", f"{_short}_idx"
    _has.__doc__ = f"Whether the layout has the {_short} dim ({_dim})."
    _idx.__doc__ = f"The index of the layout's {_short} dim ({_dim}); negative after '...'."
    setattr(layout_helpers, _has.__name__, _has)
    setattr(layout_helpers, _idx.__name__, _idx)


# ---- a model's batch ------------------------------------------------------------------------------


def input_layouts(model) -> list:
    """The layout of each of a model's inputs, in order."""
    return [layer_layout(model.graph.layer(info.layer_id).attrs) for info in model.inputs]


def output_layouts(model) -> list:
    """The layout of each of a model's outputs, in order."""
    return [layer_layout(model.graph.layer(info.layer_id).attrs) for info in model.outputs]


def _batch_dims(model) -> list:
    """(input index, its batch dim's index) of each input whose layout has N, its rank known."""
    found = []
    for k, (info, layout) in enumerate(zip(model.inputs, input_layouts(model))):
        if info.shape is not None and layout.has_name("N") and layout.fits(len(info.shape)):
            found.append((k, layout.index("N", len(info.shape))))
    return found


def _inputs_text(model, found: list) -> str:
    batch_at = dict(found)
    lines = []
    for k, (info, layout) in enumerate(zip(model.inputs, input_layouts(model))):
        batch = f"batch={info.shape[batch_at[k]]}" if k in batch_at else "no batch"
        lines.append(f"{info.name} {fmt(info.shape)} {layout} {batch}")
    return "; ".join(lines)


def get_batch(model):
    """The batch (a Dimension) of a model's inputs, by their layouts' N dims: the one size every
    input whose layout has N agrees on. An input's layout is set by PrePostProcessor's
    ``input().model().set_layout`` or ``layout_helpers.set_layout``; none set is an error, as in
    OpenVINO."""
    found = _batch_dims(model)
    if not found:
        raise ValidationError(
            f"the model's batch is not known: no input's layout has N ({_inputs_text(model, found)}); "
            "set one, as layout_helpers.set_layout(model.input(0), Layout('NCHW'))"
        )
    lo, hi = 0, None
    for k, at in found:
        d = model.inputs[k].shape[at]
        lo, hi = max(lo, d.lo), d.hi if hi is None else (hi if d.hi is None else min(hi, d.hi))
    if hi is not None and lo > hi:
        raise ValidationError(f"the model's inputs disagree on the batch: {_inputs_text(model, found)}")
    return PartialShape([(lo, -1 if hi is None else hi)])[0]


def set_batch(model, batch_size=-1) -> None:
    """Give every input whose layout has N the batch ``batch_size`` (an int, -1 dynamic, or a
    Dimension) and infer the model again: ``model.reshape`` of those inputs, in place."""
    get_batch(model)  # (an input's layout must say where the batch is, and the inputs agree)
    if isinstance(batch_size, Dim):
        dim = batch_size
    else:
        dim = PartialShape([batch_size])[0]
    shapes = {}
    for k, at in _batch_dims(model):
        dims = list(model.inputs[k].shape)
        dims[at] = dim
        shapes[k] = PartialShape(dims)
    try:
        model.reshape(shapes)
    except IRExecError as e:
        raise type(e)(f"cannot set the batch to {dim}: {e}") from None


__all__ = ["Layout", "layout_helpers", "get_batch", "set_batch"]
