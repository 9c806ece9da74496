"""Convnets, detectors and small audio/OCR models written in torch.nn, torchvision-style (PyPI's
torchvision does not install beside the CPU torch build), narrow so their IRs stay small.

Each builder returns (module, input specs) as in ``hf.py``.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


def image(c=3, h=64, w=64):
    return {"pixel_values": {"shape": [1, c, h, w], "dtype": "f32"}}


def conv_bn(cin, cout, k=3, stride=1, groups=1, act=nn.ReLU):
    layers = [nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    return nn.Sequential(*layers, act()) if act else nn.Sequential(*layers)


def _randomize_bn(net):
    """Batch-norm statistics other than 0/1, so that folding them in matters."""
    g = torch.Generator().manual_seed(1)
    for m in net.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.copy_(torch.rand(m.num_features, generator=g) - 0.5)
            m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
    return net.eval()


# ---- ResNet-18 -----------------------------------------------------------------------------------


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.body = nn.Sequential(conv_bn(cin, cout, 3, stride), conv_bn(cout, cout, 3, act=None))
        self.skip = conv_bn(cin, cout, 1, stride, act=None) if stride != 1 or cin != cout else nn.Identity()

    def forward(self, x):
        return F.relu(self.body(x) + self.skip(x))


class ResNet18(nn.Module):
    def __init__(self, widths=(8, 16, 32, 64), classes=10):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, widths[0], 7, 2), nn.MaxPool2d(3, 2, 1))
        blocks, cin = [], widths[0]
        for i, w in enumerate(widths):
            blocks += [BasicBlock(cin, w, 1 if i == 0 else 2), BasicBlock(w, w, 1)]
            cin = w
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Linear(cin, classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.head(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


# ---- MobileNetV3 (small) ---------------------------------------------------------------------------


class SqueezeExcite(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.fc1, self.fc2 = nn.Conv2d(c, max(c // 4, 4), 1), nn.Conv2d(max(c // 4, 4), c, 1)

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        return x * F.hardsigmoid(self.fc2(F.relu(self.fc1(s))))


class InvertedResidual(nn.Module):
    def __init__(self, cin, mid, cout, k, stride, se, act):
        super().__init__()
        layers = [conv_bn(cin, mid, 1, act=act)] if mid != cin else []
        layers += [conv_bn(mid, mid, k, stride, groups=mid, act=act)]
        layers += [SqueezeExcite(mid)] if se else []
        layers += [conv_bn(mid, cout, 1, act=None)]
        self.body = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


class MobileNetV3(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        cfg = [
            (8, 8, 8, 3, 2, True, nn.ReLU),
            (8, 24, 12, 3, 2, False, nn.ReLU),
            (12, 32, 12, 3, 1, False, nn.ReLU),
            (12, 48, 16, 5, 2, True, nn.Hardswish),
            (16, 64, 16, 5, 1, True, nn.Hardswish),
        ]
        self.stem = conv_bn(3, 8, 3, 2, act=nn.Hardswish)
        self.blocks = nn.Sequential(*[InvertedResidual(*c) for c in cfg])
        self.last = conv_bn(16, 48, 1, act=nn.Hardswish)
        self.head = nn.Sequential(nn.Linear(48, 64), nn.Hardswish(), nn.Linear(64, classes))

    def forward(self, x):
        x = self.last(self.blocks(self.stem(x)))
        return self.head(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


# ---- UNet ----------------------------------------------------------------------------------------


class UNet(nn.Module):
    def __init__(self, c=8, classes=3, bilinear=False):
        super().__init__()
        self.down = nn.ModuleList([conv_bn(3, c), conv_bn(c, 2 * c), conv_bn(2 * c, 4 * c)])
        self.bilinear = bilinear
        self.up = nn.ModuleList([nn.ConvTranspose2d(4 * c, 2 * c, 2, 2), nn.ConvTranspose2d(2 * c, c, 2, 2)])
        self.merge = nn.ModuleList([conv_bn(4 * c, 2 * c), conv_bn(2 * c, c)])
        self.out = nn.Conv2d(c, classes, 1)

    def forward(self, x):
        skips = []
        for i, block in enumerate(self.down):
            x = block(x if i == 0 else F.max_pool2d(x, 2))
            skips.append(x)
        for up, merge, skip in zip(self.up, self.merge, reversed(skips[:-1])):
            x = up(x)
            if self.bilinear:
                x = x + F.interpolate(x, scale_factor=1.0, mode="bilinear", align_corners=False)
            x = merge(torch.cat([x, skip], 1))
        return torch.sigmoid(self.out(x))


# ---- YOLO-style detector -------------------------------------------------------------------------


class Yolo(nn.Module):
    """A two-scale YOLOv5/v8-style net: SiLU convs, a nearest upsample, concat, and a decode head
    (sigmoid, grid offsets, anchors) that outputs boxes [1, N, 5 + classes]."""

    def __init__(self, classes=4, anchors=3):
        super().__init__()
        silu = nn.SiLU
        self.c1, self.c2 = conv_bn(3, 8, 3, 2, act=silu), conv_bn(8, 16, 3, 2, act=silu)
        self.c3, self.c4 = conv_bn(16, 32, 3, 2, act=silu), conv_bn(32, 32, 3, 2, act=silu)
        self.lateral = conv_bn(32, 16, 1, act=silu)
        self.fuse = conv_bn(48, 32, 3, act=silu)
        self.na, self.no = anchors, 5 + classes
        self.heads = nn.ModuleList([nn.Conv2d(32, anchors * self.no, 1), nn.Conv2d(32, anchors * self.no, 1)])
        self.register_buffer("anchor_wh", torch.tensor([[10.0, 13.0], [16.0, 30.0], [33.0, 23.0]]))

    def forward(self, x):
        p3 = self.c3(self.c2(self.c1(x)))
        p4 = self.c4(p3)
        up = F.interpolate(self.lateral(p4), scale_factor=2, mode="nearest")
        outs = []
        for feat, head, stride in ((self.fuse(torch.cat([up, p3], 1)), self.heads[0], 8), (p4, self.heads[1], 16)):
            b, _, h, w = feat.shape
            y = head(feat).view(b, self.na, self.no, h, w).permute(0, 1, 3, 4, 2).sigmoid()
            gy, gx = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
            grid = torch.stack((gx, gy), -1).view(1, 1, h, w, 2).float()
            xy = (y[..., :2] * 2 - 0.5 + grid) * stride
            wh = (y[..., 2:4] * 2) ** 2 * self.anchor_wh.view(1, self.na, 1, 1, 2)
            outs.append(torch.cat((xy, wh, y[..., 4:]), -1).view(b, -1, self.no))
        return torch.cat(outs, 1)


# ---- OCR and voice activity ------------------------------------------------------------------------


class TextDetector(nn.Module):
    """DBNet-style: a conv pyramid, upsampled and fused, then probability and threshold maps."""

    def __init__(self, c=8):
        super().__init__()
        self.s1, self.s2, self.s3 = conv_bn(3, c, 3, 2), conv_bn(c, 2 * c, 3, 2), conv_bn(2 * c, 4 * c, 3, 2)
        self.r3, self.r2 = nn.Conv2d(4 * c, c, 1), nn.Conv2d(2 * c, c, 1)
        self.prob = nn.Sequential(
            conv_bn(2 * c, c),
            nn.ConvTranspose2d(c, c, 2, 2),
            nn.BatchNorm2d(c),
            nn.ReLU(),
            nn.ConvTranspose2d(c, 1, 2, 2),
        )

    def forward(self, x):
        f1 = self.s1(x)
        f2 = self.s2(f1)
        f3 = self.s3(f2)
        up3 = F.interpolate(self.r3(f3), size=f2.shape[2:], mode="nearest")
        fused = torch.cat([up3, self.r2(f2)], 1)
        return torch.sigmoid(self.prob(fused))


class TextRecognizer(nn.Module):
    """SVTR/CRNN-style: a conv stem squeezed to a sequence, a self-attention mixer, a CTC head."""

    def __init__(self, c=16, classes=20):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, c, 3, 2), conv_bn(c, c, 3, (2, 1)), nn.AvgPool2d((2, 1)))
        self.mix = nn.TransformerEncoderLayer(c, 2, 32, dropout=0.0, batch_first=True)
        self.head = nn.Linear(c, classes)

    def forward(self, x):
        f = self.stem(x).mean(2).permute(0, 2, 1)
        return F.log_softmax(self.head(self.mix(f)), -1)


class TextClassifier(nn.Module):
    """The text-direction classifier: a few convs, pooling and a softmax over two classes."""

    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(conv_bn(3, 8, 3, 2), conv_bn(8, 16, 3, 2, groups=8), nn.MaxPool2d(2))
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        return F.softmax(self.head(F.adaptive_avg_pool2d(self.body(x), 1).flatten(1)), -1)


class VoiceActivity(nn.Module):
    """A frame classifier on raw audio: a strided conv filterbank, log magnitude, conv1d stack,
    a per-frame probability."""

    def __init__(self, c=16):
        super().__init__()
        self.bank = nn.Conv1d(1, c, 64, 32, bias=False)
        self.body = nn.Sequential(
            nn.Conv1d(c, c, 3, padding=1),
            nn.BatchNorm1d(c),
            nn.ReLU(),
            nn.Conv1d(c, c, 3, padding=2, dilation=2),
            nn.ReLU(),
        )
        self.out = nn.Conv1d(c, 1, 1)

    def forward(self, audio):
        spec = torch.log(self.bank(audio.unsqueeze(1)).abs() + 1e-3)
        return torch.sigmoid(self.out(self.body(spec))).squeeze(1)


class Recurrent(nn.Module):
    """A sequence tagger over feature frames: a 2-layer bidirectional LSTM, a GRU, a per-frame head
    (the recurrent core of CRNN text recognisers and speech models)."""

    def __init__(self, features=8, hidden=12, classes=5):
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, num_layers=2, bidirectional=True, batch_first=True)
        self.gru = nn.GRU(2 * hidden, hidden, batch_first=True)
        self.head = nn.Linear(hidden, classes)

    def forward(self, frames):
        y, _ = self.lstm(frames)
        y, _ = self.gru(y)
        return self.head(y)


BUILDERS = {
    "resnet18": lambda: (_randomize_bn(ResNet18()), image()),
    "mobilenet_v3": lambda: (_randomize_bn(MobileNetV3()), image()),
    "unet": lambda: (_randomize_bn(UNet()), image(h=32, w=32)),
    "unet_bilinear": lambda: (_randomize_bn(UNet(bilinear=True)), image(h=32, w=32)),
    "yolo": lambda: (_randomize_bn(Yolo()), image()),
    "ocr_det": lambda: (_randomize_bn(TextDetector()), image()),
    "ocr_rec": lambda: (_randomize_bn(TextRecognizer()), image(h=32, w=64)),
    "ocr_cls": lambda: (_randomize_bn(TextClassifier()), image(h=32, w=64)),
    "vad": lambda: (_randomize_bn(VoiceActivity()), {"audio": {"shape": [1, 1024], "dtype": "f32"}}),
    "lstm_gru": lambda: (Recurrent().eval(), {"frames": {"shape": [1, 6, 8], "dtype": "f32"}}),
}
