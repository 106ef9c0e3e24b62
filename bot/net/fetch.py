"""Fetching a results URL for a watch (watch.md section 6), with the standard library's HTTP
client under a policy.

A URL given in Slack is fetched by the server inside the operator's network, so it must pass
the policy before any request: a listed host (RECOUNT_WATCH_HOSTS), https unless the host is
listed with an explicit http://, no address that is not public (loopback, private, link-local,
shared 100.64.0.0/10, reserved; NAT64 and IPv4-mapped judged by the IPv4 they carry) unless
that exact host is listed, redirects only to listed hosts. Every fetch reads at most 20 MB,
gives 10 s to connect and 60 s in all, and names recount in its User-Agent. The command line
is the operator's own (`Policy.command_line`): any host, http or https; a loopback or private
address only when the operator says so, by naming it in the URL typed (`http://127.0.0.1:8080/`)
or by listing the host in RECOUNT_WATCH_HOSTS. A public name that resolves inside the network,
or a redirect there, is refused as the server refuses it: neither is the operator's word.
The Secretary of State's two hosts (SECRETARY_OF_STATE_HOSTS) are allowed by default.

A host name is resolved once per request: the policy is decided on those addresses and the
connection is made to one of them (TLS still verifies the name), so that a second DNS answer
cannot lead the request somewhere the policy never saw (DNS rebinding).
"""

from __future__ import annotations

import http.client
import ipaddress
import logging
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from bot.net.deadline import Deadline, Transfers
from bot.net.errors import network_reason
from handlers.watch.ports import (
    MAX_BYTES,
    MAX_SIZE_WORDS,
    SOS_HOSTS,
    Fetched,
    FetchFailed,
    FetchRefused,
    FetchStopped,
)

log = logging.getLogger(__name__)

__all__ = [
    "SECRETARY_OF_STATE_HOSTS",
    "FetchFailed",
    "FetchRefused",
    "FetchStopped",
    "Fetched",
    "Policy",
    "UrlFetcher",
    "fetch",
]

CONNECT_TIMEOUT_S: Final = 10.0
TOTAL_TIMEOUT_S: Final = 60.0
ENV_HOSTS: Final = "RECOUNT_WATCH_HOSTS"
_CHUNK: Final = 64 * 1024
_REDIRECTS: Final = (301, 302, 303, 307, 308)
_MAX_REDIRECTS: Final = 5
# Montana's results site and the results service its pages call (KNOWiNK TotalVote), https.
SECRETARY_OF_STATE_HOSTS: Final = SOS_HOSTS


@dataclass(frozen=True)
class Allowed:
    host: str  # lower case
    port: int | None  # None: the scheme's default
    http: bool  # listed with an explicit http:// (test servers)


@dataclass(frozen=True)
class Policy:
    """Which URLs may be fetched. `hosts` None: any public host (the command line), and the
    loopback or private ones of `inside` or named literally in the URL typed."""

    hosts: tuple[Allowed, ...] | None
    resolve: Callable[[str], list[str]] = field(default=lambda host: _addresses(host))
    # Opens the TCP connection to a vetted address (tests record it instead).
    connect: Callable[[tuple[str, int], float], socket.socket] = field(
        default=lambda address, timeout: socket.create_connection(address, timeout)
    )
    inside: tuple[Allowed, ...] = ()  # the command line's: hosts inside the network it may read

    @classmethod
    def command_line(cls, value: str | None = None) -> Policy:
        """The operator's own machine: any public URL; inside the network, the hosts of
        RECOUNT_WATCH_HOSTS (`value`) and an address typed in the URL itself."""
        return cls(None, inside=_hosts(value))

    @classmethod
    def from_setting(cls, value: str | None) -> Policy:
        """RECOUNT_WATCH_HOSTS: comma-separated `host[:port]`, or `http://host:port`, beside
        the Secretary of State's hosts, which are always allowed (https)."""
        listed = _hosts(value)
        default = tuple(
            Allowed(host, None, False)
            for host in SECRETARY_OF_STATE_HOSTS
            if not any(a.host == host for a in listed)
        )
        return cls(listed + default)

    def listed(self, host: str, port: int | None, scheme: str) -> Allowed | None:
        if self.hosts is None:
            return _match(self.inside, host, port, scheme) or Allowed(host, port, True)
        return _match(self.hosts, host, port, scheme)

    def check(self, url: str) -> None:
        """Raises FetchRefused when this URL may not be fetched; requests nothing."""
        self.vet(url)

    def vet(self, url: str, *, redirected: bool = False) -> list[str]:
        """The addresses this URL's host may be reached at, resolved once, or FetchRefused.
        The policy is decided on these addresses and the connection goes to one of them.
        Empty: the name does not resolve (the fetch then says so). `redirected`: the URL came
        from a server's redirect, not from the operator."""
        parts = urllib.parse.urlsplit(url)
        scheme = parts.scheme.lower()
        try:
            host, port = (parts.hostname or "").lower(), parts.port
        except ValueError:
            raise FetchRefused(f"{url}: not a web address") from None
        if scheme not in ("https", "http") or not host:
            raise FetchRefused(f"{url}: not a web address (https://...)")
        allowed = self.listed(host, port, scheme)
        if allowed is None:
            raise FetchRefused(
                f"{url}: {host} is not a host this server may fetch; its operator can add it to "
                f"{ENV_HOSTS}"
            )
        if scheme == "http" and not allowed.http:
            raise FetchRefused(f"{url}: only https:// addresses are fetched")
        addresses = [host] if _is_ip(host) else self.resolve(host)
        if not self._may_go_inside(host, port, scheme, allowed, redirected):
            for address in addresses:
                if not public(address):
                    raise FetchRefused(
                        f"{url}: {host} is not a public address (a loopback, private or "
                        f"link-local one, or another inside a network); list that exact host "
                        f"in {ENV_HOSTS} to allow it"
                    )
        return addresses

    def _may_go_inside(
        self, host: str, port: int | None, scheme: str, allowed: Allowed, redirected: bool
    ) -> bool:
        if self.hosts is not None:
            return _named_literally(host, allowed)
        if _match(self.inside, host, port, scheme) is not None:
            return True  # listed by the operator in RECOUNT_WATCH_HOSTS
        # typed by the operator: an address, or localhost, in the URL given, not a redirect's
        return not redirected and (_is_ip(host) or host == "localhost")


def _hosts(value: str | None) -> tuple[Allowed, ...]:
    """RECOUNT_WATCH_HOSTS's items: `host[:port]`, or `http://host:port`."""
    allowed = []
    for item in (value or "").split(","):
        item = item.strip()
        if not item:
            continue
        http = item.lower().startswith("http://")
        parsed = urllib.parse.urlsplit(item if "://" in item else f"https://{item}")
        try:
            host, port = parsed.hostname, parsed.port
        except ValueError:
            continue  # a port that is no number: not a host this policy can name
        if host:
            allowed.append(Allowed(host.lower(), port, http))
    return tuple(allowed)


def _match(hosts: tuple[Allowed, ...], host: str, port: int | None, scheme: str) -> Allowed | None:
    default = 443 if scheme == "https" else 80
    for allowed in hosts:
        if allowed.host == host and (allowed.port or default) == (port or default):
            return allowed
    return None


def _named_literally(host: str, allowed: Allowed) -> bool:
    """A loopback or private address is fetched only when the operator listed that exact
    address (a test server, an intranet mirror): `127.0.0.1:8080`, or `localhost`. A listed
    *name* that resolves inside the network is refused: DNS is not the operator's word."""
    return allowed.host == host and (_is_ip(host) or host == "localhost")


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


# A name's lookup may take this long; past it the name counts as not resolving (the fetch
# then says so, and the next round asks again). getaddrinfo has no timeout of its own and a
# resolver that does not answer holds it for tens of seconds: the lookup runs in a thread of
# its own, left to finish in the background. Short, as `/recount watch` vets its URLs before
# Slack's 3-second acknowledgement.
DNS_TIMEOUT_S: Final = 2.5


def _addresses(host: str, timeout: float = DNS_TIMEOUT_S) -> list[str]:
    found: list[list[str]] = []

    def look_up() -> None:
        try:
            found.append(sorted({str(info[4][0]) for info in socket.getaddrinfo(host, None)}))
        except (OSError, UnicodeError):
            found.append([])

    lookup = threading.Thread(target=look_up, name="recount-dns", daemon=True)
    lookup.start()
    lookup.join(timeout)
    if not found:
        log.warning("fetch: no DNS answer within %.1f s", timeout)
        return []
    return found[0]


# IPv6 prefixes that carry an IPv4 address to reach: NAT64's well-known prefix (RFC 6052),
# which a DNS64 resolver hands out for any IPv4 host, so it is judged by the IPv4 it carries;
# and the deprecated IPv4-compatible ::/96, which the standard library calls global. NAT64's
# local-use prefix (RFC 8215) translates into the operator's own network: never public.
_NAT64: Final = ipaddress.ip_network("64:ff9b::/96")
_COMPATIBLE: Final = ipaddress.ip_network("::/96")
_NAT64_LOCAL: Final = ipaddress.ip_network("64:ff9b:1::/48")


def public(address: str) -> bool:
    """Whether an address is one the public internet reaches. An allow rule (the IANA
    registries' "globally reachable", ipaddress's is_global), not a list of what is inside:
    a deny list let carrier-grade NAT (100.64.0.0/10) and NAT64 (64:ff9b::/96) through. An
    IPv6 address carrying an IPv4 one (mapped, NAT64, 6to4) is as public as that IPv4."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in _NAT64_LOCAL:
            return False
        if ip in _NAT64 or ip in _COMPATIBLE:
            return public(str(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
        carried = ip.ipv4_mapped or ip.sixtofour
        if carried is not None:
            return public(str(carried))
    # multicast ranges count as global in the registries, but no web server answers there
    return ip.is_global and not ip.is_multicast


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are the fetcher's to follow, one policy check each."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


Connect = Callable[[tuple[str, int], float], socket.socket]


def _pinned(
    addresses: list[str], connect: Connect, deadline: Deadline
) -> Callable[..., socket.socket]:
    """http.client's `_create_connection`, reaching only the vetted addresses (in turn), each
    socket under the fetch's deadline: its waits never longer than the time left, and shut
    when the time is up."""

    def create_connection(
        address: tuple[str, int], timeout: float = CONNECT_TIMEOUT_S, *_: object
    ) -> socket.socket:
        last: OSError | None = None
        for ip in addresses:
            try:
                return deadline.watch(connect((ip, address[1]), deadline.timeout(timeout)))
            except OSError as error:
                last = error
        raise last or OSError("no address to connect to")

    return create_connection


class ConnectingHTTP(urllib.request.HTTPHandler):
    """urllib's http handler, its connections opened by `create` (pinned, under a deadline)."""

    def __init__(self, create: Callable[..., socket.socket]) -> None:
        super().__init__()
        self._create = create

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        def connection(host: str, **kwargs: Any) -> http.client.HTTPConnection:
            made = http.client.HTTPConnection(host, **kwargs)
            made._create_connection = self._create  # type: ignore[attr-defined]
            return made

        return self.do_open(connection, req)


class ConnectingHTTPS(urllib.request.HTTPSHandler):
    """urllib's https handler, its connections opened by `create`; TLS as usual."""

    def __init__(self, create: Callable[..., socket.socket]) -> None:
        super().__init__()
        self._create = create

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        def connection(host: str, **kwargs: Any) -> http.client.HTTPSConnection:
            # the certificate is still checked against the name in the URL
            made = http.client.HTTPSConnection(host, **kwargs)
            made._create_connection = self._create  # type: ignore[attr-defined]
            return made

        return self.do_open(connection, req, context=self._context)  # type: ignore[attr-defined]


def _opener(
    addresses: list[str], connect: Connect, deadline: Deadline
) -> urllib.request.OpenerDirector:
    create = _pinned(addresses, connect, deadline)
    return urllib.request.build_opener(
        _NoRedirects, ConnectingHTTP(create), ConnectingHTTPS(create)
    )


def fetch(
    url: str,
    policy: Policy,
    *,
    etag: str | None = None,
    last_modified: str | None = None,
    user_agent: str = "recount",
    total_s: float = TOTAL_TIMEOUT_S,
    transfers: Transfers | None = None,
) -> Fetched:
    """GET with the conditional headers; a 304 costs nothing more. `total_s` bounds the whole
    fetch, redirects included, whatever the pace of the bytes. Raises FetchRefused (before
    any request), FetchFailed, or FetchStopped when `transfers` is stopped meanwhile."""
    with Deadline(total_s, transfers) as deadline:
        try:
            got = _fetch(url, policy, deadline, etag, last_modified, user_agent)
        except FetchFailed:
            _check(deadline, url)
            raise
        _check(deadline, url)
        return got


def _check(deadline: Deadline, url: str) -> None:
    """What a cut connection really was: the deadline or a stop, not "broke off" or a body
    that merely looks whole (a server that sent no Content-Length)."""
    if deadline.stopped:
        raise FetchStopped(f"{url}: not read (the process is stopping)")
    if deadline.expired:
        raise FetchFailed(f"{url}: took more than {deadline.seconds:g} seconds")


def _fetch(
    url: str,
    policy: Policy,
    deadline: Deadline,
    etag: str | None,
    last_modified: str | None,
    user_agent: str,
) -> Fetched:
    for hop in range(_MAX_REDIRECTS + 1):
        addresses = policy.vet(url, redirected=hop > 0)
        if not addresses:
            raise FetchFailed(f"{url}: could not be reached (the name does not resolve (DNS))")
        _check(deadline, url)
        headers = {"User-Agent": user_agent, "Accept": "*/*"}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        request = urllib.request.Request(url, headers=headers)
        opener = _opener(addresses, policy.connect, deadline)
        try:
            response = opener.open(request, timeout=CONNECT_TIMEOUT_S)
        except urllib.error.HTTPError as error:
            if error.code == 304:
                return Fetched(304, b"", etag, last_modified)
            if error.code in _REDIRECTS and error.headers.get("Location"):
                url = urllib.parse.urljoin(url, error.headers["Location"])
                continue
            raise FetchFailed(f"{url}: the server answered {error.code} {error.reason}") from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
            # HTTPException: a status line or headers that are not HTTP (http.client raises
            # it past urllib, unwrapped)
            reason = getattr(error, "reason", error)
            raise FetchFailed(f"{url}: could not be reached ({_plain(reason)})") from None
        with response:
            body = _read_capped(response, url)
            return Fetched(
                response.status,
                body,
                response.headers.get("ETag"),
                response.headers.get("Last-Modified"),
            )
    raise FetchFailed(f"{url}: more than {_MAX_REDIRECTS} redirects")


def _read_capped(response: http.client.HTTPResponse, url: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        try:
            chunk = response.read(_CHUNK)
        except (OSError, http.client.HTTPException) as error:
            raise FetchFailed(f"{url}: the download broke off ({_plain(error)})") from None
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_BYTES:
            raise FetchFailed(f"{url}: more than {MAX_SIZE_WORDS}")
        chunks.append(chunk)


def _plain(reason: object) -> str:
    """A network error in words, never an exception's class name."""
    if isinstance(reason, BaseException):
        return network_reason(reason)
    text = str(reason).strip()
    return text.splitlines()[0] if text else "a network error"


@dataclass(frozen=True)
class UrlFetcher:
    """The watch's Fetcher port (handlers.watch.ports) over `fetch` and a policy."""

    policy: Policy
    user_agent: str = "recount"
    total_s: float = TOTAL_TIMEOUT_S  # each fetch's time in all (tests shorten it)
    transfers: Transfers = field(default_factory=Transfers)

    def check(self, url: str) -> None:
        self.policy.check(url)

    def fetch(
        self, url: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched:
        return fetch(
            url,
            self.policy,
            etag=etag,
            last_modified=last_modified,
            user_agent=self.user_agent,
            total_s=self.total_s,
            transfers=self.transfers,
        )

    def stop(self) -> None:
        """Cuts every fetch in flight (each raises FetchStopped) and any begun later: the
        process is ending, and must not wait for a slow server."""
        self.transfers.stop()
