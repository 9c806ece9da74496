"""The accuracy pages of irexec compare (irexec.compare.page): what they embed, that hostile names
stay text, and, in a real headless browser (Debian's chromium driven by playwright; those tests
skip where either is absent), that the plot's points are the report's numbers read back through
the plot's own log scale, the marks sit at the right layers, hover and click name the layer, the
histograms' bars hold the report's counts, and a dataset's distribution is np.histogram's of the
per-sample errors of a real run."""

from __future__ import annotations

import html
import json
import math
import os
import re
import time
from html.parser import HTMLParser

import numpy as np
import pytest

from helpers.browser import needs_browser
from irexec.compare.page import accuracy_page, dataset_page, dataset_table_html, report_table_html

HOSTILE = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


def _row(i: int, step: int = 0, **kw) -> dict:
    rel = 10.0 ** (-9 + (i * 7919 % 97) / 12)  # spread over eight decades, in no order
    row = {
        "step": step,
        "layer": f"layer_{i}",
        "layer_id": str(i + 1),
        "type": "Add",
        "output": 0,
        "size": 12,
        "max_abs": rel * 3,
        "max_rel": rel,
        "mean_rel": rel / 7,
        "mismatches": int(rel > 1e-3),
        "culprit": False,
        "known": False,
    }
    row.update(kw)
    return row


def hand_report(n: int = 40) -> dict:
    """A report as CompareReport.to_dict() gives it once it holds every row, made by hand: zero
    and non-finite errors, a hostile name, a culprit, an origin before it and two steps."""
    rows = [_row(i, step=int(i >= n // 2)) for i in range(n)]
    rows[3].update(max_rel=0.0, mean_rel=0.0, max_abs=0.0)
    rows[7].update(layer=HOSTILE, max_rel="inf", mean_rel="nan", mismatches=12, max_abs="inf")
    rows[9].update(max_rel=0.5, mean_rel=0.01, mismatches=4)
    first, origin = dict(rows[11], culprit=True, max_rel=0.25, mismatches=5, known=True), rows[5]
    rows[11] = first
    hist = lambda lo, counts: {"edges": [lo + k * 0.5 for k in range(len(counts) + 1)], "counts": counts}
    worst = [
        {
            **{k: rows[i][k] for k in ("layer", "layer_id", "type", "output", "step", "max_rel", "max_abs")},
            "irexec": hist(-2.0, [1, 4, 9, 3, 0, 2]),
            "device": hist(-2.0, [0, 5, 8, 4, 1, 1]),
            "error": hist(0.0, [7, 3, 0, 1]),
        }
        for i in (9, 11)
    ]
    dep = lambda i, effect, known: {
        **{k: rows[i][k] for k in ("layer", "layer_id", "type", "output", "step")},
        "known": known,
        "effect": effect,
        "changes_outputs": None if effect is None else effect > 0.1,
        "note": None if effect is not None else "not measured",
    }
    return {
        "model": "m.xml",
        "device": "CPU",
        "precision": "f32",
        "rtol": 1e-3,
        "atol": 1e-4,
        "steps": 2,
        "complete": True,
        "compared": n,
        "first": first,
        "diverging": [r for r in rows if r["mismatches"]],
        "skipped": [],
        "layers": rows,
        "origin": {
            **{k: origin[k] for k in ("layer", "layer_id", "type", "output", "step", "max_abs", "max_rel")},
            "path": [origin["layer"], HOSTILE, first["layer"]],
        },
        # (out of order on purpose: the page ranks by effect, a missing one last)
        "departures": [dep(9, None, []), dep(7, 0.02, [HOSTILE]), dep(11, 3.5, ["the plugin narrows i64 to i32"])],
        "worst": worst,
    }


def embedded(page: str) -> dict:
    return json.loads(re.search(r"const DATA = (.*?);\n", page).group(1))


def test_the_page_embeds_the_report_and_nothing_can_break_out_of_its_script():
    report = hand_report()
    page = accuracy_page(report)
    assert page.count("<script") == 1 and page.count("</script>") == 1
    assert HOSTILE not in page and "window.pwned" in page  # (inside the JSON, escaped)
    assert not re.search(r"(src|href)=\"?(https?:)?//", page) and "http://" not in page.replace(
        "http://www.w3.org/", ""
    )
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    data = embedded(page)
    rows = report["layers"]
    for key in ("layer", "layer_id", "step", "max_rel", "mean_rel", "max_abs", "mismatches", "culprit"):
        assert data["rows"][key] == [r[key] for r in rows], key
    assert data["first_at"] == 11 and data["origin_at"] == 5
    assert [d["effect"] for d in data["departures"]] == [3.5, 0.02, None]
    assert [d["at"] for d in data["departures"]] == [11, 7, 9]
    assert data["worst"][1]["at"] == 11 and data["worst"][0]["irexec"]["counts"] == [1, 4, 9, 3, 0, 2]
    assert "<iframe" not in page


def test_a_report_without_the_new_keys_says_what_is_missing():
    report = hand_report()
    for key in ("layers", "origin", "departures", "worst"):
        del report[key]
    data = embedded(accuracy_page(report))
    assert data["rows"] is None and data["departures"] is None and data["worst"] is None
    assert [r["layer"] for r in data["diverging_rows"]] == [r["layer"] for r in report["diverging"]]
    assert data["first_at"] is None


class _Frames(HTMLParser):
    def __init__(self):
        super().__init__()
        self.frames = []

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.frames.append(dict(attrs))


def test_the_graph_page_travels_whole_in_an_escaped_srcdoc():
    graph = f'<!DOCTYPE html><p title="a&quot;b">{html.escape(HOSTILE)}</p><script>let s = "</div>";</script>'
    page = accuracy_page(hand_report(), graph)
    parser = _Frames()
    parser.feed(page)
    assert len(parser.frames) == 1
    frame = parser.frames[0]
    assert frame["sandbox"] == "allow-scripts" and frame["srcdoc"] == graph  # (the browser reads it back whole)
    assert page.count("<script") == 1  # (the graph page's script is in the attribute, escaped)


def test_the_notebook_tables_escape_the_model_strings():
    report = hand_report()
    table = report_table_html(report)
    assert HOSTILE not in table and html.escape(HOSTILE) in table and "<script" not in table
    assert table.count("<tr>") == 1 + len(report["diverging"])
    assert "departs" in table and "the first departure: 'layer_11'" in table
    many = dict(report, diverging=[_row(i, mismatches=1) for i in range(30)])
    assert "... and 10 more" in report_table_html(many)
    assert "all agree" in report_table_html(dict(report, first=None, diverging=[], origin=None))
    data = {
        "model": HOSTILE,
        "device": "CPU",
        "precision": None,
        "rtol": 1e-3,
        "atol": 1e-4,
        "samples": 3,
        "agree": 1,
        "differ": 1,
        "failed": 1,
        "worst_sample": HOSTILE,
        "outputs": {
            HOSTILE: {
                "max_abs": "inf",
                "worst_sample": "a",
                "max_rel": 0.5,
                "max_rel_sample": "b",
                "differing_samples": 1,
            }
        },
        "layers": {"sample": HOSTILE, "error": None, "first": _row(2, layer=HOSTILE), "first_differing": None},
    }
    table = dataset_table_html(data)
    assert HOSTILE not in table and table.count(html.escape(HOSTILE)) == 5 and "<script" not in table
    assert "1 agree, 1 differ, 1 failed" in table and "<td>inf</td>" in table and "<td>0.5</td>" in table


def test_the_dataset_page_bins_zero_non_finite_and_shape_apart():
    rel = [0.0, 3e-7, "inf", None, 2e-5, 0.0, 0.04, "nan", 1e-3]
    per = [
        {"sample": f"s{k}", "status": "differs", "outputs": {"out": {"max_abs": 1.0, "max_rel": v}}}
        for k, v in enumerate(rel)
    ] + [{"sample": "f", "status": "failed", "outputs": {}}]
    report = {"model": HOSTILE, "rtol": 1e-3, "outputs": {"out": {}}, "per_sample": per}
    page = dataset_page(report)
    assert HOSTILE not in page and page.count("<script") == 1
    h = embedded(page)["histograms"]["out"]
    assert (h["zero"], h["nonfinite"], h["shape"]) == (2, 2, 1)
    positive = np.array([3e-7, 2e-5, 0.04, 1e-3])
    edges = np.array(h["edges"])
    assert edges[0] <= positive.min() and edges[-1] >= 1e-3 and h["counts"] == np.histogram(positive, edges)[0].tolist()
    assert [w["sample"] for w in h["worst"][:4]] == ["s2", "s7", "s6", "s8"]  # (non-finite first, then by size)
    del report["per_sample"]
    assert embedded(dataset_page(report))["histograms"] is None


# -- in a browser --------------------------------------------------------------------------------


def open_page(browser, tmp_path, text: str, name: str = "page.html"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    errors, requests = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto("file://" + str(path))
    page.errors, page.requests, page.url_of_file = errors, requests, "file://" + str(path)
    return page


def plotted(page) -> tuple:
    """The plot's scale (from its data attributes) and each polyline's points as (x, y)."""
    scale = {k: float(v) for k, v in page.eval_on_selector("#plot", "e => Object.assign({}, e.dataset)").items()}
    points = {}
    for cls in ("max", "mean"):
        text = page.get_attribute(f"polyline.line.{cls}", "points")
        points[cls] = [tuple(map(float, p.split(","))) for p in text.split()]
    return scale, points


def read_back(scale: dict, y: float) -> float:
    """A point's value through the plot's log scale: 0 on the floor, inf/NaN above the top."""
    if y == pytest.approx(scale["above"]):
        return math.inf
    if y == pytest.approx(scale["bottom"]):
        return 0.0
    frac = (scale["bottom"] - y) / (scale["bottom"] - scale["top"])
    return 10 ** (scale["lmin"] + frac * (scale["lmax"] - scale["lmin"]))


def check_plot(page, report: dict) -> list:
    """Every point is its row's max_rel and mean_rel; x grows evenly with the order. The x's."""
    rows = report["layers"]
    scale, points = plotted(page)
    for cls, key in (("max", "max_rel"), ("mean", "mean_rel")):
        assert len(points[cls]) == len(rows)
        for (_, y), r in zip(points[cls], rows):
            want = float(r[key]) if not isinstance(r[key], str) else math.inf  # ("inf" and "nan": above the top)
            got = read_back(scale, y)
            if want == 0 or math.isinf(want):
                assert got == want, (r["layer"], key)
            elif 10 ** scale["lmin"] < want < 10 ** scale["lmax"]:
                assert got == pytest.approx(want, rel=2e-3), (r["layer"], key)
    xs = [x for x, _ in points["max"]]
    if len(xs) > 2:
        assert np.allclose(np.diff(xs), (xs[-1] - xs[0]) / (len(xs) - 1), atol=2e-3) and xs[-1] > xs[0]
    return xs


def screen_of(page, x: float, y: float) -> tuple:
    """Where a point of the plot's viewBox (1000 x 300) is on the screen."""
    box = page.locator("#plot").bounding_box()
    k = min(box["width"] / 1000, box["height"] / 300)
    return box["x"] + (box["width"] - 1000 * k) / 2 + x * k, box["y"] + (box["height"] - 300 * k) / 2 + y * k


@needs_browser
def test_the_plot_holds_the_reports_numbers_and_hover_and_click_name_the_layer(browser, tmp_path):
    report = hand_report()
    page = open_page(browser, tmp_path, accuracy_page(report))
    assert page.errors == []
    xs = check_plot(page, report)
    rows = report["layers"]
    culprit = next(i for i, r in enumerate(rows) if r["culprit"])
    origin = next(
        i
        for i, r in enumerate(rows)
        if (r["layer_id"], r["step"]) == (report["origin"]["layer_id"], report["origin"]["step"])
    )
    for cls, at in (("first", culprit), ("origin", origin)):
        assert float(page.get_attribute(f"line.mark.{cls}", "x1")) == pytest.approx(xs[at], abs=2e-3)
    # The tolerance line, at rtol on the same scale.
    scale, _ = plotted(page)
    assert read_back(scale, float(page.get_attribute("line.tol", "y1"))) == pytest.approx(report["rtol"], rel=2e-3)
    # Hover over the hostile layer's point: its name, as text; a click selects its row.
    _, points = plotted(page)
    page.mouse.move(*screen_of(page, *points["max"][7]))
    tip = page.inner_text("#tip")
    assert HOSTILE in tip and "max rel err inf" in tip and "mean rel err nan" in tip
    page.mouse.move(*screen_of(page, points["max"][9][0], 150))
    page.mouse.click(*screen_of(page, points["max"][9][0], 150))
    selected = page.locator("#rows tr.selected")
    assert selected.count() == 1 and selected.get_attribute("data-i") == "9"
    assert "layer_9" in selected.inner_text() and "max rel err 0.5" in page.inner_text("#detail")
    # A click in the table moves the plot's selection to that layer.
    page.locator("#rows tbody tr").nth(culprit).click()
    assert float(page.get_attribute("line.cursor.sel", "x1")) == pytest.approx(xs[culprit], abs=2e-3)
    # The departures by effect, and a click on one selects its layer.
    effects = page.locator("#departures tbody tr td:first-child").all_inner_texts()
    assert effects == ["3.5", "0.02", ""]
    page.locator("#departures tbody tr").nth(1).click()
    assert page.locator("#rows tr.selected").get_attribute("data-i") == "7"
    assert HOSTILE in page.inner_text("#departures") and HOSTILE in page.inner_text("#verdict")
    assert page.evaluate("window.pwned") is None and page.locator("img").count() == 0
    assert page.errors == [] and page.requests == [page.url_of_file]


@needs_browser
def test_the_histograms_bars_are_the_reports_counts(browser, tmp_path):
    report = hand_report()
    page = open_page(browser, tmp_path, accuracy_page(report))
    cards = page.locator(".card.worst")
    assert cards.count() == len(report["worst"])
    for k, w in enumerate(report["worst"]):
        card = cards.nth(k)
        assert w["layer"] in card.inner_text()
        heights = {}
        for cls in ("irexec", "device", "error"):
            bars = card.locator(f"rect.bar.{cls}")
            counts = [int(b) for b in bars.evaluate_all("es => es.map(e => e.dataset.count)")]
            assert counts == w[cls]["counts"]
            heights[cls] = np.array(
                [float(h) for h in bars.evaluate_all("es => es.map(e => e.getAttribute('height'))")]
            )
        # Heights in proportion to the counts: irexec and device on one scale, the error on its own.
        for group in (("irexec", "device"), ("error",)):
            tall = max(heights[cls].max() for cls in group)
            most = max(max(w[cls]["counts"]) for cls in group)
            for cls in group:
                assert np.allclose(heights[cls], np.array(w[cls]["counts"]) * tall / most, atol=2e-3)
    assert page.errors == []


# A graph page stands in for the one the caller makes: its script must run in its frame.
GRAPH = (
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>graph</title></head><body><p id="said"></p>'
    '<script>document.getElementById("said").textContent = "drawn " + (2 + 3) + " \\"layers\\" & more";</script>'
    "</body></html>"
)


@needs_browser
def test_the_graph_frame_is_there_only_when_given(browser, tmp_path):
    page = open_page(browser, tmp_path, accuracy_page(hand_report(), GRAPH))
    assert page.locator("iframe#graph").count() == 1
    assert page.get_attribute("iframe#graph", "sandbox") == "allow-scripts"
    said = page.frame_locator("iframe#graph").locator("#said")
    assert said.inner_text() == 'drawn 5 "layers" & more'  # (its own script ran in its frame)
    assert page.errors == [] and page.requests == [page.url_of_file]
    page = open_page(browser, tmp_path, accuracy_page(hand_report()), "plain.html")
    assert page.locator("iframe").count() == 0


@needs_browser
def test_a_report_without_the_new_keys_and_a_5000_row_one_load_without_errors(browser, tmp_path):
    old = {k: v for k, v in hand_report().items() if k not in ("layers", "origin", "departures", "worst")}
    page = open_page(browser, tmp_path, accuracy_page(old), "old.html")
    assert "no per-layer rows" in page.inner_text("#rows") and "no ranking" in page.inner_text("#departures")
    assert page.locator("#rows tbody tr").count() == len(old["diverging"]) and page.errors == []
    big = hand_report(5000)
    text = accuracy_page(big)
    assert len(text) < 2_000_000
    started = time.monotonic()
    page = open_page(browser, tmp_path, text, "big.html")
    loaded = time.monotonic() - started
    assert page.errors == [] and loaded < 10
    assert page.locator("#plot polyline, #plot path").count() <= 4  # (not a node per point)
    check_plot(page, big)
    assert page.locator("#rows tbody tr").count() == 5000


# -- real runs -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def float_model(tmp_path_factory):
    """x * 0.7, Exp, Tanh, a sum: the CPU plugin's exp and tanh round differently from NumPy's,
    a few ulps here and there; one layer has a hostile name."""
    ov = pytest.importorskip("openvino")
    op = pytest.importorskip("openvino.opset13")
    where = tmp_path_factory.mktemp("float")
    x = op.parameter([64], ov.Type.f32, name="x")
    s = op.multiply(x, op.constant(np.full(64, 0.7, np.float32)), name="scale")
    e = op.exp(s, name=HOSTILE)
    t = op.tanh(op.multiply(e, op.constant(np.full(64, 0.3, np.float32)), name="shrink"), name="tanh")
    out = op.add(t, op.constant(np.full(64, 0.5, np.float32)), name="shift")
    xml = str(where / "float.xml")
    ov.save_model(ov.Model([op.result(out, name="out")], [x], "float"), xml, compress_to_fp16=False)
    return xml


@needs_browser
def test_a_real_comparison_is_plotted_as_its_report_says(browser, tmp_path, float_model):
    import irexec

    x = np.random.default_rng(1).uniform(-4, 4, 64).astype(np.float32)
    report = irexec.compare(float_model, {"x": x}, rtol=1e-7, atol=0.0).to_dict()
    page = open_page(browser, tmp_path, accuracy_page(report))
    assert page.errors == [] and page.evaluate("window.pwned") is None
    if "layers" not in report:  # (a report that does not hold every row yet: the page says so)
        assert "no per-layer rows" in page.inner_text("#rows")
        return
    assert len(report["layers"]) == report["compared"]
    check_plot(page, report)
    names = page.locator("#rows tbody tr td:nth-child(3)").all_inner_texts()
    assert names == [r["layer"] for r in report["layers"]] and HOSTILE in names
    if report["first"] is not None:
        at = next(i for i, r in enumerate(report["layers"]) if r["culprit"])
        assert report["layers"][at]["layer"] == report["first"]["layer"]
        assert page.get_attribute("line.mark.first", "data-index") == str(at)


@pytest.fixture(scope="module")
def dataset_run(float_model, tmp_path_factory):
    """Eight samples of growing range and one of the wrong shape, through a real compare_dataset."""
    import irexec

    folder = tmp_path_factory.mktemp("samples")
    rng = np.random.default_rng(7)
    for k in range(8):
        np.save(folder / f"s{k}.npy", rng.uniform(-1 - k, 1 + k, 64).astype(np.float32))
    np.save(folder / "zz_bad.npy", np.zeros(3, np.float32))
    return float_model, folder, irexec.compare_dataset(float_model, str(folder), rtol=1e-7, atol=0.0)


def test_per_sample_holds_every_sample_whatever_the_limit(dataset_run):
    _, _, report = dataset_run
    data = report.to_dict(limit=1)
    assert [s["sample"] for s in data["per_sample"]] == [s.sample for s in report.samples]
    for entry, s in zip(data["per_sample"], report.samples):
        assert entry["status"] == s.status
        assert entry["outputs"] == {k: {"max_abs": v["max_abs"], "max_rel": v["max_rel"]} for k, v in s.outputs.items()}
    assert data["per_sample"][-1] == {"sample": "zz_bad", "status": "failed", "outputs": {}}
    assert len(data["failing"]) == 1  # (the limit still holds there)


@needs_browser
def test_the_dataset_page_histogram_is_numpys_of_the_per_sample_errors(browser, tmp_path, dataset_run):
    _, _, report = dataset_run
    data = report.to_dict(limit=None)
    rel = np.array([float(s["outputs"]["out"]["max_rel"]) for s in data["per_sample"] if "out" in s["outputs"]])
    assert rel.size == 8 and np.count_nonzero(rel > 0) >= 2  # (else the histogram would prove little)
    page = open_page(browser, tmp_path, dataset_page(data))
    assert page.errors == [] and page.evaluate("window.pwned") is None
    card = page.locator(".card.output")
    assert card.count() == 1 and card.get_attribute("data-output") == "out"
    edges = np.array(json.loads(card.locator("svg.hist").get_attribute("data-edges")))
    counts = [int(c) for c in card.locator("rect.bar").evaluate_all("es => es.map(e => e.dataset.count)")]
    positive = rel[rel > 0]
    want, _ = np.histogram(positive, edges)
    assert counts == want.tolist() and sum(counts) == positive.size
    assert np.allclose(np.diff(np.log10(edges[1:-1])), np.diff(np.log10(edges[1:-1]))[0])  # log-spaced
    zero = np.count_nonzero(rel == 0)
    assert (f"{zero} with error 0" in card.inner_text()) == (zero > 0)
    assert page.locator("svg.hist line.tol").count() == 1
    statuses = [s["status"] for s in data["per_sample"]]
    for key, status in (("agree", "ok"), ("differ", "differs"), ("failed", "failed")):
        assert page.inner_text(f"#{key}") == f"{statuses.count(status)} {key}"
    worst = card.locator("tbody tr td:first-child").all_inner_texts()
    assert (
        worst[0]
        == data["per_sample"][
            int(np.argmax([float(s["outputs"].get("out", {}).get("max_rel", -1)) for s in data["per_sample"]]))
        ]["sample"]
    )
    assert "zz_bad" in page.inner_text("#failing")
    if data["layers"] and data["layers"]["first"]:
        assert data["layers"]["first"]["layer"] in page.inner_text("#layers")


def test_html_writes_the_page_and_an_unwritable_path_fails_first(dataset_run, tmp_path, capsys):
    from irexec.commands.compare_dataset import compare_dataset_command
    from irexec.errors import IRExecError, UsageError

    model, folder, report = dataset_run
    out = tmp_path / "report.html"
    args = (model, None, "CPU", str(folder), 1e-7, 0.0, "f32", False, "text", 1000, None, False)
    with pytest.raises(IRExecError) as e:  # (samples differ, or one fails: exit 1, after the page is written)
        compare_dataset_command(*args, html=str(out))
    assert e.value.exit_code == 1
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and embedded(page)["samples"] == 9
    assert os.listdir(tmp_path) == ["report.html"]  # (no temporary file left beside it)
    assert capsys.readouterr().err.strip() == f"wrote HTML to {out}"
    # A folder, or a path in a folder that does not exist: refused before anything runs (the
    # model path here does not exist, so a run would fail otherwise).
    for bad, why in ((tmp_path, "it is a directory"), (tmp_path / "none" / "r.html", "no folder")):
        with pytest.raises(UsageError) as e:
            compare_dataset_command("missing.xml", *args[1:], html=str(bad))
        assert e.value.exit_code == 2 and why in str(e.value) and "\n" not in str(e.value)


def test_html_on_the_command_line(dataset_run, tmp_path):
    from click.testing import CliRunner

    from irexec.cli import cli
    from irexec.commands.compare import compare_command

    assert any(p.name == "html_file" and "--html" in p.opts for p in compare_command.params)
    model, folder, _ = dataset_run
    out = tmp_path / "r.html"
    got = CliRunner().invoke(cli, ["compare", model, "--inputs", str(folder), "--rtol", "1e-7", "--html", str(out)])
    assert got.exit_code == 1 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    got = CliRunner().invoke(cli, ["compare", model, "--inputs", str(folder), "--html", str(tmp_path)])
    assert got.exit_code == 2 and got.output.count("\n") == 1 and got.output.startswith("error: cannot write")


def test_html_of_one_comparison_holds_its_report_and_the_graph_coloured_by_error(float_model, tmp_path):
    """compare --html on one input: the page embeds what --format json prints, and its graph frame
    colours each layer by the largest relative error of its rows, the culprit marked first."""
    import html as htmllib

    from click.testing import CliRunner

    from irexec.cli import cli

    x = tmp_path / "x.npy"
    np.save(x, np.random.default_rng(1).uniform(-4, 4, 64).astype(np.float32))
    out = tmp_path / "one.html"
    args = ["compare", float_model, "-i", f"x={x}", "--rtol", "1e-7", "--atol", "0", "--all"]
    got = CliRunner().invoke(cli, [*args, "--html", str(out)])
    page = out.read_text(encoding="utf-8")
    as_json = json.loads(CliRunner().invoke(cli, [*args, "--format", "json"]).stdout)
    frame = re.search(r'<iframe[^>]* srcdoc="([^"]*)"', page)
    columns = embedded(page[: frame.start()] + page[frame.end() :])["rows"]  # (the page keeps them by column)
    assert got.exit_code == 1 and len(as_json["layers"]) == as_json["compared"] > 2
    assert columns == {k: [r[k] for r in as_json["layers"]] for k in as_json["layers"][0]}
    srcdoc = htmllib.unescape(frame.group(1))
    graph = embedded(srcdoc)
    coloured = {n["id"]: n["err"] for n in graph["nodes"] if "err" in n}
    rows = {}
    for r in as_json["layers"]:
        rows[r["layer_id"]] = max(rows.get(r["layer_id"], 0.0), float(r["max_rel"]))
    assert set(coloured) == set(rows) and all(coloured[k]["max_rel"] == v for k, v in rows.items())
    assert [k for k, e in coloured.items() if e["first"]] == [as_json["first"]["layer_id"]]
    # The numbers the text report prints for each differing row are the page's, to its 4 digits.
    text, checked = got.stdout, 0
    for line in text.splitlines():
        found = re.match(
            r"(?:DEPARTS|differs)\s+'(.*?)' \(id (\w+), .*max abs err ([^,]+), max rel err ([^)]+)\)", line
        )
        if found:
            at = columns["layer_id"].index(found.group(2))
            assert f"{float(columns['max_rel'][at]):.4g}" == found.group(4)
            assert f"{float(columns['max_abs'][at]):.4g}" == found.group(3)
            checked += 1
    assert checked == sum(r["mismatches"] > 0 for r in as_json["layers"]) > 0
    # A path that cannot be written: one line, exit 2, before the run (the model need not exist).
    got = CliRunner().invoke(cli, ["compare", "missing.xml", "--random", "--html", str(tmp_path / "no" / "p.html")])
    assert got.exit_code == 2 and got.output.count("\n") == 1 and "no folder" in got.output


def test_the_graph_colours_a_nan_error_as_the_worst_of_all():
    """A layer whose error is NaN at one step (and finite at another, in either order) is drawn
    as ten times the largest finite error, not as no error; the largest of two finite ones wins."""
    import html as htmllib

    import irexec
    from irexec.commands.compare import accuracy_html
    from irexec.compare.report import CompareReport, LayerRow

    m = irexec.read_model(os.path.join(os.path.dirname(__file__), "..", "..", "models", "row_assign.xml"))
    ids = [lid for lid in m.graph.topological_order() if m.graph.layer(lid).type not in ("Const", "Result")][:3]
    errors = [(float("nan"), 0.5), (0.5, float("nan")), (0.25, 2.0)]
    rows = []
    for lid, pair in zip(ids, errors):
        for step, rel in enumerate(pair):
            layer = m.graph.layer(lid)
            rows.append(LayerRow(step, layer.name, lid, layer.type, 0, None, 4, 1, rel, rel))
    report = CompareReport("row_assign.xml", "CPU", "f32", 1e-3, 1e-4, 2, rows, [])
    page = accuracy_html(m, report)
    frame = re.search(r'<iframe[^>]* srcdoc="([^"]*)"', page)
    coloured = {n["id"]: n["err"]["max_rel"] for n in embedded(htmllib.unescape(frame.group(1)))["nodes"] if "err" in n}
    assert coloured == {ids[0]: 20.0, ids[1]: 20.0, ids[2]: 2.0}
