/**
 * Highlighting for workspace files, with the page's highlighter: each language grammar loads only when a file of that
 * language is shown. The result is shiki's HTML, which escapes the code it is given.
 */
import type { HighlighterCore } from 'shiki/core';

const EXTENSION_LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  py: 'python',
  cs: 'csharp',
  csproj: 'xml',
  sln: 'text',
  json: 'json',
  jsonc: 'jsonc',
  md: 'markdown',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  sh: 'shellscript',
  bash: 'shellscript',
  html: 'html',
  css: 'css',
  xml: 'xml',
  sql: 'sql',
  go: 'go',
  rs: 'rust',
  java: 'java',
  rb: 'ruby',
  ini: 'ini',
  diff: 'diff',
  patch: 'diff',
};

const FILE_NAME_LANGUAGES: Record<string, string> = {
  dockerfile: 'docker',
  makefile: 'make',
  '.gitignore': 'text',
  '.env': 'dotenv',
};

type LanguageInput = Parameters<HighlighterCore['loadLanguage']>[0];

/** Only the grammars a workspace is likely to hold, each its own lazily loaded chunk. */
const LANGUAGE_IMPORTERS: Record<string, () => LanguageInput> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsonc: () => import('shiki/langs/jsonc.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  docker: () => import('shiki/langs/docker.mjs'),
  make: () => import('shiki/langs/make.mjs'),
  dotenv: () => import('shiki/langs/dotenv.mjs'),
};

/** The shiki language for a path, or 'text' when none fits. */
export function languageForPath(path: string): string {
  const fileName = (path.slice(path.lastIndexOf('/') + 1) || path).toLowerCase();
  const byName = FILE_NAME_LANGUAGES[fileName];
  if (byName) return byName;
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return 'text';
  return EXTENSION_LANGUAGES[fileName.slice(dot + 1)] ?? 'text';
}

/** HTML for a file's text in both themes (CSS variables), or null if highlighting is unavailable. */
export async function highlightCode(
  highlighter: Promise<HighlighterCore>,
  code: string,
  language: string,
): Promise<string | null> {
  const loaded = await highlighter;
  let lang = language;
  if (lang !== 'text' && !loaded.getLoadedLanguages().includes(lang)) {
    const importer = LANGUAGE_IMPORTERS[lang];
    if (importer) {
      try {
        await loaded.loadLanguage(importer());
      } catch {
        lang = 'text';
      }
    } else {
      lang = 'text';
    }
  }
  return loaded.codeToHtml(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false });
}
