/* Private: the one way out when an allocation fails, for the library's own
 * allocations (sks_malloc and its kin) and for the SAT libraries it links
 * (PicoSAT through its allocator hooks, CaDiCaL's std::bad_alloc caught at
 * the C boundary): a message on stderr and the documented status
 * SKS_EXIT_MEMORY, never an abort inside a library. */
#ifndef SKS_MEMORY_INT_H
#define SKS_MEMORY_INT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* where names the library that asked (NULL: sudokusat itself); bytes is
 * the request, 0 when not known. */
void sks_out_of_memory(const char *where, size_t bytes)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;

/* What runs before that exit (the cleanup of common/cleanup.c installs
 * itself here when it first records something); NULL: nothing. */
void sks_out_of_memory_hook(void (*before_exit)(void));

#ifdef __cplusplus
}
#endif
#endif
