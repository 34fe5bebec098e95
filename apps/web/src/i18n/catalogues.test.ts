import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enLists } from './en-lists';
import { enScreens } from './en-screens';
import { ja } from './ja';
import { jaLists } from './ja-lists';
import { jaScreens } from './ja-screens';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

// The list screens' texts (src/i18n/lists.ts) load with those screens but are one catalogue,
// merged key by key (`cardStatus`: the names in the first load, the lists' column label later).
const jaKeys = new Map([ja, jaLists, jaScreens].flatMap((tree) => [...flatten(tree)]));
const enKeys = new Map([en, enLists, enScreens].flatMap((tree) => [...flatten(tree)]));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('translation catalogues', () => {
  it('have the same keys in Japanese and English', () => {
    const missingInEn = [...jaKeys.keys()].filter((key) => !enKeys.has(key));
    const missingInJa = [...enKeys.keys()].filter((key) => !jaKeys.has(key));
    expect(missingInEn).toEqual([]);
    expect(missingInJa).toEqual([]);
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of jaKeys) {
      const other = enKeys.get(key) ?? '';
      expect(text.trim(), `ja ${key}`).not.toBe('');
      expect(other.trim(), `en ${key}`).not.toBe('');
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('contain every key the source code asks for literally', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const code = fs.readFileSync(file, 'utf8');
      // t('a.b'), i18n.t('a.b') and key tables like title: 'nav.users'.
      const pattern =
        /\bt\(\s*'([a-zA-Z]+\.[\w.]+)'|(?:title|crumb|detail):\s*'([a-zA-Z]+\.[\w.]+)'/g;
      for (const match of code.matchAll(pattern)) {
        const key = match[1] ?? match[2] ?? '';
        // A counted text is asked for by its base key and stored as key_one / key_other.
        const has = (keys: Map<string, string>) =>
          keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));
        if (!has(jaKeys) || !has(enKeys)) missing.push(`${path.relative(root, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('texts an operator reads name no setting of the server (issue 35)', () => {
  it('no environment variable (SMTP_URL, DATABASE_URL…) in ja or en', () => {
    const found: string[] = [];
    for (const tree of [ja, en, jaLists, enLists, jaScreens, enScreens] as unknown as Tree[])
      for (const [key, text] of flatten(tree))
        if (/\b[A-Z][A-Z0-9]*_(URL|HOST|PORT|KEY|ZONE|PATH|DIR|SECRET)\b/.test(text))
          found.push(`${key}: ${text}`);
    expect(found).toEqual([]);
  });
});
