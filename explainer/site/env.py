"""The one jinja2 Environment of the site, and the language it currently speaks.

Autoescape is on and undefined names are errors (``StrictUndefined``), unlike MkDocs.
Templates translate with ``jinja2.ext.i18n`` in its *newstyle* form
(``pgettext("ctx", "Text %(n)s", n=1)`` formats and escapes in one step); the build
installs each language's translations before rendering that language's pages
(:func:`use_language`). Filters turn engine values into words of the current language,
read from the ``w`` (:class:`~explainer.i18n.names.Words`) in the template context.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from types import CodeType, MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from babel.numbers import format_decimal
from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateNotFound, pass_context
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.loaders import split_template_path
from jinja2.runtime import Context
from markupsafe import Markup, escape

from explainer.cache import read_bytes_entry, write_bytes_entry
from explainer.engine import Declaration, card_str, card_suit
from explainer.i18n.catalog import Catalog
from explainer.i18n.names import Words, typeset
from explainer.scenarios.files import leaves
from explainer.scenarios.model import Scenario, Text
from explainer.scenarios.tokens import value_of

from .markdown import Values, card_html, render, render_inline
from .theme import theme_dirs

if TYPE_CHECKING:
    from explainer.settings import SiteRuleSet

__all__ = ["make_env", "use_language"]


def _words(ctx: Context) -> Words:
    w = ctx.get("w")
    if not isinstance(w, Words):
        raise RuntimeError("template context has no 'w' (Words of the page's language)")
    return w


@pass_context
def _card(ctx: Context, c: int, extra_class: str = "") -> Markup:
    return Markup(card_html(c, _words(ctx), extra_class=extra_class))


_CARD_SEPARATOR: Final = Markup('<span class="sr">,</span> ')
"""Between the chips of a list: a comma a screen reader says, a space the eye sees."""


@pass_context
def _cards(ctx: Context, cards: Iterable[int]) -> Markup:
    """Card chips in a row, read "king of spades, seven of spades" (not run together)."""
    w = _words(ctx)
    return _CARD_SEPARATOR.join(Markup(card_html(c, w)) for c in cards)


@pass_context
def _declaration(ctx: Context, token: str) -> Markup:
    """A declaration as a scenario writes it (``tierce QD``, ``carre J``) in the page's
    language: its name, then its cards, top card first, as the page's rank letters and
    the suit symbols ("tierce D♦ V♦ 10♦"). Plain text, not one chip per card: a Coinche
    page holds many declarations and must stay under its size budget (120 KB); the
    symbol says the suit."""
    w = _words(ctx)
    decl = Declaration.parse(token)
    cards = sorted(decl.cards, reverse=True) if decl.suit is not None else list(decl.cards)
    pips = " ".join(w.rank_letter(c) + card_suit(c).symbol for c in cards)
    return Markup("<em>{}</em> {}").format(w.declaration(decl.kind.value), pips)


@pass_context
def _number(ctx: Context, n: int) -> str:
    """A count in the page's language: "100,012", "100 012" (Polish, French)."""
    return str(format_decimal(n, locale=_words(ctx).lang))


@pass_context
def _card_name(ctx: Context, c: int) -> str:
    return _words(ctx).card_name(c)


@pass_context
def _seat(ctx: Context, seat: int) -> str:
    return _words(ctx).seat(seat)


@pass_context
def _team(ctx: Context, team: int) -> str:
    return _words(ctx).team(team)


def _translated(ctx: Context, text: Text) -> str:
    w = _words(ctx)
    return typeset(w.lang, w.catalog.pgettext(text.ctx, text.source))


@lru_cache(maxsize=4096)
def _prose(w: Words, context: str, source: str, shape: str) -> str:
    """A text outside any example (a page's or a section's title or prose, the site's
    own words) in ``w``'s language, as ``shape``: ``block`` or ``inline`` Markdown, or
    ``plain`` text. Made once per language: every page names every page in its
    navigation, and a section's title is both its heading and its line in the contents,
    so a site of many pages said the same titles pages x pages times."""
    translated = typeset(w.lang, w.catalog.pgettext(context, source))
    if shape == "block":
        return render(translated, w)
    html = render_inline(translated, w)
    if shape == "inline":
        return html
    # striptags() folds every space, the no-break ones too: set them again
    return typeset(w.lang, Markup(html).striptags())


@pass_context
def _md(ctx: Context, text: Text | None, scenario: Scenario | None = None) -> Markup:
    """A block of Markdown prose, translated into the page's language; value tokens
    (``{=belote}``) from ``scenario``'s rule set."""
    return _shaped(ctx, text, scenario, "block")


@pass_context
def _md_inline(ctx: Context, text: Text | None, scenario: Scenario | None = None) -> Markup:
    """A title (inline Markdown), translated into the page's language."""
    return _shaped(ctx, text, scenario, "inline")


def _shaped(ctx: Context, text: Text | None, scenario: Scenario | None, shape: str) -> Markup:
    """``text`` rendered as ``shape`` (:func:`_prose`); an example's own text (its values
    are its rule set's) rendered each time, as it is shown once per language."""
    if text is None:
        return Markup("")
    values = _values(ctx, scenario)
    if values is None:
        return Markup(_prose(_words(ctx), text.ctx, text.source, shape))
    render_shape = render if shape == "block" else render_inline
    return Markup(render_shape(_translated(ctx, text), _words(ctx), values))


def _values(ctx: Context, scenario: Scenario | None) -> Values | None:
    """What the value tokens of ``scenario``'s prose stand for, as numbers in the page's
    locale; ``None`` for prose outside an example (its tokens stay as written)."""
    rules = getattr(scenario, "rules", None)
    contract = getattr(scenario, "contract", None)
    if rules is None or contract is None:
        return None
    lang = _words(ctx).lang

    def values(name: str, arg: str | None) -> str | None:
        n = value_of(name, arg, rules, contract.trump)
        return None if n is None else format_decimal(n, locale=lang)

    return values


@pass_context
def _plain(ctx: Context, text: Text | None) -> str:
    """A title as plain text (for ``<title>`` and the navigation): the Markdown source
    without its markup."""
    if text is None:
        return ""
    return _prose(_words(ctx), text.ctx, text.source, "plain")


@pass_context
def _untranslated(ctx: Context, *texts: Text | None) -> bool:
    """Whether any of ``texts`` falls back to English on this page."""
    cat = _words(ctx).catalog
    return any(t is not None and not cat.is_translated(t.ctx, t.source) for t in texts)


class _InsideLoader(FileSystemLoader):
    """The theme's folders, never a project template whose link leaves the project
    (:mod:`explainer.scenarios.files`: the check refuses it first; this is the guard)."""

    def __init__(self, root: Path) -> None:
        super().__init__([str(d) for d in theme_dirs(root)])
        self.root = root

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        for folder in self.searchpath:
            path = Path(folder, *split_template_path(template))
            if path.is_file() and leaves(self.root, path):
                raise TemplateNotFound(template)
        return super().get_source(environment, template)


TEMPLATE_CACHE: Final = "templates"
"""The cache folder of compiled templates (:class:`_CompiledTemplates`)."""


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept in the user's cache folder (:mod:`explainer.cache`), each
    under jinja2's key for its name and file and checked against its source's digest:
    compiling the theme's templates is most of a small site's build (1.3 s of the shipped
    site's 2 s on 2026-12-02), and a new process compiled them all again. A missing,
    stale or damaged entry is compiled again; a folder that cannot be written only costs
    the time. The pages are the same either way.

    An entry is kept under the template's name and its source's digest, not its file's
    path: a copy of the theme in another folder (a second project, a test's or a
    benchmark's copy of this one) is the same compiled code, and keyed by path each copy
    evicted the others from the few entries the folder keeps. Only the code is shared:
    the file name it carries, which names the template in its errors, is set to the
    loaded file's."""

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        checksum = self.get_source_checksum(source)
        bucket = Bucket(environment, self.get_cache_key(name, checksum), checksum)
        self.load_bytecode(bucket)
        if bucket.code is not None and filename is not None:
            bucket.code = _named(bucket.code, filename)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        data = read_bytes_entry(TEMPLATE_CACHE, bucket.key)
        if data is None:
            return
        try:
            bucket.bytecode_from_string(data)  # a stale checksum resets the bucket
        except Exception:  # a damaged entry: whatever unpickling or unmarshalling raised
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        write_bytes_entry(TEMPLATE_CACHE, bucket.key, bucket.bytecode_to_string(), keep=64)


def _named(code: CodeType, filename: str) -> CodeType:
    """``code`` and the code of its functions (a template's macros and blocks) as
    compiled from ``filename``."""
    consts = tuple(_named(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def make_env(root: Path) -> Environment:
    """The site's jinja2 Environment over ``root/templates`` and then the packaged theme
    (a project's template replaces the theme's file of the same name, as in MkDocs)."""
    env = Environment(
        loader=_InsideLoader(Path(root)),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=_CompiledTemplates(),
    )
    env.filters.update(
        card=_card,
        cards=_cards,
        card_code=card_str,
        card_name=_card_name,
        declaration=_declaration,
        number=_number,
        seat=_seat,
        team=_team,
        md=_md,
        md_inline=_md_inline,
        plain=_plain,
    )
    env.globals["untranslated"] = _untranslated
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return env


def _translate(source: str, translated: Markup, variables: dict[str, Any]) -> Markup:
    """A translated template string as safe HTML: ``translated``, the translation
    escaped like any text, with its ``%(name)s`` placeholders filled (values escaped
    unless already Markup).

    jinja2's newstyle gettext marks the translation itself safe, so a catalog could put
    markup on every page (``<script>`` in a msgstr); and it always %-formats, so a
    translation without placeholders such as "à cent % près" crashed the build. A
    translation that does not format falls back to the English source.
    """
    if not variables:
        return translated
    try:
        return translated % variables
    except (KeyError, ValueError, TypeError):
        return escape(source) % variables


def use_language(
    env: Environment,
    catalog: Catalog,
    rule_sets: Mapping[str, SiteRuleSet] = MappingProxyType({}),
) -> dict[str, Any]:
    """Install ``catalog``'s translations; return the context entries for its pages
    (``rule_sets``: the site's own, named in its words)."""
    t = catalog.translations
    lang = catalog.lang
    said: dict[tuple[str | None, str], Markup] = {}

    def escaped(context: str | None, message: str) -> Markup:
        """A message without a plural, translated, typeset and escaped once per
        language: a page says the same headings and sentences for every example."""
        key = (context, message)
        found = said.get(key)
        if found is None:
            text = t.gettext(message) if context is None else catalog.pgettext(context, message)
            found = said[key] = escape(typeset(lang, str(text)))
        return found

    def gettext(message: str, **variables: Any) -> Markup:
        return _translate(message, escaped(None, message), variables)

    def ngettext(singular: str, plural: str, num: int, **variables: Any) -> Markup:
        variables.setdefault("num", num)
        return _translate(
            singular if num == 1 else plural,
            escape(typeset(lang, str(t.ngettext(singular, plural, num)))),
            variables,
        )

    def pgettext(context: str, message: str, **variables: Any) -> Markup:
        return _translate(message, escaped(context, message), variables)

    def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> Markup:
        variables.setdefault("num", num)
        return _translate(
            singular if num == 1 else plural,
            escape(typeset(lang, str(t.npgettext(context, singular, plural, num)))),
            variables,
        )

    env.globals.update(
        gettext=gettext, _=gettext, ngettext=ngettext, pgettext=pgettext, npgettext=npgettext
    )
    return {"w": Words(catalog, rule_sets), "lang": catalog.lang}
