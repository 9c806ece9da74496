"""XML -> graph: untrusted XML made safe, the quick and general readers, a layer's XML, assembling the
graph, the weights' blob and the schema pass."""
