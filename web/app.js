// The page: the grid, the keyboard, and the engine's answers shown.  The
// engine runs in a Web Worker (worker.js); every call goes through run(),
// and Stop ends the worker and starts another.  The puzzle on the page is
// `state`; its text (rules lines, the grid as a line or a candidates line,
// a jigsaw's map) is what every call is given, and what a link carries.
const $ = (id) => document.getElementById(id);
const LABELS = ['easy', 'medium', 'hard', 'unfair', 'extreme'];

// ---- the engine in its worker ----

let worker = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject, onProgress}
let engineReady = null;

// The worker's script: worker.js beside the page, or, in the page made
// one file (web/onefile.js), the scripts inlined in #worker-src, started
// from a Blob (a file:// page may start no worker from a file).
let workerUrl = null;
function workerSource() {
  const inlined = document.getElementById('worker-src');
  if (!inlined) return 'worker.js';
  if (!workerUrl)
    workerUrl = URL.createObjectURL(new Blob([inlined.textContent],
                                             { type: 'text/javascript' }));
  return workerUrl;
}

function startWorker() {
  worker = new Worker(workerSource());
  engineReady = new Promise((resolve) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') {
        $('engine-state').textContent = 'engine ' + m.version + ' (WebAssembly)';
        resolve();
      } else if (m.type === 'progress') {
        const p = pending.get(m.id);
        if (p && p.onProgress) p.onProgress(m.done, m.total);
      } else if (m.type === 'result') {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (p) p.resolve(m.result);
      }
    };
  });
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message));
    pending.clear();
  };
}

function run(op, args, onProgress) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, op, args });
  });
}

// A long call: the progress bar and Stop shown while it runs.
async function runLong(what, op, args) {
  $('busy').hidden = false;
  $('busy-what').textContent = what;
  const bar = $('progress');
  bar.removeAttribute('value');
  try {
    return await run(op, args, (done, total) => {
      if (total > 0) { bar.max = total; bar.value = done; }
    });
  } finally {
    $('busy').hidden = true;
  }
}

function stop() {
  worker.terminate();
  for (const p of pending.values()) p.reject(new Error('stopped'));
  pending.clear();
  startWorker();
  analyzeSoon();
}

// ---- the puzzle ----

const state = {
  boxRows: 3, boxCols: 3, n: 9,
  variants: 0,
  jigsaw: null,       // n*n region ids, or null
  rulesText: '',      // variant rules lines, as the engine writes them
  rulesSvg: null,     // the rules drawn (the engine's rules_svg: under, over, margin)
  symbols: '123456789',
  cells: [],          // n*n: -1 blank, else digit 0..n-1
  marks: [],          // n*n: bit mask of the candidates a cell is given, 0 none
  sel: 0,
};
let view = null;      // what is drawn over the puzzle: solutions, a step

function defaultSymbols(n) {
  return '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, n);
}

function blank(boxRows, boxCols) {
  const n = boxRows * boxCols;
  Object.assign(state, {
    boxRows, boxCols, n, jigsaw: null, rulesText: '', rulesSvg: null,
    symbols: defaultSymbols(n),
    cells: new Array(n * n).fill(-1), marks: new Array(n * n).fill(0), sel: 0,
  });
}

// The puzzle as text the engine reads.
function puzzleText() {
  const { n, cells, marks, symbols } = state;
  let body;
  if (marks.some((m) => m)) { // a candidates line: each cell's candidates
    body = '';
    for (let i = 0; i < n * n; i++)
      for (let d = 0; d < n; d++) {
        const on = cells[i] >= 0 ? cells[i] === d : !marks[i] || marks[i] & (1 << d);
        body += on ? symbols[d] : '.';
      }
  } else {
    body = cells.map((d) => (d < 0 ? '.' : symbols[d])).join('');
  }
  let text = state.rulesText + body + '\n';
  if (state.jigsaw) {
    const labels = defaultSymbols(n);
    for (let r = 0; r < n; r++)
      text += state.jigsaw.slice(r * n, r * n + n).map((k) => labels[k]).join('') + '\n';
  }
  return text;
}

// The puzzle an analysis read, taken as the page's.
function adopt(a) {
  const n = a.n;
  Object.assign(state, {
    n, boxRows: a.box_rows, boxCols: a.box_cols,
    jigsaw: a.jigsaw || null,
    rulesText: a.rules_text || '',
    rulesSvg: a.rules_svg || null,
    symbols: a.symbols && a.symbols.length === n ? a.symbols : defaultSymbols(n),
    cells: a.givens.slice(),
    marks: new Array(n * n).fill(0),
  });
  state.variants = (a.variants.includes('x') ? 1 : 0) | (a.variants.includes('windoku') ? 2 : 0);
  $('variant').value = String(state.variants & 3);
  if (a.candidates)
    a.candidates.forEach((m, i) => {
      const full = (1 << n) - 1;
      if (state.cells[i] < 0 && m !== full) state.marks[i] = m;
    });
  if (state.sel >= n * n) state.sel = 0;
}

// ---- drawing ----

function regionOf(i) {
  const { n, boxRows, boxCols, jigsaw } = state;
  if (jigsaw) return jigsaw[i];
  const r = Math.floor(i / n), c = i % n;
  return Math.floor(r / boxRows) * boxRows + Math.floor(c / boxCols);
}

function shaded(i) {
  const { n, variants } = state;
  const r = Math.floor(i / n), c = i % n;
  if (variants & 1 && (r === c || r + c === n - 1)) return true;
  if (variants & 2 && n === 9)
    return [1, 2, 3, 5, 6, 7].includes(r) && [1, 2, 3, 5, 6, 7].includes(c);
  return false;
}

// The rules as print draws them, laid over the grid: the under layer
// multiplied into the cells (so digits, darker, stay on top of lines and
// cages), the over layer (dots, X and V, clues outside) plain; with clues
// outside, the board keeps a cell of margin round the grid for them.
function drawRules() {
  const board = $('board');
  const rs = state.rulesSvg;
  const margin = rs ? rs.margin : 0;
  board.style.setProperty('--margin', margin);
  for (const k of ['under', 'over']) {
    const el = $('rules-' + k);
    if (!rs) { el.replaceChildren(); el.hidden = true; continue; }
    el.hidden = false;
    if (el.dataset.svg !== rs[k]) { el.innerHTML = rs[k]; el.dataset.svg = rs[k]; }
  }
  if (!rs) return;
  const first = $('grid').firstElementChild;
  const b = board.getBoundingClientRect(), c = first.getBoundingClientRect();
  const side = (state.n + 2 * margin) * c.width;
  for (const k of ['under', 'over']) {
    const el = $('rules-' + k);
    Object.assign(el.style, {
      left: `${c.left - b.left - margin * c.width}px`,
      top: `${c.top - b.top - margin * c.height}px`,
      width: `${side}px`, height: `${side}px`,
    });
  }
}

function draw() {
  const { n, cells, marks, symbols, sel } = state;
  const grid = $('grid');
  document.documentElement.style.setProperty('--n', n);
  const mc = Math.ceil(Math.sqrt(n));
  grid.style.setProperty('--mc', mc);
  grid.replaceChildren();
  const sr = Math.floor(sel / n), sc = sel % n;
  const stepCands = view && view.step ? view.step.cands : null;
  const elim = new Set(view && view.step ? view.step.elim : []);
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const el = document.createElement('div');
    el.className = 'cell';
    el.dataset.i = i;
    el.setAttribute('role', 'gridcell');
    if (c < n - 1 && regionOf(i) !== regionOf(i + 1)) el.classList.add('tr');
    if (r < n - 1 && regionOf(i) !== regionOf(i + n)) el.classList.add('tb');
    if (shaded(i)) el.classList.add('shade');
    if (r === sr || c === sc || regionOf(i) === regionOf(sel)) el.classList.add('peer');
    if (i === sel) el.classList.add('sel');
    if (view && view.clash && view.clash.includes(i)) el.classList.add('clash');
    let digit = cells[i];
    if (view && view.values && digit < 0 && view.values[i] >= 0) {
      digit = view.values[i];
      el.classList.add(view.which === 2 ? 'sol2' : 'sol');
    }
    if (view && view.step && view.step.cell === i) el.classList.add('place');
    if (digit >= 0) {
      el.textContent = symbols[digit];
    } else {
      const m = stepCands ? stepCands[i] : marks[i];
      if (m) {
        const box = document.createElement('div');
        box.className = 'marks';
        for (let d = 0; d < n; d++) {
          const s = document.createElement('span');
          if (m & (1 << d)) {
            s.textContent = symbols[d];
            if (elim.has(i * n + d)) s.className = 'elim';
            if (view && view.step && view.step.cell === i && view.step.digit === d)
              s.className = 'keep';
          }
          box.appendChild(s);
        }
        el.appendChild(box);
      }
    }
    grid.appendChild(el);
  }
  const pad = $('keypad');
  if (pad.childElementCount !== n + 1) {
    pad.replaceChildren();
    for (let d = 0; d < n; d++) {
      const b = document.createElement('button');
      b.textContent = symbols[d];
      b.onclick = () => { enter(d); $('grid').focus(); };
      pad.appendChild(b);
    }
    const del = document.createElement('button');
    del.textContent = '⌫';
    del.title = 'delete';
    del.onclick = () => { enter(-1); $('grid').focus(); };
    pad.appendChild(del);
  }
  drawRules();
}

// ---- live status ----

let analyzing = false, again = false, last = null;

function analyzeSoon() {
  if (analyzing) { again = true; return; }
  analyzing = true;
  const text = puzzleText();
  const t0 = performance.now();
  engineReady.then(() => run('analyze', { text, variants: state.variants }))
    .then((a) => {
      a.ms = performance.now() - t0;
      showStatus(a);
    })
    .catch(() => {})
    .finally(() => {
      analyzing = false;
      if (again) { again = false; analyzeSoon(); }
    });
}

function showStatus(a) {
  last = a;
  if (a.ok) state.rulesSvg = a.rules_svg || null;
  const st = $('status');
  $('show-solutions').hidden = true;
  if (view && (view.clash || view.values)) view = null;
  if (!a.ok) {
    st.className = 'error';
    st.textContent = 'error: ' + a.error + (a.line ? ` (line ${a.line}, column ${a.col})` : '');
  } else if (a.status === 'unique') {
    st.className = 'unique';
    st.textContent = 'unique: one solution';
  } else if (a.status === 'multiple') {
    st.className = 'multiple';
    st.textContent = 'multiple: two solutions or more';
    $('show-solutions').hidden = false;
  } else if (a.status === 'none') {
    st.className = 'none';
    const cl = a.repair && a.repair.kind === 'clash' ? a.repair.cells : [];
    st.textContent = 'none: no solution' + (cl.length
      ? ` — the smallest clash: ${cl.map(cellName).join(', ')}` : '');
    view = { clash: cl };
  } else {
    st.className = 'error';
    st.textContent = 'unknown: ' + (a.message || 'the engine could not say') +
      (a.rules ? ' (this puzzle has variant rules: `sudokusat unique` decides it)' : '');
  }
  st.dataset.status = a.ok ? a.status : 'error';
  st.dataset.ms = a.ms ? a.ms.toFixed(1) : '';
  draw();
}

function cellName(i) {
  return `r${Math.floor(i / state.n) + 1}c${(i % state.n) + 1}`;
}

// ---- entry ----

function enter(d) {
  const i = state.sel;
  explanation = null;
  view = null;
  if ($('cand-mode').checked && d >= 0) {
    if (state.cells[i] >= 0) return;
    state.marks[i] ^= 1 << d;
  } else {
    state.cells[i] = d;
    if (d >= 0) state.marks[i] = 0;
  }
  draw();
  analyzeSoon();
}

function onKey(e) {
  const { n } = state;
  let r = Math.floor(state.sel / n), c = state.sel % n;
  const k = e.key;
  if (k === 'ArrowUp') r = (r + n - 1) % n;
  else if (k === 'ArrowDown') r = (r + 1) % n;
  // left and right run on through the rows, as a line of the puzzle is read
  else if (k === 'ArrowLeft') { const i = (state.sel + n * n - 1) % (n * n); r = Math.floor(i / n); c = i % n; }
  else if (k === 'ArrowRight') { const i = (state.sel + 1) % (n * n); r = Math.floor(i / n); c = i % n; }
  else if (k === 'Backspace' || k === 'Delete' || k === '.' || k === '0' && !state.symbols.includes('0')) {
    enter(-1); e.preventDefault(); return;
  } else if (k === 'c' && !state.symbols.includes('C') || k === 'C' && e.shiftKey && !state.symbols.includes('C')) {
    $('cand-mode').checked = !$('cand-mode').checked; e.preventDefault(); return;
  } else if (k.length === 1 && state.symbols.includes(k.toUpperCase())) {
    enter(state.symbols.indexOf(k.toUpperCase())); e.preventDefault(); return;
  } else return;
  e.preventDefault();
  state.sel = r * n + c;
  draw();
}

// ---- loading text ----

async function loadText(text, variants) {
  await engineReady;
  const a = await run('analyze', { text, variants: variants || 0 });
  if (!a.ok) { showStatus(a); return a; }
  state.variants = variants || 0;
  adopt(a);
  explanation = null;
  view = null;
  $('text').value = text.trim();
  showStatus(a);
  return a;
}

// ---- judging ----

let explanation = null, stepAt = 0;

async function grade() {
  const g = await runLong('grading…', 'grade', { text: puzzleText(), variants: state.variants });
  const out = $('grade-out');
  if (!g.ok) { out.textContent = g.error; return; }
  if (g.count === undefined) { out.textContent = 'no step found (' + g.end + ')'; return; }
  out.textContent = `rating ${g.rating.toFixed(1)} (Sudoku Explainer's scale), ` +
    `${g.label}; hardest step: ${g.hardest}; ${g.count} steps` +
    (g.end !== 'solved' ? ` — the path ends ${g.end}` : '');
  out.dataset.rating = g.rating;
}

function valuesBefore(k) {
  const v = state.cells.slice();
  for (let j = 0; j < k; j++) {
    const s = explanation.steps[j];
    if (s.cell >= 0) v[s.cell] = s.digit;
  }
  return v;
}

function showStep() {
  const s = explanation.steps[stepAt];
  view = { step: s, values: valuesBefore(stepAt), which: 1 };
  const pl = s.cell >= 0 ? ` — ${cellName(s.cell)} = ${state.symbols[s.digit]}` : '';
  const el = s.elim.length ? ` — removes ${s.elim.map((e) =>
    `${state.symbols[e % state.n]} from ${cellName(Math.floor(e / state.n))}`).join(', ')}` : '';
  $('explain-out').textContent =
    `step ${stepAt + 1} of ${explanation.steps.length}: ${s.technique} (${s.rating.toFixed(1)})` +
    (s.text ? `: ${s.text}` : '') + pl + el;
  $('explain-out').dataset.step = stepAt + 1;
  $('step-prev').disabled = stepAt === 0;
  $('step-next').disabled = stepAt >= explanation.steps.length - 1;
  draw();
}

async function explain(max) {
  const e = await runLong(max ? 'the next step…' : 'explaining…', 'explain',
    { text: puzzleText(), variants: state.variants, max });
  if (!e.ok) { $('explain-out').textContent = e.error; return; }
  if (!e.steps.length) {
    $('explain-out').textContent = 'no step: ' + (e.contradiction || e.end);
    return;
  }
  explanation = e;
  stepAt = 0;
  showStep();
  if (max) $('step-next').disabled = true;
}

// ---- making ----

async function generate() {
  const [br, bc] = $('gen-size').value.split('x').map(Number);
  const seed = Number($('gen-seed').value) || 0;
  const g = await runLong('generating…', 'generate', {
    boxRows: br, boxCols: bc, variants: br === bc && $('variant').value !== '0'
      ? Number($('variant').value) : 0,
    symmetry: $('gen-symmetry').value, minimal: $('gen-minimal').checked, seed,
    labelMin: Number($('gen-min').value), labelMax: Number($('gen-max').value),
    tries: 100, seconds: 60,
  });
  if (!g.ok) { $('make-out').textContent = g.error; return; }
  $('make-out').textContent = `generated (seed ${seed}, puzzle ${g.index}, ${g.level}, ` +
    `${g.givens_left} givens):\n${g.text.trim()}`;
  $('make-out').dataset.puzzle = g.text.trim();
  $('gen-seed').value = seed + 1;
  await loadText(g.text, state.variants);
}

async function minimize() {
  const m = await runLong('minimizing…', 'minimize',
    { text: puzzleText(), variants: state.variants, symmetry: 'none', seed: 1 });
  if (!m.ok) { $('make-out').textContent = m.error; return; }
  $('make-out').textContent = `minimized: ${m.before} givens → ${m.after}` +
    (m.cut ? ' (the time limit ran out: not minimal)' : '');
  await loadText(m.text, state.variants);
}

async function repair() {
  const r = await runLong('repairing…', 'repair', { text: puzzleText(), variants: state.variants });
  if (!r.ok) { $('make-out').textContent = r.error; return; }
  const rp = r.repair;
  const list = rp.cells.map((c, k) => `${cellName(c)}=${state.symbols[rp.digits[k]]}`).join(', ');
  if (rp.kind === 'added') {
    rp.cells.forEach((c, k) => { state.cells[c] = rp.digits[k]; });
    $('make-out').textContent = `added ${list}${rp.fewest ? ' (no fewer would do)' : ''}`;
    draw();
    analyzeSoon();
  } else if (rp.kind === 'clash') {
    $('make-out').textContent = `no solution: these givens clash: ${list}`;
    view = { clash: rp.cells };
    draw();
  } else {
    $('make-out').textContent = rp.kind === 'unique' ? 'already unique: nothing to add' : 'unknown';
  }
}

async function canon() {
  const c = await run('canon', { text: puzzleText(), variants: state.variants });
  $('make-out').textContent = c.ok ? 'canonical form:\n' + c.text.trim() : c.error;
}

// ---- sharing and printing ----

function linkFor(text) {
  const u = new URL(location.href);
  u.hash = 'p=' + encodeURIComponent(text.trim()) + (state.variants ? '&v=' + state.variants : '');
  return u.toString();
}

function share() {
  const url = linkFor(puzzleText());
  history.replaceState(null, '', url);
  const out = $('share-out');
  out.replaceChildren();
  const a = document.createElement('a');
  a.href = url;
  a.id = 'share-link';
  a.textContent = url;
  out.append(a);
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
}

async function svg() {
  const p = await run('print', { text: puzzleText(), variants: state.variants });
  if (!p.ok) { $('share-out').textContent = p.error; return null; }
  return p.svg;
}

async function download() {
  const s = await svg();
  if (!s) return;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([s], { type: 'image/svg+xml' }));
  a.download = 'sudoku.svg';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function printPage() {
  const s = await svg();
  if (!s) return;
  const w = window.open('', '_blank');
  if (!w) return;
  w.document.write('<!doctype html><title>sudoku</title><style>@page{margin:0}svg{width:100%;height:auto}</style>' + s.replace(/^<\?xml[^>]*>/, ''));
  w.document.close();
  w.focus();
  w.print();
}

function fromHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (!h.get('p')) return false;
  loadText(h.get('p'), Number(h.get('v')) || 0);
  return true;
}

// ---- wiring ----

function on(id, fn) {
  $(id).addEventListener('click', () => {
    Promise.resolve(fn()).catch((e) => {
      if (e.message !== 'stopped') $('status').textContent = 'error: ' + e.message;
    });
  });
}

function init() {
  startWorker();
  blank(3, 3);
  const grid = $('grid');
  grid.addEventListener('keydown', onKey);
  grid.addEventListener('click', (e) => {
    const el = e.target.closest('.cell');
    if (!el) return;
    state.sel = Number(el.dataset.i);
    grid.focus();
    draw();
  });
  grid.addEventListener('paste', (e) => {
    const t = e.clipboardData.getData('text');
    if (t) { e.preventDefault(); loadText(t, state.variants); }
  });
  on('load', () => loadText($('text').value, Number($('variant').value)));
  $('variant').addEventListener('change', () => {
    state.variants = Number($('variant').value);
    draw();
    analyzeSoon();
  });
  on('new', () => {
    const [br, bc] = $('size').value.split('x').map(Number);
    blank(br, bc);
    view = null;
    explanation = null;
    draw();
    analyzeSoon();
  });
  on('clear', () => {
    blank(state.boxRows, state.boxCols);
    view = null;
    draw();
    analyzeSoon();
  });
  on('show-solutions', () => {
    if (!last || !last.second) return;
    const both = last.solution.map((d, i) => (d === last.second[i] ? d : -1));
    const diff = last.solution.map((d, i) => d !== last.second[i]);
    view = { values: view && view.which === 1 ? last.second : last.solution,
             which: view && view.which === 1 ? 2 : 1 };
    $('status').textContent = `multiple: solution ${view.which} of two shown; they differ in ` +
      `${diff.filter(Boolean).length} cells (${diff.map((x, i) => x ? cellName(i) : '').filter(Boolean).slice(0, 8).join(', ')}…); ` +
      `${both.filter((d, i) => d >= 0 && state.cells[i] < 0).length} open cells agree`;
    draw();
  });
  on('grade', grade);
  on('explain', () => explain(0));
  on('hint', () => explain(1));
  on('step-prev', () => { if (explanation && stepAt > 0) { stepAt--; showStep(); } });
  on('step-next', () => {
    if (explanation && stepAt < explanation.steps.length - 1) { stepAt++; showStep(); }
  });
  on('generate', generate);
  on('minimize', minimize);
  on('repair', repair);
  on('canon', canon);
  on('share', share);
  on('svg', download);
  on('print', printPage);
  on('stop', stop);
  window.addEventListener('hashchange', fromHash);
  window.addEventListener('resize', drawRules);
  draw();
  if (!fromHash()) analyzeSoon();
}

init();
