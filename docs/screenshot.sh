#!/usr/bin/env bash
# screenshot.sh makes docs/workbench.png: the real workbench, run in tmux
# on the bundled example with a layer switched on, captured with its
# colours (tmux capture-pane -e), turned into HTML by aha and photographed
# by headless Chromium. It needs go, tmux, aha and chromium (Debian
# packages tmux, aha, chromium and fonts-dejavu-core); it installs nothing.
#
#   bash docs/screenshot.sh [OUT.png]
set -euo pipefail

for tool in go tmux aha chromium; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "screenshot.sh: $tool is not installed" >&2
		exit 2
	fi
done

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$repo/docs/workbench.png}
work=$(mktemp -d "${TMPDIR:-/tmp}/rulebench-shot.XXXXXX")
sock="rulebench-shot-$$"
cols=120
rows=36
cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

(cd "$repo" && go build -o "$work/rulebench" .)

screen() { tmux -L "$sock" capture-pane -p -t shot; }
wait_for() {
	for _ in $(seq 1 200); do
		if screen | grep -Eq -- "$1"; then return 0; fi
		sleep 0.05
	done
	echo "screenshot.sh: the screen never showed /$1/:" >&2
	screen >&2
	exit 1
}

# The bundled example (no PATH), the dark theme, 24-bit colour.
tmux -L "$sock" -f /dev/null new-session -d -s shot -x "$cols" -y "$rows" \
	"env TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 '$work/rulebench' --theme dark; sleep 60"
wait_for '2 warnings'
# The Layers tab with The long dark switched on: Midsummer fair, which it
# blocks, is disabled, and the detail lists what the layer does.
tmux -L "$sock" send-keys -t shot 2
wait_for '▸ \[ \] The long dark'
tmux -L "$sock" send-keys -t shot Space
wait_for 'The long dark is on'
wait_for 'Midsummer fair +midsummer +blocked by'
tmux -L "$sock" capture-pane -e -p -t shot >"$work/screen.ans"

aha --black --no-header <"$work/screen.ans" >"$work/body.html"
cat >"$work/screen.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
html, body { margin: 0; background: #0d1117; }
pre { margin: 0; padding: 12px 14px; color: #e6edf3; background: #0d1117;
      font-family: "DejaVu Sans Mono", monospace; font-size: 14px; line-height: 1.164; }
</style></head><body><pre>$(cat "$work/body.html")</pre></body></html>
HTML

# DejaVu Sans Mono at 14px is 8.43 px a column; a row is its ascent plus
# descent (1.164 em, 16.3 px), so that box-drawing lines join and a row's
# background does not cover the row above.
width=$((cols * 843 / 100 + 28 + 2))
height=$((rows * 163 / 10 + 26))
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
	--disable-component-update --no-first-run --disable-sync --hide-scrollbars \
	--user-data-dir="$work/chromium" --screenshot="$out" --window-size="$width,$height" \
	"file://$work/screen.html" >/dev/null 2>&1
echo "screenshot.sh: wrote $out (${width}x${height})"
