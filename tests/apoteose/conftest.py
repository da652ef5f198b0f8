# ruff: noqa: E501
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
