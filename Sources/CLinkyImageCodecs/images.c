#include "common.h"
#include <stdlib.h>

void linky_image_free(linky_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

void linky_bytes_free(uint8_t *bytes) { free(bytes); }
