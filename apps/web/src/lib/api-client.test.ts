import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CurrentAdminDocument,
  SignOutDocument,
  WithdrawalTransactionsUploadDocument,
} from '@/gql/graphql';
import { downloadFile, fetchDownload } from './download';
import { getFeedback, resetFeedback } from './feedback';
import { execute, GraphQLRequestError, request } from './graphql-client';
import { upload } from './upload';

/**
 * The one API client (graphql-client.ts, upload.ts, download.ts) against a mocked network:
 * JSON GraphQL, a multipart upload with its progress, a download saved under its name, and
 * the ended session raising the sign-in dialog for every kind of call.
 */

const AUTH_ERROR = {
  message: 'Authorization error [no auth]',
  extensions: { code: 'UNAUTHENTICATED' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A stand-in for the browser's XMLHttpRequest that the test answers. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEventInit) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  url = '';
  form: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    this.form = form;
    FakeXhr.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetFeedback();
  localStorage.setItem('accessToken', 'tok');
  FakeXhr.last = null;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('JSON GraphQL', () => {
  it('posts the typed operation with the token and returns its data', async () => {
    fetchMock.mockResolvedValue(json({ data: { postSignOut: true } }));
    await expect(execute(SignOutDocument)).resolves.toEqual({ postSignOut: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/graphql-admin');
    expect(init).toMatchObject({ method: 'POST', headers: { 'X-ADMIN-ACCESS-TOKEN': 'tok' } });
    expect(JSON.parse(String(init?.body))).toMatchObject({
      query: expect.stringContaining('postSignOut'),
    });
  });

  it('names the admin’s chosen language, not the browser’s, for texts the server words', async () => {
    fetchMock.mockImplementation(async () => json({ data: { postSignOut: true } }));
    localStorage.setItem('locale', 'en');
    await execute(SignOutDocument);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ headers: { 'accept-language': 'en' } });
    localStorage.setItem('locale', 'ja');
    await execute(SignOutDocument);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ headers: { 'accept-language': 'ja' } });
  });

  it('rejects with the API error and its code, leaving the dialog closed', async () => {
    fetchMock.mockResolvedValue(
      json({ data: null, errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }),
    );
    const error = await execute(CurrentAdminDocument).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({ code: 'FORBIDDEN' });
    expect(getFeedback().authExpired).toBe(false);
  });

  it('opens the sign-in dialog when the session has ended (the message or HTTP 401)', async () => {
    fetchMock.mockResolvedValue(json({ data: null, errors: [AUTH_ERROR] }));
    await expect(execute(CurrentAdminDocument)).rejects.toMatchObject({
      isAuthorizationError: true,
    });
    expect(getFeedback().authExpired).toBe(true);
    resetFeedback();
    // A proxy's 401 without a GraphQL body is the same ended session, not "Server error!".
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    await expect(execute(CurrentAdminDocument)).rejects.toMatchObject({
      isAuthorizationError: true,
    });
    expect(getFeedback().authExpired).toBe(true);
  });

  it('leaves the dialog closed for a call that ends the session itself (sign-out)', async () => {
    fetchMock.mockResolvedValue(json({ data: null, errors: [AUTH_ERROR] }));
    await expect(request(SignOutDocument, undefined, { signInDialog: false })).rejects.toThrow();
    expect(getFeedback().authExpired).toBe(false);
  });
});

describe('multipart upload', () => {
  const file = new File(['id\r\n1\r\n'], 'tx.csv', { type: 'text/csv' });

  it('sends the file as a part of the GraphQL multipart request and reports its progress', async () => {
    const progress: number[] = [];
    const answer = upload(
      WithdrawalTransactionsUploadDocument,
      { kind: 'atem', file, dryRun: true },
      { onProgress: (f) => progress.push(f) },
    );
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/graphql-admin');
    // The CSRF proof travels on its own, so a multipart sent without a token (the session
    // ended in another tab) is answered as an ended session, not as a cross-site request.
    expect(xhr.headers).toEqual({
      'X-ADMIN-ACCESS-TOKEN': 'tok',
      'accept-language': 'ja',
      'x-graphql-yoga-csrf': '1',
    });
    const operations = JSON.parse(String(xhr.form!.get('operations'))) as {
      query: string;
      variables: Record<string, unknown>;
    };
    expect(operations.query).toContain('postWithdrawalTransactionsByCSV');
    expect(operations.variables).toEqual({ kind: 'atem', file: null, dryRun: true });
    expect(JSON.parse(String(xhr.form!.get('map')))).toEqual({ 0: ['variables.file'] });
    expect(xhr.form!.get('0')).toBeInstanceOf(File);
    expect((xhr.form!.get('0') as File).name).toBe('tx.csv');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    expect(progress).toEqual([0.25, 1]);
    const report = {
      message: '',
      countTransactions: 1,
      isSuccess: true,
      report: { errorCount: 0, errors: [] },
    };
    xhr.answer(200, { data: { postWithdrawalTransactionsByCSV: report } });
    await expect(answer).resolves.toEqual({ postWithdrawalTransactionsByCSV: report });
  });

  it('opens the sign-in dialog when the upload is answered 401', async () => {
    const answer = upload(WithdrawalTransactionsUploadDocument, { kind: 'atem', file });
    FakeXhr.last!.answer(401, { errors: [AUTH_ERROR] });
    await expect(answer).rejects.toMatchObject({ isAuthorizationError: true });
    expect(getFeedback().authExpired).toBe(true);
  });

  it('tells a refused upload (its code) and a lost connection apart', async () => {
    const refused = upload(WithdrawalTransactionsUploadDocument, { kind: 'atem', file });
    FakeXhr.last!.answer(413, {
      errors: [{ message: 'too big', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
    await expect(refused).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const lost = upload(WithdrawalTransactionsUploadDocument, { kind: 'atem', file });
    FakeXhr.last!.onerror?.();
    await expect(lost).rejects.toMatchObject({ name: 'NetworkError', reachedServer: false });
    expect(getFeedback().authExpired).toBe(false);
  });
});

describe('download', () => {
  it('fetches the file with the token and saves it under its name', async () => {
    fetchMock.mockResolvedValue(
      new Response('id\r\n1\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const saved: Array<{ href: string; name: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, name: this.download });
    });
    // jsdom has no object URLs; the revoke, ten seconds later, stays a no-op.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:file-1');
    const original = URL.createObjectURL;
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL ??= () => {};
    const blob = await downloadFile('/templates/rates.csv', 'rates-template.csv').finally(() => {
      URL.createObjectURL = original;
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/templates/rates.csv');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      headers: { 'X-ADMIN-ACCESS-TOKEN': 'tok' },
    });
    expect(await blob.text()).toBe('id\r\n1\r\n');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(saved).toEqual([{ href: 'blob:file-1', name: 'rates-template.csv' }]);
    click.mockRestore();
  });

  it('opens the sign-in dialog when the download is answered 401', async () => {
    fetchMock.mockResolvedValue(json({ errors: [AUTH_ERROR] }, 401));
    await expect(fetchDownload('/downloads/x.csv?link=a', () => {})).rejects.toMatchObject({
      isAuthorizationError: true,
    });
    expect(getFeedback().authExpired).toBe(true);
  });
});
