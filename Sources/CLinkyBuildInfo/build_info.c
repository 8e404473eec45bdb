// Weak defaults for a plain `swift build`. scripts/release links one more object that defines these two
// functions strongly (with the tag's version and the commit), and the linker prefers it: stamping a
// release therefore only relinks the binary, and a build from source needs no generated file.
#include "CLinkyBuildInfo.h"

__attribute__((weak)) const char *linky_build_version(void) { return "dev"; }

__attribute__((weak)) const char *linky_build_commit(void) { return "unknown"; }
