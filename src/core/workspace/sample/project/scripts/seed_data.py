"""Write a small set of demo tasks to data/tasks.json."""
import json
import os

DEMO_TASKS = [
    {"title": "Set up CI", "status": "done", "due": "2024-03-11"},
    {"title": "Fix login lockout", "status": "open", "due": "2024-03-19"},
    {"title": "Connection pool metrics", "status": "open", "due": "2024-03-21"},
    {"title": "Write onboarding docs", "status": "in_progress", "due": "2024-03-28"},
]


def main():
    os.makedirs("data", exist_ok=True)
    with open("data/tasks.json", "w", encoding="utf-8") as handle:
        json.dump(DEMO_TASKS, handle, indent=2)
    print(f"wrote {len(DEMO_TASKS)} tasks to data/tasks.json")


if __name__ == "__main__":
    main()
