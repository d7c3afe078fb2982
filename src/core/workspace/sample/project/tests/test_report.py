"""Tests for scripts/report.py (run with: python3 -m pytest tests)."""
from scripts.report import summarize_tasks, week_of


def test_summarize_counts_by_status():
    tasks = [
        {"title": "Write docs", "status": "done"},
        {"title": "Fix login", "status": "open"},
        {"title": "Review PR", "status": "open"},
    ]
    assert summarize_tasks(tasks) == {"done": 1, "open": 2}


def test_week_of_iso_date():
    assert week_of("2024-03-18") == 12
