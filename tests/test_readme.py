"""The README's examples are what the CLI really prints."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli import companion

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_the_readme_exec_example_prints_what_it_shows(tmp_path: Path) -> None:
    block = re.search(r"\$ companion --db friday\.db exec - <<'EOF'\n(.*?)\n    EOF\n(.*?)\n\n",
                      README, re.S)
    assert block is not None
    commands = "\n".join(line.strip() for line in block.group(1).splitlines())
    shown = [line[4:] for line in block.group(2).splitlines()]
    done = companion(tmp_path / "friday.db", "exec", "-", stdin=commands + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == shown
    refused = re.search(r"\$ echo '(.*?)' \| companion --db friday\.db exec -\n    (.*?)\n",
                        README)
    assert refused is not None
    done = companion(tmp_path / "friday.db", "exec", "-", stdin=refused.group(1) + "\n")
    assert done.returncode == 2 and done.stderr.strip() == refused.group(2)


def test_the_quickstart_has_exactly_two_one_line_commands() -> None:
    quickstart = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quickstart.splitlines() if line.startswith("    ")]
    # The first makes and uses a virtual environment: pip refuses the system Python of a
    # stock Debian or Ubuntu (PEP 668), and the companion's top-level packages (`events`
    # among them) must not mingle with other software's.
    assert commands == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && companion",
        "pip install -e '.[test]' && pytest"]
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci
