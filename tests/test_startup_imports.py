"""The start-up budget of the console scripts, measured by what importing them loads.

Lazy imports in the tools exist for this budget only (a short evalb run costs less than
importing numpy): importing a console script's module must not load numpy, json or hashlib
(loaded by the runs that print JSON, test significance or hash a file), and the fastest
drop-ins, whose legacy runs take a few tens of milliseconds, must not load the runner or
argparse either; most must not load the aligners (jp_align's package and its kinds of a
block, which jp_shims.kinds takes, are cheap: the aligners load on first use). Each module is
imported in a fresh interpreter: the process is what is measured (``python -X importtime -c "import MODULE"`` shows the same tree with times).
"""
from __future__ import annotations

import subprocess
import sys

import pytest

NEVER = ("numpy", "json", "hashlib", "jp_shims.significance.resampling")
ALIGNERS = ("jp_align.sentences", "jp_align.words", "jp_align.normalize", "jp_align.distance", "rapidfuzz")
BUDGETS = {
    "jp_evalb.cli": NEVER + ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_evalb.spmrl_cli": NEVER + ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_conlleval.cli": NEVER + ("jp_shims.runner", "argparse", *ALIGNERS),
    "jp_errant.compare_cli": NEVER + ALIGNERS,
    "jp_cherrant.compare_cli": NEVER + ALIGNERS,
    "jp_m2scorer.cli": NEVER,
    "jp_conll18.cli": NEVER + ALIGNERS,
    "jp_conll18.udeval_cli": NEVER + ALIGNERS,
    "jp_preprocess.cli": NEVER,
}


@pytest.mark.parametrize("module", sorted(BUDGETS))
def test_importing_a_console_script_stays_within_its_budget(module):
    code = (f"import sys, {module}; "
            f"print(' '.join(name for name in {BUDGETS[module]!r} if name in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == [], f"importing {module} loads {', '.join(loaded)}"
