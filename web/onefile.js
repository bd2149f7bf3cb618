// The page as one file (docs/web.md): index.html with its style, its
// script and its worker (the module engine.js, engine-api.js and
// worker.js) inside, so that it opens from a file:// address, sent by
// mail or kept on a disk, with no server.  The worker starts from a Blob
// of the inlined scripts (app.js, workerUrl).
//   node web/onefile.js SITE OUT
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error('usage: node onefile.js SITE OUT');
  process.exit(2);
}
const read = (f) => fs.readFileSync(path.join(site, f), 'utf8');

// A script's text inside <script>: "</script" (any case) would end the
// element early; none of the page's files holds it, and the build stops
// if one ever does rather than write a page that breaks.
function inline(name, text) {
  if (/<\/script/i.test(text)) {
    console.error(`onefile.js: ${name} holds "</script": it cannot be inlined`);
    process.exit(1);
  }
  return text;
}

let html = read('index.html');
const worker = ['engine.js', 'engine-api.js', 'worker.js']
  .map((f) => inline(f, read(f))).join('\n;\n');
const swap = (from, to) => {
  if (!html.includes(from)) {
    console.error(`onefile.js: index.html has no ${from}`);
    process.exit(1);
  }
  html = html.replace(from, () => to);
};
swap('<link rel="stylesheet" href="style.css">',
     `<style>\n${read('style.css')}</style>`);
swap('<script src="app.js" type="module"></script>',
     `<script type="text/plain" id="worker-src">\n${worker}\n</script>\n` +
     `<script type="module">\n${inline('app.js', read('app.js'))}</script>`);
fs.writeFileSync(out, html);
