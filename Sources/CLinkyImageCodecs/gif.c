#include "common.h"
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t at;
} linky_gif_input;

static int linky_gif_read(GifFileType *file, GifByteType *into, int wanted) {
    linky_gif_input *input = file->UserData;
    size_t left = input->size - input->at;
    size_t count = wanted < 0 ? 0 : (size_t)wanted < left ? (size_t)wanted : left;
    memcpy(into, input->data + input->at, count);
    input->at += count;
    return (int)count;
}

static int linky_gif_close(GifFileType *file, linky_image *out, int code, const char *what) {
    int ignored;
    if (code != 0) {
        int error = file->Error;
        const char *reason = GifErrorString(error);
        linky_fail(out, "GIF: %s%s%s", what, reason ? ": " : "", reason ? reason : "");
    }
    DGifCloseFile(file, &ignored);
    return code;
}

// The first frame, on transparency where the frame does not cover the screen. Read record by record
// (not DGifSlurp, which would decode every frame of an animation, each as large as it claims).
int linky_decode_gif(const uint8_t *data, size_t size, int64_t max_pixels, linky_image *out) {
    memset(out, 0, sizeof *out);
    linky_gif_input input = {data, size, 0};
    int error = 0;
    GifFileType *file = DGifOpen(&input, linky_gif_read, &error);
    if (file == NULL) return linky_fail(out, "GIF: %s", GifErrorString(error) ? GifErrorString(error) : "not a GIF");
    if (linky_check_size(out, file->SWidth, file->SHeight, max_pixels) != 0) {
        DGifCloseFile(file, &error);
        return -1;
    }
    int transparent = -1;
    GifRecordType record;
    do {
        if (DGifGetRecordType(file, &record) == GIF_ERROR) return linky_gif_close(file, out, -1, "cut short");
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *extension;
            if (DGifGetExtension(file, &code, &extension) == GIF_ERROR)
                return linky_gif_close(file, out, -1, "a damaged extension");
            if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(extension[0], extension + 1, &control) == GIF_OK)
                    transparent = control.TransparentColor;
            }
            while (extension != NULL) {
                if (DGifGetExtensionNext(file, &extension) == GIF_ERROR)
                    return linky_gif_close(file, out, -1, "a damaged extension");
            }
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(file) == GIF_ERROR) return linky_gif_close(file, out, -1, "a damaged frame");
            GifImageDesc *frame = &file->Image;
            ColorMapObject *colors = frame->ColorMap ? frame->ColorMap : file->SColorMap;
            if (colors == NULL) return linky_gif_close(file, out, -1, "no colour table");
            long long left = frame->Left, top = frame->Top, width = frame->Width, height = frame->Height;
            if (width <= 0 || height <= 0 || width > LINKY_MAX_SIDE || height > LINKY_MAX_SIDE ||
                width * height > max_pixels)
                return linky_gif_close(file, out, -1, "a frame too large");
            size_t screen_width = (size_t)file->SWidth, screen_height = (size_t)file->SHeight;
            uint8_t *pixels = calloc(screen_width * screen_height, 4);
            GifPixelType *line = malloc((size_t)width);
            if (pixels == NULL || line == NULL) {
                free(pixels);
                free(line);
                return linky_gif_close(file, out, -1, "out of memory");
            }
            // Interlaced frames come in four passes: every 8th row from 0, from 4, every 4th from 2,
            // every 2nd from 1.
            static const int start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
            int passes = frame->Interlace ? 4 : 1;
            for (int pass = 0; pass < passes; pass++) {
                for (long long y = frame->Interlace ? start[pass] : 0; y < height; y += frame->Interlace ? step[pass] : 1) {
                    if (DGifGetLine(file, line, (int)width) == GIF_ERROR) {
                        free(pixels);
                        free(line);
                        return linky_gif_close(file, out, -1, "cut short");
                    }
                    long long row = top + y;
                    if (row < 0 || (size_t)row >= screen_height) continue;
                    for (long long x = 0; x < width; x++) {
                        long long column = left + x;
                        if (column < 0 || (size_t)column >= screen_width) continue;
                        int index = line[x];
                        if (index == transparent || index >= colors->ColorCount) continue;
                        uint8_t *pixel = pixels + ((size_t)row * screen_width + (size_t)column) * 4;
                        pixel[0] = colors->Colors[index].Red;
                        pixel[1] = colors->Colors[index].Green;
                        pixel[2] = colors->Colors[index].Blue;
                        pixel[3] = 255;
                    }
                }
            }
            free(line);
            out->width = (int)screen_width;
            out->height = (int)screen_height;
            out->pixels = pixels;
            DGifCloseFile(file, &error);
            return 0;
        }
    } while (record != TERMINATE_RECORD_TYPE);
    return linky_gif_close(file, out, -1, "no frame");
}
