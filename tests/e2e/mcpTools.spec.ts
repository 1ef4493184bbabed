import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { workspaceUrl } from '../../protocol/paths';
import {
  startFakeOpenAi,
  textChunks,
  toolCallChunks,
  type FakeOpenAi,
} from '../server/meeting/fakeOpenAi';
import { signInByApi } from './fixtures';
import { DESKTOP, PHONE, messageOf } from './meetingPage';
import { startServerProcess, type ServerProcess } from './serverProcess';

/**
 * Issue 22: an MCP server from the operator's MCP_CONFIG (the real
 * server-everything over stdio, from node_modules) enabled for the world in
 * Admin → MCP servers and for a workspace in its Tool Providers tab; its
 * get-sum tool called from the message box's / menu with a form made from
 * its schema; and, with a fake OpenAI-compatible model at the network edge,
 * an expert calling it through function calling.
 */

test.describe.configure({ timeout: 120_000 });

const WORLD = 'innovation-lab';
const WORKSPACE = 'innovation-lab-welcome';
const SHOTS = '.tmp/shots';
const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

function mcpConfig(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-e2e-mcp-'));
  const file = path.join(dir, 'mcp.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [EVERYTHING, 'stdio'],
          description: 'The MCP reference server',
        },
      },
    }),
  );
  return file;
}

async function shots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: size === 'phone' });
  }
  await page.setViewportSize(DESKTOP);
}

/** Admin → MCP servers: the world starts using everything; its tools are listed. */
async function enableForWorld(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/admin/mcp`);
  const card = page.getByRole('region', { name: 'MCP server everything' });
  await expect(card).toContainText('Its tools, resources and prompts are listed once');
  const use = card.getByRole('switch', { name: 'Use everything in this world' });
  await use.click();
  await expect(use).toBeChecked();
  await expect(card.getByText('ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /Tools \(\d+\)/ }).click();
  await expect(card.getByRole('term').filter({ hasText: /^get-sum$/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /Prompts \(\d+\)/ })).toBeVisible();
}

/** The Welcome meeting's Tool Providers tab: everything chosen and saved. */
async function enableForWorkspace(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/w/${WORLD}/workspace-management?id=${WORKSPACE}&mode=edit`);
  await page.getByRole('tab', { name: /Tool Providers/ }).click();
  await page.getByRole('checkbox', { name: 'Use everything' }).check();
  await page
    .getByRole('button', { name: /everything/ })
    .first()
    .click();
  await expect(page.getByRole('cell', { name: 'get-sum', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/workspace\?id=/);
}

test.describe('MCP tools from the / menu, offline engine', () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = await startServerProcess({ MCP_CONFIG: mcpConfig() });
  });
  test.afterAll(async () => server.stop());

  test('a world admin enables everything; get-sum runs from the / menu into a tool message', async ({
    page,
  }) => {
    await signInByApi(page, undefined, server.url);
    await enableForWorld(page, server);
    await shots(page, 'mcp-admin');
    await enableForWorkspace(page, server);

    await page.goto(`${server.url}${workspaceUrl(WORLD, WORKSPACE)}`);
    const box = page.getByPlaceholder('Ask the experts...');
    await box.fill('/sum');
    const menu = page.getByRole('listbox', { name: 'Tools' });
    await expect(menu.getByRole('option', { name: /\/get-sum/ })).toBeVisible({ timeout: 20_000 });
    await expect(box).toHaveAttribute('aria-controls', 'tool-menu');
    await expect(box).toHaveAttribute('aria-activedescendant', 'tool-menu-option-0');
    await shots(page, 'mcp-slash-menu');

    // Escape closes the menu and keeps the text; the arrows and Enter pick from the keyboard.
    await box.press('Escape');
    await expect(menu).toBeHidden();
    await expect(box).toHaveValue('/sum');
    await box.fill('');
    await box.fill('/get-sum');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await expect(menu.getByRole('option', { selected: true })).toContainText('/get-sum');
    await box.press('Enter');

    const form = page.getByRole('dialog', { name: /\/get-sum/ });
    await expect(form).toBeVisible();
    await expect(box).toHaveValue('');
    await form.getByRole('button', { name: 'Run' }).click();
    await expect(form.getByText('Required')).toHaveCount(2);
    await form.getByLabel('a *').fill('2');
    await form.getByLabel('b *').fill('x');
    await form.getByRole('button', { name: 'Run' }).click();
    await expect(form.getByText('Not a number')).toBeVisible();
    await form.getByLabel('b *').fill('3');
    await shots(page, 'mcp-args-form');
    await form.getByRole('button', { name: 'Run' }).click();
    await expect(form).toBeHidden();

    const message = page.locator('[data-tool="everything_get-sum"]');
    await expect(message).toContainText('The sum of 2 and 3 is 5.');
    await expect(message).toContainText('/get-sum');
    await expect(page.getByText('Administrator · everything_get-sum').first()).toBeVisible();
    await shots(page, 'mcp-tool-message');

    // After a reload it is still there, from the stored transcript.
    await page.reload();
    await expect(page.locator('[data-tool="everything_get-sum"]')).toContainText(
      'The sum of 2 and 3 is 5.',
    );

    // A tool's error is the spec's flash.
    await box.fill('/echo');
    await box.press('Enter');
    const echo = page.getByRole('dialog', { name: /\/echo/ });
    await echo.getByLabel('message *').fill('hello MCP');
    await echo.getByRole('button', { name: 'Run' }).click();
    await expect(page.locator('[data-tool="everything_echo"]')).toContainText('Echo: hello MCP');
  });
});

test.describe('MCP tools through function calling', () => {
  let server: ServerProcess;
  let fake: FakeOpenAi;
  test.beforeAll(async () => {
    fake = await startFakeOpenAi((request, index) => {
      const tools = (request.body.tools ?? []) as { function: { name: string } }[];
      const last = request.body.messages.at(-1);
      if (last.role === 'tool')
        return { kind: 'stream', chunks: textChunks(`The MCP server says: ${last.content}`) };
      if (tools.some((t) => t.function.name === 'everything_get-sum'))
        return {
          kind: 'stream',
          chunks: toolCallChunks([
            { id: `call-${index}`, name: 'everything_get-sum', args: '{"a":19,"b":23}' },
          ]),
        };
      return { kind: 'stream', chunks: textChunks('No MCP tool was offered.') };
    });
    server = await startServerProcess({
      MCP_CONFIG: mcpConfig(),
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
    });
  });
  test.afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  test('an expert calls an MCP tool and answers with its result', async ({ page }) => {
    await signInByApi(page, undefined, server.url);
    await enableForWorld(page, server);
    await enableForWorkspace(page, server);
    await page.goto(`${server.url}${workspaceUrl(WORLD, WORKSPACE)}`);
    const box = page.getByPlaceholder('Ask the experts...');
    await box.fill('What is 19 + 23 according to the MCP server?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = messageOf(page, 'Ada Quant');
    await expect(answer).toContainText('The MCP server says: The sum of 19 and 23 is 42.', {
      timeout: 30_000,
    });
    const called = fake.requests.find((r) =>
      (r.body.tools ?? []).some(
        (t: { function: { name: string; parameters: { required?: string[] } } }) =>
          t.function.name === 'everything_get-sum' &&
          t.function.parameters.required?.join() === 'a,b',
      ),
    );
    expect(called).toBeTruthy();
  });
});
