"""Type checks by position for extension ops whose inputs repeat in groups (a ragged tensor's
begins, ends and data, once per segment): the framework's variadic input shares one element
type, which these groups do not, so such an op declares one variadic input of any type and
checks each position against its own declaration here."""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import fmt
from ..op import Input


def check_types(op_type: str, ins: list, decls: list) -> None:
    """Each input's element type against ``decls`` (one Input per position; unknown types pass)."""
    for i, (fact, decl) in enumerate(zip(ins, decls)):
        if fact.etype is not None and not decl.allows(fact.etype):
            raise ValidationError(f"{op_type}'s {decl.name} must be {decl.describe()}, got {fact.etype}", port=i)


def check_rank(op_type: str, name: str, fact, ranks: tuple, port: int) -> None:
    """``fact``'s rank among ``ranks`` (an unknown rank passes)."""
    if fact.shape is not None and len(fact.shape) not in ranks:
        want = " or ".join(f"{r}-D" for r in ranks)
        raise ValidationError(f"{op_type}'s {name} must be {want}, got {fmt(fact.shape)}", port=port)


def ragged_decls(what: str, data: str = "any") -> list:
    """The declarations of one ragged tensor's begins, ends and data, ``what`` naming the tensor
    ("segment 1")."""
    return [Input(f"begins of {what}", "i32"), Input(f"ends of {what}", "i32"), Input(f"data of {what}", data)]
