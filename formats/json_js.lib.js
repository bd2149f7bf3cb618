// The JavaScript half of formats/json_js.c, linked into the WebAssembly
// module with --js-library (web/CMakeLists.txt): the text parsed by the
// engine's JSON.parse and written as the tagged stream json_js.c reads
// (its head comment).
// Where a text that JSON.parse refuses goes wrong, when the engine's
// message names no place (V8's "Unexpected token ..." does not): the
// longest start of the text that is still the start of some JSON (that
// JSON.parse takes, or refuses at its end: a message naming a position
// there, or the engine's early-end message) ends there.  That
// holds for every shorter start too, so it is found by halving.  An early
// end's message is the engine's own for "[" with its numbers taken out
// (some engines name the line and column).
function sksJsonErrorAt(s) {
  const bare = (t) => t.replace(/[0-9]+/g, '');
  let early;
  try { JSON.parse('['); } catch (e) { early = bare(String(e.message)); }
  const viable = (k) => {
    try {
      JSON.parse(s.slice(0, k));
      return true;
    } catch (e) {
      const msg = String(e.message);
      const at = /position (\d+)/.exec(msg);
      return at ? Number(at[1]) >= k : bare(msg) === early;
    }
  };
  let lo = 0, hi = s.length; // viable(lo); the answer is in [lo, hi]
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (viable(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

mergeInto(LibraryManager.library, {
  $errorAt: sksJsonErrorAt,
  json_js_parse__deps: ['$errorAt'],
  json_js_parse: function (text, len, why, position, depthMax) {
    const s = UTF8ToString(text, len);
    function Real(x) { this.x = x; }
    let buf = new Uint8Array(1024);
    let n = 0;
    const room = (k) => {
      if (n + k > buf.length) {
        const b = new Uint8Array(Math.max(2 * buf.length, n + k));
        b.set(buf);
        buf = b;
      }
    };
    const byte = (x) => { room(1); buf[n++] = x; };
    const u32 = (x) => { room(4); new DataView(buf.buffer).setUint32(n, x, true); n += 4; };
    const f64 = (x) => { room(8); new DataView(buf.buffer).setFloat64(n, x, true); n += 8; };
    const enc = new TextEncoder();
    const str = (x) => {
      const b = enc.encode(x);
      u32(b.length);
      room(b.length);
      buf.set(b, n);
      n += b.length;
    };
    const walk = (x, depth) => {
      if (depth > depthMax) throw new Error('maximum parsing depth reached');
      if (x === null) byte(0x6e);                 // n
      else if (x === true) byte(0x74);            // t
      else if (x === false) byte(0x66);           // f
      else if (x instanceof Real) { byte(0x72); f64(x.x); } // r
      else if (typeof x === 'number') {           // i or r
        byte(Number.isSafeInteger(x) ? 0x69 : 0x72);
        f64(x);
      } else if (typeof x === 'string') { byte(0x73); str(x); } // s
      else if (Array.isArray(x)) {                // a
        byte(0x61);
        u32(x.length);
        for (const v of x) walk(v, depth + 1);
      } else {                                    // o
        const keys = Object.keys(x);
        byte(0x6f);
        u32(keys.length);
        for (const k of keys) { str(k); walk(x[k], depth + 1); }
      }
    };
    try {
      // A number written with a fraction or an exponent is a real where
      // the engine hands the reviver the source text.
      walk(JSON.parse(s, (k, x, ctx) =>
        typeof x === 'number' && ctx && typeof ctx.source === 'string' &&
        /[.eE]/.test(ctx.source) ? new Real(x) : x), 1);
    } catch (e) {
      const msg = String((e && e.message) || e);
      const m = /position (\d+)/.exec(msg);
      const at = m ? Number(m[1]) : errorAt(s);
      HEAP32[position >> 2] = 1 + lengthBytesUTF8(s.slice(0, at));
      stringToUTF8(msg, why, 160);
      return -1;
    }
    Module.sksJsonStream = buf.subarray(0, n);
    return n;
  },
  json_js_take: function (to) {
    HEAPU8.set(Module.sksJsonStream, to);
    Module.sksJsonStream = null;
  },
});
