// The part of jsdom the build uses (scripts/critical-css.ts): the package ships no types, and @types/jsdom is not
// installed. DOM types come from the "DOM" lib.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
