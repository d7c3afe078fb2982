"""
Builds the BFCL sample: a few entries of each AST category (copied from BFCL's data files as they
are) and, for each, model results that are right, right in another accepted form, or wrong in one
deliberate way. Standard library only; deterministic.

    python3 scripts/bfcl/make_sample.py <bfcl_eval/data folder> src/core/evals/bfcl/fixtures

The verdicts are then given by BFCL's own checker: run_checker.py.
"""
import copy
import json
import sys
from pathlib import Path

PICKS = {
    "simple_python": [0, 13, 14, 83, 89, 96, 109],
    "multiple": [0, 5, 8, 181],
    "parallel": [0, 2, 29],
    "parallel_multiple": [0, 1, 26, 63],
}


def first_value(values):
    return next((value for value in values if value != ""), None)


def last_value(values):
    return next((value for value in reversed(values) if value != ""), None)


def concrete(values, choose, drop_optional):
    """A model's value from the acceptable ones; dict and list-of-dict answers nest their own lists."""
    value = choose(values)
    if isinstance(value, dict):
        return {key: concrete(inner, choose, drop_optional) for key, inner in value.items() if not (drop_optional and "" in inner)}
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return [{key: concrete(inner, choose, drop_optional) for key, inner in item.items() if not (drop_optional and "" in inner)} for item in value]
    return copy.deepcopy(value)


def call_from(answer, choose=first_value, drop_optional=False, respell=False):
    (name, params), = answer.items()
    args = {}
    for param, values in params.items():
        if first_value(values) is None or (drop_optional and "" in values):
            continue
        value = concrete(values, choose, drop_optional)
        if respell and isinstance(value, str) and " " in value:
            # BFCL's string normalisation drops spaces and ,./-_*^ and ignores case.
            value = value.upper().replace(" ", "-")
        args[param] = value
    return {name: args}


def description(question, name):
    return next(function for function in question["function"] if function["name"] == name)


def mutate_value(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + " elsewhere"
    if isinstance(value, list):
        return value + (value[:1] if value else ["extra"])
    if isinstance(value, dict):
        return {**value, "unexpected_key": "x"}
    return "changed"


def wrong_type(value):
    if isinstance(value, bool):
        return "true"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return 42
    if isinstance(value, list):
        return ",".join(map(str, value))
    return [value]


def variants(question, answer):
    """Every applicable variant, in a fixed order: name → result."""
    ground_truth = answer["ground_truth"]
    right = [call_from(call) for call in ground_truth]
    out = {"correct": right}
    alternative = [call_from(call, last_value, True, True) for call in ground_truth]
    if alternative != right:
        out["other_accepted_form"] = alternative
    (name, args), = right[0].items()
    schema = description(question, name)["parameters"]
    properties = schema["properties"]
    required = schema.get("required", [])
    params = list(args)
    if params:
        first = params[0]
        out["wrong_value"] = [{name: {**args, first: mutate_value(args[first])}}] + right[1:]
        out["wrong_type"] = [{name: {**args, first: wrong_type(args[first])}}] + right[1:]
    for param in params:
        kind = properties.get(param, {}).get("type")
        if kind == "float" and isinstance(args[param], float) and args[param].is_integer():
            out["int_for_float"] = [{name: {**args, param: int(args[param])}}] + right[1:]
        if kind == "integer" and isinstance(args[param], int):
            out["float_for_integer"] = [{name: {**args, param: float(args[param])}}] + right[1:]
            out["bool_for_integer"] = [{name: {**args, param: True}}] + right[1:]
    if required and required[0] in args:
        out["missing_required"] = [{name: {key: value for key, value in args.items() if key != required[0]}}] + right[1:]
    optional_without_default = [param for param, values in ground_truth[0][name].items() if param not in required and "" not in values and param in args]
    if optional_without_default:
        dropped = optional_without_default[0]
        out["missing_optional"] = [{name: {key: value for key, value in args.items() if key != dropped}}] + right[1:]
    out["extra_parameter"] = [{name: {**args, "unexpected_arg": 1}}] + right[1:]
    out["wrong_function_name"] = [{f"{name}_v2": args}] + right[1:]
    if "." in name:
        out["dots_as_underscores"] = [{name.replace(".", "_"): call_args} for call in right for call_args in call.values()]
    other = [function["name"] for function in question["function"] if function["name"] != name]
    if other:
        out["other_function_of_the_list"] = [{other[0]: args}] + right[1:]
    out["extra_function"] = right + [copy.deepcopy(right[0])]
    if len(right) > 1:
        out["reversed_order"] = list(reversed(right))
        out["one_call_dropped"] = right[:-1]
        out["first_call_twice"] = [right[0]] + right[:-1]
    out["no_call"] = []
    out["not_a_call_list"] = "I would call the function for you."
    out["two_functions_in_one_item"] = [{**right[0], "another_function": {}}]
    return out


def main(data, folder):
    data, folder = Path(data), Path(folder)
    questions, answers, results = [], [], []
    position = 0
    for category, indexes in PICKS.items():
        by_id = {json.loads(line)["id"]: json.loads(line) for line in (data / f"BFCL_v4_{category}.json").read_text().splitlines()}
        answer_by_id = {json.loads(line)["id"]: json.loads(line) for line in (data / "possible_answer" / f"BFCL_v4_{category}.json").read_text().splitlines()}
        for index in indexes:
            entry_id = f"{category}_{index}"
            question, answer = by_id[entry_id], answer_by_id[entry_id]
            questions.append(question)
            answers.append(answer)
            options = variants(question, answer)
            names = list(options)
            # Right answers and the int/float and optional-parameter rules always; then two wrong ones, rotating so every kind of mistake appears.
            chosen = [name for name in ("correct", "other_accepted_form", "reversed_order", "int_for_float", "missing_optional") if name in options]
            wrong = [name for name in names if name not in chosen]
            for step in range(2):
                pick = wrong[(position * 2 + step) % len(wrong)]
                if pick not in chosen:
                    chosen.append(pick)
            if "dots_as_underscores" in options and "dots_as_underscores" not in chosen and position % 3 == 0:
                chosen.append("dots_as_underscores")
            position += 1
            for name in chosen:
                results.append({"id": entry_id, "variant": name, "result": options[name]})
    write = lambda name, rows: (folder / name).write_text("".join(json.dumps(row) + "\n" for row in rows))
    write("bfcl-sample-questions.json", questions)
    write("bfcl-sample-possible-answer.json", answers)
    write("bfcl-sample-results.jsonl", results)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
