#include "common.h"
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libjpeg reports errors by calling error_exit, which must not return: it jumps back to the caller.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
    /// The data ended before the picture did: libjpeg fills the rest with grey and only warns.
    int cut_short;
} linky_jpeg_error;

static void linky_jpeg_exit(j_common_ptr info) {
    linky_jpeg_error *error = (linky_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->back, 1);
}

// Warnings (a stream with stray bytes that still decodes) are not failures and are silenced, except
// the end of the data before the end of the picture, whose missing rows would show as grey.
static void linky_jpeg_quiet(j_common_ptr info, int level) {
    linky_jpeg_error *error = (linky_jpeg_error *)info->err;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) error->cut_short = 1;
}

// The error manager both directions use: failures jump back, warnings are silenced but one.
static struct jpeg_error_mgr *linky_jpeg_errors(linky_jpeg_error *error) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->manager);
    manager->error_exit = linky_jpeg_exit;
    manager->emit_message = linky_jpeg_quiet;
    error->cut_short = 0;
    return manager;
}

int linky_decode_jpeg(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct info;
    linky_jpeg_error error;
    info.err = linky_jpeg_errors(&error);
    // Volatile: kept across the longjmp.
    uint8_t *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;
    if (setjmp(error.back)) {
        free(pixels);
        free(row);
        jpeg_destroy_decompress(&info);
        return linky_fail(out, "JPEG: %s", error.message);
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (linky_check_size(out, info.image_width, info.image_height, max_pixels) != 0) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    // CMYK (Adobe's inverted CMYK, as Photoshop writes it) is converted here; every other colour
    // space libjpeg turns into RGB itself.
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t width = info.output_width, height = info.output_height;
    pixels = malloc(width * height * 4);
    row = malloc(width * 4);
    if (pixels == NULL || row == NULL) longjmp(error.back, 1);
    while (info.output_scanline < height) {
        uint8_t *target = pixels + (size_t)info.output_scanline * width * 4;
        JSAMPROW rows[1] = {cmyk ? row : target};
        jpeg_read_scanlines(&info, rows, 1);
        if (cmyk) {
            for (size_t x = 0; x < width; x++) {
                unsigned c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
                target[x * 4] = (uint8_t)(c * k / 255);
                target[x * 4 + 1] = (uint8_t)(m * k / 255);
                target[x * 4 + 2] = (uint8_t)(y * k / 255);
                target[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    if (error.cut_short) {
        free(pixels);
        return linky_fail(out, "JPEG: the picture is cut short");
    }
    out->width = (int)width;
    out->height = (int)height;
    out->pixels = pixels;
    return 0;
}

int linky_encode_jpeg(const uint8_t *rgba, int width, int height, int quality, uint8_t **out, size_t *out_size) {
    struct jpeg_compress_struct info;
    linky_jpeg_error error;
    info.err = linky_jpeg_errors(&error);
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    JSAMPLE *volatile row = NULL;
    if (setjmp(error.back)) {
        free(row);
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &buffer_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    row = malloc((size_t)width * 3);
    if (row == NULL) longjmp(error.back, 1);
    while (info.next_scanline < info.image_height) {
        const uint8_t *source = rgba + (size_t)info.next_scanline * (size_t)width * 4;
        // On white: what a page without a background shows behind a transparent picture.
        for (int x = 0; x < width; x++) {
            unsigned alpha = source[x * 4 + 3];
            for (int channel = 0; channel < 3; channel++)
                row[x * 3 + channel] = (JSAMPLE)((source[x * 4 + channel] * alpha + 255 * (255 - alpha) + 127) / 255);
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *out = buffer;
    *out_size = buffer_size;
    return 0;
}
