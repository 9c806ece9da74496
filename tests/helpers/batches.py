"""What the batch and dataset tests share: a progress display that shows nothing, what the bundled
kv_cache_update model gives (tokens written into rows 5 and 6 of the cache), and a model with an
input of dynamic rank."""

import os

from helpers.irtext import layer, net, param, port, result, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")


class Quiet:
    """A progress display that shows nothing; ``hook(done)`` runs as samples finish."""

    def __init__(self, hook=None):
        self.hook = hook

    def update(self, done):
        if self.hook:
            self.hook(done)

    def close(self):
        pass


def kv_updated(cache, tokens):
    """kv_cache_update's output for these inputs."""
    out = cache.copy()
    out[:, [5, 6], :] = tokens
    return out


def dynamic_rank_model(tmp_path, y_shape=(3, 4)) -> str:
    """z = x * y: x of dynamic rank (shape "...", its port without dims), y static."""
    xml = net(
        [
            layer(
                0,
                "Parameter",
                data={"shape": "...", "element_type": "f32"},
                outputs=[port(0, "f32", (), "x")],
                name="x",
            ),
            param(1, "y", y_shape),
            layer(
                2, "Multiply", inputs=[port(0, "f32", ()), port(1, "f32", y_shape)], outputs=[port(2, "f32", (), "z")]
            ),
            result(3, "f32", ()),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    return write(tmp_path, xml)
