/**
 * A launch refused: the status and a sentence a student (or the course's administrator) can act
 * on, shown as a small page since the browser arrived by a form post, not a fetch.
 */
export class LtiRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function refusalPage(refusal: LtiRefusal): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Candor: the launch was refused</title></head><body><main><h1>This link from your course could not open Candor</h1><p>${escape(refusal.message)}</p><p>Code: ${escape(refusal.code)}. Open the activity again from your course; if it keeps happening, tell your course's administrator.</p></main></body></html>`;
}
