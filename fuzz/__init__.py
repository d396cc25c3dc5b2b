"""Coverage-guided fuzzing of agent-ir with atheris (``nox -s fuzz -- --seconds N``).

``targets`` holds one harness per entry point and its oracle (importable without
atheris); ``run`` is the driver that runs each target in its own atheris process;
``seeds`` regenerates the checked-in seed corpus in ``fixtures/fuzz-corpus/``.
"""
