"""The HTML report's inline style sheet and script (no network: everything is in the page).

Colours: a block's *kind* is a solid chip (``.kind.k-KIND``); a word group inside a block is
the same kind's light background (``mark.k-KIND``); an edit is framed and coloured by its
status (``.e-tp`` green solid, ``.e-fp`` red wavy, ``.e-fn`` orange dashed, ``.e-unscored``
and ``.e-other`` grey dotted): the three marks differ in line style too, not only in hue.
"""

STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.3em;margin:0 0 .3em}
h2{font-size:1.12em;margin:1.2em 0 .4em}
code,pre{font:12.5px/1.35 ui-monospace,Menlo,Consolas,monospace}
figure.scores{margin:0 0 .8em;border:1px solid #ccc;border-radius:4px;max-width:60em}
figure.scores figcaption{background:#eceff4;padding:.35em .6em;font-size:13px;border-bottom:1px solid #ccc}
figure.scores figcaption b{font-size:14px}
figure.scores pre{margin:0;padding:.6em;overflow:auto;max-height:32em;background:#f8f8f8}
#signature{word-break:break-all;background:#eef3ff;padding:.1em .3em}
table{border-collapse:collapse}
table.summary td,table.summary th,table.significance td,table.significance th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
table.significance th:nth-child(-n+2),table.significance td:nth-child(-n+2){text-align:left}
table.significance caption{text-align:left;font-size:13px;color:#444;padding-bottom:.3em}
table.significance tr.baseline td{background:#f4f4f4}
table.significance tr.breakdown td:nth-child(2){padding-left:1.6em;font-style:italic}
td.significant{font-weight:bold;color:#1b5e20}
#legend{border:1px solid #ddd;background:#fcfcfc;padding:.3em .8em;margin:.8em 0;max-width:95em;font-size:12.5px;line-height:1.3}
#legend .columns{display:grid;grid-template-columns:minmax(22em,1fr) minmax(22em,1fr);gap:0 1.5em}
#legend h2{margin:.2em 0 .3em;font-size:1em}
#legend dl{display:grid;grid-template-columns:max-content 1fr;gap:.15em .6em;margin:.2em 0 .4em}
#legend dt{text-align:right}#legend dd{margin:0}
#legend p{margin:.3em 0}
.charts{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start}
.charts figure{margin:0}.charts figcaption{font-size:12.5px;color:#444;max-width:36em}
svg.chart{font:11px system-ui,sans-serif;background:#fff;border:1px solid #eee}
svg.chart .bar{fill:#4e79a7}svg.chart .axis,svg.chart .grid{stroke:#bbb}
svg.chart .tick,svg.chart .value{fill:#555}svg.chart .label{fill:#333}svg.chart .axis-label{fill:#333;font-weight:600}
svg.chart .cell.diagonal{stroke:#222;stroke-width:.8}
#controls{margin:1em 0 .5em}
table.blocks{width:100%;table-layout:fixed}
table.blocks th{position:sticky;top:0;background:#fafafa;border-bottom:2px solid #999;text-align:left;padding:.3em}
table.blocks th.sortable{cursor:pointer;text-decoration:underline dotted}
table.blocks td{border-bottom:1px solid #ddd;vertical-align:top;padding:.3em;overflow-wrap:anywhere}
table.blocks tbody tr{content-visibility:auto;contain-intrinsic-size:auto 5em}
table.blocks col.n{width:4em}table.blocks col.k{width:7.5em}table.blocks col.l{width:6.5em}table.blocks col.f{width:14.5em}
.place{color:#555;font-size:12px}
.kind{display:inline-block;padding:0 .4em;border-radius:3px;color:#fff;font-size:12px}
.reason{color:#666;font-size:12px}
.detail{font:11.5px/1.3 ui-monospace,Menlo,Consolas,monospace;color:#444;margin-top:.2em}
details.raw summary{font-size:12px;color:#555;cursor:pointer}
.fig{display:inline-block;margin-right:.6em;white-space:nowrap;font-size:12.5px}
.sep{color:#999;font-weight:bold;padding:0 .2em}
.more{color:#666;font-style:italic}
section.compared{border-top:2px solid #ccc;margin-top:1.2em}
.unplaced{font-size:12px;color:#555;margin-top:.3em}
mark{border-radius:2px;padding:0 1px}
.k-normalized{background:#2e7d32}.k-similar{background:#f9a825}.k-mismatch{background:#c62828}
.k-unaligned{background:#555}.k-merged{background:#1565c0}.k-retokenized{background:#6a1b9a}
.k-exact{background:#888}
mark.k-normalized{background:#c8e6c9}mark.k-similar{background:#fff59d}mark.k-mismatch{background:#ffcdd2}
mark.k-exact,mark.k-retokenized{background:#e1bee7}mark.k-unaligned{background:#ddd}mark.k-merged{background:#bbdefb}
.edit{border-radius:3px;padding:0 2px;white-space:normal}
.edit del{color:#777;text-decoration-thickness:1.5px}
.edit ins{text-decoration:none;font-weight:600;padding:0 2px;margin-left:2px;border-radius:2px}
.edit.e-tp{border:2px solid #2e7d32}.edit.e-fp{border:2px solid #c62828}.edit.e-fn{border:2px dashed #ef6c00}
.edit.e-unscored,.edit.e-other{border:1.5px dotted #888}.edit.e-mixed{border:1.5px solid #777}
ins.e-tp{color:#1b5e20;background:#e8f5e9}
ins.e-fp{color:#b71c1c;background:#ffebee;text-decoration:underline wavy #c62828}
ins.e-fn{color:#e65100;background:#fff3e0;text-decoration:underline dashed #ef6c00}
ins.e-unscored,ins.e-other{color:#666;background:#f2f2f2}
.swatch{display:inline-block;min-width:1.2em;text-align:center}
"""

SCRIPT = """
(function(){
  // Milliseconds from navigation until the rows are sorted and filtered (benchmarks read it).
  function ready(){document.documentElement.setAttribute('data-ready-ms', String(Math.round(performance.now())));}
  var body=document.querySelector('#blocks tbody'); if(!body){ready(); return;}
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
  ready();
})();
"""
