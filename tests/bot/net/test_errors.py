"""Network failures named by kind, for an operator: DNS, refused, a TLS certificate."""

from __future__ import annotations

import socket
import ssl
from urllib.error import URLError

import pytest

from bot.net.errors import CERTIFICATE, network_reason
from bot.server.lifecycle import check_credentials
from bot.settings import SettingsError

from ...servers import free_port


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            URLError(ssl.SSLCertVerificationError(1, "CERTIFICATE_VERIFY_FAILED")),
            CERTIFICATE,
        ),
        (
            URLError(socket.gaierror(-2, "Name or service not known")),
            "the name does not resolve (DNS)",
        ),
        (
            URLError(ConnectionRefusedError(111, "refused")),
            "the connection was refused",
        ),
        (TimeoutError("timed out"), "no answer in time"),
        (OSError("something else"), "a network error"),
    ],
)
def test_each_kind_in_words(error: BaseException, said: str) -> None:
    assert network_reason(error) == said


def test_a_tls_certificate_error_names_ssl_cert_file() -> None:
    assert "SSL_CERT_FILE" in CERTIFICATE


def test_start_up_names_a_refused_connection() -> None:
    with pytest.raises(SettingsError) as failed:
        check_credentials("xoxb-1", f"http://127.0.0.1:{free_port()}/api/")
    assert "the connection was refused" in str(failed.value)
    assert "Error" not in str(failed.value)
