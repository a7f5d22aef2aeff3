"""jp_shims.version: the version is looked up on first use, and equals importlib.metadata's."""
from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import sys
import jp_shims
import jp_evalb.legacy
assert "importlib.metadata" not in sys.modules, "imported at start-up"
from importlib import metadata
try:
    expected = metadata.version("jp-shims")
except metadata.PackageNotFoundError:
    expected = "0+unknown"
assert jp_shims.__version__ == expected, (jp_shims.__version__, expected)
from jp_shims.version import __version__
assert __version__ == expected
print(expected)
"""


@pytest.mark.parametrize("where", ["repository", "elsewhere"])
def test_version_is_lazy_and_matches_importlib_metadata(where, tmp_path, request):
    # From the repository root a jp_shims.egg-info may lie on sys.path first (cwd), as for
    # importlib.metadata itself; elsewhere only the installed distribution is found.
    cwd = request.config.rootpath if where == "repository" else tmp_path
    # A process: what is tested is what a fresh interpreter imports at start-up.
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_unknown_attribute():
    import jp_shims.version

    with pytest.raises(AttributeError):
        jp_shims.version.nothing  # noqa: B018
