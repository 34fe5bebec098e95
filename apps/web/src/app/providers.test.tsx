import { TablePagination } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { AppProviders, createQueryClient } from './providers';

// A pagination left to MUI's own texts: they follow the admin's language like ours do.
function Pagination() {
  return (
    <TablePagination
      component="div"
      count={118}
      page={0}
      rowsPerPage={20}
      rowsPerPageOptions={[20, 50]}
      onPageChange={() => undefined}
    />
  );
}

describe('AppProviders', () => {
  afterEach(() => localStorage.clear());

  it("gives MUI's own texts in the admin's language, and switches with it", async () => {
    await act(() => setLocale('ja'));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Pagination />
      </AppProviders>,
    );
    expect(screen.getByText('ページあたりの行数:')).toBeTruthy();
    expect(screen.getByText('1～20 / 118')).toBeTruthy();
    expect(screen.getByRole('button', { name: '次のページへ' })).toBeTruthy();

    await act(() => setLocale('en'));
    expect(screen.getByText('Rows per page:')).toBeTruthy();
    expect(screen.getByText('1–20 of 118')).toBeTruthy();
    expect(screen.queryByText('ページあたりの行数:')).toBeNull();
  });
});
