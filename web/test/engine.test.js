// The engine's calls (web/engine.c through engine-api.js, as the page's
// worker makes them) under node, without a browser:
//   node web/test/engine.test.js BUILD/web/site/engine.js
// Each answer is held to what the command line answers for the same
// puzzle (docs/authoring.md's figures for AI Escargot).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');

const site = path.dirname(path.resolve(process.argv[2] || 'engine.js'));
const createEngine = require(path.join(site, 'engine.js'));
const { Engine } = require(path.join(site, 'engine-api.js'));
const root = path.resolve(__dirname, '..', '..');

const escargot =
  '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
const solved =
  '162857493534129678789643521475312986913586742628794135356478219241935867897261354';

let engine;
test.before(async () => {
  engine = new Engine(await createEngine());
});

// The grid of digits as a line (1-based symbols, '.' blank).
const line = (g) => g.map((d) => (d < 0 ? '.' : String(d + 1))).join('');

test('AI Escargot is unique, its solution the known one', () => {
  const a = engine.analyze(escargot);
  assert.equal(a.ok, true);
  assert.equal(a.n, 9);
  assert.equal(a.status, 'unique');
  assert.equal(line(a.solution), solved);
});

test('a given removed: multiple, two solutions that differ', () => {
  const a = engine.analyze('.' + escargot.slice(1));
  assert.equal(a.status, 'multiple');
  assert.equal(a.solution.length, 81);
  assert.notDeepEqual(a.solution, a.second);
  // both keep every given
  for (let i = 1; i < 81; i++)
    if (escargot[i] !== '.') {
      assert.equal(a.solution[i] + 1, Number(escargot[i]));
      assert.equal(a.second[i] + 1, Number(escargot[i]));
    }
});

test('no solution: the smallest clash, two givens', () => {
  const a = engine.analyze('11' + escargot.slice(2));
  assert.equal(a.status, 'none');
  assert.equal(a.repair.kind, 'clash');
  assert.deepEqual(a.repair.cells, [0, 1]);
  assert.deepEqual(a.repair.digits, [0, 0]);
});

test('bad text: an error with its place', () => {
  const a = engine.analyze('1234\n5678\n9');
  assert.equal(a.ok, false);
  assert.match(a.error, /./);
  const b = engine.analyze('');
  assert.equal(b.ok, false);
});

test('grade: AI Escargot on Sudoku Explainer scale', () => {
  let progress = 0;
  const g = engine.grade(escargot, 0, () => progress++);
  assert.equal(g.ok, true);
  assert.equal(g.end, 'solved');
  assert.ok(g.rating >= 10.0 && g.rating <= 11.0, `rating ${g.rating}`);
  assert.equal(g.label, 'extreme');
  assert.ok(progress > 0, 'progress was reported');
});

test('explain: every step, its pencil marks, and the hint is the first', () => {
  const e = engine.explain(escargot);
  assert.equal(e.end, 'solved');
  assert.ok(e.steps.length > 10);
  for (const s of e.steps) {
    assert.equal(s.cands.length, 81);
    assert.ok(s.cell >= 0 || s.elim.length > 0, 'a step places or eliminates');
  }
  const h = engine.explain(escargot, 0, 1);
  assert.equal(h.steps.length, 1);
  assert.deepEqual(h.steps[0], e.steps[0]);
});

test('generate: the same seed the same puzzle, unique and of the level', () => {
  const opt = { boxRows: 3, boxCols: 3, symmetry: 'rot180', minimal: true,
                seed: 7, labelMin: 0, labelMax: 1 };
  const a = engine.generate(opt);
  const b = engine.generate(opt);
  assert.equal(a.ok, true);
  assert.equal(a.text, b.text);
  assert.ok(['easy', 'medium'].includes(a.level));
  assert.equal(engine.analyze(a.text).status, 'unique');
  const c = engine.generate({ ...opt, boxRows: 2, boxCols: 2, labelMax: 4 });
  assert.equal(engine.analyze(c.text).n, 4);
});

test('minimize, repair, canon, write, print', () => {
  // AI Escargot is minimal: nothing goes
  const m = engine.minimize(escargot);
  assert.equal(m.after, m.before);
  // with every solution digit of row 1 given, it is not
  const more = solved.slice(0, 9) + escargot.slice(9);
  const m2 = engine.minimize(more);
  assert.ok(m2.after < m2.before);
  assert.equal(engine.analyze(m2.text).status, 'unique');
  // one given gone: one cell added makes it unique again
  const holed = '.' + escargot.slice(1);
  const r = engine.repair(holed);
  assert.equal(r.repair.kind, 'added');
  assert.equal(r.repair.cells.length, 1);
  const fixed = holed.split('');
  fixed[r.repair.cells[0]] = String(r.repair.digits[0] + 1);
  assert.equal(engine.analyze(fixed.join('')).status, 'unique');
  const c = engine.canon(escargot).text.trim();
  assert.equal(c.length, 81);
  assert.equal(engine.canon(c).text.trim(), c, 'canonical twice is canonical');
  const w = engine.write(escargot, 0, 'grid').text;
  assert.equal(w.trim().split('\n').length >= 9, true);
  const p = engine.print(escargot);
  assert.match(p.svg, /^<\?xml|^<svg/);
  assert.match(p.svg, /<\/svg>\s*$/);
});

test('the forms the command line reads: jigsaw with its map, X, 16x16', () => {
  const jig = fs.readFileSync(path.join(root, 'docs/examples/jigsaw.txt'), 'utf8');
  const j = engine.analyze(jig);
  assert.equal(j.status, 'unique');
  assert.equal(j.jigsaw.length, 81);
  const x = engine.analyze('.'.repeat(81), 1);
  assert.deepEqual(x.variants, ['x']);
  assert.equal(x.status, 'multiple');
  const big = engine.generate({ boxRows: 4, boxCols: 4, symmetry: 'none',
                                seed: 3, labelMin: 0, labelMax: 4 });
  const a = engine.analyze(big.text);
  assert.equal(a.n, 16);
  assert.equal(a.status, 'unique');
});

// Variant rules are clauses: the module's CDCL engine (hall) counts them.
// AI Escargot's solution keeps the example's four rules, so the puzzle
// stays unique with the same solution; a cage sum its solution breaks
// leaves none.
test('variant rules are read and counted by the CDCL engine', () => {
  const v = fs.readFileSync(path.join(root, 'docs/examples/variants.txt'), 'utf8');
  const a = engine.analyze(v);
  assert.equal(a.ok, true);
  assert.equal(a.rules, 4);
  assert.match(a.rules_text, /thermo/);
  assert.equal(a.status, 'unique');
  assert.equal(line(a.solution), solved);
  const broken = engine.analyze(v.replace('cage 12', 'cage 13'));
  assert.equal(broken.rules, 4);
  assert.equal(broken.status, 'none');
  const open = engine.analyze(v.replace(/\.\.7\.\.\.3\.\.$/m, '.........'));
  assert.equal(open.status, 'multiple');
  assert.notEqual(line(open.solution), line(open.second));
});

// The module reads the JSON forms (the JavaScript engine parses them:
// formats/json_js.c) as the command line does: each file's first puzzle
// gets the same answer, solution and rules, or the same error at the same
// line and column (SUDOKUSAT, the native tool, when given); OpenSudoku's
// XML stays refused (no expat).
const sudokusat = process.argv[3] || process.env.SUDOKUSAT || '';
const jsonFiles = [
  'docs/examples/fpuzzles.json', 'docs/examples/puzzles.json',
  'docs/examples/easy.ipuz', 'docs/examples/sudokupad.txt',
  'docs/examples/parity-fish.txt',
  ...['fpuzzles-json', 'fpuzzles-link', 'ipuz', 'json-puzzles', 'json-shapes',
      'sudokupad-ctc', 'sudokupad-json', 'sudokupad-scl']
    .map((f) => 'tests/fuzz/corpus/puzzle/' + f),
];
const badJson = [
  '{"size": 9,\n "grid": [[{"value": 1}],, ]}\n',
  '{"size": 4, "grid": [\n',
  '{"size": 4,\n  "grid": tru}\n',
  '[\n  {"puzzle": "1234", "x": 01}\n]\n',
  '{"size": 4, "title": "no end\n',
  '{"size": 4, "grid": [[{"value": 5}, {}, {}, {}], [{}, {}, {}, {}],' +
    ' [{}, {}, {}, {}], [{}, {}, {}, {}]], "killercage": [{"cells": ["R9C9"]}]}\n',
];

test('JSON forms: read as the command line reads them', { skip: !sudokusat &&
  'no native sudokusat given (node engine.test.js ENGINE SUDOKUSAT)' }, () => {
  const { spawnSync } = require('node:child_process');
  const native = (text) => {
    const r = spawnSync(sudokusat, ['unique', '--format', 'json', '--show',
                                    '--time-limit', '20', '-'],
                        { input: text, encoding: 'utf8' });
    // a text that holds no puzzle has no answer line, only its error
    if (!r.stdout.trim())
      return { status: 'error', message: r.stderr.split('\n')[0].replace(/^sudokusat: /, '') };
    return JSON.parse(r.stdout.split('\n')[0]);
  };
  const cases = jsonFiles.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')])
    .concat(badJson.map((t, i) => ['bad JSON ' + i, t]));
  for (const [name, text] of cases) {
    const want = native(text);
    const a = engine.analyze(text);
    if (want.status === 'error') {
      assert.equal(a.ok, false, `${name}: the command line says ${want.message}`);
      const m = /^<stdin>:(\d+):(\d+): (.*)$/.exec(want.message);
      assert.ok(m, want.message);
      assert.equal(a.line, Number(m[1]), `${name}: ${a.error} / ${want.message}`);
      // A syntax error: the parsers' own words differ, and where jansson
      // points after a bad token's last byte, the page points at its next.
      const syntax = /^JSON: /.test(m[3]);
      assert.ok(Math.abs(a.col - Number(m[2])) <= (syntax ? 1 : 0),
                `${name}: column ${a.col}: ${a.error} / ${want.message}`);
      if (!syntax)
        assert.equal(a.error, m[3], name);
      continue;
    }
    assert.equal(a.ok, true, `${name}: ${a.error}`);
    assert.equal(a.status, want.status, name);
    assert.equal(a.givens.map((d) => (d < 0 ? '.' : a.symbols[d])).join(''),
                 want.puzzle, name);
    if (want.solution)
      assert.equal(a.solution.map((d) => a.symbols[d]).join(''), want.solution, name);
    assert.deepEqual((a.rules_text || '').split('\n').filter(Boolean),
                     want.rules || [], name);
  }
});

test('XML: refused, the command line named', () => {
  const xml = '<?xml version="1.0"?>\n<opensudoku><game data="' +
    escargot.replace(/\./g, '0') + '"/></opensudoku>';
  const x = engine.analyze(xml);
  assert.equal(x.ok, false);
  assert.match(x.error, /this build reads no XML/);
});
