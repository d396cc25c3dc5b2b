# DO NOT EDIT: generated from schemas/v1/wire by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
"""The wire formats' declarations, generated from schemas/v1/wire."""
