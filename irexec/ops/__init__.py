"""Every op family, one module each; importing this package registers them all."""
from . import convert, elementwise, gather, generation, io, reduction, scatter, shape, slicing  # noqa: F401
from .registry import REGISTRY, Attr, Fact, Op, known_versions, lookup, register  # noqa: F401
