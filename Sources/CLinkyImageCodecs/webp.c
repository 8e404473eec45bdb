#include "common.h"
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>

int linky_decode_webp(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out) {
    memset(out, 0, sizeof *out);
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return linky_fail(out, "WebP: not a WebP picture");
    if (features.has_animation) return linky_fail(out, "WebP: an animated picture");
    if (linky_check_size(out, features.width, features.height, max_pixels) != 0) return -1;
    int width = 0, height = 0;
    uint8_t *decoded = WebPDecodeRGBA(data, size, &width, &height);
    if (decoded == NULL) return linky_fail(out, "WebP: the picture is damaged or cut short");
    // Copied into malloc'ed memory, which linky_image_free gives back (WebP's own must go to WebPFree).
    size_t bytes = (size_t)width * (size_t)height * 4;
    out->pixels = malloc(bytes);
    if (out->pixels == NULL) {
        WebPFree(decoded);
        return linky_fail(out, "WebP: out of memory");
    }
    memcpy(out->pixels, decoded, bytes);
    WebPFree(decoded);
    out->width = width;
    out->height = height;
    return 0;
}

int linky_encode_webp(const uint8_t *rgba, int width, int height, float quality, uint8_t **out, size_t *out_size) {
    uint8_t *encoded = NULL;
    size_t size = WebPEncodeRGBA(rgba, width, height, width * 4, quality, &encoded);
    if (size == 0 || encoded == NULL) return -1;
    uint8_t *copy = malloc(size);
    if (copy == NULL) {
        WebPFree(encoded);
        return -1;
    }
    memcpy(copy, encoded, size);
    WebPFree(encoded);
    *out = copy;
    *out_size = size;
    return 0;
}
