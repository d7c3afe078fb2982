/**
 * What @rjsf/utils takes from fast-uri (`resolve`, `equal`), for the page's form. rjsf calls them only when the
 * root schema declares draft 2020-12, and the form's schema never does (`schemaForForm` drops `$schema`): this
 * module is here to keep fast-uri off the page (7.4 KB of the form chunk's 56 KB gzip, measured), not to be a URI
 * library. Absolute URIs resolve and compare by the URL standard; anything else as a plain fragment join.
 */
function absolute(uri: string): string | null {
  try {
    return new URL(uri).href;
  } catch {
    return null;
  }
}

function resolve(base: string, reference: string): string {
  try {
    return new URL(reference, base).href;
  } catch {
    // A relative base (`#`, `schema.json`): a fragment replaces the base's, anything else stands as written.
    return reference.startsWith('#') ? base.replace(/#.*$/, '') + reference : reference;
  }
}

function equal(left: string, right: string): boolean {
  return (absolute(left) ?? left) === (absolute(right) ?? right);
}

export default { resolve, equal };
