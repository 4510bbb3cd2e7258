import { esTplLib } from './es-tpllib';
import type { TplLibTexts } from './fr-tpllib';

/** Mexican Spanish: the Spanish texts, with the words used in Mexico where they differ. */
export const esMxTplLib: TplLibTexts = {
  ...esTplLib,
  premium: { ...esTplLib.premium, noPackage: 'Ningún plan incluye todavía las plantillas premium: agregue la función a un plan en Finanzas.' },
  editor: { ...esTplLib.editor, noPreview: 'Agregue un paso y una pregunta para ver la vista previa.' },
};
