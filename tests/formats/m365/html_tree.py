"""A small element tree of an HTML page built with the standard library's parser, for structure tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


@dataclass
class Node:
    """One element: its tag, attributes, and children (nodes and text, in order)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        """The text inside the element (entities decoded), script and style contents included."""
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def all(self, tag: str = "", cls: str = "") -> list[Node]:
        """Descendants (and self) with that tag and/or class."""
        return [n for n in self.iter() if (not tag or n.tag == tag) and (not cls or cls in n.classes)]

    def one(self, tag: str = "", cls: str = "") -> Node:
        (found,) = self.all(tag, cls)
        return found


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if len(self.stack) < 2 or self.stack[-1].tag != tag:
            raise AssertionError(f"</{tag}> does not close the open <{self.stack[-1].tag}>")
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(page: str) -> Node:
    """The page's tree; fails unless every element is closed in order."""
    builder = _Builder()
    builder.feed(page)
    builder.close()
    assert len(builder.stack) == 1, f"unclosed elements: {[n.tag for n in builder.stack[1:]]}"
    return builder.root
