// Portable math: exp, log, tanh, sigmoid, erf, sin, cos built only from +, -, *, /, sqrt and bit
// manipulation, so they give the same bits on every x86-64 processor and in WebAssembly.
//
// Why the engine has its own: glibc picks one of several implementations of expf, logf, exp, log,
// pow, sin, cos at run time from the CPU's features (SSE2, FMA, AVX2), and they may differ in the
// last bit; Emscripten links musl's, which differ again. A training run amplifies a last-bit
// difference into a different model (issue 11: a recall run gave 0.575 on one machine and 0.415 on
// another), so nothing on the training or evaluation path calls the C library's math. std::sqrt and
// std::ldexp/frexp stay: IEEE defines their result exactly.
//
// Float functions share the four-lane kernels of core/simd.h (a scalar call runs lane 0), so a value
// gets the same bits whether a kernel or a scalar loop computed it. Double functions (weight
// initialization, positional encoding, metrics) are accurate to a few units in the last place.
#pragma once

namespace attnlab::pmath {

float exp(float x);
float log(float x);  // log(0) = -inf, log(x < 0) = NaN
float tanh(float x);
float sigmoid(float x);
float erf(float x);

double exp(double x);
double log(double x);
double tanh(double x);
double sigmoid(double x);
double erf(double x);
double sin(double x);
double cos(double x);
double pow_int(double base, long long n);  // base^n (Adam's beta^t): squaring up to n = 64, then logs

}  // namespace attnlab::pmath
