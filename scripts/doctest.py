#!/usr/bin/env python3
"""Runs every example of the documentation as written: `make test`'s doc-tests.

Usage: scripts/doctest.py BIN_DIR      (BIN_DIR holds the kineticd and kineticctl under test)

Where the examples are
  * README.md, ARCHITECTURE.md, CONTRIBUTING.md, docs/*.md, Recordings/README.md, clients/python/README.md,
    clients/c/README.md and clients/weston/README.md: fenced blocks (Python examples run with
    the kinetic package of clients/python/src importable, as if installed). The info string after the language may say
      `daemon`          the example talks to a kineticd on $KINETIC_SOCKET (the one socket rule, docs/PROTOCOL.md
                        "Finding the socket"): the runner starts one for it, as a reader would have one running;
      `stop-after=N`    the example runs until stopped (a subscription): it passes if it is still running after N
                        seconds and has printed something;
      `weston`          the example runs Weston with kinetic-weston (clients/weston/README.md): the module, built and
                        installed by scripts/install-weston-module.sh into a staging folder, is what
                        `--modules=kinetic-weston.so` loads (WESTON_MODULE_MAP), as `make install` would have put it
                        in Weston's module folder; a shell example runs inside a Wayland session (a headless Weston on
                        wayland-0, as a reader's desktop would be), and an `ini` example is weston.ini for a headless
                        Weston. It passes once the module says it connected to kineticd, while the example still runs;
      `not-run: REASON` the example is not run, and the reason is printed.
    Blocks of data rather than commands (json, text, yaml, ini, an unmarked block) are not examples, but for an `ini`
    block marked `weston`.
  * the man pages: kineticd.yaml(5)'s literal blocks, each a configuration or a binding's fragment, checked with
    `kineticd --check-config`; kineticd(8) and kineticctl(1), generated from each command's --help, whose EXAMPLES
    run here (those that need an input device or run until stopped are handled as the table HELP_RULES says).

Every example runs in a fresh temporary folder holding links to the repository's Recordings/, systemd/ and docs/
(an example's output files go there, never into the checkout), with BIN_DIR first on PATH, a private $TMPDIR and a
time limit; whatever it leaves running is stopped. Prints one line per example, then how many ran and how many
passed, and exits 1 when any failed.
"""
import os
import re
import threading
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# The bound that turns a hung example into a failure, not a speed check: the slowest example (a venv and a pip
# install from PyPI) takes 14 s on an idle machine and went past the former 60 s in a fresh `make test` beside a
# busy loop and a VM (2026-11-28), so the bound is 600 s.
LIMIT = 600
# How long the examples' kineticd may take to answer its first status (it answers in well under a second).
DAEMON_START = 120
DATA = {"json", "text", "yaml", "ini", ""}
# What kinetic-weston logs once it is connected: a `weston` example passes when its output has it.
WESTON_CONNECTED = re.compile(r"kinetic-weston: connected to ")

# kineticd(8) and kineticctl(1) examples that cannot run on a build machine, or run until stopped.
HELP_RULES = [
    (re.compile(r"^kineticctl (record|devices)\b"), "not-run: reads /dev/input, which a build machine does not have; "
     "the live-device suite runs record against a real kernel (scripts/vm)"),
    (re.compile(r"^kineticctl subscribe\b(?!.*--count)"), "daemon stop-after=2"),
    (re.compile(r"^kineticctl (subscribe|animate|set|list|status|reduce-motion|reload)\b"), "daemon"),
    (re.compile(r"^(\w+=\S+ )*kineticd(?!.*--check-config)"), "stop-after=2"),
]


class Example:
    def __init__(self, source, line, language, flags, code):
        self.source, self.line, self.language, self.code = source, line, language, code
        self.not_run = None
        self.daemon = False
        self.stop_after = None
        match = re.search(r"not-run:\s*(.*)", flags)
        if match:
            self.not_run = match.group(1).strip() or "no reason given"
        self.daemon = bool(re.search(r"\bdaemon\b", flags))
        self.weston = bool(re.search(r"\bweston\b", flags))
        match = re.search(r"stop-after=(\d+(?:\.\d+)?)", flags)
        if match:
            self.stop_after = float(match.group(1))

    @property
    def place(self):
        return "%s:%d" % (self.source, self.line)


def markdown_examples(path):
    relative = os.path.relpath(path, ROOT)
    lines = open(path, encoding="utf-8").read().split("\n")
    examples, i = [], 0
    while i < len(lines):
        match = re.match(r"^```(\S*)\s*(.*)$", lines[i])
        if not match:
            i += 1
            continue
        start, language, flags = i + 1, match.group(1), match.group(2)
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        if language in DATA and not (language == "ini" and re.search(r"\bweston\b", flags)):
            continue
        examples.append(Example(relative, start, language, flags, "\n".join(body) + "\n"))
    return examples


def configuration_examples(path):
    """kineticd.yaml(5)'s literal blocks: a whole configuration, or a binding's fragment checked inside a binding."""
    relative = os.path.relpath(path, ROOT)
    lines = open(path, encoding="utf-8").read().split("\n")
    examples = []
    for i, line in enumerate(lines):
        if not line.startswith(".Bd -literal"):
            continue
        body = []
        for following in lines[i + 1:]:
            if following.startswith(".Ed"):
                break
            body.append(following.replace("\\(+-", "±"))
        text = "\n".join(body) + "\n"
        top = re.match(r"^(\w+):", text)
        if not (top and top.group(1) in ("bindings", "mappings", "rate_hz", "reduce_motion")):
            text = "bindings:\n  - channel: example\n" + "".join("    " + l + "\n" for l in body)
        examples.append(Example(relative, i + 2, "configuration", "", text))
    return examples


def help_examples(bin_dir):
    """The EXAMPLES of each command's --help, which the man pages kineticd(8) and kineticctl(1) are made from."""
    commands = [["kineticd"], ["kineticctl"]]
    listing = subprocess.run([os.path.join(bin_dir, "kineticctl"), "--help"], capture_output=True, text=True,
                             env=dict(os.environ, COLUMNS="200")).stdout
    section = listing.split("SUBCOMMANDS:")[-1]
    commands += [["kineticctl", name] for name in re.findall(r"^  ([a-z-]+)\s", section, re.M)]
    examples = []
    for command in commands:
        text = subprocess.run([os.path.join(bin_dir, command[0])] + command[1:] + ["--help"], capture_output=True,
                              text=True, env=dict(os.environ, COLUMNS="200")).stdout
        lines = text.split("\n")
        inside, pending = False, ""
        for line in lines:
            if line in ("EXAMPLES", "EXAMPLE"):
                inside = True
                continue
            if not line.strip():
                inside = False
                continue
            if not inside:
                continue
            code = pending + line.strip()
            if code.endswith("\\"):
                pending = code[:-1] + " "
                continue
            pending = ""
            flags = next((rule for pattern, rule in HELP_RULES if pattern.search(code)), "")
            man = "kineticd(8)" if command[0] == "kineticd" else "kineticctl(1)"
            examples.append(Example("%s, %s --help" % (man, " ".join(command)), 0, "sh", flags, code + "\n"))
    return examples


class Daemon:
    """A kineticd on a private socket, as a reader of an example that needs one would have running."""

    def __init__(self, bin_dir, folder):
        self.socket = os.path.join(folder, "kineticd.sock")
        self.process = subprocess.Popen(
            [os.path.join(bin_dir, "kineticd"), "--socket", self.socket, "--config",
             os.path.join(ROOT, "systemd/kineticd.yaml"), "--log-level", "error"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + DAEMON_START
        while time.monotonic() < deadline and self.process.poll() is None:
            if subprocess.run([os.path.join(bin_dir, "kineticctl"), "status", "--socket", self.socket],
                              capture_output=True).returncode == 0:
                return
            time.sleep(0.05)
        raise RuntimeError("the kineticd for the examples did not answer status within %d s" % DAEMON_START)

    def stop(self):
        self.process.terminate()
        self.process.wait()


class WestonModule:
    """kinetic-weston as `make install` puts it, under a staging folder: built once per run, when an example needs it."""

    def __init__(self):
        self.stage = None
        self.variables = None

    def environment(self):
        """WESTON_MODULE_MAP and LD_LIBRARY_PATH for the staged module and library, staged at the first call."""
        if self.variables is None:
            self.stage = tempfile.mkdtemp(prefix="kinetic-doctest-weston-")
            for script in ("install-c-client.sh", "install-weston-module.sh"):
                done = subprocess.run([os.path.join(ROOT, "scripts", script)], capture_output=True, text=True,
                                      env=dict(os.environ, DESTDIR=self.stage, PREFIX="/usr"))
                if done.returncode != 0:
                    raise RuntimeError("scripts/%s failed:\n%s" % (script, done.stderr[-2000:]))
            found = {name: os.path.join(folder, name) for folder, _, names in os.walk(self.stage) for name in names}
            self.variables = {"WESTON_MODULE_MAP": "kinetic-weston.so=" + found["kinetic-weston.so"],
                              "LD_LIBRARY_PATH": os.path.dirname(found["libkinetic-client.so.1"])}
        return self.variables

    def remove(self):
        if self.stage:
            shutil.rmtree(self.stage, ignore_errors=True)


WESTON = WestonModule()


def wait_for_socket(path, process):
    deadline = time.monotonic() + DAEMON_START
    while time.monotonic() < deadline and process.poll() is None:
        if os.path.exists(path):
            return
        time.sleep(0.05)
    raise RuntimeError("the headless Weston for the example did not make %s within %d s" % (path, DAEMON_START))


def run(example, bin_dir):
    """Runs one example; returns None when it passed, else what went wrong."""
    folder = tempfile.mkdtemp(prefix="kinetic-doctest-")
    try:
        for name in ("Recordings", "systemd", "docs", "Tests", "clients"):
            os.symlink(os.path.join(ROOT, name), os.path.join(folder, name))
        os.mkdir(os.path.join(folder, "tmp"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), TMPDIR=os.path.join(folder, "tmp"),
                   HOME=folder, COLUMNS="80", PYTHONUNBUFFERED="1",
                   PYTHONPATH=os.path.join(ROOT, "clients", "python", "src"))
        env.pop("KINETIC_SOCKET", None)
        daemon = Daemon(bin_dir, folder) if example.daemon else None
        if daemon:
            env["KINETIC_SOCKET"] = daemon.socket
        session = None
        if example.weston:
            env.update(WESTON.environment())
            env["XDG_RUNTIME_DIR"] = os.path.join(folder, "runtime")
            os.mkdir(env["XDG_RUNTIME_DIR"], 0o700)
        if example.weston and example.language == "ini":
            path = os.path.join(folder, "weston.ini")
            open(path, "w").write(example.code)
            command = ["weston", "--config=" + path, "--backend=headless-backend.so", "--socket=wayland-1"]
        elif example.weston:
            # The reader's desktop session: a Weston on wayland-0, which a nested Weston of the example connects to.
            session = subprocess.Popen(["weston", "--backend=headless-backend.so", "--socket=wayland-0",
                                        "--log=" + os.path.join(folder, "session.log")], cwd=folder, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            wait_for_socket(os.path.join(env["XDG_RUNTIME_DIR"], "wayland-0"), session)
            env["WAYLAND_DISPLAY"] = "wayland-0"
        if example.language == "configuration":
            path = os.path.join(folder, "example.yaml")
            open(path, "w").write(example.code)
            command = [os.path.join(bin_dir, "kineticd"), "--check-config", path]
        elif example.weston and example.language == "ini":
            pass
        elif example.language in ("sh", "bash", "console"):
            command = ["bash", "-e", "-o", "pipefail", "-c", example.code]
        elif example.language == "python":
            command = [sys.executable, "-c", example.code]
        else:
            return "no way to run a %s example (mark it not-run: with the reason)" % example.language
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            if example.weston:
                output, stopped = until_connected(process)
            else:
                limit = example.stop_after or LIMIT
                try:
                    output, _ = process.communicate(timeout=limit)
                    stopped = False
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGTERM)
                    output, _ = process.communicate()
                    stopped = True
        finally:
            for group in (process, session):
                try:
                    if group:
                        os.killpg(group.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if session:
                session.wait()
            if daemon:
                daemon.stop()
        text = output.decode("utf-8", "replace")
        if example.weston:
            if stopped and WESTON_CONNECTED.search(text):
                return None
            return "kinetic-weston did not say it connected to kineticd%s:\n%s" % (
                "" if stopped else " (the example ended with status %d)" % process.returncode,
                "\n".join("    " + l for l in text.strip().split("\n")[-12:]))
        if stopped and example.stop_after:
            return None if text.strip() else "printed nothing in %g s" % example.stop_after
        if stopped:
            return "still running after %d s" % LIMIT
        if process.returncode != 0:
            return "exit status %d:\n%s" % (process.returncode, "\n".join("    " + l for l in text.strip().split("\n")[-12:]))
        return None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def until_connected(process):
    """Reads a `weston` example's output until kinetic-weston says it connected (then stops it: the example runs until
    stopped), the example ends, or LIMIT passes. Returns the output and whether it was stopped while running."""
    chunks = []

    def read():
        while chunk := process.stdout.read1(4096):
            chunks.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline and process.poll() is None and not WESTON_CONNECTED.search(
            b"".join(chunks).decode("utf-8", "replace")):
        time.sleep(0.05)
    running = process.poll() is None
    if running:
        os.killpg(process.pid, signal.SIGTERM)
    process.wait()
    reader.join(timeout=10)
    return b"".join(chunks), running


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bin_dir = os.path.abspath(sys.argv[1])
    examples = []
    for name in ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "Recordings/README.md", "clients/python/README.md", "clients/c/README.md", "clients/weston/README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                                                               if f.endswith(".md")):
        examples += markdown_examples(os.path.join(ROOT, name))
    examples += configuration_examples(os.path.join(ROOT, "docs/kineticd.yaml.5"))
    examples += help_examples(bin_dir)
    passed = failed = skipped = 0
    for example in examples:
        if example.not_run:
            skipped += 1
            print("not run  %s: %s" % (example.place, example.not_run))
            continue
        problem = run(example, bin_dir)
        if problem:
            failed += 1
            print("FAIL     %s: %s\n%s" % (example.place, problem, "\n".join("    | " + l for l in example.code.rstrip().split("\n"))))
        else:
            passed += 1
            print("ok       %s" % example.place)
    WESTON.remove()
    print("doctest: %d examples ran (%d not run, each with its reason above)" % (passed + failed, skipped))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
