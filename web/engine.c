/* The WebAssembly module's entry points: a thin layer over the public C
 * library (sudokusat.h and nothing else), one function a thing the page
 * does.  Each takes the puzzle as text, in any form the reader reads
 * (the first puzzle of the text), and answers a JSON document as a string
 * the module owns, valid until the next call (the page's worker copies it
 * out at once).  The module is single-threaded: one call at a time.
 *
 * Every answer is an object with "ok": false and "error" (with "line" and
 * "col" where the text has them) when the text holds no puzzle or the
 * call cannot be made, else "ok": true and the call's fields (docs/web.md,
 * "The engine's calls"). */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"
#include "sudokusat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
/* Long calls (generate, grade) report how far they are: the worker posts
 * it to the page as they go. */
EM_JS(void, web_progress, (int done, int total), {
  if (Module.onProgress)
    Module.onProgress(done, total);
});
#define WEB_EXPORT EMSCRIPTEN_KEEPALIVE
#else
static void web_progress(int done, int total) {
  (void)done;
  (void)total;
}
#define WEB_EXPORT
#endif

/* ---- the answer: a JSON document written into a memory stream ---- */

static char *answer_buf;
static size_t answer_len;
static FILE *out;

static void begin(void) {
  if (out)
    fclose(out);
  free(answer_buf);
  answer_buf = NULL;
  out = open_memstream(&answer_buf, &answer_len);
}

static const char *finish(void) {
  fclose(out);
  out = NULL;
  return answer_buf;
}

static void json_string(const char *s) {
  putc('"', out);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(out, "\\%c", ch);
    else if (ch == '\n')
      fputs("\\n", out);
    else if (ch < 0x20)
      fprintf(out, "\\u%04x", ch);
    else
      putc(ch, out);
  }
  putc('"', out);
}

static void json_key(const char *key) {
  fprintf(out, ",\"%s\":", key);
}

static void json_ints(const char *key, const int *v, int count) {
  json_key(key);
  putc('[', out);
  for (int i = 0; i < count; i++)
    fprintf(out, "%s%d", i ? "," : "", v[i]);
  putc(']', out);
}

static const char *fail(const char *msg, long line, long col) {
  begin();
  fputs("{\"ok\":false,\"error\":", out);
  json_string(msg);
  if (line > 0)
    fprintf(out, ",\"line\":%ld,\"col\":%ld", line, col);
  putc('}', out);
  return finish();
}

/* ---- the puzzle: the first one the reader finds in text ---- */

typedef struct parsed {
  sks_input *in;
  sks_reader *rd;
  sks_puzzle *p; /* a copy the caller owns */
} parsed;

/* 0 and pz->p, or -1 after fail() wrote the answer (answer_buf).  variants: the
 * SKS_VARIANT_* bits the page's variant menu gives (X, windoku), as the
 * command line's --variant. */
static int parse(const char *text, unsigned variants, parsed *pz) {
  memset(pz, 0, sizeof *pz);
  sks_format_options fo = {0};
  fo.variants = variants;
  pz->in = sks_input_memory(text, strlen(text));
  pz->rd = sks_reader_new(pz->in, &fo);
  sks_puzzle *p = NULL;
  sks_error err = {0};
  int r = sks_reader_next(pz->rd, &p, &err);
  if (r == 1)
    pz->p = sks_puzzle_copy(p);
  sks_reader_delete(pz->rd);
  sks_input_close(pz->in);
  if (r == 1)
    return 0;
  if (r == 0)
    fail("no puzzle in the text", 0, 0);
  else
    fail(err.msg, err.line, err.col);
  return -1;
}

/* The rules drawn as print draws them, for the page to lay under and over
 * its grid (sks_print_rules_svg): "rules_svg" with the margin in cells
 * and the two layers. */
static void put_rules_drawn(const sks_puzzle *p) {
  static const char *const names[] = {"under", "over"};
  json_key("rules_svg");
  putc('{', out);
  int margin = 0;
  for (int k = 0; k < 2; k++) {
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    margin = sks_print_rules_svg(f, p, k ? SKS_PRINT_OVER : SKS_PRINT_UNDER);
    fclose(f);
    fprintf(out, "\"%s\":", names[k]);
    json_string(svg);
    putc(',', out);
    free(svg);
  }
  fprintf(out, "\"margin\":%d}", margin < 0 ? 0 : margin);
}

/* The shape and givens the page draws. */
static void put_puzzle(const sks_puzzle *p) {
  const sks_shape *s = p->shape;
  int n = s->n, cells = n * n;
  fprintf(out, ",\"n\":%d,\"box_rows\":%d,\"box_cols\":%d", n, s->box_rows,
          s->box_cols);
  json_key("variants");
  putc('[', out);
  for (int i = 0, k = 0; i < SKS_VARIANTS; i++)
    if (s->variants & (1u << i)) {
      fputs(k++ ? "," : "", out);
      json_string(sks_variant_name(1u << i));
    }
  putc(']', out);
  if (s->jigsaw)
    json_ints("jigsaw", s->jigsaw, cells);
  char sym[SKS_MAX_SYMBOL_N + 2] = "";
  if (n <= SKS_MAX_SYMBOL_N)
    for (int d = 0; d < n; d++)
      sym[d] = sks_puzzle_symbol(p, d);
  json_key("symbols");
  json_string(sym);
  json_ints("givens", p->cell, cells);
  if (p->removed) {
    json_key("candidates");
    putc('[', out);
    for (int i = 0; i < cells; i++) {
      unsigned long long m = 0;
      for (int d = 0; d < n && d < 53; d++)
        if (sks_puzzle_allows(p, i, d))
          m |= 1ull << d;
      fprintf(out, "%s%llu", i ? "," : "", m);
    }
    putc(']', out);
  }
  fprintf(out, ",\"rules\":%d", sks_puzzle_rule_count(p));
  if (sks_puzzle_rule_count(p)) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    sks_puzzle_write_rules(f, p);
    fclose(f);
    json_key("rules_text");
    json_string(text);
    free(text);
    put_rules_drawn(p);
  }
  if (p->look.name) {
    json_key("name");
    json_string(p->look.name);
  }
}

/* ---- counting to two ---- */

static sks_solver *counter;

/* Solutions of p up to two into first and second (n*n each): 0, 1, 2,
 * or -1 when the module cannot say (err: why). */
static int count_two(const sks_puzzle *p, int *first, int *second,
                     double seconds, sks_error *err) {
  if (!counter && !(counter = sks_solver_new("auto", NULL, err)))
    return -1;
  sks_eo *eo = sks_eo_new(p->shape);
  int r = sks_eo_load(eo, p, sks_solver_propagation(counter, p->shape));
  int count = -1;
  if (r == SKS_UNSAT)
    count = 0;
  else if (!sks_solver_load_eo(counter, eo, err)) {
    sks_limits lim = {.time_limit = seconds};
    sks_count_result c =
        sks_count(counter, eo, p, 2, &lim, first, second, NULL, err);
    if (c.status == SKS_SAT)
      count = c.count > 2 ? 2 : (int)c.count;
    else if (c.status == SKS_UNKNOWN && c.count >= 2)
      count = 2;
    else if (c.status == SKS_UNKNOWN && !err->msg[0])
      sks_error_set(err, -1, 0, 0,
                    "the search ran past its budget (the command line's "
                    "CDCL engines go on)");
  }
  sks_eo_delete(eo);
  return count;
}

/* An answer's start: ok, the puzzle, its status from a count to 2
 * (-1: unknown). */
static void put_head(const sks_puzzle *p, int count) {
  begin();
  fputs("{\"ok\":true", out);
  put_puzzle(p);
  json_key("status");
  json_string(count == 0   ? "none"
              : count == 1 ? "unique"
              : count == 2 ? "multiple"
                           : "unknown");
}

static sks_repairer *repairer;

static void put_repair(const sks_repair *rp) {
  static const char *const kinds[] = {"unique", "added", "clash", "unknown"};
  json_key("repair");
  fprintf(out, "{\"kind\":\"%s\"", kinds[rp->kind]);
  json_ints("cells", rp->cell, rp->ncells);
  json_ints("digits", rp->digit, rp->ncells);
  fprintf(out, ",\"fewest\":%s,\"minimal\":%s}", rp->fewest ? "true" : "false",
          rp->minimal ? "true" : "false");
}

/* Whether the puzzle has one solution, several (two of them) or none (the
 * smallest clash of its givens, repair's), with its shape and givens. */
WEB_EXPORT const char *web_analyze(const char *text, unsigned variants) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  sks_puzzle *p = pz.p;
  int cells = p->shape->n * p->shape->n;
  int *first = sks_malloc(2 * (size_t)cells * sizeof *first);
  int *second = first + cells;
  sks_error err = {0};
  int count = count_two(p, first, second, 2.0, &err);
  put_head(p, count);
  if (count < 0) {
    json_key("message");
    json_string(err.msg);
  }
  if (count >= 1)
    json_ints("solution", first, cells);
  if (count == 2)
    json_ints("second", second, cells);
  if (count == 0 && !p->rules) {
    if (!repairer)
      repairer = sks_repairer_new();
    sks_repair_options ro = {.time_limit = 1.0};
    sks_repair rp;
    sks_repair_puzzle(repairer, p, &ro, &rp);
    put_repair(&rp);
  }
  putc('}', out);
  free(first);
  sks_puzzle_delete(p);
  return finish();
}

/* ---- the human solver: grade, explain, hint ---- */

static sks_human *human;

static void put_step(const sks_human *h, const sks_human_step *st, int n,
                     bool cands) {
  fputs("{\"technique\":", out);
  json_string(sks_technique_name(st->tech));
  json_key("key");
  json_string(sks_technique_key(st->tech));
  fprintf(out, ",\"rating\":%.1f,\"cell\":%d,\"digit\":%d", st->rating,
          st->cell, st->digit);
  json_ints("elim", st->elim, st->nelim);
  if (st->text) {
    json_key("text");
    json_string(st->text);
  }
  json_key("label");
  json_string(sks_human_label_name((sks_human_label)st->label));
  if (cands) { /* the pencil marks the step is taken on */
    json_key("cands");
    putc('[', out);
    for (int i = 0; i < n * n; i++) {
      int v = sks_human_value(h, i);
      unsigned long long m = v >= 0 ? 0 : sks_human_candidates(h, i);
      fprintf(out, "%s%llu", i ? "," : "", m);
    }
    putc(']', out);
  }
  putc('}', out);
}

/* The easiest human path, step by step (max_steps: 0 all, 1 a hint),
 * rated on Sudoku Explainer's scale; with steps, each step's pencil
 * marks (cands: a bit mask a cell, 0 for a placed one) before it. */
static const char *human_path(const char *text, unsigned variants,
                              int max_steps, bool steps) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  sks_puzzle *p = pz.p;
  int n = p->shape->n;
  if (n > 25) {
    sks_puzzle_delete(p);
    return fail("the page's human solver goes to 25x25", 0, 0);
  }
  sks_error err = {0};
  int count = count_two(p, NULL, NULL, 2.0, &err);
  if (!human)
    human = sks_human_new();
  sks_human_options o = {
      .known_unique = count == 1, .text = true, .se_rating = max_steps == 0};
  sks_human_load(human, p, &o);
  put_head(p, count);
  if (steps) {
    json_key("steps");
    putc('[', out);
  }
  sks_human_rating r = {0};
  sks_human_step st;
  int taken = 0, open = 0;
  for (int i = 0; i < n * n; i++)
    open += sks_human_value(human, i) < 0;
  while ((!max_steps || taken < max_steps) && sks_human_next(human, &st)) {
    if (steps) {
      fputs(taken ? "," : "", out);
      put_step(human, &st, n, true);
    }
    sks_human_count(human, &st, &r);
    sks_human_apply(human, &st);
    taken++;
    int left = 0;
    for (int i = 0; i < n * n; i++)
      left += sks_human_value(human, i) < 0;
    web_progress(open - left, open);
  }
  sks_human_count_end(human, &r);
  if (steps)
    putc(']', out);
  int end = sks_human_status(human);
  json_key("end");
  json_string(end == SKS_SAT     ? "solved"
              : end == SKS_UNSAT ? "contradiction"
                                 : "open");
  if (end == SKS_UNSAT) {
    json_key("contradiction");
    json_string(sks_human_contradiction(human));
  }
  if (taken) {
    fprintf(out, ",\"rating\":%.1f,\"count\":%d", r.rating, r.steps);
    json_key("hardest");
    json_string(sks_technique_name(r.hardest));
    json_key("hardest_key");
    json_string(sks_technique_key(r.hardest));
    json_key("label");
    json_string(sks_human_label_name((sks_human_label)r.label));
  }
  putc('}', out);
  sks_puzzle_delete(p);
  return finish();
}

/* The grade: the path's hardest step and its rating (Sudoku Explainer's
 * scale), HoDoKu's level, the number of steps. */
WEB_EXPORT const char *web_grade(const char *text, unsigned variants) {
  return human_path(text, variants, 0, false);
}

/* Every step of the path, or the next one only (max_steps 1: a hint). */
WEB_EXPORT const char *web_explain(const char *text, unsigned variants,
                                   int max_steps) {
  return human_path(text, variants, max_steps, true);
}

/* ---- writing a puzzle ---- */

/* p's rules and p (or grid) in the layout, as text. */
static void put_text(const char *key, const sks_puzzle *p, const int *grid,
                     sks_layout layout) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  sks_puzzle_write_rules(f, p);
  sks_puzzle_write_as(f, p, grid, layout);
  fclose(f);
  json_key(key);
  json_string(text);
  free(text);
}

/* ---- making puzzles ---- */

static sks_grade_label label_of(const sks_puzzle *p) {
  if (!human)
    human = sks_human_new();
  sks_human_options o = {.known_unique = true};
  sks_human_rating r;
  sks_human_rate(human, p, &o, &r);
  return (sks_grade_label)r.label;
}

/* Puzzles of the seed from index on until one's HoDoKu level lies in
 * [label_min, label_max] (0-4, easy to extreme), at most `tries` or
 * `seconds`.  symmetry: sks_symmetry_name's names. */
WEB_EXPORT const char *web_generate(int box_rows, int box_cols,
                                    unsigned variants, const char *symmetry,
                                    int minimal, int givens, double seed,
                                    int index, int label_min, int label_max,
                                    int tries, double seconds) {
  sks_error err = {0};
  sks_generate_options go = {0};
  if (sks_symmetry_parse(symmetry, &go.symmetry))
    return fail("unknown symmetry", 0, 0);
  go.minimal = minimal != 0;
  go.givens = givens;
  go.seed = (unsigned long long)seed;
  go.time_limit = seconds > 0 ? seconds : 0;
  sks_puzzle *p = sks_puzzle_new(box_rows, box_cols, variants, NULL, &err);
  if (!p)
    return fail(err.msg, 0, 0);
  sks_generator *g = sks_generator_new(p->shape, &go, &err);
  if (!g) {
    sks_puzzle_delete(p);
    return fail(err.msg, 0, 0);
  }
  double end = seconds > 0 ? sks_time() + seconds : 0;
  int found = -1, made = 0;
  sks_grade_label label = SKS_LABEL_EASY;
  for (int k = 0; k < (tries > 0 ? tries : 1); k++) {
    web_progress(k, tries);
    if (sks_generate(g, (unsigned long long)(index + k), p, NULL))
      continue;
    made++;
    label = label_of(p);
    if ((int)label >= label_min && (int)label <= label_max) {
      found = index + k;
      break;
    }
    if (sks_past(end))
      break;
  }
  sks_generator_delete(g);
  if (found < 0) {
    sks_puzzle_delete(p);
    char msg[160];
    snprintf(msg, sizeof msg,
             "none of %d puzzles made had the level asked for; try again "
             "(the next seed) or widen the range",
             made);
    return fail(msg, 0, 0);
  }
  begin();
  fprintf(out, "{\"ok\":true,\"index\":%d,\"givens_left\":%d", found,
          sks_puzzle_givens(p));
  json_key("level");
  json_string(sks_grade_label_name(label));
  put_text("text", p, NULL, SKS_LAYOUT_LINE);
  putc('}', out);
  sks_puzzle_delete(p);
  return finish();
}

/* The puzzle with givens removed until none can go (whole orbits of the
 * symmetry), random order from the seed. */
WEB_EXPORT const char *web_minimize(const char *text, unsigned variants,
                                    const char *symmetry, double seed) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  sks_puzzle *p = pz.p;
  if (p->removed) {
    sks_puzzle_delete(p);
    return fail("minimize does not take candidates puzzles", 0, 0);
  }
  sks_error err = {0};
  sks_generate_options go = {.seed = (unsigned long long)seed,
                             .time_limit = 30};
  if (sks_symmetry_parse(symmetry, &go.symmetry)) {
    sks_puzzle_delete(p);
    return fail("unknown symmetry", 0, 0);
  }
  sks_generator *g = sks_generator_new(p->shape, &go, &err);
  if (!g) {
    sks_puzzle_delete(p);
    return fail(err.msg, 0, 0);
  }
  int before = sks_puzzle_givens(p);
  int was = sks_minimize(g, 0, p);
  bool cut = sks_generator_cut(g);
  sks_generator_delete(g);
  if (was != 1) {
    sks_puzzle_delete(p);
    return fail(was == 0   ? "no solution: nothing to minimize"
                : was == 2 ? "several solutions: repair it first"
                           : "the time limit ran out",
                0, 0);
  }
  begin();
  fprintf(out, "{\"ok\":true,\"before\":%d,\"after\":%d,\"cut\":%s", before,
          sks_puzzle_givens(p), cut ? "true" : "false");
  put_text("text", p, NULL, sks_layout_of(p));
  putc('}', out);
  sks_puzzle_delete(p);
  return finish();
}

/* Several solutions: the fewest cells to add; none: the smallest clash. */
WEB_EXPORT const char *web_repair(const char *text, unsigned variants) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  if (!repairer)
    repairer = sks_repairer_new();
  sks_repair_options ro = {.time_limit = 20};
  sks_repair rp;
  sks_repair_puzzle(repairer, pz.p, &ro, &rp);
  begin();
  fputs("{\"ok\":true", out);
  put_repair(&rp);
  putc('}', out);
  sks_puzzle_delete(pz.p);
  return finish();
}

/* The canonical form (minlex under the shape's symmetry group). */
WEB_EXPORT const char *web_canon(const char *text, unsigned variants) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  sks_puzzle *p = pz.p;
  int n = p->shape->n;
  int *grid = sks_malloc((size_t)n * n * sizeof *grid);
  sks_canon *z = sks_canon_new();
  sks_canon_set_deadline(z, sks_time() + 10);
  sks_canon_map m;
  sks_error err = {0};
  int r = sks_canon_puzzle(z, p, grid, &m, &err);
  if (r) {
    sks_canon_delete(z);
    free(grid);
    sks_puzzle_delete(p);
    return fail(err.msg, 0, 0);
  }
  sks_layout layout = sks_layout_of(p);
  if (p->removed) {
    unsigned char *removed = sks_malloc((size_t)n * n * n);
    sks_canon_apply_removed(&m, p->removed, removed);
    free(p->removed);
    p->removed = removed;
  }
  begin();
  fputs("{\"ok\":true", out);
  put_text("text", p, grid, layout);
  putc('}', out);
  sks_canon_delete(z);
  free(grid);
  sks_puzzle_delete(p);
  return finish();
}

/* The puzzle as text in a layout ("line", "grid", "candidates"). */
WEB_EXPORT const char *web_write(const char *text, unsigned variants,
                                 const char *layout) {
  static const char *const names[] = {"line",           "grid",
                                      "numbers",        "numbers-line",
                                      "numbers-column", "candidates"};
  int k = sks_name_index(layout, names, 6);
  if (k < 0)
    return fail("unknown layout", 0, 0);
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  begin();
  fputs("{\"ok\":true", out);
  put_text("text", pz.p, NULL, (sks_layout)k);
  putc('}', out);
  sks_puzzle_delete(pz.p);
  return finish();
}

/* The printable page: the puzzle (with_solution: its solution, the givens
 * bold) as SVG, one puzzle on an A4 page. */
WEB_EXPORT const char *web_print(const char *text, unsigned variants,
                                 int with_solution) {
  parsed pz;
  if (parse(text, variants, &pz))
    return answer_buf;
  sks_puzzle *p = pz.p;
  int cells = p->shape->n * p->shape->n;
  int *sol = NULL;
  if (with_solution) {
    sol = sks_malloc(2 * (size_t)cells * sizeof *sol);
    sks_error err = {0};
    if (count_two(p, sol, sol + cells, 2.0, &err) != 1) {
      free(sol);
      sks_puzzle_delete(p);
      return fail("the solution is printed for a puzzle with one", 0, 0);
    }
  }
  char *svg = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&svg, &len);
  const sks_puzzle *ps[1] = {p};
  const int *grids[1] = {sol};
  sks_print_options po = {.per_page = 1};
  int r = sks_print_svg(f, ps, grids, 1, &po);
  fclose(f);
  begin();
  if (r)
    fputs("{\"ok\":false,\"error\":\"the page could not be written\"", out);
  else {
    fputs("{\"ok\":true", out);
    json_key("svg");
    json_string(svg);
  }
  putc('}', out);
  free(svg);
  free(sol);
  sks_puzzle_delete(p);
  return finish();
}

WEB_EXPORT const char *web_version(void) {
  return sks_version();
}
