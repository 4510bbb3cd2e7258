import { describe, expect, it } from 'vitest';
import { adminCompaniesQuery } from '../admin';
import { packageCreateBody } from '../commerce-admin';
import { SUPPORTED_LOCALES } from '../constants';
import { createSiteSchema } from '../structure/sites';
import { translationProblems } from './completeness';
import { knowsSchemaMessage, schemaMessagesIn, translateSchemaMessage } from './schema-messages';

describe('schema messages', () => {
  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'fr'))('%s: every message translated, same {{placeholders}}, no French left', (locale) => {
    expect(translationProblems(schemaMessagesIn('fr'), schemaMessagesIn(locale), locale, 'schema messages')).toEqual([]);
  });

  it('answer French as written, and leave a message they do not know alone', () => {
    expect(translateSchemaMessage('La page doit être un nombre.', 'fr')).toBe('La page doit être un nombre.');
    expect(translateSchemaMessage('La page doit être un nombre.', 'de')).toBe('Die Seite muss eine Zahl sein.');
    expect(translateSchemaMessage('Un texte que personne n’a écrit.', 'en')).toBe('Un texte que personne n’a écrit.');
    expect(knowsSchemaMessage('Un texte que personne n’a écrit.')).toBe(false);
  });

  it('fill numbers and translate a field’s name inside a message', () => {
    expect(translateSchemaMessage('Le rayon ne peut dépasser 5000 m', 'en')).toBe('The radius cannot exceed 5000 m');
    expect(translateSchemaMessage('La date de début : cette date n\'existe pas (années 1900 à 2200).', 'es')).toBe(
      'La fecha de inicio: esta fecha no existe (años 1900 a 2200).',
    );
    expect(translateSchemaMessage('Le secteur est inconnu.', 'zh-CN')).toBe('行业未知。');
    // A name the table does not know is no label: the template does not apply.
    expect(knowsSchemaMessage('Le pingouin est inconnu.')).toBe(false);
    // A number placeholder takes numbers only.
    expect(knowsSchemaMessage('Le titre fait 30 caractères au plus')).toBe(false);
    expect(translateSchemaMessage('30 caractères au plus', 'de')).toBe('Höchstens 30 Zeichen');
  });

  it('translate what real schemas answer, sign-up keys included', () => {
    const site = createSiteSchema.safeParse({ name: 'Siège', code: 'ABC', latitude: 200 });
    const company = adminCompaniesQuery.safeParse({ sector_id: 'x' });
    const pack = packageCreateBody.safeParse({ name: 'Pro', price: -1, period: 'month' });
    const messages = [site, company, pack].flatMap((r) => r.error?.issues.map((i) => i.message) ?? []);
    const authored = messages.filter((m) => knowsSchemaMessage(m));
    expect(authored.length).toBeGreaterThanOrEqual(3);
    for (const m of authored) expect(translateSchemaMessage(m, 'en'), m).not.toBe(m);
    expect(translateSchemaMessage('The password does not match', 'fr')).toBe('Les mots de passe ne correspondent pas');
  });
});
