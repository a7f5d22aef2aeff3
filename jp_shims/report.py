"""``--report FILE.html``: one self-contained HTML file (inline CSS and JS, no network).

It holds the headline scores as the original prints them, the signature, the alignment
summary, and every block JP mode changed with gold and system side by side (word groups
highlighted by kind) and the block's figures; rows sort by score loss (default, largest
first) or by position, and filter by kind. Rows are static HTML, so the page reads without
JavaScript too; the script only re-orders and hides rows.
"""
from __future__ import annotations

import html
from typing import Optional, Sequence

from .audit import KINDS, AlignmentAudit, BlockRecord, Lines, short
from .version import package_version

STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.3em;margin:0 0 .3em}
code,pre{font:12.5px/1.35 ui-monospace,Menlo,Consolas,monospace}
pre#headline{background:#f6f6f6;border:1px solid #ddd;padding:.6em;overflow:auto;max-height:24em}
#signature{word-break:break-all;background:#eef3ff;padding:.1em .3em}
table{border-collapse:collapse}
#summary td,#summary th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
#controls{margin:1em 0 .5em}
#blocks{width:100%;table-layout:fixed}
#blocks th{position:sticky;top:0;background:#fafafa;border-bottom:2px solid #999;text-align:left;padding:.3em}
#blocks th.sortable{cursor:pointer;text-decoration:underline dotted}
#blocks td{border-bottom:1px solid #ddd;vertical-align:top;padding:.3em;overflow-wrap:anywhere}
#blocks tbody tr{content-visibility:auto;contain-intrinsic-size:auto 5em}
#blocks col.n{width:4em}#blocks col.k{width:7.5em}#blocks col.l{width:4.5em}#blocks col.f{width:15em}
.place{color:#555;font-size:12px}
.kind{display:inline-block;padding:0 .4em;border-radius:3px;color:#fff;font-size:12px}
.reason{color:#666;font-size:12px}
.detail{font:11.5px/1.3 ui-monospace,Menlo,Consolas,monospace;color:#444;margin-top:.2em}
.fig{display:inline-block;margin-right:.6em;white-space:nowrap;font-size:12.5px}
mark{border-radius:2px;padding:0 1px}
.k-normalized{background:#2e7d32}.k-similar{background:#f9a825}.k-mismatch{background:#c62828}
.k-unaligned{background:#555}.k-merged{background:#1565c0}.k-retokenized{background:#6a1b9a}
.k-exact{background:#888}
mark.k-normalized{background:#c8e6c9}mark.k-similar{background:#fff59d}mark.k-mismatch{background:#ffcdd2}
mark.k-exact,mark.k-retokenized{background:#e1bee7}mark.k-unaligned{background:#ddd}mark.k-merged{background:#bbdefb}
"""

SCRIPT = """
(function(){
  var body=document.querySelector('#blocks tbody'); if(!body) return;
  var rows=Array.prototype.slice.call(body.rows);
  var filter=document.getElementById('kind-filter'), shown=document.getElementById('shown');
  var order={key:'loss',desc:true};
  function num(r,k){var v=parseFloat(r.getAttribute('data-'+k));return isNaN(v)?-Infinity:v;}
  function sort(){
    rows.sort(function(a,b){
      var d=num(a,order.key)-num(b,order.key); if(order.desc) d=-d;
      return d!==0?d:num(a,'n')-num(b,'n');});
    var frag=document.createDocumentFragment(); rows.forEach(function(r){frag.appendChild(r);});
    body.appendChild(frag);
    document.querySelectorAll('#blocks th.sortable').forEach(function(th){
      th.setAttribute('aria-sort', th.getAttribute('data-key')===order.key?(order.desc?'descending':'ascending'):'none');});
  }
  function apply(){
    var k=filter.value, n=0;
    rows.forEach(function(r){var v=(k==='all'||r.getAttribute('data-kind')===k); r.hidden=!v; if(v) n++;});
    shown.textContent=n;
  }
  document.querySelectorAll('#blocks th.sortable').forEach(function(th){
    th.addEventListener('click',function(){
      var key=th.getAttribute('data-key');
      order={key:key,desc:order.key===key?!order.desc:key==='loss'}; sort();});});
  filter.addEventListener('change',apply);
  // A link can open the report filtered: FILE.html#kind=merged
  var wanted=/kind=([a-z]+)/.exec(location.hash||'');
  if(wanted && filter.querySelector('option[value="'+wanted[1]+'"]')) filter.value=wanted[1];
  // Rows come sorted by loss already: only the header state is set, the rows stay put.
  document.querySelectorAll('#blocks th.sortable').forEach(function(th){
    th.setAttribute('aria-sort', th.getAttribute('data-key')==='loss'?'descending':'none');});
  if(filter.value!=='all') apply();
  // Milliseconds from navigation until the rows are sorted and filtered (benchmarks read it).
  document.documentElement.setAttribute('data-ready-ms', String(Math.round(performance.now())));
})();
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _place(lines: Optional[Lines]) -> str:
    return "&mdash;" if lines is None else _e(lines)


def highlighted(text: str, groups: Sequence[tuple[Sequence[str], str]]) -> str:
    """``text`` (tokens separated by spaces; ``|`` separates sentences) as escaped HTML with
    each group's tokens wrapped in ``<mark class="k-KIND">``. Groups are looked up in order,
    each after the previous one; a group not found is not highlighted."""
    tokens = text.split(" ")
    marks: dict[int, tuple[int, str]] = {}
    position = 0
    for group_tokens, kind in groups:
        wanted = [token for token in group_tokens if token]
        if not wanted:
            continue
        found = _find(tokens, wanted, position)
        if found is None:
            continue
        marks[found] = (len(wanted), kind)
        position = found + len(wanted)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if i in marks and _fits(tokens, i, marks[i][0]):
            size, kind = marks[i]
            out.append(f'<mark class="k-{_e(kind)}">' + _e(" ".join(tokens[i:i + size])) + "</mark>")
            i += size
        else:
            out.append(_e(tokens[i]))
            i += 1
    return " ".join(out)


def _fits(tokens: list[str], start: int, size: int) -> bool:
    return start + size <= len(tokens)


def _find(tokens: list[str], wanted: list[str], start: int) -> Optional[int]:
    """First index >= start where ``wanted`` occurs, sentence separators skipped over."""
    size = len(wanted)
    for i in range(start, len(tokens) - size + 1):
        if tokens[i:i + size] == wanted:
            return i
    return None


def _figures(record: BlockRecord) -> str:
    parts = []
    for key, value in record.figures.items():
        shown = "&ndash;" if value is None else (f"{value:.4g}" if isinstance(value, float) else _e(value))
        parts.append(f'<span class="fig">{_e(key)}&nbsp;{shown}</span>')
    return " ".join(parts)


def _row(number: int, record: BlockRecord, labels: Sequence[str]) -> str:
    gold_groups = [(group.gold, group.kind) for group in record.groups]
    system_groups = [(group.system, group.kind) for group in record.groups]
    loss = "" if record.loss is None else f"{record.loss:g}"
    reason = f'<div class="reason">{_e(record.reason)}</div>' if record.reason else ""
    match = (f'<div class="reason">texts {_e(record.match)}</div>'
             if record.match and record.match != record.kind else "")
    details = "".join(f'<div class="detail">{_e(detail)}</div>' for detail in record.details)
    return (
        f'<tr class="block" data-n="{number}" data-kind="{_e(record.kind)}" data-loss="{_e(loss)}">'
        f'<td>{number}</td>'
        f'<td><span class="kind k-{_e(record.kind)}">{_e(record.kind)}</span>{match}{reason}</td>'
        f'<td class="loss">{_e(loss)}</td>'
        f'<td class="figures">{_figures(record)}{details}</td>'
        f'<td class="gold"><div class="place">{_e(labels[0])} {_place(record.gold)}</div>'
        f'{highlighted(short(record.gold_text), gold_groups)}</td>'
        f'<td class="system"><div class="place">{_e(labels[1])} {_place(record.system)}</div>'
        f'{highlighted(short(record.system_text), system_groups)}</td>'
        "</tr>"
    )


def render_report(*, tool: str, signature: str, headline: str, audit: AlignmentAudit,
                  labels: Sequence[str] = ("gold", "system"), loss_label: str = "loss",
                  title: Optional[str] = None, compared: Sequence[tuple] = ()) -> str:
    """The whole HTML document. ``headline``: the scores as the original prints them;
    ``audit``: a run's audit whose records were kept; ``loss_label`` names what ``loss``
    measures for this tool (e.g. "FP+FN"); ``compared``: ``(system file, headline, audit)`` of
    every system compared with ``--compare``, each shown with its scores and summary."""
    summary = audit.summary
    title = title or f"{tool}: {audit.gold_file} vs {audit.system_file}"
    kinds_head = "".join(f"<th>{_e(kind)}</th>" for kind in KINDS)
    kinds_row = "".join(f'<td data-kind="{kind}">{summary.kinds.get(kind, 0)}</td>' for kind in KINDS)
    options = "".join(f'<option value="{kind}">{kind} ({summary.kinds.get(kind, 0)})</option>'
                      for kind in KINDS if kind != "exact")
    # Written sorted by loss (largest first, then in file order), as the page shows them first.
    numbered = sorted(enumerate(audit.records, 1),
                      key=lambda item: (-(item[1].loss if item[1].loss is not None else float("-inf")), item[0]))
    rows = "\n".join(_row(number, record, labels) for number, record in numbered)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="jp-shims {_e(package_version())}">
<title>{_e(title)}</title>
<style>{STYLE}</style></head>
<body>
<h1>{_e(title)}</h1>
<p>{_e(labels[0])}: <code>{_e(audit.gold_file)}</code> &nbsp; {_e(labels[1])}: <code>{_e(audit.system_file)}</code></p>
<p>Signature: <code id="signature">{_e(signature)}</code></p>
<h2>Scores</h2>
<pre id="headline">{_e(headline)}</pre>
<h2>Alignment</h2>
<table id="summary"><tr><th>blocks</th><th>changed</th><th>{_e(labels[0])} sentences</th><th>{_e(labels[1])} sentences</th>{kinds_head}</tr>
<tr><td id="blocks-total">{summary.blocks}</td><td id="changed">{summary.changed}</td><td>{summary.gold_sentences}</td><td>{summary.system_sentences}</td>{kinds_row}</tr></table>
<div id="controls">Show <select id="kind-filter"><option value="all">all changed blocks ({len(audit.records)})</option>{options}</select>
&nbsp; <span id="shown">{len(audit.records)}</span> shown; click <em>{_e(loss_label)}</em> or <em>#</em> to sort.</div>
<table id="blocks"><colgroup><col class="n"><col class="k"><col class="l"><col class="f"><col><col></colgroup>
<thead><tr><th class="sortable" data-key="n">#</th><th>kind</th><th class="sortable" data-key="loss" title="score loss">{_e(loss_label)}</th><th>figures</th><th>{_e(labels[0])}</th><th>{_e(labels[1])}</th></tr></thead>
<tbody>
{rows}
</tbody></table>
{_compared(compared, labels)}
<script>{SCRIPT}</script>
</body></html>
"""


def _compared(compared: Sequence[tuple], labels: Sequence[str]) -> str:
    """A section per system of ``--compare``: its scores and its alignment summary."""
    if not compared:
        return ""
    parts = ["<h2>Compared systems</h2>"]
    for number, (name, headline, audit) in enumerate(compared, 1):
        summary = audit.summary
        kinds = ", ".join(f"{kind} {summary.kinds.get(kind, 0)}" for kind in KINDS)
        parts.append(f'<section class="compared" id="compared-{number}"><h3>{_e(labels[1])}: <code>{_e(name)}</code></h3>'
                     f'<pre class="headline">{_e(headline)}</pre>'
                     f"<p>{summary.blocks} blocks, {summary.changed} changed ({_e(kinds)})</p></section>")
    return "\n".join(parts)


def write_report(path: str, document: str) -> None:
    """Write the report (UTF-8). OSError propagates: the tool reports it as its one-line
    error."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(document)
