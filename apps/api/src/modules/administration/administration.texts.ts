import { type MessageTexts, textsReader } from '../../delivery/message-texts';

/**
 * Refusals of the platform's back-office (companies, audit), and how a company's audit
 * trail names the platform's admins, in the caller's language (`ctx.locale`). French is the source; `administration.texts.unit.test.ts` checks the others.
 */
const fr = {
  adminOnly: "Réservé à l'équipe de la plateforme.",
  auditFromCompany: "Le journal d'audit d'une entreprise se lit depuis cette entreprise.",
  companyNotFound: "Cette entreprise n'existe pas.",
  childNotFound: "Cet élément n'existe pas dans cette entreprise.",
  memberNotInCompany: "Ce membre n'appartient pas à cette entreprise.",
  memberNotActive: "Ce membre n'est pas actif.",
  noOwnerRole: "Cette entreprise n'a pas de rôle propriétaire.",
  alreadyOwner: 'Ce membre est déjà le propriétaire.',
  packageUnavailable: "Cette formule n'existe pas ou n'est plus proposée.",
  featureNotFound: "Cette fonctionnalité n'existe pas.",
  featureNotGranted: "Cette fonctionnalité n'est pas accordée à cette entreprise.",
  platformTeam: 'Équipe de la plateforme',
};
export type AdministrationText = keyof typeof fr;

const en: Record<AdministrationText, string> = {
  adminOnly: 'Reserved for the platform team.',
  auditFromCompany: "A company's audit log is read from within that company.",
  companyNotFound: 'This company does not exist.',
  childNotFound: 'This item does not exist in this company.',
  memberNotInCompany: 'This member does not belong to this company.',
  memberNotActive: 'This member is not active.',
  noOwnerRole: 'This company has no owner role.',
  alreadyOwner: 'This member is already the owner.',
  packageUnavailable: 'This package does not exist or is no longer offered.',
  featureNotFound: 'This feature does not exist.',
  featureNotGranted: 'This feature is not granted to this company.',
  platformTeam: 'Platform team',
};
const de: Record<AdministrationText, string> = {
  adminOnly: 'Dem Team der Plattform vorbehalten.',
  auditFromCompany: 'Das Audit-Protokoll eines Unternehmens wird aus diesem Unternehmen heraus gelesen.',
  companyNotFound: 'Dieses Unternehmen existiert nicht.',
  childNotFound: 'Dieses Element existiert in diesem Unternehmen nicht.',
  memberNotInCompany: 'Dieses Mitglied gehört nicht zu diesem Unternehmen.',
  memberNotActive: 'Dieses Mitglied ist nicht aktiv.',
  noOwnerRole: 'Dieses Unternehmen hat keine Inhaberrolle.',
  alreadyOwner: 'Dieses Mitglied ist bereits der Inhaber.',
  packageUnavailable: 'Dieses Paket existiert nicht oder wird nicht mehr angeboten.',
  featureNotFound: 'Diese Funktion existiert nicht.',
  featureNotGranted: 'Diese Funktion ist diesem Unternehmen nicht gewährt.',
  platformTeam: 'Team der Plattform',
};
const es: Record<AdministrationText, string> = {
  adminOnly: 'Reservado al equipo de la plataforma.',
  auditFromCompany: 'El registro de auditoría de una empresa se consulta desde esa empresa.',
  companyNotFound: 'Esta empresa no existe.',
  childNotFound: 'Este elemento no existe en esta empresa.',
  memberNotInCompany: 'Este miembro no pertenece a esta empresa.',
  memberNotActive: 'Este miembro no está activo.',
  noOwnerRole: 'Esta empresa no tiene rol de propietario.',
  alreadyOwner: 'Este miembro ya es el propietario.',
  packageUnavailable: 'Este plan no existe o ya no se ofrece.',
  featureNotFound: 'Esta funcionalidad no existe.',
  featureNotGranted: 'Esta funcionalidad no está concedida a esta empresa.',
  platformTeam: 'Equipo de la plataforma',
};
const esMX: Record<AdministrationText, string> = {
  ...es,
  featureNotGranted: 'Esta funcionalidad no está otorgada a esta empresa.',
};
const zhCN: Record<AdministrationText, string> = {
  adminOnly: '仅限平台团队。',
  auditFromCompany: '企业的审计日志须在该企业内查看。',
  companyNotFound: '该企业不存在。',
  childNotFound: '该企业中不存在此项。',
  memberNotInCompany: '该成员不属于此企业。',
  memberNotActive: '该成员未激活。',
  noOwnerRole: '该企业没有所有者角色。',
  alreadyOwner: '该成员已是所有者。',
  packageUnavailable: '该套餐不存在或已不再提供。',
  featureNotFound: '该功能不存在。',
  featureNotGranted: '该企业未获授予此功能。',
  platformTeam: '平台团队',
};

export const ADMINISTRATION_TEXTS: MessageTexts<AdministrationText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const administrationText = textsReader(ADMINISTRATION_TEXTS);
