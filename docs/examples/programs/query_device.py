"""A program written for OpenVINO's Python API: it lists the devices and every property each one
supports, with its value. Run as it is on OpenVINO, or on irexec with
``python -m irexec.openvino query_device.py``."""

import sys

import openvino as ov
import openvino.properties as props


def main() -> int:
    core = ov.Core()
    print("OpenVINO", ov.get_version())
    for device in core.available_devices:
        print(f"{device}: {core.get_property(device, props.device.full_name())}")
        for name in sorted(core.get_property(device, props.supported_properties())):
            if name == props.supported_properties():
                continue
            try:
                value = core.get_property(device, name)
            except TypeError:
                value = "UNSUPPORTED TYPE"
            print(f"  {name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
