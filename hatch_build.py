"""hatchling's build hook for the wheel: compiles the gettext catalogs with Babel, each
`papertales_tui/locale/<lang>/LC_MESSAGES/papertales.po` into the `.mo` beside it, which the app reads
(text/i18n.py). The `.mo` files are build output (git-ignored), so the wheel takes them explicitly. An
editable install reads them where they are written: the source tree. A catalog that Babel cannot read
stops the build with its error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CATALOGS = "papertales_tui/locale/*/LC_MESSAGES/papertales.po"


def compile_catalogs(root: Path) -> list[Path]:
    """Every catalog under `root` compiled next to itself (fuzzy entries left out); the `.mo` paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = []
    for po in sorted(root.glob(CATALOGS)):
        with po.open("rb") as f:
            catalog = read_po(f, abort_invalid=True)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog)
        out.append(mo)
    return out


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogs(root):
            if version != "editable":
                build_data["force_include"][str(mo)] = mo.relative_to(root).as_posix()
