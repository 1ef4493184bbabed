import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { readMcpFile } from '../../../server/config/mcp';
import { mcpToolName } from '../../../server/mcp/apps';
import { resultText } from '../../../server/mcp/results';
import { blockedAddress, checkUrl } from '../../../server/mcp/urlGuard';
import { mcpConfigFile, stdioEverything } from './mcpHelpers';

describe('MCP_CONFIG', () => {
  it('is read in the common mcpServers shape; disabled servers are left out', () => {
    const file = mcpConfigFile({
      everything: stdioEverything,
      remote: { type: 'http', url: 'https://mcp.example.org/mcp', headers: { A: 'b' } },
      off: { command: 'x', disabled: true },
    });
    expect(Object.keys(readMcpFile(file))).toEqual(['everything', 'remote']);
    expect(loadConfig({ MCP_CONFIG: file }).MCP_CONFIG).toBe(file);
  });

  it('a bad file stops start-up with one line naming MCP_CONFIG', () => {
    const bad = (text: string) => {
      const file = mcpConfigFile({});
      fs.writeFileSync(file, text);
      try {
        loadConfig({ MCP_CONFIG: file });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        const message = (err as Error).message;
        expect(message.split('\n')).toHaveLength(1);
        return message;
      }
      throw new Error('accepted');
    };
    expect(bad('{')).toMatch(/^Invalid configuration: MCP_CONFIG: .* is not JSON/);
    expect(bad('{"servers":{}}')).toMatch(/^Invalid configuration: MCP_CONFIG: .*mcpServers/);
    expect(bad('{"mcpServers":{"a b":{"command":"x"}}}')).toMatch(/names are letters/);
    expect(bad('{"mcpServers":{"x":{"url":"ftp://h/"}}}')).toMatch(/MCP_CONFIG: .*mcpServers\.x/);
    expect(() => loadConfig({ MCP_CONFIG: '/no/such/file.json' })).toThrow(
      'Invalid configuration: MCP_CONFIG: cannot read /no/such/file.json: ENOENT',
    );
    expect(() => loadConfig({ MCP_ALLOWED_HOSTS: 'no-port' })).toThrow(/MCP_ALLOWED_HOSTS must be/);
    expect(() => loadConfig({ MCP_CALL_TIMEOUT_SECONDS: '0' })).toThrow(
      /MCP_CALL_TIMEOUT_SECONDS must be a positive whole number/,
    );
  });
});

describe('SSRF rules for URLs world admins add', () => {
  it('refuses every non-public address, IPv4 and IPv6, mapped and embedded ones too', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '2002:7f00:1::1',
      '64:ff9b::a00:1',
    ])
      expect(blockedAddress(address), address).toBeTruthy();
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(blockedAddress(address), address).toBeUndefined();
  });

  it('checks the URL itself: scheme, credentials, literal addresses, localhost, allowed hosts', () => {
    expect(() => checkUrl('gopher://example.org/')).toThrow(/http or https only/);
    expect(() => checkUrl('https://u:p@example.org/')).toThrow(/user name or password/);
    expect(() => checkUrl('http://[fe80::1]/')).toThrow(/linkLocal/);
    expect(() => checkUrl('http://api.localhost/')).toThrow(/loopback/);
    expect(checkUrl('https://mcp.example.org/mcp').host).toBe('mcp.example.org');
    expect(checkUrl('http://10.1.2.3:8080/mcp', ['10.1.2.3:8080']).port).toBe('8080');
    expect(() => checkUrl('http://10.1.2.3:8081/mcp', ['10.1.2.3:8080'])).toThrow(/private/);
  });
});

describe('MCP tools as EMgen sees them', () => {
  it('are named with their provider prefix, as function names allow', () => {
    expect(mcpToolName('everything', 'get-sum')).toBe('everything_get-sum');
    expect(mcpToolName('my_server', 'read_file')).toBe('my-server_read_file');
    expect(mcpToolName('x', 'a.b/c')).toBe('x_a-b-c');
    expect(mcpToolName('x', 'y'.repeat(100))).toHaveLength(64);
  });

  it('results read as text: images named, structured content kept for the trace', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'Hello' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
        ],
      }).text,
    ).toBe('Hello\n[image image/png, 3 bytes]\n[a.txt](file:///a.txt)');
    expect(resultText({ content: [], structuredContent: { sum: 5 } })).toEqual({
      text: '{"sum":5}',
      value: { sum: 5 },
    });
  });
});
