import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID } from '../../protocol';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { SemanticIndex } from '../../server/drives/types';
import { seedDemo } from '../../server/seed/demo';
import { ADMIN, type Client, openTestStore } from './harness';

/** A one-page PDF 1.4 whose only content is `text` in Helvetica (a real, parseable file). */
export function makePdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 14 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The 8-byte PNG signature plus an IHDR chunk: enough for magic-number sniffing. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d1f1d20000000049454e44ae426082',
  'hex',
);

export interface UploadFile {
  name: string;
  data: Buffer | string;
  type?: string;
}

/** POST /api/drives/{drive}/files as the browser does it (multipart, CSRF header, world header). */
export async function upload(
  client: Client,
  base: string,
  drive: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
  world = 'innovation-lab',
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const bytes = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  }
  const res = await fetch(`${base}/api/drives/${encodeURIComponent(drive)}/files`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader,
      [HEADER_CSRF]: client.cookies.get(CSRF_COOKIE) ?? '',
      [HEADER_WORLD_ID]: world,
    },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** A JSON call in a world. */
export function call(
  client: Client,
  method: string,
  url: string,
  body?: unknown,
  world = 'innovation-lab',
) {
  return client.request(method, url, { body, headers: { [HEADER_WORLD_ID]: world } });
}

export function b64(text: string): string {
  return Buffer.from(text).toString('base64');
}

/** The real server like startTestServer, with a semantic index of the test's choosing. */
export async function startWithSemantic(semanticIndex: SemanticIndex) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-drives-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const store = await openTestStore(dataDir);
  await seedDemo(store, ADMIN);
  const built = await buildApp({
    config,
    store,
    logger: false,
    semanticIndex,
    clientDir: path.join(dataDir, 'no-client'),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  return {
    ...built,
    store,
    dataDir,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.app.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
