import { describe, expect, it } from 'vitest';
import { PERMISSION_OBJECT_LABELS } from './permission-labels';
import {
  canDo,
  COMPANY_ROLES,
  GLOBAL_ROLES,
  isKnownPermission,
  PERMISSION_ACTION_LABELS,
  PERMISSION_CATALOGUE,
  PERMISSION_OBJECTS,
  parsePermissionSlug,
  toPermissionMap,
} from './permissions';

describe('permission catalogue', () => {
  it('gives every resource of section 3 the five standard actions', () => {
    for (const object of PERMISSION_OBJECTS) {
      for (const action of ['list', 'show', 'create', 'update', 'delete']) {
        expect(isKnownPermission(`${object}.${action}`), `${object}.${action}`).toBe(true);
      }
    }
    expect(PERMISSION_OBJECTS).toContain('pointerests');
    expect(PERMISSION_OBJECTS).toContain('validations');
  });

  it('holds the special actions of the notable routes and ability rules', () => {
    for (const slug of [
      'locations.manage',
      'pointerests.show',
      'approvals.validate',
      'roles.changestate',
      'roles.assignpermission',
      'agents.assignrole',
      'users.removerole',
      'surveys.publish',
      'participations.uncheck',
      'invoices.pay',
      'monitors.changestate',
    ]) {
      expect(isKnownPermission(slug), slug).toBe(true);
    }
    expect(isKnownPermission('locations.delete')).toBe(false);
  });

  it('has unique, well-formed slugs with French descriptions', () => {
    const slugs = PERMISSION_CATALOGUE.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of PERMISSION_CATALOGUE) {
      expect(parsePermissionSlug(p.slug)).toEqual({ object: p.object, action: p.action });
    }
    expect(PERMISSION_CATALOGUE.find((p) => p.slug === 'surveys.publish')?.description).toBe('Publier : Formulaires');
  });

  it('defines roles whose permissions all exist', () => {
    for (const role of [...GLOBAL_ROLES, ...COMPANY_ROLES]) {
      for (const slug of role.permissions) expect(isKnownPermission(slug), `${role.slug}: ${slug}`).toBe(true);
      expect(role.isOwner || role.permissions.length > 0).toBe(true);
    }
    expect(GLOBAL_ROLES.map((r) => r.slug)).toEqual(['admin', 'customer', 'partner']);
    expect(GLOBAL_ROLES.find((r) => r.slug === 'partner')?.assignableTo).toContain('agent');
    expect(GLOBAL_ROLES.find((r) => r.slug === 'admin')?.isOwner).toBe(true);
  });
});

describe('permission checks', () => {
  it('rejects malformed slugs', () => {
    expect(parsePermissionSlug('surveys')).toBeNull();
    expect(parsePermissionSlug('Surveys.list')).toBeNull();
    expect(parsePermissionSlug('a.b.c')).toBeNull();
  });

  it('succeeds when the action is granted on the object or on any object of a list', () => {
    const map = toPermissionMap(['sites.show', 'zones.list']);
    expect(canDo(map, 'sites', 'show')).toBe(true);
    expect(canDo(map, 'sites', 'update')).toBe(false);
    expect(canDo(map, ['surveys', 'sites'], 'show')).toBe(true);
    expect(canDo(map, ['surveys', 'groups'], 'show')).toBe(false);
    expect(Object.keys(toPermissionMap(['b.x', 'a.y']))).toEqual(['a.y', 'b.x']);
  });
});

describe('French labels of the role editor', () => {
  it('names every object and action of the catalogue', () => {
    for (const p of PERMISSION_CATALOGUE) {
      expect(PERMISSION_OBJECT_LABELS[p.object], p.object).toBeTruthy();
      expect(PERMISSION_ACTION_LABELS[p.action], p.action).toBeTruthy();
    }
  });
});
