// Worked examples of BFCL's rules; each expected value is what BFCL's ast_checker.py returns for the
// same input under Python 3 (run through scripts/bfcl/run_checker.py's module setup).
import { describe, expect, it } from 'vitest';
import { dictChecker, listChecker, standardizeString, stringChecker } from './normalise';
import { parsePython, pyEquals, pyRepr, pyType } from './python-value';
import { typeChecker } from './type-checker';

describe('Python values', () => {
  it('keeps int and float apart as json.loads does', () => {
    const value = parsePython(
      '{"i": 5, "f": 5.0, "e": 1e3, "n": -0, "b": true, "s": "x", "l": [], "d": {}, "z": null}',
    ) as Record<string, never>;
    expect(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pyType(item)]))).toEqual({
      i: 'int',
      f: 'float',
      e: 'float',
      n: 'int',
      b: 'bool',
      s: 'str',
      l: 'list',
      d: 'dict',
      z: 'NoneType',
    });
  });
  it("compares as Python's == does", () => {
    expect(pyEquals(5n, 5.0)).toBe(true);
    expect(pyEquals(true, 1n)).toBe(true);
    expect(pyEquals('1', 1n)).toBe(false);
    expect(pyEquals({ a: 1n, b: [2.5] }, { b: [2.5], a: 1.0 })).toBe(true);
    expect(pyEquals([1n, 2n], [2n, 1n])).toBe(false);
  });
  it('prints as repr() does', () => {
    expect([
      pyRepr('a'),
      pyRepr("it's"),
      pyRepr(5),
      pyRepr(1e16),
      pyRepr(0.00001),
      pyRepr([true, null, { k: 1.5 }]),
    ]).toEqual(["'a'", '"it\'s"', '5.0', '1e+16', '1e-05', "[True, None, {'k': 1.5}]"]);
  });
});

describe('normalisation', () => {
  it('drops spaces and ,./-_*^, ignores case, reads quotes as double', () => {
    expect(standardizeString('April 1, 2024')).toBe('april12024');
    expect(standardizeString("O'Neil")).toBe('o"neil');
    expect(stringChecker('city', 'new-york', ['New York']).valid).toBe(true);
    expect(stringChecker('city', 'NYC', ['New York'])).toMatchObject({ valid: false, errorType: 'value_error:string' });
  });
  it('lists: normalised strings, order kept, and the optional marker read as an empty list', () => {
    expect(listChecker('p', ['A B', 'c'], [['a-b', 'C']]).valid).toBe(true);
    expect(listChecker('p', [], ['']).valid).toBe(true);
    expect(listChecker('p', [1n, 2n], [[2n, 1n]])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'p': [1, 2]. Expected one of [[2, 1]]."],
      errorType: 'value_error:list/tuple',
    });
  });
  it('dicts: optional keys may be left out; a wrong value still reports missing keys after it', () => {
    expect(dictChecker('d', { a: 'X' }, [{ a: ['x'], b: ['', 2n] }]).valid).toBe(true);
    expect(dictChecker('d', { a: 'y' }, [{ a: ['x'], b: [2n] }])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'a': 'y'. Expected one of ['x'].", "Missing dict key parameter: 'b'."],
      errorType: 'value_error:dict_key',
    });
  });
});

describe('types', () => {
  it('a bool is not an integer, nor 5.0', () => {
    expect(typeChecker('n', true, [5n], 'integer', 'int', null)).toMatchObject({
      valid: false,
      error: ["Incorrect type for parameter 'n'. Expected type integer, got bool. Parameter value: True."],
      errorType: 'type_error:simple',
    });
    expect(typeChecker('n', 5.0, [5n], 'integer', 'int', null)).toMatchObject({
      valid: false,
      errorType: 'type_error:simple',
    });
  });
  it("an answer of another type than the schema's makes the value a variable", () => {
    expect(typeChecker('n', 'x', ['x'], 'integer', 'int', null)).toMatchObject({ valid: true, isVariable: true });
  });
  it('checks one level of nesting', () => {
    expect(typeChecker('l', [1n, 'a'], [[1n, 2n]], 'array', 'list', 'int')).toMatchObject({
      valid: false,
      error: [
        "Nested type checking failed for parameter 'l'. Expected outer type array with inner type <class 'int'>. Parameter value: [1, 'a'].",
      ],
      isVariable: true,
      errorType: 'type_error:nested',
    });
  });
});

describe('reading JSON as Python does', () => {
  it('decodes escapes, keeps __proto__ as a key, lets a later duplicate win', () => {
    const value = parsePython('{"a": "x\\u00e9\\n", "__proto__": 1, "d": 1, "d": 2.5, "n": [-0, 1E2, 0.5]}') as Record<
      string,
      unknown
    >;
    expect(value.a).toBe('xé\n');
    expect(Object.keys(value)).toEqual(['a', '__proto__', 'd', 'n']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.d).toBe(2.5);
    expect(value.n).toEqual([0n, 100, 0.5]);
  });
  it('refuses what json.loads refuses, saying where', () => {
    for (const text of ['{"a": 1,}', '[01]', '"tab\there"', '{"a" 1}', '[1] x', "{'a': 1}", 'NaN']) {
      expect(() => parsePython(text), text).toThrow(/at position \d+/);
    }
  });
});
