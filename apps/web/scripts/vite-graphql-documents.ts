/**
 * Vite plugin standing in for GraphQL Code Generator's babel/swc plugin: in the build, each
 * `graphql(`...`)` call becomes its operation text inline, in the chunk of the code that uses
 * it. Without it, `graphql()` looks the text up in src/gql/gql.ts's map of every operation, so
 * the first load would ship every screen's queries. Types are unaffected (they come from the
 * generated overloads at compile time); at run time `execute()` only needs `toString()`.
 */
import type { Plugin } from 'vite';

const CALL = /graphql\(\s*`([\s\S]*?)`\s*\)/g;
const GQL_IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*['"]@\/gql['"];?\n?/;

/** Inlines `graphql()` operation texts so each chunk carries only its own operations. */
export function graphqlDocuments(): Plugin {
  return {
    name: 'app:graphql-documents',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!.replaceAll('\\', '/');
      if (!file.includes('/src/') || file.includes('/src/gql/') || !/\.tsx?$/.test(file))
        return null;
      if (!GQL_IMPORT.test(code)) return null;
      // Fragments would need the generated document (with the fragment appended): keep those.
      const rewritten = code.replace(CALL, (whole, source: string) =>
        /\bfragment\s|\.\.\.\s*[A-Za-z_]/.test(source) ? whole : JSON.stringify(source),
      );
      const body = /\bgraphql\(/.test(rewritten) ? rewritten : rewritten.replace(GQL_IMPORT, '');
      return body === code ? null : { code: body, map: null };
    },
  };
}
