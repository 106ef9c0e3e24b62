"""Settings from the environment: secrets never shown, missing ones named."""

from __future__ import annotations

import pytest

from bot.settings import DEFAULT_HOST, DEFAULT_PORT, Settings, SettingsError

from ..fake_slack import APP_TOKEN, BOT_TOKEN, SIGNING_SECRET


def test_settings_never_show_secrets() -> None:
    settings = Settings.from_env(
        {
            "SLACK_BOT_TOKEN": BOT_TOKEN,
            "SLACK_SIGNING_SECRET": SIGNING_SECRET,
            "SLACK_APP_TOKEN": APP_TOKEN,
        }
    )
    for shown in (repr(settings), str(settings), settings.model_dump_json()):
        for secret in (BOT_TOKEN, SIGNING_SECRET, APP_TOKEN):
            assert secret not in shown


def test_modes_and_what_each_needs() -> None:
    socket_mode = Settings.from_env({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_APP_TOKEN": APP_TOKEN})
    assert (socket_mode.has_socket_mode, socket_mode.has_http) == (True, False)
    socket_mode.require_socket_mode()
    with pytest.raises(SettingsError, match="HTTP mode needs SLACK_SIGNING_SECRET set"):
        socket_mode.require_http()
    with pytest.raises(SettingsError, match="SLACK_BOT_TOKEN and SLACK_APP_TOKEN"):
        Settings.from_env({}).require_socket_mode()


@pytest.mark.parametrize(
    ("value", "port"), [("", DEFAULT_PORT), (" 8080 ", 8080), ("65535", 65535)]
)
def test_port(value: str, port: int) -> None:
    assert Settings.from_env({"PORT": value}).port == port


@pytest.mark.parametrize("value", ["0", "65536", "http", "-1"])
def test_a_bad_port_is_named(value: str) -> None:
    with pytest.raises(SettingsError, match="PORT must be a port number"):
        Settings.from_env({"PORT": value})


def test_the_metadata_key_prefers_the_signing_secret() -> None:
    both = Settings.from_env({"SLACK_SIGNING_SECRET": SIGNING_SECRET, "SLACK_APP_TOKEN": APP_TOKEN})
    assert both.metadata_secret() == SIGNING_SECRET
    assert Settings.from_env({"SLACK_APP_TOKEN": APP_TOKEN}).metadata_secret() == APP_TOKEN
    with pytest.raises(SettingsError, match="no Slack secret"):
        Settings.from_env({}).metadata_secret()


def test_the_example_placeholders_are_refused_by_name() -> None:
    settings = Settings.from_env(
        {"SLACK_BOT_TOKEN": "xoxb-replace-me", "SLACK_SIGNING_SECRET": "replace-me"}
    )
    with pytest.raises(SettingsError) as said:
        settings.require_http()
    assert str(said.value).startswith(
        "SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET still hold the example's placeholder"
    )


@pytest.mark.parametrize(
    ("value", "host"), [("", DEFAULT_HOST), (" 127.0.0.1 ", "127.0.0.1"), ("10.0.0.5", "10.0.0.5")]
)
def test_host(value: str, host: str) -> None:
    assert DEFAULT_HOST == "0.0.0.0"  # every interface unless told: a container's default
    assert Settings.from_env({"HOST": value}).host == host
