#include "common.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>

// libpng's simplified API: no setjmp here, errors come back in `message`.
int linky_decode_png(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out) {
    memset(out, 0, sizeof *out);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size))
        return linky_fail(out, "PNG: %s", image.message);
    if (linky_check_size(out, image.width, image.height, max_pixels) != 0) {
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(bytes);
    if (pixels == NULL) {
        png_image_free(&image);
        return linky_fail(out, "PNG: out of memory");
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        return linky_fail(out, "PNG: %s", image.message);
    }
    out->width = (int)image.width;
    out->height = (int)image.height;
    out->pixels = pixels;
    return 0;
}

int linky_encode_png(const uint8_t *rgba, int width, int height, uint8_t **out, size_t *out_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) return -1;
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return -1;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    *out_size = size;
    return 0;
}
