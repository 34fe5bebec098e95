import { waitFor } from '@testing-library/react';

/** The amount whose exact value (hover, focus, copy) is `exact`, or null. */
export function queryAmount(exact: string, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-exact="${exact}"]`);
}

/** Waits for the amount whose exact value is `exact`. */
export async function findAmount(exact: string, root: ParentNode = document): Promise<HTMLElement> {
  return waitFor(() => {
    const element = queryAmount(exact, root);
    if (!element) throw new Error(`No amount with the exact value ${exact}`);
    return element;
  });
}
