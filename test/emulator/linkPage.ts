// The link page a created connection's `linkUrl` opens: the emulator stands in for the platform's
// sign-in, so a demo or a test can walk a connection from PendingAuth to Linked. No API key: the
// company's user opens it in a browser. Every request to it is answered with a small HTML page:
//   GET  /link/companies/{companyId}/connections/{connectionId}/start      Authorize and Deny forms
//   POST …/authorize   token=…   Linked, the first sync of every type queued
//   POST …/deny        token=…   stays PendingAuth, the page says access was denied
// Each form carries the connection's random token (never the API key): another web page cannot
// read it across origins, so it cannot post the forms. Every server text is HTML-escaped, and the
// page's CSP allows no script, no other origin, only its one inline style and forms to itself.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { findConnection, linkConnection, linkPath } from './connectionLifecycle';
import { ApiResponse } from './errors';
import { type Written, mediaType } from './http';
import { readPath } from './percentEncoding';
import type { EmulatorState } from './state';
import type { DataConnection } from './wire';
import { connectionEvent } from './webhooks/hub';

export const LINK_PREFIX = '/link/';

export interface LinkRequest {
  method: string;
  path: string;
  body: Buffer;
  contentType: string | undefined;
}

const STYLE =
  'body{font:16px system-ui,sans-serif;margin:3em auto;max-width:34em;padding:0 1em;color:#222}' +
  'form{display:inline-block;margin-right:1em}button{font:inherit;padding:.4em 1.4em}';
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

// One token per connection object: it goes with the connection (deleted, or the world reset).
const tokens = new WeakMap<DataConnection, string>();

function tokenOf(connection: DataConnection): string {
  let token = tokens.get(connection);
  if (token === undefined) {
    token = randomBytes(24).toString('hex');
    tokens.set(connection, token);
  }
  return token;
}

function sameToken(sent: string | null, token: string): boolean {
  if (sent === null) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(token, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A page: its title (escaped here) and body (HTML whose texts the caller escaped). */
function page(status: number, title: string, body: string, headers: Record<string, string> = {}): Written {
  const html =
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>\n` +
    `<body><main><h1>${escapeHtml(title)}</h1>\n${body}\n</main></body></html>\n`;
  return {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
    body: Buffer.from(html, 'utf8'),
  };
}

const text = (...lines: string[]): string => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');

function form(action: string, companyId: string, connection: DataConnection, label: string): string {
  const to = escapeHtml(linkPath(companyId, connection.id, action));
  return (
    `<form id="${action}" method="post" action="${to}">` +
    `<input type="hidden" name="token" value="${escapeHtml(tokenOf(connection))}">` +
    `<button type="submit">${escapeHtml(label)}</button></form>`
  );
}

/** A connection no longer pending: its link does nothing more. */
function alreadyPage(connection: DataConnection): Written {
  const { platformName, status } = connection;
  return page(200, `Already ${status}`, text(`This ${platformName} connection is already ${status}.`));
}

function startPage(companyName: string, companyId: string, connection: DataConnection): Written {
  const platform = connection.platformName;
  if (connection.status !== 'PendingAuth') return alreadyPage(connection);
  return page(
    200,
    `Link ${platform}`,
    text(
      `${companyName} asks for access to its ${platform} data.`,
      `This page is the Data Platform emulator standing in for ${platform}'s sign-in.`,
    ) +
      '\n' +
      form('authorize', companyId, connection, 'Authorize') +
      form('deny', companyId, connection, 'Deny'),
  );
}

/** The answer to a form: the token checked first, then the connection's status. */
function answerForm(state: EmulatorState, req: LinkRequest, found: Found, action: string): Written {
  const { entry, connection } = found;
  if (mediaType(req.contentType) !== 'application/x-www-form-urlencoded')
    return page(415, 'Not a form', text('The link page takes its own forms only.'));
  const sent = new URLSearchParams(req.body.toString('utf8')).get('token');
  if (!sameToken(sent, tokenOf(connection)))
    return page(403, 'Forbidden', text('This form was not sent from this connection’s link page.'));
  const platform = connection.platformName;
  if (connection.status !== 'PendingAuth') return alreadyPage(connection);
  if (action === 'deny') {
    connectionEvent(state, entry, connection, 'failed');
    return page(200, 'Access denied', text(`Access to ${platform} was denied; the connection is still pending.`));
  }
  linkConnection(state, entry, connection);
  return page(200, 'Linked — you can close this window', text(`${entry.company.name} is linked to ${platform}.`));
}

interface Found {
  entry: NonNullable<ReturnType<EmulatorState['find']>>;
  connection: DataConnection;
}

const notFound = (): Written => page(404, 'Not found', text('There is no such link.'));

/** `/link/companies/{companyId}/connections/{connectionId}/{start|authorize|deny}`. */
export function linkAnswer(req: LinkRequest, state: EmulatorState): Written {
  const segments = readPath(req.path);
  if (!Array.isArray(segments) || segments.length !== 6) return notFound();
  const [, companies, companyId, connections, connectionId, action] = segments;
  if (companies !== 'companies' || connections !== 'connections') return notFound();
  const entry = state.find(companyId);
  const connection = entry ? findConnection(entry, connectionId) : undefined;
  if (!entry || connection === undefined || connection instanceof ApiResponse) return notFound();
  const allowed = action === 'start' ? 'GET' : action === 'authorize' || action === 'deny' ? 'POST' : undefined;
  if (allowed === undefined) return notFound();
  if (req.method !== allowed) return page(405, 'Method not allowed', text(`Use ${allowed} here.`), { Allow: allowed });
  if (action === 'start') return startPage(entry.company.name, entry.company.id, connection);
  return answerForm(state, req, { entry, connection }, action);
}
