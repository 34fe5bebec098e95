/**
 * Up to this many matches, a filtered page reads the matches through the filter's own index
 * (fenced by OFFSET 0) and sorts them, instead of walking the sort's index. The users list,
 * the withdrawals and the referral lists share it. 60,000 since the 5M matrix: a few tens of
 * thousands of matches at one end of the sort's index (a purchase of at least 20,000 USD by
 * card status, the newest 50,000 users by a total) took 1-5 s to walk to and 0.1-0.3 s to read
 * and sort (docs/decisions/indexes.md).
 */
export const FENCE_MAX_MATCHES = 60_000;

/**
 * Whether reading every match (and sorting it) costs less than walking the sort's index to the
 * page's end, where the filter's column is not in that index: `matches` spread over the
 * `total()` rows the walk passes put the page's end about `pageEnd × total / matches` entries
 * into it, so reading wins when matches² ≤ pageEnd × total, and never past FENCE_MAX_MATCHES
 * (`total` is asked only then). The withdrawal and support lists choose by it.
 */
export async function readingBeatsWalk(
  matches: number,
  pageEnd: number,
  total: () => Promise<number>,
): Promise<boolean> {
  if (matches > FENCE_MAX_MATCHES) return false;
  return matches * matches <= pageEnd * (await total());
}
