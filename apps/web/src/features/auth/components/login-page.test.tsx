import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { jsonResponse } from '@/test/json-response';
import { renderAt } from '@/test/render';
import { afterSignIn, LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks for both fields with the spec message before calling the server', async () => {
    renderAt(<LoginPage />, '/login', ['/common/dashboard']);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please input Email')).toBeInTheDocument();
    expect(screen.getByText('Please input Password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    renderAt(<LoginPage />, '/login', ['/common/dashboard']);
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/Password/), 'DemoPass123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('The Email field format is invalid')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the token and opens the dashboard after a successful sign-in', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        data: {
          postSignIn: {
            message: 'Signed in.',
            accessToken: 'token-1',
            user: { id: 1, userName: 'super01', email: 'super@example.com' },
          },
        },
      }),
    );
    renderAt(<LoginPage />, '/login', ['/common/dashboard']);
    await userEvent.type(screen.getByLabelText(/Email/), 'super@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'DemoPass123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('route:/common/dashboard')).toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as { variables: unknown };
    expect(body.variables).toEqual({ email: 'super@example.com', password: 'DemoPass123' });
  });

  it('shows the translated message for wrong credentials and stores nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        data: null,
        errors: [
          {
            message: 'The email or password is incorrect.',
            extensions: { code: 'INVALID_CREDENTIALS' },
          },
        ],
      }),
    );
    await i18n.changeLanguage('ja');
    renderAt(<LoginPage />, '/login', ['/common/dashboard']);
    await userEvent.type(screen.getByLabelText(/メールアドレス/), 'super@example.com');
    await userEvent.type(screen.getByLabelText(/パスワード/), 'Wrong1234');
    await userEvent.click(screen.getByRole('button', { name: 'サインイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'メールアドレスまたはパスワードが正しくありません。',
    );
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('sends a signed-in visitor to the dashboard', () => {
    localStorage.setItem('accessToken', 'existing');
    renderAt(<LoginPage />, '/login', ['/common/dashboard']);
    expect(screen.getByTestId('route:/common/dashboard')).toBeInTheDocument();
  });
});

describe('afterSignIn', () => {
  it('returns to the page the admin was sent from, with its query; only a path of this app', () => {
    expect(afterSignIn({ from: '/common/users?userName=al&page=2' })).toBe(
      '/common/users?userName=al&page=2',
    );
    expect(afterSignIn(null)).toBe('/common/dashboard');
    expect(afterSignIn({ from: undefined })).toBe('/common/dashboard');
    for (const from of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login'])
      expect(afterSignIn({ from }), from).toBe('/common/dashboard');
  });
});
