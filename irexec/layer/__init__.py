"""Run a lone ``<layer>`` element as the operation specs print it (``irexec layer``, ``run_layer``).

A snippet is taken as pasted: the ``...`` placeholder in the start tag, type names in the specs'
spelling (``ScatterNdUpdate``), attributes on ``<layer>`` itself rather than in ``<data>``, ports
with only dims (no precision, sometimes no id), and comments giving a port's values
(``<!-- values: [1, 2, 3, 4] -->``, ``<!-- value [0] -->``): an input's values, or the values an
output is expected to have. The snippet is wrapped into a whole IR (a Parameter per input port, the
layer, a Result per output port) and read and run like any model, so it is checked the same way;
errors point back into the snippet's file and lines.

What an input is (its role: data, indices, axis, axes, shape, sizes; its element types; how valid
indices look) comes from the op's declaration (``irexec.io.roles``). The modules:

- ``parse``: the one ``<layer>`` in a file, read tolerantly but safely;
- ``values``: values comments, read, fitted to a port's dims and cast to its type;
- ``etypes``: the element type of ports without a precision;
- ``fill``: ``--random``: values for inputs without any, valid for the op;
- ``wrap``: the snippet wrapped into a net and run, errors pointing back into the snippet;
- ``check``: ``check_layer`` / ``run_layer``, and the check of outputs against expected values.
"""

from .check import Check, LayerRun, Tensor, check_layer, run_layer  # noqa: F401
from .parse import Port, Snippet, parse_snippet  # noqa: F401
