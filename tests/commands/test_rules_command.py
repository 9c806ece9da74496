"""`irexec rules [CODE]`: the rule table, one rule's page, and an unknown code."""

import os
import subprocess
import sys

from irexec.check.findings import RULES
from irexec.check.rulebook import pages

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rules(*args):
    return subprocess.run(
        [sys.executable, "-m", "irexec", "rules", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_every_rule_is_listed_with_its_severity_and_title():
    r = rules()
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(RULES)
    for line, rule in zip(lines, RULES.values()):
        assert line.split()[1] == rule.severity and line.endswith(rule.title)


def test_every_rule_has_a_page_and_a_code_prints_it_whatever_its_case():
    assert set(pages()) == set(RULES)
    r = rules("g005")
    assert r.returncode == 0 and r.stdout.startswith("## G005\n\n**error**: the graph has a cycle")
    assert "```console" in r.stdout and "## G006" not in r.stdout


def test_an_unknown_code_is_one_line_exit_2():
    r = rules("Z999")
    assert r.returncode == 2 and r.stderr.startswith("error: no rule 'Z999': the codes are X001, ")
    assert r.stderr.count("\n") == 1
