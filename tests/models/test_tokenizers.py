"""Tokenizer and detokenizer IRs as openvino_tokenizers writes them (tests/data/tokenizers, made by
scripts/make_tokenizers.py from tokenizers trained on a few sentences): irexec's tokens and texts
are OpenVINO's with openvino_tokenizers, for every input the script fed (unicode, special tokens
written in the text, whitespace runs, unknown characters, batches, pairs, truncation, padding,
decoding with and without the special tokens). The expected values were written by the script;
the runtime is not needed here."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import irexec

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(os.path.dirname(HERE), "data", "tokenizers")
FOLDERS = sorted(d for d in os.listdir(DATA) if os.path.isfile(os.path.join(DATA, d, "expected.json")))

pytest.importorskip("regex", reason="tokenizer IRs' patterns need the regex package (the text extra)")


def _expected(folder: str) -> dict:
    with open(os.path.join(DATA, folder, "expected.json"), encoding="utf-8") as f:
        return json.load(f)


def test_every_kind_is_in_the_corpus():
    kinds = {"BPETokenizer", "WordpieceTokenizer", "UnigramTokenizer"}
    seen = set()
    for folder in FOLDERS:
        with open(os.path.join(DATA, folder, "openvino_tokenizer.xml"), encoding="utf-8") as f:
            xml = f.read()
        seen |= {k for k in kinds if f'type="{k}"' in xml}
    assert seen == kinds and len(FOLDERS) >= 7


def test_every_ir_lints_clean():
    from irexec.check.lint import check

    for folder in FOLDERS:
        for name in ("openvino_tokenizer.xml", "openvino_detokenizer.xml"):
            findings = check(os.path.join(DATA, folder, name)).findings
            assert findings == [], f"{folder}/{name}: {findings[:3]}"


@pytest.mark.parametrize("folder", FOLDERS)
def test_tokens_and_texts_are_openvinos(folder):
    meta = _expected(folder)
    tokenizer = irexec.read_model(os.path.join(DATA, folder, "openvino_tokenizer.xml"))
    detokenizer = irexec.read_model(os.path.join(DATA, folder, "openvino_detokenizer.xml"))
    names = [p.name for p in tokenizer.inputs]
    assert meta["cases"]
    for case in meta["cases"]:
        texts = case["texts"]
        groups = texts if meta["options"].get("number_of_inputs", 1) == 2 else [texts]
        out = tokenizer.infer({name: np.array(group, dtype=object) for name, group in zip(names, groups)})
        for name, want in case["tokens"].items():
            got = np.asarray(out[name])
            assert got.tolist() == want, f"{folder} {texts!r}: {name} {got.tolist()} != {want}"
        ids = np.asarray(case["tokens"]["input_ids"], np.int64)
        text = detokenizer.infer({detokenizer.inputs[0].name: ids})
        decoded = np.asarray(next(iter(text.values()))).tolist()
        assert decoded == case["decoded"], f"{folder} {texts!r}: decoded {decoded} != {case['decoded']}"
