#!/usr/bin/env python3
"""Write docs/rules.md and its examples (docs/examples/rules/): every lint rule, shown on the
bundled models/kv_cache_update.xml (written by OpenVINO) broken one way, with what
``irexec lint`` prints for it. Rerun after changing a rule or its messages; the docs test runs
every example again and fails if the output shown is not what the command prints."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from irexec.check.findings import RULES  # noqa: E402

DOCS = os.path.join(ROOT, "docs")
OUT = os.path.join(DOCS, "examples", "rules")
BASE = os.path.join(ROOT, "models", "kv_cache_update.xml")

T = "\t"


def edge(a, b, c, d):
    return f'{T * 2}<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}" />'


# code -> (what was done, [(old, new)] text edits, bin edit or None (None: keep), write the .bin)
def _positions(values):
    return np.asarray(values, np.int64).tobytes() + np.int64(1).tobytes()


def _dims(n: int) -> str:
    return "".join(f"{T * n}<dim>{d}</dim>\n" for d in (2, 8, 4))


def _read_value(lid: int, etype: str, precision: str) -> str:
    return (
        f'{T * 2}<layer id="{lid}" name="read_{lid}" type="ReadValue" version="opset6">\n'
        f'{T * 3}<data variable_id="state" variable_type="{etype}" variable_shape="2,8,4" />\n'
        f'{T * 3}<output>\n{T * 4}<port id="0" precision="{precision}">\n{_dims(5)}{T * 4}</port>\n'
        f"{T * 3}</output>\n{T * 2}</layer>\n"
    )


def _assign(lid: int) -> str:
    return (
        f'{T * 2}<layer id="{lid}" name="store" type="Assign" version="opset6">\n'
        f'{T * 3}<data variable_id="state" />\n{T * 3}<input>\n{T * 4}<port id="0" precision="FP32">\n'
        f"{_dims(5)}{T * 4}</port>\n{T * 3}</input>\n{T * 3}<output>\n"
        f'{T * 4}<port id="1" precision="FP32">\n{_dims(5)}{T * 4}</port>\n{T * 3}</output>\n{T * 2}</layer>\n'
    )


EXAMPLES = {
    "X001": ("the path names no file", None, None, False),
    "X002": ("the file ends in the middle of a layer", "truncate", None, True),
    "X003": (
        "an element the IR does not have, inside a layer",
        [('type="ScatterUpdate" version="opset3">\n', f'type="ScatterUpdate" version="opset3">\n{T * 3}<bogus />\n')],
        None,
        True,
    ),
    "X004": (
        "an IR version irexec does not read",
        [('<net name="kv_cache_update" version="11">', '<net name="kv_cache_update" version="7">')],
        None,
        True,
    ),
    "G001": ("an edge from a layer id that no layer has", [(edge(1, 0, 4, 2), edge(9, 0, 4, 2))], None, True),
    "G002": ("an edge into a port the layer does not have", [(edge(2, 0, 4, 1), edge(2, 0, 4, 7))], None, True),
    "G003": ("an edge written twice", [(edge(1, 0, 4, 2), edge(1, 0, 4, 2) + "\n" + edge(1, 0, 4, 2))], None, True),
    "G004": ("an edge left out", [(edge(1, 0, 4, 2) + "\n", "")], None, True),
    "G005": ("the ScatterUpdate fed from its own output", [(edge(0, 0, 4, 0), edge(4, 4, 4, 0))], None, True),
    "G006": ("two layers with id 0", [('<layer id="1" name="tokens"', '<layer id="0" name="tokens"')], None, True),
    "G007": (
        "two input ports with id 2",
        [(f'{T * 4}<port id="3" precision="I64" />', f'{T * 4}<port id="2" precision="I64" />')],
        None,
        True,
    ),
    "G008": (
        "a Result with a second input",
        [
            (
                f"{T * 4}</port>\n{T * 3}</input>\n{T * 2}</layer>\n{T}</layers>",
                f'{T * 4}</port>\n{T * 4}<port id="1" precision="FP32">\n{T * 5}<dim>2</dim>\n{T * 5}<dim>2</dim>\n'
                f"{T * 5}<dim>4</dim>\n{T * 4}</port>\n{T * 3}</input>\n{T * 2}</layer>\n"
                f"{T}</layers>",
            ),
            (edge(4, 4, 5, 0), edge(4, 4, 5, 0) + "\n" + edge(1, 0, 5, 1)),
        ],
        None,
        True,
    ),
    "G009": (
        "a Parameter nothing uses",
        [
            (
                f"{T}</layers>",
                f'{T * 2}<layer id="6" name="unused" type="Parameter" version="opset1">\n'
                f'{T * 3}<data shape="1" element_type="f32" />\n{T * 3}<output>\n'
                f'{T * 4}<port id="0" precision="FP32">\n{T * 5}<dim>1</dim>\n{T * 4}</port>\n'
                f"{T * 3}</output>\n{T * 2}</layer>\n{T}</layers>",
            )
        ],
        None,
        True,
    ),
    "G010": ("the Result left out", "drop_result", None, True),
    "G011": (
        "a second Result named `updated_cache`, fed by the same port",
        [
            (
                f"{T}</layers>",
                f'{T * 2}<layer id="6" name="updated_cache" type="Result" version="opset1">\n'
                f'{T * 3}<input>\n{T * 4}<port id="0" precision="FP32">\n{_dims(5)}{T * 4}</port>\n'
                f"{T * 3}</input>\n{T * 2}</layer>\n{T}</layers>",
            ),
            (edge(4, 4, 5, 0), edge(4, 4, 5, 0) + "\n" + edge(4, 4, 6, 0)),
        ],
        None,
        True,
    ),
    "O001": ("a misspelt type", [('type="ScatterUpdate"', 'type="ScatterUpdat"')], None, True),
    "O002": (
        "a version of ScatterUpdate that does not exist",
        [('type="ScatterUpdate" version="opset3"', 'type="ScatterUpdate" version="opset2"')],
        None,
        True,
    ),
    "O003": (
        "an element type that does not exist",
        [('shape="2,8,4" element_type="f32"', 'shape="2,8,4" element_type="f33"')],
        None,
        True,
    ),
    "O004": (
        "a second output port on the ScatterUpdate",
        [
            (
                f'{T * 4}</port>\n{T * 3}</output>\n{T * 2}</layer>\n{T * 2}<layer id="5"',
                f'{T * 4}</port>\n{T * 4}<port id="5" precision="FP32" />\n{T * 3}</output>\n{T * 2}</layer>\n'
                f'{T * 2}<layer id="5"',
            )
        ],
        None,
        True,
    ),
    "S001": (
        "the ScatterUpdate's output declared [2,9,4]",
        [
            (
                'names="updated_cache">\n' + f"{T * 5}<dim>2</dim>\n{T * 5}<dim>8</dim>",
                'names="updated_cache">\n' + f"{T * 5}<dim>2</dim>\n{T * 5}<dim>9</dim>",
            )
        ],
        None,
        True,
    ),
    "S002": (
        "the ScatterUpdate's output declared FP16",
        [('<port id="4" precision="FP32"', '<port id="4" precision="FP16"')],
        None,
        True,
    ),
    "S003": (
        "the Result's input declared [2,16,4]",
        [
            (
                f'output_names="updated_cache">\n{T * 3}<input>\n{T * 4}<port id="0" precision="FP32">\n'
                f"{T * 5}<dim>2</dim>\n{T * 5}<dim>8</dim>",
                f'output_names="updated_cache">\n{T * 3}<input>\n{T * 4}<port id="0" precision="FP32">\n'
                f"{T * 5}<dim>2</dim>\n{T * 5}<dim>16</dim>",
            )
        ],
        None,
        True,
    ),
    "S004": (
        "the Result's input declared I32",
        [
            (
                f'output_names="updated_cache">\n{T * 3}<input>\n{T * 4}<port id="0" precision="FP32">',
                f'output_names="updated_cache">\n{T * 3}<input>\n{T * 4}<port id="0" precision="I32">',
            )
        ],
        None,
        True,
    ),
    "S005": (
        "tokens of shape [2,2,5] scattered into a cache of [2,8,4]",
        [
            ('shape="2,2,4"', 'shape="2,2,5"'),
            (
                f'names="tokens">\n{T * 5}<dim>2</dim>\n{T * 5}<dim>2</dim>\n{T * 5}<dim>4</dim>',
                f'names="tokens">\n{T * 5}<dim>2</dim>\n{T * 5}<dim>2</dim>\n{T * 5}<dim>5</dim>',
            ),
            (
                f'<port id="2" precision="FP32">\n{T * 5}<dim>2</dim>\n{T * 5}<dim>2</dim>\n{T * 5}<dim>4</dim>',
                f'<port id="2" precision="FP32">\n{T * 5}<dim>2</dim>\n{T * 5}<dim>2</dim>\n{T * 5}<dim>5</dim>',
            ),
        ],
        None,
        True,
    ),
    "S006": ("the axis constant is 3, for data of rank 3", [], np.asarray([5, 6, 3], np.int64).tobytes(), True),
    "V001": (
        "two ReadValues of the variable `state`, one f32 [2,8,4] and one f16 [2,8,4], and its Assign",
        [
            (
                f"{T}</layers>",
                _read_value(6, "f32", "FP32") + _read_value(7, "f16", "FP16") + _assign(8) + f"{T}</layers>",
            ),
            (edge(4, 4, 5, 0), edge(4, 4, 5, 0) + "\n" + edge(4, 4, 8, 0)),
        ],
        None,
        True,
    ),
    "V002": (
        "the updated cache assigned to the variable `state`, which nothing reads",
        [
            (f"{T}</layers>", _assign(6) + f"{T}</layers>"),
            (edge(4, 4, 5, 0), edge(4, 4, 5, 0) + "\n" + edge(4, 4, 6, 0)),
        ],
        None,
        True,
    ),
    "C001": ("the .bin is not beside the .xml", [], None, False),
    "C002": (
        "the positions constant starts past the end of the .bin",
        [('shape="2" offset="0" size="16"', 'shape="2" offset="24" size="16"')],
        None,
        True,
    ),
    "C003": (
        "the positions constant is 12 bytes where [2] of i64 takes 16",
        [('shape="2" offset="0" size="16"', 'shape="2" offset="0" size="12"')],
        None,
        True,
    ),
    "C004": ("positions [5, 9] in a cache of 8", [], _positions([5, 9]), True),
    "C005": ("positions [5, 5]: two updates of one row", [], _positions([5, 5]), True),
}


def broken(code: str) -> tuple:
    """(xml text, .bin bytes or None) of the example for ``code``."""
    with open(BASE) as f:
        xml = f.read()
    with open(BASE[:-4] + ".bin", "rb") as f:
        blob = f.read()
    _, edits, new_blob, keep_bin = EXAMPLES[code]
    if edits == "truncate":
        xml = "".join(xml.splitlines(keepends=True)[:42])
    elif edits == "drop_result":
        start = xml.index(f'{T * 2}<layer id="5"')
        end = xml.index(f"{T}</layers>")
        xml = xml[:start] + xml[end:]
        xml = xml.replace(edge(4, 4, 5, 0) + "\n", "")
    elif edits:
        for old, new in edits:
            assert xml.count(old) == 1, (code, old)
            xml = xml.replace(old, new)
    return xml, (new_blob or blob) if keep_bin else None


def lint_output(rel: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "irexec", "lint", rel],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=ROOT),
    )
    return (proc.stdout + proc.stderr).rstrip("\n")


def excerpt(code: str, xml: str) -> str:
    """The lines that differ from the valid model, with their line numbers."""
    with open(BASE) as f:
        base = f.read().splitlines()
    new = xml.splitlines()
    rows = []
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(a=base, b=new, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            rows += [f"{j + 1:>3}  {new[j].strip()}" for j in range(j1, j2)]
        elif tag == "delete" and not rows:
            rows.append(f"{j1 + 1:>3}  (lines removed here)")
    return "\n".join(rows)


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    sections = []
    for code, rule in RULES.items():
        what = EXAMPLES[code][0]
        xml, blob = broken(code)
        if code != "X001":
            with open(os.path.join(OUT, f"{code}.xml"), "w") as f:
                f.write(xml)
        if blob is not None:
            with open(os.path.join(OUT, f"{code}.bin"), "wb") as f:
                f.write(blob)
        rel = f"docs/examples/rules/{code}.xml"  # (as a reader at the repository root types it)
        text = [
            f"## {code}",
            "",
            f"**{rule.severity}**: {rule.title}.",
            "",
            f"Example: `models/kv_cache_update.xml` with {what}.",
        ]
        shown = excerpt(code, xml) if code not in ("X001", "C001", "S006", "C004", "C005") else ""
        if shown:
            text += ["", "```text", shown, "```"]
        text += ["", "```console", f"$ irexec lint {rel}", lint_output(rel), "```", ""]
        sections.append("\n".join(text))
    table = ["| code | severity | what is wrong |", "|---|---|---|"]
    table += [f"| [{r.code}](#{r.code.lower()}) | {r.severity} | {r.title} |" for r in RULES.values()]
    page = [
        "# Lint rules",
        "",
        "Every check `irexec lint` makes (and `read_model` makes before it accepts a model), by code.",
        "The letter says what is checked: **X** the file and its XML, **G** the graph's structure, **O**",
        "the operations and their attributes, **S** shapes and element types, **C** constants.",
        "Errors make `irexec lint` exit 1 and `read_model` refuse the model; warnings do neither",
        "(`irexec lint --strict` exits 1 on them too).",
        "",
        "Each example is the bundled `models/kv_cache_update.xml` (written by OpenVINO) broken one way,",
        "with the lines changed and what `irexec lint` prints. This page is written by",
        "`scripts/make_rule_docs.py`, and the test suite runs every example again.",
        "",
        *table,
        "",
        *sections,
    ]
    with open(os.path.join(DOCS, "rules.md"), "w") as f:
        f.write("\n".join(page).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
