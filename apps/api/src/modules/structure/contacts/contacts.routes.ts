import { createContactSchema, updateContactSchema } from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { contactsService } from './contacts.service';

export async function contactsRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { service: contactsService, createBody: createContactSchema, updateBody: updateContactSchema, label: 'contacts' });
}
