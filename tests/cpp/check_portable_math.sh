#!/usr/bin/env bash
# The engine must compute the same bits on every x86-64 processor (issue 11). Two things in a
# binary break that, and both can be seen without a second machine:
#   - a call into the C library's transcendental functions (expf, logf, exp, log, pow, sin, cos,
#     tanh, erf, ...): glibc picks one of several implementations at run time from the CPU;
#   - an approximate-reciprocal instruction (RSQRTPS/RSQRTSS/RCPPS/RCPSS): its estimate differs
#     between Intel and AMD (Eigen's SSE sqrt used it inside Adam, the cause of issue 11).
# Exactly rounded functions (sqrt, floor, ldexp, frexp, strtod, ...) are the same everywhere and allowed.
#   tests/cpp/check_portable_math.sh BINARY
set -euo pipefail
bin="$1"
[ -x "$bin" ] || { echo "no binary at $bin" >&2; exit 2; }
status=0

libm='(exp|exp2|exp10|expm1|log|log2|log10|log1p|pow|sin|cos|tan|sincos|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|erf|erfc|cbrt|hypot|lgamma|tgamma)(f|l)?'
calls=$(nm -D --undefined-only "$bin" | awk '{print $NF}' | sed 's/@.*//' | grep -Ex "$libm" || true)
if [ -n "$calls" ]; then
  echo "$bin calls the C library's math, whose result depends on the processor: $(echo $calls)"
  echo "use core/pmath.h instead"
  status=1
fi

approx=$(objdump -d --no-show-raw-insn "$bin" | awk '/^[0-9a-f]+ <.*>:$/ {fn = $2} /\t(v?rsqrt|v?rcp)(ps|ss|14|28)/ {print fn}' |
  sort -u | c++filt || true)
if [ -n "$approx" ]; then
  echo "$bin uses approximate reciprocal instructions (different bits on Intel and AMD) in:"
  echo "$approx"
  status=1
fi
[ $status -eq 0 ] && echo "portable math: no C library transcendental and no approximate reciprocal in $bin"
exit $status
