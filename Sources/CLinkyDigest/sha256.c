// SHA256_Init/Update/Final are deprecated in OpenSSL 3 in favour of EVP, which would draw its provider
// machinery into the static release binary; the low-level functions stay in libcrypto and are all a
// digest of a file needs.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include "CLinkyDigest.h"

int linky_sha256(const void *bytes, size_t count, uint8_t digest[32]) {
    SHA256_CTX context;
    if (!SHA256_Init(&context)) return 0;
    if (count > 0 && !SHA256_Update(&context, bytes, count)) return 0;
    return SHA256_Final(digest, &context);
}
