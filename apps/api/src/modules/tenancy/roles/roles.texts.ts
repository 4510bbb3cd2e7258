import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Errors of roles and their permissions, in the caller's language (`ctx.locale`). French
 * is the source; `roles.texts.unit.test.ts` checks the others with `translationProblems`.
 */
const fr = {
  roleNotFound: 'Rôle introuvable.',
  notAssignableToAgent: 'Le rôle « {{name}} » ne peut pas être attribué à un agent.',
  notAssignableToUser: 'Le rôle « {{name}} » ne peut pas être attribué à un compte utilisateur.',
  roleEscalation: "Vous ne pouvez pas attribuer un rôle qui donne des permissions que vous n'avez pas.",
  permissionEscalation: "Vous ne pouvez pas attribuer une permission que vous n'avez pas.",
  globalRole: 'Les rôles globaux sont gérés par les administrateurs de la plateforme.',
  unknownPermission: "Cette permission n'existe pas.",
  protectedDelete: 'Ce rôle est indispensable et ne peut pas être supprimé.',
  protectedDisable: 'Ce rôle est indispensable et ne peut pas être désactivé.',
  roleInUse: "Ce rôle est attribué à {{n}} personne(s) : retirez-le-leur d'abord.",
  ownerRole: 'Un rôle propriétaire a toujours toutes les permissions.',
  permissionNotHeld: "Ce rôle n'a pas cette permission.",
};
export type RolesText = keyof typeof fr;

const en: Record<RolesText, string> = {
  roleNotFound: 'Role not found.',
  notAssignableToAgent: 'The role “{{name}}” cannot be given to an agent.',
  notAssignableToUser: 'The role “{{name}}” cannot be given to a user account.',
  roleEscalation: 'You cannot give a role that grants permissions you do not have.',
  permissionEscalation: 'You cannot grant a permission you do not have.',
  globalRole: 'Global roles are managed by the platform administrators.',
  unknownPermission: 'This permission does not exist.',
  protectedDelete: 'This role is essential and cannot be deleted.',
  protectedDisable: 'This role is essential and cannot be deactivated.',
  roleInUse: 'This role is held by {{n}} person(s): remove it from them first.',
  ownerRole: 'An owner role always has every permission.',
  permissionNotHeld: 'This role does not have this permission.',
};
const de: Record<RolesText, string> = {
  roleNotFound: 'Rolle nicht gefunden.',
  notAssignableToAgent: 'Die Rolle „{{name}}“ kann keinem Agenten zugewiesen werden.',
  notAssignableToUser: 'Die Rolle „{{name}}“ kann keinem Benutzerkonto zugewiesen werden.',
  roleEscalation: 'Sie können keine Rolle vergeben, die Berechtigungen gewährt, die Sie selbst nicht haben.',
  permissionEscalation: 'Sie können keine Berechtigung vergeben, die Sie selbst nicht haben.',
  globalRole: 'Globale Rollen werden von den Administratoren der Plattform verwaltet.',
  unknownPermission: 'Diese Berechtigung existiert nicht.',
  protectedDelete: 'Diese Rolle ist unverzichtbar und kann nicht gelöscht werden.',
  protectedDisable: 'Diese Rolle ist unverzichtbar und kann nicht deaktiviert werden.',
  roleInUse: 'Diese Rolle ist {{n}} Person(en) zugewiesen: Entziehen Sie sie ihnen zuerst.',
  ownerRole: 'Eine Inhaberrolle hat immer alle Berechtigungen.',
  permissionNotHeld: 'Diese Rolle hat diese Berechtigung nicht.',
};
const es: Record<RolesText, string> = {
  roleNotFound: 'Rol no encontrado.',
  notAssignableToAgent: 'El rol «{{name}}» no se puede asignar a un agente.',
  notAssignableToUser: 'El rol «{{name}}» no se puede asignar a una cuenta de usuario.',
  roleEscalation: 'No puede asignar un rol que otorga permisos que usted no tiene.',
  permissionEscalation: 'No puede otorgar un permiso que usted no tiene.',
  globalRole: 'Los roles globales los gestionan los administradores de la plataforma.',
  unknownPermission: 'Este permiso no existe.',
  protectedDelete: 'Este rol es indispensable y no se puede eliminar.',
  protectedDisable: 'Este rol es indispensable y no se puede desactivar.',
  roleInUse: 'Este rol está asignado a {{n}} persona(s): retíreselo primero.',
  ownerRole: 'Un rol de propietario siempre tiene todos los permisos.',
  permissionNotHeld: 'Este rol no tiene este permiso.',
};
const esMX: Record<RolesText, string> = {
  ...es,
  roleEscalation: 'No puedes asignar un rol que otorga permisos que tú no tienes.',
  permissionEscalation: 'No puedes otorgar un permiso que tú no tienes.',
  roleInUse: 'Este rol está asignado a {{n}} persona(s): quítaselo primero.',
};
const zhCN: Record<RolesText, string> = {
  roleNotFound: '找不到该角色。',
  notAssignableToAgent: '角色“{{name}}”不能分配给调查员。',
  notAssignableToUser: '角色“{{name}}”不能分配给用户账户。',
  roleEscalation: '您不能分配一个授予您自己没有的权限的角色。',
  permissionEscalation: '您不能授予自己没有的权限。',
  globalRole: '全局角色由平台管理员管理。',
  unknownPermission: '该权限不存在。',
  protectedDelete: '此角色不可或缺，不能删除。',
  protectedDisable: '此角色不可或缺，不能停用。',
  roleInUse: '此角色已分配给 {{n}} 人：请先从他们那里移除。',
  ownerRole: '所有者角色始终拥有全部权限。',
  permissionNotHeld: '此角色没有该权限。',
};

export const ROLES_TEXTS: MessageTexts<RolesText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const rolesText = textsReader(ROLES_TEXTS);
