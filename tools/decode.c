/* `sudokusat decode CNF MODEL`: a SAT solver's model of an encoder-written
 * CNF back to the grid, checked by the validator. */
#include "worker_int.h"

#include <stdlib.h>

int app_decode(sks_app *app) {
  if (app->nfiles != 2) {
    app_message("decode takes two files: CNF MODEL ('-' for standard input)");
    return EXIT_USAGE;
  }
  const char *cnf_path = app->files[0], *model_path = app->files[1];
  sks_error err = {0};
  sks_input *in = sks_input_open(cnf_path, &err);
  if (!in) {
    app_error(cnf_path, &err);
    return EXIT_INPUT;
  }
  sks_cnf *cnf = sks_cnf_new();
  int res = operand_read_cnf(app, in, cnf, 0);
  sks_input_close(in);
  if (!res && !cnf->desc) {
    app_message("%s: the CNF carries no puzzle description (decode needs a "
                "CNF written by 'sudokusat encode')",
                cnf_path);
    res = EXIT_INPUT;
  }
  sks_model *m = sks_model_new();
  bool satisfied = false;
  if (!res) {
    in = sks_input_open(model_path, &err);
    if (!in || sks_model_read(in, m, &err)) {
      app_error(in ? sks_input_name(in) : model_path, &err);
      res = EXIT_INPUT;
    }
    sks_input_close(in);
  }
  if (!res && m->status == SKS_UNSAT) {
    printf("none\n");
    res = EXIT_NONE;
  } else if (!res && m->status != SKS_SAT) {
    printf("unknown\n");
    res = 0;
  } else if (!res && !(satisfied = sks_model_satisfies(m, cnf, &err)) &&
             m->nvars == 0) {
    /* `s SATISFIABLE` without values, for a CNF that needs some: the
     * solver ran without printing its model (-n, a lost v line); bad
     * input, not a model that breaks a clause */
    app_message("%s: no model given: the result is SATISFIABLE but no "
                "values follow (expected 'v' lines or a list of literals)",
                model_path);
    res = EXIT_INPUT;
  } else if (!res && !satisfied) {
    app_message("%s: the model does not satisfy %s: %s", model_path, cnf_path,
                err.msg);
    res = EXIT_INVALID;
  } else if (!res) {
    sks_puzzle *p;
    int *grid;
    int r = sks_decode_cnf(cnf->desc, m, &p, &grid, &err);
    if (r == -1) {
      app_error(cnf_path, &err);
      res = EXIT_INPUT;
    } else if (r) {
      app_message("%s: the model does not solve the puzzle: %s", model_path,
                  err.msg);
      res = EXIT_INVALID;
    } else {
      app_print_grid(app, p, grid, stdout);
      res = EXIT_SOLVED;
      free(grid);
      sks_puzzle_delete(p);
    }
  }
  sks_model_delete(m);
  sks_cnf_delete(cnf);
  return res;
}
