"""``irexec show``: a model at a glance as text, Graphviz DOT and one self-contained HTML page."""
