import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { bool, positiveInt } from './values';

/** MCP servers as tool providers (issue 22; README: MCP servers). */
export const mcpVariables = {
  MCP_CONFIG: {
    expect: 'the path of a JSON file with an "mcpServers" object',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'JSON file listing MCP servers in the common `mcpServers` shape (`command`/`args`/`env` for stdio, `url`/`headers` for Streamable HTTP); read at start and reloaded from Admin → MCP servers (unset: none). World admins choose which ones their world uses',
  },
  MCP_ALLOW_PRIVATE_URLS: {
    expect: '0 or 1',
    schema: bool,
    default: '0',
    doc: "1 lets world admins add MCP servers whose URL is (or redirects to, or resolves to) a loopback, link-local or private address; the operator's own MCP_CONFIG servers are always allowed",
  },
  MCP_ALLOWED_HOSTS: {
    expect: 'comma-separated host:port pairs such as mcp.internal:8080',
    schema: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/))),
    default: undefined,
    doc: 'Private hosts world admins may still add MCP servers on, each as host:port (e.g. an internal MCP gateway); a redirect elsewhere is checked as usual',
  },
  MCP_CALL_TIMEOUT_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '30',
    doc: "Longest an MCP tool call may take; past it the call fails with 'Tool error: … timed out' and the round goes on",
  },
  MCP_MAX_RESULT_BYTES: {
    expect: 'a positive whole number of bytes',
    schema: positiveInt,
    default: String(1024 * 1024),
    doc: "Largest MCP tool result (and Streamable HTTP response) accepted; a larger one fails the call with 'Tool error: … too large'",
  },
} as const;

/** Names an MCP server may have: they become a tool provider's name and its tools' prefix. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

const stringMap = z.record(z.string(), z.string());

const stdioServer = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: stringMap.optional(),
  cwd: z.string().min(1).optional(),
  description: z.string().max(500).optional(),
  disabled: z.boolean().optional(),
});

const httpServer = z.strictObject({
  type: z.enum(['http', 'streamable-http', 'streamableHttp']).optional(),
  url: z.url({ protocol: /^https?$/ }),
  headers: stringMap.optional(),
  description: z.string().max(500).optional(),
  disabled: z.boolean().optional(),
});

export const mcpServerSchema = z.union([stdioServer, httpServer]);
export type McpServerSettings = z.infer<typeof mcpServerSchema>;

export const mcpFileSchema = z.object({
  mcpServers: z.record(
    z.string().regex(MCP_SERVER_NAME, 'names are letters, digits, - and _ (at most 40)'),
    mcpServerSchema,
  ),
});

/** The operator's servers by name (disabled ones left out), or why the file cannot be used. */
export function readMcpFile(
  file: string,
  reserved: readonly string[] = [],
): Record<string, McpServerSettings> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, {
      cause: err,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = mcpFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the file';
    // A bad server name is reported by zod as the record's; its own message says why.
    const inner = (issue as { issues?: { message: string }[] }).issues?.[0]?.message;
    throw new Error(`${file}: ${where}: ${inner ?? issue.message}`);
  }
  const out: Record<string, McpServerSettings> = {};
  for (const [name, server] of Object.entries(parsed.data.mcpServers)) {
    if (reserved.includes(name)) throw new Error(`${file}: "${name}" is a built-in tool provider`);
    if (!server.disabled) out[name] = server;
  }
  return out;
}

/** Why MCP_CONFIG cannot be used, in one line for start-up; undefined when it can (or is unset). */
export function mcpConfigProblem(config: { MCP_CONFIG?: string }): string | undefined {
  if (!config.MCP_CONFIG) return undefined;
  try {
    readMcpFile(config.MCP_CONFIG);
    return undefined;
  } catch (err) {
    return `MCP_CONFIG: ${(err as Error).message}`;
  }
}
