#include "CFuzzerDriver.h"

int linky_fuzz_main(int argc, char **argv, int (*fuzz)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, fuzz);
}
