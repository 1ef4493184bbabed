import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, migrate } from '../../../server/store/db';
import { sqliteMigrations } from '../../../server/store/migrations/sqlite';
import { cogOf, remoteApp } from '../appHelpers';
import { Client, openSocket, startTestServer, type TestServer } from '../harness';
import { request } from '../screenHelpers';

/**
 * Experts bring their tools (issue 17): each expert declares the tool
 * providers it needs — stored with it, or in a remote app's expert
 * annotation — and the management page gets them with each expert.
 */

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(() => server.close());

async function expertDetails(workspaceId = 'innovation-lab-welcome') {
  const sock = openSocket(server, admin);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  const reply = await request(sock, 'workspace.expert.details', {});
  sock.ws.close();
  return reply.content.experts as { expert_id: string; tool_providers?: string[] }[];
}

const providersById = (experts: { expert_id: string; tool_providers?: string[] }[]) =>
  Object.fromEntries(experts.map((e) => [e.expert_id, e.tool_providers]));

describe('the tool providers an expert brings', () => {
  it('are stored with the expert, and null when it declares none', async () => {
    const base = {
      keywords: ['testing'],
      home_link: null,
      description: 'A test expert.',
      model: null,
      system_prompt: null,
    };
    await server.store.experts.upsert({
      ...base,
      id: 'declares',
      name: 'Declares',
      tool_providers: ['calculations', 'documents'],
    });
    await server.store.experts.upsert({
      ...base,
      id: 'silent',
      name: 'Silent',
      tool_providers: null,
    });
    const rows = await server.store.experts.list();
    expect(rows.find((r) => r.id === 'declares')?.tool_providers).toEqual([
      'calculations',
      'documents',
    ]);
    expect(rows.find((r) => r.id === 'silent')?.tool_providers).toBeNull();
    expect(rows.find((r) => r.id === 'ada-quant')?.tool_providers).toEqual(['calculations']);
  });

  it('are listed with each expert for the management page, as the demo experts declare them', async () => {
    const byId = providersById(await expertDetails());
    expect(byId).toMatchObject({
      'ada-quant': ['calculations'],
      chrono: ['date_and_time'],
      librarian: ['documents'],
      scout: ['web_search'],
      devon: ['calculations', 'date_and_time'],
    });
  });

  it("come from a remote app's expert annotation, else from the expert's specialties", async () => {
    const app = await remoteApp(server, 'units', 'innovation-lab', [
      cogOf('tools', 'units', { toolprovider: { name: 'units', description: 'Units.' } }),
      cogOf('tools', 'units_convert', {
        tool: { name: 'units_convert', provider: 'units', description: 'Converts.' },
      }),
      cogOf('experts', 'mike', {
        expert: {
          expert_id: 'metric-mike',
          name: 'Metric Mike',
          keywords: ['units'],
          tool_providers: ['units', 'calculations', 42],
        },
      }),
      cogOf('experts', 'cal', {
        expert: { expert_id: 'cal', name: 'Cal', keywords: ['calendars', 'deadlines'] },
      }),
    ]);
    await app.connect();
    try {
      const byId = providersById(await expertDetails());
      // Anything but a provider name in the list is left out.
      expect(byId['metric-mike']).toEqual(['units', 'calculations']);
      expect(byId.cal).toEqual(['date_and_time']);
    } finally {
      await app.close();
    }
  });
});

describe('migration 18', () => {
  it('adds experts.tool_providers and writes the demo experts’ lists into a store seeded before it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-tool-providers-'));
    const db = connectDb(dir);
    try {
      const before = sqliteMigrations.filter((m) => m.id < 18);
      migrate(db, before);
      db.exec(`
        INSERT INTO experts (id, name, keywords) VALUES ('ada-quant', 'Ada Quant', '["finance"]');
        INSERT INTO experts (id, name, keywords) VALUES ('devon', 'Devon Code', '["code"]');
        INSERT INTO experts (id, name, keywords) VALUES ('own', 'Own Expert', '["law"]');
      `);
      expect(migrate(db)).toEqual(sqliteMigrations.filter((m) => m.id >= 18).map((m) => m.id));
      const rows = db.prepare('SELECT id, tool_providers FROM experts ORDER BY id').all();
      expect(rows).toEqual([
        { id: 'ada-quant', tool_providers: '["calculations"]' },
        { id: 'devon', tool_providers: '["calculations","date_and_time"]' },
        { id: 'own', tool_providers: null },
      ]);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
