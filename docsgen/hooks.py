"""MkDocs hooks (``mkdocs.yml``): add the generated pages, refuse a reference with an
empty entry, and mark the built site as agent-ir's (``codes.json``, which the command
looks for to link codes to a local build: ``agent_ir.cli._docs``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from docsgen import codes, guides, providers, reference, repair


def _generated() -> dict[str, str]:
    return {
        reference.PAGE: reference.page(),
        **codes.pages(),
        **providers.pages(),
        **guides.pages(),
        repair.PAGE: repair.page(),
    }


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import File

    try:
        generated = _generated()
    except codes.ExampleError as error:  # a page that would say what the code does not
        raise PluginError(f"docsgen: {error}") from error
    for path, content in generated.items():
        if files.get_file_from_path(path) is not None:
            files.remove(files.get_file_from_path(path))
        files.append(File.generated(config, path, content=content))
    return files


def on_post_page(output: str, page: Any, config: Any) -> str:
    from mkdocs.exceptions import PluginError

    if page.file.src_uri == reference.PAGE:
        missing = reference.missing_entries(output)
        if missing:
            raise PluginError(f"API reference: no rendered entry for {', '.join(missing)}")
        return reference.without_private_titles(output)
    return output


def on_post_build(config: Any) -> None:
    listed = {
        kind: {code: codes.code_page(code) for code in found}
        for kind, found in codes.codes_by_kind().items()
    }
    marker = Path(config["site_dir"]) / "codes.json"
    marker.write_text(json.dumps(listed, indent=1) + "\n", encoding="utf-8")
