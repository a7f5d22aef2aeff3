"""Names that are used where vulture cannot see it (``tox -e lint``: vulture over the packages
with this file). Every entry says who uses the name; dead code is deleted, not listed here.

Vulture matches names, not objects: one entry covers the name in every package.
"""
import argparse

from jp_align import normalize
from jp_conll18 import model as conll18_model, reconcile as conll18_reconcile
from jp_conlleval import api as conlleval_api
from jp_m2scorer import scorer as m2_scorer, weighting as m2_weighting
from jp_preprocess import wisebe
from jp_shims import cli, inputs, registry, result, signature

_ = (
    # PEP 562 module hooks: Python calls them for a missing attribute and for dir(module)
    # (the packages' lazy public names: jp_align, jp_shims, jp_shims.significance, ...).
    normalize.__getattr__,
    normalize.__dir__,
    # Used in string annotations only (Normalizer's unicode_form).
    normalize.UnicodeForm,
    # argparse calls it to print usage and help: JP mode's override.
    cli.JPArgumentParser._print_message,
    # argparse reads it when parsing (jp_errant's tool sets it on its file arguments).
    argparse.Action.required,
    # Public API that the packages themselves do not call: documented, used by the tests.
    inputs.InputFile.open_text,  # the tools' readers of text inputs (docs/runner.md)
    registry.console_scripts,  # setup.cfg's entry points checked against the registry
    result.Result.to_json,  # the --json document of a Python API result (README)
    signature.content_hash,  # the signature's hash of bytes in memory (file_hash of a file)
    conlleval_api.Evaluation.classification_report,  # README, docs/jp_conlleval.md
    conlleval_api.Evaluation.system_on_gold,  # docs/jp_conlleval.md (the guess column per sentence)
    conll18_model.UDRepresentation.characters,  # the original's UDRepresentation attribute (its API)
    conll18_reconcile.Reconciliation.system_line,  # a field of the listing's record (its gold_line twin)
    # Definitions the tests check the fast paths against (their reference renderings).
    m2_scorer._matches_gold,  # tests/test_jp_m2scorer*: the matched gold edits, the slow way
    m2_weighting.weights,  # tests: the lattice weights as release 3.2 lists them
    wisebe.general_reference,  # WiSeBE's general reference (the paper's definition), tests
    wisebe.single_windows,  # the windows score_against_borders computes without building them
)
