"""Ways a clerk types that once gave a wrong legal answer silently, and more found by trying.

Each is refused with a message that names the fix, or read as the clerk meant it, and "Read
as" shows which. Every row runs on the command line and through Slack.
"""

from __future__ import annotations

import io
import json
from datetime import date
from typing import Any

import pytest
from slack_bolt import App

from bot.cli import main
from handlers.slack.after_ack import AfterAck

from ..conftest import TODAY
from ..fake_slack import FakeSlack
from ..slack_helpers import run_command

JAN_6 = date(2027, 1, 6)


def refused(text: str, fix: str, today: date = TODAY) -> Any:
    return pytest.param(text, today, "refused", fix, id=f"refused: {text}")


def read(text: str, read_as: str, today: date = TODAY) -> Any:
    return pytest.param(text, today, "read", read_as, id=f"read: {text}")


CASES = [
    # the seven of the issue
    refused("trustee A 900 B 850 C 694 D 692 seat 3", 'did you mean "seats 3"?'),
    refused(
        "school Olson 2210 Park 2105 Nguyen 1988 Baker 1981 Reyes 1502 seats: 3",
        'write "seats 3", without the colon',
    ),
    read("precinct Smith 41 write-ins 35 Jones 25", "Smith 41, Jones 25; write-ins 35"),
    refused("precinct Precinct 12 Smith 15 Jones 3", 'To label the race write race "Precinct 12"'),
    refused("house HD 22 Smith 1204 Jones 1199", 'To label the race write race "HD 22"'),
    refused("county Smith 6850 Jones 6832 totl 13708", 'did you mean "total 13708"?'),
    refused("county Smith 12 040 Jones 12 010", "written without spaces (12,040 or 12040)"),
    read(
        "county Smith 1204 Jones 1199 canvass Dec 30",
        "canvass Wed Dec 30, 2026",
        JAN_6,
    ),
    # mistyped keywords
    refused("county Smith 1204 Jones 1199 canvas 11/16", 'did you mean "canvass 11/16"?'),
    refused("question for 12 against 10 signer 12", 'did you mean "signers 12"?'),
    refused("question for 12 against 10 sigs 12", 'did you mean "signers 12"?'),
    refused("question yes 12 no 10 signers: 12", 'write "signers 12", without the colon'),
    refused("county Smith 1204 Jones 1199 signers: 12", "signers does not apply to a county"),
    refused("county Smith 1204 Jones 1199 seats:1", 'write "seats 1", without the colon'),
    refused("county Smith 1204 Jones 1199 total: 2500", 'write "total 2500", without the colon'),
    refused("county Smith 1204 Jones 1199 totals 2500", 'did you mean "total 2500"?'),
    refused("county Smith 1204 Jones 1199 writeins 12", 'did you mean "write-ins 12"?'),
    refused(
        "state-question yes 201000 no 200600 signers 150 county 7", 'did you mean "counties 7"?'
    ),
    refused("county Smith 1204 Jones 1199 seats canvass 11/16", '"seats" needs a value'),
    # kinds and offices where a kind or a label belongs
    refused("sheriff Smith 1204 Jones 1199", "for a county office write county Smith"),
    refused("commissioner Smith 1204 Jones 1199", "for a county office write county"),
    refused("mayor A 10 B 9", "for a city or town office write municipal"),
    refused("HD22 A 5 B 4", "for a legislative seat write legislature"),
    refused("countee Smith 1204 Jones 1199", "for a county office write county"),
    # a mistyped office points to its kind too; the article follows the label
    refused("sherrif Smith 1204 Jones 1199", "for a county office write county Smith"),
    refused("comissioner Smith 1204 Jones 1199", "for a county office write county"),
    refused("trustes A 5 B 4", "for a school trustee race write school"),
    refused("canvas-error", "for an error found by the county canvass board write canvass-error"),
    refused("zzzzzz A 5 B 4", '"zzzzzz" is not a kind of contest; use one of: county,'),
    refused(
        "county Sheriff Smith 1204 Jones 1199",
        'write county Smith 1204 Jones 1199 race "county Sheriff"',
    ),
    refused("district-judge Smith 1204 Jones 1199 dept 3", 'To label the race write race "dept 3"'),
    # a word that names several kinds is never guessed: a justice of the peace is (1), with
    # the 10-vote floor; a district judge is (2), without it
    refused("judge A 300 B 292", "a justice of the peace: county Smith 1204"),
    refused("justice A 300 B 292", "a supreme court justice: state Smith 1204"),
    refused("initiative for 5000 against 4990", "a city's or county's initiative: question for"),
    refused("referendum yes 5000 no 4990", "a statewide referendum: state-question yes"),
    refused("question for 3237 against 3250 levy 2", "levy is not a candidate"),
    refused("county Judge 5 Smith 4", "a justice of the peace (county), a city judge (municipal)"),
    read('county "Judge" 5 Smith 4', "Judge 5, Smith 4"),
    refused('house "HD 22" Smith 1204 Jones 1199', 'to label the race write race "HD 22"'),
    read('house race "HD 22" Smith 1204 Jones 1199', 'race "HD 22"'),
    refused("county A 5 B 4 race HD 22", 'go in double quotes: race "HD 22"'),
    # dates
    refused("county Smith 1204 Jones 1199 11/16", 'looks like a date: write "canvass 11/16"'),
    refused("county Smith 1204 Jones 1199 Nov 16", 'looks like a date: write "canvass Nov 16"'),
    refused("county Smith 1204 Jones 1199 canvass 0001-01-01", "from 1900 to 2100"),
    refused("county Smith 1204 Jones 1199 canvass 9999-12-31", "from 1900 to 2100"),
    refused("county Smith 1204 Jones 1199 canvass 13/16", '"13/16" is not a real date'),
    read("county A 5 B 4 canvass 11/16/26", "canvass Mon Nov 16, 2026"),
    read("county A 5 B 4 canvass Nov 19", "canvass Thu Nov 19, 2026"),  # the nearest, ahead
    read("county A 5 B 4 canvass Nov 10", "canvass Tue Nov 10, 2026"),  # the nearest, behind
    read("county A 5 B 4 canvass Nov 16 2026", "canvass Mon Nov 16, 2026"),
    # numbers, names and fillers
    refused("county Smith 1204 1199", '"1199" has no name, but other candidates do'),
    refused("county 1204 Jones 1199", '"1204" has no name'),
    refused("county Smith 1204 Jones 1199 votes", '"votes": leave it out'),
    refused("county Smith 1204 and Jones 1199", '"and": leave it out'),
    refused("county Smith 1204 vs Jones 1199", '"vs": leave it out'),
    refused("county Mary Smith 1204 Jones 1199", "names with spaces go in double quotes"),
    refused("county Smith 1,204 Jones 1.199", 'must be a whole number, not "1.199"'),
    refused("county A 5 B 4 seats three", 'seats must be a number, not "three"'),
    refused("county A 5 B 4 write-ins 3 total 2500", "give total or write-ins, not both"),
    read("county Smith: 1204 Jones: 1199", "Smith 1,204, Jones 1,199"),
    read("county Smith 1,204, Jones 1,199", "Smith 1,204, Jones 1,199"),
    read("city A=900 B=850 McGrew=694 Askew=692 seats=3", "seats 3"),
    # Slack markup is nobody's name
    refused('county "<!channel>" 1204 Jones 1199', "looks like Slack markup"),
    refused('county Smith 1204 Jones 1199 race "<@U123>"', "looks like Slack markup"),
    refused("county <!here> 5 B 4", "looks like Slack markup"),
]


@pytest.mark.parametrize(("text", "today", "expect", "words"), CASES)
def test_on_the_command_line(text: str, today: date, expect: str, words: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--today", today.isoformat(), text], out, err)
    if expect == "refused":
        assert (status, out.getvalue()) == (2, ""), out.getvalue()
        assert words in err.getvalue(), err.getvalue()
        assert err.getvalue().count("\n") == 1
    else:
        assert status == 0, err.getvalue()
        read_as = next(line for line in out.getvalue().splitlines() if line.startswith("Read as"))
        assert words in " ".join(out.getvalue().split()), read_as


@pytest.mark.parametrize(("text", "today", "expect", "words"), CASES)
def test_in_slack(
    fake: FakeSlack, after_ack: AfterAck, text: str, today: date, expect: str, words: str
) -> None:
    from bot.app import create_app

    from ..slack_helpers import settings_for

    app: App = create_app(settings_for(fake), today=lambda: today, after_ack=after_ack)
    response = run_command(app, fake, text)
    body = json.loads(response.body)
    if expect == "refused":
        assert body["response_type"] == "ephemeral"
        assert words.replace("<", "&lt;").replace(">", "&gt;") in body["text"], body["text"]
    else:
        assert body["response_type"] == "in_channel"
        contexts = [b["elements"][0]["text"] for b in body["blocks"] if b["type"] == "context"]
        read_as = contexts[-1]  # the short answer's last line: read as, as of, asked by
        assert read_as.startswith("Read as: ")
        header = body["blocks"][0]["text"]["text"]  # it names the race label (race "HD 22")
        label = words.removeprefix('race "').removesuffix('"')
        assert words in read_as or (words.startswith("race ") and f" {label} · " in header), (
            read_as,
            header,
        )
    assert after_ack.drain(timeout=5)
    assert fake.calls == []  # nothing is posted beyond the answer itself


def test_there_are_thirty_more_than_the_seven() -> None:
    assert len(CASES) >= 37
