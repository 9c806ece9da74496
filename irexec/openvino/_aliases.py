"""A module name that is another module: a finder on ``sys.meta_path`` resolves ``ALIAS.rest`` to
the module ``TARGET.rest`` itself (the same object, in sys.modules under both names), so
``import openvino.properties.hint`` gives irexec.openvino.properties.hint, and no file is read
twice as two modules."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys


class _Loader(importlib.abc.Loader):
    def __init__(self, target: str):
        self.target = target
        self.spec = None

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module) -> None:
        # The import system has just set the alias' spec on the module: the module keeps its own
        # (its name, its relative imports and reloading go by it).
        module.__spec__ = self.spec


class AliasFinder(importlib.abc.MetaPathFinder):
    """Resolves ``alias`` (when ``whole``) and ``alias.rest`` to ``target``/``target.rest``."""

    def __init__(self, alias: str, target: str, whole: bool = True):
        self.alias, self.target, self.whole = alias, target, whole

    def target_of(self, fullname: str) -> str | None:
        if fullname == self.alias:
            return self.target if self.whole else None
        if fullname.startswith(self.alias + "."):
            return self.target + fullname[len(self.alias) :]
        return None

    def find_spec(self, fullname, path=None, target=None):
        name = self.target_of(fullname)
        if name is None:
            return None
        if name not in sys.modules and importlib.util.find_spec(name) is None:
            return None  # (the import fails as for any missing module, naming ``fullname``)
        return importlib.util.spec_from_loader(fullname, _Loader(name))


def install(alias: str, target: str, whole: bool = True) -> AliasFinder:
    """Put an AliasFinder first on sys.meta_path (once per alias): it answers before the finders
    that would read another package installed under the alias' name."""
    for finder in sys.meta_path:
        if isinstance(finder, AliasFinder) and finder.alias == alias:
            return finder
    finder = AliasFinder(alias, target, whole)
    sys.meta_path.insert(0, finder)
    return finder
