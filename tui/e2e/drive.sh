#!/usr/bin/env bash
# drive.sh drives the rulebench workbench in tmux as a user would, on a copy
# of the bundled Lantern Road example, and checks the screen after each
# step:
#
#   1. switch a layer on and see a price change (The long dark: lamp oil,
#      written 3 groat, shows 30 mites);
#   2. Translations: pick pt-BR, filter to the untranslated strings;
#   3. Migrations: step through a sample save, forwards, back, the whole
#      chain;
#   4. edit the ruleset file and see the change without a restart;
#   5. Problems: e opens $EDITOR (a script that renames a stale key) at the
#      finding's file and line, and the finding is gone when it returns;
#   6. quit with q (exit status 0);
#   7. at 80x24, a second workbench walks each screen issue 13 fixed:
#      Overview, Layers, Effective, Translations, Migrations, Problems.
#
# DRIVE_ONLY=80x24 runs the 80x24 walk alone.
#
# It installs nothing. It needs bash, tmux and go (to build the binary,
# unless RULEBENCH names one already built). It prints PASS or FAIL for
# each step and exits 0 only when every step passed; 2 when it cannot run.
#
#   bash tui/e2e/drive.sh            from anywhere in the repository
#   RULEBENCH=/path/to/rulebench bash tui/e2e/drive.sh
set -uo pipefail

if ! command -v tmux >/dev/null 2>&1; then
	echo "drive.sh: tmux is not installed; install it (apt-get install tmux) to drive the workbench" >&2
	exit 2
fi

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/rulebench-drive.XXXXXX")
sock="rulebench-drive-$$"
session=rb
failed=0

cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1
	rm -rf "$work"
}
trap cleanup EXIT

bin=${RULEBENCH:-}
if [ -z "$bin" ]; then
	if ! command -v go >/dev/null 2>&1; then
		echo "drive.sh: go is not installed and RULEBENCH names no binary" >&2
		exit 2
	fi
	bin="$work/rulebench"
	if ! (cd "$repo" && go build -o "$bin" .); then
		echo "drive.sh: the binary does not build" >&2
		exit 2
	fi
fi
cp -R "$repo/examples/lantern-road" "$work/lantern-road"
ruleset="$work/lantern-road/ruleset.json"

# now_ms prints the time in milliseconds.
now_ms() { date +%s%3N; }

# screen prints what the terminal shows.
screen() { tmux -L "$sock" capture-pane -p -t "$session" 2>/dev/null; }

# keys sends keys to the workbench (tmux key names: Space, Enter, Down...).
# Wait for what Escape does before sending the next key, as a person
# would: a key right after it reads as alt+key.
keys() { tmux -L "$sock" send-keys -t "$session" "$@"; }

# wait_for PATTERN [SECONDS]: polls the screen until a line matches the
# extended regular expression, or the time runs out (default 5 s).
wait_for() {
	local pattern=$1 limit=${2:-5}
	local end=$(($(now_ms) + limit * 1000))
	while :; do
		if screen | grep -Eq -- "$pattern"; then
			return 0
		fi
		if [ "$(now_ms)" -gt "$end" ]; then
			return 1
		fi
		sleep 0.05
	done
}

# press_until PATTERN KEY [TIMES]: presses KEY until the screen matches,
# at most TIMES times (default 20).
press_until() {
	local pattern=$1 key=$2 times=${3:-20}
	for ((i = 0; i <= times; i++)); do
		if wait_for "$pattern" 1; then
			return 0
		fi
		keys "$key"
	done
	return 1
}

# expect NAME PATTERN [SECONDS]: one check of a step; on failure the
# screen is printed.
expect() {
	local name=$1 pattern=$2 limit=${3:-5}
	if wait_for "$pattern" "$limit"; then
		return 0
	fi
	echo "  expected /$pattern/ ($name); the screen was:"
	screen | sed 's/^/  | /'
	return 1
}

# gone NAME PATTERN [SECONDS]: polls the screen until no line matches.
gone() {
	local name=$1 pattern=$2 limit=${3:-5}
	local end=$(($(now_ms) + limit * 1000))
	while screen | grep -Eq -- "$pattern"; do
		if [ "$(now_ms)" -gt "$end" ]; then
			echo "  /$pattern/ is still on the screen ($name):"
			screen | sed 's/^/  | /'
			return 1
		fi
		sleep 0.05
	done
}

# step NAME COMMANDS...: runs a step's commands and prints PASS or FAIL.
step() {
	local name=$1
	shift
	if "$@"; then
		echo "PASS $name"
	else
		echo "FAIL $name"
		failed=1
	fi
}

# The editor the e key runs: it records its arguments and, at the line it
# is given (+LINE FILE, the form for an editor it does not know), renames
# the stale key "Road luck die" to the current string.
cat >"$work/edit.sh" <<'SCRIPT'
#!/usr/bin/env bash
printf '%s\n' "$*" >>"${0%/*}/editor-args"
line=${1#+}
sed -i "${line}s/Road luck die/Road-luck die/" "$2"
SCRIPT
chmod +x "$work/edit.sh"

tmux -L "$sock" -f /dev/null new-session -d -s "$session" -x 120 -y 36 \
	"env -u VISUAL LANG=C.UTF-8 LC_ALL=C.UTF-8 EDITOR='$work/edit.sh' '$bin' '$work/lantern-road'; echo \$? > '$work/exit'; sleep 60"
tmux -L "$sock" set-option -t "$session" remain-on-exit on >/dev/null 2>&1

start() {
	expect "the workbench opens on Lantern Road" 'rulebench +Lantern Road v[0-9]+' 10 &&
		expect "the checks have run" '2 warnings' 10
}

layer_price() {
	keys 3 &&
		press_until 'wares/lamp-oil +3 groats +3 groats' PageDown &&
		keys 2 &&
		expect "the Layers tab shows The long dark first" '▸ \[ \] The long dark' &&
		keys Space &&
		expect "The long dark is on" 'The long dark is on' &&
		keys 3 &&
		press_until 'wares/lamp-oil +3 groats +30 mites\*' PageDown &&
		keys 2 Space &&
		expect "The long dark is off again" 'The long dark is off'
}

translations() {
	keys 4 &&
		expect "the language picker lists pt-BR" 'pt-BR .*Brazilian Portuguese' &&
		press_until '▸ pt-BR' Down 5 &&
		keys Enter &&
		expect "pt-BR's strings are shown" 'pt-BR Brazilian Portuguese .*showing all strings \(325\)' &&
		keys u &&
		expect "the untranslated filter keeps 101 missing and 2 empty strings" 'showing untranslated \(103\)' &&
		expect "an empty string is listed" 'Glasswork +Glasswork +empty' &&
		keys Escape &&
		expect "esc goes back to the languages" 'enter show strings'
}

migrations() {
	keys 5 &&
		expect "the Migrations tab lists the saves" 'saves/fighter3.json' &&
		press_until '▸ saves/fighter3.json' Down 12 &&
		keys Enter &&
		expect "the first step of fighter3" 'step 1 of 9: entry 1 → 2, step 1' &&
		expect "its outcome" 'build.abilities.quick → build.abilities.deft +copied 7' &&
		keys n n n &&
		expect "step 4 sets two attack rows" 'step 4 of 9.*' &&
		expect "set 2" 'set 2' &&
		keys p &&
		expect "back to step 3" 'step 3 of 9' &&
		keys c &&
		expect "the whole chain" 'the whole chain, 9 steps' &&
		expect "migrated to version 4" 'Migrated to version 4' &&
		keys Escape &&
		expect "esc goes back to the list" 'enter step through'
}

live_reload() {
	keys 1 &&
		expect "the overview" 'Outline' || return 1
	local before after
	before=$(now_ms)
	sed -i 's/"name": "Lantern Road"/"name": "Lantern Road Revised"/' "$ruleset" &&
		grep -q '"name": "Lantern Road Revised"' "$ruleset" &&
		expect "the edit shows without a restart" 'rulebench +Lantern Road Revised v[0-9]+' 5 || return 1
	after=$(now_ms)
	# The screen is polled every 50 ms, each look taking a few more, so the
	# figure is an upper bound. The workbench aims at 200 ms; a loaded
	# machine is given 2 s before this step fails.
	echo "  the edit showed $((after - before)) ms after the file was written"
	[ $((after - before)) -le 2000 ] || {
		echo "  that is too slow"
		return 1
	}
	expect "the status says it reloaded" 'Reloaded at [0-9:]+' 5
}

editor() {
	local locale="$work/lantern-road/locales/pt-BR.json" line
	line=$(grep -n '"Road luck die"' "$locale" | cut -d: -f1)
	keys 6 &&
		press_until "▸ .*pt-BR.json:$line:[0-9]+ .*Road luck die" Down &&
		keys e &&
		expect "back from the editor, the files are read again" 'Back from the editor|Reloaded at [0-9:]+' 10 &&
		gone "the stale key's finding is gone" 'Road luck die' 5 || return 1
	local args
	args=$(cat "$work/editor-args" 2>/dev/null)
	echo "  the editor was run with: $args"
	[ "$args" = "+$line $locale" ] || {
		echo "  want: +$line $locale"
		return 1
	}
	grep -q '"Road-luck die"' "$locale"
}

quit() {
	keys q &&
		for _ in $(seq 1 100); do
			[ -s "$work/exit" ] && break
			sleep 0.05
		done &&
		[ "$(cat "$work/exit" 2>/dev/null)" = 0 ] || {
		echo "  the workbench did not exit with 0 after q: $(cat "$work/exit" 2>/dev/null || echo 'still running')"
		return 1
	}
}

# The walk at 80x24 (issue 13): a second workbench, on a fresh copy, in a
# terminal of 80 columns and 24 lines, through each screen the issue fixed.
# Every screen is checked for what it must show whole, and for the key
# hints' way to every key and the way out.

# open80 starts the second workbench at 80x24.
open80() {
	cp -R "$repo/examples/lantern-road" "$work/lr80"
	session=rb80
	tmux -L "$sock" new-session -d -s "$session" -x 80 -y 24 \
		"env -u VISUAL -u EDITOR LANG=C.UTF-8 LC_ALL=C.UTF-8 '$bin' '$work/lr80'; echo \$? > '$work/exit80'; sleep 60"
	tmux -L "$sock" set-option -t "$session" remain-on-exit on >/dev/null 2>&1
	expect "the workbench opens at 80x24" 'rulebench +Lantern Road v[0-9]+' 10 &&
		expect "the checks have run" '2 warnings' 10
}

# hints: the short help shows help and quit, and nothing in it is cut.
hints() {
	expect "$1: the key hints show help and quit" '\? all keys .*q quit|q quit' 2 || return 1
	if screen | tail -2 | grep -q '…'; then
		echo "  the key hints are cut ($1):"
		screen | sed 's/^/  | /'
		return 1
	fi
}

# filter TEXT: types a filter after / and keeps it with enter.
filter() {
	keys / && sleep 0.2 && keys -l "$1" && keys Enter
}

# clear: esc, then the pause a person leaves before the next key.
clear_filter() { keys Escape && sleep 0.3; }

walk_overview() {
	keys 1 &&
		press_until 'locales/pt-BR.json, [0-9]+ of [0-9]+ strings its own' ']' &&
		hints "Overview"
}

walk_layers() {
	keys 2 &&
		expect "the long dark's effects in English" 'hides the knacks whose oil is above 1 \(3 entries\)' &&
		expect "a coin in the singular" 'removes the coin groat' &&
		hints "Layers" &&
		filter fens &&
		expect "/ filters the layers" 'showing 1 of 8 layers +filter fens' &&
		keys Space && expect "Drowned fens is on" 'Drowned fens is on' &&
		clear_filter && gone "esc shows every layer" 'showing 1 of 8' &&
		filter fever && keys Space &&
		expect "a layer chosen, not applied, has its own mark" '\[!\] Hill fever' &&
		expect "its reason names the other layer by its label" 'together with Drowned fens' &&
		keys Space && clear_filter && filter fens && keys Space && clear_filter &&
		expect "both are off again" '0 of 8 layers on'
}

walk_effective() {
	keys 2 && filter long_dark && keys Space && clear_filter &&
		keys 3 &&
		press_until 'Steady going +DC 8 +DC 10\*' ']' &&
		press_until 'Item +Written +Shown' ']' &&
		expect "one price level at a time" 'market price level 1 of 3' || return 1
	if screen | grep -E 'wares/' | grep -q '…'; then
		echo "  a price is cut:"
		screen | sed 's/^/  | /'
		return 1
	fi
	keys '>' && expect "> shows the next level" 'market price level 2 of 3' &&
		press_until '▸ +wares/lamp-oil' j 30 &&
		keys Enter &&
		expect "enter says why the price changed" 'The long dark removes groats: 3 groats = 30 mites' &&
		hints "Effective, a price's workings" &&
		keys Enter && gone "enter again hides it" 'removes groats:' &&
		filter oil &&
		expect "/ filters by item, entry or section" 'showing [0-9]+ of [0-9]+ rows +filter oil' &&
		clear_filter && gone "esc shows everything" 'filter oil' &&
		keys 2 && filter long_dark && keys Space && clear_filter &&
		expect "the long dark is off again" '0 of 8 layers on'
}

walk_translations() {
	keys 4 &&
		expect "the picker offers to type a tag" '/ type a tag' &&
		filter pt-PT &&
		expect "a tag with no file opens its strings" 'pt-PT' &&
		keys j j &&
		expect "the uses show without scrolling" 'Used at \([0-9]+\)' &&
		hints "Translations" &&
		keys Escape && sleep 0.3
}

walk_migrations() {
	keys 5 &&
		press_until 'saves/future.json +v9, newer than the sheet \(version 4\)' j 12 &&
		filter multiclass &&
		expect "/ filters the saves" 'showing 1 of 10 rows' &&
		keys Enter &&
		expect "stepping through multiclass" 'step 1 of 5' &&
		expect "a rename copies, the old key kept" 'copied 3200 \(the old key stays\)' &&
		keys n n n &&
		expect "the route says why it goes to else" 'two cases matched \(level_fighter, level_wizard\), so it goes' &&
		hints "the stepper" &&
		keys o && expect "o shows the changes only" 'lines? unchanged|o every line' &&
		keys c && expect "the whole chain" 'the whole chain, 5 steps' &&
		keys Escape && sleep 0.3 && clear_filter &&
		expect "back in the whole list, the cursor still on its row" '▸ saves/multiclass.json' &&
		gone "the filter is gone" 'showing 1 of 10'
}

walk_problems() {
	keys 6 &&
		expect "the findings" 'pt-BR.json:[0-9]+:[0-9]+' &&
		keys Enter &&
		expect "beside the source, each file:line:col stays whole" 'locales/pt-BR.json:[0-9]+:[0-9]+' &&
		keys Escape && sleep 0.3 &&
		filter stale &&
		expect "/ filters the findings" 'showing [0-9]+ of 2 findings' &&
		keys v && expect "v shows one severity" 'showing 0 of 2 findings, errors only' &&
		hints "Problems" &&
		clear_filter && gone "esc shows all" 'showing '
}

quit80() {
	keys q &&
		for _ in $(seq 1 100); do
			[ -s "$work/exit80" ] && break
			sleep 0.05
		done &&
		[ "$(cat "$work/exit80" 2>/dev/null)" = 0 ]
}

if [ "${DRIVE_ONLY:-}" != 80x24 ]; then
	step "open the bundled example" start
	step "toggle a layer and see a price change" layer_price
	step "Translations: pick pt-BR, filter to untranslated" translations
	step "Migrations: step through a save" migrations
	step "edit the ruleset and see the change without a restart" live_reload
	step "e opens the editor at the finding" editor
	step "quit with q" quit
fi
step "80x24: open a second workbench" open80
step "80x24: Overview" walk_overview
step "80x24: Layers" walk_layers
step "80x24: Effective" walk_effective
step "80x24: Translations" walk_translations
step "80x24: Migrations" walk_migrations
step "80x24: Problems" walk_problems
step "80x24: quit with q" quit80

if [ "$failed" -ne 0 ]; then
	echo "drive.sh: FAIL"
	exit 1
fi
echo "drive.sh: PASS"
