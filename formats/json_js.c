/* jansson's calls the JSON forms make (json_js/jansson.h), in the
 * WebAssembly module: the text is parsed by the JavaScript engine the
 * module runs in (JSON.parse, in the page's worker or under node), which
 * hands the value back as a compact stream of tagged bytes; the tree
 * built from it is what jansson's would be, walked by the same calls.
 *
 * The stream: a value is a tag byte and its body: 'o' and a count (32
 * bits, little-endian) of members, each a string (below) and a value; 'a'
 * and a count of values; 's' and a string: a byte length (32 bits) and
 * its UTF-8 bytes; 'i' and 'r' and a double (8 bytes, little-endian): an
 * integer or a real; 't', 'f', 'n': true, false, null. */
#include "jansson.h"

#include "sks_common.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct member {
  json_t *value;
  size_t index; /* its place in the object, for the iteration */
  char key[];
} member;

struct json_t {
  json_type type;
  size_t refs;
  union {
    struct {
      member **m;
      size_t n, cap;
    } obj;
    struct {
      json_t **v;
      size_t n, cap;
    } arr;
    struct {
      char *s;
      size_t len;
    } str;
    json_int_t i;
    double r;
  } u;
};

/* Nesting past this is refused, as jansson refuses it. */
enum { DEPTH_MAX = 2048 };

/* formats/json_js.lib.js, linked into the module (--js-library):
 * json_js_parse parses len bytes of text, answering the stream's length
 * (kept for json_js_take), or -1 with the engine's message in why (160
 * bytes) and *position the bytes read to the error, from 1 (past the end
 * when the engine names no place); values nested deeper than depth_max
 * are refused.  json_js_take copies the stream kept to `to` and lets it
 * go. */
int json_js_parse(const char *text, int len, char *why, int *position,
                  int depth_max);
void json_js_take(unsigned char *to);

static json_t *node(json_type type) {
  json_t *j = sks_calloc(1, sizeof *j);
  j->type = type;
  j->refs = 1;
  return j;
}

typedef struct stream {
  const unsigned char *p;
} stream;

static uint32_t get_u32(stream *s) {
  uint32_t x;
  memcpy(&x, s->p, 4); /* little-endian, as WebAssembly is */
  s->p += 4;
  return x;
}

static double get_f64(stream *s) {
  double x;
  memcpy(&x, s->p, 8);
  s->p += 8;
  return x;
}

static char *get_string(stream *s, size_t *len) {
  *len = get_u32(s);
  char *t = sks_malloc(*len + 1);
  memcpy(t, s->p, *len);
  t[*len] = 0;
  s->p += *len;
  return t;
}

static json_t *decode(stream *s) {
  switch (*s->p++) {
  case 'o': {
    json_t *o = json_object();
    for (uint32_t k = get_u32(s); k > 0; k--) {
      size_t len;
      char *key = get_string(s, &len);
      json_object_set_new(o, key, decode(s));
      free(key);
    }
    return o;
  }
  case 'a': {
    json_t *a = json_array();
    for (uint32_t k = get_u32(s); k > 0; k--)
      json_array_append_new(a, decode(s));
    return a;
  }
  case 's': {
    json_t *t = node(JSON_STRING);
    t->u.str.s = get_string(s, &t->u.str.len);
    return t;
  }
  case 'i': {
    json_t *t = node(JSON_INTEGER);
    t->u.i = (json_int_t)get_f64(s);
    return t;
  }
  case 'r': {
    json_t *t = node(JSON_REAL);
    t->u.r = get_f64(s);
    return t;
  }
  case 't':
    return node(JSON_TRUE);
  case 'f':
    return node(JSON_FALSE);
  default:
    return node(JSON_NULL);
  }
}

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags,
                   json_error_t *error) {
  (void)flags;
  json_error_t e = {0};
  int n = json_js_parse(buffer, (int)buflen, e.text, &e.position, DEPTH_MAX);
  if (n < 0) {
    e.line = -1;
    e.column = -1;
    if (error)
      *error = e;
    return NULL;
  }
  unsigned char *bytes = sks_malloc((size_t)n + 1);
  json_js_take(bytes);
  stream s = {bytes};
  json_t *root = decode(&s);
  free(bytes);
  return root;
}

json_type json_typeof(const json_t *json) {
  return json->type;
}

json_t *json_incref(json_t *json) {
  if (json)
    json->refs++;
  return json;
}

void json_decref(json_t *json) {
  if (!json || --json->refs > 0)
    return;
  switch (json->type) {
  case JSON_OBJECT:
    for (size_t i = 0; i < json->u.obj.n; i++) {
      json_decref(json->u.obj.m[i]->value);
      free(json->u.obj.m[i]);
    }
    free(json->u.obj.m);
    break;
  case JSON_ARRAY:
    for (size_t i = 0; i < json->u.arr.n; i++)
      json_decref(json->u.arr.v[i]);
    free(json->u.arr.v);
    break;
  case JSON_STRING:
    free(json->u.str.s);
    break;
  default:
    break;
  }
  free(json);
}

json_t *json_object(void) {
  return node(JSON_OBJECT);
}

size_t json_object_size(const json_t *object) {
  return json_is_object(object) ? object->u.obj.n : 0;
}

static member *find(const json_t *object, const char *key) {
  if (!json_is_object(object) || !key)
    return NULL;
  for (size_t i = 0; i < object->u.obj.n; i++)
    if (!strcmp(object->u.obj.m[i]->key, key))
      return object->u.obj.m[i];
  return NULL;
}

json_t *json_object_get(const json_t *object, const char *key) {
  member *m = find(object, key);
  return m ? m->value : NULL;
}

int json_object_set_new(json_t *object, const char *key, json_t *value) {
  if (!json_is_object(object) || !key || !value) {
    json_decref(value);
    return -1;
  }
  member *m = find(object, key);
  if (m) { /* the last of a key written twice, as JSON.parse takes it */
    json_decref(m->value);
    m->value = value;
    return 0;
  }
  if (object->u.obj.n == object->u.obj.cap) {
    object->u.obj.cap = object->u.obj.cap ? 2 * object->u.obj.cap : 8;
    object->u.obj.m = sks_realloc(object->u.obj.m,
                                  object->u.obj.cap * sizeof *object->u.obj.m);
  }
  size_t len = strlen(key);
  m = sks_malloc(sizeof *m + len + 1);
  m->value = value;
  m->index = object->u.obj.n;
  memcpy(m->key, key, len + 1);
  object->u.obj.m[object->u.obj.n++] = m;
  return 0;
}

void *json_object_iter(json_t *object) {
  return json_object_size(object) ? object->u.obj.m[0] : NULL;
}

void *json_object_iter_next(json_t *object, void *iter) {
  const member *m = iter;
  if (!m || m->index + 1 >= json_object_size(object))
    return NULL;
  return object->u.obj.m[m->index + 1];
}

const char *json_object_iter_key(void *iter) {
  return iter ? ((member *)iter)->key : NULL;
}

json_t *json_object_iter_value(void *iter) {
  return iter ? ((member *)iter)->value : NULL;
}

void *json_object_key_to_iter(const char *key) {
  return key ? (void *)(key - offsetof(member, key)) : NULL;
}

json_t *json_array(void) {
  return node(JSON_ARRAY);
}

size_t json_array_size(const json_t *array) {
  return json_is_array(array) ? array->u.arr.n : 0;
}

json_t *json_array_get(const json_t *array, size_t index) {
  return index < json_array_size(array) ? array->u.arr.v[index] : NULL;
}

int json_array_append_new(json_t *array, json_t *value) {
  if (!json_is_array(array) || !value) {
    json_decref(value);
    return -1;
  }
  if (array->u.arr.n == array->u.arr.cap) {
    array->u.arr.cap = array->u.arr.cap ? 2 * array->u.arr.cap : 8;
    array->u.arr.v =
        sks_realloc(array->u.arr.v, array->u.arr.cap * sizeof *array->u.arr.v);
  }
  array->u.arr.v[array->u.arr.n++] = value;
  return 0;
}

int json_array_append(json_t *array, json_t *value) {
  return json_array_append_new(array, json_incref(value));
}

json_t *json_string(const char *value) {
  if (!value)
    return NULL;
  json_t *t = node(JSON_STRING);
  t->u.str.len = strlen(value);
  t->u.str.s = sks_malloc(t->u.str.len + 1);
  memcpy(t->u.str.s, value, t->u.str.len + 1);
  return t;
}

const char *json_string_value(const json_t *string) {
  return json_is_string(string) ? string->u.str.s : NULL;
}

size_t json_string_length(const json_t *string) {
  return json_is_string(string) ? string->u.str.len : 0;
}

json_int_t json_integer_value(const json_t *integer) {
  return json_is_integer(integer) ? integer->u.i : 0;
}

double json_number_value(const json_t *json) {
  return json_is_integer(json) ? (double)json->u.i
         : json_is_real(json)  ? json->u.r
                               : 0.0;
}
