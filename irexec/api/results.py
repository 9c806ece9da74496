"""What an inference returns: output name -> array, as a dict, which OpenVINO's users can also
index as they index OpenVINO's results (``OVDict``): by position, by output port and by name."""

from __future__ import annotations


class Results(dict):
    """Output name -> array, in the model's output order. ``results[0]`` is the first output,
    ``results[compiled.output(0)]`` or ``results[model.outputs[0]]`` the output of that port,
    ``results["logits"]`` by name (an output's other tensor names too). ``to_tuple()`` gives the
    arrays in order, ``to_dict()`` maps each output port to its array (as OpenVINO's does)."""

    def __init__(self, arrays: dict, outputs: list):
        super().__init__(arrays)
        self._outputs = outputs  # the model's output TensorInfos, in order

    def _name(self, key):
        if isinstance(key, bool):
            raise KeyError(key)
        if isinstance(key, int):
            if not -len(self._outputs) <= key < len(self._outputs):
                raise IndexError(f"output index {key} is out of range: the model has {len(self._outputs)} output(s)")
            return self._outputs[key].name
        if isinstance(key, str):
            if dict.__contains__(self, key):
                return key
            for info in self._outputs:
                if key in info.names:
                    return info.name
            raise KeyError(key)
        name = getattr(key, "name", None)  # an output port (TensorInfo)
        if name is not None and any(info is key or info == key for info in self._outputs):
            return name
        raise KeyError(key)

    def __getitem__(self, key):
        return dict.__getitem__(self, self._name(key))

    def __contains__(self, key) -> bool:
        try:
            self._name(key)
        except (KeyError, IndexError):
            return False
        return True

    def get(self, key, default=None):
        return self[key] if key in self else default

    def names(self) -> tuple:
        """The outputs' names, in order."""
        return tuple(self.keys())

    def to_tuple(self) -> tuple:
        return tuple(self.values())

    def to_dict(self) -> dict:
        """Output port (TensorInfo) -> array."""
        return {info: dict.__getitem__(self, info.name) for info in self._outputs if dict.__contains__(self, info.name)}
