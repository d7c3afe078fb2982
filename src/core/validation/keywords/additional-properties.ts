import { isJsonObject } from '../../json/is-json-object';
import { appendPath } from '../describe';
import { knownParametersOf, NOT_REMEMBERED, rememberedSuggestion, suggestionNow } from '../error-memos';
import { lazyError } from '../lazy-error';
import { paramsOf, type KeywordErrors } from './keyword';

/** Which known names the arguments give: a bit per place, or past 30 names their places listed. */
function givenPlaces(known: readonly string[], present: Record<string, unknown>): number | string {
  const hasOwn = Object.prototype.hasOwnProperty;
  if (known.length <= 30) {
    let bits = 0;
    for (let index = 0; index < known.length; index++) if (hasOwn.call(present, known[index]!)) bits |= 1 << index;
    return bits;
  }
  let places = '';
  for (let index = 0; index < known.length; index++) if (hasOwn.call(present, known[index]!)) places += `${index},`;
  return places;
}

/** The known names the arguments do not give: the candidates for an unknown one. */
function notGiven(known: readonly string[], present: Record<string, unknown>): string[] {
  return known.filter((knownName) => !Object.prototype.hasOwnProperty.call(present, knownName));
}

function unknownMessage(at: string, parameter: string, suggestion: string | undefined): string {
  return `Unknown parameter '${parameter}'${suggestion !== undefined ? `. Did you mean '${appendPath(at, suggestion)}'?` : ''}`;
}

/** A parameter the schema does not know, with the closest known name not already given. */
export const additionalPropertiesErrors: KeywordErrors = {
  keywords: ['additionalProperties', 'unevaluatedProperties'],
  map(error, at, memos) {
    const params = paramsOf(error);
    const parentSchema = error.parentSchema;
    const unknownName = String(params.additionalProperty ?? params.unevaluatedProperty ?? '');
    const parameter = appendPath(at, unknownName);
    const { names: known, expected } = knownParametersOf(memos, parentSchema);
    const present = isJsonObject(error.data) ? error.data : {};
    // The known names already given are no candidates: `given` marks their places among the known, one bit each (a
    // list of places past 30 names).
    const given = givenPlaces(known, present);
    const suggestion =
      parentSchema !== null && typeof parentSchema === 'object'
        ? suggestionNow(memos.suggestions, parentSchema, unknownName, given, () => notGiven(known, present))
        : NOT_REMEMBERED;
    if (suggestion !== NOT_REMEMBERED)
      return { parameter, code: 'invalid_value', message: unknownMessage(at, parameter, suggestion), expected };
    return lazyError(
      parameter,
      'invalid_value',
      () =>
        unknownMessage(
          at,
          parameter,
          rememberedSuggestion(memos, parentSchema, unknownName, given, () => notGiven(known, present)),
        ),
      expected,
    );
  },
};
