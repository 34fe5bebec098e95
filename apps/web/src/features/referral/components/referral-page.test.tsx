import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderAt, renderRoutes } from '@/test/render';
import { ReferralPage } from './referral-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const node = (id: number, userName: string, childrenCount: number) => ({
  id,
  userName,
  registeredAt: '2026-01-01T00:00:00.000Z',
  childrenCount,
  descendantsCount: childrenCount * 2,
});

// Children per user id: 1 → 2, 3; 2 → 4; nobody else has any.
const CHILDREN: Record<number, ReturnType<typeof node>[]> = {
  1: [node(2, 'bob', 1), node(3, 'carol', 0)],
  2: [node(4, 'dave', 0)],
};
const BY_NAME: Record<string, number> = { alice: 1 };

type Body = { query: string; variables: Record<string, unknown> };

function serve() {
  fetchMock.mockImplementation(async (_url, init) => {
    const { query, variables } = JSON.parse(String(init?.body)) as Body;
    let data: unknown;
    if (query.includes('referralTree')) {
      const id = (variables.userId as number | undefined) ?? BY_NAME[variables.userName as string]!;
      const children = CHILDREN[id] ?? [];
      data = {
        referralTree: {
          parent: null,
          user: node(id, id === 1 ? 'alice' : `u${id}`, children.length),
          children,
          totalChildren: children.length,
          childrenLimit: 50,
          childrenOffset: 0,
        },
      };
    } else {
      data = {
        userReferralRelationship: {
          user: {
            id: 1,
            avatarUrl: null,
            userName: 'alice',
            registeredAt: '2026-01-01T00:00:00.000Z',
            totalRemittedHec: null,
          },
          parentUser: null,
          childrenUsers: [],
          totalChildren: 2,
          numberOfDescendants: 3,
          referralRewards: '12.500000000000000000',
          bonusRewards: '0',
        },
      };
    }
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

const treeCalls = () =>
  fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String(init?.body)) as Body)
    .filter((b) => b.query.includes('referralTree'))
    .map((b) => b.variables);

describe('ReferralPage', () => {
  it('shows the user with numbered children and loads a level only when it is expanded', async () => {
    serve();
    renderRoutes(
      [{ path: '/common/referral', element: <ReferralPage /> }],
      '/common/referral?user=alice',
    );
    const bob = await screen.findByTestId('referral-node-bob');
    expect(within(bob).getByText('Child 1')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('referral-node-carol')).getByText('Child 2'),
    ).toBeInTheDocument();
    // Counts take the plural form of their number.
    expect(within(bob).getByText('1 child · 2 descendants')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('referral-node-carol')).getByText('0 children · 0 descendants'),
    ).toBeInTheDocument();
    expect(await screen.findByText('12.5 HEC')).toBeInTheDocument();
    // Nothing below the first level has been asked for.
    expect(treeCalls().some((v) => v.userId === 2)).toBe(false);
    expect(screen.queryByTestId('referral-node-dave')).not.toBeInTheDocument();
    // carol has no children: no expand button.
    expect(
      screen.queryByRole('button', { name: 'Show the children of carol' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show the children of bob' }));
    expect(await screen.findByTestId('referral-node-dave')).toBeInTheDocument();
    expect(treeCalls().filter((v) => v.userId === 2)).toEqual([
      { userId: 2, childrenLimit: 10, childrenOffset: 0 },
    ]);
    expect(screen.getByRole('button', { name: 'Hide the children of bob' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('asks for a user first', () => {
    serve();
    renderAt(<ReferralPage />, '/common/referral');
    expect(screen.getByText(/Select a user to see/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
