// The engine's calls as JavaScript methods over the module (engine.js,
// web/engine.c): used by the page's worker (worker.js) and by the node
// tests.  Each answers the call's JSON document, parsed.  variants: 1 X,
// 2 windoku (the command line's --variant), 0 none.
'use strict';
(function (root) {
  const LABELS = ['easy', 'medium', 'hard', 'unfair', 'extreme'];

  class Engine {
    constructor(module) {
      this.m = module;
    }
    call(name, types, args, progress) {
      this.m.onProgress = progress || null;
      try {
        return JSON.parse(this.m.ccall(name, 'string', types, args));
      } finally {
        this.m.onProgress = null;
      }
    }
    analyze(text, variants = 0) {
      return this.call('web_analyze', ['string', 'number'], [text, variants]);
    }
    grade(text, variants = 0, progress) {
      return this.call('web_grade', ['string', 'number'], [text, variants],
                       progress);
    }
    // max 0: every step; 1: the next step only (a hint)
    explain(text, variants = 0, max = 0, progress) {
      return this.call('web_explain', ['string', 'number', 'number'],
                       [text, variants, max], progress);
    }
    generate(o, progress) {
      return this.call('web_generate',
        ['number', 'number', 'number', 'string', 'number', 'number', 'number',
         'number', 'number', 'number', 'number', 'number'],
        [o.boxRows || 3, o.boxCols || 3, o.variants || 0, o.symmetry || 'none',
         o.minimal ? 1 : 0, o.givens || 0, o.seed || 0, o.index || 0,
         o.labelMin || 0, o.labelMax === undefined ? 4 : o.labelMax,
         o.tries || 50, o.seconds || 60], progress);
    }
    minimize(text, variants = 0, symmetry = 'none', seed = 0) {
      return this.call('web_minimize', ['string', 'number', 'string', 'number'],
                       [text, variants, symmetry, seed]);
    }
    repair(text, variants = 0) {
      return this.call('web_repair', ['string', 'number'], [text, variants]);
    }
    canon(text, variants = 0) {
      return this.call('web_canon', ['string', 'number'], [text, variants]);
    }
    write(text, variants = 0, layout = 'line') {
      return this.call('web_write', ['string', 'number', 'string'],
                       [text, variants, layout]);
    }
    print(text, variants = 0, withSolution = false) {
      return this.call('web_print', ['string', 'number', 'number'],
                       [text, variants, withSolution ? 1 : 0]);
    }
    version() {
      return this.m.ccall('web_version', 'string', [], []);
    }
  }
  Engine.LABELS = LABELS;
  if (typeof module === 'object' && module.exports)
    module.exports = { Engine };
  else
    root.Engine = Engine;
})(typeof self !== 'undefined' ? self : this);
