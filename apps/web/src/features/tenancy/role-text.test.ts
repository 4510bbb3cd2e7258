import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadLanguage } from '../../i18n/i18n';
import { roleDescription, roleName } from './company-i18n';

beforeAll(async () => {
  await initI18n();
  await loadLanguage('zh-CN');
  await loadLanguage('en');
});
afterAll(async () => {
  await changeLanguage('fr');
});

const platformPartner = { company_id: null, slug: 'partner', name: 'Partenaire', description: "Partenaire d'une entreprise : sites, transactions, pôles et enquêtes en lecture." };
const companyRole = { company_id: 4, slug: 'chef-d-equipe', name: "Chef d'équipe", description: 'Anime son équipe.' };

describe('role names and descriptions', () => {
  it('shows the platform’s roles in the reader’s language', async () => {
    await changeLanguage('en');
    expect(roleName(i18n.t, platformPartner)).toBe('Partner');
    expect(roleDescription(i18n.t, platformPartner)).toBe('Partner of a company: sites, transactions, poles and surveys, read only.');
    await changeLanguage('zh-CN');
    expect(roleDescription(i18n.t, platformPartner)).toBe('企业合作伙伴：只读查看站点、交易、中心和调查。');
  });

  it('shows a company’s own roles as written, and the stored text for a platform role the texts lack', async () => {
    await changeLanguage('en');
    expect(roleDescription(i18n.t, companyRole)).toBe('Anime son équipe.');
    expect(roleDescription(i18n.t, { company_id: null, slug: 'auditor', description: 'Audite.' })).toBe('Audite.');
    expect(roleDescription(i18n.t, { company_id: 4, slug: 'x', description: null })).toBeNull();
  });

  it('shows the roles a company starts with in the reader’s language until the company renames them', async () => {
    await changeLanguage('en');
    const owner = { company_id: 4, slug: 'owner', name: 'Propriétaire', description: "Responsable de l'entreprise : toutes les permissions." };
    expect(roleName(i18n.t, owner)).toBe('Owner');
    expect(roleDescription(i18n.t, owner)).toBe('Head of the company: every permission.');
    await changeLanguage('zh-CN');
    expect(roleName(i18n.t, { company_id: 4, slug: 'agent', name: 'Agent' })).toBe('员工');
    await changeLanguage('en');
    expect(roleName(i18n.t, { ...owner, name: 'Gérant' })).toBe('Gérant');
    expect(roleDescription(i18n.t, { ...owner, description: 'Dirige la boutique.' })).toBe('Dirige la boutique.');
  });

  it('names a held role from its summary (no company given): a started or platform role translated, a company’s own as written', async () => {
    await changeLanguage('en');
    expect(roleName(i18n.t, { slug: 'owner', name: 'Propriétaire' })).toBe('Owner');
    expect(roleName(i18n.t, { slug: 'partner', name: 'Partenaire' })).toBe('Partner');
    expect(roleName(i18n.t, { slug: 'chef-d-equipe', name: "Chef d'équipe" })).toBe("Chef d'équipe");
  });
});
