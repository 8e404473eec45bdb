#include "CLinkySystem.h"

#if defined(__GLIBC__)
#include <malloc.h>

void linky_return_free_memory(void) { malloc_trim(0); }
#else
void linky_return_free_memory(void) {}
#endif
