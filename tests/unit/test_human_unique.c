/* The human solver's uniqueness techniques of Sudoku Explainer: unique
 * rectangles and unique loops of types 1-4 (human_unique.c),
 * each on a candidate grid made for it (an empty 9x9 with some cells'
 * candidates cut), where the step's exact eliminations and SE's rating
 * are checked, and on grids where it must find nothing (a rectangle over
 * four boxes, a path whose regions do not pair its cells, a puzzle not
 * known to be unique); then puzzles of the 17-clue collection that SE
 * (serate) rates 4.5-4.7 by a unique loop or rectangle, rated the same
 * here, every step checked against the solution; and SE's bivalue
 * universal graves of types 3 and 4 (human_basic.c) and aligned pair
 * exclusion (human_aligned.c) on puzzles SE rates by them; aligned
 * triplet exclusion (human_aligned.c) on a candidate grid, on a puzzle
 * whose path takes it where SE's does, and against SE's search written
 * out plainly on random candidate grids. */
#include "human_int.h"
#include "judge.h"

#include <string.h>

/* An empty 9x9 whose cells in spec ("r1c9=12 r2c9=12 ...") hold only the
 * digits given. */
static sks_puzzle *grid(const char *spec) {
  char empty[82];
  memset(empty, '.', 81);
  empty[81] = 0;
  sks_puzzle *p = judge_parse(empty);
  for (const char *s = spec; *s;) {
    while (*s == ' ')
      s++;
    if (!*s)
      break;
    int r = s[1] - '1', c = s[3] - '1';
    unsigned keep = 0;
    for (s += 5; *s >= '1' && *s <= '9'; s++)
      keep |= 1u << (*s - '1');
    for (int d = 0; d < 9; d++)
      if (!(keep >> d & 1))
        sks_puzzle_remove(p, r * 9 + c, d);
  }
  return p;
}

/* Removes digit d (1-9) from column c (1-9) but its rows in keep (bits
 * 1-9). */
static void cut_column(sks_puzzle *p, int c, int d, unsigned keep) {
  for (int r = 1; r <= 9; r++)
    if (!(keep >> r & 1))
      sks_puzzle_remove(p, (r - 1) * 9 + c - 1, d - 1);
}

/* Tries the unique loop finder on p (deleted; known unique or not): 1
 * and the step in h, or 0 when it finds nothing. */
static int try_loop(sks_human *h, sks_puzzle *p, bool unique) {
  sks_human_options o = {.known_unique = unique, .text = true};
  CHECK_EQ(sks_human_load(h, p, &o), 0);
  human_begin(h);
  int found = human_try(h, SKS_TECH_UNIQUE_RECTANGLE);
  sks_puzzle_delete(p);
  return found;
}

/* The step in h: technique t, SE's rating, its text starting with start,
 * its eliminations ("r1c3:1 r1c3:2 ...", ascending) want. */
static void check_step(sks_human *h, sks_technique t, double rating,
                       const char *start, const char *want) {
  CHECK_EQ(h->tech, t);
  CHECK(h->rating > rating - 0.01 && h->rating < rating + 0.01);
  if (strncmp(h->text, start, strlen(start)))
    fprintf(stderr, "text: %s\n", h->text);
  CHECK(!strncmp(h->text, start, strlen(start)));
  char got[1024] = "";
  size_t len = 0;
  for (int i = 0; i < h->nelim && len + 16 < sizeof got; i++) {
    int c = h->elim[i] / 9, d = h->elim[i] % 9;
    len += (size_t)snprintf(got + len, sizeof got - len, "%sr%dc%d:%d",
                            i ? " " : "", c / 9 + 1, c % 9 + 1, d + 1);
  }
  if (strcmp(got, want))
    fprintf(stderr, "eliminations: %s\n  expected: %s\n", got, want);
  CHECK(!strcmp(got, want));
}

/* A loop of six cells in rows 1-3 (boxes 1-3, columns 3, 5, 9): r3c3 and
 * r1c3 to come. */
#define LOOP6 "r1c9=12 r2c9=12 r2c5=12 r3c5=12 " CUT3
/* 1 goes from the cells that would close a rectangle on three cells of
 * the loop (r1c5, r3c9, r2c3) */
#define CUT3 "r1c5=23456789 r3c9=23456789 r2c3=23456789 "

static void test_types(sks_human *h) {
  /* unique rectangle type 1: r4c1 is neither 1 nor 2 */
  CHECK(try_loop(h, grid("r1c1=12 r1c2=12 r4c2=12 r4c1=123"), true));
  check_step(h, SKS_TECH_UNIQUE_RECTANGLE, 4.5, "unique rectangle type 1 on 12",
             "r4c1:1 r4c1:2");
  /* the same over four boxes is no deadly pattern */
  CHECK(!try_loop(h, grid("r1c1=12 r1c4=12 r4c4=12 r4c1=123"), true));
  /* nor in a puzzle not known to be unique */
  CHECK(!try_loop(h, grid("r1c1=12 r1c2=12 r4c2=12 r4c1=123"), false));

  /* unique loop of six, type 1 (SE 4.6) */
  CHECK(try_loop(h, grid(LOOP6 "r3c3=12 r1c3=123"), true));
  check_step(h, SKS_TECH_UNIQUE_LOOP, 4.6, "unique loop type 1 on 12",
             "r1c3:1 r1c3:2");
  /* a path through box 5: box 2 holds one of its cells, no loop */
  CHECK(!try_loop(h,
                  grid("r1c9=12 r2c9=12 r2c5=12 r4c5=12 r4c3=12 r1c3=123 "
                       "r1c5=23456789 r4c9=23456789 r2c3=23456789"),
                  true));

  /* type 2: 3 is in r1c3 or r2c5; it goes from the cells seeing both */
  CHECK(try_loop(h,
                 grid("r1c9=12 r2c9=12 r2c5=123 r3c5=12 r3c3=12 "
                      "r1c3=123 " CUT3),
                 true));
  check_step(h, SKS_TECH_UNIQUE_LOOP, 4.6, "unique loop type 2 on 12",
             "r1c4:3 r1c5:3 r1c6:3 r2c1:3 r2c2:3 r2c3:3");

  /* type 3, naked: r1c3 or r3c3 holds 3 or 4, a pair with r5c3 in
   * column 3 (SE 4.6 + 0.1) */
  CHECK(try_loop(h, grid(LOOP6 "r3c3=124 r1c3=123 r5c3=34"), true));
  check_step(h, SKS_TECH_UNIQUE_LOOP, 4.7, "unique loop type 3 on 12",
             "r2c3:3 r2c3:4 r4c3:3 r4c3:4 r6c3:3 r6c3:4 r7c3:3 r7c3:4 "
             "r8c3:3 r8c3:4 r9c3:3 r9c3:4");

  /* type 3, hidden: 1 and 2 in column 3 only in the rescue cells and
   * r5c3: r5c3 is 1 or 2 (SE 4.6) */
  sks_puzzle *p = grid(LOOP6 "r3c3=125 r1c3=126");
  cut_column(p, 3, 1, 1u << 1 | 1u << 3 | 1u << 5);
  cut_column(p, 3, 2, 1u << 1 | 1u << 3 | 1u << 5);
  CHECK(try_loop(h, p, true));
  check_step(h, SKS_TECH_UNIQUE_LOOP, 4.6, "unique loop type 3 on 12",
             "r5c3:3 r5c3:4 r5c3:5 r5c3:6 r5c3:7 r5c3:8 r5c3:9");

  /* type 4: 1 has no place in column 3 but the rescue cells, so neither
   * is 2 */
  p = grid(LOOP6 "r3c3=125 r1c3=126");
  cut_column(p, 3, 1, 1u << 1 | 1u << 3);
  CHECK(try_loop(h, p, true));
  check_step(h, SKS_TECH_UNIQUE_LOOP, 4.6, "unique loop type 4 on 12",
             "r1c3:2 r3c3:2");
}

/* 17-clue puzzles (lines 20,000-49,000 of the collection) that SE's
 * serate rates by a unique loop or rectangle: each path here takes it
 * and rates the puzzle as SE does. */
static const struct {
  const char *puzzle;
  sks_technique tech;
  double rating;
} rated[] = {
    /* a loop of six, type 2 */
    {"........1.....2.3...4.5..........5....6...4...2.3.6......7......3..."
     "..2.1..84....",
     SKS_TECH_UNIQUE_LOOP, 4.6},
};

static void test_rated(sks_human *h) {
  for (size_t i = 0; i < sizeof rated / sizeof *rated; i++) {
    sks_puzzle *p = judge_parse(rated[i].puzzle);
    int sol[81];
    CHECK_EQ(judge_count(p, 2, sol), 1);
    sks_human_options o = {.known_unique = true, .text = true};
    sks_human_load(h, p, &o);
    sks_human_step st;
    sks_human_rating r;
    memset(&r, 0, sizeof r);
    int taken = 0;
    while (sks_human_next(h, &st)) {
      for (int j = 0; j < st.nelim; j++)
        CHECK(st.elim[j] % 9 != sol[st.elim[j] / 9]);
      if (st.cell >= 0)
        CHECK_EQ(st.digit, sol[st.cell]);
      taken += st.tech == rated[i].tech;
      sks_human_count(h, &st, &r);
      sks_human_apply(h, &st);
    }
    sks_human_count_end(h, &r);
    CHECK_EQ(r.status, SKS_SAT);
    CHECK(taken > 0);
    CHECK_EQ(r.hardest, rated[i].tech);
    CHECK(r.rating > rated[i].rating - 0.01 &&
          r.rating < rated[i].rating + 0.01);
    /* not known unique: no uniqueness step, a harder path */
    o.known_unique = false;
    sks_human_rate(h, p, &o, &r);
    CHECK(r.rating > rated[i].rating + 0.01);
    sks_puzzle_delete(p);
  }
}

/* SE's BUG types 3 and 4 on 17-clue puzzles (lines 20,000-49,000 of the
 * collection) that SE's serate rates by them: the step with its exact
 * eliminations, the puzzle's rating SE's; not known unique, no such
 * step. */
static const struct {
  const char *puzzle;
  sks_technique tech;
  double rating;
  const char *text, *elim;
} graves[] = {
    {"..............1..2..3....45..........56.4....7.....12......8......63.7."
     ".24.......",
     SKS_TECH_BUG_3, 5.8,
     "bivalue universal grave type 3: the BUG digits 8/9 and r1c5, a naked "
     "set of 2 digits in row 1",
     "r1c9:8"},
    {"..............1..2.34.....5......16......7.....8.2.......1..73.2.54..."
     "..8........",
     SKS_TECH_BUG_4, 5.7,
     "bivalue universal grave type 4: r2c4 or r2c5 holds its BUG digit, the "
     "other 6 (its only places in box 2)",
     "r2c4:9 r2c5:3"},
};

static void test_graves(sks_human *h) {
  for (size_t i = 0; i < sizeof graves / sizeof *graves; i++) {
    sks_puzzle *p = judge_parse(graves[i].puzzle);
    int sol[81];
    CHECK_EQ(judge_count(p, 2, sol), 1);
    for (int unique = 1; unique >= 0; unique--) {
      sks_human_options o = {.known_unique = unique, .text = true};
      sks_human_load(h, p, &o);
      sks_human_step st;
      sks_human_rating r;
      memset(&r, 0, sizeof r);
      int taken = 0;
      while (sks_human_next(h, &st)) {
        for (int j = 0; j < st.nelim; j++)
          CHECK(st.elim[j] % 9 != sol[st.elim[j] / 9]);
        if (st.tech == graves[i].tech && !taken++)
          check_step(h, graves[i].tech, graves[i].rating, graves[i].text,
                     graves[i].elim);
        sks_human_count(h, &st, &r);
        sks_human_apply(h, &st);
      }
      sks_human_count_end(h, &r);
      CHECK_EQ(r.status, SKS_SAT);
      if (unique) {
        CHECK_EQ(taken, 1);
        CHECK_EQ(r.hardest, graves[i].tech);
        CHECK(r.rating > graves[i].rating - 0.01 &&
              r.rating < graves[i].rating + 0.01);
      } else
        CHECK_EQ(taken, 0);
    }
    sks_puzzle_delete(p);
  }
}

/* SE's aligned pair exclusion (human_aligned.c, 6.2): on a candidate grid,
 * r1c1 {1,2,3} and r5c5 {1,2} with the cells of two candidates seeing
 * both, r1c5 {1,3} and r5c1 {2,3}: r1c1 = 3 would leave one of them
 * empty whatever r5c5 holds; with r5c1 {2,4} it would not.  Then a
 * 17-clue puzzle serate rates 6.2 by it: the same step and rating here. */
static void test_aligned_pair(sks_human *h) {
  sks_human_options o = {.text = true};
  sks_puzzle *p = grid("r1c1=123 r5c5=12 r1c5=13 r5c1=23");
  sks_human_load(h, p, &o);
  human_begin(h);
  CHECK(human_try(h, SKS_TECH_ALIGNED_PAIR));
  check_step(h, SKS_TECH_ALIGNED_PAIR, 6.2,
             "aligned pair exclusion: r1c1, r5c5 cannot take", "r1c1:3");
  sks_puzzle_delete(p);
  p = grid("r1c1=123 r5c5=12 r1c5=13 r5c1=24");
  sks_human_load(h, p, &o);
  human_begin(h);
  CHECK(!human_try(h, SKS_TECH_ALIGNED_PAIR));
  sks_puzzle_delete(p);

  p = judge_parse(
      "..............1..2.34....5.......6.7.....34..8...5........4..."
      ".1........95.7....1");
  int sol[81];
  CHECK_EQ(judge_count(p, 2, sol), 1);
  o.known_unique = true;
  sks_human_load(h, p, &o);
  sks_human_step st;
  sks_human_rating r;
  memset(&r, 0, sizeof r);
  int taken = 0;
  while (sks_human_next(h, &st)) {
    for (int j = 0; j < st.nelim; j++)
      CHECK(st.elim[j] % 9 != sol[st.elim[j] / 9]);
    if (st.tech == SKS_TECH_ALIGNED_PAIR && !taken++)
      check_step(h, SKS_TECH_ALIGNED_PAIR, 6.2,
                 "aligned pair exclusion: r1c2, r2c2 cannot take", "r1c2:2");
    sks_human_count(h, &st, &r);
    sks_human_apply(h, &st);
  }
  sks_human_count_end(h, &r);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK(taken > 0);
  CHECK_EQ(r.hardest, SKS_TECH_ALIGNED_PAIR);
  CHECK(r.rating > 6.19 && r.rating < 6.21);
  sks_puzzle_delete(p);
}

/* SE's aligned triplet exclusion (human_aligned.c, 7.5), on the cells of
 * its step in the path below (the other cells hold 2, 3, 4 and 8 only):
 * r1c8 {5,7}, r2c1 {1,9}, r2c3 {5,6} and the cells of two or three
 * candidates seeing all three, r2c8 {5,9} and r2c9 {6,7,9}.  r2c1 = 9
 * makes r2c8 5, then r1c8 7 and r2c3 6, and r2c9 has none left; no pair
 * of them has two excluders of two candidates (aligned pair exclusion
 * finds nothing).  With r2c9 {6,7,8} nothing goes. */
static sks_puzzle *triplet_grid(const char *spec) {
  sks_puzzle *p = grid(spec);
  for (int c = 0; c < 81; c++) {
    char name[32];
    snprintf(name, sizeof name, "r%dc%d=", c / 9 + 1, c % 9 + 1);
    if (!strstr(spec, name))
      for (int d = 0; d < 9; d++)
        if (d == 0 || (d >= 4 && d != 7))
          sks_puzzle_remove(p, c, d);
  }
  return p;
}

static void test_aligned_triplet_grid(sks_human *h) {
  sks_human_options o = {.text = true};
  sks_puzzle *p = triplet_grid("r1c8=57 r2c1=19 r2c3=56 r2c8=59 r2c9=679");
  sks_human_load(h, p, &o);
  human_begin(h);
  CHECK(!human_try(h, SKS_TECH_ALIGNED_PAIR));
  human_begin(h);
  CHECK(human_try(h, SKS_TECH_ALIGNED_TRIPLET));
  check_step(h, SKS_TECH_ALIGNED_TRIPLET, 7.5,
             "aligned triplet exclusion: r1c8, r2c1, r2c3 cannot take every "
             "triplet of their digits, for the cells of two or three "
             "candidates seeing all three (r2c8, r2c9)",
             "r2c1:9");
  sks_puzzle_delete(p);
  p = triplet_grid("r1c8=57 r2c1=19 r2c3=56 r2c8=59 r2c9=678");
  sks_human_load(h, p, &o);
  human_begin(h);
  CHECK(!human_try(h, SKS_TECH_ALIGNED_TRIPLET));
  sks_puzzle_delete(p);
}

/* A top1465 puzzle (line 767) whose path reaches aligned triplet
 * exclusion after its forcing chains: the step SE's own trace takes there
 * (diuf.sudoku.test.hints: "Aligned Triplet Exclusion: R1C8,R2C1,R2C3:
 * r2c1<>9"), every step checked against the solution, and SE's rating of
 * the puzzle (serate: 8.3) with se_rating. */
static void test_aligned_triplet_path(sks_human *h) {
  sks_puzzle *p = judge_parse("84...9..1....8.2......7..4...1..4....83....6...9"
                              ".....4...7...3..1.8....5.2..3.4..");
  int sol[81];
  CHECK_EQ(judge_count(p, 2, sol), 1);
  sks_human_options o = {.known_unique = true, .text = true, .se_rating = true};
  sks_human_load(h, p, &o);
  sks_human_step st;
  sks_human_rating r;
  memset(&r, 0, sizeof r);
  int taken = 0;
  while (sks_human_next(h, &st)) {
    for (int j = 0; j < st.nelim; j++)
      CHECK(st.elim[j] % 9 != sol[st.elim[j] / 9]);
    if (st.tech == SKS_TECH_ALIGNED_TRIPLET && !taken++)
      check_step(h, SKS_TECH_ALIGNED_TRIPLET, 7.5,
                 "aligned triplet exclusion: r1c8, r2c1, r2c3 cannot take",
                 "r2c1:9");
    sks_human_count(h, &st, &r);
    sks_human_apply(h, &st);
  }
  sks_human_count_end(h, &r);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK(taken > 0);
  CHECK(r.rating > 8.29 && r.rating < 8.31);
  sks_puzzle_delete(p);
}

/* SE's search (AlignedExclusion.java, three cells) written out plainly:
 * every set of three open cells of two candidates or more, one of them
 * of two or three candidates seeing another (SE's third cell of a
 * pair), with two or more cells of two or three candidates seeing all
 * three; every combination of their digits tested against each of them;
 * a digit in no allowed combination goes.  The eliminations into out
 * (cell * 9 + d). */
static void triplet_reference(const sks_human *h, unsigned char *out) {
  int open[81], no = 0;
  for (int c = 0; c < 81; c++)
    if (h->val[c] < 0 && human_many(h->cand[c]))
      open[no++] = c;
#define SMALL(c)                                                               \
  (h->val[c] < 0 && human_many(h->cand[c]) && human_popcount(h->cand[c]) <= 3)
  for (int x = 0; x < no; x++)
    for (int y = x + 1; y < no; y++)
      for (int z = y + 1; z < no; z++) {
        int cell[3] = {open[x], open[y], open[z]}, ex[81], ne = 0;
        bool third = false;
        for (int i = 0; i < 3; i++)
          for (int k = 0; k < 3; k++)
            third |=
                i != k && SMALL(cell[i]) && human_sees(h, cell[i], cell[k]);
        if (!third)
          continue;
        for (int c = 0; c < 81; c++)
          if (SMALL(c) && human_sees(h, c, cell[0]) &&
              human_sees(h, c, cell[1]) && human_sees(h, c, cell[2]))
            ex[ne++] = c;
        if (ne < 2)
          continue;
        hmask ok[3] = {0, 0, 0};
        for (int p = 0; p < 9; p++)
          for (int q = 0; q < 9; q++)
            for (int r = 0; r < 9; r++) {
              int v[3] = {p, q, r};
              bool allowed = true;
              for (int i = 0; i < 3; i++)
                allowed &= h->cand[cell[i]] >> v[i] & 1;
              for (int i = 0; i < 3 && allowed; i++)
                for (int k = i + 1; k < 3; k++)
                  allowed &= v[i] != v[k] || !human_sees(h, cell[i], cell[k]);
              for (int e = 0; e < ne && allowed; e++)
                allowed = (h->cand[ex[e]] &
                           ~(1ULL << p | 1ULL << q | 1ULL << r)) != 0;
              if (allowed)
                for (int i = 0; i < 3; i++)
                  ok[i] |= 1ULL << v[i];
            }
        for (int i = 0; i < 3; i++)
          for (int d = 0; d < 9; d++)
            if (h->cand[cell[i]] >> d & 1 && !(ok[i] >> d & 1))
              out[cell[i] * 9 + d] = 1;
      }
#undef SMALL
}

static uint64_t next_random(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* The finder, collecting every instance, against triplet_reference on
 * random candidate grids: the positions of a hard puzzle's path with
 * open candidates removed at random (each open cell keeps two), and
 * random marks on the empty grid.  The same eliminations on each; and
 * some grids where there are some. */
static void test_aligned_triplet_reference(sks_human *h) {
  sks_puzzle *p = judge_parse("84...9..1....8.2......7..4...1..4....83....6...9"
                              ".....4...7...3..1.8....5.2..3.4..");
  sks_human_options o = {.known_unique = true};
  uint64_t seed = 45;
  int grids = 0, with = 0;
  unsigned char want[729];
  for (int round = 0; round < 150; round++) {
    sks_human_load(h, p, &o);
    sks_human_step st;
    /* a position along the path, or the empty grid's */
    int steps = round % 3 ? (int)(next_random(&seed) % 40) : -1;
    for (int i = 0; i < steps && sks_human_next(h, &st); i++)
      sks_human_apply(h, &st);
    for (int c = 0; c < 81; c++) {
      if (steps < 0) { /* two to four marks */
        h->val[c] = -1;
        h->cand[c] = 0;
        int k = 2 + (int)(next_random(&seed) % 3);
        while (human_popcount(h->cand[c]) < k)
          h->cand[c] |= 1ULL << next_random(&seed) % 9;
      }
      for (hmask m = h->val[c] < 0 ? h->cand[c] : 0; m; m &= m - 1)
        if (human_popcount(h->cand[c]) > 2 && next_random(&seed) % 4 == 0)
          h->cand[c] &= ~(m & -m);
    }
    human_where(h);
    human_forget(h);
    memset(want, 0, sizeof want);
    triplet_reference(h, want);
    memset(h->seen, 0, (size_t)81 * 9 * 2);
    h->collect = true;
    human_begin(h);
    human_try(h, SKS_TECH_ALIGNED_TRIPLET);
    h->collect = false;
    bool same = !memcmp(h->seen, want, sizeof want), any = false;
    for (int i = 0; i < 729; i++)
      any |= want[i];
    if (!same)
      fprintf(stderr, "aligned triplet: round %d differs from SE's search\n",
              round);
    CHECK(same);
    grids++;
    with += any;
  }
  CHECK_EQ(grids, 150);
  CHECK(with >= 5);
  sks_puzzle_delete(p);
}

int main(void) {
  sks_human *h = sks_human_new();
  test_types(h);
  test_rated(h);
  test_graves(h);
  test_aligned_pair(h);
  test_aligned_triplet_grid(h);
  test_aligned_triplet_path(h);
  test_aligned_triplet_reference(h);
  sks_human_delete(h);
  return check_report();
}
