#ifndef CLINKY_IMAGE_COMMON_H
#define CLINKY_IMAGE_COMMON_H

#include "CLinkyImageCodecs.h"
#include <stdio.h>
#include <stdarg.h>

/// The largest side any decoder accepts.
#define LINKY_MAX_SIDE 65535

static inline int linky_fail(linky_image *out, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(out->error, sizeof out->error, format, arguments);
    va_end(arguments);
    return -1;
}

/// Refuses a size before anything is allocated for it.
static inline int linky_check_size(linky_image *out, long long width, long long height, int64_t max_pixels) {
    if (width <= 0 || height <= 0) return linky_fail(out, "the picture has no pixels (%lld × %lld)", width, height);
    if (width > LINKY_MAX_SIDE || height > LINKY_MAX_SIDE || width * height > max_pixels)
        return linky_fail(out, "the picture is %lld × %lld pixels, more than the %lld allowed", width, height,
                          (long long)max_pixels);
    return 0;
}

#endif
