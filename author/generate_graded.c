/* Generation to a grade: puzzle number index, or the first of its tries
 * whose grade matches, the same puzzles whoever asks (the tool's
 * `generate --grade`, the Python module's generate(difficulty=)). */
#include "sks_author.h"

int sks_generate_graded(sks_generator *g, sks_grader *grader,
                        unsigned long long index, int level, int label,
                        double deadline, sks_puzzle *p, int *solution,
                        bool *cut) {
  *cut = false;
  for (long long k = 0; k < SKS_GRADE_TRIES; k++) {
    unsigned long long at = index + ((unsigned long long)k << 40);
    /* (each try is held to the deadline, and no try starts past it) */
    if (k > 0 && sks_past(deadline)) {
      *cut = true;
      return -1;
    }
    int made = sks_generate(g, at, p, solution);
    /* a puzzle cut short is not one as asked (minimal, the givens) */
    if ((*cut = sks_generator_cut(g)) || made)
      return -1;
    if (!grader)
      return 0;
    /* graded as `sudokusat grade` grades with its default seed */
    sks_grade_options opt = {0};
    opt.seed = 1;
    opt.known_unique = true;
    sks_grade gr;
    if (sks_grade_puzzle(grader, p, &opt, &gr) == SKS_SAT &&
        sks_grade_matches(&gr, level, label))
      return 0;
  }
  return -1;
}
