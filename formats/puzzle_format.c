/* Reading puzzle text as a stream (docs/formats.md, "Puzzle formats"): each
 * line is offered to the table of forms below, in order, and the first that
 * recognises it reads it (and the lines after it that it needs).  A form
 * is one file, form_*.c, and one row here; form_scan.c holds what they
 * share.  puzzle_write.c writes answers back in the same layouts. */
#include "form_int.h"
#include "require_int.h"

#include <string.h>

/* Links that carry a puzzle (form_link.c). */
extern const sks_form sks_form_link;

/* The forms, tried in this order on every line outside a puzzle that is
 * not a comment, blank or too long.  The grid is last: it takes any line. */
static const sks_form *const forms[] = {
    &sks_form_xml,         /* <?xml / <opensudoku>: OpenSudoku's games */
    &sks_form_json,        /* { or [ of a JSON document, ipuz */
    &sks_form_link,        /* f-puzzles and SudokuPad links */
    &sks_form_iss,         /* .Cage~15~R1C1~R1C2.~R3C3_5: ISS strings */
    &sks_form_sdk_header,  /* #A #D ... before an .sdk grid */
    &sks_form_sdk_section, /* [Puzzle] */
    &sks_form_csv_header,  /* quizzes,solutions */
    &sks_form_csv_row,     /* its rows, up to a blank line */
    &sks_form_column,      /* 5 / . / 3 ...: N*N lines of one number */
    &sks_form_rule,        /* - = + | lines between puzzles */
    &sks_form_hodoku,      /* :0100:1:..+3...:...: */
    &sks_form_candidates,  /* 729 candidates: 1........2.......... */
    &sks_form_forum,       /* puzzle,rating,... */
    &sks_form_name,        /* "Grid 01" before a grid */
    &sks_form_one_line,    /* N*N symbols and a name */
    &sks_form_id_line,     /* an id, N*N symbols, a rating */
    &sks_form_grid,        /* grids, numbers, numbers on one line */
};

/* A '#' line: a comment, unless a form reads such lines. */
static bool take_comment(sks_reader *rd, const sks_line_info *li) {
  for (size_t f = 0; f < sizeof forms / sizeof *forms; f++)
    if (forms[f]->comments && forms[f]->recognise(rd, li))
      return true;
  return false;
}

/* Notes a name line that named no puzzle as the text it was. */
static void drop_name(sks_reader *rd) {
  if (!rd->next_name)
    return;
  sks_form_note(rd, rd->next_name_line, rd->any_puzzle ? "a note" : "a title");
  free(rd->next_name);
  rd->next_name = NULL;
}

/* After the first line of a puzzle failed on itself alone: when it is
 * known text (a title, a URL, a size header), it is skipped with a note
 * in place of the error.  true: skipped. */
static bool skip_text(sks_reader *rd, bool grid) {
  /* The line scanned as it is now: a form may have read it rewritten (a
   * comma row spaced out) and put the bytes back as they were. */
  sks_line_info li;
  sks_form_analyze(rd, &li);
  const char *what = sks_form_text_kind(rd, &li);
  /* A one-line puzzle's first token failed: the rest of its line is a
   * name, which says nothing; only a URL is known text there. */
  if (!what || (!grid && strcmp(what, "a URL")))
    return false;
  rd->skip = 0; /* no grid rows to pass over: it was none */
  rd->foreign = false;
  drop_name(rd);
  sks_form_note(rd, rd->lineno, what);
  return true;
}

static int next_form(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  *out = NULL;
  if (rd->skip)
    sks_form_resync(rd);
  if (rd->xml) { /* an XML document goes on */
    int r = sks_form_xml_next(rd, out, err);
    if (r)
      return r;
  }
  if (rd->json) { /* a JSON document's puzzles go on */
    int r = sks_form_json_next(rd, out, err);
    if (r)
      return r;
  }
  for (;;) {
    if (!sks_form_read_line(rd)) {
      int r = sks_form_input_end(rd, err);
      return r ? r : sks_form_rules_orphan(rd, err);
    }
    int plain = sks_form_line_plain(rd, out, err);
    if (plain)
      return plain;
    sks_line_info li;
    sks_form_analyze(rd, &li);
    bool comment = sks_form_is_comment(rd, &li);
    if (comment && (rd->toolong || !take_comment(rd, &li)))
      continue;
    if (rd->toolong) {
      const sks_form *form = NULL;
      for (size_t f = 0; !form && f < sizeof forms / sizeof *forms; f++)
        if (forms[f]->long_lines && forms[f]->recognise(rd, &li))
          form = forms[f];
      if (!form)
        return sks_error_set(err, -1, rd->lineno, SKS_LINE_LIMIT + 1,
                             "line longer than %d bytes", SKS_LINE_LIMIT);
      int r = form->read(rd, &li, out, err);
      if (r)
        return r;
      continue;
    }
    if (sks_form_is_blank_line(&li)) {
      rd->rule_seen = false;
      rd->csv.fields = 0; /* a blank line ends a CSV table */
      continue;
    }
    if (!comment && sks_form_rule_line(rd, &li))
      continue;
    long line = rd->lineno;
    for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
      if (forms[f]->comments != comment || !forms[f]->recognise(rd, &li))
        continue;
      int r = forms[f]->read(rd, &li, out, err);
      if (r < 0 && !comment && rd->lineno == line && !rd->pending &&
          err->line == line &&
          (forms[f] == &sks_form_grid || forms[f] == &sks_form_one_line) &&
          skip_text(rd, forms[f] == &sks_form_grid))
        break;
      /* A grid, one-line or candidates puzzle may have its region map
       * after it (a 2x2 or 3x3 grid comes by the column form's small-grid
       * path); a grid may be a region map that comes before its puzzle. */
      bool grid = forms[f] == &sks_form_grid ||
                  forms[f] == &sks_form_one_line ||
                  forms[f] == &sks_form_candidates ||
                  (forms[f] == &sks_form_column && r == 1 &&
                   (*out)->look.layout == SKS_LAYOUT_GRID);
      if (r == 1 && grid &&
          ((forms[f] == &sks_form_grid && (!rd->blank || rd->blank == '0') &&
            sks_form_map_first(rd, err)) ||
           sks_form_map(rd, err))) {
        *out = NULL;
        return -1;
      }
      if (r)
        return r;
      break;
    }
  }
}

/* The next puzzle of any form, with the rule lines above it as its rules
 * (form_rules.c). */
static int next_puzzle(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  int r = next_form(rd, out, err);
  if (r == 1 && sks_form_rules_attach(rd, *out, err)) {
    *out = NULL;
    return -1;
  }
  return r;
}

enum { HOLD_MAX = 1024 }; /* errors held before the first puzzle */

/* Gives the next held error in err with code. */
static int give_held(sks_reader *rd, sks_error *err, int code) {
  sks_held *h = &rd->held.a[rd->held_next++];
  sks_error_set(err, code, h->line, h->col, "%s", h->msg);
  free(h->msg);
  h->msg = NULL;
  if (rd->held_next == rd->held.n)
    rd->held.n = rd->held_next = 0;
  return code;
}

static void hold(sks_reader *rd, const sks_error *e) {
  size_t len = strlen(e->msg);
  sks_held h = {e->line, e->col, sks_malloc(len + 1), rd->foreign};
  memcpy(h.msg, e->msg, len + 1);
  SKS_PUSH(rd->held, h);
}

/* At the end of an input that gave no puzzle and `held` errors: the code
 * they are given with (docs/formats.md, "Files of no puzzle": an input of no
 * puzzle text is refused as a whole), or one error for all of them. */
static int end_held(sks_reader *rd, sks_error *err) {
  bool foreign = true;
  for (size_t k = 0; k < rd->held.n; k++)
    foreign &= rd->held.a[k].foreign;
  rd->handed = true;
  if (rd->held.n < SKS_READ_MANY_ERRORS) {
    rd->held_code = foreign ? SKS_READ_NOT_PUZZLES : -1;
    return give_held(rd, err, rd->held_code);
  }
  const sks_held *h = &rd->held.a[0];
  sks_error_set(err, SKS_READ_NOT_PUZZLES, 0, 0,
                "no line of this file is a puzzle sudokusat reads (%zu "
                "lines with errors; the first, %ld:%ld: %s)",
                rd->held.n, h->line, h->col, h->msg);
  for (size_t k = 0; k < rd->held.n; k++)
    free(rd->held.a[k].msg);
  rd->held.n = rd->held_next = 0;
  return SKS_READ_NOT_PUZZLES;
}

/* The errors before the first puzzle of the input are held: given out in
 * order before it when one comes, else (at the end) as end_held says. */
static int reader_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  *out = NULL;
  if (rd->held_next < rd->held.n)
    return give_held(rd, err, rd->held_code);
  if (rd->held_puzzle) {
    rd->held_puzzle = false;
    *out = rd->p;
    return 1;
  }
  for (;;) {
    /* Nothing held and no puzzle to drop (the common way): errors go
     * straight to err and the answer straight back. */
    bool plain = rd->handed && !rd->drop_next;
    sks_error *e = plain && err ? err : &rd->scratch;
    rd->foreign = false;
    bool dropping = rd->drop_next;
    int r = next_puzzle(rd, out, e);
    if (rd->next_name) {
      if (r == 0)
        drop_name(rd);
      free(rd->next_name); /* a name names the one puzzle after it */
      rd->next_name = NULL;
    }
    if (plain)
      return r;
    if (r == 1 && dropping) { /* the puzzle after a region map */
      rd->drop_next = false;
      rd->any_puzzle = true;
      continue;
    }
    if (r && dropping)
      rd->drop_next = false;
    if (r == 1)
      rd->any_puzzle = true;
    if (rd->handed || (r == 1 && !rd->held.n) || (r == 0 && !rd->held.n)) {
      if (r < 0 && err)
        *err = *e;
      rd->handed |= r == 1;
      return r;
    }
    if (r == 1) { /* the errors before it first */
      rd->handed = rd->held_puzzle = true;
      rd->held_code = -1;
      return give_held(rd, err, -1);
    }
    if (r < 0) {
      hold(rd, e);
      /* too many to hold, or a line past the limit (which may never end:
       * /dev/zero): as they come */
      if (rd->held.n == HOLD_MAX || e->col > SKS_LINE_LIMIT) {
        rd->handed = true;
        rd->held_code = -1;
        return give_held(rd, err, -1);
      }
      continue;
    }
    return end_held(rd, err);
  }
}

/* The puzzle is the answer 1's alone: a form that fails after it made
 * one, or a puzzle held behind the errors before it, stays the reader's
 * and is not handed out with -1 (the caller would free it too). */
int sks_reader_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  sks_require(rd && out, "reader and out must not be NULL");
  int r = reader_next(rd, out, err);
  if (r != 1)
    *out = NULL;
  return r;
}

void sks_reader_set_note(sks_reader *rd, sks_reader_note_fn *fn, void *ctx) {
  sks_require(rd, "reader must not be NULL");
  rd->note = fn;
  rd->note_ctx = ctx;
}

sks_reader *sks_reader_new(sks_input *in, const sks_format_options *opt) {
  sks_require(in, "input must not be NULL");
  sks_reader *rd = sks_calloc(1, sizeof *rd);
  rd->in = in;
  if (opt)
    rd->opt = *opt;
  sks_require((rd->opt.box_rows > 0) == (rd->opt.box_cols > 0),
              "box_rows and box_cols are both set or both 0");
  sks_require(!rd->opt.symbols || sks_symbols_valid(rd->opt.symbols),
              "symbols must be an alphabet as sks_symbols_parse gives");
  sks_require(!(rd->opt.variants & SKS_VARIANT_JIGSAW) ||
                  (rd->opt.jigsaw && rd->opt.box_rows > 0),
              "a jigsaw map needs box_rows and box_cols (its size)");
  return rd;
}

void sks_reader_delete(sks_reader *rd) {
  if (!rd)
    return;
  sks_puzzle_delete(rd->p);
  SKS_STACK_FREE(rd->line);
  SKS_STACK_FREE(rd->ahead);
  SKS_STACK_FREE(rd->fields);
  SKS_STACK_FREE(rd->name_buf);
  SKS_STACK_FREE(rd->column);
  SKS_STACK_FREE(rd->rw.col);
  SKS_STACK_FREE(rd->rw.buf);
  free(rd->spare_solution);
  free(rd->spare_removed);
  free(rd->next_name);
  for (size_t k = rd->held_next; k < rd->held.n; k++)
    free(rd->held.a[k].msg);
  SKS_STACK_FREE(rd->held);
  SKS_STACK_FREE(rd->pending_rules);
  SKS_STACK_FREE(rd->rule_text);
  sks_form_xml_free(rd);
  sks_form_json_free(rd);
  sks_shape_release(rd->map_shape);
  free(rd);
}

int sks_puzzle_parse(const char *text, const sks_format_options *opt,
                     sks_puzzle **out, sks_error *err) {
  sks_require(text && out, "text and out must not be NULL");
  *out = NULL;
  sks_input *in = sks_input_memory(text, strlen(text));
  sks_reader *rd = sks_reader_new(in, opt);
  sks_puzzle *p;
  int rc = sks_reader_next(rd, &p, err);
  if (rc == 0)
    rc = sks_error_set(err, -1, rd->lineno + 1, 1, "no puzzle in the text");
  if (rc == 1 && (rd->xml || rd->json)) {
    /* An XML or JSON document holds no second puzzle. */
    rd->p = NULL;
    sks_puzzle *q;
    int more = sks_reader_next(rd, &q, err);
    if (more == 1)
      more = sks_error_set(err, -1, q->look.line, 1, "text after the puzzle");
    sks_puzzle_delete(rd->p);
    rd->p = p;
    if (more)
      rc = -1;
  }
  if (rc == 1) {
    /* Exactly one: only blank, comment and rule lines may follow. */
    while (rc == 1 && sks_form_read_line(rd)) {
      sks_line_info li;
      sks_form_analyze(rd, &li);
      if (rd->toolong || !(sks_form_is_blank_line(&li) ||
                           sks_form_is_comment(rd, &li) || li.ruleish))
        rc = sks_error_set(err, -1, rd->lineno, (long)li.start + 1,
                           "text after the puzzle");
    }
  }
  if (rc == 1) {
    rd->p = NULL;
    *out = p;
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  return rc == 1 ? 0 : -1;
}
