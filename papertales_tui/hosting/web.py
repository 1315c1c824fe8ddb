"""What every server of the game sends and checks over HTTP (`papertales serve`, `papertales host`):
the headers on every response, and the Host header's shape. Light: aiohttp only."""

from __future__ import annotations

import re

from aiohttp import web

HOST = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?")  # no userinfo, no list
HEADERS = {  # on every response. Styles may be inline too: textual.js's terminal (xterm.js) writes <style>
    "X-Frame-Options": "DENY",  # elements of its own (its bundled CSS; the cell sizes of its DOM renderer)
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "font-src 'self'; img-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a link holds the secret
    "Cache-Control": "no-store",
}


async def secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every response (errors included): no framing by any page, no type sniffing, no Referer
    (the link holds the secret), a CSP that allows the page's own scripts, styles, fonts and websocket."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)


def cookie_name(request: web.Request, seat: int) -> str:
    """The cookie of a seat's page (cookies are per host, not per port: the port is in its name)."""
    return f"papertales_seat_{request.url.port or 0}_{seat}"


def cookie_secret(request: web.Request, seat: int) -> str:
    return request.cookies.get(cookie_name(request, seat), "")


def set_cookie(response: web.StreamResponse, request: web.Request, seat: int) -> None:
    given = request.query.get("secret")
    if given:  # (the guard checked it): the page's own requests carry it in the cookie
        response.set_cookie(cookie_name(request, seat), given, httponly=True, samesite="Strict",
                            path=f"/seat/{seat}")  # (/seat/N and below only: not /seat/N1)
