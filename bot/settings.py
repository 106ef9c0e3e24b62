"""Settings from the environment. Secrets are SecretStr: never printed, logged or repr'd."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

DEFAULT_PORT: Final = 3000
# Every interface, as a container needs; the systemd unit sets HOST=127.0.0.1 (behind a proxy).
DEFAULT_HOST: Final = "0.0.0.0"
SETUP_HINT: Final = "see 'Slack set-up' in README.md"


class SettingsError(Exception):
    """Missing or malformed settings; the message names the variables to set."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    bot_token: SecretStr | None = None  # SLACK_BOT_TOKEN, xoxb-...
    signing_secret: SecretStr | None = None  # SLACK_SIGNING_SECRET (HTTP mode)
    # SLACK_SIGNING_SECRET_PREVIOUS: the secret before a rotation, so buttons signed with it
    # keep working until they are old; remove it once the rotation is done.
    signing_secret_previous: SecretStr | None = None
    app_token: SecretStr | None = None  # SLACK_APP_TOKEN, xapp-... (Socket Mode)
    api_url: str | None = None  # SLACK_API_URL: the Web API base URL (tests point it at a fake)
    port: int = Field(default=DEFAULT_PORT, ge=1, le=65535)  # PORT (HTTP mode)
    host: str = DEFAULT_HOST  # HOST (HTTP mode): the address to listen on
    database_url: str | None = None  # RECOUNT_DATABASE_URL: the watch database (else SQLite)
    watch_hosts: str | None = None  # RECOUNT_WATCH_HOSTS: hosts a watch from Slack may fetch

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        try:
            return cls(
                bot_token=get("SLACK_BOT_TOKEN"),
                signing_secret=get("SLACK_SIGNING_SECRET"),
                signing_secret_previous=get("SLACK_SIGNING_SECRET_PREVIOUS"),
                app_token=get("SLACK_APP_TOKEN"),
                api_url=get("SLACK_API_URL"),
                port=get("PORT") or DEFAULT_PORT,
                host=get("HOST") or DEFAULT_HOST,
                database_url=get(ENV_DATABASE_URL),
                watch_hosts=get("RECOUNT_WATCH_HOSTS"),
            )
        except ValidationError:
            raise SettingsError(
                f"PORT must be a port number from 1 to 65535; {SETUP_HINT}"
            ) from None

    @property
    def has_socket_mode(self) -> bool:
        return self.bot_token is not None and self.app_token is not None

    @property
    def has_http(self) -> bool:
        return self.bot_token is not None and self.signing_secret is not None

    def _require(self, mode: str, names: tuple[str, ...], also: str = "") -> None:
        values = {
            "SLACK_BOT_TOKEN": self.bot_token,
            "SLACK_SIGNING_SECRET": self.signing_secret,
            "SLACK_APP_TOKEN": self.app_token,
        }
        missing = [name for name in names if values[name] is None]
        if missing:
            raise SettingsError(f"{mode} needs {' and '.join(missing)} set{also}; {SETUP_HINT}")
        # the example env file's values, left as they were: refused by name, before Slack is
        # asked (which would only say "invalid_auth")
        placeholders = [
            name
            for name in names
            if (value := values[name]) is not None
            and "replace-me" in value.get_secret_value().lower()
        ]
        if placeholders:
            raise SettingsError(
                f"{' and '.join(placeholders)} still hold the example's placeholder "
                f"(replace-me): put in the real values; {SETUP_HINT}"
            )

    def require_http(self) -> None:
        self._require("HTTP mode", ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"))

    def require_socket_mode(self) -> None:
        self._require(
            "Socket Mode",
            ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"),
            " (or use --http with SLACK_SIGNING_SECRET)",
        )

    @property
    def signing_secret_text(self) -> str | None:
        return None if self.signing_secret is None else self.signing_secret.get_secret_value()

    def previous_metadata_secrets(self) -> tuple[str, ...]:
        previous = self.signing_secret_previous
        return () if previous is None else (previous.get_secret_value(),)

    def metadata_secret(self) -> str:
        """The key for signing form metadata: the signing secret, else the app token."""
        for secret in (self.signing_secret, self.app_token, self.bot_token):
            if secret is not None:
                return secret.get_secret_value()
        raise SettingsError(f"no Slack secret is set; {SETUP_HINT}")


# The rest of the environment recount reads, each variable named once, here (CONTRIBUTING:
# "every environment read in bot/settings.py"). Operators' knobs, read where they are needed
# and handed on: handlers never read the environment.
ENV_DATABASE_URL: Final = "RECOUNT_DATABASE_URL"
ENV_LOG_LEVEL: Final = "LOG_LEVEL"
ENV_CREDENTIALS_CHECKED: Final = "RECOUNT_CREDENTIALS_CHECKED"  # gunicorn's master sets it
ENV_WATCH_TICK: Final = "RECOUNT_WATCH_TICK_S"  # how often the poller looks for due watches
ENV_WATCH_LEASE: Final = "RECOUNT_WATCH_LEASE_S"  # how long a process holds a watch's round
ENV_WATCH_MIN: Final = "RECOUNT_WATCH_MIN_INTERVAL_S"  # the shortest `every` (tests lower it)


def _env(name: str, env: Mapping[str, str] | None = None) -> str | None:
    value = (os.environ if env is None else env).get(name, "").strip()
    return value or None


def _seconds(name: str, default: float, env: Mapping[str, str] | None = None) -> float:
    """A number of seconds; the default where unset or not a positive number."""
    try:
        value = float(_env(name, env) or default)
    except ValueError:
        return default
    return value if value > 0 else default


def database_url_setting() -> str | None:
    return _env(ENV_DATABASE_URL)


def log_level_name() -> str:
    """LOG_LEVEL as given, upper-cased; "" where unset."""
    return (_env(ENV_LOG_LEVEL) or "").upper()


def https_proxy() -> str | None:
    """The proxy Slack's client goes through, as urllib reads it (either spelling)."""
    return _env("HTTPS_PROXY") or _env("https_proxy")


def credentials_checked() -> bool:
    return _env(ENV_CREDENTIALS_CHECKED) is not None


def slack_variables_set() -> list[str]:
    """The SLACK_ variables given a value, by name (never their values)."""
    return sorted(name for name in os.environ if name.startswith("SLACK_") and _env(name))


def watch_tick_s(default: float) -> float:
    return _seconds(ENV_WATCH_TICK, default)


def watch_lease_s(default: float) -> float:
    return _seconds(ENV_WATCH_LEASE, default)


def watch_min_interval_s(default: int) -> int:
    value = _env(ENV_WATCH_MIN) or ""
    return int(value) if value.isascii() and value.isdigit() else default
