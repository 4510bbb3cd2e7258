import type { SurveyTargetKind } from '@app/contracts/surveys';
import type { PublicTargetView, TargetLink } from '@app/contracts/targets';
import { api } from '../../../lib/api-client';
import { downloadApiFile } from '../../surveys/api/download';

export function fetchTargetLink(kind: SurveyTargetKind, id: number): Promise<TargetLink> {
  return api.get<TargetLink>(`targets/${kind}/${id}/link`);
}

/** Downloads the QR code of a target; resolves the saved file name. */
export function downloadTargetQr(link: TargetLink, format: 'png' | 'svg'): Promise<string> {
  return downloadApiFile(link.qrcode[format], { query: { download: '1', size: '1024' }, fallbackName: `qr-${link.kind}-${link.code}.${format}` });
}

/** Downloads the printable PDF sheet of targets: those of a site, or the given ids. */
export function downloadTargetSheet(kind: SurveyTargetKind, selection: { siteId?: number; ids?: number[] }): Promise<string> {
  const query: Record<string, string> = {};
  if (selection.siteId) query.site_id = String(selection.siteId);
  if (selection.ids?.length) query.ids = selection.ids.join(',');
  return downloadApiFile(`targets/${kind}/qrcodes.pdf`, { query, fallbackName: `qr-codes-${kind}.pdf` });
}

/** What the public page of a target shows (GET public/getobject/{type}/{code}[/{id}]). */
export interface TargetLanding {
  type: 'target';
  target: PublicTargetView;
  company: { id: number; name: string; code: string; logo: string | null };
  surveys: Array<{ id: number; code: string; title: string; description: string | null }>;
}

export function fetchTargetLanding(type: string, code: string, id?: string): Promise<TargetLanding> {
  const tail = id ? `/${encodeURIComponent(id)}` : '';
  return api.get<TargetLanding>(`public/getobject/${encodeURIComponent(type)}/${encodeURIComponent(code)}${tail}`);
}

/** What a company code shows (GET public/getobject/co/{code}). */
export interface CompanyLanding {
  type: 'company';
  company: { id: number; name: string; code: string; logo: string | null };
  surveys: Array<{ id: number; code: string; title: string; description: string | null }>;
  targets: Array<PublicTargetView & { path: string }>;
}

export function fetchCompanyLanding(code: string): Promise<CompanyLanding> {
  return api.get<CompanyLanding>(`public/getobject/co/${encodeURIComponent(code)}`);
}
