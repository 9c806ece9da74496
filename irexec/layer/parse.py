"""Reading a snippet: the one ``<layer>`` element in a file, as the operation specs print it.

Read tolerantly (the ``...`` placeholder in the start tag, type names in the specs' spelling,
attributes on ``<layer>`` itself as well as in ``<data>``, ports with only dims, values comments)
but as safely as a whole IR: the reader's parser options (no DTD, no entities, no network), no
DOCTYPE anywhere, and bounds on the size, the elements and the attributes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from lxml import etree

from ..errors import IRExecError, ParseError, UsageError, ValidationError
from ..ir.safexml import MAX_ATTRIBUTES, MAX_LAYER_ELEMENTS, parser, prepare_xml, syntax_message
from ..ops.registry import known_type
from ..shapes import MAX_RANK, parse_dim
from ..types import ElementType, from_precision
from .values import VALUES_COMMENT, fit_values, parse_values

# A snippet is one layer: far below what reading a whole IR allows. Its values comments are
# bounded by libxml2's 10,000,000 characters for one comment.
MAX_SNIPPET_BYTES = 32 << 20


@dataclass
class Port:
    id: str
    line: int | None
    etype: ElementType | None  # its precision, when written
    dims: tuple  # a partial shape
    values: np.ndarray | None = None  # from its comment: bool, int64 or float64, fitted to dims
    values_line: int | None = None


@dataclass
class Snippet:
    path: str | None
    line: int
    type: str  # as irexec spells it
    version: str | None  # as written (normalised to "opsetN"), or None
    name: str | None
    id: str | None
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


def parse_snippet(data, path: str | None = None) -> Snippet:
    """The one ``<layer>`` in ``data`` (bytes or str), read tolerantly but safely: the same parser
    options as the reader (no DTD, no entities, no network), and no DOCTYPE anywhere."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_SNIPPET_BYTES:
        raise ParseError(
            f"the snippet is {len(data)} bytes, over irexec's limit of {MAX_SNIPPET_BYTES} for one layer", file=path
        )
    data = prepare_xml(bytes(data), path)
    bad = re.search(rb"<!(DOCTYPE|ENTITY)", data, re.I)
    if bad:
        raise ParseError(
            f"{bad.group(1).decode().upper()} declarations are not allowed",
            file=path,
            line=data.count(b"\n", 0, bad.start()) + 1,
        )
    text, line = _layer_text(data, path)
    if text.count(b"<") > 2 * MAX_LAYER_ELEMENTS:
        raise ParseError(
            f"the <layer> holds more than {MAX_LAYER_ELEMENTS} elements (irexec's limit)", file=path, line=line
        )
    try:
        el = etree.fromstring(text, parser())
    except etree.XMLSyntaxError as e:
        raise ParseError(syntax_message(e), file=path, line=e.position[0] if e.position else None) from None
    for sub in el.iter():
        if len(sub.attrib) > MAX_ATTRIBUTES:
            raise ParseError(
                f"<{sub.tag}> has {len(sub.attrib)} attributes, over irexec's limit of {MAX_ATTRIBUTES}",
                file=path,
                line=sub.sourceline,
            )
    ltype = el.get("type")
    if not ltype:
        raise ParseError("the <layer> has no 'type' attribute", file=path, line=line)
    attrs = {k: v for k, v in el.attrib.items() if k not in _STRUCTURAL}
    data_el = el.find("data")
    for k, v in data_el.attrib.items() if data_el is not None else ():
        if k in attrs and attrs[k] != v:
            raise ParseError(
                f"attribute {k!r} is {attrs[k]!r} on <layer> but {v!r} in <data>", file=path, line=data_el.sourceline
            )
        attrs[k] = v
    version = el.get("version")
    inputs = _ports(el.find("input"), 0, path)
    outputs = _ports(el.find("output"), len(inputs), path)
    ids = [p.id for p in inputs + outputs]
    if len(set(ids)) != len(ids):
        raise ParseError("two ports of the layer share an id", file=path, line=line)
    return Snippet(
        path,
        line,
        _known_type(ltype, path, line),
        opset_name(version) if version else None,
        el.get("name"),
        el.get("id"),
        attrs,
        inputs,
        outputs,
    )


def _layer_text(data: bytes, path) -> tuple:
    """The <layer> element's bytes, placeholder removed, preceded by blanks standing for everything
    before it: lines and columns in parser messages are then the file's."""
    starts = list(_LAYER_START.finditer(data))
    if not starts:
        raise ParseError("no <layer> element found", file=path)
    if len(starts) > 1:
        raise ParseError(
            f"the file holds {len(starts)} <layer> elements; irexec layer runs one (irexec run runs a whole IR)",
            file=path,
            line=data.count(b"\n", 0, starts[1].start()) + 1,
        )
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
    text = _ANY_START_TAG.sub(lambda t: _PLACEHOLDER.sub(lambda m: m.group(1) or b"   ", t.group(0)), data[start:stop])
    return data[:start].translate(_NOT_NEWLINE) + text, line


def _known_type(ltype: str, path, line) -> str:
    """The type as the registry spells it: the specs write some differently (ScatterNdUpdate)."""
    spelled = known_type(ltype)
    if spelled is None:
        raise ValidationError(f"unknown operation type {ltype!r}", file=path, line=line)
    return spelled


def opset_name(version: str) -> str:
    """A version as OpenVINO writes it: "3" is "opset3"."""
    v = version.strip()
    return f"opset{v}" if v.isascii() and v.isdecimal() else v


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
        found = [(c, m) for c in el.iter(etree.Comment) for m in [VALUES_COMMENT.fullmatch(c.text or "")] if m]
        if len(found) > 1:
            raise ParseError("the port has two values comments", file=path, line=found[1][0].sourceline, port=pid)
        if found:
            comment, m = found[0]
            port.values_line = comment.sourceline
            vwhere = dict(where, line=comment.sourceline)
            port.values = fit_values(parse_values(m.group(1), **vwhere), dims, **vwhere)
        ports.append(port)
    return ports
