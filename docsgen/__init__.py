"""The documentation site's generated pages: each is built from the code's own tables,
schemas and docstrings when ``mkdocs build`` runs (``docsgen/hooks.py``), so a page
cannot drift from the code it describes."""
