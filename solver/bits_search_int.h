/* Private: the bits engine's search, written once for its three layouts
 * (solver/bits_band.c, bits_small.c, bits_masks.c).  Each layout includes
 * this file once, after defining its operations, and gets one function:
 * the frame loop of the depth-first search, with the meaning every layout
 * shares (a solution counted and the first two kept, limit, the step and
 * time limits, the figures of sks_bits_counts).  A change of that meaning
 * is made here, once; the layouts differ only in their operations.
 *
 * No include guard: a template, included once by each layout, which
 * defines before it:
 *   BITS_SEARCH        the function's name (static, always inlined, so a
 *                      layout may compile it in more than one form);
 *   BITS_ENGINE, BITS_LEVEL, BITS_FRAME  its engine (with a `counts`
 *                      field, sks_bits_counts), its search level, its
 *                      frame (with a `left` field: the guessed cell's
 *                      digits not tried yet, an unsigned word);
 * and these operations, as inline functions or macros.  `wide` is the
 * function's last parameter, a constant at each call: the band layout's
 * AVX2 form, false in the other layouts, which ignore it.
 *   BITS_START(b, s)       settles level 0 (s): false on a contradiction;
 *   BITS_SOLVED(b, s)      every cell of level s placed;
 *   BITS_KEEP(b, s, which) solution `which` (0 or 1) from the full s;
 *   BITS_GUESS(b, s, f)    fills frame f: the cell of s to guess, its digits;
 *   BITS_FRAME_AT(b, depth), BITS_LEVEL_AT(b, depth)  frame and level;
 *   BITS_ROOT(b)           level 0;
 *   BITS_CHILD(b, depth)   level depth + 1, made a copy of level depth;
 *   BITS_TRY(b, s, f, d)   places digit d in f's cell of s and settles:
 *                          false on a contradiction.
 * Frames and levels are there for every depth up to the cells' count: the
 * loop keeps a frame's address across BITS_CHILD. */

__attribute__((always_inline)) static inline long long
BITS_SEARCH(BITS_ENGINE *b, long long limit, const sks_limits *lim, int *status,
            bool wide) {
  (void)wide;
  sks_bits_counts *k = &b->counts;
  memset(k, 0, sizeof *k);
  *status = SKS_SAT;
  double deadline =
      lim && lim->time_limit > 0 ? sks_time() + lim->time_limit : 0;
  long long steps = lim ? lim->max_steps : 0, found = 0;
  BITS_LEVEL *s = BITS_ROOT(b);
  if (!BITS_START(b, s))
    return 0;
  int depth = 0;
  for (;;) {
    /* s is level depth's state, settled and consistent. */
    if (BITS_SOLVED(b, s)) {
      if (found < 2)
        BITS_KEEP(b, s, (int)found);
      if (++found == limit)
        return found;
      depth--; /* on from the guess that led here */
    } else {
      BITS_GUESS(b, s, BITS_FRAME_AT(b, depth));
      k->guesses++;
    }
    for (;;) {
      if (depth < 0)
        return found;
      BITS_FRAME *f = BITS_FRAME_AT(b, depth);
      if (!f->left) {
        depth--;
        continue;
      }
      if (sks_bits_stop(k->nodes, steps, deadline)) {
        *status = SKS_UNKNOWN;
        return found;
      }
      k->nodes++;
      int d = __builtin_ctzll(f->left);
      f->left &= f->left - 1;
      bool last = !f->left;
      /* The last way on takes the level itself: nothing is left to come
       * back to. */
      s = last ? BITS_LEVEL_AT(b, depth) : BITS_CHILD(b, depth);
      if (BITS_TRY(b, s, f, d)) {
        depth += !last;
        break;
      }
      k->conflicts++;
    }
  }
}

#undef BITS_SEARCH
#undef BITS_ENGINE
#undef BITS_LEVEL
#undef BITS_FRAME
#undef BITS_START
#undef BITS_SOLVED
#undef BITS_KEEP
#undef BITS_GUESS
#undef BITS_FRAME_AT
#undef BITS_LEVEL_AT
#undef BITS_ROOT
#undef BITS_CHILD
#undef BITS_TRY
