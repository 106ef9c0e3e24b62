"""A network failure in words an operator can act on: which kind (DNS, refused, a TLS
certificate, a timeout) and, for a certificate, what to set. Never an exception's name."""

from __future__ import annotations

import socket
import ssl
import urllib.error
from typing import Final

CERTIFICATE: Final = (
    "the TLS certificate could not be verified (a proxy that inspects HTTPS? give its CA "
    "certificate with SSL_CERT_FILE)"
)


def _causes(error: BaseException) -> list[BaseException]:
    found: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in found:
        found.append(current)
        reason = getattr(current, "reason", None)
        if isinstance(current, urllib.error.URLError) and isinstance(reason, BaseException):
            current = reason
        else:
            current = current.__cause__ or current.__context__
    return found


def network_reason(error: BaseException) -> str:
    for cause in _causes(error):
        if isinstance(cause, ssl.SSLCertVerificationError) or (
            "CERTIFICATE_VERIFY_FAILED" in str(cause)
        ):
            return CERTIFICATE
        if isinstance(cause, ssl.SSLError):
            return "the TLS connection failed"
        if isinstance(cause, socket.gaierror):
            return "the name does not resolve (DNS)"
        if isinstance(cause, ConnectionRefusedError):
            return "the connection was refused"
        if isinstance(cause, TimeoutError | socket.timeout):
            return "no answer in time"
    return "a network error"
