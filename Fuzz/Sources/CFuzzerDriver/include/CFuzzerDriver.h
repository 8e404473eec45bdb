#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main (libclang_rt.fuzzer_no_main).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

/// Every fuzz target's main: hands the command line (-max_total_time=…, corpus folders) and the
/// target's function to libFuzzer, and returns its exit status.
int linky_fuzz_main(int argc, char **argv, int (*fuzz)(const uint8_t *data, size_t size));
