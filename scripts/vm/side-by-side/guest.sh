# shellcheck shell=bash
# The side-by-side harness, in the systemd guest (sourced by scripts/vm/systemd-guest-test.sh, section 10, after
# guest-checks.sh): every recording of Recordings/ and Recordings/real/ that evemu can play is played through uinput
# while libinput (libinput-probe, on libinput's path backend, two contexts: adaptive and flat) and kineticd's input
# path (kineticctl record, the libevdev reader kineticd runs) read the device at once; kineticd's bindings then make
# their gestures and pointer paths from what it read (kineticctl replay --inputs, the daemon's own pipeline, with
# kineticd.yaml here), and compare.py sets them beside libinput's and prints the agreement table. The floors it
# checks are in compare.py, with their reasons.
side_by_side=/opt/kinetic-test/side-by-side
sbs_work="$work/side-by-side"
mkdir -p "$sbs_work"
sbs_started=$SECONDS
for recording in "$side_by_side"/recordings/*.evemu; do
  name="$(basename "$recording" .evemu)"
  out="$sbs_work/$name"
  mkdir -p "$out"
  evemu-device "$recording" > "$out/device.txt" 2>&1 &
  holder=$!
  if ! until_true 60 grep -q '/dev/input/event' "$out/device.txt"; then
    fail "side by side: $name: evemu-device made a device" "$(cat "$out/device.txt")"
    end "$holder"; continue
  fi
  node="$(grep -o '/dev/input/event[0-9]*' "$out/device.txt" | head -1)"
  # libinput takes only a device udev has tagged (ID_INPUT_*): the rules run first.
  udevadm settle --timeout=60
  udevadm info --query=property --name="$node" > "$out/udev.txt"
  "$side_by_side/libinput-probe" "$node" > "$out/libinput.tsv" 2> "$out/libinput.err" &
  probe=$!
  kineticctl record "$node" -o "$out/kinetic.evemu" --seconds 600 --kernel-time > "$out/record.txt" 2>&1 &
  recorder=$!
  if ! until_true 60 grep -q '^ready' "$out/libinput.tsv" || ! until_true 60 grep -q '^N:' "$out/kinetic.evemu"; then
    fail "side by side: $name: libinput and kineticctl record opened $node" "$(cat "$out/libinput.err" "$out/record.txt")"
    end "$probe" "$recorder" "$holder"; continue
  fi
  evemu-play "$node" < "$recording"
  # libinput's timers (a gesture's or a scroll's end after the fingers stop, tap and hold timeouts) run out.
  sleep 1.5
  end "$probe" "$recorder"
  end "$holder"
  kineticctl replay "$out/kinetic.evemu" --config "$side_by_side/kineticd.yaml" --inputs > "$out/kinetic.jsonl" 2> "$out/replay.err" ||
    fail "side by side: $name: kineticctl replay of what kineticctl record read" "$(cat "$out/replay.err")"
done
python3 "$side_by_side/compare.py" "$sbs_work" > "$sbs_work/table.txt" 2> "$sbs_work/compare.err"
compare_status=$?
sed 's/^/vm-systemd: side by side: /' "$sbs_work/table.txt"
if [ "$compare_status" -eq 0 ]; then
  ok "side by side with libinput: every figure at or above its floor ($((SECONDS - sbs_started)) s)"
else
  fail "side by side with libinput" "$(tail -c 600 "$sbs_work/compare.err" | tr '\n' ' ')"
fi
