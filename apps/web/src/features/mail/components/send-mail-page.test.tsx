import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { SendMailPage } from './send-mail-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

type Body = { query: string; variables: Record<string, unknown> };

const USERS = [
  { id: 11, userName: 'alice', email: 'alice@example.com' },
  { id: 12, userName: 'albert', email: 'bert@example.com' },
  { id: 13, userName: 'bob', email: 'bob@example.com' },
  // Found by the search, but gone by the time the preview asks (deleted meanwhile).
  { id: 14, userName: 'carol', email: 'carol@example.com' },
];
const asListed = (u: (typeof USERS)[number]) => ({
  id: u.id,
  userName: u.userName,
  aubeUserInfo: { email: u.email },
});

const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Body);

/** What mailDelivery answers (the banner): configured, nothing waiting, unless a test says. */
let delivery = { smtpConfigured: true, queued: 0 };

function serve() {
  fetchMock.mockImplementation(async (_url, init) => {
    const { query, variables } = JSON.parse(String(init?.body)) as Body;
    let answer: unknown;
    if (query.includes('adminUser {')) {
      answer = { data: { adminUser: adminWithRoles('write') } };
    } else if (query.includes('notifications(')) {
      answer = {
        data: {
          notifications: {
            list: [
              {
                id: 7,
                title: 'Maintenance',
                content: 'x',
                language: 'en',
                isPublic: true,
                notifiedAt: '2026-11-01T00:00:00.000Z',
              },
            ],
            pagination: { totalRecords: 1 },
          },
        },
      };
    } else if (query.includes('byName: users(')) {
      const text = String(variables.text).toLowerCase();
      answer = {
        data: {
          byName: { list: USERS.filter((u) => u.userName.startsWith(text)).map(asListed) },
          byEmail: { list: USERS.filter((u) => u.email.startsWith(text)).map(asListed) },
        },
      };
    } else if (query.includes('mailPreview(')) {
      const ids = (variables.userIds as number[] | null) ?? [];
      const preview = (recipientCount: number, namedUsers: unknown[]) => ({
        data: {
          mailPreview: {
            subject: 'Maintenance',
            body: 'x',
            language: 'en',
            recipientCount,
            namedUsers,
          },
          mailDelivery: { ...delivery },
        },
      });
      if (variables.audience === 'locale') answer = preview(698, []);
      else if (ids.includes(14)) {
        answer = {
          errors: [
            {
              message: 'No user has these ids: 14. Nothing was sent.',
              extensions: { code: 'BAD_USER_INPUT', reason: 'MAIL_UNKNOWN_USERS', userIds: [14] },
            },
          ],
        };
      } else {
        const named = ids.map((id) => USERS.find((u) => u.id === id)!);
        answer = preview(named.length, named);
      }
    } else if (query.includes('mailSends(')) {
      // The earlier sends of the chosen notification, newest first.
      answer = {
        data: {
          mailSends: {
            list: [
              {
                id: '4',
                notificationId: 7,
                subject: 'Maintenance',
                audience: 'test',
                language: 'en',
                recipientCount: 1,
                createdAt: '2026-10-31T00:00:00.000Z',
                createdBy: 'writer01',
                counts: { queued: 0, sending: 0, sent: 1, failed: 0 },
              },
            ],
            pagination: { totalRecords: 1 },
          },
        },
      };
    } else if (query.includes('postSendMail(')) {
      answer = {
        data: {
          postSendMail: {
            message: 'Mail queued.',
            mailSendId: '5',
            recipientCount: (variables.userIds as number[]).length,
          },
        },
      };
    } else {
      answer = {
        data: {
          mailSend: {
            id: '5',
            audience: 'users',
            subject: 'Maintenance',
            recipientCount: 2,
            createdAt: '2026-11-01T00:00:00.000Z',
            counts: { queued: 0, sending: 0, sent: 2, failed: 0 },
          },
          mailRecipients: { list: [], pagination: { totalRecords: 0 } },
        },
      };
    }
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

function renderPage() {
  return renderRoutes(
    [{ path: '/common/send_mail', element: <SendMailPage /> }],
    '/common/send_mail?notificationId=7',
  );
}

/** Types into the recipient picker and picks the suggestion naming `userName`. */
async function pick(user: ReturnType<typeof userEvent.setup>, text: string, userName: string) {
  const input = screen.getByRole('combobox', { name: 'Recipients' });
  await user.clear(input);
  await user.type(input, text);
  const option = await screen.findByRole('option', { name: new RegExp(`^${userName}`) });
  await user.click(option);
}

describe('send mail: choosing recipients', () => {
  it('finds users by name or email, shows them as chips, and sends to exactly those ids', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('recipient-count')).toHaveTextContent('Recipients: 698'),
    );
    expect(screen.getByTestId('recipients-who')).toHaveTextContent(
      'Every user whose language is English gets the mail.',
    );
    await user.click(screen.getByLabelText('Chosen users'));
    // No field to type ids into: users are found by name or email.
    expect(screen.queryByLabelText(/ids/i)).toBeNull();

    // "al" matches two names; "bob@" an email.
    await user.type(screen.getByRole('combobox', { name: 'Recipients' }), 'al');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'alicealice@example.com · #11',
      'albertbert@example.com · #12',
    ]);
    await user.click(options[0]!);
    await pick(user, 'bob@', 'bob');
    expect(screen.getByRole('button', { name: 'alice <alice@example.com>' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'bob <bob@example.com>' })).toBeInTheDocument();

    // The screen says exactly who will get it, as the server resolved the ids.
    await waitFor(() =>
      expect(screen.getByTestId('recipient-count')).toHaveTextContent('Recipients: 2'),
    );
    const who = screen.getByTestId('recipients-who');
    expect(who).toHaveTextContent('Only these users get the mail:');
    expect(
      within(who)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['alice <alice@example.com> · #11', 'bob <bob@example.com> · #13']);
    expect(
      bodies()
        .filter((b) => b.query.includes('mailPreview('))
        .at(-1)!.variables,
    ).toEqual({
      notificationId: 7,
      audience: 'users',
      userIds: [11, 13],
    });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Recipients: 2');
    expect(dialog).toHaveTextContent('alice <alice@example.com> · #11');
    expect(dialog).toHaveTextContent('bob <bob@example.com> · #13');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bodies().filter((b) => b.query.includes('postSendMail('))).toHaveLength(1),
    );
    expect(bodies().find((b) => b.query.includes('postSendMail('))!.variables).toEqual({
      notificationId: 7,
      audience: 'users',
      userIds: [11, 13],
    });
    // Earlier sends are listed with their counts, for the chosen notification.
    const history = await screen.findByRole('table', { name: 'Send history' });
    expect(within(history).getByText('Test')).toBeInTheDocument();
    expect(within(history).getByText('writer01')).toBeInTheDocument();
    expect(
      bodies()
        .filter((b) => b.query.includes('mailSends('))
        .at(-1)!.variables,
    ).toMatchObject({ notificationId: 7 });
  }, 60_000);

  it('shows the ids the server could not find, in the chosen language, and cannot send', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    // The form is read-only until the admin's role is known (issue 35).
    await waitFor(() => expect(screen.getByLabelText('Chosen users')).toBeEnabled());
    await user.click(screen.getByLabelText('Chosen users'));
    await pick(user, 'car', 'carol');
    expect(
      await screen.findByText('No user has these ids: 14. Nothing was sent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await i18n.changeLanguage('ja');
    expect(
      await screen.findByText('次のIDのユーザーは存在しません: 14。送信していません。'),
    ).toBeInTheDocument();
  });
});

describe('send mail: the banner without a mail server', () => {
  it('counts the messages waiting again after a send (issue 35: it said 0 while 2 were queued)', async () => {
    delivery = { smtpConfigured: false, queued: 0 };
    serve();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      // The send queues its two messages: from then on the server counts them.
      if (String(init?.body).includes('postSendMail(')) delivery = { ...delivery, queued: 2 };
      return inner(url, init);
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/messages stay queued \(0 waiting\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Chosen users')).toBeEnabled());
    await user.click(screen.getByLabelText('Chosen users'));
    await pick(user, 'al', 'alice');
    await pick(user, 'bob@', 'bob');
    await waitFor(() =>
      expect(screen.getByTestId('recipient-count')).toHaveTextContent('Recipients: 2'),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByText(/messages stay queued \(2 waiting\)/)).toBeInTheDocument();
    delivery = { smtpConfigured: true, queued: 0 };
  }, 60_000);
});

describe('send mail: the history before a notification is chosen', () => {
  it('is every send, and says nothing was sent (not "this notification") while there is none', async () => {
    serve();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      String(init?.body).includes('mailSends(')
        ? new Response(
            JSON.stringify({ data: { mailSends: { list: [], pagination: { totalRecords: 0 } } } }),
            { headers: { 'content-type': 'application/json' } },
          )
        : inner(url, init),
    );
    renderRoutes([{ path: '/common/send_mail', element: <SendMailPage /> }], '/common/send_mail');
    const history = await screen.findByRole('table', { name: 'Send history' });
    expect(await within(history).findByText('Nothing has been sent yet.')).toBeInTheDocument();
    expect(within(history).queryByText('This notification has not been sent yet.')).toBeNull();
    expect(
      bodies()
        .filter((b) => b.query.includes('mailSends('))
        .at(-1)!.variables,
    ).toMatchObject({ notificationId: null });
  }, 60_000);
});
