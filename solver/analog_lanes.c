/* The rating's runs in vector lanes (analog_lanes_int.h), in double
 * precision: 4 lanes, every run on the trajectory it takes alone, bit for
 * bit; and which lanes a rating takes. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "require_int.h"

#include <stdlib.h>

#define LANES_FLOAT 0
#define LANES_FN(name) name##_double
#include "analog_lanes_int.h"

/* The lanes hold LANES states (3 vectors a spin, 6 a clause): up to 64 MB
 * a thread, which any Sudoku CNF is far below; a larger DIMACS problem
 * takes its runs one at a time. */
#define LANES_MAX_BYTES ((size_t)64 << 20)

bool sks_analog_lanes_fit(const sks_analog *a, const sks_analog_options *opt) {
  if (opt->lanes < 0 || !a->xstart || opt->trace)
    return false;
  size_t vectors = 3 * ((size_t)a->nact + 1) + 6 * ((size_t)a->nclauses + 1);
  if (vectors > LANES_MAX_BYTES / sizeof(vd))
    return false;
  work w;
  sks_analog_work_init(&w, a, opt);
  bool fit = w.method->step == sks_analog_step_split;
  sks_analog_work_free(&w);
  return fit;
}

bool sks_analog_lanes_pay(const sks_analog_options *opt) {
  if (opt->lanes != SKS_ANALOG_LANES_DOUBLE)
    return true;
#if defined(__x86_64__) && defined(__GNUC__)
  /* with SSE2 only, the 32-byte double lanes are slower than the runs
   * one at a time (the float lanes still gain; BENCHMARKS.md, "Analog:
   * the lanes at the CPU's width") */
  return __builtin_cpu_supports("avx2");
#else
  return true;
#endif
}

void sks_analog_rate_lanes(rate_job *job) {
  if (job->opt->lanes == SKS_ANALOG_LANES_DOUBLE)
    sks_analog_rate_lanes_double(job);
  else
    sks_analog_rate_lanes_float(job);
}
