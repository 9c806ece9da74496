"""Long-running fuzzing of irexec on mutated IRs (see fuzz/README.md).

    python fuzz/fuzz_ir.py --minutes 5                      # seeded random mutations, 2 workers
    python fuzz/fuzz_ir.py --minutes 5 --engine hypothesis  # hypothesis-driven mutations
    python fuzz/fuzz_ir.py --minutes 5 --engine atheris     # coverage-guided (pip install atheris)
    python fuzz/fuzz_ir.py --minutes 5 --engine atheris-bytes   # coverage-guided raw XML bytes
    python fuzz/fuzz_ir.py --replay fuzz/findings/bug-0123abcd  # rerun one saved finding

The random and hypothesis engines run in worker processes watched by the parent: a worker that
dies (a crash in native code) or stops making progress (a hang) is restarted, and the case it
was running is saved. Each finding is saved once per signature (kind + where it was raised) as a
directory with model.xml, model.bin and finding.txt (the mutations, the traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

from helpers import fuzzlib  # noqa: E402

MEMORY_EXTRA = 3 << 30  # address space a worker may add while running a case
TENSOR_BUDGET = "256M"  # irexec's per-tensor budget in the workers (IREXEC_MAX_TENSOR_BYTES)


def signature(outcome: fuzzlib.Outcome) -> str:
    """Findings with the same kind and the same innermost irexec frame are one finding."""
    if outcome.kind not in ("bug", "wrapped") or outcome.stage == "cli":
        # No traceback (a CLI's one line, or an error message): its words, without names and numbers.
        words = re.sub(r"'[^']*'|\d+|/\S+", "#", outcome.detail.splitlines()[0] if outcome.detail else "")
        return f"{outcome.kind}:{outcome.stage}:{words[:80]}"
    lines = [ln.strip() for ln in outcome.detail.splitlines()]
    frames = [ln for ln in lines if ln.startswith('File "') and "irexec" in ln]
    last = lines[-1] if lines else ""
    return f"{outcome.kind}:{outcome.stage}:{frames[-1] if frames else ''}:{last.split(':')[0]}"


# ---- hostile names and value-dependent sizes (issue 17) ------------------------------------------

# Characters no terminal may receive raw from a name (C1 controls, bidi, format characters, line
# separators), with Graphviz's escapes; and what must never reach stdout/stderr.
HOSTILE = [
    "\u009b",
    "\u0085",
    "\u009d",
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",
    "\u200e",
    "\u200f",
    "\u2028",
    "\u2029",
    "\u00ad",
    "\ufeff",
    "\t",
    "\n",
    "\\N",
    "\\\\G",
    "\\L",
    "[31m",
]
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
CHANNELS = (
    ("lint",),
    ("lint", "--format", "json"),
    ("lint", "--format", "sarif"),
    ("show",),
    ("show", "--format", "json"),
    ("show", "--dot", "-"),
    ("run", "--random", "--profile"),
)
# Ops whose output size comes from an input's values, and a size that is over the workers' budget
# as a product of two dims or as one.
VALUE_SIZED = {
    "Range",
    "Broadcast",
    "Tile",
    "Pad",
    "OneHot",
    "Interpolate",
    "RandomUniform",
    "Eye",
    "Reshape",
    "ConstantOfShape",
}


def hostile_names(ch, case):
    """The case with its names (the net's, layers', tensor names) salted with HOSTILE characters."""
    from lxml import etree

    try:
        root = etree.fromstring(case.xml)
    except etree.XMLSyntaxError:
        return case
    for el in root.iter("net", "layer", "port"):
        for key in ("name", "names"):
            value = el.get(key)
            if value is not None and ch.int(0, 1):
                at = ch.int(0, len(value))
                el.set(key, value[:at] + "".join(ch.choice(HOSTILE) for _ in range(ch.int(1, 4))) + value[at:])
    case.xml = b'<?xml version="1.0"?>\n' + etree.tostring(root)
    case.steps.append("names salted with controls, bidi and Graphviz escapes")
    return case


def big_sizes(ch, case):
    """A Const feeding an op of VALUE_SIZED filled with one large value (a size, a bound, a
    repeat count), so that only its values can say the output is over the budget."""
    import numpy as np
    from lxml import etree

    if case.blob is None:
        return case
    try:
        root = etree.fromstring(case.xml)
    except etree.XMLSyntaxError:
        return case
    layers = {el.get("id"): el for el in root.iterfind("./layers/layer")}
    feeding = [
        layers.get(e.get("from-layer"))
        for e in root.iterfind("./edges/edge")
        if getattr(layers.get(e.get("to-layer")), "get", lambda k: None)("type") in VALUE_SIZED
    ]
    consts = [el for el in feeding if el is not None and el.get("type") == "Const"]
    if not consts:
        return case
    data = ch.choice(consts).find("data")
    types = {"i64": np.int64, "i32": np.int32, "f32": np.float32, "f16": np.float16, "u64": np.uint64}
    try:
        dtype = np.dtype(types[(data.get("element_type") or "").strip()])
        offset, size = int(data.get("offset")), int(data.get("size"))
    except (AttributeError, KeyError, TypeError, ValueError):
        return case
    value = ch.choice([1 << 15, 1 << 16, 17320, 3 * 10**8, 1 << 31])
    count = size // dtype.itemsize
    if count < 1 or offset < 0 or offset + size > len(case.blob):
        return case
    fill = np.full(count, min(value, 60000) if dtype == np.float16 else value).astype(dtype).tobytes()
    case.blob = case.blob[:offset] + fill + case.blob[offset + len(fill) :]
    case.steps.append(f"a Const feeding a value-sized op filled with {value}")
    return case


def check_channels(xml_path: str, seconds: float):
    """Every human-facing channel of every command on the model: no RAW character on stdout or
    stderr, JSON that parses, one line on stderr when it fails."""
    import contextlib
    import io

    from irexec.cli import cli

    for args in CHANNELS:
        out, err = io.StringIO(), io.StringIO()
        argv = [args[0], xml_path, *args[1:]]
        code = None
        try:
            with (
                fuzzlib.time_limit(seconds),
                contextlib.redirect_stdout(out),
                contextlib.redirect_stderr(err),
                warnings.catch_warnings(),
            ):
                warnings.simplefilter("ignore")
                try:
                    cli.main(args=argv, prog_name="irexec", standalone_mode=True)
                except SystemExit as e:
                    code = e.code
        except BaseException as e:  # noqa: B902 - a timeout or an escape is the finding
            if isinstance(e, KeyboardInterrupt):
                raise
            return fuzzlib.Outcome("bug", f"{' '.join(args)}: {type(e).__name__}: {e}", "cli")
        text = out.getvalue() + err.getvalue()
        bad = RAW.search(text)
        if bad is not None:
            return fuzzlib.Outcome("raw-output", f"{' '.join(args)}: raw {bad.group()!r} in {text[:2000]!r}", "cli")
        if "json" in args or "sarif" in args:
            try:
                json.loads(out.getvalue() or "null")
            except ValueError as e:
                return fuzzlib.Outcome("bad-json", f"{' '.join(args)}: {e}", "cli")
        if code in (1, 2) and args[0] != "lint" and err.getvalue().count("\n") != 1:
            return fuzzlib.Outcome("multiline", f"{' '.join(args)}: stderr {err.getvalue()!r}", "cli")
    return fuzzlib.Outcome("ok", "channels clean", "cli")


def check_special_files(xml_path: str, work: str, seconds: float):
    """The case in a folder beside a FIFO, a link to /dev/stdin (named *.xml) and a copy under a
    name that is not UTF-8: `irexec lint DIR` must report the special files without opening them
    (a hang is the finding) and print the name escaped; `-o` into a FIFO nobody reads is refused."""
    import contextlib
    import io

    from irexec.cli import cli

    folder = os.path.join(work, "special")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    shutil.copy(xml_path, os.path.join(folder, "model.xml"))
    shutil.copy(xml_path, os.fsencode(folder) + b"/n\xff\x9b.xml")
    os.mkfifo(os.path.join(folder, "fifo.xml"))
    os.symlink("/dev/stdin", os.path.join(folder, "stdin.xml"))
    for argv in (["lint", folder], ["run", xml_path, "--random", "-o", os.path.join(folder, "fifo.xml")]):
        out, err = io.StringIO(), io.StringIO()
        try:
            with fuzzlib.time_limit(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    cli.main(args=argv, prog_name="irexec", standalone_mode=True)
                except SystemExit:
                    pass
        except BaseException as e:  # noqa: B902 - a timeout (a FIFO opened) or an escape is the finding
            if isinstance(e, KeyboardInterrupt):
                raise
            return fuzzlib.Outcome("bug", f"{' '.join(argv[:1])} (special files): {type(e).__name__}: {e}", "cli")
        text = out.getvalue() + err.getvalue()
        if "internal error" in text or RAW.search(text) or (argv[0] == "lint" and "fifo.xml:1:1: X001" not in text):
            return fuzzlib.Outcome("bug", f"{argv[0]} (special files): {text[:2000]!r}", "cli")
    return fuzzlib.Outcome("ok", "special files", "cli")


# ---- worker: runs cases until the deadline, reports counts as JSON on its last line -------------------


def worker(args) -> None:
    os.environ["IREXEC_MAX_TENSOR_BYTES"] = TENSOR_BUDGET
    warnings.simplefilter("ignore")
    seeds = fuzzlib.seeds()
    work = os.path.join(args.workdir, f"w{args.worker}")
    os.makedirs(work, exist_ok=True)
    beat = os.path.join(work, "heartbeat")
    deadline = time.monotonic() + args.seconds
    counts, seen = {}, set()
    counts_path = os.path.join(work, "counts.json")
    last_write = [0.0]

    def save_counts(force=False):
        if force or time.monotonic() - last_write[0] > 5:
            with open(counts_path + ".tmp", "w") as f:
                json.dump(counts, f)
            os.replace(counts_path + ".tmp", counts_path)
            last_write[0] = time.monotonic()

    def one(ch: fuzzlib.Chooser, index: int) -> None:
        # Every decision comes from the chooser (hypothesis replays examples: nothing may depend on
        # the index or the clock).
        if ch.int(0, args.npy_every - 1) == 0:
            case = fuzzlib.make_npy_case(ch, seeds, work)
        else:
            case = fuzzlib.make_case(ch, seeds)
            if ch.int(0, 5) == 0:
                case = big_sizes(ch, case)
        names = ch.int(0, args.names_every - 1) == 0 and case.npy is None
        if names:
            case = hostile_names(ch, case)
        with open(beat, "w") as f:
            f.write(f"{index}\n{fuzzlib.describe(case)}\n{case.input_seed}\n")
        with fuzzlib.memory_limit(MEMORY_EXTRA):
            out = fuzzlib.run_case(case, work, seconds=args.case_seconds, cli=index % args.cli_every == 0)
            if names and not out.is_finding:
                out = check_channels(fuzzlib.write_case(work, case), args.case_seconds)
            if case.npy is None and not out.is_finding and ch.int(0, 49) == 0:
                out = check_special_files(fuzzlib.write_case(work, case), work, args.case_seconds)
        counts[out.kind] = counts.get(out.kind, 0) + 1
        if out.is_finding:
            sig = signature(out)
            if sig not in seen:
                seen.add(sig)
                path = fuzzlib.save_reproducer(args.out, case, out)
                print(f"FINDING {sig} -> {path}", file=sys.stderr, flush=True)
        save_counts()

    if args.engine == "random":
        i = 0
        while time.monotonic() < deadline:
            one(fuzzlib.RandomChooser(random.Random(f"{args.seed}-{args.worker}-{args.generation}-{i}")), i)
            i += 1
    else:
        from hypothesis import HealthCheck, Phase, given, settings
        from hypothesis import strategies as st

        state = {"i": 0}

        # Batches of examples, the deadline checked between them: stopping a run from inside
        # would be a failure that hypothesis replays.
        @settings(
            max_examples=200,
            deadline=None,
            database=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate],
        )
        @given(st.data())
        def run(data):
            one(fuzzlib.HypothesisChooser(data), state["i"])
            state["i"] += 1

        while time.monotonic() < deadline:
            run()
    save_counts(force=True)


# ---- parent: runs workers, restarts dead or stuck ones, sums the counts ------------------------------


def supervise(args) -> int:
    os.makedirs(args.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="irexec-fuzz-")
    deadline = time.monotonic() + args.minutes * 60
    finished, restarts = {}, 0  # counts of workers that are gone (a restarted worker starts at zero)
    procs = {}

    def start(k: int, generation: int):
        remaining = max(1.0, deadline - time.monotonic())
        cmd = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            str(k),
            "--generation",
            str(generation),
            "--seconds",
            str(remaining),
            "--workdir",
            workdir,
            "--engine",
            args.engine,
            "--seed",
            str(args.seed),
            "--out",
            args.out,
            "--case-seconds",
            str(args.case_seconds),
            "--cli-every",
            str(args.cli_every),
            "--npy-every",
            str(args.npy_every),
            "--names-every",
            str(args.names_every),
        ]
        wdir = os.path.join(workdir, f"w{k}")
        if os.path.exists(os.path.join(wdir, "counts.json")):
            os.unlink(os.path.join(wdir, "counts.json"))
        procs[k] = (subprocess.Popen(cmd), generation)

    def counts_of(k):
        try:
            with open(os.path.join(workdir, f"w{k}", "counts.json")) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    def total(live):
        out = dict(finished)
        for c in live:
            for key, n in c.items():
                out[key] = out.get(key, 0) + n
        return out

    def fmt(t):
        return f"{sum(t.values())} ({', '.join(f'{k}: {v}' for k, v in sorted(t.items()))})"

    for k in range(args.jobs):
        start(k, 0)
    hard = args.case_seconds * 3 + 10
    last_report = time.monotonic()
    while procs:
        time.sleep(1.0)
        if time.monotonic() - last_report > 60:
            print(
                f"[{(time.monotonic() - deadline) / 60 + args.minutes:.1f} min] cases: "
                f"{fmt(total(counts_of(k) for k in procs))}",
                flush=True,
            )
            last_report = time.monotonic()
        for k, (p, gen) in list(procs.items()):
            beat = os.path.join(workdir, f"w{k}", "heartbeat")
            stale = os.path.exists(beat) and time.time() - os.path.getmtime(beat) > hard
            if p.poll() is None and not stale:
                continue
            if p.poll() is None:
                p.kill()
                p.wait()
                kind = "hang"
            else:
                kind = None if p.returncode == 0 else f"crash{p.returncode}"
            for key, n in counts_of(k).items():
                finished[key] = finished.get(key, 0) + n
            del procs[k]
            if kind is not None:
                restarts += 1
                dst = os.path.join(args.out, f"{kind}-w{k}-g{gen}")
                shutil.copytree(os.path.join(workdir, f"w{k}"), dst, dirs_exist_ok=True)
                print(f"FINDING {kind}: worker {k} died or got stuck; its case is in {dst}", flush=True)
                finished[kind] = finished.get(kind, 0) + 1
                if time.monotonic() < deadline - 2:
                    start(k, gen + 1)
    shutil.rmtree(workdir, ignore_errors=True)
    print(f"cases: {fmt(finished)}; worker restarts: {restarts}; findings in {args.out}", flush=True)
    return 0


# ---- atheris: coverage-guided, in-process --------------------------------------------------------------


def run_atheris(args) -> int:
    import atheris

    os.environ["IREXEC_MAX_TENSOR_BYTES"] = TENSOR_BUDGET
    warnings.simplefilter("ignore")
    import irexec.cli  # noqa: F401  (loaded now, so that it is instrumented too)

    atheris.instrument_all()  # irexec is already imported (by fuzzlib): instrument what is loaded
    seeds = fuzzlib.seeds()
    blobs = {name: blob for name, _, blob in seeds}
    work = tempfile.mkdtemp(prefix="irexec-atheris-")
    os.makedirs(args.out, exist_ok=True)
    stats = {"cases": 0}
    seen = set()

    def test_one(data: bytes) -> None:
        if args.engine == "atheris":
            case = fuzzlib.make_case(fuzzlib.ProviderChooser(atheris.FuzzedDataProvider(data)), seeds)
        else:
            # Raw bytes are the XML; the .bin is the seed's whose name the XML still carries.
            blob = next((b for n, b in blobs.items() if f'name="{n}"'.encode() in data[:200]), None)
            case = fuzzlib.Case("raw", data, blob, ["raw bytes"])
        with fuzzlib.memory_limit(MEMORY_EXTRA):
            out = fuzzlib.run_case(case, work, seconds=args.case_seconds, cli=stats["cases"] % args.cli_every == 0)
        stats["cases"] += 1
        stats[out.kind] = stats.get(out.kind, 0) + 1
        if stats["cases"] % 5000 == 0:
            kinds = ", ".join(f"{k}: {v}" for k, v in sorted(stats.items()) if k != "cases")
            print(f"cases: {stats['cases']} ({kinds})", flush=True)
        if out.is_finding:
            sig = signature(out)
            if sig not in seen:
                seen.add(sig)
                print(f"FINDING {sig} -> {fuzzlib.save_reproducer(args.out, case, out)}", flush=True)

    corpus = args.corpus or os.path.join(tempfile.mkdtemp(prefix="irexec-corpus-"), args.engine)
    os.makedirs(corpus, exist_ok=True)
    if args.engine == "atheris-bytes":
        for name, xml, _ in seeds:
            with open(os.path.join(corpus, name + ".xml"), "wb") as f:
                f.write(xml)
    libfuzzer_args = [
        sys.argv[0],
        corpus,
        f"-max_total_time={int(args.minutes * 60)}",
        f"-timeout={int(args.case_seconds * 3)}",
        "-rss_limit_mb=6144",
        f"-seed={args.seed or 1}",
        "-print_final_stats=1",
    ]
    # Structured: a few hundred bytes of decisions is plenty, so no slow growth of the length limit.
    libfuzzer_args += ["-max_len=4096", "-len_control=0"] if args.engine == "atheris" else ["-max_len=65536"]
    dict_path = os.path.join(HERE, "ir.dict")
    if os.path.exists(dict_path):
        libfuzzer_args.append(f"-dict={dict_path}")
    atheris.Setup(libfuzzer_args, test_one)
    atheris.Fuzz()
    return 0


def replay(path: str) -> int:
    """Rerun a saved finding and show its traceback."""
    with open(os.path.join(path, "model.xml"), "rb") as f:
        xml = f.read()
    bin_path = os.path.join(path, "model.bin")
    blob = open(bin_path, "rb").read() if os.path.exists(bin_path) else None
    seed = 0
    info = os.path.join(path, "finding.txt")
    if os.path.exists(info):
        for line in open(info):
            if line.startswith("input seed:"):
                seed = int(line.split(":")[1])
    npy_path = os.path.join(path, "input.npy")
    case = fuzzlib.Case("replay", xml, blob, ["replay"], seed)
    if os.path.exists(npy_path):
        name = (
            next((line.split("input ", 1)[1].split(" from")[0] for line in open(info) if " from a .npy" in line), None)
            if os.path.exists(info)
            else None
        )
        case.npy = (name, open(npy_path, "rb").read())
    work = tempfile.mkdtemp(prefix="irexec-replay-")
    out = fuzzlib.run_case(case, work, cli=True)
    print(f"{out.kind} ({out.stage}, {out.seconds:.2f} s)\n{out.detail}")
    return 1 if out.is_finding else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--engine", choices=["random", "hypothesis", "atheris", "atheris-bytes"], default="random")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (random and hypothesis engines)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=os.path.join(HERE, "findings"))
    ap.add_argument("--case-seconds", type=float, default=10.0, help="time limit of one case")
    ap.add_argument("--cli-every", type=int, default=4, help="also run every Nth case through the CLI")
    ap.add_argument(
        "--npy-every",
        type=int,
        default=8,
        help="every Nth case is a seed model run through the CLI with a damaged .npy input",
    )
    ap.add_argument(
        "--names-every",
        type=int,
        default=6,
        help="salt the names of about every Nth case with terminal controls and check every channel",
    )
    ap.add_argument("--corpus", metavar="DIR", help="atheris engines: keep the corpus here (runs build on it)")
    ap.add_argument("--replay", metavar="DIR", help="rerun one saved finding")
    ap.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--generation", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--seconds", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--workdir", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    if args.worker is not None:
        try:
            worker(args)
        except Exception:
            traceback.print_exc()
            return 3
        return 0
    if args.engine.startswith("atheris"):
        return run_atheris(args)
    return supervise(args)


if __name__ == "__main__":
    sys.exit(main())
