#!/bin/bash
# Alice's login shell on tty1 runs this in the benchmark's guest (her ~/.bash_profile, written by
# scripts/vm/run-systemd-tests.sh when KINETIC_VM_BENCH_DIR is set): Weston must start inside her logind session, which
# holds seat0, so that logind hands it the DRM and input devices. It waits for guest.sh to say which card is vkms.
go=/run/kinetic-bench/go
until [ -f "$go" ]; do sleep 0.5; done
exec weston --backend=drm-backend.so --drm-device="$(cat "$go")" --use-pixman --config=/opt/kinetic-test/bench/weston.ini \
  --modules=kinetic-weston.so --log=/tmp/bench-weston.log --logger-scopes=log,kinetic,timeline
