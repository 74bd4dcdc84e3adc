"""Reading a reply to a turn email: is it a person's reply at all, and which of its lines could
be the move.

Standard library only (no Flask, no database), so it can be tested on stored messages. Mail
clients wrap the one line a player types in a great deal: quoted text, an attribution line
("On Mon, 23 Nov 2026 at 15:31, pbem <…> wrote:", in the client's language), a signature, a
"Sent from my iPhone", an Outlook header block, HTML with style sheets and entities. What is
left, line by line, are the candidates; the game's rules pick the move among them.

Automatic mail (out-of-office replies, delivery reports, list traffic) is recognised by the
headers RFC 3834 and mailers set, and is never answered: answering it could loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage
from html.parser import HTMLParser

#: At most this many candidate lines are offered, each at most this long: a move is short.
MAX_LINES = 20
MAX_LINE = 500
#: Only the first lines of a body are read (the move is near the top; below come quotes), and
#: only the beginning of an HTML body: each tag costs the HTML parser a step, and a body of
#: millions of empty lines or tags would otherwise hold the mail worker for seconds.
MAX_SCANNED_LINES = 2000
MAX_HTML_CHARS = 32 * 1024

# Attribution lines end with the verb of the client's language and a colon: "On … wrote:",
# "Am … schrieb …:", "Le … a écrit :", "El … escribió:", "Op … schreef …:", "Il … ha scritto:",
# "Em … escreveu:"; K-9 writes "pbem <…> schrieb am …:". Gmail wraps long ones over lines
# that begin with the language's opening word.
_VERB = r"(?:wrote|writes|schrieb|a écrit|escribió|schreef|ha scritto|escreveu)"
_ATTRIBUTION = re.compile(rf"^(?:.*\s)?{_VERB}(?:\s.*)?\s?:$", re.IGNORECASE)
_OPENER = re.compile(r"^(?:on|am|le|el|op|il|em)\s", re.IGNORECASE)
# Below these lines comes only what was replied to, a forward, or a footer.
_CUT = [re.compile(pattern, re.IGNORECASE) for pattern in (
    r"^--\s?$",                                          # the signature separator
    r"^-{2,}\s*[^-].*-{2,}$",                            # ----- Original Message -----
    r"^_{10,}$",                                         # Outlook's rule above its headers
    r"^\*?(?:from|von|de|van|da)\s?:\*?\s",              # Outlook's header block
    r"^(?:begin forwarded message|anfang der weitergeleiteten nachricht|"
    r"début du message réexpédié|inicio del mensaje reenviado|"
    r"begin doorgestuurd bericht|inizio messaggio inoltrato|"
    r"início da mensagem reencaminhada)\s?:",            # Apple Mail's forward
    # Mobile footers.
    r"^sent from (?:my |mail for |yahoo |outlook |samsung )",
    r"^sent (?:with|via) ",
    r"^von meinem .* gesendet",
    r"^gesendet (?:von|mit) ",
    r"^envoy[ée] (?:de|depuis) ",
    r"^enviado (?:desde|do|de) ",
    r"^inviato da ",
    r"^(?:verzonden|verstuurd) (?:vanaf|met|van) ",
    r"^(?:get|obtenir|descargar|scarica|baixe o|download) outlook ",
    r"^(?:outlook für .* beziehen|holen sie sich outlook)",
)]


@dataclass(frozen=True)
class Reading:
    """What a reply says: ``ignored`` names why it is not a person's reply (and must not be
    answered); otherwise ``lines`` are the candidates for the move, in order."""

    lines: tuple[str, ...] = ()
    ignored: str | None = None


def read_reply(message: EmailMessage) -> Reading:
    """Read a parsed message (``email.policy.default``)."""
    reason = automatic(message)
    if reason is not None:
        return Reading(ignored=reason)
    return Reading(lines=tuple(candidate_lines(body_text(message))))


#: ``Precedence`` values that mark mail no person wrote: bulk and list mail (RFC 2076) and the
#: out-of-office answers of Exchange, Gmail and vacation(1) (``auto_reply``).
AUTOMATIC_PRECEDENCE = ("bulk", "junk", "list", "auto_reply", "auto-reply")

#: How an out-of-office answer's subject starts in the common mail clients (Outlook,
#: Exchange, Gmail, Thunderbird, Apple Mail), in the languages they ship; read only when the
#: message also asks not to be auto-answered (``X-Auto-Response-Suppress``), as Exchange's
#: automatic replies do, so a person's "Auto: ..." subject alone changes nothing.
AUTO_REPLY_SUBJECT = re.compile(
    r"^\s*(automatic reply|auto(matic)?[ -]?(reply|response)|auto:|out of (the )?office|"
    r"autosvar|abwesenheitsnotiz|automatische antwort|r[ée]ponse automatique|"
    r"respuesta autom[áa]tica|risposta automatica|resposta autom[áa]tica|"
    r"automatisch antwoord|vacation|away from)", re.IGNORECASE)


def automatic(message: EmailMessage) -> str | None:
    """Why ``message`` was sent by a machine (RFC 3834 and what mailers do), or ``None``."""
    auto_submitted = _header(message, "Auto-Submitted").lower()
    if auto_submitted and auto_submitted.split(";")[0].strip() != "no":
        return f"an automatic message (Auto-Submitted: {auto_submitted[:40]})"
    precedence = _header(message, "Precedence").lower()
    if precedence in AUTOMATIC_PRECEDENCE:
        return f"bulk, list or automatic mail (Precedence: {precedence})"
    if "Return-Path" in message and _header(message, "Return-Path").strip("<> ") == "":
        return "a delivery report (empty Return-Path)"
    if message.get_content_type() == "multipart/report":
        return "a delivery or read report (multipart/report)"
    if any(name in message for name in ("X-Autoreply", "X-Autorespond")):
        return "an automatic reply (X-Autoreply)"
    if "X-Auto-Response-Suppress" in message and AUTO_REPLY_SUBJECT.match(
            _header(message, "Subject")):
        return "an automatic reply (X-Auto-Response-Suppress, its subject)"
    return None


def _header(message: EmailMessage, name: str) -> str:
    try:
        return str(message.get(name) or "").strip()
    except (ValueError, IndexError, TypeError, RecursionError):  # the parser's errors on junk
        return ""


def body_text(message: EmailMessage) -> str:
    """The text the person wrote: the ``text/plain`` body, else the HTML one as text; decoded
    from its transfer encoding and charset (UTF-8 when the charset is unknown), NUL characters
    dropped (nobody types them, and PostgreSQL cannot store them)."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except LookupError:
        text = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
    if part.get_content_subtype() == "html":
        text = html_to_text(text[:MAX_HTML_CHARS])
    return text.replace("\x00", "").replace("\xa0", " ")


def html_to_text(html: str) -> str:
    """The text of an HTML body, a line per block, entities decoded; style sheets, scripts and
    quoted blocks (``<blockquote>``) left out.

    >>> html_to_text("<style>p{margin:0}</style><p>b4-b6/b4&nbsp;</p><p>-1,-1&gt;-2,-1</p>")
    'b4-b6/b4\\xa0\\n\\n-1,-1>-2,-1\\n'
    """
    parser = _TextOf()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts).lstrip("\n")


class _TextOf(HTMLParser):
    _BLOCKS = frozenset({"p", "div", "br", "tr", "li", "ul", "ol", "table", "pre", "hr",
                         "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section"})
    _HIDDEN = frozenset({"style", "script", "head", "title", "blockquote"})

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self._tag(tag, 1)

    def handle_endtag(self, tag):
        self._tag(tag, -1)

    def _tag(self, tag: str, step: int) -> None:
        if tag in self._HIDDEN:
            self.hidden = max(0, self.hidden + step)
        if tag in self._BLOCKS and not self.hidden:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag in self._BLOCKS and not self.hidden:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data.replace("\r", "").replace("\n", " "))


def candidate_lines(text: str) -> list[str]:
    """The lines that could hold the move: not empty, not quoted (``>``), not an attribution
    line, and above the first signature, forwarded or quoted original, or mobile footer."""
    lines = [line.strip() for line in text.splitlines()[:MAX_SCANNED_LINES]]
    found: list[str] = []
    index = 0
    while index < len(lines) and len(found) < MAX_LINES:
        line = lines[index]
        if any(pattern.match(line) for pattern in _CUT):
            break
        skip = _attribution_length(lines, index)
        if skip:
            index += skip
            continue
        if line and not line.startswith(">"):
            found.append(line[:MAX_LINE])
        index += 1
    return found


def _attribution_length(lines: list[str], index: int) -> int:
    """How many lines from ``index`` make an attribution line (wrapped over up to three, the
    first opening as its language does); 0 when they do not."""
    if _ATTRIBUTION.match(lines[index]):
        return 1
    if not _OPENER.match(lines[index]):
        return 0
    for count in (2, 3):
        if _ATTRIBUTION.match(" ".join(lines[index:index + count])):
            return count
    return 0
