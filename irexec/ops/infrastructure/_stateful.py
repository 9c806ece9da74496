"""The base of the ops that read or write a request's variables (ReadValue, Assign)."""

from ..op import Op


class StatefulOp(Op):
    """An op whose compute takes ``state=``: the variables of the request the inference is for,
    or None outside one (the first inference: nothing read, nothing kept). The executor passes
    them as the step's ``context`` (irexec.run.executor.Variables). Never folded: a value depends on
    the inferences before."""

    foldable = False
    stateful = True

    def evaluate(self, arrays: list, out=None, wanted=None, context=None) -> list:
        res = self.compute(*arrays, state=context)
        return list(res) if isinstance(res, tuple) else [res]
