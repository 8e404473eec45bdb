#ifndef CLINKY_BUILD_INFO_H
#define CLINKY_BUILD_INFO_H

/// The release version this binary was built as ("1.4.0"), or "dev" for a build from source.
const char *linky_build_version(void);

/// The full commit hash this binary was built from (with "-dirty" when the tree had changes), or
/// "unknown" for a build from source.
const char *linky_build_commit(void);

#endif
