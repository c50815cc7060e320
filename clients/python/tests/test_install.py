"""What a new user does: the package built as PyPI would get it (an sdist and a wheel, their metadata checked by
twine), the wheel installed into a fresh virtual environment, then the README's first example against a running
kineticd."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import Daemon

PACKAGE = Path(__file__).resolve().parents[1]


def first_python_example() -> str:
    text = (PACKAGE / "README.md").read_text()
    match = re.search(r"^```python[^\n]*\n(.*?)^```", text, re.M | re.S)
    assert match, "the README has a Python example"
    return match.group(1)


def test_the_built_wheel_installs_and_runs_the_first_example(daemon: Daemon, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # A copy of the package: `python -m build` writes an egg-info beside the sources, which the checkout ignores but
    # a concurrent editable install would see.
    source = tmp_path / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "tests"),
                    symlinks=False)
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)], capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheels, sdists = sorted(dist.glob("kinetic_motion-*.whl")), sorted(dist.glob("kinetic_motion-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(path.name for path in dist.iterdir())
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheels[0]), str(sdists[0])],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    environment = tmp_path / "kinetic-env"
    subprocess.run([sys.executable, "-m", "venv", str(environment)], check=True, timeout=120)
    install = subprocess.run([str(environment / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check",
                              str(wheels[0])], capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr
    clean = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run([str(environment / "bin" / "python"), "-c", first_python_example()], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path, env=dict(clean, KINETIC_SOCKET=daemon.socket))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().split("\n")
    assert lines[0] == "at rest: (0.0, 0.0)"
    assert re.fullmatch(r"[\d.]+ s  y = \s*120.00 px  at \s*0.00 px/s", lines[-2])
    assert lines[-1].startswith("AnimationCompleted(event='animation.logicallyComplete'")
    assert "site-packages" in subprocess.run([str(environment / "bin" / "python"), "-c",
                                              "import kinetic; print(kinetic.__file__)"],
                                             capture_output=True, text=True, cwd=tmp_path, env=clean).stdout


def test_the_agent_unit_verifies(tmp_path: Path) -> None:
    """systemd-analyze accepts the user unit (with an agent where ExecStart looks for it)."""
    # Where the README's install puts it: a venv of its own under ~/.local/share.
    (tmp_path / ".local" / "share" / "kinetic-agent" / "bin").mkdir(parents=True)
    (tmp_path / ".local" / "share" / "kinetic-agent" / "bin" / "kinetic-agent").symlink_to("/bin/true")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    result = subprocess.run(["systemd-analyze", "--user", "verify", str(PACKAGE / "systemd" / "kinetic-agent.service")],
                            capture_output=True, text=True, env=dict(os.environ, HOME=str(tmp_path),
                                                                     XDG_RUNTIME_DIR=str(runtime)), timeout=60)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
