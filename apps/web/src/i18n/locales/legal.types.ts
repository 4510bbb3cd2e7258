/** A legal page: sections of plain paragraphs, so the text stays translatable data. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocumentContent {
  title: string;
  /** ISO date of the last revision, formatted in the reader's language. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}
