"""Getting a verdict to the channel, and never losing it.

1. chat.postMessage in the channel (in the thread, for a what-if);
2. if the bot cannot post there (not a member, a private channel, a DM, or any failure), the
   command's response_url with response_type in_channel, which works wherever /recount does;
3. if that fails too, the verdict goes to the asker privately with the reason.
Every failure is logged; none is raised to the listener.
"""

from __future__ import annotations

import logging

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.webhook import WebhookClient

from handlers.slack.message import SlackMessage
from handlers.slack.metadata import FormContext
from handlers.slack.retries import HTTP_TIMEOUT

log = logging.getLogger(__name__)


def _post_in_channel(client: WebClient, to: FormContext, message: SlackMessage) -> str | None:
    """None when posted; otherwise why not."""
    try:
        client.chat_postMessage(
            channel=to.channel,
            thread_ts=to.thread_ts,
            unfurl_links=False,
            unfurl_media=False,
            **message.as_kwargs(),
        )
        return None
    except SlackApiError as error:
        return str(error.response.get("error", "unknown_error"))
    except (SlackClientError, OSError) as error:
        return type(error).__name__


def _post_to_response_url(client: WebClient, to: FormContext, message: SlackMessage) -> str | None:
    """The response_url, retried as the client's own calls are (its retry handlers)."""
    if not to.response_url:
        return "no_response_url"
    try:
        webhook = WebhookClient(
            to.response_url, timeout=HTTP_TIMEOUT, retry_handlers=list(client.retry_handlers)
        )
        response = webhook.send(
            response_type="in_channel", replace_original=False, **message.as_kwargs()
        )
    except (SlackClientError, OSError) as error:
        return type(error).__name__
    return None if response.status_code == 200 else f"http_{response.status_code}"


def _send_privately(client: WebClient, to: FormContext, message: SlackMessage, why: str) -> bool:
    note = (
        ":lock: I could not post this verdict in <#"
        f"{to.channel}> ({why}). Invite me to the channel with `/invite @recount`, "
        "or copy the verdict from here."
    )
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": note}}, *message.blocks]
    attachments = message.attachments  # a table, where it goes (SlackMessage.attachments)
    try:  # the app's Messages tab
        client.chat_postMessage(channel=to.user, text=note, blocks=blocks, attachments=attachments)
        return True
    except (SlackClientError, OSError):
        log.warning("private delivery by DM failed", exc_info=True)
    try:
        client.chat_postEphemeral(
            channel=to.channel, user=to.user, text=note, blocks=blocks, attachments=attachments
        )
        return True
    except (SlackClientError, OSError):
        log.error("private delivery by ephemeral message failed", exc_info=True)
        return False


def deliver(client: WebClient, to: FormContext, message: SlackMessage) -> str:
    """Posts the verdict; returns how it went: "channel", "response_url", "private" or "lost"."""
    why = _post_in_channel(client, to, message)
    if why is None:
        return "channel"
    log.info("chat.postMessage to %s failed (%s); trying response_url", to.channel, why)
    why_url = _post_to_response_url(client, to, message)
    if why_url is None:
        return "response_url"
    log.warning("response_url failed (%s); sending the verdict privately", why_url)
    if _send_privately(client, to, message, why):
        return "private"
    log.error("verdict for user %s in %s could not be delivered", to.user, to.channel)
    return "lost"
