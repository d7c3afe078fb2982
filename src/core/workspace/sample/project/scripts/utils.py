"""Small helpers shared by the scripts."""
import datetime
import json


def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def overdue(tasks, today):
    """Tasks that are not done and whose due date is before today."""
    return [
        task
        for task in tasks
        if task.get("status") != "done"
        and task.get("due")
        and datetime.date.fromisoformat(task["due"]) < today
    ]
