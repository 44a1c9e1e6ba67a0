# Sourced by scripts/setup, scripts/fuzz and scripts/test: build_step NAME CMD... runs CMD quietly
# into build/logs/NAME.log; on failure it shows the end of the log and returns 1 (which stops a
# script under `set -e`).
build_step() {
  local name="$1" log="build/logs/$1.log"
  shift
  mkdir -p build/logs
  echo "== $name (log: $log)"
  if ! "$@" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "${0##*/}: the $name failed; the whole log is $log" >&2
    return 1
  fi
}

# fresh_generator DIR GENERATOR: a build folder configured with another CMake generator (before the
# switch to Ninja) cannot be configured again in place; it is removed so the next configure starts over.
fresh_generator() {
  local cache="$1/CMakeCache.txt"
  if [ -f "$cache" ] && ! grep -qx "CMAKE_GENERATOR:INTERNAL=$2" "$cache"; then
    echo "== $1 was configured with another generator: starting it over with $2"
    rm -rf "$1"
  fi
}
