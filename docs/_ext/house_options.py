"""A Sphinx directive, ``.. house-options::``, that tables the house options from their
declarations in :data:`piquet.rules.HOUSE_OPTIONS`, so the docs cannot drift from them."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective


class HouseOptions(SphinxDirective):
    """The table of house options: name, where it lives, rule, what it does, values."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from piquet.rules import HOUSE_OPTIONS

        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 22 14 9 35 20",
            "",
            "   * - ``evolve`` name",
            "     - lives in",
            "     - rule",
            "     - what it does",
            "     - values",
        ]
        for option in HOUSE_OPTIONS.values():
            lines += [
                f"   * - ``{option.name}``",
                f"     - ``{option.where}``",
                f"     - :ref:`{option.rule} <rule-{option.rule.lower()}>`",
                f"     - {option.summary}",
                f"     - {option.accepts}",
            ]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="house-options"), 0, container)
        return list(container.children)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("house-options", HouseOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
