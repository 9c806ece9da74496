"""Einsum-7: cases against the CPU plugin. OpenVINO refuses spaces in the equation and fails on
an implicit equation with an empty output: only irexec runs those, against the spec's value.

Implicit mode with an ellipsis: the ellipsis dims first, then the letters used once, sorted
(capitals first), whatever order the subscripts name them in. OpenVINO keeps a letter repeated
within one subscript in an implicit output (the spec drops it: dbbc,ca is dbbc,ca->ad) and its
plugin fails on such an equation, and on two operands' ellipses with no letter in common: only
irexec runs those."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}
A = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]], np.float32)
KII = np.stack([A, 2 * A])
XA = np.arange(6, dtype=np.float32).reshape(2, 1, 3) / 8
TR = np.arange(18, dtype=np.float32).reshape(2, 3, 3)
AROUND = np.arange(72, dtype=np.float32).reshape(3, 2, 3, 4)
DBBC = np.arange(72, dtype=np.float32).reshape(2, 3, 3, 4) % 7
CA = np.arange(20, dtype=np.float32).reshape(4, 5) % 5
REPEATED = (
    "OpenVINO keeps a letter repeated within one subscript in an implicit equation's output (the spec: "
    "only the letters not repeated, dbbc,ca is dbbc,ca->ad), and its plugin fails on such an Einsum"
)
YB = np.arange(20, dtype=np.float32).reshape(4, 5) / 8


def eq(equation: str) -> dict:
    return {"equation": equation}


TABLE = Table(
    "Einsum",
    "opset7",
    cases=[
        Case((T("f32", (2, 3)), T("f32", (3, 4))), eq("ij,jk->ik"), name="matrix product", **TOL),
        Case((T("f32", (3, 4)), T("f32", (2, 3))), eq("jk,ij->ik"), name="operands swapped", **TOL),
        Case((T("f32", (2, 3)), T("f32", (3, 4))), eq("ij,jk"), name="implicit output", **TOL),
        Case((T("f32", (3,)), T("f32", (3,))), eq("i,i->"), name="inner product", **TOL),
        Case((T("f32", (3,)), T("f32", (1,))), eq("i,i->"), name="a label's dims broadcast", **TOL),
        Case((T("f32", (2, 1)), T("f32", (2, 3))), eq("ij,ij->i"), name="a label's dims broadcast, other order", **TOL),
        Case((T("f32", (2, 3)), T("f32", (4,))), eq("ij,k->ijk"), name="outer product", **TOL),
        Case((T("f32", (2, 3, 3), KII),), eq("kii->k"), name="trace per batch (spec example 3)"),
        Case((T("f32", (2, 3, 3), KII),), eq("kii->ki"), name="diagonal per batch (spec example 4)"),
        Case((T("f32", (2, 2, 3)),), eq("iij->ji"), name="diagonal then transpose"),
        Case((T("f32", (1, 2, 3)),), eq("AbC"), name="capitals sort first (spec example 8)"),
        Case((T("f32", (2, 3)),), eq("bA"), name="implicit: A before b"),
        Case((T("f32", (2, 3, 4)),), eq("ijk->kij"), name="transpose"),
        Case((T("f32", (3, 3), A),), eq("a...->..."), name="ellipsis summed over a (spec example 6)"),
        Case((T("f32", (3, 3), A), T("f32", (1,), [0.5])), eq("a...,...->a..."), name="ellipsis broadcast (spec 7)"),
        Case(
            (T("f32", (9, 1, 4, 3)), T("f32", (3, 11, 7, 1))),
            eq("a...b,b...->a..."),
            name="ellipses of different ranks broadcast",
            **TOL,
        ),
        Case(
            (T("f32", (2, 3, 4)), T("f32", (2, 7, 1)), T("f32", (2, 4, 7))),
            eq("ab...,ac...,ade->...bc"),
            name="three operands (spec example)",
            **TOL,
        ),
        Case(
            (T("f32", (2, 5)), T("f32", (5, 3, 6)), T("f32", (5, 3))), eq("ab,bcd,bc->ca"), name="three operands", **TOL
        ),
        Case((T("f32", (2, 3, 4)),), eq("...ij->...ji"), name="batched transpose"),
        Case((T("f32", (2, 3)),), eq("ij->...ji"), name="an output ellipsis no input has covers nothing"),
        Case((T("f32", (2, 3)), T("f32", (3,))), eq("...,..."), name="implicit, ellipses alone"),
        Case((T("f32", (2, 1)), T("f32", (3,))), eq("...,...->..."), name="ellipses only"),
        Case((T("f32", (2, 3, 4)),), eq("i...->i"), name="ellipsis dims summed"),
        # Implicit mode with an ellipsis: the ellipsis dims first, then the letters used once, sorted (capitals first).
        Case((T("f32", (2, 4, 5, 3)),), eq("b...a"), name="implicit: ellipsis dims, then a, b"),
        Case((T("f32", (3, 4, 5, 2)),), eq("a...b"), name="implicit: ellipsis in the middle, letters in order"),
        Case((T("f32", (2, 3, 4)),), eq("...ba"), name="implicit: ellipsis first, letters out of order"),
        Case(
            (T("f32", (2, 3, 4)), T("f32", (2, 4, 5))),
            eq("...ji,...ik"),
            name="implicit batched product: i summed, j and k in order",
            **TOL,
        ),
        Case(
            (T("f32", (2, 4, 3)), T("f32", (2, 3, 5))),
            eq("...kj,...ji"),
            name="implicit batched product, letters sorted: i before k",
            **TOL,
        ),
        Case(
            (T("f32", (2, 3, 3), TR),),
            eq("...ii"),
            expect=(np.einsum("...ii->...", TR),),
            oracle=False,
            name="implicit: a letter repeated in one subscript is summed (batched trace)",
            why=REPEATED,
        ),
        Case(
            (T("f32", (3, 2, 3, 4), AROUND),),
            eq("i...ij"),
            expect=(np.einsum("i...ij->...j", AROUND),),
            oracle=False,
            name="implicit: a letter repeated around the ellipsis is summed",
            why=REPEATED,
        ),
        Case(
            (T("f32", (2, 3, 3, 4), DBBC), T("f32", (4, 5), CA)),
            eq("dbbc,ca"),
            expect=(np.einsum("dbbc,ca->ad", DBBC, CA),),
            oracle=False,
            name="implicit: the spec's dbbc,ca is dbbc,ca->ad",
            why=REPEATED,
        ),
        Case(
            (T("f32", (2, 1, 3)), T("f32", (4, 3))),
            eq("...a,...a"),
            name="implicit: ellipses of different ranks broadcast, a summed",
            **TOL,
        ),
        Case(
            (T("f32", (2, 1, 3), XA), T("f32", (4, 5), YB)),
            eq("...a,...b"),
            expect=(np.einsum("...a,...b->...ab", XA, YB),),
            oracle=False,
            name="implicit: ellipses of different ranks broadcast, no letter shared",
            why="the plugin's Einsum decomposition fails on two operands' ellipsis dims with no letter in common",
        ),
        Case(
            (T("f32", (3, 1, 2)), T("f32", (4, 2, 5))),
            eq("a...,...b"),
            name="implicit: an ellipsis after a letter and before one, broadcast",
        ),
        Case((T("f32", (2, 3, 4)), T("f32", (2, 5))), eq("a...,ab"), name="implicit: the ellipsis of one operand only"),
        Case((T("f32", (2, 3, 4, 5)),), eq("c...B"), name="implicit: a capital before a small letter"),
        Case((T("f32", (2, 3, 4)),), eq("a...A"), name="implicit: A before a"),
        Case(
            (T("f32", (3, 2, 4)), T("f32", (5, 4, 3))),
            eq("cB...,A...c"),
            name="implicit: capitals sorted (A, B), c summed, ellipses broadcast",
            **TOL,
        ),
        Case((T("f32", (2, 3)),), eq("...ba"), name="implicit: an ellipsis covering no dim"),
        Case((T("f32", (), [2.5]), T("f32", (), [-4.0])), eq(","), name="two scalars, implicit"),
        Case((T("f32", (), [2.5]), T("f32", (3,))), eq(",i->i"), name="scalar operand"),
        Case((T("f32", (0, 3)),), eq("ij->"), name="sum over an empty dim"),
        Case((T("f32", (0,)), T("f32", (2,))), eq("i,j->ij"), name="empty outer product"),
        Case((T("i32", (2, 3)), T("i32", (3, 4), const=True)), eq("ij,jk->ik"), name="i32"),
        Case(
            (T("i32", (2,), [2**30, 2**30]), T("i32", (2,), [2, 2])),
            eq("i,i->"),
            expect=(np.int32(0),),
            plugin=(np.int32(2**31 - 128),),
            name="i32 wraps",
            why="the plugin computes integer Einsum in f32 and saturates the result to the type",
        ),
        Case((T("u8", (2, 3), high=20),), eq("ij->j"), name="u8"),
        Case((T("i64", (2, 3)), T("i64", (3,))), eq("ij,j->i"), name="i64 within i32"),
        Case((T("f16", (2, 3)), T("f16", (3, 4))), eq("ij,jk->ik"), name="f16", rtol=1e-3, atol=1e-3),
        Case((T("bf16", (2, 3)), T("bf16", (3,))), eq("ij,j->i"), name="bf16", rtol=1e-2, atol=1e-2),
        Case(
            (T("i8", (1, 2), [100, 100]),),
            eq("ij->i"),
            expect=(np.array([-56], np.int8),),
            plugin=(np.array([127], np.int8),),
            why="the plugin computes integer Einsum in f32 and saturates the result to the type",
        ),
        Case(
            (T("i64", (2,), [2**31, 3]), T("i64", (2,), [2, 1])),
            eq("i,i->"),
            expect=(np.int64(2**32 + 3),),
            plugin=(np.int64(-(2**31)),),
            why="the plugin narrows i64 to i32",
        ),
        Case(
            (T("i32", (2,), [2**24 + 1, 0]), T("i32", (2,), [1, 1])),
            eq("i,i->"),
            expect=(np.int32(2**24 + 1),),
            plugin=(np.int32(2**24),),
            name="i32 beyond f32's precision",
            why="the plugin computes integer Einsum in f32 and saturates the result to the type",
        ),
        Case(
            (T("f16", (3,), [2048, 1, 1]), T("f16", (3,), [1, 1, 1])),
            eq("i,i->"),
            name="f16 sums in f32 (in f16, 2048 + 1 + 1 stays 2048)",
        ),
        Case(
            (T("f32", (2, 2), [1, 2, 3, 4]), T("f32", (2,), [1, 1])),
            eq(" i j , j -> i "),
            expect=([3, 7],),
            oracle=False,
            name="spaces (U+0020) are allowed",
            why="OpenVINO refuses spaces in the equation",
        ),
        Case(
            (T("f32", (3, 3), A),),
            eq("ii"),
            expect=(np.float32(15),),
            oracle=False,
            name="implicit trace",
            why="OpenVINO fails on an implicit equation with an empty output",
        ),
    ],
)
TABLE.errors = [
    Error((T("f32", (2, 3)),), "has '1'", eq("i1"), code="O003", at="lint", name="a digit"),
    Error((T("f32", (2, 3)),), "has '.'", eq("i.j"), code="O003", at="lint", name="a lone dot"),
    Error((T("f32", (2, 3)),), "has '.'", eq("i..j"), code="O003", at="lint", name="two dots"),
    Error((T("f32", (2, 3)),), "more than one ellipsis", eq("...i..."), code="O003", at="lint"),
    Error(
        (T("f32", (2, 3)),),
        "more than one ellipsis",
        eq("ij->......"),
        code="O003",
        at="lint",
        name="two output ellipses",
    ),
    Error((T("f32", (2, 3)),), "more than one '->'", eq("ij->ij->i"), code="O003", at="lint"),
    Error((T("f32", (2, 3)),), "has '-'", eq("ij-i"), code="O003", at="lint", name="a stray minus"),
    Error((T("f32", (3,)),), "names 'i' twice", eq("i->ii"), code="O003", at="lint"),
    Error((T("f32", (3,)),), "names 'j', which no input has", eq("i->j"), code="O003", at="lint"),
    Error((T("f32", (3,)),), "has ','", eq("i->i,i"), code="O003", at="lint", name="two outputs"),
    Error((T("f32", (2, 3)),), "2 input subscript", eq("ij,jk->ik"), code="S005", at="lint", name="too few inputs"),
    Error(
        (T("f32", (2, 3)), T("f32", (3,))),
        "1 input subscript",
        eq("ij->i"),
        code="S005",
        at="lint",
        name="too many inputs",
    ),
    Error((T("f32", (2,)),), "rank 1, but its subscript 'ij' names 2", eq("ij"), code="S005", at="lint"),
    Error(
        (T("f32", (2, 3, 4)),),
        "rank 3, but its subscript 'ij' names 2",
        eq("ij->i"),
        code="S005",
        at="lint",
        name="rank above the labels",
    ),
    Error((T("f32", (2,)),), "names 2 dims and an ellipsis", eq("i...j"), code="S005", at="lint"),
    Error(
        (T("f32", (2, 3)), T("f32", (2, 4))), "labelled 'j' do not broadcast", eq("ij,jk->ik"), code="S005", at="lint"
    ),
    Error((T("f32", (2, 3)),), "repeats 'i' over dims of different sizes", eq("ii->i"), code="S005", at="lint"),
    Error(
        (T("f32", (2, 3)), T("f32", (4,))), "under '...' do not broadcast", eq("...,...->..."), code="S005", at="lint"
    ),
    Error((T("f32", (2, 3)), T("i32", (3,))), "one element type", eq("ij,j->i"), code="S005", at="lint"),
    Error((T("boolean", (2, 3)),), "Einsum's inputs must be", eq("ij->i"), code="S005", at="lint"),
    Error((T("f32", (2, 3)),), "equation", {}, code="O003", at="lint", name="equation left out"),
]

test_cases, test_errors = TABLE.pytest()
