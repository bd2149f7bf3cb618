/* Classes of equivalent puzzles: each puzzle's canonical form made into
 * a key, the keys kept in a hash set.  A call's puzzles are canonicalised
 * on the threads asked for (the search is the time), then their keys go
 * into the set one by one in input order, so the verdicts do not depend
 * on the threads. */
#include "require_int.h"
#include "sks_canon.h"
#include "stack_int.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The set of keys: open addressing over 64-bit hashes, each key (its
 * length, its class, its bytes) stored once in an arena. */
typedef struct key_set {
  uint64_t *hash; /* 0: empty slot */
  size_t *at;     /* offset of the key in the arena */
  size_t slots, used;
  unsigned char *arena;
  size_t len, cap;
} key_set;

/* A thread's search state and buffers, kept from call to call. */
typedef struct worker {
  sks_canon *z;
  int *grid;
  size_t cap;
  unsigned char *removed; /* a candidates puzzle's sets through the map */
  size_t rcap;
} worker;

/* A puzzle's key, made by whichever thread took it. */
typedef struct key {
  unsigned char *bytes;
  size_t len, cap;
} key;

struct sks_canon_classes {
  int threads;
  double time_limit;
  worker *work; /* threads of them */
  key_set set;
  key *keys; /* a call's puzzles */
  int nkeys;
  /* the call under way */
  const sks_puzzle *const *puzzles;
  sks_canon_verdict *out;
  int count, next; /* next: the next puzzle to take (under lock) */
  pthread_mutex_t lock;
};

sks_canon_classes *sks_canon_classes_new(int threads, double time_limit) {
  sks_canon_classes *c = sks_calloc(1, sizeof *c);
  c->threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
  c->time_limit = time_limit;
  c->work = sks_calloc((size_t)c->threads, sizeof *c->work);
  pthread_mutex_init(&c->lock, NULL);
  return c;
}

void sks_canon_classes_delete(sks_canon_classes *c) {
  if (!c)
    return;
  for (int t = 0; t < c->threads; t++) {
    sks_canon_delete(c->work[t].z);
    free(c->work[t].grid);
    free(c->work[t].removed);
  }
  free(c->work);
  for (int i = 0; i < c->nkeys; i++)
    free(c->keys[i].bytes);
  free(c->keys);
  free(c->set.hash);
  free(c->set.at);
  free(c->set.arena);
  pthread_mutex_destroy(&c->lock);
  free(c);
}

long long sks_canon_classes_count(const sks_canon_classes *c) {
  return (long long)c->set.used;
}

static uint64_t hash_bytes(const unsigned char *s, size_t len) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < len; i++)
    h = (h ^ s[i]) * 0x100000001b3ULL;
  return h ? h : 1;
}

static void set_grow(key_set *s) {
  size_t slots = s->slots ? 2 * s->slots : 1024;
  uint64_t *hash = sks_calloc(slots, sizeof *hash);
  size_t *at = sks_calloc(slots, sizeof *at);
  for (size_t i = 0; i < s->slots; i++)
    if (s->hash[i]) {
      size_t j = s->hash[i] & (slots - 1);
      while (hash[j])
        j = (j + 1) & (slots - 1);
      hash[j] = s->hash[i];
      at[j] = s->at[i];
    }
  free(s->hash);
  free(s->at);
  s->hash = hash;
  s->at = at;
  s->slots = slots;
}

/* Inserts the key unless it is there; returns the class of the one
 * there, or -1 when it is new (its class then the count before). */
static long long set_insert(key_set *s, const unsigned char *k, size_t len) {
  if (2 * (s->used + 1) > s->slots)
    set_grow(s);
  uint64_t h = hash_bytes(k, len);
  size_t j = h & (s->slots - 1);
  long long id;
  while (s->hash[j]) {
    if (s->hash[j] == h) {
      const unsigned char *e = s->arena + s->at[j];
      size_t elen;
      memcpy(&elen, e, sizeof elen);
      if (elen == len && !memcmp(e + sizeof elen + sizeof id, k, len)) {
        memcpy(&id, e + sizeof elen, sizeof id);
        return id;
      }
    }
    j = (j + 1) & (s->slots - 1);
  }
  size_t need = sizeof len + sizeof id + len;
  need = (need + 7) & ~(size_t)7;
  SKS_GROW(s->arena, s->cap, s->len + need);
  id = (long long)s->used;
  unsigned char *e = s->arena + s->len;
  memcpy(e, &len, sizeof len);
  memcpy(e + sizeof len, &id, sizeof id);
  memcpy(e + sizeof len + sizeof id, k, len);
  s->hash[j] = h;
  s->at[j] = s->len;
  s->len += need;
  s->used++;
  return -1;
}

/* The key of a canonical form: box rows, box columns, the variants, the
 * cells (digit + 1, 0 blank) as bytes, two a cell past 254; then a
 * jigsaw's map (region ids, the same width) and a candidates puzzle's
 * removed candidates (bits). */
static void make_key(key *s, const sks_shape *sh, const int *grid,
                     const unsigned char *removed) {
  int n = sh->n, cells = n * n, wide = n > 254;
  size_t w = 1 + (size_t)wide, bits = (size_t)cells * n;
  size_t len = 5 + (size_t)cells * w;
  if (sh->jigsaw)
    len += (size_t)cells * w;
  if (removed)
    len += (bits + 7) / 8;
  if (len > s->cap) {
    s->bytes = sks_realloc(s->bytes, len);
    s->cap = len;
  }
  unsigned char *k = s->bytes;
  k[0] = (unsigned char)(sh->box_rows & 0xff);
  k[1] = (unsigned char)(sh->box_rows >> 8);
  k[2] = (unsigned char)(sh->box_cols & 0xff);
  k[3] = (unsigned char)(sh->box_cols >> 8);
  k[4] = (unsigned char)(sh->variants | (removed ? 0x80 : 0));
  unsigned char *at = k + 5;
  for (int part = 0; part < 2; part++) {
    if (part && !sh->jigsaw)
      break;
    for (int i = 0; i < cells; i++) {
      unsigned v = part ? (unsigned)sh->jigsaw[i] : (unsigned)(grid[i] + 1);
      *at++ = (unsigned char)(v & 0xff);
      if (wide)
        *at++ = (unsigned char)(v >> 8);
    }
  }
  if (removed) {
    memset(at, 0, (bits + 7) / 8);
    for (size_t i = 0; i < bits; i++)
      if (removed[i])
        at[i / 8] |= (unsigned char)(1u << (i % 8));
  }
  s->len = len;
}

/* Puzzle i's canonical form into its key, or its verdict UNKNOWN. */
static void canonicalise(sks_canon_classes *c, worker *w, int i) {
  const sks_puzzle *p = c->puzzles[i];
  sks_canon_verdict *v = &c->out[i];
  v->id = -1;
  v->err.msg[0] = 0;
  if (!p) {
    v->seen = SKS_CANON_NONE;
    return;
  }
  int n = p->shape->n, cells = n * n;
  SKS_GROW(w->grid, w->cap, cells);
  if (!w->z)
    w->z = sks_canon_new();
  sks_canon_map m;
  sks_canon_set_deadline(w->z,
                         c->time_limit > 0 ? sks_time() + c->time_limit : 0);
  if (sks_canon_puzzle(w->z, p, w->grid, &m, &v->err)) {
    v->seen = SKS_CANON_UNKNOWN;
    return;
  }
  v->seen = SKS_CANON_NEW; /* until the set says otherwise */
  if (p->removed) {
    SKS_GROW(w->removed, w->rcap, (size_t)cells * n);
    sks_canon_apply_removed(&m, p->removed, w->removed);
  }
  make_key(&c->keys[i], p->shape, w->grid, p->removed ? w->removed : NULL);
}

enum { CHUNK = 16 }; /* puzzles a thread takes at a time */

static void work(sks_canon_classes *c, worker *w) {
  for (;;) {
    pthread_mutex_lock(&c->lock);
    int i = c->next < c->count ? c->next : -1;
    c->next += CHUNK;
    pthread_mutex_unlock(&c->lock);
    if (i < 0)
      break;
    for (int e = i + CHUNK < c->count ? i + CHUNK : c->count; i < e; i++)
      canonicalise(c, w, i);
  }
}

typedef struct helper {
  sks_canon_classes *c;
  worker *w;
} helper;

static void *help(void *data) {
  helper *h = data;
  work(h->c, h->w);
  return NULL;
}

void sks_canon_classes_add(sks_canon_classes *c,
                           const sks_puzzle *const *puzzles, int count,
                           sks_canon_verdict *out) {
  sks_require(c && (count <= 0 || (puzzles && out)), "NULL argument");
  if (count <= 0)
    return;
  if (count > c->nkeys) {
    c->keys = sks_realloc(c->keys, (size_t)count * sizeof *c->keys);
    memset(c->keys + c->nkeys, 0, (size_t)(count - c->nkeys) * sizeof *c->keys);
    c->nkeys = count;
  }
  c->puzzles = puzzles;
  c->out = out;
  c->count = count;
  c->next = 0;
  int k = c->threads;
  if (k > (count + CHUNK - 1) / CHUNK)
    k = (count + CHUNK - 1) / CHUNK;
  pthread_t tid[64];
  helper h[64];
  int started = 0;
  for (int t = 1; t < k; t++) {
    h[t] = (helper){c, &c->work[t]};
    if (pthread_create(&tid[t], NULL, help, &h[t]))
      break; /* the threads started, and this one, do the rest */
    started = t;
  }
  work(c, &c->work[0]);
  for (int t = 1; t <= started; t++)
    pthread_join(tid[t], NULL);
  for (int i = 0; i < count; i++) {
    if (out[i].seen != SKS_CANON_NEW)
      continue;
    long long first = set_insert(&c->set, c->keys[i].bytes, c->keys[i].len);
    if (first >= 0) {
      out[i].seen = SKS_CANON_REPEAT;
      out[i].id = first;
    } else
      out[i].id = (long long)c->set.used - 1;
  }
  c->puzzles = NULL;
  c->out = NULL;
}
