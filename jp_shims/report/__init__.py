"""``--report FILE.html``: one self-contained HTML file (inline CSS, SVG and JS, no network).

Top to bottom the page holds: the run (files, signature); a legend of every colour and mark
on the page; the scores in a labelled box, as the original prints them; the significance
table of ``--compare`` as an HTML table; charts drawn as inline SVG (the per-block loss
distribution; with ``--breakdown``/``--confusion`` bars per group and heatmaps); the
alignment summary; every block JP mode changed with gold and system side by side, whole
sentences, word groups highlighted by kind and (GEC tools) every edit marked by what the
scorer made of it; then a section per compared system. Rows sort by score loss (default,
largest first) or by position, and filter by kind; they are static HTML, so the page reads
without JavaScript too: the script only re-orders and hides rows.

Charts: :mod:`jp_shims.report.svg`; texts and edits: :mod:`jp_shims.report.edits`; style
and script: :mod:`jp_shims.report.assets`.
"""
from __future__ import annotations

import html
from typing import Any, Mapping, Optional, Sequence

from ..audit import AlignmentAudit
from ..kinds import EXACT, KINDS, MERGED, MISMATCH, NORMALIZED, RETOKENIZED, SIMILAR, UNALIGNED
from ..records import BlockRecord, Lines
from ..version import package_version
from .assets import SCRIPT, STYLE
from .edits import STATUS_NAMES, marked_text
from .svg import group_bars, heatmap, histogram

KIND_MEANINGS = {
    EXACT: "one sentence each side, same text, same tokens: scored as the original scores it (not listed)",
    RETOKENIZED: "one sentence each side, same text, tokens split differently: re-indexed onto the gold tokens",
    NORMALIZED: "one sentence each side whose texts are equal after the exception table (quotes, brackets, "
                "contractions)",
    SIMILAR: "one sentence each side whose texts differ by less than the distance threshold",
    MISMATCH: "one sentence each side whose texts differ more, paired by position",
    MERGED: "several sentences on a side aligned together (a split or a join)",
    UNALIGNED: "text that never re-synchronized: gold without a counterpart is missed, system text spurious",
}
GROUP_MEANINGS = {
    EXACT: "same characters, split into other tokens",
    RETOKENIZED: "same characters, split into other tokens",
    NORMALIZED: "equal after the exception table",
    SIMILAR: "close spellings",
    MISMATCH: "different words",
    MERGED: "joined across tokens",
    UNALIGNED: "no counterpart",
}
EDIT_LOOKS = {
    "tp": "framed green, correction in green: a system edit that matched a gold edit (shown once for both)",
    "fp": "framed red, correction underlined wavy: a system edit that matched no gold edit",
    "fn": "framed orange, dashed: a gold edit the system did not make (missed)",
    "unscored": "dotted grey: an edit the scoring left out (UNK type, a -single/-multi/-filt filter, "
                "a sentence not evaluated)",
}


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _place(lines: Optional[Lines]) -> str:
    return "&mdash;" if lines is None else _e(lines)


def _figures(record: BlockRecord) -> str:
    parts = []
    for key, value in record.figures.items():
        shown = "&ndash;" if value is None else (f"{value:.4g}" if isinstance(value, float) else _e(value))
        parts.append(f'<span class="fig">{_e(key)}&nbsp;{shown}</span>')
    return " ".join(parts)


def _side(record: BlockRecord, side: str, label: str) -> str:
    lines = record.gold if side == "gold" else record.system
    text = record.gold_text if side == "gold" else record.system_text
    groups = [(group.gold if side == "gold" else group.system, group.kind) for group in record.groups]
    # Another annotator's edits are left out of the text (the M2 lines list them): drawn,
    # they bury the chosen annotator's.
    edits = [edit for edit in record.edits if edit.on == side and edit.status != "other"]
    more = "" if lines is None else str(lines)
    return (f'<td class="{side}"><div class="place">{_e(label)} {_place(lines)}</div>'
            f'{marked_text(text, groups, edits, more)}</td>')


def _row(number: int, record: BlockRecord, labels: Sequence[str]) -> str:
    loss = "" if record.loss is None else f"{record.loss:g}"
    reason = f'<div class="reason">{_e(record.reason)}</div>' if record.reason else ""
    match = (f'<div class="reason">texts {_e(record.match)}</div>'
             if record.match and record.match != record.kind else "")
    details = "".join(f'<div class="detail">{_e(detail)}</div>' for detail in record.details)
    others = sum(edit.status == "other" for edit in record.edits)
    if others:
        details = (f'<div class="reason">{others} edit{"s" if others != 1 else ""} of annotators not chosen '
                   f"(not drawn)</div>{details}")
    if details and record.edits:  # the edits are drawn in the texts: their M2 lines fold away
        details = f'<details class="raw"><summary>edits as M2 lines</summary>{details}</details>'
    return (
        f'<tr class="block" data-n="{number}" data-kind="{_e(record.kind)}" data-loss="{_e(loss)}">'
        f'<td>{number}</td>'
        f'<td><span class="kind k-{_e(record.kind)}">{_e(record.kind)}</span>{match}{reason}</td>'
        f'<td class="loss">{_e(loss)}</td>'
        f'<td class="figures">{_figures(record)}{details}</td>'
        f'{_side(record, "gold", labels[0])}{_side(record, "system", labels[1])}'
        "</tr>"
    )


def _blocks_table(records: Sequence[BlockRecord], labels: Sequence[str], loss_label: str, table_id: str) -> str:
    """The changed blocks, written sorted by loss (largest first, then in file order)."""
    numbered = sorted(enumerate(records, 1),
                      key=lambda item: (-(item[1].loss if item[1].loss is not None else float("-inf")), item[0]))
    rows = "\n".join(_row(number, record, labels) for number, record in numbered)
    return (f'<table class="blocks" id="{table_id}"><colgroup><col class="n"><col class="k"><col class="l">'
            '<col class="f"><col><col></colgroup>'
            f'<thead><tr><th class="sortable" data-key="n">#</th><th>kind</th><th class="sortable" data-key="loss" '
            f'title="score loss">{_e(loss_label)}</th><th>figures</th><th>{_e(labels[0])}</th>'
            f'<th>{_e(labels[1])}</th></tr></thead>\n<tbody>\n{rows}\n</tbody></table>')


def _legend(audit: AlignmentAudit, compared: Sequence[tuple], charts: bool) -> str:
    kinds = "".join(f'<dt><span class="kind k-{kind}">{kind}</span></dt><dd>{_e(meaning)}</dd>'
                    for kind, meaning in KIND_MEANINGS.items())
    seen = []
    for kind in GROUP_MEANINGS:
        if kind != EXACT:
            seen.append(f'<mark class="k-{kind}">{kind}</mark> {_e(GROUP_MEANINGS[kind])}')
    groups = ("<p><b>Highlighted words</b> (background) inside a block: tokens of the two sides aligned "
              "together that are not one-to-one the same token, coloured by how they match: "
              + "; ".join(seen) + ".</p>")
    all_records = [*audit.records, *(record for item in compared for record in item[2].records)]
    edits = ""
    if any(record.edits for record in all_records):
        looks = "".join(f'<dt><span class="edit e-{status}"><del>word</del><ins class="e-{status}">fix</ins></span>'
                        f"</dt><dd><b>{_e(STATUS_NAMES[status])}</b>: {_e(look)}</dd>"
                        for status, look in EDIT_LOOKS.items())
        edits = ("<p><b>Edits</b> are drawn in the gold sentence (system edits mapped onto its tokens; where a "
                 "block has no gold sentence, in the system's): the replaced words struck through, the "
                 "correction after them (&empty;: deleted). Hover an edit for its M2 fields.</p>"
                 f"<dl>{looks}</dl>")
    chart = ("<p><b>Charts</b>: bars are blocks per loss (or F1 per group of a breakdown); a heatmap cell's "
             "shade is its share of the gold row (dark diagonal: the system agrees). Hover for exact figures.</p>"
             if charts else "")
    return (f'<section id="legend"><h2>Legend</h2><div class="columns"><div><p><b>Block kinds</b> (the label of '
            f"each row):</p><dl>{kinds}</dl></div><div>{groups}{edits}{chart}"
            '<p><span class="sep">|</span> separates the sentences of a block.</p></div></div></section>')


def _score_box(headline: str, caption: str, box_id: str = "headline") -> str:
    return (f'<figure class="scores"><figcaption>{caption}</figcaption>'
            f'<pre id="{box_id}" class="headline">{_e(headline)}</pre></figure>')


def _significance(comparison: Any, digits: int) -> str:
    """The significance table of ``--compare`` (a :class:`jp_shims.significance.Comparison`)."""
    from ..significance.cli import breakdown_note, describe, table_cells

    header, rows = table_cells(comparison, digits)
    note = breakdown_note(comparison)
    breakdown = getattr(comparison, "breakdown", None)
    head = "".join(f"<th>{_e(cell)}</th>" for cell in header)
    body = []
    baseline = comparison.systems[0].name if comparison.systems else None
    for row in rows:
        cells = "".join(f'<td class="significant">{_e(cell)}</td>' if header[k] == "p-value" and cell.endswith("*")
                        else f"<td>{_e(cell)}</td>" for k, cell in enumerate(row))
        classes = " ".join(name for name, yes in (("baseline", row[0] == baseline),
                                                  ("breakdown", breakdown is not None and row[1] in breakdown.rows))
                           if yes)
        body.append(f'<tr class="{classes}">{cells}</tr>' if classes else f"<tr>{cells}</tr>")
    return (f'<table class="significance" id="significance"><caption>Significance ({_e(describe(comparison))}); '
            f"the first system is the baseline; * p &lt; 0.05{_e(('. ' + note) if note else '')}</caption><thead><tr>{head}</tr></thead>"
            f'<tbody>{"".join(body)}</tbody></table>')


def _figure(svg: Optional[str], caption: str) -> str:
    return "" if svg is None else f"<figure>{svg}<figcaption>{_e(caption)}</figcaption></figure>"


def _loss_chart(audit: AlignmentAudit, loss_label: str) -> str:
    losses = [record.loss for record in audit.records if record.loss is not None]
    return _figure(histogram(losses, loss_label),
                   f"{len(losses)} changed block{'' if len(losses) == 1 else 's'} by {loss_label} "
                   f"(the score each block loses).")


def _score_charts(scores: Optional[Mapping]) -> str:
    """Bars per group of every ``--breakdown`` and a heatmap of every ``--confusion``."""
    if not scores:
        return ""
    parts = []
    for key, groups in (scores.get("breakdowns") or {}).items():
        if isinstance(groups, Mapping) and groups:
            parts.append(_figure(group_bars(groups, f"Breakdown by {key}"),
                                 f"--breakdown {key}: F1 per group (gold words in brackets)."))
    for key, matrix in (scores.get("confusions") or {}).items():
        if isinstance(matrix, Mapping) and matrix:
            parts.append(_figure(heatmap(matrix, f"Confusion of {key}"),
                                 f"--confusion {key}: gold (rows) x system (columns) word counts."))
    return "".join(part for part in parts if part)


def _summary_table(audit: AlignmentAudit, labels: Sequence[str], table_id: str = "summary") -> str:
    summary = audit.summary
    kinds_head = "".join(f"<th>{_e(kind)}</th>" for kind in KINDS)
    kinds_row = "".join(f'<td data-kind="{kind}">{summary.kinds.get(kind, 0)}</td>' for kind in KINDS)
    ids = ('id="blocks-total"', 'id="changed"') if table_id == "summary" else ("", "")
    return (f'<table id="{table_id}" class="summary"><tr><th>blocks</th><th>changed</th><th>{_e(labels[0])} '
            f"sentences</th><th>{_e(labels[1])} sentences</th>{kinds_head}</tr>"
            f"<tr><td {ids[0]}>{summary.blocks}</td><td {ids[1]}>{summary.changed}</td>"
            f"<td>{summary.gold_sentences}</td><td>{summary.system_sentences}</td>{kinds_row}</tr></table>")


def render_report(*, tool: str, signature: str, headline: str, audit: AlignmentAudit,
                  labels: Sequence[str] = ("gold", "system"), loss_label: str = "loss",
                  title: Optional[str] = None, compared: Sequence[tuple] = (), comparison: Any = None,
                  scores: Optional[Mapping] = None, caption: Optional[str] = None, digits: int = 2) -> str:
    """The whole HTML document. ``headline``: the scores as the original prints them;
    ``audit``: a run's audit whose records were kept; ``loss_label`` names what ``loss``
    measures for this tool (e.g. "FP+FN"); ``compared``: ``(system file, headline, audit)`` of
    every system compared with ``--compare``, each shown with its scores, summary and
    blocks; ``comparison``: the :class:`jp_shims.significance.Comparison` of the run, drawn
    as a table (``digits`` as the text table has them); ``scores``: the run's JSON scores
    (``breakdowns`` and ``confusions`` are drawn); ``caption``: what the score box holds
    (default: the scores as the tool prints them)."""
    summary = audit.summary
    title = title or f"{tool}: {audit.gold_file} vs {audit.system_file}"
    caption = caption or f"<b>Scores</b> &mdash; the report {_e(tool)} prints on standard output"
    options = "".join(f'<option value="{kind}">{kind} ({summary.kinds.get(kind, 0)})</option>'
                      for kind in KINDS if kind != EXACT)
    charts = _score_charts(scores)
    loss_chart = _loss_chart(audit, loss_label)
    significance = ("" if comparison is None else
                    f'<h2>Significance</h2>{_significance(comparison, digits)}')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="jp-shims {_e(package_version())}">
<title>{_e(title)}</title>
<style>{STYLE}</style></head>
<body>
<h1>{_e(title)}</h1>
<p>{_e(labels[0])}: <code>{_e(audit.gold_file)}</code> &nbsp; {_e(labels[1])}: <code>{_e(audit.system_file)}</code></p>
<p>Signature: <code id="signature">{_e(signature)}</code></p>
{_legend(audit, compared, bool(charts or loss_chart))}
<h2>Scores</h2>
{_score_box(headline, caption)}
{significance}
{f'<h2>Charts</h2><div class="charts" id="charts">{charts}</div>' if charts else ""}
<h2>Alignment</h2>
<div class="charts"><div>{_summary_table(audit, labels)}</div>{loss_chart}</div>
{_block_list(audit, labels, loss_label, options)}
{_compared(compared, labels, loss_label, tool)}
<script>{SCRIPT}</script>
</body></html>
"""


def _block_list(audit: AlignmentAudit, labels: Sequence[str], loss_label: str, options: str) -> str:
    """The filter and the table of changed blocks (a sentence when JP mode changed none)."""
    if not audit.records:
        return ("<p>JP mode changed no block: every block was scored as the original scores it.</p>"
                if not audit.summary.changed else "")
    count = len(audit.records)
    return (f'<div id="controls">Show <select id="kind-filter"><option value="all">all changed blocks ({count})'
            f'</option>{options}</select> &nbsp; <span id="shown">{count}</span> shown; click '
            f"<em>{_e(loss_label)}</em> or <em>#</em> to sort.</div>\n"
            f'{_blocks_table(audit.records, labels, loss_label, "blocks")}')


def _compared(compared: Sequence[tuple], labels: Sequence[str], loss_label: str, tool: str) -> str:
    """A section per system of ``--compare``: its scores, alignment summary, loss chart and
    changed blocks (folded)."""
    if not compared:
        return ""
    parts = ["<h2>Compared systems</h2>"]
    for number, (name, headline, audit) in enumerate(compared, 1):
        chart = _loss_chart(audit, loss_label)
        blocks = (f"<details><summary>{len(audit.records)} changed blocks</summary>"
                  f'{_blocks_table(audit.records, labels, loss_label, f"blocks-{number}")}</details>'
                  if audit.records else "<p>No block changed.</p>")
        caption = f"<b>Scores of {_e(name)}</b> &mdash; as the baseline's above"
        parts.append(f'<section class="compared" id="compared-{number}"><h3>{_e(labels[1])}: <code>{_e(name)}</code>'
                     f"</h3>{_score_box(headline, caption, f'headline-{number}')}"
                     f"{_summary_table(audit, labels, f'summary-{number}')}"
                     f'{f"<div class=charts>{chart}</div>" if chart else ""}{blocks}</section>')
    return "\n".join(parts)


def write_report(path: str, document: str) -> None:
    """Write the report (UTF-8). OSError propagates: the tool reports it as its one-line
    error."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(document)
