"""Broken IRs for the linter's tests: valid models, each broken in one known way at one known layer.

A mutation takes a model (its XML tree and weights) and a layer, breaks that layer (or an edge
into it), and says which rule must fire and at which layer. The tests apply every mutation to
every layer it fits in every valid model they have: the bundled models, PyTorch programs exported
by OpenVINO's converter, and IRs OpenVINO writes from its opsets.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from lxml import etree

from irexec.ops.attrs import REQUIRED
from irexec.ops.registry import lookup


@dataclass
class Variant:
    name: str  # model:mutation:layer
    xml: bytes
    blob: bytes | None
    code: str  # the rule that must fire
    layer_name: str  # at this layer
    layer_id: str
    weights_missing: bool = False


def parse(xml: bytes):
    return etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))


def layers(root):
    return root.find("layers").findall("layer")


def by_id(root, lid):
    return next(el for el in layers(root) if el.get("id") == lid)


def edges(root):
    return root.find("edges").findall("edge")


def static_dims(port) -> list:
    return [d for d in port.findall("dim") if (d.text or "").strip().isdigit()]


def _is(el, *types):
    return el.get("type") in types


# ---- mutations: (root, blob, layer) -> the new blob, or None when it does not fit that layer ------


def rule(code: str):
    """The rule a mutation must make fire."""

    def mark(fn):
        fn.code = code
        return fn

    return mark


def _edge_into(root, el):
    return next((e for e in edges(root) if e.get("to-layer") == el.get("id")), None)


@rule("S001")
def out_dim(root, blob, el):
    if _is(el, "Parameter", "Const", "Result"):
        return None
    for p in el.findall("output/port"):
        dims = static_dims(p)
        if dims:
            dims[-1].text = str(int(dims[-1].text) + 3)
            return blob
    return None


_OTHER_PREC = {
    "FP32": "I8",
    "FP16": "FP32",
    "I64": "FP32",
    "I32": "FP16",
    "BOOL": "I32",
    "U8": "FP32",
    "I8": "FP32",
    "FP64": "I32",
    "BF16": "FP32",
}


@rule("S002")
def out_precision(root, blob, el):
    if _is(el, "Result"):
        return None
    for p in el.findall("output/port"):
        if p.get("precision") in _OTHER_PREC:
            p.set("precision", _OTHER_PREC[p.get("precision")])
            return blob
    return None


@rule("S003")
def in_dim(root, blob, el):
    for p in el.findall("input/port"):
        dims = static_dims(p)
        if dims:
            dims[0].text = str(int(dims[0].text) + 5)
            return blob
    return None


@rule("S004")
def in_precision(root, blob, el):
    for p in el.findall("input/port"):
        if p.get("precision") in _OTHER_PREC:
            p.set("precision", _OTHER_PREC[p.get("precision")])
            return blob
    return None


def _on_edge_into(name: str, code: str, edit):
    """A mutation that edits the first edge into the layer."""

    @rule(code)
    def mutate(root, blob, el):
        e = _edge_into(root, el)
        if e is None:
            return None
        edit(e)
        return blob

    mutate.__name__ = name
    return mutate


drop_edge = _on_edge_into("drop_edge", "G004", lambda e: e.getparent().remove(e))
second_edge = _on_edge_into("second_edge", "G003", lambda e: e.addnext(copy.deepcopy(e)))
edge_to_missing_port = _on_edge_into("edge_to_missing_port", "G002", lambda e: e.set("to-port", "97"))
edge_from_missing_layer = _on_edge_into("edge_from_missing_layer", "G001", lambda e: e.set("from-layer", "99999"))


@rule("O001")
def unknown_type(root, blob, el):
    if _is(el, "Parameter", "Result"):
        return None  # the model's inputs and outputs, tested on their own
    el.set("type", "NoSuchOp")
    return blob


@rule("O002")
def unknown_version(root, blob, el):
    if _is(el, "Parameter", "Result"):
        return None
    el.set("version", "opset999")
    return blob


def _data_and_attrs(el):
    """A layer's <data> and the attributes its op declares ((None, ()) when it has no <data>)."""
    data = el.find("data")
    if data is None:
        return None, ()
    return data, lookup(el.get("type"), el.get("version")).attrs


@rule("O003")
def bad_attribute(root, blob, el):
    data, attrs = _data_and_attrs(el)
    for a in attrs:
        if a.name in data.attrib and (a.kind not in ("str",) or a.choices):
            data.set(a.name, "nonsense!")
            return blob
    return None


@rule("O003")
def missing_attribute(root, blob, el):
    data, attrs = _data_and_attrs(el)
    for a in attrs:
        if a.default is REQUIRED and a.name in data.attrib:
            del data.attrib[a.name]
            return blob
    return None


@rule("G006")
def duplicate_id(root, blob, el):
    first = layers(root)[0]
    if first is el:
        return None
    el.set("id", first.get("id"))
    return blob


@rule("G005")
def cycle(root, blob, el):
    """Feed the layer from one of its own consumers: an edge into it is redirected."""
    lid = el.get("id")
    consumers = [e for e in edges(root) if e.get("from-layer") == lid]
    into = [e for e in edges(root) if e.get("to-layer") == lid]
    for c in consumers:
        user = by_id(root, c.get("to-layer"))
        outs = user.findall("output/port")
        if outs and into:
            into[0].set("from-layer", user.get("id"))
            into[0].set("from-port", outs[0].get("id"))
            return blob
    return None


@rule("G008")
def input_on_parameter(root, blob, el):
    if not _is(el, "Parameter", "Const"):
        return None
    other = next((x for x in layers(root) if x is not el and x.find("output/port") is not None), None)
    if other is None:
        return None
    inp = etree.SubElement(el, "input")
    etree.SubElement(inp, "port", id="77", precision="FP32")
    el.insert(0, inp)
    etree.SubElement(
        root.find("edges"),
        "edge",
        {
            "from-layer": other.get("id"),
            "from-port": other.find("output/port").get("id"),
            "to-layer": el.get("id"),
            "to-port": "77",
        },
    )
    return blob


@rule("G008")
def second_result_input(root, blob, el):
    if not _is(el, "Result"):
        return None
    src = next((x for x in layers(root) if _is(x, "Parameter")), None)
    if src is None:
        return None
    etree.SubElement(el.find("input"), "port", id="78", precision="FP32")
    etree.SubElement(
        root.find("edges"),
        "edge",
        {
            "from-layer": src.get("id"),
            "from-port": src.find("output/port").get("id"),
            "to-layer": el.get("id"),
            "to-port": "78",
        },
    )
    return blob


@rule("G008")
def result_with_an_output(root, blob, el):
    """A Result that declares an output port, nothing connected to it (found by the fuzzer: the
    run looked for the output a Result never makes)."""
    if not _is(el, "Result"):
        return None
    out = etree.SubElement(el, "output")
    port = etree.SubElement(out, "port", id="79", precision="I64")
    etree.SubElement(port, "dim").text = "2"
    return blob


@rule("C002")
def const_offset(root, blob, el):
    if not _is(el, "Const") or blob is None:
        return None
    el.find("data").set("offset", str(len(blob) + 8))
    return blob


@rule("C003")
def const_size(root, blob, el):
    if not _is(el, "Const"):
        return None
    data = el.find("data")
    data.set("size", str(int(data.get("size")) + 1))
    return blob


@rule("X003")
def schema_break(root, blob, el):
    """An element the IR does not have, inside the layer."""
    etree.SubElement(el, "bogus")
    return blob


MUTATIONS: list[Callable] = [
    out_dim,
    out_precision,
    in_dim,
    in_precision,
    drop_edge,
    second_edge,
    edge_to_missing_port,
    edge_from_missing_layer,
    unknown_type,
    unknown_version,
    bad_attribute,
    missing_attribute,
    duplicate_id,
    cycle,
    input_on_parameter,
    second_result_input,
    const_offset,
    const_size,
    schema_break,
]


def variants(name: str, xml: bytes, blob: bytes | None, per_mutation: int = 3):
    """Every mutation at up to ``per_mutation`` layers of the model (spread over the model)."""
    root = parse(xml)
    all_layers = layers(root)
    for mutate in MUTATIONS:
        made = 0
        step = max(1, len(all_layers) // 7)
        order = all_layers[::step] + [x for i, x in enumerate(all_layers) if i % step]
        for target in order:
            if made >= per_mutation:
                break
            work = copy.deepcopy(root)
            el = (
                by_id(work, target.get("id"))
                if mutate is not duplicate_id
                else next(
                    x for x in layers(work) if x.get("name") == target.get("name") and x.get("id") == target.get("id")
                )
            )
            try:
                new_blob = mutate(work, blob, el)
            except (KeyError, StopIteration):
                continue
            if new_blob is None:
                continue
            code = mutate.code
            made += 1
            yield Variant(
                f"{name}:{mutate.__name__}:{target.get('name')}",
                etree.tostring(work, xml_declaration=True, encoding="utf-8"),
                new_blob,
                code,
                target.get("name"),
                target.get("id"),
            )


def load(path: str):
    with open(path, "rb") as f:
        xml = f.read()
    bin_path = os.path.splitext(path)[0] + ".bin"
    blob = open(bin_path, "rb").read() if os.path.exists(bin_path) else None
    return xml, blob


def write(tmp_dir, variant: Variant, index: int) -> str:
    path = os.path.join(str(tmp_dir), f"v{index}.xml")
    with open(path, "wb") as f:
        f.write(variant.xml)
    if variant.blob is not None:
        with open(os.path.join(str(tmp_dir), f"v{index}.bin"), "wb") as f:
            f.write(variant.blob)
    return path


__all__ = ["Variant", "variants", "load", "write", "MUTATIONS", "np"]
