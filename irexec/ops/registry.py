"""The op registry: (type, version) -> op class, filled by ``@register`` as op files import."""
from __future__ import annotations

from ..errors import ValidationError

REGISTRY: dict[tuple, type] = {}


def register(cls: type) -> type:
    """Register an op class under its version and each of its aliases."""
    for version in (cls.version,) + tuple(cls.aliases):
        key = (cls.type, version)
        if key in REGISTRY:
            raise RuntimeError(f"op {key} registered twice")
        REGISTRY[key] = cls
    return cls


def opset_number(version: str) -> int:
    """The number in an opset name ("opset8" -> 8; -1 when there is none)."""
    digits = "".join(ch for ch in str(version) if ch.isdigit())
    return int(digits) if digits else -1


def known_versions(op_type: str) -> list:
    return sorted((v for (t, v) in REGISTRY if t == op_type), key=lambda v: (opset_number(v), v))


def known_type(op_type: str):
    """The type as irexec spells it: types are case-sensitive in IR, but the specs spell some
    differently (ScatterNdUpdate). None when irexec knows no such type."""
    types = {t for t, _ in REGISTRY}
    if op_type in types:
        return op_type
    folded = sorted(t for t in types if t.lower() == op_type.lower())
    return folded[0] if folded else None


def newest_version(op_type: str) -> str:
    return known_versions(op_type)[-1]


def lookup(op_type: str, version) -> type:
    """Find the op class for a layer's (type, version); the error lists the versions known."""
    key = (op_type, version)
    if key in REGISTRY:
        return REGISTRY[key]
    spelled = known_type(op_type)
    if spelled is None:
        raise ValidationError(f"unknown operation type {op_type!r}", code="O001")
    if spelled != op_type:
        return lookup(spelled, version)
    known = known_versions(op_type)
    raise ValidationError(f"{op_type} version {version!r} is not supported "
                          f"(known versions: {', '.join(known)})", code="O002")


def all_ops() -> list:
    """Every op class once, by type then version."""
    seen = {}
    for cls in REGISTRY.values():
        seen[id(cls)] = cls
    return sorted(seen.values(), key=lambda c: (c.type, opset_number(c.version)))
