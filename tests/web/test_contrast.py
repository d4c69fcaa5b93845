"""Text contrast of the stylesheet, without a browser: every text colour in style.css against
the background it is read on, at least 4.5:1 (WCAG AA), dimmed or not.

The stylesheet's convention (its opening comment): a rule that sets a text colour sets its
background too or names what it sits on (``/* on: var(--panel) */``, ``on: bandits`` for
the bandit colours of colours.js); a rule that sets a background with no text colour says
the text on it (``/* text: #fff */``) or that it holds none (``/* no text */``); nothing
outside the train drawing is dimmed with opacity. The pages and scripts carry no inline
text colour. The browser tests measure the rendered pages too (helpers.CONTRAST_JS).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "coltexpress" / "web"
AA = 4.5
NAMED = {"white": "#ffffff", "black": "#000000"}
SVG_TEXT = ("label", "letter", "count")  # SVG text classes: their fill is the text colour


@dataclass
class Rule:
    selector: str
    decls: dict[str, str]
    notes: dict[str, str] = field(default_factory=dict)


def parse(css: str) -> list[Rule]:
    """The innermost blocks of a stylesheet (media queries opened up), with their notes."""
    rules: list[Rule] = []
    stack: list[int] = []
    for i, ch in enumerate(css):
        if ch == "{":
            stack.append(i)
        elif ch == "}":
            start = stack.pop()
            body = css[start + 1 : i]
            if "{" in body:
                continue
            head = css[:start].rstrip()
            selector = re.split(r"[{};]|\*/", head)[-1].strip()
            notes = {
                m.group(1): m.group(2).strip()
                for m in re.finditer(r"/\*\s*(on|text):\s*(.*?)\s*\*/", body)
            }
            if re.search(r"/\*\s*no text\s*\*/", body):
                notes["none"] = "yes"
            plain = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
            decls = {}
            for part in plain.split(";"):
                if ":" in part:
                    key, value = part.split(":", 1)
                    decls[key.strip()] = value.strip()
            rules.append(Rule(selector, decls, notes))
    return rules


def hex_rgb(value: str) -> tuple[float, float, float]:
    h = value.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h[:3])
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def luminance(value: str) -> float:
    def f(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = hex_rgb(value)
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def ratio(a: str, b: str) -> float:
    x, y = sorted((luminance(a), luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


def bandit_colours() -> list[str]:
    text = (WEB / "colours.js").read_text()
    block = text[text.index("COLOURS = {") : text.index("};")]
    return re.findall(r"#[0-9a-fA-F]{6}", block)


def colours(value: str, variables: dict[str, str]) -> list[str]:
    """Every colour a value names (variables resolved; each stop of a gradient)."""
    if value.strip() == "bandits":
        return bandit_colours()
    value = re.sub(r"var\((--[\w-]+)\)", lambda m: variables[m.group(1)], value)
    for name, code in NAMED.items():
        value = re.sub(rf"\b{name}\b", code, value)
    return re.findall(r"#[0-9a-fA-F]{3,6}\b", value)


def problems(css: str) -> list[str]:
    return check(css)[0]


def check(css: str) -> tuple[list[str], int]:
    """What breaks the contrast convention or the 4.5:1 floor, and how many pairs of text
    and background colours were measured."""
    rules = parse(css)
    root = [r for r in rules if r.selector == ":root"]
    variables = {k: v for r in root for k, v in r.decls.items() if k.startswith("--")}
    out = []
    measured = 0
    for rule in rules:
        d = rule.decls
        svg_text = ".train-svg" in rule.selector and any(w in rule.selector for w in SVG_TEXT)
        ink = d.get("color") or (d.get("fill") if svg_text else None)
        ground = d.get("background") or d.get("background-color")
        if "opacity" in d and float(d["opacity"]) < 1 and ".train-svg" not in rule.selector:
            out.append(f"{rule.selector}: dimmed with opacity; use a colour")
        if ink and ink not in ("inherit", "currentColor"):
            on = ground if ground and colours(ground, variables) else rule.notes.get("on")
            if on is None:
                out.append(f"{rule.selector}: a text colour with no background said")
                continue
            for text in colours(ink, variables):
                for back in colours(on, variables):
                    measured += 1
                    value = ratio(text, back)
                    if value < AA:
                        out.append(f"{rule.selector}: {text} on {back} is {value:.2f}:1")
        elif ground and colours(ground, variables):
            said = rule.notes.get("text")
            if said is None and "none" not in rule.notes:
                out.append(f"{rule.selector}: a background with no text colour said")
            for text in colours(said or "", variables):
                for back in colours(ground, variables):
                    measured += 1
                    if ratio(text, back) < AA:
                        out.append(f"{rule.selector}: {text} on {back} below {AA}:1")
    return out, measured


def test_the_stylesheet_keeps_aa_contrast() -> None:
    css = (WEB / "style.css").read_text()
    found, measured = check(css)
    assert found == []
    assert len(parse(css)) > 100  # the parser read the whole sheet
    assert measured > 60


def test_the_checker_catches_low_contrast() -> None:
    bad = """:root { --soft: #999; }
    .a { color: var(--soft); background: #fff; }
    .b { color: #000; }
    .c { background: #333; }
    .d { opacity: 0.5; color: #000; background: #fff; }
    @media (max-width: 10px) { .e { color: #777; /* on: #888 */ } }
    .f { color: #fff; /* on: bandits */ }
    .g { color: #fff; background: repeating-linear-gradient(45deg, #000, #ddd); }"""
    found = "\n".join(problems(bad))
    for selector in (".a:", ".b:", ".c:", ".d:", ".e:", ".g:"):
        assert selector in found, (selector, found)
    assert ".f:" not in found


@pytest.mark.parametrize("page", sorted(p.name for p in WEB.glob("*.html")))
def test_no_inline_text_colour_in_pages(page: str) -> None:
    html = (WEB / page).read_text()
    for style in re.findall(r'style="([^"]*)"', html):
        assert "color" not in style, style


def test_no_inline_text_colour_in_scripts() -> None:
    for script in WEB.glob("*.js"):
        for style in re.findall(r"style: `([^`]*)`", script.read_text()):
            assert not re.search(r"(^|;)\s*color\s*:", style), (script.name, style)


def test_bandit_colours_carry_white_letters() -> None:
    found = bandit_colours()
    assert len(found) == 7
    for colour in found:
        assert ratio("#ffffff", colour) >= AA, colour
    marshal = re.search(r'MARSHAL = "(#[0-9a-f]{6})"', (WEB / "colours.js").read_text())
    assert marshal is not None
    css = (WEB / "style.css").read_text()
    assert f"/* on: {marshal.group(1)} */" in css  # the Marshal's star is checked on it
