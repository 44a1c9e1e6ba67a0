// ATTNLAB_COLD marks a function that runs once per model or once per request, never once per
// number: a model's constructor from its config, random initialization, the backward passes
// (training, and in a lesson only the "why" of one word on request), and the copy of a forward
// pass into its trace (once per keystroke, a copy of numbers already computed). The lessons'
// WebAssembly module compiles these for size (the engine library attnlab_engine_lessons defines
// ATTNLAB_COLD_FOR_SIZE; CMakeLists.txt); every other build, the training lab's included, compiles
// them like the rest. minsize changes which instructions are chosen, never the arithmetic: no
// fast-math, no contraction (tests/web/lessons-module.test.ts compares the bits).
#pragma once

#if defined(ATTNLAB_COLD_FOR_SIZE)
#define ATTNLAB_COLD __attribute__((minsize))
#else
#define ATTNLAB_COLD
#endif
