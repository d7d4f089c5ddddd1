"""The assistant's extraction of what a user states about themselves (graph/assistant/extract.py):
the ways people say it, in any letter case, and the questions and one-off requests that state
nothing. The same function serves the chat and `kassist memory remember --user U "sentence"`."""

from __future__ import annotations

import time

import pytest

from graph.assistant.extract import extract

STATED = [
    # the issue's own example, and the ways a language preference is said
    ("I prefer answers in Bengali", {"response_language": "Bengali"}),
    ("i prefer answers in bangla", {"response_language": "Bengali"}),
    ("Please answer in Bengali, and call me Asha.", {"response_language": "Bengali", "name": "Asha"}),
    ("I'd like you to reply in French", {"response_language": "French"}),
    ("reply to me only in French", {"response_language": "French"}),
    ("I want all your answers in German", {"response_language": "German"}),
    ("My preferred language is German.", {"response_language": "German"}),
    ("Switch to Spanish please", {"response_language": "Spanish"}),
    ("Answers in Hindi from now on, please.", {"response_language": "Hindi"}),
    ("Could you explain it in Bengali?", {"response_language": "Bengali"}),
    ("Reply in Bengali. Actually, reply in English.", {"response_language": "English"}),  # the last wins
    # length, tone, format
    ("Keep answers short please", {"response_length": "brief"}),
    ("I prefer detailed answers.", {"response_length": "detailed"}),
    ("Be concise.", {"response_length": "brief"}),
    ("Use a formal tone.", {"response_tone": "formal"}),
    ("keep it casual", {"response_tone": "casual"}),
    ("Please use bullet points.", {"response_format": "bullet points"}),
    ("I prefer answers as a table", {"response_format": "table"}),
    (
        "I prefer answers in English, keep them short, and use bullet points.",
        {"response_language": "English", "response_length": "brief", "response_format": "bullet points"},
    ),
    # a standing instruction; one another rule already read is that rule's
    (
        "Please always cite the policy section.",
        {"instruction:always_cite_the_policy_section": "Always cite the policy section"},
    ),
    ("Never use jargon.", {"instruction:never_use_jargon": "Never use jargon"}),
    ("Please always answer in Bengali.", {"response_language": "Bengali"}),
    # name, role, team, manager
    ("call me asha", {"name": "Asha"}),
    ("My name is Asha Rahman.", {"name": "Asha Rahman"}),
    ("I work as a data engineer on the Payments team.", {"role": "data engineer", "team": "Payments team"}),
    ("I'm a senior data engineer.", {"role": "senior data engineer"}),
    ("I'm the head of Finance", {"role": "head of Finance"}),
    ("I am on the Payments team", {"team": "Payments team"}),
    ("my team is Search", {"team": "Search team"}),
    ("I work in the Finance department", {"team": "Finance department"}),
    ("My manager is Priya.", {"manager": "Priya"}),
    ("By the way, my manager is Priya.", {"manager": "Priya"}),
    ("I report to Rahim Khan", {"manager": "Rahim Khan"}),
    # office, location, time zone
    ("I'm based in the Amsterdam office.", {"office": "Amsterdam office"}),
    ("I work from the Dhaka office on Tuesdays", {"office": "Dhaka office"}),
    ("My office is in Berlin", {"office": "Berlin office"}),
    ("I'm a product manager in the Dhaka office", {"role": "product manager", "office": "Dhaka office"}),
    ("I'm based in Dhaka.", {"location": "Dhaka"}),
    ("I live in new york", {"location": "New York"}),
    ("My time zone is Asia/Dhaka", {"time_zone": "Asia/Dhaka"}),
    ("I'm in the CET time zone", {"time_zone": "CET"}),
    ("I'm on Pacific time", {"time_zone": "Pacific time"}),
    ("I'm in UTC+6", {"time_zone": "UTC+6"}),
    (
        "I'm on the Payments team and my manager is Rahim Khan; please reply in Bengali",
        {"team": "Payments team", "manager": "Rahim Khan", "response_language": "Bengali"},
    ),
]

# Written after the rules, measured once before changing them (14 of 18 slots, one false name),
# then fixed: kept here so they stay found.
STATED += [
    ("From now on please respond in Japanese.", {"response_language": "Japanese"}),
    ("Can you keep your replies brief?", {"response_length": "brief"}),
    ("I'd rather have answers in plain text.", {"response_format": "plain text"}),
    (
        "Hi, I'm Ravi, the new payroll analyst in the Singapore office.",
        {"name": "Ravi", "office": "Singapore office"},
    ),
    ("My role is Senior Product Owner.", {"role": "Senior Product Owner"}),
    ("I'm part of the Data Platform team.", {"team": "Data Platform team"}),
    ("You can call me Lena.", {"name": "Lena"}),
    ("I'm located in Berlin, Germany.", {"location": "Berlin"}),
    ("My timezone is CET.", {"time_zone": "CET"}),
    ("Write in a friendly tone please.", {"response_tone": "friendly"}),
    ("Speak to me in Spanish.", {"response_language": "Spanish"}),
    ("My boss is Maria Lopez.", {"manager": "Maria Lopez"}),
]

NOTHING = [
    "Who is my manager?",
    "What time zone is the Tokyo office in?",
    "Could you write the summary in French for my colleague?",
    "My name is not important.",
    "Hello, I'm Bengali",
    "Hi, I'm confused",
    "What is our leave policy?",
    "thanks!",
    "Call me when the report is ready",
    "I'm a bit confused about this",
    "My manager is on leave",
    "What does the policy say in English law?",
    "Is the German office open on Friday?",
    "What is the leave policy in the Dhaka office?",
    "I want the French version of the policy",
    "Use the table in section 3",
    "Do we have answers in Spanish?",
    "How do I use English keyboard shortcuts?",
    "How do I always get approval?",
    "I always forget my password",
    "I work from home",
]


@pytest.mark.parametrize(("sentence", "expected"), STATED)
def test_what_a_user_states_is_found(sentence: str, expected: dict[str, str]) -> None:
    assert {f.key: f.value for f in extract(sentence)} == expected


@pytest.mark.parametrize("sentence", NOTHING)
def test_questions_and_one_off_requests_state_nothing(sentence: str) -> None:
    assert extract(sentence) == []


def test_findings_name_the_words_they_come_from_and_their_types() -> None:
    found = extract("I prefer answers in Bengali. My time zone is Asia/Dhaka; please always cite the section")
    assert [(f.memory_type.value, f.key, f.evidence) for f in found] == [
        ("preference", "response_language", "prefer answers in Bengali"),
        ("setting", "time_zone", "My time zone is Asia/Dhaka"),
        ("procedure", "instruction:always_cite_the_section", "please always cite the section"),
    ]


def test_a_long_message_is_read_in_linear_time() -> None:
    # Repetition that makes nested quantifiers backtrack: each must stay well under a second.
    for text in ("I prefer" + " " * 5000 + "x", "I'm on the " + "x " * 5000 + "team",
                 "prefer answers " * 2000, "please always " + "word " * 3000):  # fmt: skip
        started = time.perf_counter()
        extract(text)
        assert time.perf_counter() - started < 1.0
