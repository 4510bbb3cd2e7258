import { AuditPage } from '../../features/administration/audit/AuditPage';

export { CompaniesByOwnerPage } from '../../features/administration/companies/CompaniesByOwnerPage';
export { CompaniesPage } from '../../features/administration/companies/CompaniesPage';
export { CompanyPage } from '../../features/administration/companies/CompanyPage';
export { loadAdminI18n } from '../../features/administration/admin-i18n';

/** /{sid}/mnt/audit: every company's audit trail. */
export const PlatformAuditPage = () => <AuditPage scope="platform" />;
/** /{sid}/business/{action}/audit: the active company's own entries (its owner). */
export const CompanyAuditPage = () => <AuditPage scope="company" />;
