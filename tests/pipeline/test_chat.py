"""Chat templates rendered as openvino-genai renders them, and bounded against hostile ones."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("jinja2")

from irexec.errors import ExecutionError  # noqa: E402
from irexec.pipeline import chat  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USER = [{"role": "user", "content": "Hello world"}]


def test_the_bundled_template_with_and_without_the_generation_prompt():
    with open(os.path.join(ROOT, "models", "tiny_llm", "chat_template.jinja"), encoding="utf-8") as f:
        template = f.read()
    assert chat.render(template, USER, True, "<s>", "</s>") == "<|user|>Hello world<|end|><|assistant|>"
    assert chat.render(template, USER, False, "<s>", "</s>") == "<|user|>Hello world<|end|>"


def test_blocks_are_trimmed_and_the_special_tokens_given():
    template = (
        "{{ bos_token }}\n{% for m in messages %}\n  [{{ m['role'] }}] {{ m['content'] }}\n{% endfor %}{{ eos_token }}"
    )
    # trim_blocks drops the newline after a block, lstrip_blocks the indentation before one.
    assert (
        chat.render(template, USER * 2, True, "<s>", "</s>") == "<s>\n  [user] Hello world\n  [user] Hello world\n</s>"
    )


@pytest.mark.parametrize(
    "template,match",
    [
        ("{% for i in range(10**9) %}{% endfor %}", "loops over more than"),
        ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "loops over more than"),
        ("{{ 'a' * 100000000 }}", "repeats 1 items 100000000 times"),
        ("{{ [1, 2] * 100000000 }}", "repeats 2 items"),
        ("{{ 2 ** 100000 }}", "raises to the power 100000"),
        ("{{ raise_exception('only user and assistant roles') }}", "refuses the messages: only user and assistant"),
        ("{{ messages.__class__.__mro__ }}", "fails: SecurityError|fails: UndefinedError|^$"),
        ("{% for %}", "fails: TemplateSyntaxError"),
    ],
)
def test_a_hostile_or_broken_template_is_one_error(template, match):
    import re

    try:
        text = chat.render(template, USER, True, "", "")
    except ExecutionError as e:
        assert re.search(match, str(e)), str(e)
        assert "\n" not in str(e)
    else:
        # (the sandbox may render an attribute it hides as nothing: then nothing leaks)
        assert "^$" in match and "class" not in text


def test_output_is_capped(monkeypatch):
    monkeypatch.setattr(chat, "MAX_RENDERED", 1000)
    with pytest.raises(ExecutionError, match="renders more than 1000 characters"):
        chat.render("{% for i in range(100) %}{{ 'x' * 20 }}{% endfor %}", USER, True, "", "")


def test_block_tags_lose_their_indentation_and_newline():
    # lstrip_blocks: the spaces before a block tag go; trim_blocks: the newline after one.
    template = (
        "{% for m in messages %}\n    {% if m['role'] == 'user' %}\n<{{ m['content'] }}>\n    {% endif %}\n{% endfor %}"
    )
    assert chat.render(template, USER, True, "", "") == "<Hello world>\n"


def test_the_bounds_let_their_limit_through(monkeypatch):
    monkeypatch.setattr(chat, "MAX_RENDERED", 1000)
    monkeypatch.setattr(chat, "MAX_RANGE", 10)
    assert chat.render("{{ 'a' * 1000 }}", USER, True, "", "") == "a" * 1000
    assert (
        chat.render("{% for i in range(4) %}{% endfor %}{% for i in range(6) %}{{ i }}{% endfor %}", USER, True, "", "")
        == "012345"
    )
    with pytest.raises(ExecutionError, match="loops over more than 10 numbers"):
        chat.render("{% for i in range(5) %}{% endfor %}{% for i in range(6) %}{% endfor %}", USER, True, "", "")
    with pytest.raises(ExecutionError, match="repeats 1 items 1001 times"):
        chat.render("{{ 'a' * 1001 }}", USER, True, "", "")


def test_the_largest_exponent_is_allowed():
    assert chat.render(f"{{{{ 2 ** {chat.MAX_EXPONENT} }}}}", USER, True, "", "") == str(2**chat.MAX_EXPONENT)
    with pytest.raises(ExecutionError, match=f"raises to the power {chat.MAX_EXPONENT + 1}"):
        chat.render(f"{{{{ 2 ** {chat.MAX_EXPONENT + 1} }}}}", USER, True, "", "")


def test_without_jinja2_one_line_says_what_to_install(monkeypatch):
    import sys

    from irexec.errors import UsageError

    monkeypatch.setitem(sys.modules, "jinja2.sandbox", None)
    with pytest.raises(UsageError) as e:
        chat.render("x", USER, True, "", "")
    assert str(e.value) == (
        "applying the chat template needs Jinja2: pip install 'irexec[generate]' (or give --no-chat-template)"
    )
