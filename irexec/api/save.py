"""Saving models as IR, as OpenVINO's ``save_model`` and ``serialize`` do: the XML (IR v11) and
its ``.bin`` beside it, readable by OpenVINO's ``read_model`` and irexec's alike.

``save_model`` compresses floating-point constants to f16 by default, as OpenVINO's does: a f32
or f64 Const becomes a f16 Const (named ``<name>_compressed``) and a Convert back to its type
(named as the Const was, marked ``decompression``), unless three quarters or more of its values
do not fit f16, in which case it is kept as it is. Values past f16's range are clamped to +-65504.
What counts as not fitting was measured on OpenVINO's CPU build: a magnitude above 65504, NaN, or
a non-zero magnitude below ``TOO_SMALL``. ``serialize`` writes the model as it is.
"""

from __future__ import annotations

import os

import numpy as np

from ..errors import InputError
from ..files import write_atomic
from .assembly import model_ir, model_nodes
from .building import constant, make_node

F16_MAX = 65504.0
# Below this magnitude (and not zero) a value counts as out of f16's range (measured: 2.5008942e-05
# counts, 2.5008943e-05 does not).
TOO_SMALL = np.float32(2.5008943e-05)
KEEP_THRESHOLD = 0.75


def save_model(model, output_model, compress_to_fp16: bool = True) -> None:
    """Write ``model`` to ``output_model`` (a path ending in .xml) and the .bin beside it."""
    xml_path = os.fspath(output_model)
    if not xml_path.endswith(".xml"):
        raise InputError(f"save_model writes an .xml file, not '{xml_path}'")
    _write(model, xml_path, xml_path[:-4] + ".bin", compress_to_fp16)


def serialize(model, xml_path, bin_path=None) -> None:
    """Write ``model`` as IR, its constants as they are (``bin_path``: default beside the .xml)."""
    xml_path = os.fspath(xml_path)
    if bin_path is None:
        bin_path = (xml_path[:-4] if xml_path.endswith(".xml") else xml_path) + ".bin"
    _write(model, xml_path, os.fspath(bin_path), False)


def _write(model, xml_path: str, bin_path: str, compress: bool) -> None:
    xml, weights = model_bytes(model, compress)
    # Both files or neither: each is written beside its place and moved in whole.
    write_atomic(bin_path, lambda f: f.write(weights), InputError)
    write_atomic(xml_path, lambda f: f.write(xml), InputError)


def model_bytes(model, compress_to_fp16: bool = False) -> tuple:
    """(XML bytes, weights bytes) of ``model``."""
    parameters, results, sinks, nodes = model_nodes(model)
    if compress_to_fp16:
        for node in list(nodes.values()):
            if node.value is not None and node.value.dtype in (np.float32, np.float64):
                _compress(node)
    return model_ir(results, parameters, model.name, sinks, model.graph.rt_info)


def fits_f16(values: np.ndarray) -> bool:
    """Whether OpenVINO compresses a constant of these values: fewer than three quarters of them
    lie outside f16's range."""
    flat = np.asarray(values).reshape(-1)
    if flat.size == 0:
        return False
    mag = np.abs(flat)
    out = np.count_nonzero((mag > F16_MAX) | np.isnan(flat) | ((mag < TOO_SMALL) & (flat != 0)))
    return float(np.float32(out) / np.float32(flat.size)) < KEEP_THRESHOLD


def _compress(node) -> None:
    """Replace a float Const by a f16 one and a Convert back, as OpenVINO's compression does."""
    values = node.value
    if not fits_f16(values):
        return
    half = np.clip(values, -F16_MAX, F16_MAX).astype(np.float16)
    name = node.friendly_name
    small = constant(half, name=name + "_compressed")
    convert = make_node("Convert", "opset1", [small], {"destination_type": node.output(0).get_element_type()}, name)
    convert.get_rt_info()["decompression"] = ""
    small_names = node._names[0]
    convert._names[0] = set(small_names)
    node.output(0).replace(convert.output(0))
