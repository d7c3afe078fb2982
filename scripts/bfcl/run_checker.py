"""
Runs BFCL's own AST checker (ast_checker.py, vendored unmodified beside this file) on the sample and
writes its verdicts. Standard library only: the few modules ast_checker.py imports from the rest of
the bfcl_eval package are stubbed below with what the Python categories need.

    python3 scripts/bfcl/run_checker.py src/core/evals/bfcl/fixtures

Reads bfcl-sample-questions.json, bfcl-sample-possible-answer.json and bfcl-sample-results.jsonl in
that folder and writes bfcl-sample-verdicts.jsonl: one line per result, in order, with the verdict for
a model whose names keep their dots and for one whose config sets underscore_to_dot.
"""
import importlib.util
import json
import sys
import types
from dataclasses import dataclass
from enum import Enum
from pathlib import Path


class Language(Enum):
    # As bfcl_eval/constants/enums.py defines it.
    PYTHON = "python"
    JAVA = "java"
    JAVASCRIPT = "javascript"


@dataclass
class ModelConfig:
    underscore_to_dot: bool = False


def _not_python(*_args, **_kwargs):
    raise NotImplementedError("the Java and JavaScript type converters are not needed for the Python categories")


def _module(name, **attributes):
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module
    return module


for package in ["bfcl_eval", "bfcl_eval.constants", "bfcl_eval.eval_checker", "bfcl_eval.eval_checker.ast_eval", "bfcl_eval.eval_checker.ast_eval.type_convertor"]:
    _module(package, __path__=[])
_module("bfcl_eval.constants.enums", Language=Language)
# convert_func_name looks the model up with "_" written as "/".
_module("bfcl_eval.constants.model_config", MODEL_CONFIG_MAPPING={"plain-model": ModelConfig(False), "dot-model": ModelConfig(True)})
_module("bfcl_eval.constants.type_mappings", JAVA_TYPE_CONVERSION={}, JS_TYPE_CONVERSION={})
_module("bfcl_eval.eval_checker.ast_eval.type_convertor.java_type_converter", java_type_converter=_not_python)
_module("bfcl_eval.eval_checker.ast_eval.type_convertor.js_type_converter", js_type_converter=_not_python)

spec = importlib.util.spec_from_file_location("ast_checker", Path(__file__).with_name("ast_checker.py"))
ast_checker_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ast_checker_module)


def is_function_calling_format_output(decoded_output):
    # Copied from bfcl_eval/utils.py (same commit): the check eval_runner applies before ast_checker.
    if type(decoded_output) != list:
        return False
    for item in decoded_output:
        if type(item) != dict:
            return False
        if len(item) != 1:
            return False
        if type(list(item.values())[0]) != dict:
            return False
    return True


def extract_test_category_from_id(test_entry_id):
    # As bfcl_eval/utils.py does it.
    return test_entry_id.rsplit("_", 1)[0]


def verdict(question, answer, result, model_name):
    if not is_function_calling_format_output(result):
        # The verdict eval_runner.py's _evaluate_single_ast_entry gives, message included.
        return {
            "valid": False,
            "error_type": "ast_decoder:decoder_wrong_output_format",
            "error": ["Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability."],
        }
    checked = ast_checker_module.ast_checker(
        question["function"], result, answer["ground_truth"], Language.PYTHON, extract_test_category_from_id(question["id"]), model_name
    )
    out = {"valid": checked["valid"]}
    if not checked["valid"]:
        out["error_type"] = checked["error_type"]
        out["error"] = [item for item in checked["error"] if isinstance(item, str)]
        # parallel_function_checker_no_order nests the per-call errors it tried; their types are kept too.
        nested = [detail["sub_error_type"] for item in checked["error"] if isinstance(item, dict) for detail in item.values()]
        if nested:
            out["sub_error_types"] = nested
    return out


def read_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(folder):
    folder = Path(folder)
    questions = {entry["id"]: entry for entry in read_lines(folder / "bfcl-sample-questions.json")}
    answers = {entry["id"]: entry for entry in read_lines(folder / "bfcl-sample-possible-answer.json")}
    with open(folder / "bfcl-sample-verdicts.jsonl", "w") as out:
        for line in read_lines(folder / "bfcl-sample-results.jsonl"):
            question, answer = questions[line["id"]], answers[line["id"]]
            record = {
                "id": line["id"],
                "variant": line["variant"],
                "plain": verdict(question, answer, line["result"], "plain-model"),
                "underscore_to_dot": verdict(question, answer, line["result"], "dot-model"),
            }
            out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
