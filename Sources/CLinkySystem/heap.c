#include "CLinkySystem.h"
#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
void linky_reserve_heap_ahead(void) {
    // Each heap grows by what an allocation needs plus M_TOP_PAD (128 KB by default), one mprotect
    // (or brk) at a time; 64 MB at a time reserves address space, and pages are still mapped (and
    // counted as resident) only when first touched.
    mallopt(M_TOP_PAD, 64 << 20);
}
#else
void linky_reserve_heap_ahead(void) {}
#endif
