#ifndef CLINKY_IMAGE_CODECS_H
#define CLINKY_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// A decoded picture: `width` × `height` pixels of 8-bit RGBA, straight (not premultiplied) alpha,
/// rows top to bottom. `pixels` is malloc'ed; give it back with `linky_image_free`.
typedef struct {
    int width;
    int height;
    uint8_t *pixels;
    /// Why decoding failed, as the library said it; empty on success.
    char error[200];
} linky_image;

/// The decoders: 0 on success. Each reads the picture's size from its header first and refuses one of
/// more than `max_pixels` pixels (or wider or taller than 65,535) before it allocates anything for
/// it; a GIF gives its first frame, a WebP its still picture (an animated one is refused).
int linky_decode_jpeg(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out);
int linky_decode_png(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out);
int linky_decode_gif(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out);
int linky_decode_webp(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out);
void linky_image_free(linky_image *image);

/// The encoders: 0 on success, with `*out` malloc'ed (give it back with `linky_bytes_free`).
/// `rgba` is `width` × `height` pixels of straight-alpha RGBA.
/// WebP, lossy at `quality` (0–100), alpha kept.
int linky_encode_webp(const uint8_t *rgba, int width, int height, float quality, uint8_t **out, size_t *out_size);
/// JPEG at `quality` (1–100), on a white background (JPEG has no alpha).
int linky_encode_jpeg(const uint8_t *rgba, int width, int height, int quality, uint8_t **out, size_t *out_size);
/// PNG, RGBA.
int linky_encode_png(const uint8_t *rgba, int width, int height, uint8_t **out, size_t *out_size);
void linky_bytes_free(uint8_t *bytes);

#endif
