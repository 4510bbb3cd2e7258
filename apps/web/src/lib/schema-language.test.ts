import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { zodFormErrors } from './form-errors';
import { schemaFormErrors, schemaLanguageReady, schemaMessage } from './schema-language';

const body = z.object({ name: z.string().trim().min(1, 'Le nom est obligatoire'), email: z.string().email("L'adresse e-mail n'est pas valide") });

beforeAll(() => initI18n());
afterEach(async () => {
  await changeLanguage('fr');
  await schemaLanguageReady();
});

describe('a form’s own check, in the interface’s language', () => {
  it('shows the schemas’ French as written in French', () => {
    expect(zodFormErrors(body, { name: ' ', email: 'x' })).toEqual({ name: 'Le nom est obligatoire', email: "L'adresse e-mail n'est pas valide" });
  });

  it('translates the authors’ messages into the chosen language, every form helper alike', async () => {
    await changeLanguage('de');
    await schemaLanguageReady();
    expect(zodFormErrors(body, { name: '', email: 'x' })).toEqual({ name: 'Der Name ist erforderlich', email: 'Die E-Mail-Adresse ist ungültig' });
    expect(schemaFormErrors(body, { name: '', email: 'a@b.cm' })).toEqual({ name: 'Der Name ist erforderlich' });
    await changeLanguage('es-MX');
    await schemaLanguageReady();
    expect(schemaMessage('Le nom est obligatoire')).toBe('El nombre es obligatorio');
    // A message the contracts' table does not know is shown as written.
    expect(schemaMessage('Texte libre')).toBe('Texte libre');
  });

  it('keys the nested fields by their dotted path, or by their top field for zodFormErrors (no whole-value issue there)', () => {
    const nested = z.object({ address: z.object({ city: z.string().min(1, 'La ville est obligatoire'), zip: z.string().min(1, 'Le code postal est obligatoire') }) });
    const values = { address: { city: '', zip: '' } };
    expect(schemaFormErrors(nested, values)).toEqual({ 'address.city': 'La ville est obligatoire', 'address.zip': 'Le code postal est obligatoire' });
    const whole = z.object({ name: z.string() }).refine(() => false, { message: 'Formulaire incomplet' });
    expect(schemaFormErrors(whole, { name: 'a' })).toEqual({ '': 'Formulaire incomplet' });
    expect(zodFormErrors(whole, { name: 'a' })).toEqual({});
    expect(zodFormErrors(nested, values)).toEqual({ address: 'La ville est obligatoire' });
  });
});
