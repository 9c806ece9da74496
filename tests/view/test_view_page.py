"""irexec.view's page in a real headless browser (Debian's chromium driven by playwright; skipped
where either is absent): constants folded and brought back, a decompression chain as one weight,
bodies opened and closed in place, legible text at the first view (a 5,000-layer page too), the
minimap, the keys, errors' colours, and a Model in a notebook."""

import colorsys
import os
import re
import time
from html.parser import HTMLParser

import numpy as np
import openvino as ov
import openvino.opset8 as o8
import openvino.opset13 as ops
import pytest

import irexec
from helpers.browser import open_page
from irexec.check.shape_inference import infer_shapes
from irexec.ir.reader import read_graph
from irexec.view import graph_page

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROW_ASSIGN = os.path.join(ROOT, "models", "row_assign.xml")


def ov_counts(model_or_path):
    m = ov.Core().read_model(model_or_path) if isinstance(model_or_path, str) else model_or_path
    counts = {}
    for op in m.get_ops():
        counts[op.get_type_name()] = counts.get(op.get_type_name(), 0) + 1
    return counts


def write_page(tmp_path, model_path, name="page", **kwargs):
    graph = read_graph(str(model_path))
    page = graph_page(graph, infer_shapes(graph, graph.topological_order()), **kwargs)
    out = tmp_path / f"{name}.html"
    out.write_text(page, encoding="utf-8")
    return out, graph


def frame(page):
    """Let the page draw (it draws what is in view on the next animation frame)."""
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def boxes(page):
    frame(page)
    return page.locator("g.node").count() + page.locator("g.frame").count()


def view(page):
    return page.evaluate("graphView.view()")


def save(tmp_path, model, name):
    path = str(tmp_path / f"{name}.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def int4_model(tmp_path):
    rng = np.random.default_rng(0)
    a = ops.parameter([1, 64], ov.Type.f32, name="a")
    codes = ops.constant(rng.integers(0, 16, (128, 4, 16)).astype(np.uint8), dtype=ov.Type.u4, name="w_codes")
    zero = ops.constant(np.full((128, 4, 1), 8, np.uint8), dtype=ov.Type.u4, name="w_zero")
    w = ops.subtract(ops.convert(codes, ov.Type.f16), ops.convert(zero, ov.Type.f16))
    w = ops.multiply(w, ops.constant((rng.random((128, 4, 1)) * 0.1).astype(np.float16), name="w_scale"))
    w = ops.convert(ops.reshape(w, ops.constant(np.array([128, 64], np.int64)), False), ov.Type.f32)
    model = ov.Model([ops.result(ops.matmul(a, w, False, True, name="proj"))], [a], "int4")
    return save(tmp_path, model, "int4")


def if_model(tmp_path):
    x = o8.parameter([2, 3], ov.Type.f32, name="x")
    cond = o8.parameter([], ov.Type.boolean, name="cond")
    tx = o8.parameter([2, 3], ov.Type.f32, name="tx")
    then = ov.Model([o8.result(o8.relu(o8.add(tx, o8.constant(np.ones((2, 3), np.float32)))))], [tx], "then")
    ex = o8.parameter([2, 3], ov.Type.f32, name="ex")
    other = ov.Model([o8.result(o8.negative(ex))], [ex], "else")
    node = o8.if_op(cond)
    node.set_then_body(then)
    node.set_else_body(other)
    node.set_input(x.output(0), tx, ex)
    out = node.set_output(then.get_results()[0], other.get_results()[0])
    model = ov.Model([o8.result(out)], [x, cond], "branch")
    return save(tmp_path, model, "branch"), ov_counts(then), ov_counts(other)


# ---- folded constants ---------------------------------------------------------------------------


def test_constants_are_no_boxes_until_all_layers_are_shown(browser, tmp_path):
    out, graph = write_page(tmp_path, ROW_ASSIGN)
    counts = ov_counts(ROW_ASSIGN)
    total, consts = sum(counts.values()), counts["Constant"]
    page = open_page(browser, out)
    page.keyboard.press("0")
    assert page.evaluate("graphView.boxes()") == total - consts == boxes(page)
    assert page.locator("g.node.Const").count() == 0
    # A reader's box names its constant; its panel lists it, with its value.
    (scatter,) = graph.by_type("ScatterUpdate")
    (axis_id,) = [src for k, (src, _) in graph.producers(scatter.id).items() if k == 3]
    axis = graph.layer(axis_id)
    node = page.locator("g.node", has_text=scatter.name)
    assert f"{axis.name} scalar i64" in node.text_content()
    node.click()
    panel = page.inner_text("#panel")
    value = np.asarray(axis.op.compute()).item()
    assert "Weights" in panel and axis.name in panel and f"[{value}]" in panel and "(folded)" in panel
    # The toggle (and its key) bring every layer back, each Const its own box.
    page.check("#all")
    assert boxes(page) <= page.evaluate("graphView.boxes()") == total
    page.keyboard.press("0")
    assert boxes(page) == total and page.locator("g.node.Const").count() == consts
    page.keyboard.press("a")
    page.keyboard.press("0")
    assert boxes(page) == total - consts and not page.is_checked("#all")
    assert page.errors == [] and len(page.requests) == 1


def test_a_decompression_chain_is_one_weight_label(browser, tmp_path):
    path = int4_model(tmp_path)
    out, _ = write_page(tmp_path, path)
    page = open_page(browser, out)
    assert boxes(page) == 3  # a, proj, the Result: the chain's 10 layers are one line of proj's box
    node = page.locator("g.node", has_text="proj")
    assert "int4, group 16, 128x64" in node.text_content()
    node.click()
    panel = page.inner_text("#panel")
    assert "w_codes" in panel and "u4" in panel and "[128,64]" in panel and "w_scale" in panel
    assert "w_zero" in panel and "group 16" in panel
    page.keyboard.press("a")
    page.keyboard.press("0")
    assert boxes(page) == sum(ov_counts(path).values())
    assert page.errors == []


# ---- bodies ----------------------------------------------------------------------------------------


def test_a_body_opens_and_closes_in_place(browser, tmp_path):
    path, then, other = if_model(tmp_path)
    out, _ = write_page(tmp_path, path)
    top = sum(ov_counts(path).values())  # (OpenVINO counts the bodies' ops apart)
    page = open_page(browser, out)
    assert boxes(page) == top == 4
    page.locator("g.node.If .toggle").click()
    shown = lambda c: sum(c.values()) - c.get("Constant", 0)  # noqa: E731
    assert page.evaluate("graphView.boxes()") == top + shown(then) + shown(other)
    page.keyboard.press("0")
    assert boxes(page) == top + shown(then) + shown(other)
    assert page.locator("g.frame.If").count() == 1 and "then_body" in page.locator("g.frame.If").text_content()
    # All layers shown: a body's count is OpenVINO's count of its ops.
    page.keyboard.press("a")
    assert page.evaluate("graphView.boxes()") == top + sum(then.values()) + sum(other.values())
    page.keyboard.press("a")
    # Closed with the key, on the selected layer.
    page.locator("g.frame.If > text").first.click(force=True)
    page.keyboard.press("e")
    page.keyboard.press("0")
    assert boxes(page) == top and page.locator("g.frame").count() == 0
    page.keyboard.press("e")
    assert page.evaluate("graphView.boxes()") == top + shown(then) + shown(other)
    assert page.errors == []


# ---- the first view, the minimap and the keys ------------------------------------------------------


def label_px(page, key=None):
    """The rendered height of a box's name and its font size on screen, in CSS pixels."""
    return page.evaluate(
        """key => { const g = key ? document.querySelector(`g[data-key="${key}"]`) :
          [...document.querySelectorAll("g.node.Parameter")][0];
          const t = g.querySelector("text"), k = graphView.view().k;
          return [t.getBoundingClientRect().height, parseFloat(getComputedStyle(t).fontSize) * k]; }""",
        key,
    )


def test_a_5000_layer_page_opens_legible_at_its_inputs(browser, tmp_path):
    x = ops.parameter([1, 8], ov.Type.f32, name="first_input")
    node = x
    for k in range(1666):
        node = ops.relu(ops.add(node, ops.constant(np.full((1, 8), k, np.float32))))
    path = save(tmp_path, ov.Model([ops.result(node)], [x], "deep"), "deep")
    assert sum(ov_counts(path).values()) >= 5000
    t = time.perf_counter()
    out, _ = write_page(tmp_path, path)
    assert time.perf_counter() - t < 8
    page = open_page(browser, out)
    frame(page)
    height, font = label_px(page)
    assert height >= 10 and font >= 10
    # The first input is in view, and only a part of the graph is drawn.
    box = page.locator("g.node.Parameter").bounding_box()
    assert box["y"] >= 37 and box["y"] + box["height"] <= 800 and 0 <= box["x"] <= 840
    assert 0 < boxes(page) < 200 and page.evaluate("graphView.boxes()") == 1 + 1666 * 2 + 1
    assert page.errors == []


def test_the_minimap_moves_the_view(browser, tmp_path):
    out, _ = write_page(tmp_path, ROW_ASSIGN)
    page = open_page(browser, out)
    for _ in range(4):
        page.keyboard.press("+")
    before = view(page)
    mm = page.locator("#minimap").bounding_box()
    at = (mm["x"] + mm["width"] / 2, mm["y"] + mm["height"] - 12)
    page.mouse.click(*at)
    frame(page)
    after = view(page)
    assert after["y"] < before["y"] - 100 and after["k"] == before["k"]
    r = page.locator("#mmrect").bounding_box()
    assert r["x"] <= at[0] <= r["x"] + r["width"] and r["y"] <= at[1] <= r["y"] + r["height"] + 1
    # A drag along it follows the pointer.
    page.mouse.move(*at)
    page.mouse.down()
    page.mouse.move(at[0], mm["y"] + 12)
    page.mouse.up()
    frame(page)
    assert view(page)["y"] > after["y"] + 100
    assert page.errors == []


def test_keys_pan_zoom_fit_search_walk_and_help(browser, tmp_path):
    out, graph = write_page(tmp_path, ROW_ASSIGN)
    page = open_page(browser, out)
    v0 = view(page)
    page.keyboard.press("ArrowRight")
    assert view(page)["x"] == pytest.approx(v0["x"] - 80)
    page.keyboard.press("ArrowDown")
    assert view(page)["y"] == pytest.approx(v0["y"] - 80)
    page.keyboard.press("+")
    assert view(page)["k"] == pytest.approx(v0["k"] * 1.25)
    page.keyboard.press("-")
    page.keyboard.press("-")
    assert view(page)["k"] == pytest.approx(v0["k"] * 1.25 * 0.8 * 0.8)
    page.keyboard.press("0")
    world = page.locator("#world").bounding_box()
    area = page.locator("#view").bounding_box()
    assert world["x"] >= area["x"] and world["x"] + world["width"] <= area["x"] + area["width"] + 1
    assert world["y"] >= area["y"] and world["y"] + world["height"] <= area["y"] + area["height"] + 1
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "search"
    page.keyboard.type("gather")
    page.keyboard.press("Enter")
    gathers = {layer.id for layer in graph.by_type("Gather")}
    first = page.evaluate("graphView.key()")
    assert first in gathers and len(gathers) == 2
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("n")
    assert page.evaluate("graphView.key()") in gathers - {first}
    # j and k walk to a consumer and a producer (among the layers drawn: not the folded ones).
    sel = page.evaluate("graphView.key()")
    page.keyboard.press("j")
    consumers = set(graph.consumers(sel))
    assert page.evaluate("graphView.key()") in consumers
    page.keyboard.press("k")
    assert page.evaluate("graphView.key()") == sel
    page.keyboard.press("Alt+ArrowDown")
    assert page.evaluate("graphView.key()") in consumers
    page.keyboard.press("Alt+ArrowUp")
    assert page.evaluate("graphView.key()") == sel
    # l and h step along the consumers of the layer last walked from.
    (shape_of,) = graph.by_type("ShapeOf")
    readers = [c for c in graph.consumers(shape_of.id) if graph.layer(c).type != "Const"]
    assert len(set(readers)) >= 2
    page.locator("g.node", has_text=shape_of.name).click()
    page.keyboard.press("j")
    one = page.evaluate("graphView.key()")
    page.keyboard.press("l")
    two = page.evaluate("graphView.key()")
    assert {one, two} <= set(readers) and one != two
    page.keyboard.press("h")
    assert page.evaluate("graphView.key()") == one
    page.keyboard.press("Escape")
    assert page.evaluate("graphView.key()") is None and page.input_value("#search") == ""
    assert page.locator("g.node.match").count() == 0
    page.keyboard.press("?")
    assert page.is_visible("#help") and "consumer" in page.inner_text("#help")
    page.keyboard.press("?")
    assert not page.is_visible("#help")
    assert page.errors == []


# ---- errors -------------------------------------------------------------------------------------------


def hue(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


def test_layers_are_coloured_by_their_relative_error(browser, tmp_path):
    graph = read_graph(ROW_ASSIGN)
    order = [lid for lid in graph.topological_order() if graph.layer(lid).type not in ("Const", "Result")]
    rel = [1e-7, 3e-6, 1e-4, 2e-3, 0.5]
    errors = {lid: {"max_rel": r, "max_abs": 10 * r, "first": r == 1e-4} for lid, r in zip(order, rel)}
    out, _ = write_page(tmp_path, ROW_ASSIGN, errors=errors)
    page = open_page(browser, out)
    page.keyboard.press("0")
    frame(page)
    fills = [
        page.evaluate(f"""getComputedStyle(document.querySelector('g[data-key="{lid}"] rect.box')).fill""")
        for lid in order[: len(rel)]
    ]
    hues = [hue(f) for f in fills]
    assert all(a > b for a, b in zip(hues, hues[1:])), hues  # green to red as the error grows
    (first,) = page.locator("g.node.first").all()
    assert first.get_attribute("data-key") == order[2]
    first.click()
    panel = page.inner_text("#panel")
    assert "max relative" in panel and "0.0001" in panel and "0.001" in panel and "first layer past" in panel
    assert page.is_visible("#legend") and "1e-7" in page.inner_text("#legend")
    assert page.errors == []


# ---- a notebook -----------------------------------------------------------------------------------------


def test_a_model_shows_itself_in_a_notebook_as_a_sandboxed_page(browser, tmp_path):
    markup = irexec.read_model(ROW_ASSIGN)._repr_html_()

    class Frames(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags = []

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))

    parser = Frames()
    parser.feed(markup)
    ((tag, attrs),) = parser.tags
    assert tag == "iframe" and attrs["sandbox"] == "allow-scripts"
    inner = attrs["srcdoc"]
    assert inner.startswith("<!DOCTYPE html>") and "default-src 'none'" in inner
    assert not re.search(r"(https?:)?//[a-z0-9]", inner.replace("http://www.w3.org/2000/svg", ""))
    out = tmp_path / "cell.html"
    out.write_text(f"<!DOCTYPE html><html><body>{markup}</body></html>", encoding="utf-8")
    page = open_page(browser, out)
    inside = page.frames[1]
    inside.wait_for_selector("g.node")
    assert (
        inside.evaluate("graphView.boxes()") == sum(ov_counts(ROW_ASSIGN).values()) - ov_counts(ROW_ASSIGN)["Constant"]
    )
    assert page.errors == [] and page.requests == ["file://" + str(out)]


def test_a_folded_constant_with_a_hostile_name_is_text(browser, tmp_path):
    hostile = '<img src=x onerror="window.pwned=1"></script><script>window.pwned=2</script>'
    a = ops.parameter([2], ov.Type.f32, name="a")
    c = ops.constant(np.array([1, 2], np.float32), name=hostile)
    path = save(tmp_path, ov.Model([ops.result(ops.add(a, c, name="sum"))], [a], hostile), "hostile")
    out, _ = write_page(tmp_path, path)
    page = open_page(browser, out)
    node = page.locator("g.node", has_text="sum")
    # (The box shows the name's last path part, as for an exporter's long names.)
    assert hostile.rsplit("/", 1)[-1] + " 2 f32" in node.text_content()
    node.click()
    assert hostile in page.inner_text("#panel") and hostile in page.title()
    assert page.evaluate("window.pwned") is None and page.locator("img").count() == 0
    assert page.errors == [] and len(page.requests) == 1
