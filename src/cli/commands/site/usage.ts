/** The `site` commands' usage, apart from their code: `help` shows it without loading them. */
export const SITE_BUILD_USAGE = `Usage: tool-schemas site build <input…> --out <dir> [--title <title>] [--base /path/] [--site-url <url>] [--history <dir>] [--allow-refused]
       tool-schemas site build [<input…>] --out <dir> [options] -- <command …>

  Writes a static site of the given toolsets: every page prerendered, with search, the audit, provider
  formats, token cost, embeds, the sitemap, llms.txt and a Markdown twin of every tool page, 404.html
  and the _headers file static hosts read. An input is one of:
    a file            OpenAI, Anthropic or Gemini tools, an MCP tools/list result, CodeGenesis
                      definitions, or a toolset file
    a folder          a toolset in this project's format (toolset.json and its tools), or a folder of them
    a URL             a live MCP server, whose tools/list is read now
    -- <command …>    a live MCP server started over stdio (last, after every option)

  --out <dir>        the folder to write (new, empty, or a site this command wrote)
  --title <title>    the site's name (default: Tool Schema Playground)
  --base /path/      the path the site is served below (default: /)
  --site-url <url>   the site's address, for absolute canonical links and llms.txt
  --allow-refused    build even when definitions are refused; the site lists them
  --mocks <file>     JSON of { "<tool name>": <result> }: what Execute answers for each such tool;
                     { "$function": "(args) => …" } is a function of the arguments, run in the page's sandbox
  --history <dir>    earlier releases, each a file or folder named by its version (0.9.0.json, 0.8.0/),
                     older than the tools' current version: each tool page's versions section compares them

  A definition the import refuses stops the build, each refusal named with its pointer and rule.`;

export const SITE_DEV_USAGE = `Usage: tool-schemas site dev <input…> [--port <n>] [--title <title>] [--mocks <file>] [--history <dir>] [--allow-refused] [-- <command …>]

  Serves the site of the given toolsets (as site build writes it) on this machine, builds it again
  when a definition file or folder changes (or a release in --history), and reloads the open pages;
  what was typed in a playground stays. --port 0 picks a free port (default 4400). The other flags
  are site build's.`;

export const SITE_USAGE = `${SITE_BUILD_USAGE}

${SITE_DEV_USAGE}`;
