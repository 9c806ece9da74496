"""The lint rules' pages (docs/rules.md), as installed with the package: ``irexec rules CODE`` prints
one, and SARIF carries each rule's page as its help. The page is installed inside the package
(irexec/userguide/), or read beside it in a checkout."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from .findings import RULES

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # (the package's folder)
_SECTION = re.compile(r"^## ([A-Z]\d{3})\n", re.M)


def rules_page_path() -> str | None:
    for candidate in (os.path.join(_HERE, "userguide", "rules.md"), os.path.join(_HERE, "..", "docs", "rules.md")):
        if os.path.isfile(candidate):
            return os.path.normpath(candidate)
    return None


@lru_cache(maxsize=1)
def pages() -> dict:
    """Rule code -> its section of the rules page (markdown, from its heading to the next)."""
    path = rules_page_path()
    if path is None:
        return {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    heads = list(_SECTION.finditer(text))
    out = {}
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        out[m.group(1)] = text[m.start() : end].rstrip() + "\n"
    return out


def page(code: str) -> str:
    """A rule's page; the rule's one-line description where the pages are not installed."""
    rule = RULES[code]
    return pages().get(code) or f"## {code}\n\n**{rule.severity}**: {rule.title}.\n"
