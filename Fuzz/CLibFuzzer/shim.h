// libFuzzer's entry point for programs with a main of their own, declared weak, so that a
// fuzz driver links with or without libFuzzer (docs/decisions.md, "Fuzzing"). Nothing else
// lives in this module; it links nothing (the Makefile's `fuzz` target adds libFuzzer).
#ifndef CLIBFUZZER_SHIM_H
#define CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's LLVMFuzzerTestOneInput: runs one input, returns 0 (-1 rejects it from the corpus).
typedef int (*CLibFuzzer_TestOneInput)(const uint8_t *data, size_t size);
typedef int (*CLibFuzzer_Driver)(int *argc, char ***argv, CLibFuzzer_TestOneInput callback);

/// Parses libFuzzer's flags from the command line and fuzzes `callback`, or runs it on the
/// files named there; returns the exit status. Null when libFuzzer is not linked in.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, CLibFuzzer_TestOneInput callback)
    __attribute__((weak));

/// `LLVMFuzzerRunDriver`, or null when the program was linked without libFuzzer (Swift
/// cannot compare an imported function with null itself).
static inline CLibFuzzer_Driver CLibFuzzer_driver(void) { return LLVMFuzzerRunDriver; }

#endif
