"""``--dump DIR``: every tensor of a run as a .npy in DIR, and an index written last; DIR is
built beside the target and renamed into place, so it is never half-written.

Names inside models are not the user's: they are sanitised (``safe_component``) before they name
a file."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import tempfile

import numpy as np

from ..errors import IRExecError, UsageError, one_line
from ..files import CleanupOnSignals, umask
from ..limits import fmt_bytes
from .outputs import storable

_UNSAFE = re.compile(r"[^A-Za-z0-9-]+")
DUMP_FORMAT = "irexec-dump"
DUMP_INDEX = "index.json"
_NPY_HEADER_BYTES = 128


def safe_component(text: str, limit: int = 48) -> str:
    """A piece of a file name made from a name in the model: letters, digits, '-' and single
    '_' only (no dot, no separator), of bounded length. Not unique: the caller numbers files."""
    return _UNSAFE.sub("_", str(text)).strip("_")[:limit].strip("_") or "_"


def _index_json(index: dict) -> str:
    """Indented JSON with one line per tensor (ASCII: names from the file are escaped)."""
    text = json.dumps({k: v for k, v in index.items() if k != "tensors"}, indent=1)
    tensors = ",\n".join("  " + json.dumps(t) for t in index["tensors"])
    assert text.endswith("\n}")  # an indented object: its closing brace on a line of its own
    return text[:-2] + f',\n "tensors": [\n{tensors}\n ]\n}}\n'


def directory_entries(path: str, option: str):
    """What the output directory of ``option`` holds (None: it is not there yet), after checking
    that its parent exists and that it is a directory (not a link): refuses anything else."""
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        what = "is not a directory" if os.path.exists(parent) else "does not exist"
        raise UsageError(f"{option} '{path}': its parent {what}")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise UsageError(f"{option} '{path}': {e.strerror or e}") from None
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{option} '{path}': exists and is not a directory")
    return set(os.listdir(path))


class DumpDir:
    """A directory of .npy files, one per tensor, and an index written last.

    Everything goes into a hidden folder beside the target and is renamed into place by
    ``finish``; a previous dump at the target (its index says so and it holds nothing else) is
    replaced, any other non-empty directory is refused. So the target is either absent, the old
    dump, or a new one whose index.json tells whether its run completed. Writing stops with an
    error before the tensors would outgrow the disk's free space as it was at the start.
    """

    def __init__(self, path: str, model_name: str, need: int = 0):
        """``need``: the bytes the dump is expected to take (0 if unknown), refused up front
        when over the free space."""
        self.path = path
        self.model_name = model_name
        self.tensors, self.written, self._seq = [], 0, 0
        self._files = {}  # (layer id, output index) -> file name
        self._old = self._check_target(path)
        parent = os.path.dirname(os.path.abspath(path))
        try:
            self.free = shutil.disk_usage(parent).free
        except OSError as e:
            raise UsageError(f"--dump '{path}': {e.strerror or e}") from None
        if need > self.free:
            raise IRExecError(
                f"--dump '{path}': the tensors need about {fmt_bytes(need)}, more than the "
                f"{fmt_bytes(self.free)} free on its disk"
            )
        # From here until finish or discard, SIGTERM and SIGHUP end the run as Ctrl-C does: the
        # caller's cleanup (discard) removes the hidden folder rather than leave it behind.
        self._signals = CleanupOnSignals().install()
        try:
            self.tmp = tempfile.mkdtemp(
                prefix=f".{safe_component(os.path.basename(os.path.abspath(path)))}.", suffix=".irexec-tmp", dir=parent
            )
            os.chmod(self.tmp, 0o777 & ~umask())  # (mkdtemp's is 0700, mkdir's would not be)
        except OSError as e:
            self._signals.restore()
            raise UsageError(f"--dump '{path}': cannot create it: {e.strerror or e}") from None
        except BaseException:
            self._signals.restore()
            raise

    @staticmethod
    def _check_target(path: str) -> bool:
        """Whether a previous dump is there to replace; refuses anything else in the way."""
        entries = directory_entries(path, "--dump")
        if not entries:
            return False
        try:
            with open(os.path.join(path, DUMP_INDEX), encoding="utf-8") as f:
                index = json.load(f)
            listed = {t["file"] for t in index["tensors"]} | {DUMP_INDEX}
            ours = (
                index.get("format") == DUMP_FORMAT
                and entries <= listed
                and all(stat.S_ISREG(os.lstat(os.path.join(path, e)).st_mode) for e in entries)
            )
        except (OSError, ValueError, KeyError, TypeError):
            ours = False
        if not ours:
            raise UsageError(f"--dump '{path}': exists and is neither empty nor an irexec dump")
        return True

    def file_name(self, layer_name: str, layer_id: str, output: int, outputs: int) -> str:
        suffix = f"_out{output}" if outputs > 1 else ""
        name = f"{self._seq:04d}_{safe_component(layer_name)}_id{safe_component(layer_id, 16)}{suffix}.npy"
        self._seq += 1
        return name

    def add(self, layer, index: int, outputs: int, arr: np.ndarray, element_type: str) -> None:
        """Write one tensor now: later layers may overwrite its buffer."""
        data = storable(arr)
        size = data.nbytes + _NPY_HEADER_BYTES
        if self.written + size > self.free:
            raise IRExecError(
                f"--dump '{self.path}': the tensors would outgrow the free disk space "
                f"({fmt_bytes(self.free)}) at layer '{one_line(layer.name)}' (id "
                f"{one_line(layer.id)})"
            )
        name = self.file_name(layer.name, layer.id, index, outputs)
        try:
            with open(os.path.join(self.tmp, name), "xb") as f:
                np.lib.format.write_array(f, data, allow_pickle=False)
        except OSError as e:
            raise IRExecError(f"--dump '{self.path}': cannot write {name}: {e.strerror or e}") from None
        self.written += size
        self._files[(layer.id, index)] = name
        self.tensors.append(
            {
                "file": name,
                "layer": layer.name,
                "id": layer.id,
                "type": layer.type,
                "output": index,
                "shape": list(arr.shape),
                "element_type": element_type,
                "dtype": str(data.dtype),
            }
        )

    def finish(self, outputs: dict, error: str | None = None) -> None:
        """Write the index (``outputs``: output name -> (layer id, output index) feeding it) and
        move the dump into place."""
        index = {
            "format": DUMP_FORMAT,
            "version": 1,
            "model": self.model_name,
            "complete": error is None,
            "error": error,
            "tensors": self.tensors,
            "outputs": {name: self._files.get(key) for name, key in outputs.items()},
        }
        try:
            with open(os.path.join(self.tmp, DUMP_INDEX), "x", encoding="utf-8") as f:
                f.write(_index_json(index))
            if self._old:
                # Move the old dump aside first: rename cannot replace a non-empty directory.
                old = tempfile.mkdtemp(prefix=".irexec-old-", dir=os.path.dirname(os.path.abspath(self.path)))
                os.replace(self.path, os.path.join(old, "dump"))
                try:
                    os.replace(self.tmp, self.path)
                except OSError:
                    os.replace(os.path.join(old, "dump"), self.path)
                    raise
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(self.tmp, self.path)  # onto nothing, or onto an empty directory
        except OSError as e:
            self.discard()
            raise IRExecError(f"--dump '{self.path}': cannot write it: {e.strerror or e}") from None
        self._signals.restore()

    def discard(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)
        self._signals.restore()
