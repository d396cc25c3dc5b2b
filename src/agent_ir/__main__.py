"""``python -m agent_ir``: the ``agent-ir`` command."""

from agent_ir.cli import main

raise SystemExit(main())
