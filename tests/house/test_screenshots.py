"""The docs' pictures are the views as irexec draws them: each one a page of scripts/make_screenshots.py
makes (so it can be made again after a change), each page it makes shown in the docs, and each a
PNG of the size it takes them at."""

import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import make_screenshots  # noqa: E402


def _shown() -> dict:
    """picture name -> the doc pages that show it."""
    out: dict = {}
    docs = os.path.join(ROOT, "docs")
    for page in sorted(os.listdir(docs)):
        if page.endswith(".md"):
            with open(os.path.join(docs, page), encoding="utf-8") as f:
                for name in re.findall(r"!\[[^\]]+\]\(images/([\w-]+)\.png\)", f.read()):
                    out.setdefault(name, []).append(page)
    return out


def test_every_picture_in_the_docs_is_made_by_the_script_and_every_one_it_makes_is_shown():
    shown = _shown()
    assert set(shown) == set(make_screenshots.SHOTS)
    for name in shown:
        with open(os.path.join(ROOT, "docs", "images", name + ".png"), "rb") as f:
            head = f.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", head[16:24])
        assert width == make_screenshots.WIDTH and height >= make_screenshots.HEIGHT


def test_the_script_refuses_a_picture_it_does_not_make(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["make_screenshots.py", "nothing"])
    try:
        make_screenshots.main()
    except SystemExit as e:
        assert "no such picture: nothing" in str(e.code) and "show_graph" in str(e.code)
    else:
        raise AssertionError("an unknown picture was accepted")
