import { esSurveys } from './es-surveys';
import type { SurveysMessages } from './fr-surveys';

/**
 * Mexican Spanish: the Spanish texts with the words that differ in Mexico (celular,
 * mouse, editar, limpiar, tecla Enter).
 */
export const esMXSurveys: SurveysMessages = {
  ...esSurveys,
  common: { ...esSurveys.common, edit: 'Editar', saved: 'Cambios guardados.' },
  list: { ...esSurveys.list, clearFilters: 'Limpiar filtros', emptyDescription: 'Cree su primer formulario o empiece con una plantilla.' },
  builder: {
    ...esSurveys.builder,
    addStep: 'Agregar un paso',
    addQuestion: 'Agregar una pregunta',
    editQuestion: 'Editar la pregunta',
    noStepsHint: 'Un formulario se llena paso a paso: empiece por crear uno.',
  },
  question: {
    ...esSurveys.question,
    mobileOnly: 'Solo celulares de Camerún',
    addRow: 'Agregar una fila',
    addColumn: 'Agregar una columna',
    addChoice: 'Agregar una opción',
    choicesRequired: 'Agregue al menos dos opciones.',
    allowedTypesHelp: 'Tipos MIME, por ejemplo application/pdf o image/*; presione Enter después de cada uno.',
  },
  condition: { ...esSurveys.condition, add: 'Agregar una regla' },
  templates: { ...esSurveys.templates, subtitle: 'Empiece con una plantilla de la plataforma o de su empresa: sus pasos, preguntas y opciones se copian en un nuevo borrador.' },
  questionBank: { ...esSurveys.questionBank, add: 'Agregar una pregunta predeterminada', subtitle: 'Preguntas agregadas automáticamente a cada nueva evaluación, según lo que evalúa.' },
};
