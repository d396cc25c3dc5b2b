"""Problems at one path come in one order, whatever the string hash seed: a report, a
dataset's verdicts and ``parse_message``'s first problem are the same on every run.

They were gathered in a set and sorted by path only, so two problems at one path (an
image's media type that is neither a media type nor an image one) came in the order of
the set, which ``PYTHONHASHSEED`` changes from run to run."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json
from agent_ir import parse_message, validate_transcript
message = {"role": "user", "id": "u", "content": [
    {"type": "image", "source": {"type": "base64", "mediaType": "not a type", "data": "AAAA"}},
    {"type": "document", "source": {"type": "base64", "mediaType": "x", "data": "A"}},
]}
found = [[d.path, d.message] for d in validate_transcript([message])]
try:
    parse_message(message)
except Exception as error:
    found.append(str(error))
print(json.dumps(found))
"""


def _run(seed: int) -> list[object]:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    ).stdout
    found: list[object] = json.loads(out)
    return found


def test_problems_at_one_path_keep_one_order_under_every_hash_seed() -> None:
    first = _run(0)
    paths = [entry[0] for entry in first[:-1]]  # type: ignore[index]
    assert paths.count("/0/content/0/source/mediaType") == 2  # the case holds two
    for seed in range(1, 4):
        assert _run(seed) == first, seed
