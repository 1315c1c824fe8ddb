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


def host_allowed(host: str, listening: str) -> bool:
    """Whether a request's Host header (its shape checked by HOST) names this server as it listens on
    `listening` (--host): an address it serves, or a name of this computer: the loopback's (localhost)
    on loopback, its own (`socket.gethostname()`, and .local) on a network, or the one listened on. Any
    other name is a page that may have had itself renamed to this address (DNS rebinding): refused."""
    import ipaddress
    import socket

    name = host.rsplit(":", 1)[0] if not host.endswith("]") and host.count(":") == 1 else host
    if name.startswith("["):
        name = name[1:].split("]", 1)[0]
    name = name.rstrip(".").lower()
    served = listening.strip("[]").lower()
    every = served in ("", "0.0.0.0", "::")
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        address = None
    try:
        listen_address = ipaddress.ip_address(served) if served and not every else None
    except ValueError:
        listen_address = None
    if address is not None:
        if every:
            return True
        if listen_address is None:  # listening on a name: its addresses
            return name in resolved(served)
        return address == listen_address or (address.is_loopback and listen_address.is_loopback)
    names = {"localhost"}
    if served and listen_address is None and not every:
        names.add(served)
    if every or (listen_address is not None and not listen_address.is_loopback):
        own = socket.gethostname().lower()
        names |= {own, f"{own}.local"}
    return name in names


def resolved(name: str) -> set[str]:
    import socket

    try:
        return {str(info[4][0]) for info in socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)}
    except (OSError, UnicodeError):
        return set()


def same_origin(origin: str, request: web.Request) -> bool:
    """Whether a request's Origin header is this server's whole origin: its scheme, host and port."""
    return origin.lower() == f"{request.scheme}://{request.host}".lower()


def cookie_name(port: int, seat: int) -> str:
    """The cookie of a seat's page (cookies are per host, not per port: the port is in its name)."""
    return f"papertales_seat_{port}_{seat}"


def cookie_secret(request: web.Request, seat: int) -> str:
    return request.cookies.get(cookie_name(request.url.port or 0, seat), "")


def set_cookie(response: web.StreamResponse, request: web.Request, seat: int, expected: str) -> None:
    """The link's secret kept in the seat's cookie, only when it is the seat's (a wrong one beside a good
    cookie let the request in, and the cookie is kept as it was)."""
    import secrets

    given = request.query.get("secret", "")
    if given and expected and secrets.compare_digest(given.encode(), expected.encode()):
        response.set_cookie(cookie_name(request.url.port or 0, seat), given, httponly=True, samesite="Strict",
                            path=f"/seat/{seat}")  # (/seat/N and below only: not /seat/N1)
