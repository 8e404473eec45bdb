// The declaration is all: libFuzzer itself is linked by Fuzz/run.
