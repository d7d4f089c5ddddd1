"""bench/locomo.py reads the public LoCoMo file's format as the recall figures of docs/benchmarks.md need.

A tiny hand-made file in the format of snap-research/LoCoMo ``data/locomo10.json`` (the real one is not in
the repository): turns keyed by their dia_id with a shared photo's caption appended, session times, the
clock two days after the last session, LoCoMo's categories, and the data's known flaws (an evidence id that
is no dia_id is dropped and counted, a question left without evidence is skipped, a repeated id is kept).
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

sys.path.append(str(Path(__file__).resolve().parent.parent / "bench"))
import locomo


def _turn(speaker: str, dia_id: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"speaker": speaker, "dia_id": dia_id, "text": text, **extra}


SAMPLE: dict[str, Any] = {
    "qa": [
        {
            "question": "When did Ann go to the pottery class?",
            "answer": "7 May 2023",
            "evidence": ["D1:3"],
            "category": 2,
        },
        {
            "question": "What does Ann make?",
            "answer": "bowls",
            "evidence": ["D1:3", "D2:1", "D2:1"],
            "category": 1,
        },
        {"question": "Would Ann like a kiln?", "answer": "Likely yes", "evidence": [], "category": 3},
        {"question": "What did Ann paint?", "answer": 2022, "evidence": ["D1:9", "D2:2"], "category": 4},
        {
            "question": "Where is Bo's pottery class?",
            "evidence": ["D", "D2:05"],
            "category": 5,
            "adversarial_answer": "x",
        },
        {
            "question": "What did Bo make?",
            "adversarial_answer": "Yes",
            "answer": "No",
            "evidence": ["D2:1"],
            "category": 5,
        },
    ],
    "conversation": {
        "speaker_a": "Ann",
        "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            _turn("Ann", "D1:1", "Hey Bo!"),
            _turn("Bo", "D1:2", "Hi Ann, what's new?"),
            _turn(
                "Ann",
                "D1:3",
                "I went to a pottery class yesterday.",
                img_url=["https://example.invalid/a.jpg"],
                blip_caption="a photo of a bowl on a wheel",
                query="pottery bowl",
            ),
        ],
        "session_2_date_time": "10:37 am on 27 June, 2023",
        "session_2": [
            _turn("Ann", "D2:1", "I made two more bowls \u2013 look!\n\n"),
            _turn("Bo", "D2:2", "They're lovely.", blip_caption="a photo of two bowls"),
        ],
        "session_3_date_time": "4:33 pm on 12 July, 2023",  # the public file dates sessions it has no turns for
    },
    "event_summary": {"events_session_1": {"Ann": [], "Bo": [], "date": "8 May, 2023"}},
    "observation": {},
    "session_summary": {},
    "sample_id": "test-1",
}


def _write(tmp_path: Path, *samples: dict[str, Any]) -> Path:
    path = tmp_path / "locomo10.json"
    path.write_text(json.dumps(list(samples), indent=2), encoding="utf-8")
    return path


def test_turns_questions_and_flaws_as_the_documented_method(tmp_path: Path) -> None:
    (sample,) = locomo.load(_write(tmp_path, SAMPLE))
    assert sample.speakers == ("Ann", "Bo") and [s.number for s in sample.sessions] == [1, 2]
    prepared = locomo.prepare(sample)
    conv = prepared.conversation
    assert [t.key for t in conv.turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
    assert conv.turns[2].text == "I went to a pottery class yesterday. [shares a photo of a bowl on a wheel]"
    assert conv.turns[3].text == "I made two more bowls \u2013 look!\n\n"  # the file's own text, untouched
    assert (conv.turns[2].session, conv.turns[2].position) == (1, 3)
    assert conv.turns[2].at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC) + timedelta(minutes=4)
    assert conv.now == datetime(2023, 6, 27, 10, 37, tzinfo=UTC) + timedelta(days=2)
    assert [(q.kind, q.evidence) for q in conv.questions] == [
        ("temporal", ["D1:3"]),
        ("multi", ["D1:3", "D2:1", "D2:1"]),  # a repeated id counts twice, as the file lists it
        ("single", ["D2:2"]),
        ("adversarial", ["D2:1"]),
    ]
    assert prepared.dropped == ["D1:9", "D", "D2:05"] and prepared.skipped == 2
    no_captions = locomo.prepare(sample, captions=False).conversation
    assert no_captions.turns[2].text == "I went to a pottery class yesterday."
    assert locomo.recall_at(["D2:1", "D1:1"], ["D1:3", "D2:1", "D2:1"], 10) == pytest.approx(1 / 3)


def test_check_finds_broken_dia_ids_and_counts_unlike_the_docs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = json.loads(json.dumps(SAMPLE))
    broken["conversation"]["session_2"][1]["dia_id"] = "D2:3"
    broken["conversation"]["session_2"][1]["speaker"] = "Cy"
    broken["sample_id"] = "conv-26"  # documented: 19 sessions, 419 turns
    clean, bad = locomo.load(_write(tmp_path, SAMPLE, broken))
    assert locomo.check(clean) == []
    assert locomo.check(bad) == [
        "session 2: dia_ids are not D2:1..2",
        "session 2: speakers ['Cy'] are neither speaker_a nor speaker_b",
    ]
    assert locomo.counts(clean) == (2, 5, (1, 1, 1, 1, 2), 2)
    assert locomo.check_report([clean]) is True
    assert locomo.check_report([bad]) is False
    out = capsys.readouterr().out
    assert "1 test-1" not in out and "? test-1 (Ann, Bo): 2 sessions, 5 turns (2 with a caption)" in out
    assert "counts differ from docs/benchmarks.md" in out


def test_samples_by_public_number_or_id_and_one_line_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = {**SAMPLE, "sample_id": "conv-50"}
    path = _write(tmp_path, SAMPLE, other)
    samples = locomo.load(path)
    assert [s.sample_id for s in locomo.select(samples, "10", path)] == ["conv-50"]
    assert [s.sample_id for s in locomo.select(samples, "conv-50, test-1", path)] == ["conv-50", "test-1"]
    assert locomo.select(samples, None, path) == samples
    with pytest.raises(
        locomo.LocomoError, match=r"sample 1 \(conv-26\) is not in .* \(it holds test-1, conv-50\)"
    ):
        locomo.select(samples, "1", path)
    monkeypatch.delenv("KASSIST_LOCOMO", raising=False)
    with pytest.raises(locomo.LocomoError) as missing:
        locomo.data_path(str(tmp_path / "nowhere.json"))
    assert "\n" not in str(missing.value)
    assert "put the public file data/locomo10.json of https://github.com/snap-research/LoCoMo" in str(
        missing.value
    )
    monkeypatch.setenv("KASSIST_LOCOMO", str(path))
    assert locomo.data_path(None) == path
    (tmp_path / "bad.json").write_text('[{"qa": []}]', encoding="utf-8")
    with pytest.raises(locomo.LocomoError, match=r"not in LoCoMo's locomo10\.json format"):
        locomo.load(tmp_path / "bad.json")
