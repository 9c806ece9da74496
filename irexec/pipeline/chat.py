"""A chat template rendered as openvino-genai renders it: the Jinja template the tokenizer IR
carries (``<rt_info>``'s ``chat_template``), with ``messages``, ``add_generation_prompt``,
``bos_token`` and ``eos_token``, blocks trimmed as Hugging Face's and genai's renderers trim them.

The template comes from the file: it renders in Jinja2's immutable sandbox (no attribute of
Python objects, no writes), and what could make it run long or fill memory is bounded: the text
it makes, the iterations its ``range`` gives over the whole render, and the size ``*`` and ``**``
may make. Jinja2 is the ``generate`` extra's."""

from __future__ import annotations

from ..errors import ExecutionError, UsageError

# The most text a template may render (far beyond any prompt a model takes), the most numbers its
# range() may give in one render, and the largest exponent ** takes.
MAX_RENDERED = 16 << 20
MAX_RANGE = 1 << 20
MAX_EXPONENT = 4096


def _environment():
    try:
        from jinja2.sandbox import ImmutableSandboxedEnvironment
    except ImportError:
        raise UsageError(
            "applying the chat template needs Jinja2: pip install 'irexec[generate]' (or give --no-chat-template)"
        ) from None

    def raise_exception(message):
        raise ExecutionError(f"the chat template refuses the messages: {message}")

    class Bounded(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(["*", "**"])

        def call_binop(self, context, operator, left, right):
            if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_EXPONENT:
                raise ExecutionError(f"the chat template raises to the power {right}: stopped")
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_RENDERED:
                        raise ExecutionError(f"the chat template repeats {len(seq)} items {n} times: stopped")
            return super().call_binop(context, operator, left, right)

    given = [0]

    def bounded_range(*args):
        numbers = range(*args)
        given[0] += len(numbers)
        if given[0] > MAX_RANGE:
            raise ExecutionError(f"the chat template loops over more than {MAX_RANGE} numbers: stopped")
        return numbers

    env = Bounded(trim_blocks=True, lstrip_blocks=True)
    env.globals.update(raise_exception=raise_exception, range=bounded_range)
    return env


def render(template: str, messages: list, add_generation_prompt: bool, bos_token: str, eos_token: str) -> str:
    """The prompt the template makes of ``messages`` (dicts with "role" and "content")."""
    import jinja2

    env = _environment()
    try:
        compiled = env.from_string(template)
        pieces, size = [], 0
        for piece in compiled.generate(
            messages=messages, add_generation_prompt=add_generation_prompt, bos_token=bos_token, eos_token=eos_token
        ):
            size += len(piece)
            if size > MAX_RENDERED:
                raise ExecutionError(f"the chat template renders more than {MAX_RENDERED} characters: stopped")
            pieces.append(piece)
    except jinja2.TemplateError as e:
        raise ExecutionError(f"the chat template fails: {type(e).__name__}: {e}") from None
    return "".join(pieces)
