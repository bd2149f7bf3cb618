/* Private: the calls of jansson the JSON forms make (formats/json_int.h),
 * for the WebAssembly module, which has no jansson (Debian has no
 * WebAssembly build of it): the page's browser parses the text
 * (JSON.parse) and formats/json_js.c builds the tree these calls walk.
 * Only what the library uses is here, with jansson's names and meanings;
 * what differs (docs/web.md): a key written twice in one object is the
 * last one's value, as JSON.parse takes it, not an error; a number is
 * an integer unless written with a fraction or an exponent where the
 * engine tells (else: when it is a whole number). */
#ifndef SKS_JSON_JS_JANSSON_H
#define SKS_JSON_JS_JANSSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum json_type {
  JSON_OBJECT,
  JSON_ARRAY,
  JSON_STRING,
  JSON_INTEGER,
  JSON_REAL,
  JSON_TRUE,
  JSON_FALSE,
  JSON_NULL
} json_type;

typedef long long json_int_t;
typedef struct json_t json_t;

#define JSON_ERROR_TEXT_LENGTH 160
#define JSON_ERROR_SOURCE_LENGTH 80
typedef struct json_error_t {
  int line;
  int column;
  int position; /* bytes read when the error was found, from 1 */
  char source[JSON_ERROR_SOURCE_LENGTH];
  char text[JSON_ERROR_TEXT_LENGTH];
} json_error_t;

/* Flags json_loadb takes (and, for the one below, cannot honour: see
 * above). */
#define JSON_REJECT_DUPLICATES 0x1

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags,
                   json_error_t *error);

json_type json_typeof(const json_t *json);
#define json_is_object(j) ((j) && json_typeof(j) == JSON_OBJECT)
#define json_is_array(j) ((j) && json_typeof(j) == JSON_ARRAY)
#define json_is_string(j) ((j) && json_typeof(j) == JSON_STRING)
#define json_is_integer(j) ((j) && json_typeof(j) == JSON_INTEGER)
#define json_is_real(j) ((j) && json_typeof(j) == JSON_REAL)
#define json_is_number(j) (json_is_integer(j) || json_is_real(j))
#define json_is_true(j) ((j) && json_typeof(j) == JSON_TRUE)
#define json_is_false(j) ((j) && json_typeof(j) == JSON_FALSE)
#define json_is_boolean(j) (json_is_true(j) || json_is_false(j))
#define json_is_null(j) ((j) && json_typeof(j) == JSON_NULL)

json_t *json_incref(json_t *json);
void json_decref(json_t *json);

json_t *json_object(void);
size_t json_object_size(const json_t *object);
json_t *json_object_get(const json_t *object, const char *key);
/* Takes the reference to value; 0, or -1 when object is none. */
int json_object_set_new(json_t *object, const char *key, json_t *value);
/* The iteration json_object_foreach makes, in the document's order. */
void *json_object_iter(json_t *object);
void *json_object_iter_next(json_t *object, void *iter);
const char *json_object_iter_key(void *iter);
json_t *json_object_iter_value(void *iter);
void *json_object_key_to_iter(const char *key);
#define json_object_foreach(object, key, value)                                \
  for (key = json_object_iter_key(json_object_iter(object));                   \
       key && (value = json_object_iter_value(json_object_key_to_iter(key)));  \
       key = json_object_iter_key(                                             \
           json_object_iter_next(object, json_object_key_to_iter(key))))

json_t *json_array(void);
size_t json_array_size(const json_t *array);
json_t *json_array_get(const json_t *array, size_t index);
int json_array_append_new(json_t *array, json_t *value);
/* Keeps value's reference and takes one of its own. */
int json_array_append(json_t *array, json_t *value);

json_t *json_string(const char *value);
const char *json_string_value(const json_t *string);
size_t json_string_length(const json_t *string);
json_int_t json_integer_value(const json_t *integer);
double json_number_value(const json_t *json);

#endif
