"""Weekly task report: counts tasks by status and lists overdue ones.

Usage: python3 scripts/report.py --week 12 [--input data/tasks.json]
"""
import argparse
import datetime
import json
import sys
from collections import Counter

from scripts.utils import load_json, overdue


def week_of(iso_date):
    """ISO week number of a YYYY-MM-DD date."""
    return datetime.date.fromisoformat(iso_date).isocalendar()[1]


def summarize_tasks(tasks):
    """Number of tasks per status, as a plain dict."""
    return dict(Counter(task["status"] for task in tasks))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Weekly task report")
    parser.add_argument("--week", type=int, required=True, help="ISO week number")
    parser.add_argument("--input", default="data/tasks.json", help="tasks exported as JSON")
    args = parser.parse_args(argv)

    try:
        tasks = load_json(args.input)
    except FileNotFoundError:
        print(f"error: {args.input} not found; export tasks first", file=sys.stderr)
        return 1

    in_week = [task for task in tasks if task.get("due") and week_of(task["due"]) == args.week]
    print(f"Week {args.week}: {len(in_week)} tasks")
    for status, count in sorted(summarize_tasks(in_week).items()):
        print(f"  {status}: {count}")
    for task in overdue(in_week, datetime.date.today()):
        print(f"  overdue: {task['title']} (due {task['due']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
