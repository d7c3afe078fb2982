export const MCP_USAGE = `Usage: tool-schemas mcp <subcommand> <target> [options]

A target is a server URL (Streamable HTTP, falling back to HTTP+SSE) or \`-- <command …>\` for a stdio server
(options then come before the \`--\`).

Subcommands:
  list <target> [--json]                          the server's tools, as \`list\` shows a file's
  lint <target> [tool] [--json] [--max-warnings <n>] [--provider <p> [--strict]]
                                                  audit the live schemas; refused tools by pointer and rule
  call <target> <tool> --args '<json>' [--send-invalid] [--json]
                                                  validate, then send tools/call; prints the result by content type
                                                  and checks structuredContent against the output schema
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
  --timeout <ms>           time limit per request (default 30000)

Exit status: 0 ok; 1 drift, a refused tool, a tool error or a failed connection; 2 usage.`;
