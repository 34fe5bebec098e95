/**
 * Vite plugin standing in for GraphQL Code Generator's babel/swc plugin: in the build, each
 * `graphql(`...`)` call becomes its operation text inline, in the chunk of the code that uses
 * it. Without it, `graphql()` looks the text up in src/gql/gql.ts's map of every operation, so
 * the first load would ship every screen's queries. The text inlined is the generated document's
 * (the one the tests send, typed and checked by codegen): a list's or export's source names one
 * declared filter and codegen adds the others (codegen.ts). Types are unaffected (they come
 * from the generated overloads at compile time); at run time `execute()` only needs `toString()`.
 */
import type { Plugin } from 'vite';
import { graphql } from '../src/gql/gql';

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
      const rewritten = code.replace(CALL, (whole, source: string) => {
        if (/\bfragment\s|\.\.\.\s*[A-Za-z_]/.test(source)) return whole;
        const document: unknown = (graphql as (text: string) => unknown)(source);
        if (!(document instanceof String))
          throw new Error(`${file}: a document codegen has not seen; run \`npm run codegen\`.`);
        return JSON.stringify(document.toString());
      });
      const body = /\bgraphql\(/.test(rewritten) ? rewritten : rewritten.replace(GQL_IMPORT, '');
      return body === code ? null : { code: body, map: null };
    },
  };
}
