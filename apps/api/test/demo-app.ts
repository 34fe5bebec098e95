import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { startTestApp, type TestApp } from './test-app';

/** Access tokens of the demo admins, signed in through POST /login. */
export type DemoTokens = { writer: string; superAdmin: string; reader: string };

/**
 * Starts the real app on a fresh database holding the demo population (`users` end users from
 * `seed`), with a writer, the super admin and a reader signed in: the setup of a test file
 * that exercises the screens' calls with each role.
 */
export async function startDemoApp(population: {
  users: number;
  seed: number;
}): Promise<{ t: TestApp; tokens: DemoTokens }> {
  const t = await startTestApp();
  await seedDemoPopulation(t.database.db, population);
  const writer = await t.login('writer@example.com');
  const superAdmin = await t.login('super@example.com');
  const reader = await t.login('reader@example.com');
  return { t, tokens: { writer, superAdmin, reader } };
}
