"""jp_preprocess_eval on the shared runner: joint tokenization and sentence-boundary
evaluation of GOLD vs SYSTEM (Jo et al. 2024).

The tool is the stages of a run (:mod:`jp_shims.stages`, which aligns the sentences and
records the blocks): its settings (:meth:`PreprocessEval.configure`, or the command line
parsed into the same), sentences read from plain text or CoNLL-U (:mod:`jp_preprocess.formats`),
one aligned block scored (:mod:`jp_preprocess.jp`) and the table printed from the totals
(:mod:`jp_preprocess.report`). There is no original program: a line-by-line comparison is
the reference the note speaks of.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from jp_shims.audit import Summary
from jp_shims.config import AlignConfig
from jp_shims.errors import UsageError
from jp_shims.inputs import InputFile
from jp_shims.kinds import EXACT
from jp_shims.stages import StagedTool
from jp_shims.tool import BlockScore, Evaluation, Parsed, Run

if TYPE_CHECKING:
    from jp_shims.records import WordGroup

from jp_preprocess.formats import FORMATS, TEXT_OR_CONLLU, iter_sentences
from jp_preprocess.jp import AlignedBlock, Result, align_block
from jp_preprocess.report import counts_dict, render_table
from jp_preprocess.sentence import Sentence

PROG = "jp_preprocess_eval"
USAGE = ("usage: jp_preprocess_eval [--gold-format {auto,text,conllu}] [--system-format {auto,text,conllu}] "
         "[--lang LANG] [--casefold] [--threshold T] [JP options] GOLD SYSTEM\n")
HELP = USAGE + """
Joint tokenization and sentence-boundary evaluation by alignment (Jo et al. 2024). Plain
text: one sentence per line, tokens separated by spaces; or CoNLL-U (detected).

positional arguments:
  GOLD                  the gold segmentation ("-": standard input)
  SYSTEM                the system's segmentation

options:
  --gold-format {auto,text,conllu}
                        default: detected
  --system-format {auto,text,conllu}
                        default: detected
  --casefold            compare texts case-insensitively
  --threshold T         distance below which differing sentence texts still align (default 0.1)
"""
# Token matches are decided without language-specific rules: English contractions may align
# "ca n't" with "can 't", but must not make the single tokens "ca" and "can" a match.
TOKEN_LANGUAGE = "und"
METRICS = ("sentence F1", "token F1")


class Settings(NamedTuple):
    """jp_preprocess_eval's settings: :meth:`PreprocessEval.configure`'s keywords, which the
    command line's options are parsed into."""

    gold_format: str = "auto"  # "auto" (detected), "text" or "conllu"
    system_format: str = "auto"
    casefold: bool = False  # compare texts case-insensitively
    threshold: Optional[float] = None  # the alignment's distance threshold (None: the default, 0.1)


class RunSettings(NamedTuple):
    """The settings as the stages of one run see them, with the run's normalizers (each
    memoizes its tokens: one per run, made by :meth:`PreprocessEval.prepare_run`)."""

    settings: Settings
    normalizer: Any  # jp_align.Normalizer of the alignment's table: word groups, sentence matches
    token_normalizer: Any  # the language-independent table: token matches
    records: bool  # blocks are recorded: their figures and word groups are wanted


# The command-line spelling of each setting (usage errors name the option the user wrote).
OPTIONS = {"gold_format": "--gold-format", "system_format": "--system-format", "casefold": "--casefold",
           "threshold": "--threshold"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]  # (argparse's error exits; ours raises)
        raise UsageError(message)


def _parser(files: bool) -> argparse.ArgumentParser:
    """The command line: the options, and GOLD SYSTEM when ``files``."""
    parser = _Parser(prog=PROG, add_help=False)
    if files:
        parser.add_argument("gold", metavar="GOLD")
        parser.add_argument("system", metavar="SYSTEM")
    parser.add_argument("--gold-format", choices=FORMATS, default="auto")
    parser.add_argument("--system-format", choices=FORMATS, default="auto")
    parser.add_argument("--casefold", action="store_true")
    parser.add_argument("--threshold", type=float, default=None)
    return parser


def _settings(settings: Settings, name: Callable[[str], str]) -> Parsed:
    """``settings`` checked (a bad value is a UsageError naming the setting as ``name``
    spells it) as the runner's :class:`Parsed`."""
    for field in ("gold_format", "system_format"):
        if getattr(settings, field) not in FORMATS:
            raise UsageError(f"{name(field)}: {getattr(settings, field)!r} is not one of {', '.join(FORMATS)}")
    if not isinstance(settings.casefold, bool):
        raise UsageError(f"{name('casefold')}: True or False, not {settings.casefold!r}")
    if settings.threshold is not None:
        try:
            AlignConfig(threshold=settings.threshold)
        except ValueError as error:
            raise UsageError(f"{name('threshold')}: {error}") from None
        settings = settings._replace(threshold=float(settings.threshold))
    options = {"casefold": settings.casefold, "threshold": settings.threshold,
               "gold_format": settings.gold_format, "system_format": settings.system_format}
    return Parsed("", "", settings, options, ["--casefold"] if settings.casefold else [])


def _from_command_line(args: argparse.Namespace) -> Parsed:
    return _settings(Settings(args.gold_format, args.system_format, args.casefold, args.threshold), OPTIONS.__getitem__)


class PreprocessEval(StagedTool):
    prog = PROG
    original = None
    usage = USAGE
    help_text = HELP
    loss_label = "token FP+FN"
    formats = (TEXT_OR_CONLLU, TEXT_OR_CONLLU)

    # --- settings ---------------------------------------------------------------------------
    # (ignore[override]: the base takes any keyword, a tool names its own: an unknown one is
    # then Python's TypeError.)
    def configure(self, *, gold_format: str = "auto", system_format: str = "auto",  # type: ignore[override]
                  casefold: bool = False, threshold: Optional[float] = None) -> Parsed:
        """The settings from keywords (the Python API): ``gold_format``/``system_format``
        ``"auto"`` (detected), ``"text"`` or ``"conllu"``; ``casefold``; ``threshold``, the
        sentence distance below which differing texts still align (None: 0.1). A bad value
        is a :class:`UsageError`."""
        return _settings(Settings(gold_format, system_format, casefold, threshold), str)

    def parse(self, argv: List[str]) -> Parsed:
        args = _parser(files=True).parse_args(argv)
        return _from_command_line(args)._replace(gold=args.gold, system=args.system)

    def parse_options(self, options: Sequence[str]) -> Parsed:
        return _from_command_line(_parser(files=False).parse_args(list(options)))

    def align_config(self, parsed: Parsed, config: AlignConfig) -> AlignConfig:
        settings: Settings = parsed.settings
        if settings.threshold is not None:
            config = config.with_(threshold=settings.threshold)
        return config.with_(casefold=settings.casefold)

    def signature_extra(self, parsed: Parsed) -> Dict[str, object]:
        return {"token_lang": TOKEN_LANGUAGE}

    # --- the stages -------------------------------------------------------------------------
    def prepare_run(self, parsed: Parsed, config: AlignConfig, normalizer: Any, records: bool) -> Parsed:
        return parsed._replace(settings=RunSettings(parsed.settings, normalizer,
                                                    config.with_(lang=TOKEN_LANGUAGE).normalizer(), records))

    def read_units(self, parsed: Parsed, file: InputFile) -> Iterable[Sentence]:
        return iter_sentences(file)

    def read_inputs(self, parsed: Parsed, gold: InputFile,
                    system: InputFile) -> Tuple[Iterable[Sentence], Iterable[Sentence]]:
        settings: Settings = parsed.settings.settings
        return iter_sentences(gold, settings.gold_format), iter_sentences(system, settings.system_format)

    def tokens(self, unit: Sentence) -> Sequence[str]:
        return unit.tokens

    def unit_lines(self, unit: Sentence) -> Tuple[int, int]:
        return unit.line, unit.line  # (a sentence is named by the line it starts on)

    def score_block(self, parsed: Parsed, block: Any, gold: Sequence[Sentence], system: Sequence[Sentence],
                    config: AlignConfig) -> BlockScore:
        run: RunSettings = parsed.settings
        aligned = align_block(block, gold, system, run.normalizer, run.token_normalizer)
        if not aligned.words and block.kind == EXACT and len(gold) == len(system) == 1:
            return BlockScore(aligned.vector())  # (exact: one sentence each side, the same tokens)
        retokenized = aligned.retokenized
        if not run.records:  # (what only a record shows is not made)
            return BlockScore(aligned.vector(), retokenized=retokenized)
        figures = _figures(aligned)
        return BlockScore(aligned.vector(), figures, float(figures["token_fp"] + figures["token_fn"]),
                          retokenized, _groups(aligned))

    def report(self, parsed: Parsed, totals: Any, run: Run) -> Evaluation:
        result = Result.from_totals(totals)
        return Evaluation({"sentences": counts_dict(result.sentences), "tokens": counts_dict(result.tokens)},
                          render_table(result))

    # --- significance and the note ----------------------------------------------------------
    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        return f1_metric, METRICS

    def note(self, summary: Summary, evaluation: Evaluation) -> Tuple[Optional[str], Optional[str]]:
        return f"{summary.describe()} (not one sentence each side with the same tokens)", None


def _figures(aligned: AlignedBlock) -> Dict[str, int]:
    """The block's own sentence and token TP/FP/FN (its record's figures)."""
    sentence_tp, token_tp = int(aligned.sentence_match), aligned.token_matches
    return {"sentence_tp": sentence_tp, "sentence_fp": len(aligned.system) - sentence_tp,
            "sentence_fn": len(aligned.gold) - sentence_tp,
            "token_tp": token_tp, "token_fp": len(aligned.system_tokens) - token_tp,
            "token_fn": len(aligned.gold_tokens) - token_tp}


def _groups(aligned: AlignedBlock) -> Tuple[WordGroup, ...]:
    """The word groups the listing shows: all but the 1:1 exact true positives."""
    from jp_shims.records import WordGroup  # (dataclasses: for the runs that record blocks only)

    gold, system = aligned.gold_tokens, aligned.system_tokens
    return tuple(WordGroup(tuple(gold[g.left.start:g.left.stop]), tuple(system[g.right.start:g.right.stop]), g.kind)
                 for g, matched in zip(aligned.words, aligned.word_matches)
                 if not (matched and len(g.left) == 1 and len(g.right) == 1 and g.kind == EXACT))


def f1_metric(totals):
    """Totals (..., 6) -> sentence F1 and token F1 in percent (2 TP / (gold + system))."""
    import numpy as np

    from jp_shims.significance import f_ratio

    return np.stack((f_ratio(2 * totals[..., 0], totals[..., 1] + totals[..., 2]),
                     f_ratio(2 * totals[..., 3], totals[..., 4] + totals[..., 5])), axis=-1)


TOOL = PreprocessEval()
