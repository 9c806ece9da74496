"""``irexec.view``: the graph as one self-contained HTML page (layout, folded constants and weight
decompression chains, bodies, statistics and error colours), below the API so that ``Model`` can
show itself in a notebook, and below ``show``, which adds the linter's findings."""

from .page import graph_page, notebook_html

__all__ = ["graph_page", "notebook_html"]
