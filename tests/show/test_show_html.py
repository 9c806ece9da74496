"""`irexec show --html`: one self-contained page, checked in a real headless browser (Debian's
chromium driven by playwright; those tests skip where either is absent): the layers drawn (the
constants folded into their readers), search, a click showing attributes, ports, shapes, weights,
findings and dumped tensors' statistics and histograms, pan and zoom, no request beyond the page
itself, and hostile names shown as text, never run (tests/view holds the rest of the page's)."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from helpers.browser import needs_browser, open_page
from helpers.irtext import layer, net, param, port, result, write
from irexec.show import summary as showmod
from irexec.show.html import dump_stats, to_html

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KV = os.path.join(ROOT, "models", "kv_cache_update.xml")
HOSTILE = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


def cli(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "irexec", *map(str, args)], capture_output=True, text=True, cwd=cwd or ROOT
    )


def hostile_model(tmp_path):
    """x -> Relu named HOSTILE -> Result; and an Add whose second input nothing feeds... kept valid:
    a Relu and an unused Parameter (a warning finding on it)."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "unused", (2, 3)),
            layer(
                2,
                "Relu",
                inputs=[port(0, "f32", (2, 3))],
                outputs=[port(1, "f32", (2, 3), "y")],
                name=HOSTILE.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;"),
            ),
            result(3, "f32", (2, 3)),
        ],
        [(0, 0, 2, 0), (2, 1, 3, 0)],
    )
    return write(tmp_path, xml)


def test_the_page_is_one_file_whose_data_cannot_break_out_of_its_script(tmp_path):
    path = hostile_model(tmp_path)
    report = showmod.load(path)
    page = to_html(report.graph, report.findings, report.facts)
    assert page.count("<script") == 1 and page.count("</script>") == 1
    assert HOSTILE not in page and "window.pwned" in page  # (inside the JSON, escaped)
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing fetched from elsewhere
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    data = json.loads(re.search(r"const DATA = (.*?);\n", page).group(1))
    assert [n["name"] for n in data["nodes"] if n["type"] == "Relu"] == [HOSTILE]
    unused = next(n for n in data["nodes"] if n["name"] == "unused")
    assert unused["findings"] and unused["findings"][0]["severity"] == "warning"


def test_dump_stats_histograms_count_the_finite_values(tmp_path):
    values = np.array([[1.0, np.nan, 3.0], [np.inf, -2.0, 7.5]], np.float32)
    np.save(tmp_path / "t0.npy", values)
    np.save(tmp_path / "t1.npy", np.array(["a", "b"]))
    np.save(tmp_path / "t2.npy", np.array([np.nan, np.inf], np.float64))
    (tmp_path / "bad.npy").write_bytes(b"not a tensor")
    index = {"tensors": [{"id": k, "output": 0, "file": f"t{k}.npy"} for k in range(3)]}
    index["tensors"].append({"id": 9, "output": 0, "file": "bad.npy"})
    (tmp_path / "index.json").write_text(json.dumps(index))
    stats = dump_stats(str(tmp_path))
    finite = values[np.isfinite(values)].astype(np.float64)  # (as dump_stats reads every tensor)
    counts, edges = np.histogram(finite, bins=24)
    hist = stats[("0", 0)]["hist"]
    assert hist["counts"] == counts.tolist() and hist["edges"] == pytest.approx(edges.tolist())
    assert sum(hist["counts"]) == 4 and stats[("0", 0)]["nan"] == 1 and stats[("0", 0)]["inf"] == 1
    assert "hist" not in stats[("1", 0)] and "hist" not in stats[("2", 0)]  # (text; no finite value)
    assert ("9", 0) not in stats  # (an unreadable file is left out)


def test_show_html_writes_the_page_and_refuses_stats_without_it(tmp_path):
    out = tmp_path / "kv.html"
    r = cli("show", KV, "--html", out)
    assert r.returncode == 0 and r.stderr.strip() == f"wrote HTML to {out}"
    assert out.read_text().startswith("<!DOCTYPE html>")
    r = cli("show", KV, "--stats", tmp_path)
    assert r.returncode == 2 and r.stderr.strip() == "error: --stats needs --html"
    r = cli("show", KV, "--html", tmp_path / "x.html", "--stats", tmp_path)
    assert r.returncode == 2 and "not a 'run --dump' folder" in r.stderr and not (tmp_path / "x.html").exists()


@needs_browser
def test_layers_search_and_a_click_show_attributes_ports_and_dumped_statistics(browser, tmp_path):
    dump = tmp_path / "dump"
    assert cli("run", KV, "--random", "--dump", dump).returncode == 0
    out = tmp_path / "kv.html"
    assert cli("show", KV, "--html", out, "--stats", dump).returncode == 0
    page = open_page(browser, out)
    # Six layers, the two Consts folded into the ScatterUpdate that reads them: four boxes.
    assert page.locator("g.node").count() == 4 and page.locator("g.node.Const").count() == 0
    assert page.locator("path.edge").count() == 3
    page.fill("#search", "scatter")
    assert page.inner_text("#count") == "1 found"
    page.press("#search", "Enter")
    panel = page.inner_text("#panel")
    assert "write_tokens" in panel and "ScatterUpdate-opset3" in panel
    assert "from cache [2,8,4]" in panel and "[2,8,4] f32" in panel
    index = json.loads((dump / "index.json").read_text())
    entry = next(t for t in index["tensors"] if t["layer"] == "write_tokens")
    arr = np.load(dump / entry["file"]).astype(np.float64)
    assert f"min {arr.min()}, max {arr.max()}" in panel
    # Its output's histogram: the counts np.histogram gives for the dumped tensor, 24 bins.
    bars = page.locator("#panel svg.hist rect")
    counts = [int(bars.nth(k).get_attribute("data-count")) for k in range(bars.count())]
    assert counts == np.histogram(arr[np.isfinite(arr)], bins=24)[0].tolist()
    assert page.locator("g.node.selected polyline.spark").count() == 1
    # The folded constants are listed in their reader's panel, with their values.
    assert "Weights" in panel and "positions" in panel and "[5, 6]" in panel
    # With every layer shown, a click on a constant: its attributes and values.
    page.evaluate("document.activeElement.blur()")  # (the search box has the keys until then)
    page.keyboard.press("a")
    page.keyboard.press("0")
    page.wait_for_timeout(50)
    assert page.locator("g.node").count() == 6 and page.locator("path.edge").count() == 5
    page.locator("g.node", has_text="positions").click()
    panel = page.inner_text("#panel")
    assert "element_type" in panel and "Values" in panel and "[5, 6]" in panel
    assert page.errors == [] and page.requests == ["file://" + str(out)]


@needs_browser
def test_pan_and_zoom_move_the_view(browser, tmp_path):
    out = tmp_path / "kv.html"
    assert cli("show", KV, "--html", out).returncode == 0
    page = open_page(browser, out)
    before = page.get_attribute("#world", "transform")
    page.mouse.move(300, 300)
    page.mouse.wheel(0, -400)
    page.wait_for_timeout(50)
    zoomed = page.get_attribute("#world", "transform")
    scale = lambda t: float(re.search(r"scale\(([-\d.e]+)\)", t).group(1))
    assert scale(zoomed) > scale(before)
    page.mouse.move(400, 400)
    page.mouse.down()
    page.mouse.move(500, 450)
    page.mouse.up()
    moved = page.get_attribute("#world", "transform")
    shift = lambda t: [float(v) for v in re.search(r"translate\(([-\d.e]+),([-\d.e]+)\)", t).groups()]
    (x0, y0), (x1, y1) = shift(zoomed), shift(moved)
    assert x1 - x0 == pytest.approx(100) and y1 - y0 == pytest.approx(50)
    assert page.errors == []


@needs_browser
def test_hostile_names_are_shown_as_text_and_never_run(browser, tmp_path):
    out = tmp_path / "h.html"
    assert cli("show", hostile_model(tmp_path), "--html", out).returncode == 0
    page = open_page(browser, out)
    assert page.evaluate("window.pwned") is None
    assert page.locator("img").count() == 0
    page.fill("#search", "relu")
    page.press("#search", "Enter")
    assert HOSTILE in page.inner_text("#panel")
    assert page.evaluate("window.pwned") is None
    # The layer lint warns about is marked, and its finding listed on a click.
    assert page.locator("g.node.warning").count() == 1
    page.locator("g.node.warning").click()
    assert re.search(r"G\d{3} warning", page.inner_text("#panel"))
    assert page.errors == [] and len(page.requests) == 1
