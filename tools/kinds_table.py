"""Write the table of effect kinds into rulekit/mtg/LANGUAGE.md §3 from their records.

    python tools/kinds_table.py           # rewrite the table between its two markers
    python tools/kinds_table.py --check   # exit 1 if the file does not hold the registry's table

The table is :func:`rulekit.mtg.kinds.markdown_table` (one row per kind of ``rulekit/mtg/kinds/``);
``tests/mtg/kinds/test_registry.py`` fails while the file holds another one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rulekit.mtg.kinds import markdown_table  # noqa: E402

PAGE = ROOT / "rulekit" / "mtg" / "LANGUAGE.md"
BEGIN = "<!-- the table of effect kinds: tools/kinds_table.py writes it -->\n"
END = "<!-- end of the table of effect kinds -->\n"


def with_table(text: str) -> str:
    """The page with the registry's table between its markers."""
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{PAGE}: the markers of the table of effect kinds are missing")
    return head + BEGIN + markdown_table() + END + tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the page is up to date")
    args = parser.parse_args(argv)
    text = PAGE.read_text(encoding="utf-8")
    new = with_table(text)
    if args.check:
        if new != text:
            print(f"{PAGE.relative_to(ROOT)}: the table of effect kinds is stale: run tools/kinds_table.py")
            return 1
        return 0
    if new != text:
        PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
