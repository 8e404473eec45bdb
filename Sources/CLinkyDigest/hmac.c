// HMAC (RFC 2104) over SHA-512's low-level functions, for the same reason sha256.c uses SHA-256's: EVP
// and its HMAC would draw OpenSSL's provider machinery into the static release binary.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <string.h>

#include "CLinkyDigest.h"

int linky_hmac_sha512(const void *key, size_t keyCount, const void *bytes, size_t count, uint8_t mac[64]) {
    enum { block = 128 };
    uint8_t padded[block] = {0};
    if (keyCount > block) {
        if (!SHA512(key, keyCount, padded)) return 0;
    } else if (keyCount > 0) {
        memcpy(padded, key, keyCount);
    }
    uint8_t inner[block], outer[block], innerDigest[64];
    for (int index = 0; index < block; index++) {
        inner[index] = padded[index] ^ 0x36;
        outer[index] = padded[index] ^ 0x5c;
    }
    SHA512_CTX context;
    if (!SHA512_Init(&context) || !SHA512_Update(&context, inner, block)) return 0;
    if (count > 0 && !SHA512_Update(&context, bytes, count)) return 0;
    if (!SHA512_Final(innerDigest, &context)) return 0;
    if (!SHA512_Init(&context) || !SHA512_Update(&context, outer, block)) return 0;
    if (!SHA512_Update(&context, innerDigest, sizeof innerDigest)) return 0;
    return SHA512_Final(mac, &context);
}
