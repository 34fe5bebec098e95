import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsersDocument } from '@/gql/graphql';
import { graphqlDocuments } from '../../scripts/vite-graphql-documents';

/**
 * A list's source document names one declared filter; codegen adds the others (issue 34). The
 * build must send the completed document the tests send, not the short source.
 */
describe('the build’s inlined documents', () => {
  it('are the generated documents, with every declared filter', () => {
    const file = path.resolve(import.meta.dirname, '../features/users/api/users.ts');
    const source = fs.readFileSync(file, 'utf8');
    expect(source).not.toContain('$registeredAtUntil');
    const transform = graphqlDocuments().transform;
    if (typeof transform !== 'function') throw new Error('the plugin has no transform');
    const built = transform.call({} as never, source, file) as { code: string } | null;
    expect(built?.code).not.toContain('graphql(');
    expect(built?.code).toContain(JSON.stringify(UsersDocument.toString()));
    expect(UsersDocument.toString()).toContain('registeredAtUntil: $registeredAtUntil');
  });
});
