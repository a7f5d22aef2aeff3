"""jp_preprocess_eval on the shared runner: joint tokenization and sentence-boundary
evaluation of GOLD vs SYSTEM (Jo et al. 2024).

The tool reads plain text or CoNLL-U (:mod:`jp_preprocess.formats`), aligns and counts
(:mod:`jp_preprocess.joint`) and prints its table (:mod:`jp_preprocess.report`); the runner
does the rest. There is no original program: a line-by-line comparison is the reference the
note speaks of.
"""
from __future__ import annotations

import argparse
from typing import Any, Callable, List, Sequence, Tuple

from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.config import AlignConfig
from jp_shims.errors import UsageError
from jp_shims import sniff
from jp_shims.inputs import Format, InputFile
from jp_shims.runner import AdditiveStatistics, Evaluation, Parsed, Tool, Run

from jp_preprocess.audit import record_block
from jp_preprocess.formats import FORMATS, iter_sentences
from jp_preprocess.joint import AlignedBlock, Result, evaluate, iter_blocks
from jp_preprocess.report import counts_dict, render_table

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
# Per block: sentence TP, gold, system; token TP, gold, system.
WIDTH = 6
METRICS = ("sentence F1", "token F1")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, add_help=False)
    parser.add_argument("gold", metavar="GOLD")
    parser.add_argument("system", metavar="SYSTEM")
    parser.add_argument("--gold-format", choices=FORMATS, default="auto")
    parser.add_argument("--system-format", choices=FORMATS, default="auto")
    parser.add_argument("--casefold", action="store_true")
    parser.add_argument("--threshold", type=float, default=None)
    return parser


# Any line is plain text; but a file that is evidently M2, trees or token columns is not
# sentences to score (jp_shims.sniff).
TEXT_OR_CONLLU = Format("plain text (one sentence a line) or CoNLL-U", lambda line: True,
                        kinds=frozenset({sniff.TEXT, sniff.CONLLU}))


class PreprocessEval(Tool):
    prog = PROG
    original = None
    usage = USAGE
    help_text = HELP
    loss_label = "token FP+FN"
    formats = (TEXT_OR_CONLLU, TEXT_OR_CONLLU)

    def parse(self, argv: List[str]) -> Parsed:
        args = _parser().parse_args(argv)
        if args.threshold is not None:
            try:
                AlignConfig(threshold=args.threshold)
            except ValueError as error:
                raise UsageError(f"--threshold: {error}") from None
        options = {"casefold": args.casefold, "threshold": args.threshold,
                   "gold_format": args.gold_format, "system_format": args.system_format}
        return Parsed(args.gold, args.system, args, options, ["--casefold"] if args.casefold else [])

    def _config(self, parsed: Parsed, config: AlignConfig) -> AlignConfig:
        args = parsed.settings
        changes: dict = {"casefold": args.casefold}
        if args.threshold is not None:
            changes["threshold"] = args.threshold
        return config.with_(**changes)

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        # (transitional: the report's writer as before; None where no report is wanted)
        write = run.write if run.report else None
        statistics = run.statistics
        args = parsed.settings
        config = self._config(parsed, config)
        blocks = iter_blocks(iter_sentences(gold.path, args.gold_format),
                             iter_sentences(system.path, args.system_format),
                             normalizer=config.normalizer(),
                             token_normalizer=config.with_(lang=TOKEN_LANGUAGE).normalizer(),
                             threshold=config.threshold, lookahead=config.lookahead, distance=config.distance())
        vectors: List[Tuple[Tuple[int, int], List[int]]] = []

        def on_block(aligned: AlignedBlock) -> None:
            record_block(audit, aligned)
            if statistics:
                vectors.append(((aligned.block.left.start, aligned.block.left.stop), _vector(aligned)))

        result = evaluate(blocks, on_block)
        table = render_table(result)
        if write is not None:
            write(table)
        return Evaluation(_scores(result), table, AdditiveStatistics(vectors, WIDTH) if statistics else None)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        return f1_metric, METRICS

    def note(self, summary: Summary, evaluation: Evaluation):
        return f"{summary.describe()} (not one sentence each side with the same tokens)", None

    def signature(self, parsed: Parsed, config: AlignConfig) -> str:
        from jp_shims.signature import signature

        config = self._config(parsed, config)
        return signature(PROG, options=list(parsed.signature_options), **config.signature_fields(),
                         extra={"token_lang": TOKEN_LANGUAGE})


def _vector(aligned: AlignedBlock) -> List[int]:
    return [int(aligned.sentence_match), len(aligned.gold), len(aligned.system),
            aligned.token_matches, len(aligned.gold_tokens), len(aligned.system_tokens)]


def _scores(result: Result) -> dict:
    return {"sentences": counts_dict(result.sentences), "tokens": counts_dict(result.tokens)}


def f1_metric(totals):
    """Totals (..., 6) -> sentence F1 and token F1 in percent (2 TP / (gold + system))."""
    import numpy as np

    from jp_shims.significance import f_ratio

    return np.stack((f_ratio(2 * totals[..., 0], totals[..., 1] + totals[..., 2]),
                     f_ratio(2 * totals[..., 3], totals[..., 4] + totals[..., 5])), axis=-1)


TOOL = PreprocessEval()
