/**
 * The words of the answer rules (survey-answers.ts). French is the source and what the
 * server writes; the answering page passes the respondent's table instead. The other
 * languages live in one file each (answer-messages-en.ts...) so a page loads only the
 * one it shows.
 */
export interface AnswerMessages {
  required: string;
  textExpected: string;
  minLength(n: number): string;
  maxLength(n: number): string;
  numberExpected: string;
  integerExpected: string;
  minValue(min: number): string;
  maxValue(max: number): string;
  email: string;
  phone: string;
  mobile: string;
  date: string;
  /** `date` is YYYY-MM-DD: each language writes it its own way. */
  dateMin(date: string): string;
  dateMax(date: string): string;
  time: string;
  /** `time` is HH:MM. */
  timeMin(time: string): string;
  timeMax(time: string): string;
  choice: string;
  choices: string;
  minChoices(n: number): string;
  maxChoices(n: number): string;
  ranking: string;
  yesNo: string;
  rating(max: number): string;
  scale(min: number, max: number): string;
  matrixMisconfigured: string;
  matrixEveryRow: string;
  matrixUnknownRow: string;
  matrixColumn: string;
  matrixOneColumn: string;
  media: string;
  position: string;
  positionTooVague(maxMetres: number): string;
  unknownType: string;
  notAFileQuestion: string;
  fileTooLarge(maxMb: number): string;
  fileType: string;
}

/** `2024-01-31` as `31/01/2024` (or with another separator). */
export function dayMonthYear(iso: string, separator = '/'): string {
  return iso.split('-').reverse().join(separator);
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export const FR_ANSWER_MESSAGES: AnswerMessages = {
  required: 'Cette question est obligatoire.',
  textExpected: 'Saisissez un texte.',
  minLength: (n) => `Saisissez au moins ${plural(n, 'caractère')}.`,
  maxLength: (n) => `Saisissez au plus ${plural(n, 'caractère')}.`,
  numberExpected: 'Saisissez un nombre.',
  integerExpected: 'Saisissez un nombre entier.',
  minValue: (min) => `La valeur doit être supérieure ou égale à ${min}.`,
  maxValue: (max) => `La valeur doit être inférieure ou égale à ${max}.`,
  email: 'Saisissez une adresse e-mail valide.',
  phone: 'Saisissez un numéro de téléphone valide.',
  mobile: 'Saisissez un numéro de mobile valide (9 chiffres).',
  date: 'Saisissez une date valide (JJ/MM/AAAA).',
  dateMin: (date) => `La date doit être le ${dayMonthYear(date)} ou après.`,
  dateMax: (date) => `La date doit être le ${dayMonthYear(date)} ou avant.`,
  time: 'Saisissez une heure valide (HH:MM).',
  timeMin: (time) => `L’heure doit être ${time} ou après.`,
  timeMax: (time) => `L’heure doit être ${time} ou avant.`,
  choice: 'Choisissez une option de la liste.',
  choices: 'Choisissez des options de la liste.',
  minChoices: (n) => `Choisissez au moins ${plural(n, 'option')}.`,
  maxChoices: (n) => `Choisissez au plus ${plural(n, 'option')}.`,
  ranking: 'Classez toutes les options de la liste.',
  yesNo: 'Répondez par oui ou par non.',
  rating: (max) => `Choisissez une note entre 1 et ${max}.`,
  scale: (min, max) => `Choisissez une valeur entre ${min} et ${max}.`,
  matrixMisconfigured: 'Matrice mal configurée.',
  matrixEveryRow: 'Répondez pour chaque ligne.',
  matrixUnknownRow: 'Ligne de matrice inconnue.',
  matrixColumn: 'Choisissez une colonne de la matrice pour chaque ligne.',
  matrixOneColumn: 'Une seule colonne par ligne.',
  media: 'Joignez un fichier.',
  position: 'Position invalide.',
  positionTooVague: (m) => `La position est trop imprécise (${m} m au plus).`,
  unknownType: 'Type de question inconnu.',
  notAFileQuestion: 'Cette question n’attend pas de fichier.',
  fileTooLarge: (mb) => `Le fichier dépasse la taille maximale de ${mb} Mo.`,
  fileType: 'Ce type de fichier n’est pas accepté pour cette question.',
};
