/** A JSON answer as the API sends it, for tests that stub `fetch`. */
export function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}
