import { createReportBody, updateReportBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { reportsService } from './reports.service';

/** Reports (evaluations under a monitor): the regular routes. */
export async function reportsRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { service: reportsService, createBody: createReportBody, updateBody: updateReportBody, label: 'rapports' });
}
