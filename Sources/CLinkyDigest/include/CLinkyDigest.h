#ifndef CLINKY_DIGEST_H
#define CLINKY_DIGEST_H

#include <stddef.h>
#include <stdint.h>

/// Writes the SHA-256 of `count` bytes at `bytes` into `digest` (32 bytes), with Debian's libcrypto
/// (OpenSSL). Returns 1 on success, 0 on failure.
int linky_sha256(const void *bytes, size_t count, uint8_t digest[32]);

/// Writes the HMAC-SHA-512 of `count` bytes at `bytes` under `key` into `mac` (64 bytes): the signature
/// of a JSON Web Token signed HS512 (Shaarli's API). Returns 1 on success, 0 on failure.
int linky_hmac_sha512(const void *key, size_t keyCount, const void *bytes, size_t count, uint8_t mac[64]);

#endif
