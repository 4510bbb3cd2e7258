import type { ResourceQueryDef } from '../../../http/query/resource-def';

/**
 * Uploaded files of the company. The disk path and upload key stay internal, and so does
 * who uploaded a file (`owner_user_id`): answer files are sent before the participation
 * that names them, so no later rule could hide the respondent of an anonymous survey
 * (DOMAIN.md "Anonymous surveys"). Read-back by the uploader checks it on the server.
 */
export const mediaQueryDef: ResourceQueryDef = {
  name: 'medias',
  table: 'medias',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    kind: { column: 'kind', type: 'text' },
    mime: { column: 'mime', type: 'text' },
    size: { column: 'size', type: 'integer' },
    checksum: { column: 'checksum', type: 'text' },
    original_name: { column: 'original_name', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['original_name'],
  defaultSort: [{ key: 'id', direction: 'desc' }],
};
