"""Model replies: what every reply reader produces, and who assembles it.

``protocol`` holds the normalized side (chunks, the terminal ``ModelResponse``,
``ProviderError`` and the ``ModelStream`` protocol); ``builder`` the one
``ReplyBuilder`` that every reader calls (the provider streams and non-streamed replies
of ``agent_ir.wire``, and ``parser``, the fixture records' parser); ``fixture`` the
offline ``FixtureProviderAdapter`` (renamed from ``agent_ir.providers``: this package
holds no provider, the providers live in ``agent_ir.wire``).
"""

from agent_ir import _publish
from agent_ir.replies.fixture import *
from agent_ir.replies.protocol import *

# Last: the names ``agent_ir`` exports from here say ``agent_ir``.
_publish.export(globals())
