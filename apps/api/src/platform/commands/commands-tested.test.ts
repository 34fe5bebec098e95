import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../server/schema';
import { declaredCommands } from './define-command';

// Issue 34: "a test fails when a handler commits without the audit event its command
// declares". The runner checks it on every run of a write (run-command.ts, assertAudited;
// run-command.test.ts shows it failing), so it holds for a write only where some test runs it.
// This file enumerates every declared write and asks that an API test call it by name: a new
// command without a test fails here, and with its test, the runner's check covers it.

const api = path.resolve(import.meta.dirname, '../../..');

/** The text of every API test file but this one. */
function testTexts(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.ts$/.test(entry.name) && file !== import.meta.filename)
        texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  walk(path.join(api, 'src'));
  walk(path.join(api, 'test'));
  return texts;
}

/**
 * The spec's transaction upload of each kind, post<ListCall>TransactionsByCSV: one declaration
 * (commands/upload-transactions.ts, uploadOfKind) and the handler of the any-kind upload, its
 * name built from the kind; the tests run it under some kinds' names, not all nine.
 */
const PER_KIND_UPLOAD = /^post\w+TransactionsByCSV$/;

describe('every declared write', () => {
  getSchema(); // registers every command (server/command-registry.ts)
  const commands = declaredCommands();
  const texts = testTexts();
  const named = (name: string) => texts.some((text) => text.includes(name));

  it('is found', () => {
    expect(commands.length).toBe(Object.keys(getSchema().getMutationType()!.getFields()).length);
    expect(texts.length).toBeGreaterThan(100);
  });

  it('is run by name by an API test, so the runner checks its audit event', () => {
    const untested = commands
      .map((c) => c.name)
      .filter((name) => !PER_KIND_UPLOAD.test(name) && !named(name));
    expect(untested).toEqual([]);
  });

  it('the per-kind uploads, one declaration, are run under several kinds', () => {
    const uploads = commands.map((c) => c.name).filter((name) => PER_KIND_UPLOAD.test(name));
    expect(uploads.length).toBe(9);
    expect(uploads.filter(named).length).toBeGreaterThan(2);
  });
});
