import { WEB_ROUTES } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { fileResponse } from '../../../http/file-responses';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';
import { invoiceLines, invoices as invoicesTable } from '../../../db/schema';
import { invoiceQueryDef } from './invoices.query';
import { parseId } from '../../../http/resource-routes';
import { publicBaseUrl } from '../../collection/qrcodes/qrcodes.routes';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { attachmentHeader } from '../../collection/exports/export-filename';
import { findInvoiceByCode } from './invoices.repository';
import { createInvoiceBody, updateInvoiceBody } from './invoices.schemas';
import * as invoices from './invoices.service';
import { idParams } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { commerceText } from '../commerce.texts';

const codeParams = z.object({ code: z.string().max(40) });

/** The issuer `withIssuers` adds to each invoice. */
const issuer = z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable();
/** An invoice of a list (the list engine's row) with its issuer. */
const listedInvoice = resourceRowSchema(invoiceQueryDef, { company: issuer });
/** invoices.service `showInvoice`: the whole row, its lines and its issuer. */
const shownInvoice = tableRowSchema(invoicesTable).extend({ lines: z.array(tableRowSchema(invoiceLines)), company: issuer });
/** GET invoices/{id}: shown as above, or with a query object (includes) as the list engine gives it. */
const invoiceDetail = z.union([shownInvoice, listedInvoice]);

/** The public check address printed (and QR-coded) on the invoice. */
export function invoiceCheckUrl(config: Pick<Config, 'PUBLIC_BASE_URL'>, request: FastifyRequest, code: string): string {
  return `${publicBaseUrl(config, request)}${WEB_ROUTES.checkInvoice.replace(':code', encodeURIComponent(code))}`;
}

/** Invoices (API.md "Commerce"): regular pattern plus close, pay, issue, download, latest, public check. */
export async function invoicesRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  const id = (request: { params: { id: string | number } }) => parseId(request.params.id);

  app.get('/invoices', { schema: { tags, summary: 'Liste des factures', response: { 200: okListSchema(listedInvoice) } } }, async (request) => {
    const { rows, meta } = await invoices.listInvoices(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/invoices/mine', { schema: { tags, summary: 'Mes factures (adressées à moi, quelle que soit l’entreprise active)', response: { 200: okListSchema(listedInvoice) } } }, async (request) => {
    const { rows, meta } = await invoices.listMyInvoices(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/invoices/:id', { schema: { tags, summary: 'Détail d’une facture', params: idParams, response: { 200: okSchema(invoiceDetail) } } }, async (request) =>
    ok(await invoices.getInvoice(contextOf(request), id(request), request.query)),
  );
  app.post('/invoices', { schema: { tags, summary: 'Créer une facture', body: createInvoiceBody, response: { 201: okSchema(shownInvoice) } } }, async (request, reply) =>
    reply.status(201).send(ok(await invoices.createInvoice(contextOf(request), request.body))),
  );
  app.post('/invoices/:id', { schema: { tags, summary: 'Modifier un brouillon', params: idParams, body: updateInvoiceBody, response: { 200: okSchema(shownInvoice) } } }, async (request) =>
    ok(await invoices.updateInvoice(contextOf(request), id(request), request.body)),
  );
  app.post('/invoices/:id/issue', { schema: { tags, summary: 'Émettre (brouillon → à payer)', params: idParams, response: { 200: okSchema(shownInvoice) } } }, async (request) =>
    ok(await invoices.issueInvoice(contextOf(request), id(request))),
  );
  app.post('/invoices/:id/close', { schema: { tags, summary: 'Clôturer ou annuler', params: idParams, response: { 200: okSchema(shownInvoice) } } }, async (request) =>
    ok(await invoices.closeInvoice(contextOf(request), id(request))),
  );
  app.post('/invoices/:id/pay', { schema: { tags, summary: 'Marquer payée (paiement hors plateforme)', params: idParams, response: { 200: okSchema(shownInvoice) } } }, async (request) =>
    ok(await invoices.markInvoicePaid(contextOf(request), id(request))),
  );
  const download = async (request: FastifyRequest<{ Params: { id: string } }>, reply: import('fastify').FastifyReply) => {
    const invoice = await invoices.invoiceForDownload(contextOf(request), id(request));
    const pdf = await renderInvoicePdf(request.server.db, invoice, invoiceCheckUrl(options.config, request, invoice.code), request.headers['accept-language']);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(invoiceFileName(invoice, request.headers['accept-language'])))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };
  app.post('/invoices/:id/download', { schema: { tags, summary: 'PDF de la facture', params: idParams, response: { 200: fileResponse('application/pdf', 'La facture (PDF)') } } }, download);
  app.get('/invoices/:id/download', { schema: { tags, summary: 'PDF de la facture', params: idParams, response: { 200: fileResponse('application/pdf', 'La facture (PDF)') } } }, download);
  app.get(
    '/invoices/companies/:id/latest',
    { schema: { tags, summary: 'Dernière facture d’une entreprise', params: idParams, response: { 200: okSchema(shownInvoice.nullable()) } } },
    async (request) => ok(await invoices.latestInvoice(contextOf(request), id(request))),
  );
  // Public: anyone holding the invoice checks it is genuine; only the status is told.
  app.get(
    '/invoices/check/:code',
    { schema: { tags, summary: 'Vérifier une facture par son code (public)', params: codeParams, response: { 200: okSchema(z.object({ code: z.string(), genuine: z.literal(true), status: z.string() })) } }, config: { ...publicRateLimit(options.config), ...PUBLIC_ROUTE } },
    async (request) => {
      const invoice = await findInvoiceByCode(request.server.db, request.params.code.toUpperCase());
      if (!invoice || invoice.status === 'draft') throw notFound(commerceText(contextOf(request).locale, 'invoiceUnknown'), 'invoice_unknown');
      return ok({ code: invoice.code, genuine: true, status: invoice.status });
    },
  );
}
