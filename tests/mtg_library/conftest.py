"""Fixtures of the card-library tests.

``card_source`` runs a test twice: once with the library exactly as the loader reads it, once
with the definitions of ``rulekit/data/mtg/cards-classic.yaml`` taking the place of cards of the
same name (so the classic file is proved by the same rulings even while the loader does not read
it). Once the loader reads every ``cards*.yaml`` file, both runs use the same cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ._helpers import classic_cards


@pytest.fixture(params=["library", "cards-classic"])
def card_source(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "cards-classic":
        from rulekit.mtg import loader

        merged: dict[str, Any] = {**loader.library(), **classic_cards()}
        monkeypatch.setattr(loader, "library", lambda: merged)
    yield str(request.param)
