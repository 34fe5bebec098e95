import { GRAPHQL_PATH } from '@app/shared';

/** A header a cross-site page cannot send without the API's consent (the API's CSRF check). */
const CSRF_HEADER = 'x-graphql-yoga-csrf';
import type { TypedDocumentString } from '@/gql/graphql';
import { authHeaders, failed, NetworkError, readAnswer, type CallOptions } from './graphql-client';

type UploadOptions = CallOptions & {
  /** 0–1 while the bytes go up (the browser's upload events). */
  onProgress?: (fraction: number) => void;
};

/**
 * Runs a typed operation that takes files as a GraphQL multipart request (the `Upload`
 * scalar): every `File` among the top-level variables travels as a part. It goes by
 * XMLHttpRequest because fetch reports no upload progress; the answer and its errors are
 * read by the client's core, so an ended session raises the same dialog as any call.
 */
export function upload<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options: UploadOptions = {},
): Promise<TResult> {
  const form = new FormData();
  const files: File[] = [];
  const map: Record<string, string[]> = {};
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (value instanceof File) {
      map[String(files.length)] = [`variables.${name}`];
      files.push(value);
      sent[name] = null;
    } else {
      sent[name] = value;
    }
  }
  form.append('operations', JSON.stringify({ query: document.toString(), variables: sent }));
  form.append('map', JSON.stringify(map));
  files.forEach((file, i) => form.append(String(i), file, file.name));
  return new Promise<TResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_PATH);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    // The CSRF proof that does not depend on the session: without it a multipart sent after
    // the session ended in another tab (no token left to send) is refused as cross-site (403,
    // "no permission") instead of being answered as the ended session it is.
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(failed(new NetworkError(new Error('upload failed'), false), options));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status tells what happened.
      }
      try {
        resolve(readAnswer<TResult>(xhr.status, body));
      } catch (error) {
        reject(failed(error, options));
      }
    };
    xhr.send(form);
  });
}
