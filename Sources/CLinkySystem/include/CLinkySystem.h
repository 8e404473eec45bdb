#ifndef CLINKY_SYSTEM_H
#define CLINKY_SYSTEM_H

/// Atomically exchanges two existing paths (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np RENAME_SWAP).
/// Returns 0 on success, -1 with errno set on failure (ENOSYS/EINVAL where the file system cannot).
int linky_exchange_paths(const char *first, const char *second);

/// glibc's malloc_trim(0): gives the pages of freed memory back to the system. Elsewhere, nothing.
void linky_return_free_memory(void);

#endif
