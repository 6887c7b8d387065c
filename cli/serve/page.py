"""The one page (page.html, script inline): served with a policy allowing only its own script."""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from starlette.responses import HTMLResponse

PAGE = Path(__file__).with_name("page.html")
_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


@lru_cache(maxsize=1)
def _page() -> tuple[str, str]:
    """The page's text and its Content-Security-Policy (the inline script allowed by hash)."""
    text = PAGE.read_text(encoding="utf-8")
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m.group(1).encode()).digest()).decode()
        + "'" for m in _SCRIPT.finditer(text))
    policy = (f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; "
              "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
              "frame-ancestors 'none'")
    return text, policy


def _headers(policy: str) -> dict[str, str]:
    # no-referrer: a seat's link is its credential and must not leak to another site
    return {"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def response() -> HTMLResponse:
    """The page (the games list, or a table: its script reads the address)."""
    text, policy = _page()
    return HTMLResponse(text, headers=_headers(policy))


def refusal(why: str, status: int = 403) -> HTMLResponse:
    """A page for a link that opens no seat, 403 by default (the reason as escaped text)."""
    import html

    body = (f"<!doctype html><meta charset=utf-8><title>rulekit</title>"
            f"<p>{html.escape(why)}</p><p><a href=/>the games</a></p>")
    return HTMLResponse(body, status_code=status, headers=_headers("default-src 'none'"))
