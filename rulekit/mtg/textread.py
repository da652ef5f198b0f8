"""A scenario's abilities written by their text alone (LANGUAGE.md §11): the loader reads them.

An ability of a scenario object (an inline card, or an object's own ``abilities:``) written as a
mapping with ``text:`` and no effect data (no ``static``, ``cda``, ``resolves`` nor ``enters_with``)
is read by the Oracle reader (:func:`rulekit.mtg.oracle.read_ability`, with the object's name):

* **read**: the ability becomes the one the reader gives (``{text, static|resolves|cda: spec}``,
  the mapping's other keys kept) and is checked like any typed ability;
* **plain**: not a continuous effect (a keyword, an activated ability "{T}: ...", a trigger
  "When ..." whose effect is not one): kept as rules text, as written;
* **unread**: it looks like a continuous effect but the grammar stops: kept as rules text, and a
  located **warning** names the phrase (file, line, field and the 0-based position in the text).

Every such ability leaves one :class:`TextNote` on the scenario (``Scenario.text_notes``); a read
ability with a sentence the reader did not use leaves a warning for that sentence too. Nothing is
guessed silently: the notes say what was read and what was kept as text. The command line prints
them on stderr, one line each (:func:`note_line`); the explorer lists them under the scenario's title.
Library cards are data and are never read here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from rulekit import limits
from rulekit.errors import N_, RulekitError, one_line, shown
from rulekit.i18n import Translator

# The reader (its grammar and lark) loads when an ability written by its text is first read: a scenario
# with none, like every lesson board, never loads it (rulekit.mtg.oracle's names are lazy).
from rulekit.mtg import oracle
from rulekit.mtg.oracle.wording import NOTE_WORDS
from rulekit.yamlsrc import YamlDoc, format_path

if TYPE_CHECKING:
    from rulekit.mtg.oracle.reader import Reading

#: The keys that make an ability's effect data (LANGUAGE.md §2): an ability with one of them is not read.
EFFECT_KEYS = ("static", "cda", "resolves", "enters_with")

#: What a note says, by its status (its ``kind`` and ``phrase`` / ``position`` fill it in).
NOTE_MESSAGES = {
    "read": N_("read from its text as a continuous effect ({kind})"),
    "plain": N_("kept as plain text: not a continuous effect"),
    "unread": N_("looks like a continuous effect but cannot be read: '{phrase}' at position {position}"),
    "not_read": NOTE_WORDS["not_read"],
}
#: The statuses that are warnings (the others are notes).
WARNINGS = ("unread", "not_read")


@dataclass(frozen=True)
class TextNote:
    """What the loader made of one ability written by its text: located (``file``, 1-based ``line``,
    ``field`` such as ``objects[1].abilities[0].text``), its ``status`` (``read``, ``plain``,
    ``unread``, or ``not_read`` for a sentence of a read ability it did not use), the reading's
    ``kind`` (``static``, ``resolves``, ``cda``) and, for a warning, the 0-based ``position`` in the
    text and the ``phrase`` there."""

    status: str
    file: str
    line: int | None
    field: str
    text: str
    kind: str = ""
    position: int = -1
    phrase: str = ""
    #: the characters read (the whole text, for the bound :data:`rulekit.limits.MAX_READ_TEXT_CHARS`)
    length: int = dc_field(default=0, compare=False)

    @property
    def warning(self) -> bool:
        return self.status in WARNINGS

    def where(self) -> str:
        """``file:line: field`` (the parts that are known)."""
        head = ":".join([self.file, *([str(self.line)] if self.line is not None else [])])
        return f"{head}: {self.field}" if self.field else head

    def message(self, t: Translator) -> str:
        """What it says, in ``t``'s language (without its place)."""
        return t(NOTE_MESSAGES[self.status], kind=self.kind, phrase=self.phrase, position=self.position)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-able): where, what, and the English message."""
        out: dict[str, Any] = {
            "status": self.status,
            "warning": self.warning,
            "file": self.file,
            "line": self.line,
            "field": self.field,
            "text": self.text,
        }
        if self.kind:
            out["kind"] = self.kind
        if self.warning:
            out["position"] = self.position
            out["phrase"] = self.phrase
        return out


def note_line(note: TextNote, t: Translator) -> str:
    """One note as one line, in ``t``'s language: ``warning: file:line: field: …`` or ``note: …``.

    >>> from rulekit.i18n import translator
    >>> n = TextNote("unread", "s.yaml", 7, "objects[0].text", "Foo", position=0, phrase="Foo")
    >>> note_line(n, translator("pt-BR"))[:36]
    'aviso: s.yaml:7: objects[0].text: pa'
    >>> note_line(n, translator("en")).endswith("cannot be read: 'Foo' at position 0")
    True
    """
    message = f"{note.where()}: {note.message(t)}"
    line = t("warning: {message}", message=message) if note.warning else t("note: {message}", message=message)
    return one_line(line)  # the text and the file name are the file's: nothing in them acts on a terminal


def is_text_only(raw: Any) -> bool:
    """An ability written by its text alone: a mapping with a ``text`` and none of :data:`EFFECT_KEYS`."""
    return (
        isinstance(raw, dict)
        and isinstance(raw.get("text"), str)
        and bool(raw["text"].strip())
        and not any(raw.get(k) is not None for k in EFFECT_KEYS)
    )


def reading_ability(raw: dict[str, Any], reading: Reading) -> dict[str, Any]:
    """The ability a reading makes of the text-only mapping ``raw``: its spec under its kind (the other
    keys of ``raw`` kept); unread or plain: ``raw`` as it is (rules text)."""
    if reading.status != "read":
        return raw
    return {**raw, "text": raw["text"], reading.kind: reading.spec}


def read_written(
    doc: YamlDoc, path: tuple[str | int, ...], raw: dict[str, Any], name: str, done: list[TextNote]
) -> tuple[dict[str, Any], list[TextNote]]:
    """Read the text-only ability ``raw`` at ``path`` (its object's ``name``; ``done``: the notes of the
    file's abilities read before it): the ability to check in its place, and its notes. Text the reader
    refuses outright (too long), or more text than :data:`rulekit.limits.MAX_READ_TEXT_CHARS` in one
    file, is an error at its field."""
    field_path = (*path, "text")
    text = raw["text"]
    if sum(n.length for n in done) + len(text) > limits.MAX_READ_TEXT_CHARS:
        raise doc.error(
            field_path,
            N_(
                "more than {most:,} characters of ability text to read in one scenario; "
                "write the longer abilities as data (LANGUAGE.md §11)"
            ),
            params={"most": limits.MAX_READ_TEXT_CHARS},
            code="TOO_MANY",
        )
    try:
        reading = oracle.read_ability(text, name)
    except RulekitError as exc:
        raise doc.error(field_path, exc.msgid or exc.message, params=exc.params, code=exc.code) from None
    line = doc.line_of(field_path)
    where = (doc.file, line, format_path(field_path), shown(text, 120))
    notes = []
    if reading.status == "unread":
        notes.append(
            TextNote("unread", *where, position=reading.position, phrase=reading.phrase, length=len(text))
        )
    else:
        notes.append(TextNote(reading.status, *where, kind=reading.kind, length=len(text)))
    for kind, position, phrase in reading.notes:
        if kind == "not_read":
            notes.append(TextNote("not_read", *where, position=position, phrase=phrase))
    return reading_ability(raw, reading), notes


def with_value(doc: YamlDoc, path: tuple[str | int, ...], value: Any) -> YamlDoc:
    """``doc`` with ``value`` at ``path`` (the containers along the path copied, the rest shared): a read
    ability is checked where its text was written, and its errors keep that text's file and line."""

    def put(node: Any, rest: tuple[str | int, ...]) -> Any:
        if not rest:
            return value
        head, tail = rest[0], rest[1:]
        if isinstance(node, list) and isinstance(head, int):
            return [put(x, tail) if i == head else x for i, x in enumerate(node)]
        return {**node, head: put(node[head], tail)}

    return replace(doc, data=put(doc.data, path))


def card_abilities(text: str, name: str = "") -> list[tuple[int, Reading, Any]]:
    """A card's rules text typed whole (one ability a line, as Oracle text writes it) -> for each line
    that is not blank: its 1-based line number, its :class:`Reading` and the ability a card holds for it:
    read, the reading's data (``{text, static|resolves|cda: spec}``); plain, the text itself (rules text,
    a keyword); unread, ``{text: ...}``, which the loader reads (and warns about) again whenever the file
    is loaded. The BoardBuilder's "card text" field (LANGUAGE.md §11.2). Bad input (a line the reader
    refuses outright) is its :class:`~rulekit.errors.RulekitError`."""
    out: list[tuple[int, Reading, Any]] = []
    for n, line in enumerate(str(text).splitlines(), 1):
        if not line.strip():
            continue
        reading = oracle.read_ability(line.strip(), name)
        ability: Any = reading.ability() if reading.status != "unread" else {"text": reading.text}
        out.append((n, reading, ability))
    return out
