"""Read Oracle text into the scenario language's continuous effects (a first step).

>>> from rulekit.mtg.oracle import read_ability
>>> r = read_ability("Other Elf creatures you control get +1/+1.")
>>> r.status, r.kind, r.spec
('read', 'static', {'affects': 'other Elf creatures you control', 'modify_pt': {'power': 1, 'toughness': 1}})
>>> read_ability("{T}: Add {G}.").status
'plain'
"""

from rulekit.mtg.oracle.reader import Reading, read_ability, read_text

__all__ = ["Reading", "read_ability", "read_text"]
