"""Every case table under tests/cases, and each table as one IR for tools that want sample
models of every op (the fuzzers' seeds)."""

from __future__ import annotations

import importlib
import os
import tempfile
import zlib

import numpy as np

from .irwriter import Row, write_ir

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)


def tables() -> list:
    """(path of the table file relative to the tests' parent folder, Table), in file order."""
    found = []
    for dirpath, dirnames, filenames in os.walk(HERE):
        dirnames.sort()
        for name in sorted(filenames):
            if name.startswith("test_") and name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name[:-3]), TESTS)
                module = importlib.import_module(rel.replace(os.sep, "."))
                if hasattr(module, "TABLE"):
                    found.append((os.path.relpath(module.__file__, os.path.dirname(TESTS)), module.TABLE))
    return found


def table_ir(table, most: int = 6) -> tuple:
    """The table's first ``most`` cases as one IR, every input a constant (a seed runs as it is, and
    a mutation of its values or attributes reaches the op): (xml bytes, bin bytes). Output ports
    are written as irexec's own shape inference gives them, so the IR lints clean; a case whose
    facts irexec does not know is left out (None when that is every case)."""
    from irexec.check.lint import check  # (late: the doc generator imports this module before irexec)

    rows = []
    for i, (case, version) in enumerate(table.expanded(table.cases)[:most]):
        rng = np.random.default_rng(zlib.crc32(f"{table.type}/{version}/{i}".encode()))
        ins = [(t.etype, tuple(a.shape), a) for t, a in ((t, t.array(rng)) for t in case.inputs)]
        rows.append(Row(table.type, version, dict(case.attrs), ins, n_outputs=table.n_outputs(case, version)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "table.xml")
        _, op_ids, _ = write_ir(rows, path)
        facts = check(path).facts
        known = []
        for row, op_id in zip(rows, op_ids):
            outs = [facts.get((op_id, k)) for k in range(row.n_outputs)]
            if all(f is not None and f.etype is not None and f.shape is not None for f in outs):
                row.outputs = [(f.etype.name, tuple(d.lo if d.is_static else -1 for d in f.shape)) for f in outs]
                known.append(row)
        if not known:
            return None
        write_ir(known, path)
        with open(path, "rb") as f, open(path[:-4] + ".bin", "rb") as g:
            return f.read(), g.read()
