# Sourced by scripts/setup and scripts/fuzz: build_step NAME CMD... runs CMD quietly into
# build/logs/NAME.log; on failure it shows the end of the log and stops the script.
build_step() {
  local name="$1" log="build/logs/$1.log"
  shift
  mkdir -p build/logs
  echo "== $name (log: $log)"
  if ! "$@" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "${0##*/}: the $name failed; the whole log is $log" >&2
    exit 1
  fi
}
