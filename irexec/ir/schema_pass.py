"""The linter's XML schema pass (schemas/ir.xsd), streamed: the elements of a file are checked a
slice at a time, on the reader's walk over its parse events (``SchemaSlices``) or ahead of it
(``validated``), and each complaint is named by the layer whose lines hold it."""

from __future__ import annotations

import bisect
import os
from functools import lru_cache

from lxml import etree

from ..errors import ParseError
from .layer_xml import BODY_TAGS
from .safexml import parser

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # (the package's folder)


def schema_path() -> str:
    """schemas/ir.xsd: installed inside the package, or beside it in a checkout."""
    for candidate in (os.path.join(_HERE, "schemas", "ir.xsd"), os.path.join(_HERE, "..", "schemas", "ir.xsd")):
        if os.path.isfile(candidate):
            return os.path.normpath(candidate)
    raise FileNotFoundError("schemas/ir.xsd is missing from this installation of irexec")


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(schema_path(), parser()))


# libxml2 names each schema error's element by its path, which costs a walk over the element's
# siblings of the same name: 100,000 bad edges under one <edges> took minutes. So the long lists
# (a <net>'s layers and edges) are validated a slice at a time (see validated), and the errors
# listed stop at SCHEMA_ERRORS.
SCHEMA_SLICE = 512
SCHEMA_ERRORS = 1000


def validated(events, path: str, problems: list):
    """The parse events of a streamed IR, passed on to the reader once the schema has checked
    what they belong to: the elements of the <net> (its layers and edges one at a time) are held
    until SCHEMA_SLICE of them have ended, then moved into a <net> of their own and validated
    there (the schema allows any number of each, so they are valid there exactly when they are
    in the file), and only then read (and dropped) by the reader. Linting a file so holds a slice
    of its tree at a time, as reading does, rather than the whole of it."""
    seen: set[tuple]
    pending: list
    items: list
    xsd, seen, count = schema(), set(), [0]
    root, depth, holder, pending, items = None, 0, None, [], []
    append = pending.append
    for item in events:
        # Most events are inside a layer or an edge (deeper than 2): held, at the least cost.
        if item[0] == "start":
            depth += 1
            if depth > 2:
                append(item)
                continue
            d = depth
        else:
            depth -= 1
            if depth > 2:
                append(item)
                continue
            d = depth + 1
        event, el = item
        if d == 3 or (d == 2 and el.tag not in ("layers", "edges")):
            append(item)
            if event == "start" or (d == 3 and not holder):  # (what is in another child of the <net>)
                continue
            items.append(el)
            if holder and len(items) < SCHEMA_SLICE:
                continue
            _check_slice(xsd, root, holder, items, path, problems, seen, count)
            yield from pending
            pending, items = [], []
            append = pending.append
            continue
        if d == 1 and event == "start":
            if el.tag != "net":  # (not an IR: the reader says so, rule X004)
                yield item
                yield from events
                return
            root = el
        if items:  # the end of the <layers>, the <edges> or the <net>: the last slice
            _check_slice(xsd, root, holder, items, path, problems, seen, count)
        yield from pending
        pending, items = [], []
        append = pending.append
        if d == 2:
            holder = el.tag if event == "start" else None
        yield item


class SchemaSlices:
    """The schema pass as the linter runs it, on the reader's own walk over the parse events
    (irexec.ir.reader): the reader hands it each element of the <net>'s <layers> and <edges> once it
    has read it, and they are checked SCHEMA_SLICE at a time in a <net> of their own, as
    ``validated`` does, before they are dropped; any other child of the <net> is checked whole
    when it ends. (One walk over the events instead of two: holding every event for ``validated``
    to pass on took as long as the schema's own checks.)"""

    def __init__(self, path: str, problems: list):
        self.xsd, self.path, self.problems = schema(), path, problems
        self.seen: set[tuple]
        self.root: etree._Element | None
        self.holder: str | None
        self.seen, self.count = set(), [0]
        self.root = self.holder = None
        self.items: list = []

    def begin(self, root) -> None:
        """The <net> starts."""
        self.root = root

    def open(self, section: str) -> None:
        """A <layers> or an <edges> starts."""
        self.flush()
        self.holder = section

    def hold(self, el) -> None:
        """An element of the <layers> or <edges> is read."""
        self.items.append(el)
        if len(self.items) >= SCHEMA_SLICE:
            self.flush()

    def close(self, el, section) -> None:
        """A child of the <net> ends (``section``: "layers", "edges" or None for any other)."""
        if section is None:
            self.flush()
            self.items.append(el)
        self.flush()
        self.holder = None

    def valid(self, net) -> bool:
        """Whether ``net``, a <net> of its own holding a section's items as ``flush`` checks them
        (the quick reading's pieces), is valid; it is given the <net>'s attributes. (The quick
        reading hands a file with anything the schema finds to the general reader, which says
        what, where.)"""
        for key, value in self.root.items():  # type: ignore[union-attr]  # (after the <net> began)
            net.set(key, value)
        return self.xsd.validate(net)

    def flush(self) -> None:
        """Check what is held (and let it go)."""
        if self.items and self.root is not None:
            _check_slice(self.xsd, self.root, self.holder, self.items, self.path, self.problems, self.seen, self.count)
        self.items = []


def _check_slice(xsd, root, holder, items: list, path: str, problems: list, seen: set, count: list) -> None:
    """Validate ``items`` (elements of the <net>, or of its <layers> or <edges> when ``holder``
    names them) in a <net> of their own, where they move (the comments beside them are dropped)."""
    parent = items[0].getparent()
    # (The common case: the items are the parent's first children, nothing between them; then
    # there is nothing to drop, and no walk over them to find it.)
    if parent is not None and parent.index(items[-1]) != len(items) - 1:
        moved = set(items)
        for sibling in list(items[-1].itersiblings(preceding=True)):
            if sibling not in moved:
                parent.remove(sibling)
    net = etree.Element("net", dict(root.attrib))
    (etree.SubElement(net, holder) if holder else net).extend(items)
    if count[0] > SCHEMA_ERRORS:  # (capped, and said so)
        return
    found = _schema_errors(xsd, net, path, seen)
    count[0] += len(found)
    if count[0] > SCHEMA_ERRORS:
        del found[len(found) - (count[0] - SCHEMA_ERRORS) :]
        line = found[-1].line if found else None
        found.append(
            ParseError(
                f"schema: more than {SCHEMA_ERRORS} problems; those after this line are not listed",
                file=path,
                line=line,
                code="X003",
            )
        )
        count[0] = SCHEMA_ERRORS + 1
    problems.extend(_in_layers(found, net))


def _schema_errors(xsd, root, path: str, seen: set) -> list:
    """The schema's complaints about the tree as it is now, each (line, message) once."""
    if xsd.validate(root):
        return []
    out = []
    for entry in xsd.error_log:
        message = " ".join(entry.message.split())
        if (entry.line, message) in seen:
            continue
        seen.add((entry.line, message))
        out.append(ParseError(f"schema: {message}", file=path, line=entry.line or None, code="X003"))
    return out


def _in_layers(problems: list, root) -> list:
    """Name the layer each problem's line falls in (the schema knows lines, not layers): the
    innermost, by its path when it is inside a body."""
    layers = root.find("layers")
    if layers is None:
        return problems
    edges = root.find("edges")
    spans: dict = {}  # a <layers> element -> its layers and their first lines
    for p in problems:
        if p.line is None or p.layer_id is not None:
            continue
        found = _layer_at(layers, p.line, edges.sourceline if edges is not None else None, ("", ""), spans)
        if found is not None:
            el, scope = found
            p.located(
                layer=scope[0] + el.get("name", el.get("id", "")),
                layer_id=scope[1] + el.get("id", ""),
                layer_type=el.get("type"),
            )
    return problems


def _layer_at(layers, line: int, end, scope: tuple, spans: dict):
    """The innermost <layer> under ``layers`` whose lines hold ``line`` (``end``: the line where
    what follows the last layer starts, if known), with its scope; None outside every layer."""
    if layers not in spans:
        kids = [el for el in layers.iterchildren("layer") if el.sourceline]
        spans[layers] = (kids, [el.sourceline for el in kids])
    kids, starts = spans[layers]
    i = bisect.bisect_right(starts, line) - 1
    if i < 0 or (i == len(kids) - 1 and end is not None and line >= end):
        return None
    el = kids[i]
    for body in el.iterchildren(*BODY_TAGS):
        after = body.getnext()
        if (
            body.sourceline
            and body.sourceline <= line
            and (after is None or not after.sourceline or line < after.sourceline)
        ):
            inner, edges = body.find("layers"), body.find("edges")
            if inner is not None:
                name, lid = el.get("name", el.get("id", "")), el.get("id", "")
                found = _layer_at(
                    inner,
                    line,
                    edges.sourceline if edges is not None else None,
                    (f"{scope[0]}{name}/{body.tag}/", f"{scope[1]}{lid}/{body.tag}/"),
                    spans,
                )
                if found is not None:
                    return found
    return el, scope
