"""The quick reading of a plain IR: the same graph, problems and schema findings as the general
reader (irexec.ir.reader), with parse events for the <net>'s own parts only.

The general reader asks lxml for an event at every element, to keep each limit as the file is
read; for a 10,000-layer IR those 200,000 events took 30 ms of the 400 reading took. A file whose
bytes alone show that no limit can be met needs no event inside a layer or an edge. "Plain"
(``plain_marks``):

- no bodies (Loop, TensorIterator, If): theirs are limits of their own;
- fewer ``<`` between one ``<layer`` and the next (the last: and ``</layers``) than
  MAX_LAYER_ELEMENTS, the most elements a layer may hold; the same between edges;
- at most PLAIN_OUTSIDE ``<`` outside those spans, so that what the quick reading holds until
  its part of the <net> ends (a child of the <net> it has no events in) is bounded;
- no run of more than ATTRIBUTE_BYTES * MAX_ATTRIBUTES bytes without a ``<``, which every element
  with more than MAX_ATTRIBUTES attributes would need;
- one ``<layers`` and one ``</layers``, the layers between them (the same for edges).

Comments, processing instructions and CDATA sections (but the XML declaration), and namespaces,
make a file not plain either: the bytes would count a "<layer" in one as a layer.

The layers and the edges are cut out of the text, in pieces of whole items (``_Pieces``): the rest
(the skeleton: the <net>, its sections, rt_info) is read by its events, and each section's pieces
are parsed whole, in turn, when it starts, and read item by item as the general reader reads them.

Anything else the general reader would say differently (a root other than the <net>, an element
in <layers> that is not a layer, a piece that is not a run of whole items, a ``<layer`` no layer
was read for, any problem met while reading the items, any error raised) makes ``plain_graph``
let its reading go and return None: the caller then reads the file the general way, which says
what it says of it.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import numpy as np
from lxml import etree

from ..graph import Graph
from .layer_xml import BODY_TAGS, edge_of
from .safexml import MAX_ATTRIBUTES, MAX_LAYER_ELEMENTS, PARSER_OPTIONS
from .stream import Stream

PLAIN_OUTSIDE = 1 << 16
# The items of a section are parsed in pieces of about this many bytes.
PIECE_BYTES = 1 << 15
# False: every file is read the general way (tests compare the two).
QUICK = True
ATTRIBUTE_BYTES = 4  # the fewest an attribute takes: a=""
# The elements the quick reading has events for: the <net>, its sections and their items, and
# rt_info (the one child of the <net> OpenVINO writes besides them; inside a layer it is passed over).
_TAGS = ("net", "layers", "edges", "layer", "edge", "rt_info")
_EVENT_OPTIONS = dict(PARSER_OPTIONS, remove_blank_text=True)
_AFTER_NAME = np.zeros(256, bool)  # the bytes that may end a tag's name
_AFTER_NAME[np.frombuffer(b" \t\r\n/>", np.uint8)] = True
_LONGEST = max(len(t) for t in BODY_TAGS + ("layer",))
_DECLARATIONS = tuple(b"<?xml" + c for c in (b" ", b"\t", b"\r", b"\n"))


def plain_marks(data: bytes) -> int | None:
    """How many ``<layer`` elements ``data`` (UTF-8, prepared) has, when no limit the general
    reader keeps can be met in it; else None."""
    sections = _plan(data)
    return None if sections is None else sum(len(starts) for name, starts, _ in sections if name == "layers")


def _plan(data: bytes) -> list | None:
    """The sections' items when ``data`` is plain: (section, the byte offset of each item, the
    offset of the section's end tag) for each of <layers> and <edges> that has any; else None."""
    buf = np.frombuffer(data, np.uint8)
    opens = np.flatnonzero(buf == 0x3C)
    if not opens.size:
        return None
    if max(int(np.diff(opens).max(initial=0)), len(data) - int(opens[-1])) > ATTRIBUTE_BYTES * MAX_ATTRIBUTES:
        return None
    # (A name and the byte after it fit before the end: the last "<" are the </net>'s and such.)
    inner = opens[opens + _LONGEST + 1 < buf.size]
    firsts = buf[inner + 1]
    # Only elements: a "<layer" in a comment, a processing instruction or a CDATA section is none,
    # and such marks would cut a layer of any size into spans that each look small. (The XML
    # declaration is the one "<?" let through: it comes first.)
    if (
        (firsts == 0x21).any()
        or (firsts[1:] == 0x3F).any()
        or (firsts.size and firsts[0] == 0x3F and data[int(inner[0]) : int(inner[0]) + 6] not in _DECLARATIONS)
    ):
        return None
    # Nor namespaces (OpenVINO writes none): a layer in one is no "layer" to the parse events, so
    # the part of the file it is in would be held whole.
    if b"xmlns" in data:
        return None
    if any(_named(buf, inner, firsts, tag).size for tag in BODY_TAGS):
        return None
    # Each layer (edge) holds fewer elements than there are "<" from it to the next one (the last:
    # to the </layers>); what no layer or edge spans is held until its part of the <net> ends.
    spanned = 0
    sections = []
    for tag, section in (("layer", "layers"), ("edge", "edges")):
        marks = _named(buf, inner, firsts, tag)
        if not marks.size:
            continue
        # The items are cut out of one section, from the first to its end tag. (One start tag: then
        # one end tag, or the parse fails.)
        opened = _named(buf, inner, firsts, section)
        close = data.rfind(b"</" + section.encode())
        if opened.size != 1 or close < 0:
            return None
        starts = opens[marks]
        if int(opens[opened[0]]) > int(starts[0]):
            return None
        widths = np.append(marks[1:], np.searchsorted(opens, close)) - marks
        if int(widths.min()) <= 0 or int(widths.max()) >= MAX_LAYER_ELEMENTS:
            return None
        spanned += int(widths.sum())
        sections.append((section, starts, close))
    if opens.size - spanned > PLAIN_OUTSIDE:
        return None
    sections.sort(key=lambda s: int(s[1][0]))
    if len(sections) == 2 and sections[0][2] > int(sections[1][1][0]):
        return None  # (one section's items inside the other's)
    return sections


def _named(buf: np.ndarray, opens: np.ndarray, firsts: np.ndarray, tag: str) -> np.ndarray:
    """The places, among the ``<`` at ``opens`` (``firsts``: the byte after each), of those that
    start an element named ``tag``."""
    name = np.frombuffer(tag.encode(), np.uint8)
    places = np.flatnonzero(firsts == name[0])  # (the first letter: few)
    at = opens[places]
    named = _AFTER_NAME[buf[at + 1 + len(name)]]
    for k in range(1, len(name)):
        named &= buf[at + 1 + k] == name[k]
    return places[named]


def plain_graph(
    data: bytes, path: str | None, weights_path, problems: list, make_schema: Callable | None = None
) -> Graph | None:
    """The Graph of a plain IR (``data``: UTF-8, prepared), its problems added to ``problems`` and
    the schema's findings too when ``make_schema(problems)`` gives the linter's schema pass; None
    (nothing added) when the file is not plain or the reading meets anything the general reader
    would say differently."""
    sections = _plan(data) if QUICK else None
    if sections is None:
        return None
    mark = len(problems)
    schema = make_schema(problems) if make_schema is not None else None
    walk = Stream(path, weights_path, problems, schema)
    pieces = _Pieces(data, sections)
    try:
        if _read(walk, pieces.skeleton, schema, pieces):
            return walk.finish()
    except Exception:  # (the general reader says what is wrong, where it meets it)
        pass
    del problems[mark:]
    # (The type ignored: with a builder, walk.graph is its graph.)
    if walk.builder is not None and walk.graph.weights is not None and walk.graph.weights is not weights_path:  # type: ignore[union-attr]
        walk.graph.weights.close()  # type: ignore[union-attr]
    return None


class _Pieces:
    """The <layers>' and the <edges>' items, cut out of the text: ``skeleton`` is the text
    without them (a line break kept for each of theirs, so that lines stay where they are), and
    ``section(name)`` parses the pieces cut from that section, in order. Each piece holds whole
    items, cut where one starts, and is parsed inside a <net> and its section, as deep as in the
    file. (A whole small text parses faster than the same elements given as events; and a piece
    small enough to stay in the processor's cache is read faster. Parsed on a second thread, a
    piece took longer to read than its parse took.)"""

    def __init__(self, data: bytes, sections: list):
        self.data = data
        self.todo = []  # (section, start, end, how many items, the lines before it), in order
        parts, at, lines = [], 0, 0
        for section, starts, close in sections:
            first = int(starts[0])
            parts.append(data[at:first])
            lines += data.count(b"\n", at, first)
            # A piece ends where the item after its last starts: about PIECE_BYTES each.
            cuts = np.unique(np.searchsorted(starts, np.arange(first, close, PIECE_BYTES)))
            cuts = cuts[cuts < starts.size]
            bounds = np.append(starts[cuts], close).tolist()
            counts = np.diff(np.append(cuts, starts.size)).tolist()
            before = lines
            for k, n in enumerate(counts):
                self.todo.append((section, bounds[k], bounds[k + 1], n, lines))
                lines += data.count(b"\n", bounds[k], bounds[k + 1])
            parts.append(b"\n" * (lines - before))
            at = close
        parts.append(data[at:])
        self.skeleton = b"".join(parts)
        self.done = 0
        self.parser = etree.XMLParser(**_EVENT_OPTIONS)  # (one a reading: a parser is not for two threads)

    def section(self, name: str):
        """(the lines before the piece, the <net> parsed around it, how many items it holds) for
        each piece of the section ``name``, in order."""
        todo, data = self.todo, self.data
        tag = name.encode()
        while self.done < len(todo) and todo[self.done][0] == name:
            _, start, end, count, lines = todo[self.done]
            self.done += 1
            root = etree.fromstring(
                b"".join((b"<net><", tag, b">", data[start:end], b"</", tag, b"></net>")), self.parser
            )
            yield lines, root, count


def _read(walk: Stream, data: bytes, schema, pieces: _Pieces) -> bool:
    """Read the events of the skeleton into ``walk`` as the general reader does, and each section's
    pieces as the section starts; False at anything it would read otherwise (then as soon as it
    meets it)."""
    events = etree.iterparse(io.BytesIO(data), events=("start", "end"), tag=_TAGS, **_EVENT_OPTIONS)
    root = section_el = None
    section = None
    # Elements with events open in the rt_info of the <net>, its own included: inside, only an
    # rt_info may have events.
    inside = 0
    handled: list = []  # the <net>'s children read (for the schema: those without events are checked in turn)
    for event, el in events:
        if inside:
            if event == "start":
                if el.tag != "rt_info":
                    return False
                inside += 1
                continue
            inside -= 1
            if not inside:  # the <net>'s rt_info ends
                walk.read_rt_info(el)
                _child_ends(el, None, schema, handled)
            continue
        tag = el.tag
        if event == "start":
            if root is None:
                if tag != "net" or el.getparent() is not None:
                    return False  # (the root is another element: no events came for it)
                root = el
                walk.begin_net(el)
                continue
            if tag == "net" or tag == "layer" or tag == "edge" or el.getparent() is not root:
                return False  # (an item the pieces do not hold)
            if schema is not None:
                _unread_children(root, el, schema, handled)
            if tag == "rt_info":
                inside = 1
                continue
            section, section_el = tag, el
            walk.start_section(el)
            if not _read_items(walk, tag, pieces.section(tag), schema):
                return False
            continue
        if tag == "net":
            if schema is not None:
                _unread_children(root, None, schema, handled)
            continue
        if el is not section_el or len(el):  # type: ignore[arg-type]  # (el is an element: section_el is not None here)
            return False  # (an element in the section, outside the pieces)
        _child_ends(el, section, schema, handled)
        section = section_el = None
        walk.section = None
    if root is None or pieces.done < len(pieces.todo):
        return False  # (a piece no section was read for: every mark must be an item read)
    docinfo = root.getroottree().docinfo  # (as the general reader, after parsing: no DOCTYPE either)
    return not (docinfo.doctype or docinfo.internalDTD is not None)


def _read_items(walk: Stream, section: str, pieces, schema) -> bool:
    """Read the items of a section's pieces into ``walk``; False when a piece is not a run of as
    many of the section's items as it has marks, or the schema finds anything in one, or
    anything is reported (its lines are the piece's own: the general reader says where)."""
    reading, builder = walk.reading, walk.builder
    item = section[:-1]
    mark = len(walk.problems)
    try:
        for offset, root, count in pieces:
            holder = root[0] if len(root) == 1 else None
            if holder is None or holder.tag != section or len(holder) != count:
                return False
            if schema is not None and not schema.valid(root):
                return False
            reading.line_offset = offset
            if item == "layer":
                check_id, add_layer = walk.check_id, walk.add_layer
                for el in holder:
                    if el.tag != "layer":
                        return False
                    check_id(el)
                    add_layer(el)
            else:
                add_edge = builder.add_edge  # type: ignore[union-attr]  # (after the <net> began: a builder)
                for el in holder:
                    if el.tag != "edge":
                        return False
                    edge = edge_of(el, reading)
                    if edge is not None:
                        add_edge(edge)
            if len(walk.problems) > mark:
                return False
    finally:
        reading.line_offset = 0
    return True


def _child_ends(el, section: str | None, schema, handled: list) -> None:
    """A child of the <net> ends, as the general reader ends it: the schema checks it, then it is
    dropped with what came before it."""
    handled.append(el)
    if schema is not None:
        schema.close(el, section)
    el.clear()
    while el.getprevious() is not None:
        del el.getparent()[0]


def _unread_children(root, upto, schema, handled: list) -> None:
    """The <net>'s children before ``upto`` (None: all) that had no events, each ended in turn,
    as the general reader ends every child of the <net> (comments are not elements to it)."""
    children = []
    for child in upto.itersiblings(preceding=True) if upto is not None else reversed(list(root)):
        if handled and child is handled[-1]:
            break
        if isinstance(child.tag, str):
            children.append(child)
    for child in reversed(children):
        _child_ends(child, None, schema, handled)
