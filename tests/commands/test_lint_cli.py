"""`irexec lint` as ruff users expect it: findings at the exact element (line and column), one
mistake reported once, fix hints, --statistics, --exit-zero, colour, -j, and SARIF rules that carry
their page."""

import json
import os
import re
import sys

import numpy as np
from click.testing import CliRunner

from helpers.irtext import layer, net, param, port, result, write
from irexec.batch import engines
from irexec.check.rulebook import page
from irexec.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES_DIR = os.path.join(ROOT, "docs", "examples", "rules")


def lint(*args, **kw):
    return CliRunner().invoke(cli, ["lint", *map(str, args)], catch_exceptions=False, **kw)


def test_a_port_finding_points_at_the_port_element_with_its_column():
    path = os.path.join(RULES_DIR, "S001.xml")
    lines = open(path).read().splitlines()
    r = lint(path, "--format", "json")
    [f] = json.loads(r.output)
    text = lines[f["line"] - 1]
    assert text[f["column"] - 1 :].startswith('<port id="4"') and f["port"] == "4"
    assert f["fix"] == "declare [2,8,4]"
    r = lint(path)
    assert f"S001.xml:{f['line']}:{f['column']}: S001 " in r.stdout and r.stdout.rstrip().endswith(
        "(fix: declare [2,8,4])"
    )


def test_a_wrong_constant_is_reported_once_not_again_downstream(tmp_path):
    """A Const whose port declares [3,2] while its data says [2,3], feeding an Add with [3,2]: the
    S001 at the Const, and no S005 at the Add (it takes what the port declares)."""
    xml = net(
        [
            param(0, "x", (3, 2)),
            layer(
                1,
                "Const",
                data={"element_type": "f32", "shape": "2,3", "offset": 0, "size": 24},
                outputs=[port(0, "f32", (3, 2))],
            ),
            layer(2, "Add", inputs=[port(0, "f32", (3, 2)), port(1, "f32", (3, 2))], outputs=[port(2, "f32", (3, 2))]),
            result(3, "f32", (3, 2)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    path = write(tmp_path, xml, np.zeros(6, np.float32).tobytes())
    found = json.loads(lint(path, "--format", "json").output)
    assert [(f["code"], f["layer_name"]) for f in found] == [("S001", "l1")]
    assert found[0]["fix"] == "declare [2,3]"


def test_statistics_count_each_rule_and_exit_zero_keeps_the_status_0():
    r = lint(RULES_DIR, "--format", "json")
    counts = {}
    for f in json.loads(r.output):
        counts[f["code"]] = counts.get(f["code"], 0) + 1
    r = lint(RULES_DIR, "--statistics")
    assert r.exit_code == 1
    rows = [line.split(None, 3) for line in r.stdout.splitlines()]
    assert {code: int(n) for n, code, *_ in rows} == counts
    assert [int(n) for n, *_ in rows] == sorted((int(n) for n, *_ in rows), reverse=True)
    assert lint(RULES_DIR, "--statistics", "--exit-zero").exit_code == 0
    assert lint(os.path.join(RULES_DIR, "S001.xml"), "--exit-zero").exit_code == 0


def test_colour_only_when_asked_or_on_a_terminal():
    path = os.path.join(RULES_DIR, "S001.xml")
    plain = lint(path).stdout
    assert "\x1b[" not in plain  # (not a terminal)
    coloured = lint(path, "--color", "always").stdout
    assert "\x1b[1;31mS001\x1b[0m" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain
    assert "\x1b[" not in lint(path, "--color", "never").stdout


def _on_a_terminal(*args: str, env: dict) -> str:
    """What ``irexec lint`` writes when its stdout is a terminal (a pseudo-terminal here)."""
    import pty
    import subprocess

    leader, follower = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "irexec", "lint", *args],
            stdout=follower,
            stderr=subprocess.DEVNULL,
            env=env,
            timeout=120,
        )
        os.close(follower)
        follower = -1
        out = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # (the terminal is closed: all was read)
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    assert proc.returncode == 1
    return out.decode()


def test_colour_by_itself_on_a_terminal_unless_no_color():
    path = os.path.join(RULES_DIR, "S001.xml")
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert "\x1b[1;31mS001\x1b[0m" in _on_a_terminal(path, env=env)
    assert "\x1b[" not in _on_a_terminal(path, env={**env, "NO_COLOR": "1"})


def test_jobs_give_the_same_findings_in_the_same_order(monkeypatch):
    one = lint(RULES_DIR)
    monkeypatch.setattr(engines, "dask_available", lambda: False)  # (the process pool: quick to start)
    two = lint(RULES_DIR, "-j", "2")
    assert two.output == one.output and two.exit_code == one.exit_code == 1


def test_sarif_rules_carry_their_page():
    doc = json.loads(lint(os.path.join(RULES_DIR, "S001.xml"), "--format", "sarif").stdout)
    rules = {r["id"]: r for r in doc["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["S001"]["help"]["markdown"] == page("S001") and "## S001" in page("S001")
    assert rules["S001"]["help"]["text"].startswith("S001: ")
    uri = rules["S001"]["helpUri"]
    assert uri.startswith("file:///") and uri.endswith("/rules.md#s001")
    from urllib.parse import unquote, urlparse

    assert os.path.isfile(unquote(urlparse(uri).path))
