/* OpenSudoku's XML puzzle files, read with expat: an <opensudoku> element
 * holding <game data="..."/> elements (OpenSudoku 2's exports put them in
 * <folder name="..."> elements; older files name the collection with a
 * <name> element before the games).  A line that starts with "<?xml" or
 * "<opensudoku" begins the document; from there lines go to expat one at
 * a time (a long line in chunks), up to the line that closes the root
 * element or the end of the input, and each <game> is handed out as soon
 * as expat has read it: the games of one fed chunk wait in a small queue.
 * A game's data attribute is a one-line puzzle (81 digits, 0 blank); its
 * name is its name attribute, else "COLLECTION #K" (docs/formats.md,
 * "The forms"). */
#include "form_buffer_int.h"
#include "form_int.h"
#include "input_int.h"

#include <expat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  CHUNK = 16384,    /* bytes fed to expat at a time */
  NAME_LIMIT = 256, /* a collection name is cut here */
  MAX_CELLS = SKS_MAX_SYMBOL_N * SKS_MAX_SYMBOL_N
};

/* A game read (n > 0) or an error (n == 0), waiting to be handed out. */
typedef struct xml_event {
  long line, col;
  int n;
  char blank;
  size_t cells;     /* offset in cells */
  size_t text, len; /* the name or the message, in text */
} xml_event;

struct sks_xml {
  XML_Parser parser;
  sks_reader *rd;
  bool active;  /* lines still go to this document */
  bool skip;    /* after an XML error: skip to the root's end tag */
  bool stopped; /* a handler stopped the parser (and queued why) */
  bool closed;  /* the root element has ended */
  long base;    /* the file line of expat's line 1 */
  long col0;    /* bytes before expat's first byte on that line */
  int depth;
  int coll_depth; /* the element that named the collection; 0: none */
  bool in_name;   /* inside the old form's <name> element */
  long games;     /* <game> elements in the collection so far */
  SKS_STACK(xml_event) q;
  size_t head;
  SKS_STACK(int) cells;
  SKS_STACK(char) text;
  SKS_STACK(char) coll;
  char chunk[CHUNK];
};

/* Expat's position (line from 1, column from 0) as the file's. */
static void position(const struct sks_xml *x, long *line, long *col) {
  long l = (long)XML_GetCurrentLineNumber(x->parser);
  long c = (long)XML_GetCurrentColumnNumber(x->parser) + 1;
  *line = x->base + l - 1;
  *col = l == 1 ? c + x->col0 : c;
}

static void put_text(struct sks_xml *x, const char *s, size_t len) {
  if (!len)
    return;
  SKS_STACK_RESERVE(x->text, x->text.n + len);
  memcpy(x->text.a + x->text.n, s, len);
  x->text.n += len;
}

static void queue_error(struct sks_xml *x, long line, long col, const char *fmt,
                        ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void queue_error(struct sks_xml *x, long line, long col, const char *fmt,
                        ...) {
  char msg[sizeof((sks_error *)0)->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  xml_event e = {.line = line, .col = col, .text = x->text.n};
  put_text(x, msg, strlen(msg));
  e.len = x->text.n - e.text;
  SKS_PUSH(x->q, e);
}

/* Ends the document here with an error naming `what` (expat's position). */
static void stop(struct sks_xml *x, const char *fmt, const char *what) {
  long line, col;
  position(x, &line, &col);
  queue_error(x, line, col, fmt, what);
  x->stopped = true;
  XML_StopParser(x->parser, XML_FALSE);
}

static const char *attribute(const XML_Char **atts, const char *name) {
  for (; *atts; atts += 2)
    if (!strcmp(atts[0], name))
      return atts[1];
  return NULL;
}

/* The name of a game without a name attribute: "COLLECTION #K" ("#K"
 * outside a named collection), then ", difficulty D" or ", level L". */
static void default_name(struct sks_xml *x, const XML_Char **atts) {
  size_t s = 0, e = x->coll.n;
  while (s < e && sks_text_is_space((unsigned char)x->coll.a[s]))
    s++;
  while (e > s && sks_text_is_space((unsigned char)x->coll.a[e - 1]))
    e--;
  /* " #K", written by hand: a printf a game was a tenth of the read */
  char num[32], *end = num + sizeof num, *w = end;
  long k = x->games;
  do
    *--w = (char)('0' + k % 10);
  while ((k /= 10) > 0 && w > num + 2);
  *--w = '#';
  if (e > s) {
    *--w = ' ';
    put_text(x, x->coll.a + s, e - s);
  }
  put_text(x, w, (size_t)(end - w));
  const char *label = "difficulty", *v = attribute(atts, label);
  if (!v || !*v)
    v = attribute(atts, label = "level");
  if (v && *v) {
    size_t len = strlen(v);
    put_text(x, ", ", 2);
    put_text(x, label, strlen(label));
    put_text(x, " ", 1);
    put_text(x, v, len < NAME_LIMIT ? len : NAME_LIMIT);
  }
}

/* A <game>: its data checked and queued as a puzzle, or an error. */
static void game(struct sks_xml *x, const XML_Char **atts) {
  sks_reader *rd = x->rd;
  long line, col;
  position(x, &line, &col);
  x->games++;
  const char *data = attribute(atts, "data");
  if (!data) {
    queue_error(x, line, col, "a <game> without a data attribute");
    return;
  }
  if (!strncmp(data, "version:", 8)) {
    queue_error(x, line, col,
                "data in OpenSudoku's saved-game form (\"version: ...\"): "
                "only givens as 81 digits are read");
    return;
  }
  long len = (long)strlen(data);
  int n;
  /* 9x9 (OpenSudoku's size) up to 35x35: a smaller one written back as
   * one line could read as a grid row (16 symbols under --hex). */
  if (!sks_form_is_square(len, &n) || n < 9 || n > SKS_MAX_SYMBOL_N) {
    long lo = (long)n * n, hi = (long)(n + 1) * (n + 1);
    long near = n < 9                   ? 81
                : n >= SKS_MAX_SYMBOL_N ? MAX_CELLS
                : len - lo < hi - len   ? lo
                                        : hi;
    queue_error(x, line, col,
                "data of %ld symbol%s: a puzzle needs a square count such "
                "as %ld",
                len, len == 1 ? "" : "s", near);
    return;
  }
  const char *alpha = sks_form_alphabet(rd);
  if (alpha && (int)strlen(alpha) != n)
    alpha = NULL; /* the digits of data="..." */
  sks_form_build_table(rd, n, alpha);
  xml_event e = {.line = line, .col = col, .n = n, .cells = x->cells.n};
  SKS_STACK_RESERVE(x->cells, x->cells.n + (size_t)len);
  int *cell = x->cells.a + x->cells.n;
  for (long i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)data[i];
    int v = rd->sym[ch];
    /* SKS_SYM_BLANK (-1) or a digit below n, in one test */
    if ((unsigned)(v + 1) > (unsigned)n) { /* letters wait for settling */
      char what[16], expect[64];
      sks_describe_byte(what, sizeof what, ch);
      sks_form_expected_symbols(expect, sizeof expect, n, alpha);
      queue_error(x, line, col, "data symbol %ld: unexpected %s (expected %s)",
                  i + 1, what, expect);
      return;
    }
    cell[i] = v;
  }
  for (long i = 0; i < len; i++) /* the first blank's symbol */
    if (cell[i] == SKS_SYM_BLANK) {
      e.blank = data[i];
      break;
    }
  x->cells.n += (size_t)len;
  e.text = x->text.n;
  const char *name = attribute(atts, "name");
  if (name && *name)
    put_text(x, name, strlen(name));
  else
    default_name(x, atts);
  e.len = x->text.n - e.text;
  SKS_PUSH(x->q, e);
}

static void XMLCALL start(void *ud, const XML_Char *el, const XML_Char **atts) {
  struct sks_xml *x = ud;
  x->depth++;
  if (x->depth == 1) {
    if (strcmp(el, "opensudoku"))
      stop(x, "<%.40s>: not an OpenSudoku file (expected <opensudoku>)", el);
    return;
  }
  if (!strcmp(el, "game")) {
    game(x, atts);
  } else if (!strcmp(el, "folder")) {
    const char *name = attribute(atts, "name");
    size_t len = name ? strlen(name) : 0;
    x->coll.n = 0;
    SKS_STACK_RESERVE(x->coll, NAME_LIMIT);
    if (len)
      memcpy(x->coll.a, name, len < NAME_LIMIT ? len : NAME_LIMIT);
    x->coll.n = len < NAME_LIMIT ? len : NAME_LIMIT;
    x->coll_depth = x->depth;
    x->games = 0;
  } else if (x->depth == 2 && !strcmp(el, "name")) {
    x->coll.n = 0;
    x->in_name = true;
    x->coll_depth = 1;
  }
}

static void XMLCALL end(void *ud, const XML_Char *el) {
  struct sks_xml *x = ud;
  (void)el;
  x->in_name = false;
  if (x->depth == x->coll_depth) {
    x->coll.n = 0;
    x->coll_depth = 0;
    x->games = 0;
  }
  if (--x->depth == 0)
    x->closed = true;
}

static void XMLCALL text(void *ud, const XML_Char *s, int len) {
  struct sks_xml *x = ud;
  if (!x->in_name)
    return;
  size_t room = NAME_LIMIT - x->coll.n, k = (size_t)len;
  if (k > room)
    k = room;
  SKS_STACK_RESERVE(x->coll, NAME_LIMIT);
  memcpy(x->coll.a + x->coll.n, s, k);
  x->coll.n += k;
}

/* An entity declaration stops the document: an OpenSudoku file has none,
 * and entities that expand to games would fill the queue (memory stays
 * bounded by the bytes fed). */
static void XMLCALL entity(void *ud, const XML_Char *name, int parameter,
                           const XML_Char *value, int value_len,
                           const XML_Char *base, const XML_Char *system_id,
                           const XML_Char *public_id,
                           const XML_Char *notation) {
  struct sks_xml *x = ud;
  (void)parameter, (void)value, (void)value_len, (void)base;
  (void)system_id, (void)public_id, (void)notation;
  stop(x, "XML: entity %.40s: entity declarations are not read", name);
}

/* Feeds len bytes to expat (final: the document's end); on an XML error
 * queues it and skips the rest of the document. */
static void feed(struct sks_xml *x, const char *s, size_t len, bool final) {
  if (x->skip) {
    static const char tag[] = "</opensudoku";
    for (size_t i = 0; i + sizeof tag - 1 <= len; i++)
      if (s[i] == '<' && !memcmp(s + i, tag, sizeof tag - 1))
        x->closed = true;
    return;
  }
  if (XML_Parse(x->parser, s, (int)len, final) == XML_STATUS_OK)
    return;
  if (!x->stopped) {
    long line, col;
    position(x, &line, &col);
    queue_error(x, line, col, "XML: %s",
                XML_ErrorString(XML_GetErrorCode(x->parser)));
  }
  x->skip = true;
  x->closed = final;
  feed(x, s, len, final); /* the root's end tag may follow on this line */
}

/* Feeds the rest of the line the input stands in, its line end as '\n'.
 * The bytes the input's buffer holds are copied a run at a time up to a
 * line end; the line end itself, and what lies past the buffer, go a
 * byte at a time. */
static void feed_rest_of_line(sks_reader *rd, struct sks_xml *x) {
  size_t n = 0;
  sks_input *in = rd->in;
  for (;;) {
    if (!in->npushed && in->pos < in->len) {
      const unsigned char *d = in->data + in->pos, *e = in->data + in->len;
      if ((size_t)(e - d) > CHUNK - n)
        e = d + (CHUNK - n);
      const unsigned char *q = sks_form_line_stop(d, e);
      memcpy(x->chunk + n, d, (size_t)(q - d));
      n += (size_t)(q - d);
      in->pos += (size_t)(q - d);
      if (n == CHUNK) {
        feed(x, x->chunk, n, false);
        n = 0;
        continue;
      }
    }
    int ch = sks_input_next(rd->in);
    if (ch == EOF) {
      rd->eof = true;
      break;
    }
    if (ch == '\r') {
      int next = sks_input_next(rd->in);
      if (next != '\n' && next != EOF)
        sks_input_ungetc(rd->in, next);
      ch = '\n';
    }
    x->chunk[n++] = (char)ch;
    if (ch == '\n')
      break;
    if (n == CHUNK) {
      feed(x, x->chunk, n, false);
      n = 0;
    }
  }
  if (n)
    feed(x, x->chunk, n, false);
}

/* The document's next line; ends it at its root's end tag or the end of
 * the input. */
static void next_line(sks_reader *rd, struct sks_xml *x) {
  if (x->skip) {
    /* After an XML error: up to the root's end tag, or a line that
     * begins a document (it is read again, as one). */
    sks_line_info li;
    x->active = sks_form_read_line(rd);
    if (!x->active)
      return;
    sks_form_analyze(rd, &li);
    if (sks_form_xml_starts(rd, &li)) {
      rd->pending = true;
      x->active = false;
      return;
    }
    feed(x, rd->line.a, rd->line.n, false);
    x->active = !x->closed;
    return;
  }
  int ch = rd->eof ? EOF : sks_input_next(rd->in);
  if (ch == EOF) {
    rd->eof = true;
    if (!x->skip)
      feed(x, "", 0, true);
    x->active = false;
    return;
  }
  sks_input_ungetc(rd->in, ch);
  rd->lineno++;
  feed_rest_of_line(rd, x);
  if (x->closed) {
    if (!x->skip)
      feed(x, "", 0, true);
    x->active = false;
  }
}

int sks_form_xml_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  struct sks_xml *x = rd->xml;
  for (;;) {
    if (x->head < x->q.n) {
      const xml_event *e = &x->q.a[x->head++];
      const char *s = x->text.a + e->text;
      if (!e->n)
        return sks_error_set(err, -1, e->line, e->col, "%.*s", (int)e->len, s);
      if (sks_form_prepare(rd, e->n, err)) {
        if (err)
          err->line = e->line, err->col = e->col;
        return -1;
      }
      memcpy(rd->p->cell, x->cells.a + e->cells,
             (size_t)e->n * e->n * sizeof *rd->p->cell);
      rd->blank = e->blank;
      sks_puzzle_set_name(rd->p, s, e->len);
      rd->p->look.line = e->line;
      const char *alpha = sks_form_alphabet(rd);
      if (alpha && (int)strlen(alpha) == e->n)
        memcpy(rd->p->look.symbols, alpha, (size_t)e->n + 1);
      sks_form_finish(rd, SKS_LAYOUT_LINE, out);
      return 1;
    }
    if (!x->active)
      return 0;
    x->q.n = x->head = x->cells.n = x->text.n = 0;
    next_line(rd, x);
  }
}

static int read_xml(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                    sks_error *err) {
  struct sks_xml *x = rd->xml;
  if (!x) {
    x = rd->xml = sks_calloc(1, sizeof *x);
    x->rd = rd;
    /* Expat allocates as the library does: a failure aborts. */
    static const XML_Memory_Handling_Suite mm = {sks_malloc, sks_realloc, free};
    x->parser = XML_ParserCreate_MM(NULL, &mm, NULL);
    if (!x->parser)
      abort();
  } else {
    XML_ParserReset(x->parser, NULL);
  }
  XML_SetUserData(x->parser, x);
  XML_SetElementHandler(x->parser, start, end);
  XML_SetCharacterDataHandler(x->parser, text);
  XML_SetEntityDeclHandler(x->parser, entity);
  x->active = true;
  x->skip = x->stopped = x->closed = x->in_name = false;
  x->depth = x->coll_depth = 0;
  x->games = 0;
  x->coll.n = x->q.n = x->head = x->cells.n = x->text.n = 0;
  x->base = rd->lineno;
  x->col0 = (long)li->start;
  feed(x, rd->line.a + li->start, rd->line.n - li->start, false);
  if (rd->in_cut && !rd->have_ahead) {
    rd->in_cut = false; /* the line goes on in the input */
    feed_rest_of_line(rd, x);
  } else {
    feed(x, "\n", 1, false);
  }
  if (x->closed) {
    if (!x->skip)
      feed(x, "", 0, true);
    x->active = false;
  }
  return sks_form_xml_next(rd, out, err);
}

void sks_form_xml_free(sks_reader *rd) {
  struct sks_xml *x = rd->xml;
  if (!x)
    return;
  XML_ParserFree(x->parser);
  SKS_STACK_FREE(x->q);
  SKS_STACK_FREE(x->cells);
  SKS_STACK_FREE(x->text);
  SKS_STACK_FREE(x->coll);
  free(x);
  rd->xml = NULL;
}

const sks_form sks_form_xml = {.name = "OpenSudoku XML",
                               .long_lines = true,
                               .recognise = sks_form_xml_starts,
                               .read = read_xml};
