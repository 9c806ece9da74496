"""A request's tensors, as OpenVINO's ``InferRequest`` holds them: a Tensor per input and output,
given before any inference (allocated from the port's type and shape, a dynamic dim as 0), or the
caller's put in their place (shared, type and shape checked). Mixed into InferRequest
(irexec.api.request), whose ``_idle`` refuses them while an inference runs."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..shapes import fits, fmt
from .tensor import Tensor


class RequestTensors:
    """The ports and tensors of an InferRequest (``self.model``, ``self._tensors``, ``self._bound``)."""

    @property
    def model_inputs(self) -> list:
        return self.model.inputs

    @property
    def model_outputs(self) -> list:
        return self.model.outputs

    @property
    def input_tensors(self) -> list:
        return [self._tensor(info) for info in self.model.inputs]

    @property
    def output_tensors(self) -> list:
        return [self._tensor(info) for info in self.model.outputs]

    def _tensor(self, info) -> Tensor:
        self._idle()
        return self._held(info)

    def _held(self, info) -> Tensor:
        """The port's Tensor: the one it holds, else a new one of its type and shape (a dynamic
        dim as 0, of unknown rank [0]), zeros."""
        tensor = self._tensors.get(info.layer_id)
        if tensor is None:
            shape = (0,) if info.shape is None else tuple(d.lo if d.is_static else 0 for d in info.shape)
            etype = info.element_type
            if etype is not None and etype.is_string:
                data = np.full(shape, "", dtype=object)
            else:
                data = np.zeros(shape, etype.dtype if etype is not None else np.float32)
            tensor = self._tensors[info.layer_id] = Tensor(data, shared_memory=True)
        return tensor

    def _port(self, key, inputs: bool = True, outputs: bool = True):
        """``(info, is_output)`` for a name (of an input first), a port, or an index (inputs
        only, when both are asked)."""
        kinds = ([(self.model.inputs, False)] if inputs else []) + ([(self.model.outputs, True)] if outputs else [])
        if hasattr(key, "layer_id") and hasattr(key, "element_type"):
            for infos, is_output in kinds:
                for info in infos:
                    if info.layer_id == key.layer_id:
                        return info, is_output
            raise InputError(f"'{key.name}' is not a port of this request's model")
        if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            infos, is_output = kinds[0]
            what = "output" if is_output else "input"
            if not 0 <= key < len(infos):
                raise InputError(f"no {what} {int(key)}: the model has {len(infos)} {what}(s), indexed from 0")
            return infos[int(key)], is_output
        if isinstance(key, str):
            for infos, is_output in kinds:
                for info in infos:
                    if key == info.name or key in info.names:
                        return info, is_output
        raise InputError(f"no port named {key!r} in this request's model")

    def _one(self, index, outputs: bool):
        infos = self.model.outputs if outputs else self.model.inputs
        if index is None:
            if len(infos) != 1:
                what = "outputs" if outputs else "inputs"
                raise InputError(f"the model has {len(infos)} {what}: give an index")
            return infos[0]
        return self._port(index, inputs=not outputs, outputs=outputs)[0]

    def get_tensor(self, key) -> Tensor:
        """The Tensor of an input or output, by name, port or (inputs) index."""
        return self._tensor(self._port(key)[0])

    def get_input_tensor(self, index=None) -> Tensor:
        """Input ``index``'s Tensor (none: the only input's)."""
        return self._tensor(self._one(index, outputs=False))

    def get_output_tensor(self, index=None) -> Tensor:
        """Output ``index``'s Tensor (none: the only output's): after an inference, its results."""
        return self._tensor(self._one(index, outputs=True))

    def set_tensor(self, key, tensor) -> None:
        """Put ``tensor`` (a Tensor, shared) in the place of an input's or output's (by name or
        port): an input's feeds the next inferences, an output's receives their results."""
        info, is_output = self._port(key)
        self._set(info, tensor, is_output)

    def set_input_tensor(self, index, tensor=None) -> None:
        """``set_input_tensor(i, tensor)``, or ``set_input_tensor(tensor)`` for a one-input model."""
        if tensor is None:
            index, tensor = None, index
        self._set(self._one(index, outputs=False), tensor, False)

    def set_output_tensor(self, index, tensor=None) -> None:
        """``set_output_tensor(i, tensor)``, or ``set_output_tensor(tensor)`` for a one-output model."""
        if tensor is None:
            index, tensor = None, index
        self._set(self._one(index, outputs=True), tensor, True)

    def set_input_tensors(self, inputs, tensors=None) -> None:
        """A dict of input index -> Tensor; or, for one input (``set_input_tensors([t, ...])``,
        ``set_input_tensors(i, [t, ...])``), a batch given as one Tensor per item."""
        if isinstance(inputs, dict):
            for index, tensor in inputs.items():
                self._set(self._one(index, outputs=False), tensor, False)
            return
        if tensors is None:
            if len(self.model.inputs) != 1:
                raise InputError(
                    f"set_input_tensors(tensors) is for one-input models: the model has {len(self.model.inputs)} inputs"
                )
            self._batch(self.model.inputs[0], inputs)
        else:
            self._batch(self._one(inputs, outputs=False), tensors)

    def set_output_tensors(self, outputs: dict) -> None:
        """A dict of output index -> Tensor."""
        for index, tensor in outputs.items():
            self._set(self._one(index, outputs=True), tensor, True)

    def set_tensors(self, tensors, batch=None) -> None:
        """A dict of name or port -> Tensor; or ``set_tensors(name_or_port, [t, ...])``: an input's
        batch, one Tensor per item."""
        if isinstance(tensors, dict):
            for key, tensor in tensors.items():
                self.set_tensor(key, tensor)
            return
        info, is_output = self._port(tensors)
        if is_output or batch is None:
            raise InputError("set_tensors takes a dict of name -> Tensor, or an input and a list of Tensors")
        self._batch(info, batch)

    def _batch(self, info, tensors) -> None:
        """One Tensor per batch item, joined on the first axis (as OpenVINO gathers them)."""
        if not tensors or not all(isinstance(t, Tensor) for t in tensors):
            raise InputError(f"input '{info.name}': a batch is a non-empty list of Tensors")
        joined = np.concatenate([t.data for t in tensors], axis=0)
        self._set(info, Tensor(joined, shared_memory=True), False)

    def _set(self, info, tensor, is_output: bool) -> None:
        self._idle()
        if not isinstance(tensor, Tensor):
            raise InputError(f"'{info.name}': set a Tensor (irexec.Tensor(array)), not {type(tensor).__name__}")
        data, want = tensor.data, info.element_type
        if want is not None and not want.is_string and data.dtype != want.dtype:
            raise InputError(f"'{info.name}' is {want}: a Tensor of {tensor.element_type.name} does not fit it")
        if not fits(info.shape, data.shape):
            raise InputError(
                f"'{info.name}' is {fmt(info.shape)}: a Tensor of shape {list(data.shape)} does not fit it"
            )
        self._tensors[info.layer_id] = tensor
        if is_output:
            self._bound.add(info.layer_id)
