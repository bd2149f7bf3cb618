/* Tests of the classes of equivalent puzzles (canon/canon_classes.c):
 * random disguises of generated puzzles fall in their original's class,
 * the originals each start one, in one call or across calls; a NULL entry
 * is passed over and a puzzle without canonical form is unknown and
 * starts no class; the shape and the candidates are part of the class;
 * the verdicts are the same on one thread and on several. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

enum { BASE = 40, COPIES = 160 };

static sks_puzzle *parse(const char *text, int box_rows, int box_cols) {
  sks_format_options fo = {0};
  fo.box_rows = box_rows;
  fo.box_cols = box_cols;
  sks_puzzle *p = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse(text, &fo, &p, &err), 0);
  return p;
}

/* BASE generated 9x9 puzzles, then COPIES disguises of them (copy i of
 * base[i * 7 % BASE]). */
static sks_puzzle **make_batch(void) {
  sks_puzzle **all = calloc(BASE + COPIES, sizeof *all);
  sks_error err = {0};
  const sks_shape *shape = sks_shape_new(3, 3, 0, NULL, &err);
  sks_generate_options opt = {.seed = 17};
  sks_generator *g = sks_generator_new(shape, &opt, &err);
  for (int i = 0; i < BASE; i++) {
    all[i] = sks_puzzle_of(shape);
    CHECK_EQ(sks_generate(g, (unsigned long long)i, all[i], NULL), 0);
  }
  int buf[27];
  for (int i = 0; i < COPIES; i++) {
    sks_canon_map m;
    sks_canon_random(3, 3, 1000 + (unsigned)i, &m, buf);
    const sks_puzzle *p = all[i * 7 % BASE];
    all[BASE + i] = sks_puzzle_copy(p);
    sks_canon_apply(&m, p->cell, all[BASE + i]->cell);
  }
  sks_generator_delete(g);
  sks_shape_release(shape);
  return all;
}

static void check_batch(sks_puzzle **all, int threads, sks_canon_verdict *v) {
  sks_canon_classes *c = sks_canon_classes_new(threads, 0);
  /* the originals and the first half of the copies in one call, the
   * rest in a second */
  int first = BASE + COPIES / 2;
  sks_canon_classes_add(c, (const sks_puzzle *const *)all, first, v);
  CHECK_EQ(sks_canon_classes_count(c), BASE);
  sks_canon_classes_add(c, (const sks_puzzle *const *)all + first,
                        BASE + COPIES - first, v + first);
  CHECK_EQ(sks_canon_classes_count(c), BASE);
  for (int i = 0; i < BASE; i++) {
    CHECK_EQ(v[i].seen, SKS_CANON_NEW);
    CHECK_EQ(v[i].id, i);
  }
  for (int i = 0; i < COPIES; i++) {
    CHECK_EQ(v[BASE + i].seen, SKS_CANON_REPEAT);
    CHECK_EQ(v[BASE + i].id, i * 7 % BASE);
  }
  sks_canon_classes_delete(c);
}

static const char *ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...2"
                              "6....4...3......1..4......7..7...3..";

/* NULL entries, a puzzle without form, a 4x4 puzzle, a candidates
 * puzzle: each where it belongs. */
static void check_odd(void) {
  sks_canon_classes *c = sks_canon_classes_new(2, 0);
  sks_puzzle *esc = parse(ESCARGOT, 3, 3);
  char bad[82];
  memcpy(bad, ESCARGOT, 82);
  bad[1] = '1'; /* two 1s in the first row */
  sks_puzzle *clash = parse(bad, 3, 3);
  sks_puzzle *small = parse("1...............", 2, 2);
  sks_puzzle *small2 = parse("...............3", 2, 2);
  sks_puzzle *cand = sks_puzzle_copy(esc);
  int n = 9;
  cand->removed = calloc((size_t)n * n * n, 1);
  cand->removed[1 * n + 4] = 1; /* cell 1 loses the candidate 5 */
  const sks_puzzle *in[] = {NULL, esc, clash, small, cand, small2, esc, NULL};
  sks_canon_verdict v[8];
  sks_canon_classes_add(c, in, 8, v);
  CHECK_EQ(v[0].seen, SKS_CANON_NONE);
  CHECK_EQ(v[0].id, -1);
  CHECK_EQ(v[1].seen, SKS_CANON_NEW);
  CHECK_EQ(v[1].id, 0);
  CHECK_EQ(v[2].seen, SKS_CANON_UNKNOWN);
  CHECK_EQ(v[2].id, -1);
  CHECK(v[2].err.msg[0] != 0);
  CHECK_EQ(v[3].seen, SKS_CANON_NEW);
  CHECK_EQ(v[3].id, 1);
  CHECK_EQ(v[4].seen, SKS_CANON_NEW);
  CHECK_EQ(v[4].id, 2);
  CHECK_EQ(v[5].seen, SKS_CANON_REPEAT); /* one given of 4x4 is one class */
  CHECK_EQ(v[5].id, 1);
  CHECK_EQ(v[6].seen, SKS_CANON_REPEAT);
  CHECK_EQ(v[6].id, 0);
  CHECK_EQ(v[7].seen, SKS_CANON_NONE);
  CHECK_EQ(sks_canon_classes_count(c), 3);
  sks_canon_classes_add(c, in, 0, v); /* nothing */
  CHECK_EQ(sks_canon_classes_count(c), 3);
  free(cand->removed);
  cand->removed = NULL;
  sks_puzzle_delete(cand);
  sks_puzzle_delete(esc);
  sks_puzzle_delete(clash);
  sks_puzzle_delete(small);
  sks_puzzle_delete(small2);
  sks_canon_classes_delete(c);
  sks_canon_classes_delete(NULL);
}

int main(void) {
  sks_puzzle **all = make_batch();
  sks_canon_verdict *one = calloc(BASE + COPIES, sizeof *one);
  sks_canon_verdict *three = calloc(BASE + COPIES, sizeof *three);
  check_batch(all, 1, one);
  check_batch(all, 3, three);
  for (int i = 0; i < BASE + COPIES; i++) {
    CHECK_EQ(one[i].seen, three[i].seen);
    CHECK_EQ(one[i].id, three[i].id);
  }
  check_odd();
  for (int i = 0; i < BASE + COPIES; i++)
    sks_puzzle_delete(all[i]);
  free(all);
  free(one);
  free(three);
  return check_report();
}
