"""The general reading: a Graph built from lxml's parse events over the whole text, each part of the
tree dropped once it is read (irexec.ir.reader chooses between it and the quick reading of
irexec.ir.plain_ir, which reads layers and edges with this module's ``Stream`` too)."""

from __future__ import annotations

from typing import cast

from ..errors import IRExecError, ParseError
from ..graph import Graph
from .assemble import GraphBuilder, Reading
from .layer_xml import BODY_TAGS, edge_of, parse_layer
from .safexml import MAX_ATTRIBUTES, MAX_BODY_DEPTH, MAX_LAYER_ELEMENTS, MAX_TREE_ELEMENTS
from .weights import Weights

# Layer ids are numbers below 2^63 in every IR OpenVINO writes.
MAX_ID_DIGITS = 19
# Layers and edges read (and cleared) before they are dropped from the tree, in one deletion.
DROP_EVERY = 256
# Entries the model's <rt_info> may make (as many as one layer may hold elements): they are kept.
MAX_RT_INFO_ENTRIES = MAX_LAYER_ELEMENTS


class Stream:
    """Builds the Graph from parse events, dropping each part of the tree once it is read, so
    memory follows the graph kept rather than the XML: a <layer> is parsed when it ends (its
    bodies with it), an <edge> is kept as five strings, and everything else is discarded.

    A problem in one layer or edge is reported to ``problems`` and reading goes on without that
    part (so one pass finds every problem); only what leaves nothing to read is raised."""

    def __init__(self, path: str | None, weights_path: str | None, problems: list, schema=None):
        self.path = path
        self.weights_path = weights_path
        self.problems = problems
        self.schema = schema  # the linter's schema pass (irexec.ir.schema_pass.SchemaSlices), if any
        self.reading = Reading(path, _reporter(problems, path))
        self.builder: GraphBuilder | None = None  # (made as the <net> begins: every layer and edge comes after)
        self.root = None
        self.depth = 0
        self.section = None  # "layers", "edges" or None: the <net> child we are in
        self.seen: set[str] = set()  # <net> children read so far
        self.layer_elements = 0  # elements inside the current <layer>, but for its bodies'
        self.ended = 0  # the <net>'s grandchildren read since the last were dropped
        # Inside its bodies: how deep they nest here, the tags open (from the outermost body
        # down), the element counts of the layers open in them, and all their elements.
        self.bodies = 0
        self.inner: list[str] = []
        self.counts: list[int] = []
        self.tree = 0
        # The <net>'s first <rt_info> (the model's): read as its elements end, while it is open.
        self.rt_info: RtInfoReader | None = None
        self.rt_info_read = False

    @property
    def graph(self) -> Graph | None:
        return self.builder.graph if self.builder is not None else None

    def error(self, message: str, el=None, cls=ParseError, **where):
        return cls(message, file=self.path, line=el.sourceline if el is not None else None, **where)

    def report(self, err: IRExecError) -> None:
        self.reading.report(err)

    def start(self, el) -> None:
        # Called for every element of the file: the common case (inside a <layer>) comes first.
        depth = self.depth = self.depth + 1
        if len(el.attrib) > MAX_ATTRIBUTES:
            raise self.error(
                f"<{el.tag}> has {len(el.attrib)} attributes, over irexec's limit of {MAX_ATTRIBUTES}", el, code="X002"
            )
        if depth > 3:
            if self.section == "layers":
                if self.bodies:
                    self.in_body(el)
                    return
                n = self.layer_elements = self.layer_elements + 1
                if n > MAX_LAYER_ELEMENTS:
                    raise self.error(
                        f"a <layer> holds more than {MAX_LAYER_ELEMENTS} elements (irexec's limit)", el, code="X002"
                    )
                if depth == 4 and el.tag in BODY_TAGS:
                    self.bodies, self.inner, self.counts, self.tree = 1, [el.tag], [], 0
            elif self.rt_info is not None:
                self.rt_info.start(el)
        elif depth == 3:
            if self.section == "layers":
                if el.tag != "layer":
                    self.report(self.error(f"unexpected <{el.tag}> in <layers>", el, code="X003"))
                self.check_id(el)
                self.layer_elements = 0
            elif self.rt_info is not None:
                self.rt_info.start(el)
        elif depth == 2:
            self.start_section(el)
        else:
            self.begin_net(el)

    def start_section(self, el) -> None:
        """A child of the <net> starts: a <layers> or <edges> is a section read."""
        self.section = el.tag if el.tag in ("layers", "edges") else None
        if self.section:
            if self.section in self.seen:
                self.report(self.error(f"<net> has more than one <{self.section}>", el, code="X003"))
            self.seen.add(self.section)
            if self.schema is not None:
                self.schema.open(self.section)
        elif el.tag == "rt_info" and not self.rt_info_read:
            self.rt_info = RtInfoReader(self.path)

    def read_rt_info(self, el) -> None:
        """The model's runtime information from the <net>'s first <rt_info>, ``el``, parsed whole
        (the quick reading's)."""
        if not self.rt_info_read:
            self.keep_rt_info(rt_info_of(el, self.path))

    def keep_rt_info(self, info: dict) -> None:
        """The model's runtime information, read: its first <rt_info>'s (a later one is passed
        over, as OpenVINO passes it over), with ``version``, the IR's, over any of the file's (as
        OpenVINO's reader gives it)."""
        self.rt_info_read = True
        graph = cast(Graph, self.graph)
        info["version"] = graph.ir_version
        graph.rt_info = info

    def in_body(self, el) -> None:
        """Keep the limits inside a layer's bodies while it is still being parsed: a layer in a
        body holds as many elements of its own as any, the bodies hold at most
        MAX_TREE_ELEMENTS, and they nest at most MAX_BODY_DEPTH deep. (An edge counts as an edge.)"""
        inner = self.inner
        parent = inner[-1]
        tag = el.tag
        inner.append(tag)
        self.tree += 1
        if self.tree > MAX_TREE_ELEMENTS:
            raise self.error(
                f"the bodies of a <layer> hold more than {MAX_TREE_ELEMENTS} elements (irexec's limit)", el, code="X002"
            )
        if parent == "edges":
            return
        if tag == "layer" and parent == "layers":
            self.check_id(el)
            self.counts.append(0)
            return
        if tag in BODY_TAGS and parent == "layer":
            self.bodies += 1
            if self.bodies > MAX_BODY_DEPTH:
                raise self.error(
                    f"bodies are nested more than {MAX_BODY_DEPTH} deep (irexec's limit)", el, code="X002", **_owner(el)
                )
        counts = self.counts
        if counts:
            counts[-1] += 1
            n = counts[-1]
        else:  # in the body itself: its layer's
            self.layer_elements += 1
            n = self.layer_elements
        if n > MAX_LAYER_ELEMENTS:
            raise self.error(
                f"a <layer> holds more than {MAX_LAYER_ELEMENTS} elements (irexec's limit)",
                el,
                code="X002",
                **(_owner(el) if counts else {}),
            )

    def check_id(self, el) -> None:
        """A layer id of more digits than any IR needs is refused before anything turns it into
        a number (Python refuses to convert more than 4,300 digits; ordering layers does)."""
        lid = el.get("id")
        if lid is not None and len(lid) > MAX_ID_DIGITS and lid.isdecimal():
            raise self.error(
                f"layer id {lid[:12]}... has {len(lid)} digits, over irexec's limit of {MAX_ID_DIGITS}", el, code="X002"
            )

    def begin_net(self, el) -> None:
        self.root = el
        if el.tag != "net":
            raise self.error(f"the root element is <{el.tag}>, not <net>", el, code="X004")
        version_s = el.get("version", "")
        if version_s not in ("10", "11"):
            raise self.error(
                f"IR version {version_s!r} is not supported (irexec reads IR v10 and v11)", el, code="X004"
            )
        graph = Graph(el.get("name", ""), int(version_s), self.path)
        graph.rt_info["version"] = graph.ir_version  # (a file without <rt_info> has it too)
        given = self.weights_path  # (a path, or weights already held: a buffer given to Core.read_model)
        graph.weights = self.reading.weights = given if isinstance(given, Weights) else Weights(given)
        self.reading.ir_version = graph.ir_version
        self.builder = GraphBuilder(graph, self.reading)
        if self.schema is not None:
            self.schema.begin(el)

    def end(self, el) -> None:
        depth = self.depth
        self.depth -= 1
        if depth > 3:
            if self.section == "layers":
                if self.bodies:
                    inner = self.inner
                    tag = inner.pop()
                    if not inner:
                        self.bodies = 0  # the end of the outermost body
                    elif tag == "layer" and inner[-1] == "layers":
                        self.counts.pop()
                    elif tag in BODY_TAGS and inner[-1] == "layer":
                        self.bodies -= 1
                return  # part of a <layer>: read when the layer ends
            if self.rt_info is not None:
                self.rt_info.end(el)
        elif depth == 3:
            if self.section == "layers":
                if el.tag == "layer":
                    self.add_layer(el)
            elif self.section == "edges":
                edge = edge_of(el, self.reading)
                if edge is not None:
                    cast(GraphBuilder, self.builder).add_edge(edge)
            elif self.rt_info is not None:
                self.rt_info.end(el)
        elif depth == 2:
            if self.rt_info is not None:
                self.keep_rt_info(cast(dict, self.rt_info.entries[0]))
                self.rt_info = None
            if self.schema is not None:
                self.schema.close(el, self.section)
            self.section = None
        else:
            return
        if self.schema is not None and depth > 2:
            # The schema checks it before it is dropped: a layer or an edge with others, anything
            # else with the child of the <net> it is in, when that ends.
            if depth == 3 and self.section is not None:
                self.schema.hold(el)
            return
        # Done with it: free it, and the siblings before it. A <net>'s grandchildren (its layers
        # and edges) are dropped DROP_EVERY at a time: one deletion each cost as much as reading
        # an edge. (Not "all but the last": the parser may have read siblings after it already.)
        el.clear()
        if depth == 3:
            self.ended += 1
            if self.ended >= DROP_EVERY:
                self.ended = 0
                parent = el.getparent()
                del parent[: parent.index(el)]
            return
        while el.getprevious() is not None:
            del el.getparent()[0]

    def add_layer(self, el) -> None:
        try:
            layer = parse_layer(el, self.reading)
        except IRExecError as e:
            self.report(e.located(code="X003"))
            cast(GraphBuilder, self.builder).leave_out(el.get("id"))
            return
        cast(GraphBuilder, self.builder).add_layer(layer)

    def finish(self) -> Graph:
        if "layers" not in self.seen:
            raise self.error("<net> has no <layers>", self.root, code="X003")
        if not self.rt_info_read:  # (OpenVINO's reader gives a file without <rt_info> an empty "optimization")
            cast(Graph, self.graph).rt_info.setdefault("optimization", {})
        return cast(GraphBuilder, self.builder).finish()


class RtInfoReader:
    """A <rt_info>'s entries, read as OpenVINO reads them, from the ("start", "end") of each
    element inside it, so that its elements can be dropped as they end: each element is an entry
    named by its ``name`` attribute, else by its tag, which is its ``value`` attribute (a str) when
    it has one (its children passed over), else a dict of its children's entries; a later entry of
    a name replaces an earlier one. At most MAX_RT_INFO_ENTRIES names are entered (a file of a
    million elements naming the same entry makes one). ``entries[0]``: the <rt_info>'s own."""

    __slots__ = ("path", "entries", "count")

    def __init__(self, path: str | None):
        self.path = path
        self.entries: list[dict | None] = [{}]  # the open elements' dicts (None: a value's, or in one)
        self.count = 0

    def start(self, el) -> None:
        parent = self.entries[-1]
        self.entries.append(None if parent is None or el.get("value") is not None else {})

    def end(self, el) -> None:
        entries = self.entries.pop()
        parent = self.entries[-1]
        if parent is None:
            return
        key = el.get("name", el.tag)
        if key not in parent:
            self.count += 1
            if self.count > MAX_RT_INFO_ENTRIES:
                raise ParseError(
                    f"the model's <rt_info> has more than {MAX_RT_INFO_ENTRIES} entries (irexec's limit)",
                    file=self.path,
                    line=el.sourceline,
                    code="X002",
                )
        value = el.get("value")
        parent[key] = value if value is not None else entries


def rt_info_of(el, path: str | None = None) -> dict:
    """The entries of a whole <rt_info> element (``RtInfoReader``'s; comments are no entries)."""
    reader = RtInfoReader(path)

    def walk(parent) -> None:  # (as deep as the parser lets elements nest: 256)
        for child in parent:
            if isinstance(child.tag, str):
                reader.start(child)
                walk(child)
                reader.end(child)

    walk(el)
    return cast(dict, reader.entries[0])


def _reporter(problems: list, path: str | None):
    """Where the parts of a reading report problems: not a method of the stream, whose reading
    would then hold it (a cycle, which keeps a model's graph from being freed when it is let go
    until the cycle collector runs)."""

    def report(err: IRExecError) -> None:
        problems.append(err.located(file=path))

    return report


def _owner(el) -> dict:
    """The location of the layer a body element belongs to, by its path (for a limit met while
    the layer is still being parsed)."""
    names, ids, layer = [], [], None
    for a in el.iterancestors():
        if a.tag == "layer":
            layer = layer if layer is not None else a
            names.append(a.get("name", a.get("id", "?")))
            ids.append(a.get("id", "?"))
        elif a.tag in BODY_TAGS:
            names.append(a.tag)
            ids.append(a.tag)
    if layer is None:
        return {}
    return dict(layer="/".join(reversed(names)), layer_id="/".join(reversed(ids)), layer_type=layer.get("type"))


def build_graph(events, path: str | None, weights_path: str | None, problems: list | None = None, schema=None) -> Graph:
    """The Graph from the ("start", element) and ("end", element) pairs of lxml's iterparse over
    the text (elements only: no comments). ``problems``: as for ``parse_graph``. ``schema``: the
    linter's schema pass (irexec.ir.schema_pass.SchemaSlices), given each part once it is read."""
    found = [] if problems is None else problems
    walk = Stream(path, weights_path, found, schema)
    start, end = walk.start, walk.end
    try:
        for event, el in events:
            if event == "start":
                start(el)
            elif walk.depth > 3 and walk.section == "layers" and not walk.bodies:
                walk.depth -= 1  # (the end of most elements: one inside a layer, read when the layer ends)
            else:
                end(el)
    except IRExecError:
        if schema is not None:
            schema.flush()  # (what was read before the problem that stops reading)
        raise
    if walk.graph is None:
        raise ParseError("the XML has no root element", file=path, code="X002")
    graph = walk.finish()
    if problems is None and found:
        raise found[0]
    return graph
