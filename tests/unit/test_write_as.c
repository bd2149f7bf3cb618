/* sks_puzzle_write_as: a puzzle or answer written in a layout asked for,
 * the puzzle's own presentation (symbols, blank) kept and the puzzle left
 * as it was; symbols stop at SKS_MAX_SYMBOL_N; a puzzle made from a shape
 * has sks_layout_default's layout. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* What write_as writes, as a string (free it); *layout: its return. */
static char *written(const sks_puzzle *p, const int *grid, sks_layout want,
                     int *layout) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  *layout = sks_puzzle_write_as(mem, p, grid, want);
  fclose(mem);
  return text;
}

int main(void) {
  const char *line = "1-3-----------2-\n";
  sks_puzzle *p;
  sks_error err = {0};
  CHECK(!sks_puzzle_parse(line, NULL, &p, &err));
  if (!p)
    return check_report();
  int layout;
  char *text = written(p, NULL, SKS_LAYOUT_GRID, &layout);
  CHECK_EQ(layout, SKS_LAYOUT_GRID);
  CHECK(!strcmp(text, "1-3-\n----\n----\n--2-\n"));
  free(text);
  CHECK_EQ(p->look.layout, SKS_LAYOUT_LINE); /* the puzzle is unchanged */
  text = written(p, NULL, SKS_LAYOUT_NUMBERS, &layout);
  CHECK_EQ(layout, SKS_LAYOUT_NUMBERS);
  CHECK(!strcmp(text, "1 - 3 -\n- - - -\n- - - -\n- - 2 -\n"));
  free(text);
  /* its own layout: what sks_puzzle_write writes */
  text = written(p, NULL, p->look.layout, &layout);
  CHECK(!strcmp(text, line));
  free(text);
  sks_puzzle_delete(p);

  /* 4x4 with an answer */
  CHECK(!sks_puzzle_parse("1...\n..3.\n.1..\n...2\n", NULL, &p, &err));
  if (p) {
    int sol[16] = {0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0};
    text = written(p, sol, SKS_LAYOUT_LINE, &layout);
    CHECK_EQ(layout, SKS_LAYOUT_LINE);
    CHECK(!strcmp(text, "1234341221434321\n"));
    free(text);
    CHECK_EQ(p->look.layout, SKS_LAYOUT_GRID);
    sks_puzzle_delete(p);
  }

  /* 36x36: no symbols; a line goes out as numbers on one line */
  sks_puzzle *big = sks_puzzle_new(6, 6, 0, NULL, &err);
  CHECK(big != NULL);
  if (big) {
    CHECK_EQ(big->look.layout, sks_layout_default(36));
    CHECK_EQ(big->look.layout, SKS_LAYOUT_NUMBERS);
    text = written(big, NULL, SKS_LAYOUT_LINE, &layout);
    CHECK_EQ(layout, SKS_LAYOUT_NUMBERS_LINE);
    CHECK(text && !strchr(text, '\n')[1]); /* one line */
    free(text);
    text = written(big, NULL, SKS_LAYOUT_GRID, &layout);
    CHECK_EQ(layout, SKS_LAYOUT_NUMBERS);
    free(text);
    sks_puzzle_delete(big);
  }
  sks_puzzle *small = sks_puzzle_new(3, 3, 0, NULL, &err);
  CHECK(small && small->look.layout == SKS_LAYOUT_LINE);
  sks_puzzle_delete(small);
  return check_report();
}
