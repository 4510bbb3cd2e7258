import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { isLoopback } from './dev-outbox.routes';
import { listOutbox, type OutboxRow } from './outbox.repository';

const CHANNEL_LABELS: Record<string, string> = { email: 'E-mail', sms: 'SMS' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A message's body with its one-time codes (six digits) in bold: what a demo sign-up looks for. */
function bodyHtml(body: string): string {
  return escapeHtml(body).replace(/\b(\d{6})\b/g, '<strong class="code">$1</strong>');
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1b1e}h1{font-size:1.4rem}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}
td.body{white-space:pre-wrap;max-width:40rem}.code{font-size:1.2rem;background:#fff3bf;padding:0 .2rem}
form{margin:1rem 0}input{padding:.3rem;min-width:18rem}.muted{color:#666;font-size:.9rem}`;

/** The page: newest first, filtered by destination, refreshed every 5 seconds. */
export function renderOutboxPage(rows: OutboxRow[], destination: string | undefined): string {
  const lines = rows
    .map(
      (r) => `<tr><td>${escapeHtml(r.created_at.toLocaleString('fr-FR', { timeZone: 'Africa/Douala' }))}</td>
<td>${escapeHtml(CHANNEL_LABELS[r.channel] ?? r.channel)}</td><td>${escapeHtml(r.destination)}</td>
<td>${escapeHtml(r.subject ?? '')}</td><td class="body">${bodyHtml(r.body)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Messages envoyés (développement)</title><style>${STYLE}</style></head><body>
<h1>Messages envoyés (développement)</h1>
<p class="muted">Les e-mails et SMS que l’application aurait envoyés (codes de validation, de réinitialisation…), du plus récent au plus ancien.
Cette page n’existe pas en production (<code>NODE_ENV=production</code>) et ne répond qu’à cette machine. Elle se recharge toutes les 5 secondes.</p>
<form method="get"><label>Destinataire : <input name="destination" value="${escapeHtml(destination ?? '')}" placeholder="adresse e-mail ou numéro"></label>
<button type="submit">Filtrer</button></form>
${rows.length ? `<table><thead><tr><th>Date</th><th>Canal</th><th>Destinataire</th><th>Objet</th><th>Message</th></tr></thead><tbody>${lines}</tbody></table>` : '<p>Aucun message pour le moment.</p>'}
</body></html>`;
}

/**
 * GET /dev/outbox: the readable page of the development outbox (the JSON stays at
 * GET /api/v2/dev/outbox for tests). Registered only outside production, and answered
 * only to callers on this machine, like the JSON route.
 */
export async function devOutboxPage(app: FastifyInstance) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isLoopback(request.ip)) throw notFound();
    const raw = (request.query as { destination?: unknown }).destination;
    const destination = typeof raw === 'string' && raw.trim() && raw.length <= 190 ? raw.trim() : undefined;
    const rows = await listOutbox(app.db, { destination, limit: 50 });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .send(renderOutboxPage(rows, destination));
  });
}
