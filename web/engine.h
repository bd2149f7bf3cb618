/* The WebAssembly module's calls (web/engine.c; docs/web.md, "The
 * engine's calls"): each answers a JSON document the module owns, valid
 * until the next call.  variants: SKS_VARIANT_* bits (X 1, windoku 2),
 * as the command line's --variant. */
#ifndef SKS_WEB_ENGINE_H
#define SKS_WEB_ENGINE_H

const char *web_analyze(const char *text, unsigned variants);
const char *web_grade(const char *text, unsigned variants);
const char *web_explain(const char *text, unsigned variants, int max_steps);
const char *web_generate(int box_rows, int box_cols, unsigned variants,
                         const char *symmetry, int minimal, int givens,
                         double seed, int index, int label_min, int label_max,
                         int tries, double seconds);
const char *web_minimize(const char *text, unsigned variants,
                         const char *symmetry, double seed);
const char *web_repair(const char *text, unsigned variants);
const char *web_canon(const char *text, unsigned variants);
const char *web_write(const char *text, unsigned variants, const char *layout);
const char *web_print(const char *text, unsigned variants, int with_solution);
const char *web_version(void);

#endif
