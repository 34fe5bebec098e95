import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLocale, storedLocale } from '@/i18n';
import { LanguageSwitch } from './language-switch';

// Role queries over the whole shell are slow in jsdom, more so on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

function Title() {
  const { t } = useTranslation();
  return <h1>{t('nav.dashboard')}</h1>;
}

beforeEach(async () => {
  await i18n.changeLanguage('ja');
});

describe('language switch', () => {
  it('switches to English at once, keeps the choice in localStorage, and back', async () => {
    render(
      <>
        <LanguageSwitch />
        <Title />
      </>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('ダッシュボード');
    await userEvent.click(screen.getByRole('button', { name: '言語: 日本語, JA' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Dashboard');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await userEvent.click(screen.getByRole('button', { name: 'Language: English, EN' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '日本語' }));
    expect(screen.getByRole('heading')).toHaveTextContent('ダッシュボード');
    expect(localStorage.getItem('locale')).toBe('ja');
  });

  it('ignores values other than ja and en', () => {
    act(() => setLocale('fr'));
    expect(i18n.language).toBe('ja');
    expect(localStorage.getItem('locale')).toBeNull();
    localStorage.setItem('locale', 'de');
    expect(storedLocale()).toBe('ja');
    localStorage.setItem('locale', 'en');
    expect(storedLocale()).toBe('en');
  });
});
