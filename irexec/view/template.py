"""The page: its markup and style, with the script (irexec.view.drawing and irexec.view.controls)
inside. ``/*DATA*/null`` is where the data goes."""

from .controls import CONTROLS
from .drawing import DRAWING

_HEAD = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>irexec graph</title>
<style>
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;overflow:hidden}
#bar{position:fixed;top:0;left:0;right:0;height:36px;display:flex;gap:8px;align-items:center;padding:0 10px;background:#f4f4f6;border-bottom:1px solid #ccc;z-index:3}
#bar b{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:30%}
#search{width:240px}
#view{position:fixed;top:37px;left:0;width:calc(100% - 360px);height:calc(100% - 37px);cursor:grab;background:#fff;touch-action:none}
#panel{position:fixed;top:37px;right:0;width:360px;bottom:0;overflow:auto;border-left:1px solid #ccc;padding:8px 12px;box-sizing:border-box;background:#fbfbfc}
#panel h2{font-size:15px;margin:4px 0;word-break:break-all}
#panel h3{font-size:13px;margin:10px 0 2px}
#panel table{border-collapse:collapse;width:100%}
#panel td{border-top:1px solid #e4e4e8;padding:2px 4px;vertical-align:top;word-break:break-all}
#panel td:first-child{white-space:nowrap;word-break:normal}
#panel svg.hist rect{fill:#5a7bb5}
#minimap{position:fixed;right:368px;bottom:8px;width:200px;height:150px;border:1px solid #aaa;background:rgba(250,250,252,.92);z-index:2;cursor:pointer}
#minimap canvas{position:absolute;left:0;top:0}
#mmrect{position:absolute;border:1.5px solid #c0392b;background:rgba(192,57,43,.08);pointer-events:none;box-sizing:border-box}
#legend{position:fixed;left:8px;bottom:8px;background:#fff;border:1px solid #ccc;padding:4px 8px;z-index:2;font-size:11px}
#legend .ramp{width:160px;height:10px;background:linear-gradient(to right,hsl(120,75%,78%),hsl(60,75%,78%),hsl(0,75%,78%))}
#legend .ends{display:flex;justify-content:space-between}
#help{position:fixed;left:50%;top:60px;transform:translateX(-50%);background:#fff;border:1px solid #888;box-shadow:0 4px 18px rgba(0,0,0,.2);padding:10px 16px;z-index:4}
#help td{padding:1px 8px}
#help kbd{font:12px monospace;border:1px solid #bbb;border-radius:3px;padding:0 4px;background:#f4f4f4}
[hidden]{display:none!important}
.node rect.box{fill:#eef3fb;stroke:#5a7bb5;stroke-width:1}
.node.Const rect.box{fill:#f3f3f3;stroke:#aaa}
.node.Parameter rect.box,.node.Result rect.box{fill:#e8f6ea;stroke:#4b9a5a}
.node.warning rect.box{fill:#fff1d6;stroke:#c98a00}
.node.error rect.box{fill:#fde2e2;stroke:#c0392b;stroke-width:2}
.node.first rect.box{stroke:#000;stroke-width:3;stroke-dasharray:5 3}
.node.match rect.box{stroke:#7b2cbf;stroke-width:3}
.node.selected rect.box{stroke:#000;stroke-width:3}
.frame rect.box{fill:#fafbff;stroke:#5a7bb5;stroke-dasharray:4 3}
.frame rect.body{fill:none;stroke:#bbc;stroke-width:1}
.node text,.frame text{font-size:12px;pointer-events:none}
text.type{fill:#555}
text.w{fill:#2d5f8a;font-size:11px}
text.cap{fill:#666;font-size:11px}
.toggle{cursor:pointer}
.toggle rect{fill:#fff;stroke:#5a7bb5}
.toggle text{font:bold 12px monospace}
polyline.spark{fill:none;stroke:#7b2cbf;stroke-width:1}
.edge{fill:none;stroke:#99a;stroke-width:1}
.far text{display:none}
.finding.error{color:#c0392b}.finding.warning{color:#a86f00}
</style></head><body>
<div id="bar"><b id="title"></b><input id="search" type="search" placeholder="search name or type (/ then Enter)"><span id="count"></span>
<button id="fit">fit</button><label><input id="all" type="checkbox">show all layers</label><button id="keys" title="keys (?)">?</button></div>
<svg id="view" xmlns="http://www.w3.org/2000/svg"><g id="world"><g id="frames"></g><g id="edges"></g><g id="nodes"></g></g></svg>
<div id="minimap"><canvas id="mini" width="200" height="150"></canvas><div id="mmrect"></div></div>
<div id="legend" hidden><div>max relative error</div><div class="ramp"></div><div class="ends"><span id="lo"></span><span id="hi"></span></div><div>dashed outline: first departure</div></div>
<div id="help" hidden><b>Keys</b><table id="keytable"></table></div>
<div id="panel"><p>Click a layer to see its attributes, ports, shapes, weights and findings. Press ? for the keys.</p></div>
<script>
"""

PAGE = _HEAD + DRAWING + CONTROLS + "</script></body></html>\n"
