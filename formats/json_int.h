/* Private: a JSON document being read (form_json.c: its bytes, jansson's
 * tree, the puzzles handed out) and the walk that finds its puzzles
 * (form_json_find.c). */
#ifndef SKS_JSON_INT_H
#define SKS_JSON_INT_H

#include "form_int.h"

#include <jansson.h>

enum {
  SKS_JSON_LIMIT = 1 << 24, /* a document's bytes: jansson's tree is up to ~30x
                           (arrays of numbers: 490 MB at the limit) */
  SKS_JSON_DEPTH = 4,       /* values this deep keep their place */
  SKS_JSON_NESTING = 4096, /* containers the scan tells apart (jansson: 2048) */
  SKS_JSON_KEYS_SHOWN = 6  /* keys an error names */
};

typedef struct sks_json_pos {
  int line; /* from the document's first line, 0 */
  int col;  /* the file's column, from 1 */
} sks_json_pos;

/* A puzzle found (puzzle set) or an error (msg set), in document order. */
typedef struct sks_json_item {
  json_t *puzzle, *solution, *name;
  json_t *doc; /* an ipuz document */
  size_t pos;  /* its place: an index of pos */
  bool ipuz;
  bool fpuzzles;       /* an f-puzzles document (puzzle: its object) */
  bool sudokupad;      /* a SudokuPad document (puzzle: its object) */
  bool foreign;        /* the error is of a form not read */
  size_t msg, msg_len; /* an error's text, in msgs */
} sks_json_item;

struct sks_json {
  SKS_STACK(char) text;
  SKS_STACK(sks_json_pos) pos;
  SKS_STACK(sks_json_item) q;
  SKS_STACK(char) msgs;
  size_t head;
  json_t *root;
  long base; /* the file line of the document's first line */
  /* The scan. */
  int depth;
  bool in_string, escape, scalar, expect_key, closed, skip;
  long line, col; /* where the next byte goes */
  unsigned char kind[SKS_JSON_NESTING];
};

typedef enum sks_json_kind {
  SKS_JSON_NONE,       /* no puzzle by itself: a list, or nothing */
  SKS_JSON_STRING,     /* N*N symbols */
  SKS_JSON_FLAT,       /* N*N cells */
  SKS_JSON_ROWS,       /* N arrays of N cells */
  SKS_JSON_TEXT_ROWS,  /* N strings of N symbols */
  SKS_JSON_OBJECT_ROWS /* N members, each an array of N cells */
} sks_json_kind;

/* What v is as a puzzle (ipuz: the rows of an ipuz puzzle). */
sks_json_kind sks_json_classify(json_t *v, bool ipuz);
/* A cell's value: an ipuz {"given": ...} or {"value": ...} unwrapped. */
json_t *sks_json_unwrap(json_t *v);
/* "an object", "a number", ... */
static inline const char *sks_json_type_name(json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
  case JSON_REAL:
    return "a number";
  case JSON_TRUE:
    return "true";
  case JSON_FALSE:
    return "false";
  default:
    return "null";
  }
}
/* Queues the puzzles of the tree at j->root, and errors where none is
 * found, in document order. */
void sks_json_collect(struct sks_json *j);
/* Queues an error at place pos (foreign: of a form not read). */
void sks_json_queue_error(struct sks_json *j, size_t pos, bool foreign,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* f-puzzles documents (form_fpuzzles.c): is obj one ("size" and a
 * "grid" of cell objects)?  build: makes rd->p its puzzle (givens,
 * regions, name, rules), errors at line:col: 0 or -1 with err filled. */
bool sks_fpuzzles_is(json_t *obj);
int sks_fpuzzles_build(sks_reader *rd, json_t *obj, long line, long col,
                       sks_error *err);

/* SudokuPad's own documents (form_sudokupad.c): is obj one ("cells",
 * rows of cell objects)?  decode: a link's payload (lz-string base64 of
 * the JSON or of SudokuPad's zipped JSON) into a new object, or NULL with
 * why filled.  build: as sks_fpuzzles_build. */
bool sks_sudokupad_is(json_t *obj);
json_t *sks_sudokupad_decode(const char *s, size_t len, char *why, size_t size);
int sks_sudokupad_build(sks_reader *rd, json_t *obj, long line, long col,
                        sks_error *err);

#endif
