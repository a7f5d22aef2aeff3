"""The start-up budget of the console scripts, measured by what importing them loads.

Lazy imports in the tools exist for this budget only (a short evalb run costs less than
importing numpy): importing a console script's module must not load numpy, json or hashlib
(loaded by the runs that print JSON, test significance or hash a file), and the fastest
drop-ins, whose legacy runs take a few tens of milliseconds, must not load the runner or
argparse either; most must not load the aligners (jp_align's package and its kinds of a
block, which jp_shims.kinds takes, are cheap: the aligners load on first use). Every console
script of jp_shims.registry is imported (its module from setup.cfg) in a fresh interpreter:
the process is what is measured (``python -X importtime -c "import MODULE"`` shows the same
tree with times). And a run that records no block (lined-up input, either mode) never loads
the record classes: those runs are started as processes too.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from jp_shims import registry
from tests.toolrun import console_scripts

NEVER = ("numpy", "json", "hashlib", "jp_shims.significance.resampling")
ALIGNERS = ("jp_align.sentences", "jp_align.words", "jp_align.normalize", "jp_align.distance", "rapidfuzz")
# Console scripts held to more than NEVER (every console script of the registry is held to
# NEVER, a new one from the commit that registers it).
STRICTER = {
    "jp_evalb": ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_evalb_spmrl": ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_conlleval": ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_errant_compare": ALIGNERS,
    "jp_cherrant_compare": ALIGNERS,
    "jp_conll18_ud_eval": ALIGNERS,
    "jp_udeval": ALIGNERS,
}
# What a console script may load of NEVER, and why.
ALLOWED = {
    "jp_wisebe": ("json",),  # jp_preprocess.wisebe_report imports json at the top
}


def budget(script: str) -> tuple:
    allowed = ALLOWED.get(script, ())
    return tuple(name for name in NEVER if name not in allowed) + STRICTER.get(script, ())


def test_the_budgets_name_registered_console_scripts():
    assert set(STRICTER) | set(ALLOWED) <= set(registry.console_scripts())


@pytest.mark.parametrize("script", registry.console_scripts())
def test_importing_a_console_script_stays_within_its_budget(script):
    module = console_scripts()[script].partition(":")[0].strip()
    code = (f"import sys, {module}; "
            f"print(' '.join(name for name in {budget(script)!r} if name in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == [], f"importing {module} ({script}) loads {', '.join(loaded)}"


# Runs that record no block never load the record classes (jp_shims.records: dataclasses,
# which load inspect and ast, about 10 ms): they are imported where a block is recorded.
# Each run below is on two lined-up files, in both modes, in a fresh interpreter.
M2 = "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
LINED_UP = {
    "jp_errant_compare": (("hyp.m2", M2), ("ref.m2", M2), ["-hyp", "hyp.m2", "-ref", "ref.m2"]),
    "jp_cherrant_compare": (("hyp.m2", M2), ("ref.m2", M2), ["-hyp", "hyp.m2", "-ref", "ref.m2"]),
    "jp_preprocess_eval": (("gold.txt", "He goes home .\n"), ("system.txt", "He goes home .\n"),
                           ["gold.txt", "system.txt"]),
    "jp_evalb": (("gold.tst", "(S (NP (PRP He)) (VP (VBZ goes) (NP (NN home))) (. .))\n"),
                 ("test.tst", "(S (NP (PRP He)) (VP (VBZ goes) (NP (NN home))) (. .))\n"), ["gold.tst", "test.tst"]),
}


@pytest.mark.parametrize("legacy", [False, True], ids=["jp", "legacy"])
@pytest.mark.parametrize("script", sorted(LINED_UP))
def test_a_run_that_records_nothing_never_loads_the_record_classes(script, legacy, tmp_path):
    first, second, argv = LINED_UP[script]
    if legacy and script == "jp_preprocess_eval":
        pytest.skip("jp_preprocess_eval has no original, so no --legacy")
    for name, text in (first, second):
        (tmp_path / name).write_text(text, encoding="utf-8")
    module = console_scripts()[script].partition(":")[0].strip()
    argv = (["--legacy"] if legacy else []) + argv
    code = (f"import sys, contextlib, io; sys.argv = {[script, *argv]!r}\n"
            f"from {module} import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try: code = main()\n"
            "    except SystemExit as exit: code = exit.code\n"
            "print(code, ' '.join(name for name in ('jp_shims.records', 'dataclasses') if name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    status, _, loaded = done.stdout.strip().partition(" ")
    assert status in ("0", "None"), done.stderr
    assert loaded == "", f"{script}{' --legacy' if legacy else ''} on lined-up input loads {loaded}"
