"""ROIs of NaN and images with no pixel rows: the pooling ops give zeros for what samples nothing,
as they do for points outside the image, instead of failing on an index (found by the fuzzer)."""

import numpy as np
import pytest

import irexec


def roi_align(h, w, rois, version="opset9", box=4, extra=""):
    op = "ROIAlign" if box == 4 else "ROIAlignRotated"
    data = f'<data pooled_h="2" pooled_w="2" sampling_ratio="2" spatial_scale="1" {extra}/>'
    return (
        f'<layer id="1" type="{op}" version="{version}">{data}<input>'
        f'<port id="0" precision="FP32"><dim>1</dim><dim>2</dim><dim>{h}</dim><dim>{w}</dim></port>'
        f'<port id="1" precision="FP32"><dim>{len(rois)}</dim><dim>{box}</dim></port>'
        f'<port id="2" precision="I32"><dim>{len(rois)}</dim></port></input><output>'
        f'<port id="3" precision="FP32"><dim>{len(rois)}</dim><dim>2</dim><dim>2</dim><dim>2</dim></port>'
        f"</output></layer>"
    )


@pytest.mark.parametrize(
    "box, version, extra", [(4, "opset9", 'mode="avg"'), (4, "opset9", 'mode="max"'), (5, "opset15", "")]
)
def test_a_nan_roi_pools_to_zero_beside_a_normal_one(box, version, extra):
    normal = [0, 0, 2, 2] if box == 4 else [1, 1, 2, 2, 0]
    rois = np.array([[np.nan] * box, normal], np.float32)
    data = np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4) + 1
    [out] = irexec.run_layer(roi_align(4, 4, rois, version, box, extra), [data, rois, np.zeros(2, np.int32)])
    assert np.array_equal(out[0], np.zeros((2, 2, 2), np.float32))
    assert np.all(out[1] > 0)  # (the normal ROI is pooled as ever)


@pytest.mark.parametrize("box, version, extra", [(4, "opset9", 'mode="avg"'), (5, "opset15", "")])
@pytest.mark.parametrize("h, w", [(0, 4), (4, 0)])
def test_an_image_with_no_pixels_pools_to_zeros(box, version, extra, h, w):
    rois = np.array([[0, 0, 2, 2] if box == 4 else [1, 1, 2, 2, 0]], np.float32)
    [out] = irexec.run_layer(
        roi_align(h, w, rois, version, box, extra), [np.zeros((1, 2, h, w), np.float32), rois, np.zeros(1, np.int32)]
    )
    assert out.shape == (1, 2, 2, 2) and not out.any()


def test_the_feature_extractor_takes_a_nan_roi():
    snippet = (
        '<layer id="1" type="ExperimentalDetectronROIFeatureExtractor" version="opset6">'
        '<data output_size="2" sampling_ratio="2" pyramid_scales="4" aligned="false"/><input>'
        '<port id="0" precision="FP32"><dim>2</dim><dim>4</dim></port>'
        '<port id="1" precision="FP32"><dim>1</dim><dim>2</dim><dim>4</dim><dim>4</dim></port></input>'
        '<output><port id="2" precision="FP32"><dim>2</dim><dim>2</dim><dim>2</dim><dim>2</dim></port>'
        '<port id="3" precision="FP32"><dim>2</dim><dim>4</dim></port></output></layer>'
    )
    rois = np.array([[np.nan] * 4, [0, 0, 8, 8]], np.float32)
    feats, kept = irexec.run_layer(snippet, [rois, np.ones((1, 2, 4, 4), np.float32)])
    assert not feats[0].any() and np.all(feats[1] > 0)
    np.testing.assert_array_equal(kept[1], rois[1])


@pytest.mark.parametrize(
    "op, data",
    [
        ("PriorBoxClustered", 'width="1" height="1" clip="false" step="0" offset="0.5" variance="0.1"'),
        (
            "PriorBox",
            'min_size="2" max_size="" aspect_ratio="" flip="false" clip="false" step="0" offset="0.5" '
            'variance="0.1" scale_all_sizes="true"',
        ),
    ],
)
@pytest.mark.parametrize("size", [[0, 2**62], [2**62, 0]])
def test_a_grid_with_no_cell_has_no_box_however_large_its_other_side(op, data, size):
    """Found by the fuzzer: a 0 x 2^62 grid was laid out along its long side before being found empty."""
    snippet = (
        f'<layer id="1" type="{op}" version="opset1"><data {data}/><input><port id="0" precision="I64">'
        f'<dim>2</dim></port><port id="1" precision="I64"><dim>2</dim></port></input><output>'
        f'<port id="2" precision="FP32"><dim>2</dim><dim>-1</dim></port></output></layer>'
    )
    [out] = irexec.run_layer(snippet, [np.array(size, np.int64), np.array([8, 8], np.int64)])
    assert out.shape == (2, 0) and out.dtype == np.float32


def test_deformable_psroi_pooling_takes_nan_and_infinite_offsets():
    """Found by the fuzzer: a NaN sample point was clipped (NaN stays NaN) and used as an index."""
    snippet = (
        '<layer id="1" type="DeformablePSROIPooling" version="opset1"><data output_dim="2" group_size="2" '
        'spatial_scale="1" mode="bilinear_deformable" spatial_bins_x="2" spatial_bins_y="2" trans_std="1" '
        'part_size="2"/><input><port id="0" precision="FP32"><dim>1</dim><dim>8</dim><dim>4</dim><dim>4</dim>'
        '</port><port id="1" precision="FP32"><dim>2</dim><dim>5</dim></port><port id="2" precision="FP32">'
        '<dim>2</dim><dim>2</dim><dim>2</dim><dim>2</dim></port></input><output><port id="3" precision="FP32">'
        "<dim>2</dim><dim>2</dim><dim>2</dim><dim>2</dim></port></output></layer>"
    )
    rois = np.array([[0, 0, 0, 3, 3], [0, 0, 0, 3, 3]], np.float32)
    offsets = np.zeros((2, 2, 2, 2), np.float32)
    offsets[0] = np.nan
    offsets[1, 0] = -np.inf
    [out] = irexec.run_layer(snippet, [np.ones((1, 8, 4, 4), np.float32), rois, offsets])
    assert out.shape == (2, 2, 2, 2) and np.all(np.isfinite(out))


@pytest.mark.parametrize("mode, bins", [("average", 1), ("bilinear", 2)])
def test_psroi_pooling_with_an_infinite_scale_pools_nothing(mode, bins):
    """Found by the fuzzer: spatial_scale="inf" made the bins' edges NaN, then indices. Every bin is
    then empty (average) or every point outside (bilinear): zeros."""
    snippet = (
        f'<layer id="1" type="PSROIPooling" version="opset1"><data output_dim="2" group_size="2" '
        f'spatial_scale="inf" mode="{mode}" spatial_bins_x="{bins}" spatial_bins_y="{bins}"/><input>'
        f'<port id="0" precision="FP32"><dim>1</dim><dim>8</dim><dim>5</dim><dim>5</dim></port>'
        f'<port id="1" precision="FP32"><dim>1</dim><dim>5</dim></port></input><output>'
        f'<port id="2" precision="FP32"><dim>1</dim><dim>2</dim><dim>2</dim><dim>2</dim></port></output></layer>'
    )
    [out] = irexec.run_layer(snippet, [np.ones((1, 8, 5, 5), np.float32), np.array([[0, 0, 0, 4, 4]], np.float32)])
    assert out.shape == (1, 2, 2, 2) and not out.any()
