export const MCP_USAGE = `Usage: tool-schemas mcp <subcommand> <target> [options]

A target is a server URL (Streamable HTTP, falling back to HTTP+SSE) or \`-- <command …>\` for a stdio server
(options then come before the \`--\`). The first line names the server, the transport, the era and the protocol
version (on standard error for call, read and prompt).

Subcommands:
  list <target> [--json]                          the server's tools, as \`list\` shows a file's
  lint <target> [tool] [--json] [--max-warnings <n>] [--provider <p> [--strict]]
                                                  audit the live schemas; refused tools by pointer and rule
  call <target> <tool> --args '<json>' [--send-invalid] [--json]
                                                  validate, then send tools/call; prints the result by content type
                                                  and checks structuredContent against the output schema
      [--task [--ttl <ms>]]                       run it as a task (a tool whose execution.taskSupport is optional
                                                  or required, on a server declaring task-augmented tools/call): a
                                                  status line per change (status, message, time elapsed, expiry),
                                                  then the result; Ctrl-C sends tasks/cancel. A tool that runs only
                                                  as a task runs as one without --task
  read <target> <uri> [--var name=value …] [--json]
                                                  read a resource; a URI template (RFC 6570) is expanded with
                                                  --var, and a missing variable is named with the server's
                                                  completions
  prompt <target> <name> [--arg name=value …] [--json]
                                                  get a prompt and print its messages
  pin <target> --lock <file>                      write a lockfile: a hash per tool and its definition
  verify <target> --lock <file> [--json]          drift per tool against the lockfile, with its semver class;
                                                  exit 1 on drift (a CI gate)
  bridge [--port <n>] [--origin <o>[,<o>…]] -- <command …>
                                                  serve a stdio server as Streamable HTTP on 127.0.0.1 only, with a
                                                  random bearer token and an Origin allow-list, for the page

Options for every target:
  --header 'Name: value'   sent with every request (repeatable); MCP_AUTHORIZATION sets Authorization
  --oauth                  sign in with OAuth 2.1 + PKCE (a loopback redirect; the URL is printed); a later
                           403 insufficient_scope signs in again with the wider scope and retries once
  --client-id <id>         a pre-registered client (implies --oauth); its secret in MCP_CLIENT_SECRET
                           (or --client-secret <s>, visible in the process list)
  --client-metadata-url <https-url>
                           a client ID metadata document, used as client_id where the server supports it
  --client-credentials     the client-credentials grant (no user): --client-id with MCP_CLIENT_SECRET, or
                           --private-key <pem file> (or MCP_CLIENT_PRIVATE_KEY) [--signing-alg ES256] for
                           private_key_jwt; --issuer <url> sends them only to that authorization server
  --scope '<scopes>'       scopes to ask for when the server does not say which
  --transport auto|streamable-http|sse
  --era auto|modern|legacy auto tries server/discover (2026-07-28) and falls back to initialize (2025); modern
                           insists on 2026-07-28; legacy sends initialize. Default: auto for a URL, legacy for stdio
  --timeout <ms>           time limit per request (default 30000)
  --log-level <level>      print the server's log messages at this level and above (debug … emergency)

When the server asks (elicitation, sampling, roots):
  a form                   on a terminal, asked field by field (!decline or !cancel at any field); otherwise
                           answered from --input name=<json> (repeatable) and --inputs <file> (a JSON object by
                           field name), --elicit accept|decline|cancel choosing the action. The answer is checked
                           against the requested schema before it is sent; a missing one is an error naming it
  a URL                    printed with its domain, never opened by this client; the answer is asked on a
                           terminal, otherwise --elicit (decline unless said)
  sampling                 declined, unless --sampling-reply '<text>' answers it with that text
  roots                    none, unless given with --root <path or file:// URL> (repeatable)

Exit status: 0 ok; 1 drift, a refused tool, a tool error or a failed connection; 2 usage.`;
