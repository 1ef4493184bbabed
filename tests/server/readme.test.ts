import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configDocs } from '../../server/config';

const readme = fs.readFileSync('README.md', 'utf8');

describe('README', () => {
  it('starts with the two commands a newcomer runs', () => {
    const firstCommands = readme
      .split('\n')
      .filter((l) => l.startsWith('npm '))
      .slice(0, 2);
    expect(firstCommands[0]).toMatch(/^npm install && npm start\b/);
    expect(firstCommands[1]).toMatch(/^npm install && npm test\b/);
  });

  it('documents every configuration variable with its default', () => {
    const rows = readme
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .map((l) => l.split('|').map((cell) => cell.trim()));
    for (const v of configDocs) {
      const row = rows.find((cells) => cells[1] === `\`${v.name}\``);
      expect(row, v.name).toBeDefined();
      expect(row![2]).toBe(v.default === undefined ? '(unset)' : `\`${v.default}\``);
    }
  });

  it('.ci/run runs exactly the README test command', () => {
    const ci = fs.readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/^npm install && npm test$/m);
  });
});
