"""Differential fuzzing of the quick reading of plain IRs (irexec/ir/plain_ir.py) against the general
reader (see fuzz/README.md):

    python fuzz/fuzz_plain_ir.py --minutes 10             # seeds 0, 1, 2, ... for ten minutes
    python fuzz/fuzz_plain_ir.py --replay 1234            # rerun one seed, print where the readings differ

Each case is a small valid IR (models/, tests/data/torch/, tests/helpers/irtext.py) given 1-4 structural
mutations of its text (comments, PIs, CDATA, unknown or misplaced elements and sections, namespaces,
odd ids, extra attributes, whitespace, truncation, a wrapping root...), read with the quick reading
on and off: the graph (or the error raised), the problems and ``irexec.lint``'s findings must be
the same. Half the cases shrink the limits (elements in a layer, attributes on an element, what
the quick reading holds outside layers and edges) so that small files meet them, and check what
the quick reading holds: never a layer, an edge or a child of the <net> over the limit the general
reader keeps. A case that differs, holds too much, or raises anything but irexec's own errors is a
finding: printed on one line and saved as ``plain-<seed>.xml`` (the case) and ``plain-<seed>.txt``
(the mutations and the difference) under --out.
"""

from __future__ import annotations

import glob
import os
import random
import re
import shutil
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from lxml import etree  # noqa: E402
from seed_loop import Case, parser, run  # noqa: E402

import irexec  # noqa: E402
import irexec.ir.plain_ir as plain_ir  # noqa: E402
import irexec.ir.reader as reader  # noqa: E402
import irexec.ir.stream as stream  # noqa: E402
from helpers import irtext  # noqa: E402
from irexec.errors import IRExecError  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Seeds: (name, xml text, weights bytes or None)


def seeds() -> list:
    out = []
    for path in sorted(
        glob.glob(os.path.join(ROOT, "models", "*.xml"))
        + glob.glob(os.path.join(ROOT, "tests", "data", "torch", "*.xml"))
    ):
        with open(path, encoding="utf-8") as f:
            xml = f.read()
        if len(xml) > 30_000:
            continue
        binp = path[:-4] + ".bin"
        blob = open(binp, "rb").read() if os.path.exists(binp) else None
        out.append((os.path.basename(path), xml, blob))
    out.append(("add", irtext.add_model(), None))
    out.append(("add-f16", irtext.add_model((4,), "f16"), None))
    xml, blob = irtext.scatter_model()
    out.append(("scatter", xml, blob))
    # Past DROP_EVERY layers and edges and the schema's SCHEMA_SLICE: what is dropped or moved
    # out of a section while it is read.
    n = 600
    chain = [irtext.param(0, "x", (2,))] + [
        irtext.layer(i, "Relu", inputs=[irtext.port(0, "f32", (2,))], outputs=[irtext.port(1, "f32", (2,))])
        for i in range(1, n)
    ]
    edges = [(0, 0, 1, 0)] + [(i, 1, i + 1, 0) for i in range(1, n - 1)] + [(n - 1, 1, n, 0)]
    out.append(("chain", irtext.net(chain + [irtext.result(n, "f32", (2,))], edges), None))
    return out


# ---------------------------------------------------------------------------------------------
# Mutations: each takes (rng, text) and returns (new text, description)

SNIPPETS = [
    "<!-- c -->",
    "<!---->",
    "<?pi x?>",
    "<?xml-stylesheet href='a'?>",
    "<junk/>",
    "<junk>t</junk>",
    "text",
    " ",
    "\n",
    "&amp;",
    "&#60;layer&#62;",
    "&lt;layer id='9'&gt;",
    "<![CDATA[x]]>",
    "<![CDATA[<layer id='9'>]]>",
    '<!-- <layer id="9"> -->',
    '<!-- <edge from-layer="0"/> -->',
    "<?pi <layer ?>",
    '<layer id="9" name="n" type="Relu" version="opset1"/>',
    '<layer id="9" name="n" type="Parameter" version="opset1"><data shape="1" element_type="f32"/>'
    '<output><port id="0" precision="FP32"><dim>1</dim></port></output></layer>',
    '<edge from-layer="0" from-port="0" to-layer="9" to-port="0"/>',
    "<layers/>",
    "<edges/>",
    '<layers><layer id="8"/></layers>',
    "<rt_info/>",
    '<rt_info><a v="1"/><b><c/></b></rt_info>',
    '<rt_info><layer id="9"/></rt_info>',
    "<rt_info><!-- c --><rt_info/></rt_info>",
    '<net version="11"/>',
    "<body/>",
    "<bodyguard/>",
    "<then_body/>",
    '<x:layer xmlns:x="u"/>',
    '<x:rt_info xmlns:x="u"/>',
    '<layers xmlns="u"/>',
    '<x:layers xmlns:x="u"><layer id="7"/></x:layers>',
    '<rt_info xmlns="u"><a/></rt_info>',
    "<Layer/>",
    "<edge/>",
    "<layer/>",
    "<data/>",
    '<port id="5"/>',
    "<dim>2</dim>",
    "<dim/>",
    "<a><a><a/></a></a>",
    '<meta><layer id="6"/></meta>',
    "</junk>",
    "<",
    "&bogus;",
    "\x00",
    "]]>",
]

_TAG = re.compile(r"<(/?)([A-Za-z_][\w:.-]*)")


def _slots(text: str, rng) -> int:
    """A random place to insert at: before a tag, after a tag, or anywhere."""
    r = rng.random()
    tags = [m.start() for m in _TAG.finditer(text)]
    if r < 0.45 and tags:
        return rng.choice(tags)
    if r < 0.9:
        ends = [i + 1 for i, c in enumerate(text) if c == ">"]
        if ends:
            return rng.choice(ends)
    return rng.randrange(len(text) + 1)


def m_insert(rng, text):
    at = _slots(text, rng)
    s = rng.choice(SNIPPETS)
    return text[:at] + s + text[at:], f"insert {s!r} at {at}"


def m_insert_near(rng, text):
    """A snippet just before or after a chosen kind of tag."""
    tag = rng.choice(
        [
            "<layer ",
            "</layer>",
            "<edge ",
            "</layers>",
            "<edges>",
            "</edges>",
            "<layers>",
            "</net>",
            "<net ",
            "<port ",
            "</port>",
            "<data ",
            "<input>",
            "<output>",
            "<dim>",
            "<rt_info",
        ]
    )
    found = [m.start() for m in re.finditer(re.escape(tag), text)]
    if not found:
        return m_insert(rng, text)
    at = rng.choice(found)
    if rng.random() < 0.5:
        at = text.index(">", at) + 1
    s = rng.choice(SNIPPETS)
    return text[:at] + s + text[at:], f"insert {s!r} near {tag!r} at {at}"


def _element_spans(text: str, tag: str) -> list:
    """(start, end) of each <tag ...>...</tag> or <tag .../> (no nesting of the same tag)."""
    out = []
    for m in re.finditer(rf"<{tag}[\s/>]", text):
        gt = text.index(">", m.start())
        if text[gt - 1] == "/":
            out.append((m.start(), gt + 1))
            continue
        close = text.find(f"</{tag}>", gt)
        if close >= 0:
            out.append((m.start(), close + len(tag) + 3))
    return out


def m_section(rng, text):
    """Duplicate, drop, move or nest a section or an item."""
    tag = rng.choice(["layers", "edges", "layer", "edge", "rt_info", "layer", "edge", "port", "data"])
    spans = _element_spans(text, tag)
    if not spans:
        return m_insert(rng, text)
    a, b = rng.choice(spans)
    piece = text[a:b]
    op = rng.choice(["dup", "drop", "move", "nest", "wrap", "selfclose"])
    if op == "dup":
        return text[:b] + piece + text[b:], f"duplicate <{tag}> at {a}"
    if op == "drop":
        return text[:a] + text[b:], f"drop <{tag}> at {a}"
    rest = text[:a] + text[b:]
    if op == "move":
        at = _slots(rest, rng)
        return rest[:at] + piece + rest[at:], f"move <{tag}> at {a} to {at}"
    if op == "nest":  # into another element
        others = _element_spans(rest, rng.choice(["layer", "port", "data", "edges", "rt_info", "layers", "edge"]))
        if not others:
            return text[:b] + piece + text[b:], f"duplicate <{tag}> at {a}"
        x, _ = rng.choice(others)
        gt = rest.index(">", x) + 1
        if rest[gt - 2] == "/":
            return rest[: gt - 2] + ">" + piece + "</" + re.match(r"<([\w:]+)", rest[x:]).group(1) + ">" + rest[
                gt:
            ], f"nest <{tag}> from {a} into a self-closed element at {x}"
        return rest[:gt] + piece + rest[gt:], f"nest <{tag}> from {a} into the element at {x}"
    if op == "wrap":
        w = rng.choice(["junk", "rt_info", "layers", "edges", "x:w", "layer", "body"])
        ns = ' xmlns:x="u"' if w.startswith("x:") else ""
        return text[:a] + f"<{w}{ns}>" + piece + f"</{w}>" + text[b:], f"wrap <{tag}> at {a} in <{w}>"
    # selfclose: <tag ...>...</tag> -> <tag .../>
    gt = piece.index(">")
    if piece[gt - 1] == "/":
        return text[:b] + piece + text[b:], f"duplicate <{tag}> at {a}"
    return text[:a] + piece[:gt] + "/>" + text[b:], f"self-close <{tag}> at {a}"


def m_root(rng, text):
    op = rng.choice(["wrap", "rename", "ns", "version", "before", "after", "nested"])
    if op == "wrap":
        w = rng.choice(["w", "nett", "x:net", "layers", "net"])
        ns = ' xmlns:x="u"' if ":" in w else ""
        i, j = text.index("<net"), text.rindex("</net>") + 6
        return text[:i] + f"<{w}{ns}>" + text[i:j] + f"</{w}>" + text[j:], f"wrap the root in <{w}>"
    if op == "rename":
        n = rng.choice(["nett", "Net", "x:net", "layers"])
        ns = ' xmlns:x="u"' if ":" in n else ""
        return text.replace("<net ", f"<{n}{ns} ", 1).replace("</net>", f"</{n}>"), f"rename the root <{n}>"
    if op == "ns":
        return text.replace("<net ", '<net xmlns="urn:x" ', 1), "default namespace on the root"
    if op == "version":
        v = rng.choice(["9", "10", "", "11 ", "eleven"])
        return re.sub(r'(<net [^>]*?)version="\d+"', rf'\1version="{v}"', text, count=1), f"version {v!r}"
    s = rng.choice(SNIPPETS[:8] + ["<?xml version='1.0'?>", "<!DOCTYPE net>", "<net/>"])
    if op == "before":
        i = text.index("<net")
        return text[:i] + s + text[i:], f"before the root: {s!r}"
    if op == "after":
        return text + s, f"after the root: {s!r}"
    i = text.index(">", text.index("<net")) + 1
    return text[:i] + '<net version="11">' + text[i : text.rindex("</net>")] + "</net>" + text[
        text.rindex("</net>") :
    ], "a <net> in the <net>"


def m_ids(rng, text):
    ids = [m for m in re.finditer(r'(<layer [^>]*?id=")([^"]*)"', text)]
    if not ids:
        return m_insert(rng, text)
    m = rng.choice(ids)
    new = rng.choice(
        [
            "1" * 30,
            "9" * 19,
            "1" * 20,
            "-1",
            " 1",
            "1.0",
            "\u0663",
            "\uff11",
            "",
            "0x1",
            "00",
            "a",
            "1" * 5000,
            "9223372036854775808",
            "&#49;",
            "&#x31;0",
            "1&#10;",
        ]
    )
    out = text[: m.start(2)] + new + text[m.end(2) :]
    if rng.random() < 0.5:  # and the edges that name it
        old = m.group(2)
        out = out.replace(f'from-layer="{old}"', f'from-layer="{new}"').replace(
            f'to-layer="{old}"', f'to-layer="{new}"'
        )
    return out, f"layer id {m.group(2)!r} -> {new[:30]!r}"


def m_attrs(rng, text):
    opens = [m for m in _TAG.finditer(text) if not m.group(1)]
    if not opens:
        return m_insert(rng, text)
    m = rng.choice(opens)
    k = rng.choice([1, 2, 5, 9, 33, 40])
    style = rng.choice(["plain", "ns", "xmlns", "dup", "entity", "default-ns", "no-ns", "xml"])
    if style == "plain":
        a = "".join(f' a{i}="{i}"' for i in range(k))
    elif style == "ns":
        a = ' xmlns:x="u"' + "".join(f' x:a{i}="1"' for i in range(k))
    elif style == "xmlns":
        a = "".join(f' xmlns:p{i}="u{i}"' for i in range(k))
    elif style == "dup":
        a = ' id="5"'
    elif style == "default-ns":  # (the element and those in it are in another namespace)
        a = ' xmlns="urn:y"'
    elif style == "no-ns":
        a = ' xmlns=""'
    elif style == "xml":
        a = ' xml:lang="en" xml:space="preserve"'
    else:
        a = ' name="a&amp;b&lt;layer &#62;"'
    return text[: m.end()] + a + text[m.end() :], f"{k} attributes ({style}) on <{m.group(2)}> at {m.start()}"


def m_names(rng, text):
    ms = list(re.finditer(r'(name|names|type|precision|element_type|shape)="([^"]*)"', text))
    if not ms:
        return m_insert(rng, text)
    m = rng.choice(ms)
    v = rng.choice(
        [
            "&amp;",
            "a&lt;layer id=&quot;1&quot;&gt;",
            "",
            "&#x3C;edge",
            "\u00e9",
            "x" * 200,
            " ",
            "a,b",
            "?",
            "-1",
            "1,,2",
            "&#10;",
        ]
    )
    return text[: m.start(2)] + v + text[m.end(2) :], f"{m.group(1)} -> {v!r}"


def m_dims(rng, text):
    ms = list(re.finditer(r"<dim>([^<]*)</dim>", text))
    if not ms:
        return m_insert(rng, text)
    m = rng.choice(ms)
    v = rng.choice(
        [
            "<dim></dim>",
            "<dim/>",
            "<dim> 2 </dim>",
            "<dim>-1</dim>",
            "<dim><!-- c -->2</dim>",
            "<dim><![CDATA[2]]></dim>",
            "<dim>2<rt_info/></dim>",
            "<dim>?</dim>",
            "<dim>1..3</dim>",
            "",
        ]
    )
    return text[: m.start()] + v + text[m.end() :], f"dim -> {v!r}"


def m_space(rng, text):
    op = rng.choice(["oneline", "indent", "crlf", "tabs", "spaces-in-tags"])
    if op == "oneline":
        return re.sub(r">\s+<", "><", text), "one line"
    if op == "indent":
        return re.sub(r"><", ">\n    <", text), "indented"
    if op == "crlf":
        return text.replace("\n", "\r\n"), "CRLF"
    if op == "tabs":
        return re.sub(r">\s*<", ">\t\n\t<", text), "tabs"
    return re.sub(
        r"<(layer|edge|layers|edges)( |>)", lambda m: f"<{m.group(1)}\n\t{m.group(2)}", text
    ), "breaks in tags"


def m_truncate(rng, text):
    at = rng.randrange(len(text))
    return text[:at], f"cut at {at}"


def m_bulk(rng, text):
    """Many elements or comments somewhere (to meet the shrunk limits)."""
    n = rng.choice([8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 260, 300])
    what = rng.choice(
        ["<a/>", "<rt_info/>", "<!--c-->", "<!--<layer -->", "<!--<edge -->", "<a></a>", "<?p?>", "<![CDATA[<layer ]]>"]
    )
    if rng.random() < 0.3:  # comments with marks, spread among the elements
        mark = rng.choice(["<!--<layer -->", "<!--<edge -->", "<?p <layer?>"])
        body = "".join(what if i % 10 else mark for i in range(n))
        what = f"{what} (and {mark} every 10th)"
    else:
        body = what * n
    where = rng.choice(["rt_info", "layer", "data", "port", "edge", "net", "layers", "edges", "junk"])
    if where == "rt_info":
        body = "<rt_info>" + body + "</rt_info>"
    elif where == "junk":
        body = "<junk>" + body + "</junk>"
    anchors = {
        "layer": r"<layer [^>]*[^/]>",
        "data": r"<data [^>]*>",
        "port": r"<port [^>]*[^/]>",
        "edge": r"<edge [^>]*>",
        "net": r"<net [^>]*>",
        "layers": r"<layers>",
        "edges": r"<edges>",
        "rt_info": r"<layer [^>]*[^/]>|<net [^>]*>|</edges>",
        "junk": r"<net [^>]*>|</layers>|</edges>|<layers>",
    }
    ms = list(re.finditer(anchors[where], text))
    if not ms:
        return m_insert(rng, text)
    m = rng.choice(ms)
    at = m.end()
    if where == "data" and text[at - 2] == "/":
        return text[: at - 2] + ">" + body + "</data>" + text[at:], f"{n} x {what!r} into a <data>"
    if where == "edge" and text[at - 2] == "/":
        return text[: at - 2] + ">" + body + "</edge>" + text[at:], f"{n} x {what!r} into an <edge>"
    if where in ("rt_info", "junk") and m.group(0).startswith("</"):
        at = m.start() if rng.random() < 0.5 else m.end()
    return text[:at] + body + text[at:], f"{n} x {what!r} into <{where}> at {at}"


def m_encoding(rng, text):
    op = rng.choice(["bom", "decl16", "latin"])
    if op == "bom":
        return "\ufeff" + text, "BOM"
    if op == "decl16":
        return re.sub(r"<\?xml[^>]*\?>", '<?xml version="1.0" encoding="UTF-16"?>', text, count=1), "UTF-16 declared"
    return re.sub(
        r"<\?xml[^>]*\?>", '<?xml version="1.0" encoding="ISO-8859-1"?>', text, count=1
    ), "ISO-8859-1 declared"


MUTATIONS = [
    (m_insert, 6),
    (m_insert_near, 6),
    (m_section, 6),
    (m_root, 2),
    (m_ids, 2),
    (m_attrs, 3),
    (m_names, 2),
    (m_dims, 2),
    (m_space, 2),
    (m_truncate, 1),
    (m_bulk, 5),
    (m_encoding, 1),
]


# ---------------------------------------------------------------------------------------------
# Small limits, and what the quick reading holds under them

# (elements in a layer, attributes on an element, "<" the quick reading may hold outside layers and
# edges, the bytes of the pieces it parses items in)
SHIPPED = (plain_ir.MAX_LAYER_ELEMENTS, plain_ir.MAX_ATTRIBUTES, plain_ir.PLAIN_OUTSIDE, plain_ir.PIECE_BYTES)


def set_limits(layer_elements: int, attributes: int, outside: int, piece: int) -> None:
    for mod in (plain_ir, reader):
        mod.MAX_LAYER_ELEMENTS = layer_elements
        mod.MAX_ATTRIBUTES = attributes
    plain_ir.PLAIN_OUTSIDE = outside
    plain_ir.PIECE_BYTES = piece


class Held:
    """Watches the quick reading for what the general reader would not hold: a layer of more
    elements than it refuses a layer at; an edge of more than that (the general reader drops what
    is inside an edge as it ends: the quick reading holds an edge whole, so the bytes must bound
    it the same); when a <layers> or <edges> starts, more of the tree before it than the quick
    reading may hold outside layers and edges (PLAIN_OUTSIDE ``<``: the general reader drops
    the elements of a child of the <net> as they end)."""

    def __init__(self):
        self.over = []
        self.inside = False  # (the hooks are the general reader's too: only the quick reading's calls count)
        self._check_id, self._start_section = stream.Stream.check_id, stream.Stream.start_section
        self._read, self._edge_of = plain_ir._read, plain_ir.edge_of

    def __enter__(self):
        held = self

        def count(el):  # (elements only, as the general reader counts)
            return sum(1 for _ in el.iter(etree.Element)) - 1

        def read(walk, *args):
            held.inside = True
            try:
                return held._read(walk, *args)
            finally:
                held.inside = False

        def check_id(walk, el):
            if held.inside:
                n = count(el)
                if n > plain_ir.MAX_LAYER_ELEMENTS:
                    held.over.append(f"a <layer> of {n} elements read (limit {plain_ir.MAX_LAYER_ELEMENTS})")
            return held._check_id(walk, el)

        def edge_of(el, reading):  # (the quick reading's: the general reader has its own)
            n = count(el)
            if n > plain_ir.MAX_LAYER_ELEMENTS:
                held.over.append(f"an <edge> of {n} elements read (limit {plain_ir.MAX_LAYER_ELEMENTS})")
            return held._edge_of(el, reading)

        def start_section(walk, el):
            if held.inside:  # (what came before it: the parser may have read ahead past its start)
                n = sum(count(sib) + 1 for sib in el.itersiblings(etree.Element, preceding=True))
                bound = plain_ir.PLAIN_OUTSIDE + plain_ir.MAX_LAYER_ELEMENTS + stream.DROP_EVERY
                if n > bound:
                    held.over.append(f"{n} elements when a <{el.tag}> starts (bound {bound})")
            return held._start_section(walk, el)

        stream.Stream.check_id, stream.Stream.start_section, plain_ir._read = check_id, start_section, read
        plain_ir.edge_of = edge_of
        return self

    def __exit__(self, *exc):
        stream.Stream.check_id, stream.Stream.start_section, plain_ir._read = (
            self._check_id,
            self._start_section,
            self._read,
        )
        plain_ir.edge_of = self._edge_of


# ---------------------------------------------------------------------------------------------
# One reading, both ways


def snapshot(graph) -> tuple:
    layers = [
        (
            x.id,
            x.name,
            x.type,
            x.version,
            x.attrs,
            x.line,
            x.scope,
            type(x.op).__name__,
            [(p.id, p.etype and p.etype.name, p.shape, p.names, p.line) for p in x.inputs + x.outputs],
        )
        for x in graph.layers.values()
    ]
    return graph.name, graph.ir_version, layers, graph.succ, sorted(graph.used), graph.topological_order()


def read(path: str, quick: bool) -> tuple:
    """(graph snapshot or the error raised, the problems, the lint findings), as tests/ir/test_plain_ir.py reads."""
    plain_ir.QUICK = quick
    with open(path, "rb") as f:
        data = f.read()
    found = []
    try:
        graph = snapshot(reader.parse_graph(data, path, path[:-4] + ".bin", found))
    except IRExecError as e:
        graph = ("raised", type(e).__name__, str(e), e.code, e.line)
    problems = [(type(e).__name__, e.code, str(e), e.line, e.layer, e.port) for e in found]
    findings = [(f.code, f.severity, f.message, f.line, f.column, f.layer_name, f.port) for f in irexec.lint(path)]
    return graph, problems, findings


def quick_taken(path: str) -> bool:
    from irexec.ir.safexml import prepare_xml

    plain_ir.QUICK = True
    try:
        with open(path, "rb") as f:
            data = prepare_xml(f.read(), path)
    except IRExecError:
        return False
    return plain_ir.plain_graph(data, path, path[:-4] + ".bin", []) is not None


def compare(path: str) -> str | None:
    """Where the two readings of ``path`` differ (or what the quick one held), or None."""
    with Held() as held:
        quick = read(path, True)
    general = read(path, False)
    out = [f"the quick reading held {o}" for o in dict.fromkeys(held.over)]
    for part, a, b in zip(("graph", "problems", "lint"), quick, general):
        if a != b:
            out.append(f"{part} differs:\n  quick:   {str(a)[:1500]}\n  general: {str(b)[:1500]}")
    return "\n".join(out) or None


_SEEDS = None


def make_case(seed: int) -> tuple:
    """(xml text, weights, the mutations, the limits) of case ``seed``."""
    global _SEEDS
    if _SEEDS is None:
        _SEEDS = seeds()
    rng = random.Random(seed)
    name, text, blob = rng.choice(_SEEDS)
    done = [f"seed model {name}"]
    funcs, weights = zip(*MUTATIONS)
    for _ in range(rng.randint(1, 4)):
        f = rng.choices(funcs, weights)[0]
        try:
            text, what = f(rng, text)
        except ValueError:  # (a mutation that needs what an earlier one cut away)
            text, what = m_insert(rng, text)
        done.append(what)
    limits = None
    if rng.random() < 0.5:
        limits = (
            rng.choice([16, 32, 64, 256]),
            rng.choice([8, 32, 64, 1024]),
            rng.choice([64, 256, 1024]),
            rng.choice([1, 64, 300, SHIPPED[3]]),
        )
    elif rng.random() < 0.5:  # (the seeds are one piece at the size shipped: cut them smaller)
        limits = SHIPPED[:3] + (rng.choice([1, 64, 300]),)
    return text, blob, done, limits


def one(seed: int, work: str, skip=()):
    """(a finding's text or None, the case's xml, whether the quick reading took it); None for a case
    one of whose mutations says a text in ``skip`` (a finding already known)."""
    text, blob, done, limits = make_case(seed)
    if any(s in d for d in done[1:] for s in skip):
        return None
    path = os.path.join(work, "case.xml")
    enc = "utf-16" if "UTF-16 declared" in done else ("latin-1" if "ISO-8859-1 declared" in done else "utf-8")
    try:
        data = text.encode(enc)
    except UnicodeEncodeError:
        data = text.encode("utf-8", "surrogatepass")
    with open(path, "wb") as f:
        f.write(data)
    binp = path[:-4] + ".bin"
    if blob is not None:
        with open(binp, "wb") as f:
            f.write(blob)
    elif os.path.exists(binp):
        os.remove(binp)
    head = [f"seed {seed}", *done, f"limits {limits}" if limits else "limits as shipped"]
    set_limits(*(limits or SHIPPED))
    try:
        found = compare(path)
        taken = quick_taken(path)
    except Exception:
        found, taken = "an exception escaped:\n" + traceback.format_exc(), False
    finally:
        plain_ir.QUICK = True
        set_limits(*SHIPPED)
    return ("\n".join(head) + "\n" + found if found else None), data, taken


def main(argv=None) -> int:
    ap = parser(__doc__, os.path.join(HERE, "findings"))
    ap.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="TEXT",
        help="leave out the cases with a mutation whose description has TEXT "
        "(a finding already known, e.g. 'wrap the root')",
    )
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="plain-")

    def case(seed: int):
        done = one(seed, work, args.skip)
        if done is None:
            return None
        found, data, taken = done
        if not found:
            return Case(None, counts={"read the quick way": int(taken)})
        lines = found.splitlines()
        first = next((ln for ln in lines if "differs" in ln or "held" in ln or "escaped" in ln), lines[-1])
        return Case(
            found,
            f"{first.strip()} ({'; '.join(lines[1 : lines.index(first)])[:300]})",
            {"xml": data},
            {"read the quick way": int(taken)},
        )

    try:
        return run(args, "plain", case, "the readings agree")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
